// RUN: ptx-opt %s -split-input-file -verify-diagnostics
//
// One case per PTX rule of the warp-level matrix verifiers
// (PTXVerifiersMatrix.cpp).

// wmma.load.a.sync.aligned.row.m16n16k16.global.f16 {%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8}, [%rd1];
%a0 = ptx.undef : i64
// expected-error @+1 {{requires .aligned}}
%r:8 = ptx.wmma_load %a0 {addr_offset = 0 : i64, frag = #ptx.frag<a>, layout = #ptx.layout<row>, operandSegmentSizes = array<i32: 1, 0, 0, 0>, shape = #ptx.shape<m16n16k16>, space = #ptx.space<global>, type = #ptx.type<f16>} : (i64) -> (i32, i32, i32, i32, i32, i32, i32, i32)

// -----

// wmma.load.a.sync.aligned.row.m16n16k16.global.f16 {%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8}, [%rd1];
%a0 = ptx.undef : i64
// expected-error @+1 {{wmma.load loads the a, b or c fragment}}
%r:8 = ptx.wmma_load %a0 {addr_offset = 0 : i64, aligned, frag = #ptx.frag<d>, layout = #ptx.layout<row>, operandSegmentSizes = array<i32: 1, 0, 0, 0>, shape = #ptx.shape<m16n16k16>, space = #ptx.space<global>, type = #ptx.type<f16>} : (i64) -> (i32, i32, i32, i32, i32, i32, i32, i32)

// -----

// wmma.load.a.sync.aligned.row.m16n16k16.global.f16 {%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8}, [%rd1];
%a0 = ptx.undef : i64
// expected-error @+1 {{state space must be .global or .shared{::cta}}}
%r:8 = ptx.wmma_load %a0 {addr_offset = 0 : i64, aligned, frag = #ptx.frag<a>, layout = #ptx.layout<row>, operandSegmentSizes = array<i32: 1, 0, 0, 0>, shape = #ptx.shape<m16n16k16>, space = #ptx.space<local>, type = #ptx.type<f16>} : (i64) -> (i32, i32, i32, i32, i32, i32, i32, i32)

// -----

// wmma.load.a.sync.aligned.row.m16n16k16.global.f16 {%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8}, [%rd1];
%a0 = ptx.undef : i64
// expected-error @+1 {{shape .m16n16k16 does not take .tf32 for fragment .a}}
%r:8 = ptx.wmma_load %a0 {addr_offset = 0 : i64, aligned, frag = #ptx.frag<a>, layout = #ptx.layout<row>, operandSegmentSizes = array<i32: 1, 0, 0, 0>, shape = #ptx.shape<m16n16k16>, space = #ptx.space<global>, type = #ptx.type<tf32>} : (i64) -> (i32, i32, i32, i32, i32, i32, i32, i32)

// -----

// wmma.load.b.sync.aligned.col.m8n8k32.s4 {%r1}, [%rd1];
%a0 = ptx.undef : i64
// expected-error @+1 {{sub-byte and single-bit b fragments are .col}}
%r = ptx.wmma_load %a0 {addr_offset = 0 : i64, aligned, frag = #ptx.frag<b>, layout = #ptx.layout<row>, operandSegmentSizes = array<i32: 1, 0, 0, 0>, shape = #ptx.shape<m8n8k32>, type = #ptx.type<s4>} : (i64) -> i32

// -----

// wmma.load.a.sync.aligned.row.m8n8k32.s4 {%r1}, [%rd1];
%a0 = ptx.undef : i64
// expected-error @+1 {{sub-byte and single-bit a fragments are .row}}
%r = ptx.wmma_load %a0 {addr_offset = 0 : i64, aligned, frag = #ptx.frag<a>, layout = #ptx.layout<col>, operandSegmentSizes = array<i32: 1, 0, 0, 0>, shape = #ptx.shape<m8n8k32>, type = #ptx.type<s4>} : (i64) -> i32

// -----

// wmma.load.a.sync.aligned.row.m16n16k16.global.f16 {%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8}, [%rd1];
%a0 = ptx.undef : i64
// expected-error @+1 {{expects 8 registers for the fragment, got 4}}
%r:4 = ptx.wmma_load %a0 {addr_offset = 0 : i64, aligned, frag = #ptx.frag<a>, layout = #ptx.layout<row>, operandSegmentSizes = array<i32: 1, 0, 0, 0>, shape = #ptx.shape<m16n16k16>, space = #ptx.space<global>, type = #ptx.type<f16>} : (i64) -> (i32, i32, i32, i32)

// -----

// wmma.store.d.sync.aligned.row.m16n16k16.global.f32 [%rd1], {%f1, %f2, %f3, %f4, %f5, %f6, %f7, %f8};
%a0 = ptx.undef : i64
%a1 = ptx.undef : f32
%a2 = ptx.undef : f32
%a3 = ptx.undef : f32
%a4 = ptx.undef : f32
%a5 = ptx.undef : f32
%a6 = ptx.undef : f32
%a7 = ptx.undef : f32
%a8 = ptx.undef : f32
// expected-error @+1 {{wmma.store stores the d fragment}}
ptx.wmma_store %a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8 {addr_offset = 0 : i64, aligned, frag = #ptx.frag<c>, layout = #ptx.layout<row>, operandSegmentSizes = array<i32: 1, 8, 0, 0, 0>, shape = #ptx.shape<m16n16k16>, space = #ptx.space<global>, type = #ptx.type<f32>} : (i64, f32, f32, f32, f32, f32, f32, f32, f32) -> ()

// -----

// wmma.store.d.sync.aligned.row.m16n16k16.global.f32 [%rd1], {%f1, %f2, %f3, %f4, %f5, %f6, %f7, %f8};
%a0 = ptx.undef : i64
%a1 = ptx.undef : f32
%a2 = ptx.undef : f32
%a3 = ptx.undef : f32
%a4 = ptx.undef : f32
%a5 = ptx.undef : f32
%a6 = ptx.undef : f32
%a7 = ptx.undef : f32
%a8 = ptx.undef : f32
// expected-error @+1 {{shape .m16n16k16 does not take .f64 for fragment .d}}
ptx.wmma_store %a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8 {addr_offset = 0 : i64, aligned, frag = #ptx.frag<d>, layout = #ptx.layout<row>, operandSegmentSizes = array<i32: 1, 8, 0, 0, 0>, shape = #ptx.shape<m16n16k16>, space = #ptx.space<global>, type = #ptx.type<f64>} : (i64, f32, f32, f32, f32, f32, f32, f32, f32) -> ()

// -----

// wmma.mma.sync.aligned.row.col.m16n16k16.s32.s8.s8.s32 {%r20, %r21, %r22, %r23, %r24, %r25, %r26, %r27}, {%r1, %r2}, {%r3, %r4}, {%r20, %r21, %r22, %r23, %r24, %r25, %r26, %r27};
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
%a3 = ptx.undef : i32
%a4 = ptx.undef : i32
%a5 = ptx.undef : i32
%a6 = ptx.undef : i32
%a7 = ptx.undef : i32
%a8 = ptx.undef : i32
%a9 = ptx.undef : i32
%a10 = ptx.undef : i32
%a11 = ptx.undef : i32
// expected-error @+1 {{atype and btype are written together}}
%r:8 = ptx.wmma_mma %a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9, %a10, %a11 {alayout = #ptx.layout<row>, aligned, atype = #ptx.type<s8>, blayout = #ptx.layout<col>, ctype = #ptx.type<s32>, dtype = #ptx.type<s32>, operandSegmentSizes = array<i32: 2, 2, 8, 0, 0>, shape = #ptx.shape<m16n16k16>} : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> (i32, i32, i32, i32, i32, i32, i32, i32)

// -----

// wmma.mma.sync.aligned.row.col.m16n16k16.s32.s8.s8.s32 {%r20, %r21, %r22, %r23, %r24, %r25, %r26, %r27}, {%r1, %r2}, {%r3, %r4}, {%r20, %r21, %r22, %r23, %r24, %r25, %r26, %r27};
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
%a3 = ptx.undef : i32
%a4 = ptx.undef : i32
%a5 = ptx.undef : i32
%a6 = ptx.undef : i32
%a7 = ptx.undef : i32
%a8 = ptx.undef : i32
%a9 = ptx.undef : i32
%a10 = ptx.undef : i32
%a11 = ptx.undef : i32
// expected-error @+1 {{the .f16 form writes only .dtype.ctype}}
%r:8 = ptx.wmma_mma %a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9, %a10, %a11 {alayout = #ptx.layout<row>, aligned, atype = #ptx.type<f16>, blayout = #ptx.layout<col>, btype = #ptx.type<f16>, ctype = #ptx.type<s32>, dtype = #ptx.type<s32>, operandSegmentSizes = array<i32: 2, 2, 8, 0, 0>, shape = #ptx.shape<m16n16k16>} : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> (i32, i32, i32, i32, i32, i32, i32, i32)

// -----

// wmma.mma.sync.aligned.row.col.m16n16k16.s32.s8.s8.s32 {%r20, %r21, %r22, %r23, %r24, %r25, %r26, %r27}, {%r1, %r2}, {%r3, %r4}, {%r20, %r21, %r22, %r23, %r24, %r25, %r26, %r27};
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
%a3 = ptx.undef : i32
%a4 = ptx.undef : i32
%a5 = ptx.undef : i32
%a6 = ptx.undef : i32
%a7 = ptx.undef : i32
%a8 = ptx.undef : i32
%a9 = ptx.undef : i32
%a10 = ptx.undef : i32
%a11 = ptx.undef : i32
// expected-error @+1 {{a and b types must match}}
%r:8 = ptx.wmma_mma %a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9, %a10, %a11 {alayout = #ptx.layout<row>, aligned, atype = #ptx.type<s8>, blayout = #ptx.layout<col>, btype = #ptx.type<u8>, ctype = #ptx.type<s32>, dtype = #ptx.type<s32>, operandSegmentSizes = array<i32: 2, 2, 8, 0, 0>, shape = #ptx.shape<m16n16k16>} : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> (i32, i32, i32, i32, i32, i32, i32, i32)

// -----

// wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32 {%f1, %f2, %f3, %f4, %f5, %f6, %f7, %f8}, {%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8}, {%r11, %r12, %r13, %r14, %r15, %r16, %r17, %r18}, {%f1, %f2, %f3, %f4, %f5, %f6, %f7, %f8};
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
%a3 = ptx.undef : i32
%a4 = ptx.undef : i32
%a5 = ptx.undef : i32
%a6 = ptx.undef : i32
%a7 = ptx.undef : i32
%a8 = ptx.undef : i32
%a9 = ptx.undef : i32
%a10 = ptx.undef : i32
%a11 = ptx.undef : i32
%a12 = ptx.undef : i32
%a13 = ptx.undef : i32
%a14 = ptx.undef : i32
%a15 = ptx.undef : i32
%a16 = ptx.undef : f32
%a17 = ptx.undef : f32
%a18 = ptx.undef : f32
%a19 = ptx.undef : f32
%a20 = ptx.undef : f32
%a21 = ptx.undef : f32
%a22 = ptx.undef : f32
%a23 = ptx.undef : f32
// expected-error @+1 {{shape .m8n8k4 does not take}}
%r:8 = ptx.wmma_mma %a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9, %a10, %a11, %a12, %a13, %a14, %a15, %a16, %a17, %a18, %a19, %a20, %a21, %a22, %a23 {alayout = #ptx.layout<row>, aligned, blayout = #ptx.layout<col>, ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, operandSegmentSizes = array<i32: 8, 8, 8, 0, 0>, shape = #ptx.shape<m8n8k4>} : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, f32, f32, f32, f32, f32, f32, f32, f32) -> (f32, f32, f32, f32, f32, f32, f32, f32)

// -----

// wmma.mma.sync.aligned.row.col.m16n16k16.s32.s8.s8.s32 {%r20, %r21, %r22, %r23, %r24, %r25, %r26, %r27}, {%r1, %r2}, {%r3, %r4}, {%r20, %r21, %r22, %r23, %r24, %r25, %r26, %r27};
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
%a3 = ptx.undef : i32
%a4 = ptx.undef : i32
%a5 = ptx.undef : i32
%a6 = ptx.undef : i32
%a7 = ptx.undef : i32
%a8 = ptx.undef : i32
%a9 = ptx.undef : i32
%a10 = ptx.undef : i32
%a11 = ptx.undef : i32
// expected-error @+1 {{integer wmma accumulates in .s32}}
%r:8 = ptx.wmma_mma %a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9, %a10, %a11 {alayout = #ptx.layout<row>, aligned, atype = #ptx.type<s8>, blayout = #ptx.layout<col>, btype = #ptx.type<s8>, ctype = #ptx.type<s32>, dtype = #ptx.type<f32>, operandSegmentSizes = array<i32: 2, 2, 8, 0, 0>, shape = #ptx.shape<m16n16k16>} : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> (i32, i32, i32, i32, i32, i32, i32, i32)

// -----

// wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32 {%f1, %f2, %f3, %f4, %f5, %f6, %f7, %f8}, {%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8}, {%r11, %r12, %r13, %r14, %r15, %r16, %r17, %r18}, {%f1, %f2, %f3, %f4, %f5, %f6, %f7, %f8};
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
%a3 = ptx.undef : i32
%a4 = ptx.undef : i32
%a5 = ptx.undef : i32
%a6 = ptx.undef : i32
%a7 = ptx.undef : i32
%a8 = ptx.undef : i32
%a9 = ptx.undef : i32
%a10 = ptx.undef : i32
%a11 = ptx.undef : i32
%a12 = ptx.undef : i32
%a13 = ptx.undef : i32
%a14 = ptx.undef : i32
%a15 = ptx.undef : i32
%a16 = ptx.undef : f32
%a17 = ptx.undef : f32
%a18 = ptx.undef : f32
%a19 = ptx.undef : f32
%a20 = ptx.undef : f32
%a21 = ptx.undef : f32
%a22 = ptx.undef : f32
%a23 = ptx.undef : f32
// expected-error @+1 {{invalid result type .s32}}
%r:8 = ptx.wmma_mma %a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9, %a10, %a11, %a12, %a13, %a14, %a15, %a16, %a17, %a18, %a19, %a20, %a21, %a22, %a23 {alayout = #ptx.layout<row>, aligned, blayout = #ptx.layout<col>, ctype = #ptx.type<f32>, dtype = #ptx.type<s32>, operandSegmentSizes = array<i32: 8, 8, 8, 0, 0>, shape = #ptx.shape<m16n16k16>} : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, f32, f32, f32, f32, f32, f32, f32, f32) -> (f32, f32, f32, f32, f32, f32, f32, f32)

// -----

// wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32 {%f1, %f2, %f3, %f4, %f5, %f6, %f7, %f8}, {%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8}, {%r11, %r12, %r13, %r14, %r15, %r16, %r17, %r18}, {%f1, %f2, %f3, %f4, %f5, %f6, %f7, %f8};
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
%a3 = ptx.undef : i32
%a4 = ptx.undef : i32
%a5 = ptx.undef : i32
%a6 = ptx.undef : i32
%a7 = ptx.undef : i32
%a8 = ptx.undef : i32
%a9 = ptx.undef : i32
%a10 = ptx.undef : i32
%a11 = ptx.undef : i32
%a12 = ptx.undef : i32
%a13 = ptx.undef : i32
%a14 = ptx.undef : i32
%a15 = ptx.undef : i32
%a16 = ptx.undef : f32
%a17 = ptx.undef : f32
%a18 = ptx.undef : f32
%a19 = ptx.undef : f32
%a20 = ptx.undef : f32
%a21 = ptx.undef : f32
%a22 = ptx.undef : f32
%a23 = ptx.undef : f32
// expected-error @+1 {{.satfinite is only valid with integer types}}
%r:8 = ptx.wmma_mma %a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9, %a10, %a11, %a12, %a13, %a14, %a15, %a16, %a17, %a18, %a19, %a20, %a21, %a22, %a23 {alayout = #ptx.layout<row>, aligned, blayout = #ptx.layout<col>, ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, operandSegmentSizes = array<i32: 8, 8, 8, 0, 0>, satfinite, shape = #ptx.shape<m16n16k16>} : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, f32, f32, f32, f32, f32, f32, f32, f32) -> (f32, f32, f32, f32, f32, f32, f32, f32)

// -----

// wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32 {%f1, %f2, %f3, %f4, %f5, %f6, %f7, %f8}, {%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8}, {%r11, %r12, %r13, %r14, %r15, %r16, %r17, %r18}, {%f1, %f2, %f3, %f4, %f5, %f6, %f7, %f8};
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
%a3 = ptx.undef : i32
%a4 = ptx.undef : i32
%a5 = ptx.undef : i32
%a6 = ptx.undef : i32
%a7 = ptx.undef : i32
%a8 = ptx.undef : i32
%a9 = ptx.undef : i32
%a10 = ptx.undef : i32
%a11 = ptx.undef : i32
%a12 = ptx.undef : i32
%a13 = ptx.undef : i32
%a14 = ptx.undef : i32
%a15 = ptx.undef : i32
%a16 = ptx.undef : f32
%a17 = ptx.undef : f32
%a18 = ptx.undef : f32
%a19 = ptx.undef : f32
%a20 = ptx.undef : f32
%a21 = ptx.undef : f32
%a22 = ptx.undef : f32
%a23 = ptx.undef : f32
// expected-error @+1 {{rounding is only valid with .f64}}
%r:8 = ptx.wmma_mma %a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9, %a10, %a11, %a12, %a13, %a14, %a15, %a16, %a17, %a18, %a19, %a20, %a21, %a22, %a23 {alayout = #ptx.layout<row>, aligned, blayout = #ptx.layout<col>, rnd = #ptx.rnd<rz>, ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, operandSegmentSizes = array<i32: 8, 8, 8, 0, 0>, shape = #ptx.shape<m16n16k16>} : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, f32, f32, f32, f32, f32, f32, f32, f32) -> (f32, f32, f32, f32, f32, f32, f32, f32)

// -----

// wmma.mma.xor.popc.sync.aligned.row.col.m8n8k128.s32.b1.b1.s32 {%r20, %r21}, {%r1}, {%r2}, {%r20, %r21};
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
%a3 = ptx.undef : i32
// expected-error @+1 {{single-bit (.b1) wmma requires .xor.popc or .and.popc}}
%r:2 = ptx.wmma_mma %a0, %a1, %a2, %a3 {alayout = #ptx.layout<row>, aligned, atype = #ptx.type<b1>, blayout = #ptx.layout<col>, btype = #ptx.type<b1>, ctype = #ptx.type<s32>, dtype = #ptx.type<s32>, operandSegmentSizes = array<i32: 1, 1, 2, 0, 0>, popc, shape = #ptx.shape<m8n8k128>} : (i32, i32, i32, i32) -> (i32, i32)

// -----

// wmma.mma.xor.popc.sync.aligned.row.col.m8n8k128.s32.b1.b1.s32 {%r20, %r21}, {%r1}, {%r2}, {%r20, %r21};
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
%a3 = ptx.undef : i32
// expected-error @+1 {{sub-byte and single-bit wmma requires .row.col}}
%r:2 = ptx.wmma_mma %a0, %a1, %a2, %a3 {alayout = #ptx.layout<row>, aligned, atype = #ptx.type<b1>, blayout = #ptx.layout<row>, btype = #ptx.type<b1>, ctype = #ptx.type<s32>, dtype = #ptx.type<s32>, op = #ptx.boolop<xor>, operandSegmentSizes = array<i32: 1, 1, 2, 0, 0>, popc, shape = #ptx.shape<m8n8k128>} : (i32, i32, i32, i32) -> (i32, i32)

// -----

// wmma.mma.sync.aligned.row.col.m8n8k4.f64.f64.f64.f64 {%fd3, %fd4}, {%fd1}, {%fd2}, {%fd3, %fd4};
%a0 = ptx.undef : f64
%a1 = ptx.undef : f64
%a2 = ptx.undef : f64
// expected-error @+1 {{expects 2 registers for c, got 1}}
%r:2 = ptx.wmma_mma %a0, %a1, %a2 {alayout = #ptx.layout<row>, aligned, atype = #ptx.type<f64>, blayout = #ptx.layout<col>, btype = #ptx.type<f64>, ctype = #ptx.type<f64>, dtype = #ptx.type<f64>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, shape = #ptx.shape<m8n8k4>} : (f64, f64, f64) -> (f64, f64)

// -----

// mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f1, %f2, %f3, %f4}, {%r1, %r2, %r3, %r4}, {%r5, %r6}, {%f1, %f2, %f3, %f4};
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
%a3 = ptx.undef : i32
%a4 = ptx.undef : i32
%a5 = ptx.undef : i32
%a6 = ptx.undef : f32
%a7 = ptx.undef : f32
%a8 = ptx.undef : f32
%a9 = ptx.undef : f32
// expected-error @+1 {{requires .aligned}}
%r:4 = ptx.mma %a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9 {alayout = #ptx.layout<row>, atype = #ptx.type<f16>, blayout = #ptx.layout<col>, btype = #ptx.type<f16>, ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, operandSegmentSizes = array<i32: 4, 2, 4, 0, 0, 0, 0, 0, 0>, shape = #ptx.shape<m16n8k16>} : (i32, i32, i32, i32, i32, i32, f32, f32, f32, f32) -> (f32, f32, f32, f32)

// -----

// ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%r1}, [%rd1];
%a0 = ptx.undef : i64
// expected-error @+1 {{shape must be .m8n8, .m16n16 or .m8n16}}
%r = ptx.ldmatrix %a0 {addr_offset = 0 : i64, aligned, num = #ptx.num<x1>, shape = #ptx.shape<m8n8k4>, space = #ptx.space<shared>, type = #ptx.type<b16>} : (i64) -> i32

// -----

// mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f1, %f2, %f3, %f4}, {%r1, %r2, %r3, %r4}, {%r5, %r6}, {%f1, %f2, %f3, %f4};
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
%a3 = ptx.undef : i32
%a4 = ptx.undef : i32
%a5 = ptx.undef : i32
%a6 = ptx.undef : f32
%a7 = ptx.undef : f32
%a8 = ptx.undef : f32
%a9 = ptx.undef : f32
// expected-error @+1 {{shape .m8n8 is not an mma shape}}
%r:4 = ptx.mma %a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9 {alayout = #ptx.layout<row>, aligned, atype = #ptx.type<f16>, blayout = #ptx.layout<col>, btype = #ptx.type<f16>, ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, operandSegmentSizes = array<i32: 4, 2, 4, 0, 0, 0, 0, 0, 0>, shape = #ptx.shape<m8n8>} : (i32, i32, i32, i32, i32, i32, f32, f32, f32, f32) -> (f32, f32, f32, f32)

// -----

// mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f1, %f2, %f3, %f4}, {%r1, %r2, %r3, %r4}, {%r5, %r6}, {%f1, %f2, %f3, %f4};
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
%a3 = ptx.undef : i32
%a4 = ptx.undef : i32
%a5 = ptx.undef : i32
%a6 = ptx.undef : f32
%a7 = ptx.undef : f32
%a8 = ptx.undef : f32
%a9 = ptx.undef : f32
// expected-error @+1 {{shape .m16n8k16 requires .row.col}}
%r:4 = ptx.mma %a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9 {alayout = #ptx.layout<row>, aligned, atype = #ptx.type<f16>, blayout = #ptx.layout<row>, btype = #ptx.type<f16>, ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, operandSegmentSizes = array<i32: 4, 2, 4, 0, 0, 0, 0, 0, 0>, shape = #ptx.shape<m16n8k16>} : (i32, i32, i32, i32, i32, i32, f32, f32, f32, f32) -> (f32, f32, f32, f32)

// -----

// mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32 {%r20, %r21, %r22, %r23}, {%r1, %r2, %r3, %r4}, {%r5, %r6}, {%r20, %r21, %r22, %r23};
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
%a3 = ptx.undef : i32
%a4 = ptx.undef : i32
%a5 = ptx.undef : i32
%a6 = ptx.undef : i32
%a7 = ptx.undef : i32
%a8 = ptx.undef : i32
%a9 = ptx.undef : i32
// expected-error @+1 {{a and b must both be integer or both floating point}}
%r:4 = ptx.mma %a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9 {alayout = #ptx.layout<row>, aligned, atype = #ptx.type<s8>, blayout = #ptx.layout<col>, btype = #ptx.type<f16>, ctype = #ptx.type<s32>, dtype = #ptx.type<s32>, operandSegmentSizes = array<i32: 4, 2, 4, 0, 0, 0, 0, 0, 0>, satfinite, shape = #ptx.shape<m16n8k32>} : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> (i32, i32, i32, i32)

// -----

// mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32 {%r20, %r21, %r22, %r23}, {%r1, %r2, %r3, %r4}, {%r5, %r6}, {%r20, %r21, %r22, %r23};
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
%a3 = ptx.undef : i32
%a4 = ptx.undef : i32
%a5 = ptx.undef : i32
%a6 = ptx.undef : i32
%a7 = ptx.undef : i32
%a8 = ptx.undef : i32
%a9 = ptx.undef : i32
// expected-error @+1 {{integer mma accumulates in .s32}}
%r:4 = ptx.mma %a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9 {alayout = #ptx.layout<row>, aligned, atype = #ptx.type<s8>, blayout = #ptx.layout<col>, btype = #ptx.type<s8>, ctype = #ptx.type<f32>, dtype = #ptx.type<s32>, operandSegmentSizes = array<i32: 4, 2, 4, 0, 0, 0, 0, 0, 0>, satfinite, shape = #ptx.shape<m16n8k32>} : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> (i32, i32, i32, i32)

// -----

// mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f1, %f2, %f3, %f4}, {%r1, %r2, %r3, %r4}, {%r5, %r6}, {%f1, %f2, %f3, %f4};
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
%a3 = ptx.undef : i32
%a4 = ptx.undef : i32
%a5 = ptx.undef : i32
%a6 = ptx.undef : f32
%a7 = ptx.undef : f32
%a8 = ptx.undef : f32
%a9 = ptx.undef : f32
// expected-error @+1 {{.satfinite is only valid with integer types}}
%r:4 = ptx.mma %a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9 {alayout = #ptx.layout<row>, aligned, atype = #ptx.type<f16>, blayout = #ptx.layout<col>, btype = #ptx.type<f16>, ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, operandSegmentSizes = array<i32: 4, 2, 4, 0, 0, 0, 0, 0, 0>, satfinite, shape = #ptx.shape<m16n8k16>} : (i32, i32, i32, i32, i32, i32, f32, f32, f32, f32) -> (f32, f32, f32, f32)

// -----

// mma.sync.aligned.m8n8k128.row.col.s32.b1.b1.s32.xor.popc {%r20, %r21}, {%r1}, {%r2}, {%r20, %r21};
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
%a3 = ptx.undef : i32
// expected-error @+1 {{single-bit (.b1) mma requires .xor.popc or .and.popc}}
%r:2 = ptx.mma %a0, %a1, %a2, %a3 {alayout = #ptx.layout<row>, aligned, atype = #ptx.type<b1>, blayout = #ptx.layout<col>, btype = #ptx.type<b1>, ctype = #ptx.type<s32>, dtype = #ptx.type<s32>, operandSegmentSizes = array<i32: 1, 1, 2, 0, 0, 0, 0, 0, 0>, popc, shape = #ptx.shape<m8n8k128>} : (i32, i32, i32, i32) -> (i32, i32)

// -----

// mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f1, %f2, %f3, %f4}, {%r1, %r2, %r3, %r4}, {%r5, %r6}, {%f1, %f2, %f3, %f4};
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
%a3 = ptx.undef : i32
%a4 = ptx.undef : i32
%a5 = ptx.undef : i32
%a6 = ptx.undef : f32
%a7 = ptx.undef : f32
%a8 = ptx.undef : f32
%a9 = ptx.undef : f32
// expected-error @+1 {{a and b types must match}}
%r:4 = ptx.mma %a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9 {alayout = #ptx.layout<row>, aligned, atype = #ptx.type<f16>, blayout = #ptx.layout<col>, btype = #ptx.type<bf16>, ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, operandSegmentSizes = array<i32: 4, 2, 4, 0, 0, 0, 0, 0, 0>, shape = #ptx.shape<m16n8k16>} : (i32, i32, i32, i32, i32, i32, f32, f32, f32, f32) -> (f32, f32, f32, f32)

// -----

// mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e3m2.e2m1.f32 {%f1, %f2, %f3, %f4}, {%r1, %r2, %r3, %r4}, {%r5, %r6}, {%f1, %f2, %f3, %f4};
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
%a3 = ptx.undef : i32
%a4 = ptx.undef : i32
%a5 = ptx.undef : i32
%a6 = ptx.undef : f32
%a7 = ptx.undef : f32
%a8 = ptx.undef : f32
%a9 = ptx.undef : f32
// expected-error @+1 {{e3m2, e2m3 and e2m1 operands need .kind}}
%r:4 = ptx.mma %a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9 {alayout = #ptx.layout<row>, aligned, atype = #ptx.type<e3m2>, blayout = #ptx.layout<col>, btype = #ptx.type<e2m1>, ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, operandSegmentSizes = array<i32: 4, 2, 4, 0, 0, 0, 0, 0, 0>, shape = #ptx.shape<m16n8k32>} : (i32, i32, i32, i32, i32, i32, f32, f32, f32, f32) -> (f32, f32, f32, f32)

// -----

// mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.f32.e2m1.e2m1.f32.ue8m0 {%f1, %f2, %f3, %f4}, {%r1, %r2, %r3, %r4}, {%r5, %r6}, {%f1, %f2, %f3, %f4}, %r7, {0, 0}, %r8, {0, 0};
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
%a3 = ptx.undef : i32
%a4 = ptx.undef : i32
%a5 = ptx.undef : i32
%a6 = ptx.undef : f32
%a7 = ptx.undef : f32
%a8 = ptx.undef : f32
%a9 = ptx.undef : f32
%a10 = ptx.undef : i32
%a11 = arith.constant 0 : i64
%a12 = arith.constant 0 : i64
%a13 = ptx.undef : i32
%a14 = arith.constant 0 : i64
%a15 = arith.constant 0 : i64
// expected-error @+1 {{.block_scale goes with a scale type, and only with it}}
%r:4 = ptx.mma %a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9, %a10, %a11, %a12, %a13, %a14, %a15 {alayout = #ptx.layout<row>, aligned, atype = #ptx.type<e2m1>, blayout = #ptx.layout<col>, block_scale, btype = #ptx.type<e2m1>, ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, kind = #ptx.mma_kind<"kind::mxf4">, operandSegmentSizes = array<i32: 4, 2, 4, 1, 2, 1, 2, 0, 0>, shape = #ptx.shape<m16n8k64>} : (i32, i32, i32, i32, i32, i32, f32, f32, f32, f32, i32, i64, i64, i32, i64, i64) -> (f32, f32, f32, f32)

// -----

// mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32.e4m3.e5m2.f32.ue8m0 {%f1, %f2, %f3, %f4}, {%r1, %r2, %r3, %r4}, {%r5, %r6}, {%f1, %f2, %f3, %f4}, %r7, {0, 1}, %r8, {0, 3};
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
%a3 = ptx.undef : i32
%a4 = ptx.undef : i32
%a5 = ptx.undef : i32
%a6 = ptx.undef : f32
%a7 = ptx.undef : f32
%a8 = ptx.undef : f32
%a9 = ptx.undef : f32
%a10 = ptx.undef : i32
%a11 = arith.constant 0 : i64
%a12 = arith.constant 1 : i64
%a13 = ptx.undef : i32
%a14 = arith.constant 0 : i64
%a15 = arith.constant 3 : i64
// expected-error @+1 {{.block_scale requires .kind}}
%r:4 = ptx.mma %a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9, %a10, %a11, %a12, %a13, %a14, %a15 {alayout = #ptx.layout<row>, aligned, atype = #ptx.type<e4m3>, blayout = #ptx.layout<col>, block_scale, btype = #ptx.type<e5m2>, ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, operandSegmentSizes = array<i32: 4, 2, 4, 1, 2, 1, 2, 0, 0>, scale_vec = #ptx.scale_vec<"scale_vec::1X">, shape = #ptx.shape<m16n8k32>, stype = #ptx.type<ue8m0>} : (i32, i32, i32, i32, i32, i32, f32, f32, f32, f32, i32, i64, i64, i32, i64, i64) -> (f32, f32, f32, f32)

// -----

// mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e3m2.e2m1.f32 {%f1, %f2, %f3, %f4}, {%r1, %r2, %r3, %r4}, {%r5, %r6}, {%f1, %f2, %f3, %f4};
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
%a3 = ptx.undef : i32
%a4 = ptx.undef : i32
%a5 = ptx.undef : i32
%a6 = ptx.undef : f32
%a7 = ptx.undef : f32
%a8 = ptx.undef : f32
%a9 = ptx.undef : f32
// expected-error @+1 {{.scale_vec requires .block_scale}}
%r:4 = ptx.mma %a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9 {alayout = #ptx.layout<row>, aligned, atype = #ptx.type<e3m2>, blayout = #ptx.layout<col>, btype = #ptx.type<e2m1>, scale_vec = #ptx.scale_vec<"scale_vec::2X">, ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, kind = #ptx.mma_kind<"kind::f8f6f4">, operandSegmentSizes = array<i32: 4, 2, 4, 0, 0, 0, 0, 0, 0>, shape = #ptx.shape<m16n8k32>} : (i32, i32, i32, i32, i32, i32, f32, f32, f32, f32) -> (f32, f32, f32, f32)

// -----

// mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.f32.e2m1.e2m1.f32.ue8m0 {%f1, %f2, %f3, %f4}, {%r1, %r2, %r3, %r4}, {%r5, %r6}, {%f1, %f2, %f3, %f4}, %r7, {0, 0}, %r8, {0, 0};
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
%a3 = ptx.undef : i32
%a4 = ptx.undef : i32
%a5 = ptx.undef : i32
%a6 = ptx.undef : f32
%a7 = ptx.undef : f32
%a8 = ptx.undef : f32
%a9 = ptx.undef : f32
%a10 = ptx.undef : i64
%a11 = arith.constant 0 : i64
%a12 = ptx.undef : i32
%a13 = ptx.undef : i64
%a14 = arith.constant 0 : i64
// expected-error @+1 {{the scale operands go with .block_scale, and only with it}}
%r:4 = ptx.mma %a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9, %a10, %a11, %a12, %a13, %a14 {alayout = #ptx.layout<row>, aligned, atype = #ptx.type<e2m1>, blayout = #ptx.layout<col>, block_scale, btype = #ptx.type<e2m1>, ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, kind = #ptx.mma_kind<"kind::mxf4">, operandSegmentSizes = array<i32: 4, 2, 4, 0, 2, 1, 2, 0, 0>, shape = #ptx.shape<m16n8k64>, stype = #ptx.type<ue8m0>} : (i32, i32, i32, i32, i32, i32, f32, f32, f32, f32, i64, i64, i32, i64, i64) -> (f32, f32, f32, f32)

// -----

// mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f1, %f2, %f3, %f4}, {%r1, %r2, %r3, %r4}, {%r5, %r6}, {%f1, %f2, %f3, %f4};
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
%a3 = ptx.undef : i32
%a4 = ptx.undef : i32
%a5 = ptx.undef : i32
%a6 = ptx.undef : f32
%a7 = ptx.undef : f32
%a8 = ptx.undef : f32
%a9 = ptx.undef : f32
// expected-error @+1 {{dtype and ctype must match}}
%r:4 = ptx.mma %a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9 {alayout = #ptx.layout<row>, aligned, atype = #ptx.type<f16>, blayout = #ptx.layout<col>, btype = #ptx.type<f16>, ctype = #ptx.type<f32>, dtype = #ptx.type<f16>, operandSegmentSizes = array<i32: 4, 2, 4, 0, 0, 0, 0, 0, 0>, shape = #ptx.shape<m16n8k16>} : (i32, i32, i32, i32, i32, i32, f32, f32, f32, f32) -> (f32, f32, f32, f32)

// -----

// mma.sync.aligned.m8n8k4.row.row.f32.f16.f16.f32 {%f1, %f2, %f3, %f4, %f5, %f6, %f7, %f8}, {%r1, %r2}, {%r3, %r4}, {%f1, %f2, %f3, %f4, %f5, %f6, %f7, %f8};
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
%a3 = ptx.undef : i32
%a4 = ptx.undef : f32
%a5 = ptx.undef : f32
%a6 = ptx.undef : f32
%a7 = ptx.undef : f32
%a8 = ptx.undef : f32
%a9 = ptx.undef : f32
%a10 = ptx.undef : f32
%a11 = ptx.undef : f32
// expected-error @+1 {{.f32 accumulators give an .f32 result}}
%r:8 = ptx.mma %a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9, %a10, %a11 {alayout = #ptx.layout<row>, aligned, atype = #ptx.type<f16>, blayout = #ptx.layout<row>, btype = #ptx.type<f16>, ctype = #ptx.type<f32>, dtype = #ptx.type<f16>, operandSegmentSizes = array<i32: 2, 2, 8, 0, 0, 0, 0, 0, 0>, shape = #ptx.shape<m8n8k4>} : (i32, i32, i32, i32, f32, f32, f32, f32, f32, f32, f32, f32) -> (f32, f32, f32, f32, f32, f32, f32, f32)

// -----

// mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f1, %f2, %f3, %f4}, {%r1, %r2, %r3, %r4}, {%r5, %r6}, {%f1, %f2, %f3, %f4};
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
%a3 = ptx.undef : i32
%a4 = ptx.undef : i32
%a5 = ptx.undef : f32
%a6 = ptx.undef : f32
%a7 = ptx.undef : f32
%a8 = ptx.undef : f32
// expected-error @+1 {{expects 2 registers for b, got 1}}
%r:4 = ptx.mma %a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8 {alayout = #ptx.layout<row>, aligned, atype = #ptx.type<f16>, blayout = #ptx.layout<col>, btype = #ptx.type<f16>, ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, operandSegmentSizes = array<i32: 4, 1, 4, 0, 0, 0, 0, 0, 0>, shape = #ptx.shape<m16n8k16>} : (i32, i32, i32, i32, i32, f32, f32, f32, f32) -> (f32, f32, f32, f32)

// -----

// mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32 {%f1, %f2, %f3, %f4}, {%r1, %r2, %r3, %r4}, {%r5, %r6, %r7, %r8}, {%f1, %f2, %f3, %f4}, %r9, 0x0;
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
%a3 = ptx.undef : i32
%a4 = ptx.undef : i32
%a5 = ptx.undef : i32
%a6 = ptx.undef : i32
%a7 = ptx.undef : i32
%a8 = ptx.undef : f32
%a9 = ptx.undef : f32
%a10 = ptx.undef : f32
%a11 = ptx.undef : f32
%a12 = ptx.undef : i32
%a13 = arith.constant 0 : i64
// expected-error @+1 {{.kind requires .sp::ordered_metadata}}
%r:4 = ptx.mma_sp %a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9, %a10, %a11, %a12, %a13 {alayout = #ptx.layout<row>, aligned, atype = #ptx.type<f16>, blayout = #ptx.layout<col>, btype = #ptx.type<f16>, kind = #ptx.mma_kind<"kind::f8f6f4">, ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, operandSegmentSizes = array<i32: 4, 4, 4, 1, 1, 0, 0, 0, 0, 0, 0>, shape = #ptx.shape<m16n8k32>, sparsity = #ptx.sparsity<sp>} : (i32, i32, i32, i32, i32, i32, i32, i32, f32, f32, f32, f32, i32, i64) -> (f32, f32, f32, f32)

// -----

// mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32 {%f1, %f2, %f3, %f4}, {%r1, %r2, %r3, %r4}, {%r5, %r6, %r7, %r8}, {%f1, %f2, %f3, %f4}, %r9, 0x0;
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
%a3 = ptx.undef : i32
%a4 = ptx.undef : i32
%a5 = ptx.undef : i32
%a6 = ptx.undef : i32
%a7 = ptx.undef : i32
%a8 = ptx.undef : f32
%a9 = ptx.undef : f32
%a10 = ptx.undef : f32
%a11 = ptx.undef : f32
%a12 = ptx.undef : i32
%a13 = arith.constant 0 : i64
// expected-error @+1 {{sparse mma has no single-bit form}}
%r:4 = ptx.mma_sp %a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9, %a10, %a11, %a12, %a13 {alayout = #ptx.layout<row>, aligned, atype = #ptx.type<f16>, blayout = #ptx.layout<col>, btype = #ptx.type<f16>, ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, op = #ptx.boolop<xor>, operandSegmentSizes = array<i32: 4, 4, 4, 1, 1, 0, 0, 0, 0, 0, 0>, shape = #ptx.shape<m16n8k32>, sparsity = #ptx.sparsity<"sp::ordered_metadata">} : (i32, i32, i32, i32, i32, i32, i32, i32, f32, f32, f32, f32, i32, i64) -> (f32, f32, f32, f32)

// -----

// mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32 {%f1, %f2, %f3, %f4}, {%r1, %r2, %r3, %r4}, {%r5, %r6, %r7, %r8}, {%f1, %f2, %f3, %f4}, %r9, 0x0;
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
%a3 = ptx.undef : i32
%a4 = ptx.undef : i32
%a5 = ptx.undef : i32
%a6 = ptx.undef : f32
%a7 = ptx.undef : f32
%a8 = ptx.undef : f32
%a9 = ptx.undef : f32
%a10 = ptx.undef : i32
%a11 = ptx.undef : i64
// expected-error @+1 {{expects 4 registers for a, got 2}}
%r:4 = ptx.mma_sp %a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9, %a10, %a11 {alayout = #ptx.layout<row>, aligned, atype = #ptx.type<f16>, blayout = #ptx.layout<col>, btype = #ptx.type<f16>, ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, operandSegmentSizes = array<i32: 2, 4, 4, 1, 1, 0, 0, 0, 0, 0, 0>, shape = #ptx.shape<m16n8k32>, sparsity = #ptx.sparsity<"sp::ordered_metadata">} : (i32, i32, i32, i32, i32, i32, f32, f32, f32, f32, i32, i64) -> (f32, f32, f32, f32)

// -----

// ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%r1, %r2}, [%rd1];
%a0 = ptx.undef : i64
// expected-error @+1 {{state space must be .shared{::cta}}}
%r:2 = ptx.ldmatrix %a0 {addr_offset = 0 : i64, aligned, num = #ptx.num<x2>, shape = #ptx.shape<m8n8>, space = #ptx.space<global>, type = #ptx.type<b16>} : (i64) -> (i32, i32)

// -----

// ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%r1, %r2}, [%rd1];
%a0 = ptx.undef : i64
// expected-error @+1 {{.m8n8 loads .b16 or .b8}}
%r:2 = ptx.ldmatrix %a0 {addr_offset = 0 : i64, aligned, num = #ptx.num<x2>, shape = #ptx.shape<m8n8>, space = #ptx.space<shared>, type = #ptx.type<b32>} : (i64) -> (i32, i32)

// -----

// ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%r1, %r2}, [%rd1];
%a0 = ptx.undef : i64
// expected-error @+1 {{expects 2 registers for the matrices, got 1}}
%r = ptx.ldmatrix %a0 {addr_offset = 0 : i64, aligned, num = #ptx.num<x2>, shape = #ptx.shape<m8n8>, space = #ptx.space<shared>, type = #ptx.type<b16>} : (i64) -> i32

// -----

// ldmatrix.sync.aligned.m16n16.x1.trans.shared.b8 {%r1, %r2}, [%rd1];
%a0 = ptx.undef : i64
// expected-error @+1 {{.m16n16 requires .trans}}
%r:2 = ptx.ldmatrix %a0 {addr_offset = 0 : i64, aligned, num = #ptx.num<x1>, shape = #ptx.shape<m16n16>, space = #ptx.space<shared>, type = #ptx.type<b8>} : (i64) -> (i32, i32)

// -----

// ldmatrix.sync.aligned.m16n16.x1.trans.shared.b8 {%r1, %r2}, [%rd1];
%a0 = ptx.undef : i64
// expected-error @+1 {{.m16n16 loads .x1 or .x2}}
%r:2 = ptx.ldmatrix %a0 {addr_offset = 0 : i64, aligned, num = #ptx.num<x4>, shape = #ptx.shape<m16n16>, space = #ptx.space<shared>, trans, type = #ptx.type<b8>} : (i64) -> (i32, i32)

// -----

// ldmatrix.sync.aligned.m8n16.x2.shared.b8x16.b6x16_p32 {%r1, %r2}, [%rd1];
%a0 = ptx.undef : i64
// expected-error @+1 {{.m8n16 takes no .trans}}
%r:2 = ptx.ldmatrix %a0 {addr_offset = 0 : i64, aligned, num = #ptx.num<x2>, trans, shape = #ptx.shape<m8n16>, space = #ptx.space<shared>, src_fmt = #ptx.type<b6x16_p32>, type = #ptx.type<b8x16>} : (i64) -> (i32, i32)

// -----

// ldmatrix.sync.aligned.m8n16.x2.shared.b8x16.b6x16_p32 {%r1, %r2}, [%rd1];
%a0 = ptx.undef : i64
// expected-error @+1 {{the .b8x16 destination format needs a source format, and only it}}
%r:2 = ptx.ldmatrix %a0 {addr_offset = 0 : i64, aligned, num = #ptx.num<x2>, shape = #ptx.shape<m8n16>, space = #ptx.space<shared>, type = #ptx.type<b8x16>} : (i64) -> (i32, i32)

// -----

// ldmatrix.sync.aligned.m8n16.x2.shared.b8x16.b6x16_p32 {%r1, %r2}, [%rd1];
%a0 = ptx.undef : i64
// expected-error @+1 {{source format must be .b6x16_p32 or .b4x16_p64}}
%r:2 = ptx.ldmatrix %a0 {addr_offset = 0 : i64, aligned, num = #ptx.num<x2>, shape = #ptx.shape<m8n16>, space = #ptx.space<shared>, src_fmt = #ptx.type<b8>, type = #ptx.type<b8x16>} : (i64) -> (i32, i32)

// -----

// stmatrix.sync.aligned.m8n8.x2.shared.b16 [%rd1], {%r1, %r2};
%a0 = ptx.undef : i64
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
// expected-error @+1 {{type must be .b16 or .b8}}
ptx.stmatrix %a0, %a1, %a2 {addr_offset = 0 : i64, aligned, num = #ptx.num<x2>, operandSegmentSizes = array<i32: 1, 2, 0, 0>, shape = #ptx.shape<m8n8>, space = #ptx.space<shared>, type = #ptx.type<b32>} : (i64, i32, i32) -> ()

// -----

// stmatrix.sync.aligned.m8n8.x2.shared.b16 [%rd1], {%r1, %r2};
%a0 = ptx.undef : i64
%a1 = ptx.undef : i32
// expected-error @+1 {{expects 2 registers for the matrices, got 1}}
ptx.stmatrix %a0, %a1 {addr_offset = 0 : i64, aligned, num = #ptx.num<x2>, operandSegmentSizes = array<i32: 1, 1, 0, 0>, shape = #ptx.shape<m8n8>, space = #ptx.space<shared>, type = #ptx.type<b16>} : (i64, i32) -> ()

// -----

// stmatrix.sync.aligned.m16n8.x1.trans.shared.b8 [%rd1], {%r1};
%a0 = ptx.undef : i64
%a1 = ptx.undef : i32
// expected-error @+1 {{.m16n8 requires .trans and .b8}}
ptx.stmatrix %a0, %a1 {addr_offset = 0 : i64, aligned, num = #ptx.num<x1>, shape = #ptx.shape<m16n8>, space = #ptx.space<shared>, type = #ptx.type<b8>} : (i64, i32) -> ()

// -----

// stmatrix.sync.aligned.m8n8.x2.shared.b16 [%rd1], {%r1, %r2};
%a0 = ptx.undef : i64
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
// expected-error @+1 {{shape must be .m8n8 or .m16n8}}
ptx.stmatrix %a0, %a1, %a2 {addr_offset = 0 : i64, aligned, num = #ptx.num<x2>, operandSegmentSizes = array<i32: 1, 2, 0, 0>, shape = #ptx.shape<m16n16>, space = #ptx.space<shared>, type = #ptx.type<b16>} : (i64, i32, i32) -> ()

// -----

// movmatrix.sync.aligned.m8n8.trans.b16 %r10, %r1;
%a0 = ptx.undef : i32
// expected-error @+1 {{only movmatrix.sync.aligned.m8n8.trans.b16 exists}}
%r = ptx.movmatrix %a0 {aligned, shape = #ptx.shape<m8n8>, type = #ptx.type<b16>} : (i32) -> i32
