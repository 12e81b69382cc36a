// The wave64 warp scheduler (lib/Conversion/WaveToROCDL/WarpScheduler.h)
// copies called functions that can wait at a barrier into a kernel's
// scheduled clone. A wait it cannot bring in, through a recursive or an
// indirect call, is a warning at the call, once per callee.
// RUN: ptx-opt --convert-wave-to-rocdl=chip=gfx942 -verify-diagnostics %s -o /dev/null
// A poll (mbarrier wait) reached so is warned about too.
// (wave32 has nothing to schedule: Target/AMDGPU/warp-scheduler-calls.ptx.)

module attributes {ptx.wave_size = 64 : i32} {
  llvm.func internal @rec(%arg0: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %0 = arith.cmpi eq, %arg0, %c0 : i32
    cf.cond_br %0, ^bb2, ^bb1
  ^bb1:
    wave.barrier id %c0 {op_id = 0 : i64}
    %1 = arith.subi %arg0, %c1 : i32
    llvm.call @rec(%1) : (i32) -> ()
    cf.br ^bb2
  ^bb2:
    llvm.return
  }
  llvm.func internal @waits() {
    %c3 = arith.constant 3 : i32
    wave.barrier id %c3 {op_id = 1 : i64}
    llvm.return
  }
  llvm.func @rk() attributes {ptx.kernel} {
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c3 = arith.constant 3 : i32
    %c64 = arith.constant 64 : i32
    wave.barrier_arrive id %c1 count %c64 {op_id = 2 : i64}
    // expected-warning@+1 {{a barrier or mbarrier wait reached through this recursive call is not scheduled per CUDA warp on wave64: warps of one wave that wait for each other there may hang}}
    llvm.call @rec(%c3) : (i32) -> ()
    // Once per callee.
    llvm.call @rec(%c2) : (i32) -> ()
    wave.barrier id %c2 count %c64 {op_id = 3 : i64}
    llvm.return
  }
  llvm.func @ik() attributes {ptx.kernel} {
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %f = llvm.mlir.addressof @waits : !llvm.ptr
    wave.barrier_arrive id %c1 count %c64 {op_id = 4 : i64}
    // expected-warning@+1 {{a barrier or mbarrier wait reached through this indirect call is not scheduled per CUDA warp on wave64: warps of one wave that wait for each other there may hang}}
    llvm.call %f() : !llvm.ptr, () -> ()
    wave.barrier id %c1 count %c64 {op_id = 5 : i64}
    llvm.return
  }
  // An mbarrier poll reached through recursion, from a kernel whose own
  // polling loop gets it a clone.
  llvm.func internal @recpoll(%arg0: i1) {
    wave.poll %arg0
    llvm.call @recpoll(%arg0) : (i1) -> ()
    llvm.return
  }
  llvm.func @pk(%arg0: i1) attributes {ptx.kernel} {
    cf.br ^bb1
  ^bb1:
    wave.poll %arg0
    // expected-warning@+1 {{a barrier or mbarrier wait reached through this recursive call is not scheduled per CUDA warp on wave64: warps of one wave that wait for each other there may hang}}
    llvm.call @recpoll(%arg0) : (i1) -> ()
    cf.cond_br %arg0, ^bb2, ^bb1
  ^bb2:
    llvm.return
  }
}
