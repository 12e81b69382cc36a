//===- WaveOps.td - ops of the wave dialect ----------------*- tablegen -*-===//

#ifndef PTXMLIR_WAVE_OPS_TD
#define PTXMLIR_WAVE_OPS_TD

include "Wave/IR/WaveDialect.td"
include "mlir/Dialect/LLVMIR/LLVMOpBase.td"

//===----------------------------------------------------------------------===//
// The dispatch: ids and sizes. Constant for a thread during a launch.
//===----------------------------------------------------------------------===//

class Wave_DispatchOp<string mn, string what>
    : Wave_Op<mn, [Pure]> {
  let summary = what;
  let arguments = (ins ConfinedAttr<I32Attr, [IntMinValue<0>,
                                               IntMaxValue<2>]>:$dim);
  let results = (outs I32:$result);
  let assemblyFormat = "$dim attr-dict";
}
def Wave_ThreadIdOp : Wave_DispatchOp<"thread_id",
    "the thread's index in its block (%tid)">;
def Wave_BlockIdOp : Wave_DispatchOp<"block_id",
    "the block's index in the grid (%ctaid)">;
def Wave_BlockDimOp : Wave_DispatchOp<"block_dim",
    "the number of threads of a block (%ntid), from the dispatch packet">;
def Wave_GridDimOp : Wave_DispatchOp<"grid_dim",
    "the number of blocks of the grid (%nctaid), from the dispatch packet">;

def Wave_LaneIdOp : Wave_Op<"lane_id", [Pure]> {
  let summary = "the lane's index in its hardware wave (0..wave size - 1)";
  let results = (outs I32:$result);
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// Collective ops over the lanes of a hardware wave.
//===----------------------------------------------------------------------===//

class Wave_CollectiveOp<string mn, list<Trait> traits = []>
    : Wave_Op<mn, traits # [MemoryEffects<[MemRead<Wave_Resource>,
                                           MemWrite<Wave_Resource>]>]>;

