//===- PTXOpsTexture.td - texture and surface ops ----------*- tablegen -*-===//
//
// Texture and surface instructions address an opaque object through a
// bracketed tuple: `[tex, sampler, {x, y}]`, `[surf, {x, y}]`. The texture,
// sampler and surface are handles (PTX_HandleArgs): a `.texref`,
// `.samplerref` or `.surfref` variable or parameter by name (`<name>_sym`),
// or a 64-bit register holding one (indirect access); the coordinates are a
// register vector. `ptxTuple` lists the operands written inside the tuple.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_PTX_OPS_TEXTURE_TD
#define PTXMLIR_PTX_OPS_TEXTURE_TD

include "PTX/IR/PTXBase.td"

// Texture reads are plain reads of read-only memory; surface stores and
// reductions write it.
defvar PTX_TexRead = [MemoryEffects<[MemRead]>];

def PTX_TexOp : PTX_Inst<"tex", PTX_TexRead # [AttrSizedResultSegments],
    !con((ins PTX_Opt<PTX_TexMipmapAttr>:$mipmap, PTX_TexGeomAttr:$geom,
          PTX_VecAttr:$vec, PTX_TypeAttr:$dtype, PTX_TypeAttr:$ctype),
         PTX_HandleArgs<"tex">.args, PTX_OptHandleArgs<"sampler">.args,
         (ins PTX_Vector:$coords, Optional<PTX_RegType>:$lod,
          PTX_OptVector:$dPdx, PTX_OptVector:$dPdy, PTX_OptVector:$offset,
          Optional<PTX_RegType>:$depth)),
    (outs PTX_Vector:$d, Optional<I1>:$p)> {
  let summary = "texture fetch, optionally with a residency predicate";
  let description = [{
    `tex{.base,.level,.grad}.geom.v4.dtype.ctype d[|p], [a, {b,} c]
    {, lod} {, dPdx, dPdy} {, e} {, f}`: `a` is the texture (`tex`), `b` the
    optional sampler (independent mode), `c` the coordinates. `lod` comes
    with `.level`, `dPdx`/`dPdy` with `.grad`; `offset` (e) and `depth`
    (f) are optional.
  }];
  let ptxTuple = ["tex", "sampler", "coords"];
  let ptxOperandIf = ["lod=mipmap:level", "dPdx=mipmap:grad",
                      "dPdy=mipmap:grad"];
  let ptxPipeResults = 1;
  let ptxHasVerifier = 1;
}

def PTX_Tld4Op : PTX_Inst<"tld4", PTX_TexRead # [AttrSizedResultSegments],
    !con((ins PTX_TexComponentAttr:$comp, PTX_TexGeomAttr:$geom,
          PTX_VecAttr:$vec, PTX_TypeAttr:$dtype, PTX_TypeAttr:$ctype),
         PTX_HandleArgs<"tex">.args, PTX_OptHandleArgs<"sampler">.args,
         (ins PTX_Vector:$coords, PTX_OptVector:$offset,
          Optional<PTX_RegType>:$depth)),
    (outs PTX_Vector:$d, Optional<I1>:$p)> {
  let summary = "gather one component of the four texels of a bilinear "
                "footprint";
  let ptxTuple = ["tex", "sampler", "coords"];
  let ptxPipeResults = 1;
  let ptxHasVerifier = 1;
}

def PTX_TxqOp : PTX_Inst<"txq", PTX_TexRead,
    !con((ins PTX_Flag:$level, PTX_TexQueryAttr:$query, PTX_TypeAttr:$type),
         PTX_HandleArgs<"tex">.args, (ins Optional<PTX_RegType>:$lod)),
    (outs PTX_RegType:$d)> {
  let summary = "query a texture or sampler attribute";
  let ptxTuple = ["tex"];
  let ptxOperandIf = ["lod=level"];
  let ptxHasVerifier = 1;
}

def PTX_IstypepOp : PTX_Inst<"istypep", [Pure], (ins PTX_TypeAttr:$type,
    PTX_RegType:$a), (outs I1:$p)> {
  let summary = "whether a handle is a .texref, .samplerref or .surfref";
  let ptxHasVerifier = 1;
}

// Surface operand `[surf, {coords}]` with its modifiers.
defvar PTX_SurfMods = (ins PTX_SurfModeAttr:$mode, PTX_TexGeomAttr:$geom,
    PTX_Opt<PTX_CacheOpAttr>:$cop, PTX_Opt<PTX_VecAttr>:$vec,
    PTX_TypeAttr:$type, PTX_SurfClampAttr:$clamp);

def PTX_SuldOp : PTX_Inst<"suld", PTX_TexRead,
    !con(PTX_SurfMods, PTX_HandleArgs<"surf">.args,
         (ins PTX_Vector:$coords)),
    (outs Variadic<PTX_RegType>:$d)> {
  let summary = "load from a surface (scalar or .v2/.v4)";
  let ptxTuple = ["surf", "coords"];
  let ptxHasVerifier = 1;
}

def PTX_SustOp : PTX_Inst<"sust", [MemoryEffects<[MemWrite]>],
    !con(PTX_SurfMods, PTX_HandleArgs<"surf">.args,
         (ins PTX_Vector:$coords, Variadic<PTX_RegType>:$c))> {
  let summary = "store to a surface, unformatted (.b) or formatted (.p)";
  let ptxTuple = ["surf", "coords"];
  let ptxHasVerifier = 1;
}

def PTX_SuredOp : PTX_Inst<"sured", [MemoryEffects<[MemRead, MemWrite]>],
    !con((ins PTX_SurfModeAttr:$mode, PTX_AtomOperationAttr:$op,
          PTX_TexGeomAttr:$geom, PTX_TypeAttr:$type,
          PTX_SurfClampAttr:$clamp),
         PTX_HandleArgs<"surf">.args,
         (ins PTX_Vector:$coords, PTX_RegType:$c))> {
  let summary = "reduction on a surface element";
  let ptxTuple = ["surf", "coords"];
  let ptxHasVerifier = 1;
}

def PTX_SuqOp : PTX_Inst<"suq", PTX_TexRead,
    !con((ins PTX_SurfQueryAttr:$query, PTX_TypeAttr:$type),
         PTX_HandleArgs<"surf">.args),
    (outs PTX_RegType:$d)> {
  let summary = "query a surface attribute";
  let ptxTuple = ["surf"];
  let ptxHasVerifier = 1;
}

#endif // PTXMLIR_PTX_OPS_TEXTURE_TD
