// The AMD and host back ends refuse a use of a function the module
// declares but does not define (ptx.undefined, set by the ptx → shared
// lowering for a `.extern .func` without a body): nothing can link it.
// The error is at the first use; the CUDA device runtime's functions,
// which -link-device-runtime defines first in the pipeline, are named as
// such (test/Target/AMDGPU/undefined-functions.ptx has the same from PTX).
// RUN: ptx-opt %s -split-input-file -convert-wave-to-rocdl=chip=gfx942 -verify-diagnostics
// RUN: ptx-opt %s -split-input-file -convert-wave-to-host=chip=gfx942 -verify-diagnostics

// expected-note @+1 {{declared here}}
llvm.func @helper(!llvm.ptr) attributes {ptx.undefined}
llvm.func @k(%arg0: !llvm.ptr) attributes {ptx.kernel} {
  // expected-error @+1 {{'helper' is declared but no linked PTX module defines it}}
  llvm.call @helper(%arg0) : (!llvm.ptr) -> ()
  // Only the first use is reported.
  llvm.call @helper(%arg0) : (!llvm.ptr) -> ()
  llvm.return
}

// -----

// expected-note @+1 {{declared here}}
llvm.func @vprintf(!llvm.ptr, !llvm.ptr) -> i32 attributes {ptx.undefined}
llvm.func @k(%arg0: !llvm.ptr) attributes {ptx.kernel} {
  // expected-error @+1 {{'vprintf' is the CUDA device runtime's: -link-device-runtime defines it before this lowering}}
  %0 = llvm.call @vprintf(%arg0, %arg0) : (!llvm.ptr, !llvm.ptr) -> i32
  llvm.return
}

// -----

// expected-note @+1 {{declared here}}
llvm.func @malloc(!llvm.ptr) -> i64 attributes {ptx.undefined}
// expected-note @+1 {{declared here}}
llvm.func @__assertfail(!llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr) attributes {ptx.undefined}
llvm.func @k(%arg0: !llvm.ptr) attributes {ptx.kernel} {
  // expected-error @+1 {{'malloc' is the CUDA device runtime's: -link-device-runtime defines it before this lowering}}
  %0 = llvm.call @malloc(%arg0) : (!llvm.ptr) -> i64
  // expected-error @+1 {{'__assertfail' is the CUDA device runtime's: -link-device-runtime defines it before this lowering}}
  llvm.call @__assertfail(%arg0, %arg0, %arg0, %arg0, %arg0) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr) -> ()
  llvm.return
}

// -----

// An address taken in a global's initializer is a use too.
// expected-note @+1 {{declared here}}
llvm.func @g() attributes {ptx.undefined}
llvm.mlir.global external @fp() {addr_space = 1 : i32} : !llvm.ptr {
  // expected-error @+1 {{'g' is declared but no linked PTX module defines it}}
  %0 = llvm.mlir.addressof @g : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}

// -----

// Declared and never used: no error.
llvm.func @free(!llvm.ptr) attributes {ptx.undefined}
llvm.func @k() attributes {ptx.kernel} {
  llvm.return
}