def Wave_ActiveMaskOp : Wave_CollectiveOp<"active_mask"> {
  let summary = "the lanes of the wave executing this op together";
  let description = [{
    Bit i is set when lane i of the hardware wave is active. The result has
    one bit per lane of the wave (i32 for wave32, i64 for wave64).
  }];
  let arguments = (ins I64Attr:$op_id);
  let results = (outs AnyTypeOf<[I32, I64]>:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def Wave_BallotOp : Wave_CollectiveOp<"ballot"> {
  let summary = "the predicate of every active lane as a bit mask";
  let arguments = (ins I1:$pred, Optional<I32>:$membermask, I64Attr:$op_id);
  let results = (outs AnyTypeOf<[I32, I64]>:$result);
  let assemblyFormat = [{
    $pred (`mask` $membermask^)? attr-dict `:` type($result)
  }];
}

def Wave_ReadLaneOp : Wave_CollectiveOp<"read_lane"> {
  let summary = "the value `value` holds in lane `lane` of the wave";
  let description = [{
    `lane` may differ between lanes (a permute). Reading a lane that is not
    active gives an unspecified value, as in PTX.
  }];
  let arguments = (ins I32:$value, I32:$lane, Optional<I32>:$membermask,
                       I64Attr:$op_id);
  let results = (outs I32:$result);
  let assemblyFormat = [{
    $value `,` $lane (`mask` $membermask^)? attr-dict
  }];
}

def Wave_ReadFirstLaneOp : Wave_CollectiveOp<"read_first_lane"> {
  let summary = "the value of the lowest active lane, broadcast";
  let arguments = (ins I32:$value, I64Attr:$op_id);
  let results = (outs I32:$result);
  let assemblyFormat = "$value attr-dict";
}

def Wave_WarpSyncOp : Wave_CollectiveOp<"warp_sync"> {
  let summary = "the lanes named by `membermask` converge here (bar.warp.sync)";
  let description = [{
    `membermask` names lanes of the executing lane's CUDA warp (bit i =
    lane i of the warp, which on wave64 is one half of the wave). A wave
    runs in lockstep on AMD GPUs, so this orders nothing there; the CPU
    agent and NVIDIA GPUs, whose lanes run apart, wait for the named lanes.
    Memory ordering comes from a separate fence.
  }];
  let arguments = (ins I32:$membermask, I64Attr:$op_id);
  let assemblyFormat = "$membermask attr-dict";
}

//===----------------------------------------------------------------------===//
// Block synchronisation and memory ordering.
//===----------------------------------------------------------------------===//

def Wave_PollOp : Wave_Op<"poll", [MemoryEffects<[MemRead<Wave_Resource>,
                                                  MemWrite<Wave_Resource>]>]> {
  let summary = "a thread polls what other threads of its block will do";
  let description = [{
    `done` is false while the thread waits for other threads of its block
    (an mbarrier phase: mbarrier.test_wait / try_wait), and the program
    polls again. It does nothing where threads or warps run apart (the CPU
    agent, NVIDIA GPUs, wave32); on wave64 AMD GPUs a warp that polls in
    vain lets the other warp of its wave run (the warp scheduler,
    lib/Conversion/WaveToROCDL/WarpScheduler.h).
  }];
  let arguments = (ins I1:$done);
  let assemblyFormat = "$done attr-dict";
}

def Wave_BarrierOp : Wave_CollectiveOp<"barrier", [AttrSizedOperandSegments]> {
  let summary = "block barrier (bar.sync / barrier.sync) with memory ordering";
  let description = [{
    Waits until `count` threads (all threads of the block when absent) have
    arrived at barrier `id` (0 when absent); orders the block's shared and
    global memory accesses around it.
  }];
  let arguments = (ins Optional<I32>:$id, Optional<I32>:$count,
                       I64Attr:$op_id);
  let assemblyFormat = [{
    (`id` $id^)? (`count` $count^)? attr-dict
  }];
}

def Wave_BarrierArriveOp : Wave_CollectiveOp<"barrier_arrive",
    [AttrSizedOperandSegments]> {
  let summary = "arrive at a barrier without waiting (bar.arrive)";
  let arguments = (ins Optional<I32>:$id, Optional<I32>:$count,
                       I64Attr:$op_id);
  let assemblyFormat = [{
    (`id` $id^)? (`count` $count^)? attr-dict
  }];
}

def Wave_BarrierRedOp : Wave_CollectiveOp<"barrier_red",
    [AttrSizedOperandSegments]> {
  let summary = "block barrier that reduces a predicate (bar.red)";
  let arguments = (ins Wave_BarrierRedAttr:$kind, I1:$pred,
                       Optional<I32>:$id, Optional<I32>:$count,
                       I64Attr:$op_id);
  let results = (outs AnyTypeOf<[I1, I32]>:$result);
  let assemblyFormat = [{
    $kind $pred (`id` $id^)? (`count` $count^)? attr-dict `:` type($result)
  }];
}

def Wave_FenceOp : Wave_Op<"fence", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "sequentially consistent fence at a scope (fence/membar)";
  let arguments = (ins Wave_ScopeAttr:$scope);
  let assemblyFormat = "$scope attr-dict";
}

//===----------------------------------------------------------------------===//
// Address spaces and clocks.
//===----------------------------------------------------------------------===//

def Wave_IsSpaceOp : Wave_Op<"is_space", [Pure]> {
  let summary = "whether a generic address lies in a state space (isspacep)";
  let arguments = (ins Wave_SpaceAttr:$space, LLVM_AnyPointer:$ptr);
  let results = (outs I1:$result);
  let assemblyFormat = "$space $ptr attr-dict `:` qualified(type($ptr))";
}

def Wave_ClockOp : Wave_Op<"clock", [MemoryEffects<[MemRead<Wave_Resource>]>]> {
  let summary = "a free-running per-multiprocessor cycle counter";
  let results = (outs I64:$result);
  let assemblyFormat = "attr-dict";
}

def Wave_GlobalTimerOp : Wave_Op<"global_timer",
    [MemoryEffects<[MemRead<Wave_Resource>]>]> {
  let summary = "a device-wide timer in nanoseconds (%globaltimer)";
  let results = (outs I64:$result);
  let assemblyFormat = "attr-dict";
}

def Wave_SharedSizeOp : Wave_Op<"shared_size", [Pure]> {
  let summary = "bytes of shared memory the block was launched with";
  let description = [{
    Static and dynamic shared memory together, as allocated for the launch
    (%total_smem_size before rounding); with `dynamic`, the bytes given at
    launch for the `extern .shared` arrays (%dynamic_smem_size).
  }];
  let arguments = (ins UnitAttr:$dynamic);
  let results = (outs I32:$result);
  let assemblyFormat = "(`dynamic` $dynamic^)? attr-dict";
}

def Wave_TrapOp : Wave_Op<"trap", [MemoryEffects<[MemWrite]>]> {
  let summary = "abort the kernel (trap)";
  let assemblyFormat = "attr-dict";
}

#endif // PTXMLIR_WAVE_OPS_TD
