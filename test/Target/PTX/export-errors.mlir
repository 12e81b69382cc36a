// Errors of the PTX exporter: IR it cannot print as PTX, and carry flags
// that the single PTX carry flag cannot hold.
//
// RUN: ptx-translate --export-ptx %s -split-input-file -verify-diagnostics

// expected-error @+1 {{expected a ptx.module to export}}
module {
}

// -----

ptx.module attributes {version = "8.7", target = ["sm_90"]} {
  // expected-error @+1 {{'func.func' op cannot be exported to PTX}}
  func.func @f() {
    return
  }
}

// -----

ptx.module attributes {version = "8.7", target = ["sm_90"]} {
  ptx.func @f attributes {params = [#ptx.param<name = "a", space = reg, type = b32>]} {
  ^bb0(%a: i32):
    // expected-error @+1 {{'arith.addi' op cannot be exported to PTX}}
    %0 = arith.addi %a, %a : i32
    ptx.ret
  }
}

// -----

ptx.module attributes {version = "8.7", target = ["sm_90"]} {
  ptx.func @f attributes {params = []} {
    // expected-error @+1 {{'cf.br' op cannot be exported to PTX}}
    cf.br ^bb1
  ^bb1:
    ptx.ret
  }
}

// -----

ptx.module attributes {version = "8.7", target = ["sm_90"]} {
  // expected-error @+1 {{'ptx.var' op unsupported initializer element "one"}}
  ptx.var @v {init = ["one"], space = #ptx.space<global>, type = #ptx.type<u32>}
}

// -----

// The carry of add.cc is overwritten by sub.cc before addc reads it.
ptx.module attributes {version = "8.7", target = ["sm_90"]} {
  ptx.func @f attributes {params = [#ptx.param<name = "a", space = reg, type = b32>]} {
  ^bb0(%a: i32):
    %d0, %cc0 = ptx.add_cc %a, %a {type = #ptx.type<u32>} : (i32, i32) -> (i32, !ptx.cc)
    %d1, %cc1 = ptx.sub_cc %a, %a {type = #ptx.type<u32>} : (i32, i32) -> (i32, !ptx.cc)
    // expected-error @+1 {{'ptx.addc' op reads a carry flag that another .cc instruction has overwritten}}
    %d2 = ptx.addc %a, %a, %cc0 {type = #ptx.type<u32>} : (i32, i32, !ptx.cc) -> i32
    ptx.ret
  }
}

// -----

// A carry passed to a block after another .cc instruction ran.
ptx.module attributes {version = "8.7", target = ["sm_90"]} {
  ptx.func @f attributes {params = [#ptx.param<name = "a", space = reg, type = b32>, #ptx.param<name = "p", space = reg, type = pred>]} {
  ^bb0(%a: i32, %p: i1):
    %d0, %cc0 = ptx.add_cc %a, %a {type = #ptx.type<u32>} : (i32, i32) -> (i32, !ptx.cc)
    %d1, %cc1 = ptx.sub_cc %a, %a {type = #ptx.type<u32>} : (i32, i32) -> (i32, !ptx.cc)
    // expected-error @+1 {{'ptx.bra' op reads a carry flag that another .cc instruction has overwritten}}
    ptx.bra if %p ^bb1(%cc0 : !ptx.cc) else ^bb2
  ^bb2:
    ptx.bra ^bb1(%cc1 : !ptx.cc)
  ^bb1(%cc: !ptx.cc):
    %r = ptx.addc %a, %a, %cc {type = #ptx.type<u32>} : (i32, i32, !ptx.cc) -> i32
    ptx.ret
  }
}

// -----

// Paths that leave different carries meet; reading one of them afterwards
// needs a block argument.
ptx.module attributes {version = "8.7", target = ["sm_90"]} {
  ptx.func @f attributes {params = [#ptx.param<name = "a", space = reg, type = b32>, #ptx.param<name = "p", space = reg, type = pred>]} {
  ^bb0(%a: i32, %p: i1):
    %d0, %cc0 = ptx.add_cc %a, %a {type = #ptx.type<u32>} : (i32, i32) -> (i32, !ptx.cc)
    ptx.bra if %p ^bb2 else ^bb1
  ^bb1:
    %d1, %cc1 = ptx.sub_cc %a, %a {type = #ptx.type<u32>} : (i32, i32) -> (i32, !ptx.cc)
    ptx.bra ^bb2
  ^bb2:
    // expected-error @+1 {{'ptx.addc' op reads a carry flag that another .cc instruction has overwritten}}
    %r = ptx.addc %a, %a, %cc0 {type = #ptx.type<u32>} : (i32, i32, !ptx.cc) -> i32
    ptx.ret
  }
}

// -----

// Call-scope .param buffers are ptx.param_buf ops, not block arguments.
ptx.module attributes {version = "8.7", target = ["sm_90"]} {
  ptx.func @f attributes {params = []} {
    %0 = ptx.param_buf {type = #ptx.type<b32>}
    ptx.bra ^bb1(%0 : !ptx.param_buf)
  // expected-error @+1 {{block argument of type '!ptx.param_buf' has no PTX register}}
  ^bb1(%b: !ptx.param_buf):
    %1 = ptx.ld %b {type = #ptx.type<b32>, space = #ptx.space<param>, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (!ptx.param_buf) -> i32
    ptx.ret
  }
}

// -----

// A used value needs a PTX register type.
ptx.module attributes {version = "8.7", target = ["sm_90"]} {
  ptx.func @f attributes {params = []} {
    // expected-error @+1 {{'ptx.undef' op result of type 'i7' has no PTX register}}
    %0 = ptx.undef : i7
    ptx.bra ^bb1(%0 : i7)
  ^bb1(%x: i7):
    ptx.ret
  }
}

// -----

// PTX guards are predicate registers.
ptx.module attributes {version = "8.7", target = ["sm_90"]} {
  ptx.func @f attributes {params = [#ptx.param<name = "a", space = reg, type = b32>]} {
  ^bb0(%a: i32):
    %true = arith.constant true
    // expected-error @+1 {{'ptx.add' op guard must be a predicate register, not a constant}}
    %0 = ptx.add %a, %a if %true prev(%a) {type = #ptx.type<s32>} : (i32, i32, i1, i32) -> i32
    ptx.ret
  }
}

// -----

// Several .reg returns (read as .param returns __reg_ret<i>) are printed as
// .reg returns: a store into one is a mov, but an offset has no .reg form.
ptx.module attributes {version = "8.0", target = ["sm_80"]} {
  ptx.func @f attributes {params = [], rets = [#ptx.param<name = "__reg_ret0", space = param, type = b32>, #ptx.param<name = "__reg_ret1", space = param, type = b32>]} {
    %c = arith.constant 1 : i32
    // expected-error @+1 {{'ptx.st' op uses a .reg return value in a way that PTX cannot express}}
    ptx.st %c {addr_offset = 4 : i64, addr_sym = @__reg_ret0, operandSegmentSizes = array<i32: 0, 1, 0, 0, 0>, space = #ptx.space<param>, type = #ptx.type<b32>} : (i32) -> ()
    ptx.ret
  }
}

// -----

// A call-scope buffer that receives such a return is a register of the call:
// it can only be loaded.
ptx.module attributes {version = "8.0", target = ["sm_80"]} {
  ptx.func @f attributes {params = [], rets = [#ptx.param<name = "__reg_ret0", space = param, type = pred>]} {
  }
  ptx.entry @k attributes {params = []} {
    // expected-error @+1 {{'ptx.param_buf' op uses a .reg return value in a way that PTX cannot express}}
    %b = ptx.param_buf {type = #ptx.type<pred>}
    ptx.call %b {callee = @f, operandSegmentSizes = array<i32: 0, 1, 0, 0, 0>} : (!ptx.param_buf) -> ()
    %t = arith.constant true
    ptx.st %b, %t {addr_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, space = #ptx.space<param>, type = #ptx.type<pred>} : (!ptx.param_buf, i1) -> ()
    ptx.ret
  }
}
