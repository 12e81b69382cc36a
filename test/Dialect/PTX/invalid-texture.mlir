// RUN: ptx-opt %s -split-input-file -verify-diagnostics
//
// One case per PTX rule of the texture and surface verifiers
// (PTXVerifiersTexture.cpp).

// tex.2d.v4.f32.f32 {%f3, %f4, %f5, %f6}, [%rd1, {%f1, %f2}];
%a0 = ptx.undef : i64
%a1 = ptx.undef : f32
%a2 = ptx.undef : f32
// expected-error @+1 {{texture is either a name or a register, not both}}
%r:4 = ptx.tex %a0, %a1, %a2 {ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<"2d">, operandSegmentSizes = array<i32: 1, 0, 2, 0, 0, 0, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, tex_sym = @tex_a, vec = #ptx.vec<v4>} : (i64, f32, f32) -> (f32, f32, f32, f32)

// -----

// tex.2d.v4.f32.f32 {%f3, %f4, %f5, %f6}, [tex_a, {%f1, %f2}];
%a0 = ptx.undef : f32
%a1 = ptx.undef : f32
// expected-error @+1 {{needs a texture}}
%r:4 = ptx.tex %a0, %a1 {ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<"2d">, operandSegmentSizes = array<i32: 0, 0, 2, 0, 0, 0, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, vec = #ptx.vec<v4>} : (f32, f32) -> (f32, f32, f32, f32)

// -----

// tex.2d.v4.f32.f32 {%f3, %f4, %f5, %f6}, [%rd1, {%f1, %f2}];
%a0 = ptx.undef : i32
%a1 = ptx.undef : f32
%a2 = ptx.undef : f32
// expected-error @+1 {{texture register must be 64-bit}}
%r:4 = ptx.tex %a0, %a1, %a2 {ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<"2d">, operandSegmentSizes = array<i32: 1, 0, 2, 0, 0, 0, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, vec = #ptx.vec<v4>} : (i32, f32, f32) -> (f32, f32, f32, f32)

// -----

// tex.2d.v4.f32.f32 {%f3, %f4, %f5, %f6}, [tex_a, {%f1, %f2}];
%a0 = ptx.undef : f32
%a1 = ptx.undef : f32
// expected-error @+1 {{dtype must be .u32, .s32, .f16, .f32 or .f16x2}}
%r:4 = ptx.tex %a0, %a1 {ctype = #ptx.type<f32>, dtype = #ptx.type<u64>, geom = #ptx.geom<"2d">, operandSegmentSizes = array<i32: 0, 0, 2, 0, 0, 0, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, tex_sym = @tex_a, vec = #ptx.vec<v4>} : (f32, f32) -> (f32, f32, f32, f32)

// -----

// tex.2d.v4.f32.f32 {%f3, %f4, %f5, %f6}, [tex_a, {%f1, %f2}];
%a0 = ptx.undef : f32
%a1 = ptx.undef : f32
// expected-error @+1 {{coordinate type must be .s32 or .f32}}
%r:4 = ptx.tex %a0, %a1 {ctype = #ptx.type<u32>, dtype = #ptx.type<f32>, geom = #ptx.geom<"2d">, operandSegmentSizes = array<i32: 0, 0, 2, 0, 0, 0, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, tex_sym = @tex_a, vec = #ptx.vec<v4>} : (f32, f32) -> (f32, f32, f32, f32)

// -----

// tex.2d.v4.f32.f32 {%f3, %f4, %f5, %f6}, [tex_a, {%f1, %f2}];
%a0 = ptx.undef : f32
%a1 = ptx.undef : f32
// expected-error @+1 {{a texture fetch of .f32 returns .v4}}
%r:4 = ptx.tex %a0, %a1 {ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<"2d">, operandSegmentSizes = array<i32: 0, 0, 2, 0, 0, 0, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, tex_sym = @tex_a, vec = #ptx.vec<v2>} : (f32, f32) -> (f32, f32, f32, f32)

// -----

// tex.2d.v4.f32.f32 {%f3, %f4, %f5, %f6}, [tex_a, {%f1, %f2}];
%a0 = ptx.undef : f32
%a1 = ptx.undef : f32
// expected-error @+1 {{expects 4 destination registers, got 3}}
%r:3 = ptx.tex %a0, %a1 {ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<"2d">, operandSegmentSizes = array<i32: 0, 0, 2, 0, 0, 0, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 3, 0>, tex_sym = @tex_a, vec = #ptx.vec<v4>} : (f32, f32) -> (f32, f32, f32)

// -----

// tex.2d.v4.f32.f32 {%f3, %f4, %f5, %f6}, [tex_a, {%f1, %f2}];
%a0 = ptx.undef : f32
%a1 = ptx.undef : f32
// expected-error @+1 {{expects 4 coordinates, got 2}}
%r:4 = ptx.tex %a0, %a1 {ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<"3d">, operandSegmentSizes = array<i32: 0, 0, 2, 0, 0, 0, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, tex_sym = @tex_a, vec = #ptx.vec<v4>} : (f32, f32) -> (f32, f32, f32, f32)

// -----

// tex.cube.v4.f32.f32 {%f3, %f4, %f5, %f6}, [tex_a, {%f1, %f2, %f1, %f2}];
%a0 = ptx.undef : f32
%a1 = ptx.undef : f32
%a2 = ptx.undef : f32
%a3 = ptx.undef : f32
// expected-error @+1 {{cube map coordinates must be .f32}}
%r:4 = ptx.tex %a0, %a1, %a2, %a3 {ctype = #ptx.type<s32>, dtype = #ptx.type<f32>, geom = #ptx.geom<cube>, operandSegmentSizes = array<i32: 0, 0, 4, 0, 0, 0, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, tex_sym = @tex_a, vec = #ptx.vec<v4>} : (f32, f32, f32, f32) -> (f32, f32, f32, f32)

// -----

// tex.2dms.v4.s32.s32 {%r3, %r4, %r5, %r6}, [tex_a, {%r1, %r2, %r1, %r2}];
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
%a3 = ptx.undef : i32
// expected-error @+1 {{multi-sample texture coordinates must be .s32}}
%r:4 = ptx.tex %a0, %a1, %a2, %a3 {ctype = #ptx.type<f32>, dtype = #ptx.type<s32>, geom = #ptx.geom<"2dms">, operandSegmentSizes = array<i32: 0, 0, 4, 0, 0, 0, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, tex_sym = @tex_a, vec = #ptx.vec<v4>} : (i32, i32, i32, i32) -> (i32, i32, i32, i32)

// -----

// tex.2dms.v4.s32.s32 {%r3, %r4, %r5, %r6}, [tex_a, {%r1, %r2, %r1, %r2}];
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
%a3 = ptx.undef : i32
// expected-error @+1 {{multi-sample textures have no mipmap levels}}
%r:4 = ptx.tex %a0, %a1, %a2, %a3 {ctype = #ptx.type<s32>, dtype = #ptx.type<s32>, geom = #ptx.geom<"2dms">, mipmap = #ptx.mipmap<grad>, operandSegmentSizes = array<i32: 0, 0, 4, 0, 0, 0, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, tex_sym = @tex_a, vec = #ptx.vec<v4>} : (i32, i32, i32, i32) -> (i32, i32, i32, i32)

// -----

// tex.level.2d.v4.f32.f32 {%f3, %f4, %f5, %f6}, [tex_a, {%f1, %f2}], %f2;
%a0 = ptx.undef : f32
%a1 = ptx.undef : f32
%a2 = ptx.undef : f32
// expected-error @+1 {{the lod operand goes with .level, and only with it}}
%r:4 = ptx.tex %a0, %a1, %a2 {ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<"2d">, operandSegmentSizes = array<i32: 0, 0, 2, 1, 0, 0, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, tex_sym = @tex_a, vec = #ptx.vec<v4>} : (f32, f32, f32) -> (f32, f32, f32, f32)

// -----

// tex.grad.2d.v4.f32.f32 {%f3, %f4, %f5, %f6}, [tex_a, {%f1, %f2}], {%f1, %f2}, {%f2, %f1};
%a0 = ptx.undef : f32
%a1 = ptx.undef : f32
%a2 = ptx.undef : f32
%a3 = ptx.undef : f32
%a4 = ptx.undef : f32
%a5 = ptx.undef : f32
// expected-error @+1 {{the gradient operands go with .grad, and only with it}}
%r:4 = ptx.tex %a0, %a1, %a2, %a3, %a4, %a5 {ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<"2d">, operandSegmentSizes = array<i32: 0, 0, 2, 0, 2, 2, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, tex_sym = @tex_a, vec = #ptx.vec<v4>} : (f32, f32, f32, f32, f32, f32) -> (f32, f32, f32, f32)

// -----

// tex.grad.2d.v4.f32.f32 {%f3, %f4, %f5, %f6}, [tex_a, {%f1, %f2}], {%f1, %f2}, {%f2, %f1};
%a0 = ptx.undef : f32
%a1 = ptx.undef : f32
%a2 = ptx.undef : f32
%a3 = ptx.undef : f32
%a4 = ptx.undef : f32
// expected-error @+1 {{expects 2 dPdx components, got 1}}
%r:4 = ptx.tex %a0, %a1, %a2, %a3, %a4 {ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<"2d">, mipmap = #ptx.mipmap<grad>, operandSegmentSizes = array<i32: 0, 0, 2, 0, 1, 2, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, tex_sym = @tex_a, vec = #ptx.vec<v4>} : (f32, f32, f32, f32, f32) -> (f32, f32, f32, f32)

// -----

// tex.cube.v4.f32.f32 {%f3, %f4, %f5, %f6}, [tex_a, {%f1, %f2, %f1, %f2}];
%a0 = ptx.undef : f32
%a1 = ptx.undef : f32
%a2 = ptx.undef : f32
%a3 = ptx.undef : f32
%a4 = ptx.undef : i32
%a5 = ptx.undef : i32
// expected-error @+1 {{cube maps take no offset vector}}
%r:4 = ptx.tex %a0, %a1, %a2, %a3, %a4, %a5 {ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<cube>, operandSegmentSizes = array<i32: 0, 0, 4, 0, 0, 0, 2, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, tex_sym = @tex_a, vec = #ptx.vec<v4>} : (f32, f32, f32, f32, i32, i32) -> (f32, f32, f32, f32)

// -----

// tex.3d.v4.f32.f32 {%f3, %f4, %f5, %f6}, [tex_a, {%f1, %f2, %f1, %f2}];
%a0 = ptx.undef : f32
%a1 = ptx.undef : f32
%a2 = ptx.undef : f32
%a3 = ptx.undef : f32
%a4 = ptx.undef : f32
// expected-error @+1 {{depth compare is not available with .3d}}
%r:4 = ptx.tex %a0, %a1, %a2, %a3, %a4 {ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<"3d">, operandSegmentSizes = array<i32: 0, 0, 4, 0, 0, 0, 0, 1, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, tex_sym = @tex_a, vec = #ptx.vec<v4>} : (f32, f32, f32, f32, f32) -> (f32, f32, f32, f32)

// -----

// tld4.r.2d.v4.f32.f32 {%f7, %f8, %f9, %f10}, [tex_a, {%f1, %f2}];
%a0 = ptx.undef : f32
%a1 = ptx.undef : f32
// expected-error @+1 {{geometry must be .2d, .a2d, .cube or .acube}}
%r:4 = ptx.tld4 %a0, %a1 {comp = #ptx.tex_comp<r>, ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<"1d">, operandSegmentSizes = array<i32: 0, 0, 2, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, tex_sym = @tex_a, vec = #ptx.vec<v4>} : (f32, f32) -> (f32, f32, f32, f32)

// -----

// tld4.r.2d.v4.f32.f32 {%f7, %f8, %f9, %f10}, [tex_a, {%f1, %f2}];
%a0 = ptx.undef : f32
%a1 = ptx.undef : f32
// expected-error @+1 {{tld4 returns .v4}}
%r:4 = ptx.tld4 %a0, %a1 {comp = #ptx.tex_comp<r>, ctype = #ptx.type<f32>, dtype = #ptx.type<f32>, geom = #ptx.geom<"2d">, operandSegmentSizes = array<i32: 0, 0, 2, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, tex_sym = @tex_a, vec = #ptx.vec<v2>} : (f32, f32) -> (f32, f32, f32, f32)

// -----

// tld4.r.2d.v4.f32.f32 {%f7, %f8, %f9, %f10}, [tex_a, {%f1, %f2}];
%a0 = ptx.undef : f32
%a1 = ptx.undef : f32
// expected-error @+1 {{dtype must be .u32, .s32 or .f32}}
%r:4 = ptx.tld4 %a0, %a1 {comp = #ptx.tex_comp<r>, ctype = #ptx.type<f32>, dtype = #ptx.type<f16>, geom = #ptx.geom<"2d">, operandSegmentSizes = array<i32: 0, 0, 2, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, tex_sym = @tex_a, vec = #ptx.vec<v4>} : (f32, f32) -> (f32, f32, f32, f32)

// -----

// tld4.r.2d.v4.f32.f32 {%f7, %f8, %f9, %f10}, [tex_a, {%f1, %f2}];
%a0 = ptx.undef : f32
%a1 = ptx.undef : f32
// expected-error @+1 {{coordinate type must be .f32}}
%r:4 = ptx.tld4 %a0, %a1 {comp = #ptx.tex_comp<r>, ctype = #ptx.type<s32>, dtype = #ptx.type<f32>, geom = #ptx.geom<"2d">, operandSegmentSizes = array<i32: 0, 0, 2, 0, 0, 0, 0>, resultSegmentSizes = array<i32: 4, 0>, tex_sym = @tex_a, vec = #ptx.vec<v4>} : (f32, f32) -> (f32, f32, f32, f32)

// -----

// txq.width.b32 %r7, [tex_a];
// expected-error @+1 {{type must be .b32}}
%r = ptx.txq {operandSegmentSizes = array<i32: 0, 0, 0, 0>, query = #ptx.tex_query<width>, tex_sym = @tex_a, type = #ptx.type<u32>} : () -> i32

// -----

// txq.level.width.b32 %r8, [tex_a], %r1;
%a0 = ptx.undef : i32
// expected-error @+1 {{.level queries only .width, .height or .depth}}
%r = ptx.txq %a0 {level, operandSegmentSizes = array<i32: 0, 1, 0, 0>, query = #ptx.tex_query<filter_mode>, tex_sym = @tex_a, type = #ptx.type<b32>} : (i32) -> i32

// -----

// txq.level.width.b32 %r8, [tex_a], %r1;
%a0 = ptx.undef : i32
// expected-error @+1 {{the lod operand goes with .level, and only with it}}
%r = ptx.txq %a0 {operandSegmentSizes = array<i32: 0, 1, 0, 0>, query = #ptx.tex_query<width>, tex_sym = @tex_a, type = #ptx.type<b32>} : (i32) -> i32

// -----

// istypep.texref %p1, %rd1;
%a0 = ptx.undef : i64
// expected-error @+1 {{type must be .texref, .samplerref or .surfref}}
%r = ptx.istypep %a0 {type = #ptx.type<b64>} : (i64) -> i1

// -----

// istypep.texref %p1, %rd1;
%a0 = ptx.undef : i32
// expected-error @+1 {{operand must be a 64-bit register}}
%r = ptx.istypep %a0 {type = #ptx.type<texref>} : (i32) -> i1

// -----

// suld.b.1d.b32.trap %r9, [surf_a, {%r1}];
%a0 = ptx.undef : i32
// expected-error @+1 {{surface loads are unformatted (.b)}}
%r = ptx.suld %a0 {clamp = #ptx.surf_clamp<trap>, geom = #ptx.geom<"1d">, mode = #ptx.surf_mode<p>, operandSegmentSizes = array<i32: 0, 1, 0, 0>, surf_sym = @surf_a, type = #ptx.type<b32>} : (i32) -> i32

// -----

// suld.b.1d.b32.trap %r9, [surf_a, {%r1}];
%a0 = ptx.undef : i32
// expected-error @+1 {{surface geometry must be .1d, .2d, .3d, .a1d or .a2d}}
%r = ptx.suld %a0 {clamp = #ptx.surf_clamp<trap>, geom = #ptx.geom<cube>, mode = #ptx.surf_mode<b>, operandSegmentSizes = array<i32: 0, 1, 0, 0>, surf_sym = @surf_a, type = #ptx.type<b32>} : (i32) -> i32

// -----

// suld.b.1d.cg.b32.trap %r9, [surf_a, {%r1}];
%a0 = ptx.undef : i32
// expected-error @+1 {{cache operator must be .ca, .cg, .cs or .cv}}
%r = ptx.suld %a0 {clamp = #ptx.surf_clamp<trap>, cop = #ptx.cop<wb>, geom = #ptx.geom<"1d">, mode = #ptx.surf_mode<b>, operandSegmentSizes = array<i32: 0, 1, 0, 0>, surf_sym = @surf_a, type = #ptx.type<b32>} : (i32) -> i32

// -----

// suld.b.1d.b32.trap %r9, [surf_a, {%r1}];
%a0 = ptx.undef : i32
// expected-error @+1 {{type must be .b8, .b16, .b32 or .b64}}
%r = ptx.suld %a0 {clamp = #ptx.surf_clamp<trap>, geom = #ptx.geom<"1d">, mode = #ptx.surf_mode<b>, operandSegmentSizes = array<i32: 0, 1, 0, 0>, surf_sym = @surf_a, type = #ptx.type<u32>} : (i32) -> i32

// -----

// suld.b.1d.b32.trap %r9, [surf_a, {%r1}];
%a0 = ptx.undef : i32
// expected-error @+1 {{expects 2 destination registers, got 1}}
%r = ptx.suld %a0 {clamp = #ptx.surf_clamp<trap>, geom = #ptx.geom<"1d">, mode = #ptx.surf_mode<b>, operandSegmentSizes = array<i32: 0, 1, 0, 0>, surf_sym = @surf_a, vec = #ptx.vec<v2>, type = #ptx.type<b32>} : (i32) -> i32

// -----

// sust.p.1d.b32.trap [surf_a, {%r1}], %r9;
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
// expected-error @+1 {{formatted stores (.p) take no cache operator}}
ptx.sust %a0, %a1 {clamp = #ptx.surf_clamp<trap>, geom = #ptx.geom<"1d">, mode = #ptx.surf_mode<p>, cop = #ptx.cop<wb>, operandSegmentSizes = array<i32: 0, 1, 1, 0, 0>, surf_sym = @surf_a, type = #ptx.type<b32>} : (i32, i32) -> ()

// -----

// sust.b.1d.wb.b32.trap [surf_a, {%r1}], %r9;
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
// expected-error @+1 {{cache operator must be .wb, .cg, .cs or .wt}}
ptx.sust %a0, %a1 {clamp = #ptx.surf_clamp<trap>, cop = #ptx.cop<ca>, geom = #ptx.geom<"1d">, mode = #ptx.surf_mode<b>, operandSegmentSizes = array<i32: 0, 1, 1, 0, 0>, surf_sym = @surf_a, type = #ptx.type<b32>} : (i32, i32) -> ()

// -----

// sust.p.1d.b32.trap [surf_a, {%r1}], %r9;
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
// expected-error @+1 {{formatted stores (.p) take .b32}}
ptx.sust %a0, %a1 {clamp = #ptx.surf_clamp<trap>, geom = #ptx.geom<"1d">, mode = #ptx.surf_mode<p>, operandSegmentSizes = array<i32: 0, 1, 1, 0, 0>, surf_sym = @surf_a, type = #ptx.type<b16>} : (i32, i32) -> ()

// -----

// sust.p.1d.b32.trap [surf_a, {%r1}], %r9;
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
// expected-error @+1 {{surface geometry must be .1d, .2d, .3d, got .a1d}}
ptx.sust %a0, %a1 {clamp = #ptx.surf_clamp<trap>, geom = #ptx.geom<a1d>, mode = #ptx.surf_mode<p>, operandSegmentSizes = array<i32: 0, 1, 1, 0, 0>, surf_sym = @surf_a, type = #ptx.type<b32>} : (i32, i32) -> ()

// -----

// sust.b.1d.b32.trap [surf_a, {%r1}], %r9;
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
// expected-error @+1 {{type must be .b8, .b16, .b32 or .b64}}
ptx.sust %a0, %a1 {clamp = #ptx.surf_clamp<trap>, geom = #ptx.geom<"1d">, mode = #ptx.surf_mode<b>, operandSegmentSizes = array<i32: 0, 1, 1, 0, 0>, surf_sym = @surf_a, type = #ptx.type<s32>} : (i32, i32) -> ()

// -----

// sust.b.1d.b32.trap [surf_a, {%r1}], %r9;
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
// expected-error @+1 {{expects 2 source registers, got 1}}
ptx.sust %a0, %a1 {clamp = #ptx.surf_clamp<trap>, geom = #ptx.geom<"1d">, mode = #ptx.surf_mode<b>, operandSegmentSizes = array<i32: 0, 1, 1, 0, 0>, surf_sym = @surf_a, vec = #ptx.vec<v2>, type = #ptx.type<b32>} : (i32, i32) -> ()

// -----

// sured.b.add.1d.u32.trap [surf_a, {%r1}], %r9;
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
// expected-error @+1 {{operation must be .add, .min, .max, .and or .or}}
ptx.sured %a0, %a1 {clamp = #ptx.surf_clamp<trap>, geom = #ptx.geom<"1d">, mode = #ptx.surf_mode<b>, op = #ptx.atom_op<xor>, operandSegmentSizes = array<i32: 0, 1, 1, 0, 0>, surf_sym = @surf_a, type = #ptx.type<u32>} : (i32, i32) -> ()

// -----

// sured.b.add.1d.u32.trap [surf_a, {%r1}], %r9;
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
// expected-error @+1 {{sured.b.add does not take .s64}}
ptx.sured %a0, %a1 {clamp = #ptx.surf_clamp<trap>, geom = #ptx.geom<"1d">, mode = #ptx.surf_mode<b>, op = #ptx.atom_op<add>, operandSegmentSizes = array<i32: 0, 1, 1, 0, 0>, surf_sym = @surf_a, type = #ptx.type<s64>} : (i32, i32) -> ()

// -----

// suq.width.b32 %r11, [surf_a];
// expected-error @+1 {{type must be .b32}}
%r = ptx.suq {operandSegmentSizes = array<i32: 0, 0, 0>, query = #ptx.surf_query<width>, surf_sym = @surf_a, type = #ptx.type<u32>} : () -> i32
