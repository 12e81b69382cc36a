// RUN: ptx-opt %s | FileCheck %s
// RUN: ptx-opt %s | ptx-opt | FileCheck %s
//
// Texture and surface ops parse and print back unchanged (generic form).

ptx.module attributes {target = ["sm_90"], version = "8.1"} {
  ptx.var @tex_a {space = #ptx.space<global>, type = #ptx.type<texref>}
  // CHECK: ptx.var @tex_a {space = #ptx.space<global>, type = #ptx.type<texref>}
  ptx.var @surf_a {space = #ptx.space<global>, type = #ptx.type<surfref>}
  // CHECK: ptx.var @surf_a {space = #ptx.space<global>, type = #ptx.type<surfref>}
// CHECK-LABEL: ptx.entry @texture
  ptx.entry @texture attributes {linkage = #ptx.linkage<visible>, params = [#ptx.param<name = "p", space = param, type = u64>, #ptx.param<name = "tex_p", space = param, type = texref>, #ptx.param<name = "surf_p", space = param, type = surfref>]} {
    %0 = ptx.ld {addr_offset = 0 : i64, addr_sym = @p, operandSegmentSizes = array<i32: 0, 0, 0, 0>, space = #ptx.space<param>, type = #ptx.type<u64>} : () -> i64
    %c1_i64 = arith.constant 1 : i64
    %1 = ptx.mov %c1_i64 {type = #ptx.type<u32>} : (i64) -> i32
    %c2_i64 = arith.constant 2 : i64
    %2 = ptx.mov %c2_i64 {type = #ptx.type<u32>} : (i64) -> i32
    %cst = arith.constant 5.000000e-01 : f32
    %3 = ptx.mov %cst {type = #ptx.type<f32>} : (f32) -> f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %4 = ptx.mov %cst_0 {type = #ptx.type<f32>} : (f32) -> f32
    %d:4 = ptx.tex %0, %1 {ctype = #ptx.type<s32>, dtype = #ptx.type<f32>, geom = #ptx.geom<"1d">, operandSegmentSizes = array<i32: 1, 0, 1, 0, 0, 0, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, vec = #ptx.vec<v4>} : (i64, i32) -> (f32, f32, f32, f32)
    // CHECK: %d:4 = ptx.tex %0, %1 {ctype = #ptx.type<s32>, dtype = #ptx.type<f32>, geom = #ptx.geom<"1d">, operandSegmentSizes = array<i32: 1, 0, 1, 0, 0, 0, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, vec = #ptx.vec<v4>} : (i64, i32) -> (f32, f32, f32, f32)
    %d_1:4, %p = ptx.tex %3, %4 {ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<"2d">, operandSegmentSizes = array<i32: 0, 0, 2, 0, 0, 0, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 1>, tex_sym = @tex_a, vec = #ptx.vec<v4>} : (f32, f32) -> (f32, f32, f32, f32, i1)
    // CHECK: %d_1:4, %p = ptx.tex %3, %4 {ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<"2d">, operandSegmentSizes = array<i32: 0, 0, 2, 0, 0, 0, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 1>, tex_sym = @tex_a, vec = #ptx.vec<v4>} : (f32, f32) -> (f32, f32, f32, f32, i1)
    %d_2:4 = ptx.tex %3, %4, %3, %4 {ctype = #ptx.type<f32>, dtype = #ptx.type<s32>, geom = #ptx.geom<"3d">, operandSegmentSizes = array<i32: 0, 0, 4, 0, 0, 0, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, tex_sym = @tex_p, vec = #ptx.vec<v4>} : (f32, f32, f32, f32) -> (i32, i32, i32, i32)
    // CHECK: %d_2:4 = ptx.tex %3, %4, %3, %4 {ctype = #ptx.type<f32>, dtype = #ptx.type<s32>, geom = #ptx.geom<"3d">, operandSegmentSizes = array<i32: 0, 0, 4, 0, 0, 0, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, tex_sym = @tex_p, vec = #ptx.vec<v4>} : (f32, f32, f32, f32) -> (i32, i32, i32, i32)
    %d_3:4 = ptx.tex %1, %3, %4, %4 {ctype = #ptx.type<f32>, dtype = #ptx.type<u32>, geom = #ptx.geom<a2d>, operandSegmentSizes = array<i32: 0, 0, 4, 0, 0, 0, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, tex_sym = @tex_a, vec = #ptx.vec<v4>} : (i32, f32, f32, f32) -> (i32, i32, i32, i32)
    // CHECK: %d_3:4 = ptx.tex %1, %3, %4, %4 {ctype = #ptx.type<f32>, dtype = #ptx.type<u32>, geom = #ptx.geom<a2d>, operandSegmentSizes = array<i32: 0, 0, 4, 0, 0, 0, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, tex_sym = @tex_a, vec = #ptx.vec<v4>} : (i32, f32, f32, f32) -> (i32, i32, i32, i32)
    %d_4:4 = ptx.tex %3, %4, %3, %4 {ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<cube>, operandSegmentSizes = array<i32: 0, 0, 4, 0, 0, 0, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, tex_sym = @tex_a, vec = #ptx.vec<v4>} : (f32, f32, f32, f32) -> (f32, f32, f32, f32)
    // CHECK: %d_4:4 = ptx.tex %3, %4, %3, %4 {ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<cube>, operandSegmentSizes = array<i32: 0, 0, 4, 0, 0, 0, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, tex_sym = @tex_a, vec = #ptx.vec<v4>} : (f32, f32, f32, f32) -> (f32, f32, f32, f32)
    %d_5:4 = ptx.tex %1, %2, %1, %2 {ctype = #ptx.type<s32>, dtype = #ptx.type<s32>, geom = #ptx.geom<"2dms">, operandSegmentSizes = array<i32: 0, 0, 4, 0, 0, 0, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, tex_sym = @tex_a, vec = #ptx.vec<v4>} : (i32, i32, i32, i32) -> (i32, i32, i32, i32)
    // CHECK: %d_5:4 = ptx.tex %1, %2, %1, %2 {ctype = #ptx.type<s32>, dtype = #ptx.type<s32>, geom = #ptx.geom<"2dms">, operandSegmentSizes = array<i32: 0, 0, 4, 0, 0, 0, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, tex_sym = @tex_a, vec = #ptx.vec<v4>} : (i32, i32, i32, i32) -> (i32, i32, i32, i32)
    %d_6:4 = ptx.tex %3, %4 {ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<"2d">, mipmap = #ptx.mipmap<base>, operandSegmentSizes = array<i32: 0, 0, 2, 0, 0, 0, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, tex_sym = @tex_a, vec = #ptx.vec<v4>} : (f32, f32) -> (f32, f32, f32, f32)
    // CHECK: %d_6:4 = ptx.tex %3, %4 {ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<"2d">, mipmap = #ptx.mipmap<base>, operandSegmentSizes = array<i32: 0, 0, 2, 0, 0, 0, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, tex_sym = @tex_a, vec = #ptx.vec<v4>} : (f32, f32) -> (f32, f32, f32, f32)
    %d_7:4 = ptx.tex %3, %4, %4 {ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<"2d">, mipmap = #ptx.mipmap<level>, operandSegmentSizes = array<i32: 0, 0, 2, 1, 0, 0, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, tex_sym = @tex_a, vec = #ptx.vec<v4>} : (f32, f32, f32) -> (f32, f32, f32, f32)
    // CHECK: %d_7:4 = ptx.tex %3, %4, %4 {ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<"2d">, mipmap = #ptx.mipmap<level>, operandSegmentSizes = array<i32: 0, 0, 2, 1, 0, 0, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, tex_sym = @tex_a, vec = #ptx.vec<v4>} : (f32, f32, f32) -> (f32, f32, f32, f32)
    %d_8:4 = ptx.tex %3, %4, %3, %4, %4, %3 {ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<"2d">, mipmap = #ptx.mipmap<grad>, operandSegmentSizes = array<i32: 0, 0, 2, 0, 2, 2, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, tex_sym = @tex_a, vec = #ptx.vec<v4>} : (f32, f32, f32, f32, f32, f32) -> (f32, f32, f32, f32)
    // CHECK: %d_8:4 = ptx.tex %3, %4, %3, %4, %4, %3 {ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<"2d">, mipmap = #ptx.mipmap<grad>, operandSegmentSizes = array<i32: 0, 0, 2, 0, 2, 2, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, tex_sym = @tex_a, vec = #ptx.vec<v4>} : (f32, f32, f32, f32, f32, f32) -> (f32, f32, f32, f32)
    %d_9:4 = ptx.tex %3, %4, %3, %4, %3, %4, %3, %4, %4, %3, %4, %3 {ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<"3d">, mipmap = #ptx.mipmap<grad>, operandSegmentSizes = array<i32: 0, 0, 4, 0, 4, 4, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, tex_sym = @tex_a, vec = #ptx.vec<v4>} : (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) -> (f32, f32, f32, f32)
    // CHECK: %d_9:4 = ptx.tex %3, %4, %3, %4, %3, %4, %3, %4, %4, %3, %4, %3 {ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<"3d">, mipmap = #ptx.mipmap<grad>, operandSegmentSizes = array<i32: 0, 0, 4, 0, 4, 4, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, tex_sym = @tex_a, vec = #ptx.vec<v4>} : (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) -> (f32, f32, f32, f32)
    %d_10:4 = ptx.tex %3, %4, %1, %2 {ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<"2d">, operandSegmentSizes = array<i32: 0, 0, 2, 0, 0, 0, 2, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, tex_sym = @tex_a, vec = #ptx.vec<v4>} : (f32, f32, i32, i32) -> (f32, f32, f32, f32)
    // CHECK: %d_10:4 = ptx.tex %3, %4, %1, %2 {ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<"2d">, operandSegmentSizes = array<i32: 0, 0, 2, 0, 0, 0, 2, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, tex_sym = @tex_a, vec = #ptx.vec<v4>} : (f32, f32, i32, i32) -> (f32, f32, f32, f32)
    %d_11:4 = ptx.tex %3, %4, %1, %2, %3 {ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<"2d">, operandSegmentSizes = array<i32: 0, 0, 2, 0, 0, 0, 2, 1, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, tex_sym = @tex_a, vec = #ptx.vec<v4>} : (f32, f32, i32, i32, f32) -> (f32, f32, f32, f32)
    // CHECK: %d_11:4 = ptx.tex %3, %4, %1, %2, %3 {ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<"2d">, operandSegmentSizes = array<i32: 0, 0, 2, 0, 0, 0, 2, 1, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, tex_sym = @tex_a, vec = #ptx.vec<v4>} : (f32, f32, i32, i32, f32) -> (f32, f32, f32, f32)
    %d_12:4 = ptx.tex %3, %4, %3 {ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<"2d">, operandSegmentSizes = array<i32: 0, 0, 2, 0, 0, 0, 0, 1, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, tex_sym = @tex_a, vec = #ptx.vec<v4>} : (f32, f32, f32) -> (f32, f32, f32, f32)
    // CHECK: %d_12:4 = ptx.tex %3, %4, %3 {ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<"2d">, operandSegmentSizes = array<i32: 0, 0, 2, 0, 0, 0, 0, 1, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, tex_sym = @tex_a, vec = #ptx.vec<v4>} : (f32, f32, f32) -> (f32, f32, f32, f32)
    %d_13:4 = ptx.tex %3, %4, %4, %3 {ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<"2d">, mipmap = #ptx.mipmap<level>, operandSegmentSizes = array<i32: 0, 0, 2, 1, 0, 0, 0, 1, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, tex_sym = @tex_a, vec = #ptx.vec<v4>} : (f32, f32, f32, f32) -> (f32, f32, f32, f32)
    // CHECK: %d_13:4 = ptx.tex %3, %4, %4, %3 {ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<"2d">, mipmap = #ptx.mipmap<level>, operandSegmentSizes = array<i32: 0, 0, 2, 1, 0, 0, 0, 1, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, tex_sym = @tex_a, vec = #ptx.vec<v4>} : (f32, f32, f32, f32) -> (f32, f32, f32, f32)
    %d_14:2 = ptx.tex %3, %4 {ctype = #ptx.type<f32>, dtype = #ptx.type<f16x2>, geom = #ptx.geom<"2d">, operandSegmentSizes = array<i32: 0, 0, 2, 0, 0, 0, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 2, 0>, tex_sym = @tex_a, vec = #ptx.vec<v2>} : (f32, f32) -> (i32, i32)
    // CHECK: %d_14:2 = ptx.tex %3, %4 {ctype = #ptx.type<f32>, dtype = #ptx.type<f16x2>, geom = #ptx.geom<"2d">, operandSegmentSizes = array<i32: 0, 0, 2, 0, 0, 0, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 2, 0>, tex_sym = @tex_a, vec = #ptx.vec<v2>} : (f32, f32) -> (i32, i32)
    %d_15:4 = ptx.tex %3, %4 if %p prev(%d_13#0, %d_13#1, %d_13#2, %d_13#3) {ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<"2d">, operandSegmentSizes = array<i32: 0, 0, 2, 0, 0, 0, 0, 0, 1, 4>, resultSegmentSizes = array<i32: 4, 0>, tex_sym = @tex_a, vec = #ptx.vec<v4>} : (f32, f32, i1, f32, f32, f32, f32) -> (f32, f32, f32, f32)
    // CHECK: %d_15:4 = ptx.tex %3, %4 if %p prev(%d_13#0, %d_13#1, %d_13#2, %d_13#3) {ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<"2d">, operandSegmentSizes = array<i32: 0, 0, 2, 0, 0, 0, 0, 0, 1, 4>, resultSegmentSizes = array<i32: 4, 0>, tex_sym = @tex_a, vec = #ptx.vec<v4>} : (f32, f32, i1, f32, f32, f32, f32) -> (f32, f32, f32, f32)
    %d_16:4 = ptx.tld4 %3, %4 {comp = #ptx.tex_comp<r>, ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<"2d">, operandSegmentSizes = array<i32: 0, 0, 2, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, tex_sym = @tex_a, vec = #ptx.vec<v4>} : (f32, f32) -> (f32, f32, f32, f32)
    // CHECK: %d_16:4 = ptx.tld4 %3, %4 {comp = #ptx.tex_comp<r>, ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<"2d">, operandSegmentSizes = array<i32: 0, 0, 2, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, tex_sym = @tex_a, vec = #ptx.vec<v4>} : (f32, f32) -> (f32, f32, f32, f32)
    %d_17:4, %p_18 = ptx.tld4 %0, %3, %4, %1, %2 {comp = #ptx.tex_comp<a>, ctype = #ptx.type<f32>, dtype = #ptx.type<s32>, geom = #ptx.geom<"2d">, operandSegmentSizes = array<i32: 1, 0, 2, 2, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 1>, vec = #ptx.vec<v4>} : (i64, f32, f32, i32, i32) -> (i32, i32, i32, i32, i1)
    // CHECK: %d_17:4, %p_18 = ptx.tld4 %0, %3, %4, %1, %2 {comp = #ptx.tex_comp<a>, ctype = #ptx.type<f32>, dtype = #ptx.type<s32>, geom = #ptx.geom<"2d">, operandSegmentSizes = array<i32: 1, 0, 2, 2, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 1>, vec = #ptx.vec<v4>} : (i64, f32, f32, i32, i32) -> (i32, i32, i32, i32, i1)
    %5 = ptx.txq {operandSegmentSizes = array<i32: 0, 0, 0, 0>, query = #ptx.tex_query<width>, tex_sym = @tex_a, type = #ptx.type<b32>} : () -> i32
    // CHECK: %5 = ptx.txq {operandSegmentSizes = array<i32: 0, 0, 0, 0>, query = #ptx.tex_query<width>, tex_sym = @tex_a, type = #ptx.type<b32>} : () -> i32
    %6 = ptx.txq {operandSegmentSizes = array<i32: 0, 0, 0, 0>, query = #ptx.tex_query<num_mipmap_levels>, tex_sym = @tex_p, type = #ptx.type<b32>} : () -> i32
    // CHECK: %6 = ptx.txq {operandSegmentSizes = array<i32: 0, 0, 0, 0>, query = #ptx.tex_query<num_mipmap_levels>, tex_sym = @tex_p, type = #ptx.type<b32>} : () -> i32
    %7 = ptx.txq %1 {level, operandSegmentSizes = array<i32: 0, 1, 0, 0>, query = #ptx.tex_query<height>, tex_sym = @tex_a, type = #ptx.type<b32>} : (i32) -> i32
    // CHECK: %7 = ptx.txq %1 {level, operandSegmentSizes = array<i32: 0, 1, 0, 0>, query = #ptx.tex_query<height>, tex_sym = @tex_a, type = #ptx.type<b32>} : (i32) -> i32
    %8 = ptx.txq %0 {operandSegmentSizes = array<i32: 1, 0, 0, 0>, query = #ptx.tex_query<channel_order>, type = #ptx.type<b32>} : (i64) -> i32
    // CHECK: %8 = ptx.txq %0 {operandSegmentSizes = array<i32: 1, 0, 0, 0>, query = #ptx.tex_query<channel_order>, type = #ptx.type<b32>} : (i64) -> i32
    %9 = ptx.suld %1 {clamp = #ptx.surf_clamp<trap>, geom = #ptx.geom<"1d">, mode = #ptx.surf_mode<b>, operandSegmentSizes = array<i32: 0, 1, 0, 0>, surf_sym = @surf_a, type = #ptx.type<b32>} : (i32) -> i32
    // CHECK: %9 = ptx.suld %1 {clamp = #ptx.surf_clamp<trap>, geom = #ptx.geom<"1d">, mode = #ptx.surf_mode<b>, operandSegmentSizes = array<i32: 0, 1, 0, 0>, surf_sym = @surf_a, type = #ptx.type<b32>} : (i32) -> i32
    %10:2 = ptx.suld %1, %2 {clamp = #ptx.surf_clamp<clamp>, geom = #ptx.geom<"2d">, mode = #ptx.surf_mode<b>, operandSegmentSizes = array<i32: 0, 2, 0, 0>, surf_sym = @surf_p, type = #ptx.type<b32>, vec = #ptx.vec<v2>} : (i32, i32) -> (i32, i32)
    // CHECK: %10:2 = ptx.suld %1, %2 {clamp = #ptx.surf_clamp<clamp>, geom = #ptx.geom<"2d">, mode = #ptx.surf_mode<b>, operandSegmentSizes = array<i32: 0, 2, 0, 0>, surf_sym = @surf_p, type = #ptx.type<b32>, vec = #ptx.vec<v2>} : (i32, i32) -> (i32, i32)
    %11:4 = ptx.suld %0, %1, %2, %1, %2 {clamp = #ptx.surf_clamp<zero>, cop = #ptx.cop<cg>, geom = #ptx.geom<"3d">, mode = #ptx.surf_mode<b>, operandSegmentSizes = array<i32: 1, 4, 0, 0>, type = #ptx.type<b16>, vec = #ptx.vec<v4>} : (i64, i32, i32, i32, i32) -> (i16, i16, i16, i16)
    // CHECK: %11:4 = ptx.suld %0, %1, %2, %1, %2 {clamp = #ptx.surf_clamp<zero>, cop = #ptx.cop<cg>, geom = #ptx.geom<"3d">, mode = #ptx.surf_mode<b>, operandSegmentSizes = array<i32: 1, 4, 0, 0>, type = #ptx.type<b16>, vec = #ptx.vec<v4>} : (i64, i32, i32, i32, i32) -> (i16, i16, i16, i16)
    %12 = ptx.suld %1, %2 {clamp = #ptx.surf_clamp<trap>, geom = #ptx.geom<a1d>, mode = #ptx.surf_mode<b>, operandSegmentSizes = array<i32: 0, 2, 0, 0>, surf_sym = @surf_a, type = #ptx.type<b64>} : (i32, i32) -> i64
    // CHECK: %12 = ptx.suld %1, %2 {clamp = #ptx.surf_clamp<trap>, geom = #ptx.geom<a1d>, mode = #ptx.surf_mode<b>, operandSegmentSizes = array<i32: 0, 2, 0, 0>, surf_sym = @surf_a, type = #ptx.type<b64>} : (i32, i32) -> i64
    ptx.sust %1, %10#0 {clamp = #ptx.surf_clamp<trap>, geom = #ptx.geom<"1d">, mode = #ptx.surf_mode<b>, operandSegmentSizes = array<i32: 0, 1, 1, 0, 0>, surf_sym = @surf_a, type = #ptx.type<b32>} : (i32, i32) -> ()
    // CHECK: ptx.sust %1, %10#0 {clamp = #ptx.surf_clamp<trap>, geom = #ptx.geom<"1d">, mode = #ptx.surf_mode<b>, operandSegmentSizes = array<i32: 0, 1, 1, 0, 0>, surf_sym = @surf_a, type = #ptx.type<b32>} : (i32, i32) -> ()
    ptx.sust %1, %2, %10#0, %10#1 {clamp = #ptx.surf_clamp<clamp>, cop = #ptx.cop<wt>, geom = #ptx.geom<"2d">, mode = #ptx.surf_mode<b>, operandSegmentSizes = array<i32: 0, 2, 2, 0, 0>, surf_sym = @surf_p, type = #ptx.type<b32>, vec = #ptx.vec<v2>} : (i32, i32, i32, i32) -> ()
    // CHECK: ptx.sust %1, %2, %10#0, %10#1 {clamp = #ptx.surf_clamp<clamp>, cop = #ptx.cop<wt>, geom = #ptx.geom<"2d">, mode = #ptx.surf_mode<b>, operandSegmentSizes = array<i32: 0, 2, 2, 0, 0>, surf_sym = @surf_p, type = #ptx.type<b32>, vec = #ptx.vec<v2>} : (i32, i32, i32, i32) -> ()
    ptx.sust %0, %1, %2, %1, %2, %11#0 {clamp = #ptx.surf_clamp<zero>, geom = #ptx.geom<a2d>, mode = #ptx.surf_mode<b>, operandSegmentSizes = array<i32: 1, 4, 1, 0, 0>, type = #ptx.type<b8>} : (i64, i32, i32, i32, i32, i16) -> ()
    // CHECK: ptx.sust %0, %1, %2, %1, %2, %11#0 {clamp = #ptx.surf_clamp<zero>, geom = #ptx.geom<a2d>, mode = #ptx.surf_mode<b>, operandSegmentSizes = array<i32: 1, 4, 1, 0, 0>, type = #ptx.type<b8>} : (i64, i32, i32, i32, i32, i16) -> ()
    ptx.sust %1, %2, %10#0, %10#1, %10#0, %10#1 {clamp = #ptx.surf_clamp<trap>, geom = #ptx.geom<"2d">, mode = #ptx.surf_mode<p>, operandSegmentSizes = array<i32: 0, 2, 4, 0, 0>, surf_sym = @surf_a, type = #ptx.type<b32>, vec = #ptx.vec<v4>} : (i32, i32, i32, i32, i32, i32) -> ()
    // CHECK: ptx.sust %1, %2, %10#0, %10#1, %10#0, %10#1 {clamp = #ptx.surf_clamp<trap>, geom = #ptx.geom<"2d">, mode = #ptx.surf_mode<p>, operandSegmentSizes = array<i32: 0, 2, 4, 0, 0>, surf_sym = @surf_a, type = #ptx.type<b32>, vec = #ptx.vec<v4>} : (i32, i32, i32, i32, i32, i32) -> ()
    ptx.sured %1, %10#0 {clamp = #ptx.surf_clamp<trap>, geom = #ptx.geom<"1d">, mode = #ptx.surf_mode<b>, op = #ptx.atom_op<add>, operandSegmentSizes = array<i32: 0, 1, 1, 0, 0>, surf_sym = @surf_a, type = #ptx.type<u32>} : (i32, i32) -> ()
    // CHECK: ptx.sured %1, %10#0 {clamp = #ptx.surf_clamp<trap>, geom = #ptx.geom<"1d">, mode = #ptx.surf_mode<b>, op = #ptx.atom_op<add>, operandSegmentSizes = array<i32: 0, 1, 1, 0, 0>, surf_sym = @surf_a, type = #ptx.type<u32>} : (i32, i32) -> ()
    ptx.sured %1, %2, %12 {clamp = #ptx.surf_clamp<clamp>, geom = #ptx.geom<"2d">, mode = #ptx.surf_mode<b>, op = #ptx.atom_op<min>, operandSegmentSizes = array<i32: 0, 2, 1, 0, 0>, surf_sym = @surf_a, type = #ptx.type<s64>} : (i32, i32, i64) -> ()
    // CHECK: ptx.sured %1, %2, %12 {clamp = #ptx.surf_clamp<clamp>, geom = #ptx.geom<"2d">, mode = #ptx.surf_mode<b>, op = #ptx.atom_op<min>, operandSegmentSizes = array<i32: 0, 2, 1, 0, 0>, surf_sym = @surf_a, type = #ptx.type<s64>} : (i32, i32, i64) -> ()
    ptx.sured %1, %2, %10#0 {clamp = #ptx.surf_clamp<zero>, geom = #ptx.geom<"2d">, mode = #ptx.surf_mode<p>, op = #ptx.atom_op<and>, operandSegmentSizes = array<i32: 0, 2, 1, 0, 0>, surf_sym = @surf_p, type = #ptx.type<b32>} : (i32, i32, i32) -> ()
    // CHECK: ptx.sured %1, %2, %10#0 {clamp = #ptx.surf_clamp<zero>, geom = #ptx.geom<"2d">, mode = #ptx.surf_mode<p>, op = #ptx.atom_op<and>, operandSegmentSizes = array<i32: 0, 2, 1, 0, 0>, surf_sym = @surf_p, type = #ptx.type<b32>} : (i32, i32, i32) -> ()
    %13 = ptx.suq {operandSegmentSizes = array<i32: 0, 0, 0>, query = #ptx.surf_query<width>, surf_sym = @surf_a, type = #ptx.type<b32>} : () -> i32
    // CHECK: %13 = ptx.suq {operandSegmentSizes = array<i32: 0, 0, 0>, query = #ptx.surf_query<width>, surf_sym = @surf_a, type = #ptx.type<b32>} : () -> i32
    %14 = ptx.suq %0 {query = #ptx.surf_query<memory_layout>, type = #ptx.type<b32>} : (i64) -> i32
    // CHECK: %14 = ptx.suq %0 {query = #ptx.surf_query<memory_layout>, type = #ptx.type<b32>} : (i64) -> i32
    %15 = ptx.addressof @tex_a : i64
    %16 = ptx.mov %15 {type = #ptx.type<u64>} : (i64) -> i64
    %17 = ptx.istypep %16 {type = #ptx.type<texref>} : (i64) -> i1
    // CHECK: %17 = ptx.istypep %16 {type = #ptx.type<texref>} : (i64) -> i1
    %18 = ptx.istypep %0 {type = #ptx.type<surfref>} : (i64) -> i1
    // CHECK: %18 = ptx.istypep %0 {type = #ptx.type<surfref>} : (i64) -> i1
    ptx.ret 
  }
}
ptx.module attributes {target = ["sm_90", "texmode_independent"], version = "8.1"} {
  ptx.var @tex_b {space = #ptx.space<global>, type = #ptx.type<texref>}
  // CHECK: ptx.var @tex_b {space = #ptx.space<global>, type = #ptx.type<texref>}
  ptx.var @smp_a {init = [{addr_mode_0 = #ptx.opaque_value<clamp_to_border>, filter_mode = #ptx.opaque_value<nearest>}], space = #ptx.space<global>, type = #ptx.type<samplerref>}
  // CHECK: ptx.var @smp_a {init = [{addr_mode_0 = #ptx.opaque_value<clamp_to_border>, filter_mode = #ptx.opaque_value<nearest>}], space = #ptx.space<global>, type = #ptx.type<samplerref>}
  ptx.var @smp_b {init = [{addr_mode_0 = #ptx.opaque_value<wrap>, addr_mode_1 = #ptx.opaque_value<mirror>, filter_mode = #ptx.opaque_value<linear>, force_unnormalized_coords = 1 : i64}], space = #ptx.space<global>, type = #ptx.type<samplerref>}
  // CHECK: ptx.var @smp_b {init = [{addr_mode_0 = #ptx.opaque_value<wrap>, addr_mode_1 = #ptx.opaque_value<mirror>, filter_mode = #ptx.opaque_value<linear>, force_unnormalized_coords = 1 : i64}], space = #ptx.space<global>, type = #ptx.type<samplerref>}
  ptx.var @smp_c {space = #ptx.space<global>, type = #ptx.type<samplerref>}
  // CHECK: ptx.var @smp_c {space = #ptx.space<global>, type = #ptx.type<samplerref>}
// CHECK-LABEL: ptx.entry @independent
  ptx.entry @independent attributes {linkage = #ptx.linkage<visible>, params = [#ptx.param<name = "tex_p", space = param, type = texref>, #ptx.param<name = "smp_p", space = param, type = samplerref>]} {
    %0 = ptx.undef : i1
    %1 = ptx.undef : i32
    %2 = ptx.undef : i32
    %3 = ptx.undef : i32
    %4 = ptx.undef : i32
    %cst = arith.constant 5.000000e-01 : f32
    %5 = ptx.mov %cst {type = #ptx.type<f32>} : (f32) -> f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %6 = ptx.mov %cst_0 {type = #ptx.type<f32>} : (f32) -> f32
    %c3_i64 = arith.constant 3 : i64
    %7 = ptx.mov %c3_i64 {type = #ptx.type<u32>} : (i64) -> i32
    %d:4 = ptx.tex %5, %6 {ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<"2d">, operandSegmentSizes = array<i32: 0, 0, 2, 0, 0, 0, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, sampler_sym = @smp_a, tex_sym = @tex_b, vec = #ptx.vec<v4>} : (f32, f32) -> (f32, f32, f32, f32)
    // CHECK: %d:4 = ptx.tex %5, %6 {ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<"2d">, operandSegmentSizes = array<i32: 0, 0, 2, 0, 0, 0, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, sampler_sym = @smp_a, tex_sym = @tex_b, vec = #ptx.vec<v4>} : (f32, f32) -> (f32, f32, f32, f32)
    %d_1:4, %p = ptx.tex %5, %6 {ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<"2d">, operandSegmentSizes = array<i32: 0, 0, 2, 0, 0, 0, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 1>, sampler_sym = @smp_p, tex_sym = @tex_p, vec = #ptx.vec<v4>} : (f32, f32) -> (f32, f32, f32, f32, i1)
    // CHECK: %d_1:4, %p = ptx.tex %5, %6 {ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<"2d">, operandSegmentSizes = array<i32: 0, 0, 2, 0, 0, 0, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 1>, sampler_sym = @smp_p, tex_sym = @tex_p, vec = #ptx.vec<v4>} : (f32, f32) -> (f32, f32, f32, f32, i1)
    %d_2:4 = ptx.tex %5, %6, %5 {ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<"2d">, mipmap = #ptx.mipmap<level>, operandSegmentSizes = array<i32: 0, 0, 2, 1, 0, 0, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, sampler_sym = @smp_b, tex_sym = @tex_b, vec = #ptx.vec<v4>} : (f32, f32, f32) -> (f32, f32, f32, f32)
    // CHECK: %d_2:4 = ptx.tex %5, %6, %5 {ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<"2d">, mipmap = #ptx.mipmap<level>, operandSegmentSizes = array<i32: 0, 0, 2, 1, 0, 0, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, sampler_sym = @smp_b, tex_sym = @tex_b, vec = #ptx.vec<v4>} : (f32, f32, f32) -> (f32, f32, f32, f32)
    %d_3:4 = ptx.tex %7, %5, %6, %6 {ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<acube>, operandSegmentSizes = array<i32: 0, 0, 4, 0, 0, 0, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, sampler_sym = @smp_c, tex_sym = @tex_b, vec = #ptx.vec<v4>} : (i32, f32, f32, f32) -> (f32, f32, f32, f32)
    // CHECK: %d_3:4 = ptx.tex %7, %5, %6, %6 {ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<acube>, operandSegmentSizes = array<i32: 0, 0, 4, 0, 0, 0, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, sampler_sym = @smp_c, tex_sym = @tex_b, vec = #ptx.vec<v4>} : (i32, f32, f32, f32) -> (f32, f32, f32, f32)
    %d_4:4 = ptx.tld4 %5, %6, %5, %6 {comp = #ptx.tex_comp<g>, ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<cube>, operandSegmentSizes = array<i32: 0, 0, 4, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, sampler_sym = @smp_a, tex_sym = @tex_b, vec = #ptx.vec<v4>} : (f32, f32, f32, f32) -> (f32, f32, f32, f32)
    // CHECK: %d_4:4 = ptx.tld4 %5, %6, %5, %6 {comp = #ptx.tex_comp<g>, ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<cube>, operandSegmentSizes = array<i32: 0, 0, 4, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, sampler_sym = @smp_a, tex_sym = @tex_b, vec = #ptx.vec<v4>} : (f32, f32, f32, f32) -> (f32, f32, f32, f32)
    %d_5:4, %p_6 = ptx.tld4 %7, %5, %6, %6 if %p prev(%4, %3, %2, %1, %0) {comp = #ptx.tex_comp<b>, ctype = #ptx.type<f32>, dtype = #ptx.type<u32>, geom = #ptx.geom<a2d>, operandSegmentSizes = array<i32: 0, 0, 4, 0, 0, 1, 5>, resultSegmentSizes = array<i32: 4, 1>, sampler_sym = @smp_c, tex_sym = @tex_p, vec = #ptx.vec<v4>} : (i32, f32, f32, f32, i1, i32, i32, i32, i32, i1) -> (i32, i32, i32, i32, i1)
    // CHECK: %d_5:4, %p_6 = ptx.tld4 %7, %5, %6, %6 if %p prev(%4, %3, %2, %1, %0) {comp = #ptx.tex_comp<b>, ctype = #ptx.type<f32>, dtype = #ptx.type<u32>, geom = #ptx.geom<a2d>, operandSegmentSizes = array<i32: 0, 0, 4, 0, 0, 1, 5>, resultSegmentSizes = array<i32: 4, 1>, sampler_sym = @smp_c, tex_sym = @tex_p, vec = #ptx.vec<v4>} : (i32, f32, f32, f32, i1, i32, i32, i32, i32, i1) -> (i32, i32, i32, i32, i1)
    %8 = ptx.txq {operandSegmentSizes = array<i32: 0, 0, 0, 0>, query = #ptx.tex_query<filter_mode>, tex_sym = @smp_a, type = #ptx.type<b32>} : () -> i32
    // CHECK: %8 = ptx.txq {operandSegmentSizes = array<i32: 0, 0, 0, 0>, query = #ptx.tex_query<filter_mode>, tex_sym = @smp_a, type = #ptx.type<b32>} : () -> i32
    %9 = ptx.txq {operandSegmentSizes = array<i32: 0, 0, 0, 0>, query = #ptx.tex_query<addr_mode_1>, tex_sym = @smp_p, type = #ptx.type<b32>} : () -> i32
    // CHECK: %9 = ptx.txq {operandSegmentSizes = array<i32: 0, 0, 0, 0>, query = #ptx.tex_query<addr_mode_1>, tex_sym = @smp_p, type = #ptx.type<b32>} : () -> i32
    %10 = ptx.txq {operandSegmentSizes = array<i32: 0, 0, 0, 0>, query = #ptx.tex_query<force_unnormalized_coords>, tex_sym = @smp_b, type = #ptx.type<b32>} : () -> i32
    // CHECK: %10 = ptx.txq {operandSegmentSizes = array<i32: 0, 0, 0, 0>, query = #ptx.tex_query<force_unnormalized_coords>, tex_sym = @smp_b, type = #ptx.type<b32>} : () -> i32
    ptx.ret 
  }
}
