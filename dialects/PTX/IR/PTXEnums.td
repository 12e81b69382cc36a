//===- PTXEnums.td - PTX modifiers as enum attributes ------*- tablegen -*-===//
//
// Each enum is one group of modifiers from the PTX ISA manual. The string of
// a case is the modifier's spelling without the leading dot; the importer
// and exporter use exactly these strings.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_PTX_ENUMS_TD
#define PTXMLIR_PTX_ENUMS_TD

include "PTX/IR/PTXDialect.td"
include "mlir/IR/EnumAttr.td"

class PTX_Case<string sym, int val, string str = sym>
    : I32EnumAttrCase<sym, val, str>;

class PTX_Enum<string name, string summary, list<I32EnumAttrCase> cases>
    : I32EnumAttr<name, summary, cases> {
  let cppNamespace = "::mlir::ptx";
  let genSpecializedAttr = 0;
  // `shared::cta`, `1d`, `kind::f8f6f4` are no MLIR keywords: print them
  // quoted (the parser takes keywords or strings).
  let parameterPrinter =
      "$_printer.printKeywordOrString(" # symbolToStringFnName # "($_self))";
}

class PTX_EnumAttr<EnumAttrInfo info, string mnemonic>
    : EnumAttr<PTX_Dialect, info, mnemonic> {
  let assemblyFormat = "`<` $value `>`";
}

// Instruction and storage types (`.s32`, `.f16x2`, `.pred` ...).
def PTX_Type : PTX_Enum<"PTXType", "PTX instruction type", [
  PTX_Case<"pred", 0>,
  PTX_Case<"b1", 1>, PTX_Case<"b8", 2>, PTX_Case<"b16", 3>, PTX_Case<"b32", 4>,
  PTX_Case<"b64", 5>, PTX_Case<"b128", 6>,
  PTX_Case<"u8", 7>, PTX_Case<"u16", 8>, PTX_Case<"u32", 9>, PTX_Case<"u64", 10>,
  PTX_Case<"s8", 11>, PTX_Case<"s16", 12>, PTX_Case<"s32", 13>, PTX_Case<"s64", 14>,
  PTX_Case<"f16", 15>, PTX_Case<"f16x2", 16>, PTX_Case<"bf16", 17>,
  PTX_Case<"bf16x2", 18>, PTX_Case<"f32", 19>, PTX_Case<"f64", 20>,
  PTX_Case<"tf32", 21>, PTX_Case<"e4m3", 22>, PTX_Case<"e5m2", 23>,
  PTX_Case<"e4m3x2", 24>, PTX_Case<"e5m2x2", 25>, PTX_Case<"e2m1x2", 26>,
  PTX_Case<"e2m3x2", 27>, PTX_Case<"e3m2x2", 28>, PTX_Case<"ue8m0x2", 29>,
  PTX_Case<"s4", 30>, PTX_Case<"u4", 31>, PTX_Case<"f32x2", 32>,
  PTX_Case<"u16x2", 33>, PTX_Case<"s16x2", 34>, PTX_Case<"e2m1x4", 35>,
  PTX_Case<"e4m3x4", 36>, PTX_Case<"e5m2x4", 37>, PTX_Case<"e2m3x4", 38>,
  PTX_Case<"e3m2x4", 39>, PTX_Case<"s2f6x2", 40>, PTX_Case<"b4x16", 41>,
  PTX_Case<"b6x16_p32", 42>, PTX_Case<"b4x16_p64", 43>,
  PTX_Case<"e2m1", 44>, PTX_Case<"e2m3", 45>, PTX_Case<"e3m2", 46>,
  PTX_Case<"ue8m0", 47>, PTX_Case<"ue4m3", 48>, PTX_Case<"u2", 49>,
  PTX_Case<"s2", 50>,
  // Opaque handle types (variables, parameters, istypep) and the
  // ldmatrix destination format.
  PTX_Case<"texref", 51>, PTX_Case<"samplerref", 52>, PTX_Case<"surfref", 53>,
  PTX_Case<"b8x16", 54>
]>;
def PTX_TypeAttr : PTX_EnumAttr<PTX_Type, "type">;

// Floating-point rounding (`.rn` ...) and integer rounding for cvt (`.rni` ...).
def PTX_Rounding : PTX_Enum<"Rounding", "rounding modifier", [
  PTX_Case<"rn", 0>, PTX_Case<"rz", 1>, PTX_Case<"rm", 2>, PTX_Case<"rp", 3>,
  PTX_Case<"rna", 4>, PTX_Case<"rs", 5>,
  PTX_Case<"rni", 6>, PTX_Case<"rzi", 7>, PTX_Case<"rmi", 8>, PTX_Case<"rpi", 9>
]>;
def PTX_RoundingAttr : PTX_EnumAttr<PTX_Rounding, "rnd">;

// `.lo` / `.hi` / `.wide` of mul, mad, mul24, mad24.
def PTX_MulMode : PTX_Enum<"MulMode", "multiply result selection", [
  PTX_Case<"lo", 0>, PTX_Case<"hi", 1>, PTX_Case<"wide", 2>
]>;
def PTX_MulModeAttr : PTX_EnumAttr<PTX_MulMode, "mul_mode">;

// Comparison operators of setp, set, slct-like ops.
def PTX_CmpOperator : PTX_Enum<"CmpOperator", "comparison operator", [
  PTX_Case<"eq", 0>, PTX_Case<"ne", 1>, PTX_Case<"lt", 2>, PTX_Case<"le", 3>,
  PTX_Case<"gt", 4>, PTX_Case<"ge", 5>, PTX_Case<"lo", 6>, PTX_Case<"ls", 7>,
  PTX_Case<"hi", 8>, PTX_Case<"hs", 9>, PTX_Case<"equ", 10>, PTX_Case<"neu", 11>,
  PTX_Case<"ltu", 12>, PTX_Case<"leu", 13>, PTX_Case<"gtu", 14>,
  PTX_Case<"geu", 15>, PTX_Case<"num", 16>, PTX_Case<"nan", 17>
]>;
def PTX_CmpOperatorAttr : PTX_EnumAttr<PTX_CmpOperator, "cmp">;

// `.and` / `.or` / `.xor` combining a comparison with a predicate.
def PTX_BoolOperator : PTX_Enum<"BoolOperator", "boolean combination", [
  PTX_Case<"And", 0, "and">, PTX_Case<"Or", 1, "or">, PTX_Case<"Xor", 2, "xor">
]>;
def PTX_BoolOperatorAttr : PTX_EnumAttr<PTX_BoolOperator, "boolop">;

// State spaces.
def PTX_StateSpace : PTX_Enum<"StateSpace", "state space", [
  PTX_Case<"reg", 0>, PTX_Case<"sreg", 1>, PTX_Case<"Const", 2, "const">,
  PTX_Case<"global", 3>, PTX_Case<"local", 4>, PTX_Case<"param", 5>,
  PTX_Case<"shared", 6>, PTX_Case<"tex", 7>,
  PTX_Case<"shared_cta", 8, "shared::cta">,
  PTX_Case<"shared_cluster", 9, "shared::cluster">,
  PTX_Case<"param_entry", 10, "param::entry">,
  PTX_Case<"param_func", 11, "param::func">
]>;
def PTX_StateSpaceAttr : PTX_EnumAttr<PTX_StateSpace, "space">;

// Cache operators of ld/st/prefetch.
def PTX_CacheOp : PTX_Enum<"CacheOp", "cache operator", [
  PTX_Case<"ca", 0>, PTX_Case<"cg", 1>, PTX_Case<"cs", 2>, PTX_Case<"lu", 3>,
  PTX_Case<"cv", 4>, PTX_Case<"wb", 5>, PTX_Case<"wt", 6>
]>;
def PTX_CacheOpAttr : PTX_EnumAttr<PTX_CacheOp, "cop">;

// Vector widths of ld/st/tex and friends.
def PTX_Vec : PTX_Enum<"VecWidth", "vector width", [
  PTX_Case<"v2", 2>, PTX_Case<"v4", 4>, PTX_Case<"v8", 8>
]>;
def PTX_VecAttr : PTX_EnumAttr<PTX_Vec, "vec">;

// Memory-ordering semantics.
def PTX_MemSem : PTX_Enum<"MemSem", "memory-ordering semantics", [
  PTX_Case<"weak", 0>, PTX_Case<"Volatile", 1, "volatile">,
  PTX_Case<"relaxed", 2>, PTX_Case<"acquire", 3>, PTX_Case<"release", 4>,
  PTX_Case<"acq_rel", 5>, PTX_Case<"sc", 6>, PTX_Case<"mmio", 7>
]>;
def PTX_MemSemAttr : PTX_EnumAttr<PTX_MemSem, "sem">;

// Scopes.
def PTX_Scope : PTX_Enum<"Scope", "memory scope", [
  PTX_Case<"cta", 0>, PTX_Case<"cluster", 1>, PTX_Case<"gpu", 2>,
  PTX_Case<"sys", 3>
]>;
def PTX_ScopeAttr : PTX_EnumAttr<PTX_Scope, "scope">;

// membar levels.
def PTX_MembarLevel : PTX_Enum<"MembarLevel", "membar level", [
  PTX_Case<"cta", 0>, PTX_Case<"gl", 1>, PTX_Case<"sys", 2>
]>;
def PTX_MembarLevelAttr : PTX_EnumAttr<PTX_MembarLevel, "membar_level">;

// L1/L2 eviction priorities, prefetch sizes and cache hints of ld/st/atom.
def PTX_L1Eviction : PTX_Enum<"L1Eviction", "L1 eviction priority", [
  PTX_Case<"evict_normal", 0, "L1::evict_normal">,
  PTX_Case<"evict_unchanged", 1, "L1::evict_unchanged">,
  PTX_Case<"evict_first", 2, "L1::evict_first">,
  PTX_Case<"evict_last", 3, "L1::evict_last">,
  PTX_Case<"no_allocate", 4, "L1::no_allocate">
]>;
def PTX_L1EvictionAttr : PTX_EnumAttr<PTX_L1Eviction, "l1_eviction">;

def PTX_L2Eviction : PTX_Enum<"L2Eviction", "L2 eviction priority", [
  PTX_Case<"evict_normal", 0, "L2::evict_normal">,
  PTX_Case<"evict_first", 1, "L2::evict_first">,
  PTX_Case<"evict_last", 2, "L2::evict_last">
]>;
def PTX_L2EvictionAttr : PTX_EnumAttr<PTX_L2Eviction, "l2_eviction">;

def PTX_PrefetchSize : PTX_Enum<"PrefetchSize", "L2 prefetch size", [
  PTX_Case<"L2_64B", 0, "L2::64B">, PTX_Case<"L2_128B", 1, "L2::128B">,
  PTX_Case<"L2_256B", 2, "L2::256B">
]>;
def PTX_PrefetchSizeAttr : PTX_EnumAttr<PTX_PrefetchSize, "prefetch_size">;

def PTX_CacheHint : PTX_Enum<"CacheHint", "cache-policy operand marker", [
  PTX_Case<"L2_cache_hint", 0, "L2::cache_hint">
]>;
def PTX_CacheHintAttr : PTX_EnumAttr<PTX_CacheHint, "cache_hint">;

// Atomic and reduction operations.
def PTX_AtomOperation : PTX_Enum<"AtomOperation", "atomic operation", [
  PTX_Case<"And", 0, "and">, PTX_Case<"Or", 1, "or">, PTX_Case<"Xor", 2, "xor">,
  PTX_Case<"cas", 3>, PTX_Case<"exch", 4>, PTX_Case<"add", 5>,
  PTX_Case<"inc", 6>, PTX_Case<"dec", 7>, PTX_Case<"min", 8>,
  PTX_Case<"max", 9>
]>;
def PTX_AtomOperationAttr : PTX_EnumAttr<PTX_AtomOperation, "atom_op">;

// shfl.sync modes.
def PTX_ShflMode : PTX_Enum<"ShflMode", "shuffle mode", [
  PTX_Case<"up", 0>, PTX_Case<"down", 1>, PTX_Case<"bfly", 2>, PTX_Case<"idx", 3>
]>;
def PTX_ShflModeAttr : PTX_EnumAttr<PTX_ShflMode, "shfl_mode">;

// vote.sync modes.
def PTX_VoteMode : PTX_Enum<"VoteMode", "vote mode", [
  PTX_Case<"all", 0>, PTX_Case<"any", 1>, PTX_Case<"uni", 2>,
  PTX_Case<"ballot", 3>
]>;
def PTX_VoteModeAttr : PTX_EnumAttr<PTX_VoteMode, "vote_mode">;

// match.sync modes.
def PTX_MatchMode : PTX_Enum<"MatchMode", "match mode", [
  PTX_Case<"any", 0>, PTX_Case<"all", 1>
]>;
def PTX_MatchModeAttr : PTX_EnumAttr<PTX_MatchMode, "match_mode">;

// redux.sync and bar.red operations.
def PTX_ReduxOperation : PTX_Enum<"ReduxOperation", "warp/block reduction operation", [
  PTX_Case<"add", 0>, PTX_Case<"min", 1>, PTX_Case<"max", 2>,
  PTX_Case<"And", 3, "and">, PTX_Case<"Or", 4, "or">, PTX_Case<"Xor", 5, "xor">,
  PTX_Case<"popc", 6>
]>;
def PTX_ReduxOperationAttr : PTX_EnumAttr<PTX_ReduxOperation, "redux_op">;

// prmt modes.
def PTX_PrmtMode : PTX_Enum<"PrmtMode", "byte permute mode", [
  PTX_Case<"f4e", 0>, PTX_Case<"b4e", 1>, PTX_Case<"rc8", 2>, PTX_Case<"ecl", 3>,
  PTX_Case<"ecr", 4>, PTX_Case<"rc16", 5>
]>;
def PTX_PrmtModeAttr : PTX_EnumAttr<PTX_PrmtMode, "prmt_mode">;

// shf direction and mode.
def PTX_ShfDir : PTX_Enum<"ShfDir", "funnel shift direction", [
  PTX_Case<"l", 0>, PTX_Case<"r", 1>
]>;
def PTX_ShfDirAttr : PTX_EnumAttr<PTX_ShfDir, "shf_dir">;

def PTX_ShfMode : PTX_Enum<"ShfMode", "funnel shift amount mode", [
  PTX_Case<"clamp", 0>, PTX_Case<"wrap", 1>
]>;
def PTX_ShfModeAttr : PTX_EnumAttr<PTX_ShfMode, "shf_mode">;

// bmsk mode.
def PTX_BmskMode : PTX_Enum<"BmskMode", "bit mask mode", [
  PTX_Case<"clamp", 0>, PTX_Case<"wrap", 1>
]>;
def PTX_BmskModeAttr : PTX_EnumAttr<PTX_BmskMode, "bmsk_mode">;

// testp operators.
def PTX_TestpProperty : PTX_Enum<"TestpProperty", "floating-point class test", [
  PTX_Case<"finite", 0>, PTX_Case<"infinite", 1>, PTX_Case<"number", 2>,
  PTX_Case<"notanumber", 3>, PTX_Case<"normal", 4>, PTX_Case<"subnormal", 5>
]>;
def PTX_TestpPropertyAttr : PTX_EnumAttr<PTX_TestpProperty, "testp_op">;

// Texture geometries.
def PTX_TexGeom : PTX_Enum<"TexGeom", "texture geometry", [
  PTX_Case<"g1d", 0, "1d">, PTX_Case<"g2d", 1, "2d">, PTX_Case<"g3d", 2, "3d">,
  PTX_Case<"a1d", 3>, PTX_Case<"a2d", 4>, PTX_Case<"cube", 5>,
  PTX_Case<"acube", 6>, PTX_Case<"g2dms", 7, "2dms">, PTX_Case<"a2dms", 8>
]>;
def PTX_TexGeomAttr : PTX_EnumAttr<PTX_TexGeom, "geom">;

// Surface out-of-bounds modes.
def PTX_SurfClamp : PTX_Enum<"SurfClamp", "surface clamp mode", [
  PTX_Case<"trap", 0>, PTX_Case<"clamp", 1>, PTX_Case<"zero", 2>
]>;
def PTX_SurfClampAttr : PTX_EnumAttr<PTX_SurfClamp, "surf_clamp">;

// Video instruction secondary operations (`.add`, `.min`, `.max`).
def PTX_VideoOp2 : PTX_Enum<"VideoOp2", "video secondary operation", [
  PTX_Case<"add", 0>, PTX_Case<"min", 1>, PTX_Case<"max", 2>
]>;
def PTX_VideoOp2Attr : PTX_EnumAttr<PTX_VideoOp2, "video_op2">;

// prefetch levels.
def PTX_PrefetchLevel : PTX_Enum<"PrefetchLevel", "prefetch cache level", [
  PTX_Case<"L1", 0>, PTX_Case<"L2", 1>,
  PTX_Case<"L2_evict_last", 2, "L2::evict_last">,
  PTX_Case<"L2_evict_normal", 3, "L2::evict_normal">
]>;
def PTX_PrefetchLevelAttr : PTX_EnumAttr<PTX_PrefetchLevel, "prefetch_level">;

// fence.proxy / membar.proxy kinds.
def PTX_ProxyKind : PTX_Enum<"ProxyKind", "memory proxy kind", [
  PTX_Case<"alias", 0>, PTX_Case<"async", 1>
]>;
def PTX_ProxyKindAttr : PTX_EnumAttr<PTX_ProxyKind, "proxy">;

// Linkage of module-scope symbols.
def PTX_Linkage : PTX_Enum<"Linkage", "linkage directive", [
  PTX_Case<"none", 0, "">, PTX_Case<"visible", 1>, PTX_Case<"external", 2, "extern">,
  PTX_Case<"weak", 3>, PTX_Case<"common", 4>
]>;
def PTX_LinkageAttr : PTX_EnumAttr<PTX_Linkage, "linkage">;

// Special registers (the component `.x/.y/.z` is a separate attribute).
def PTX_SpecialReg : PTX_Enum<"SpecialReg", "special register", [
  PTX_Case<"tid", 0>, PTX_Case<"ntid", 1>, PTX_Case<"laneid", 2>,
  PTX_Case<"warpid", 3>, PTX_Case<"nwarpid", 4>, PTX_Case<"ctaid", 5>,
  PTX_Case<"nctaid", 6>, PTX_Case<"smid", 7>, PTX_Case<"nsmid", 8>,
  PTX_Case<"gridid", 9>, PTX_Case<"is_explicit_cluster", 10>,
  PTX_Case<"clusterid", 11>, PTX_Case<"nclusterid", 12>,
  PTX_Case<"cluster_ctaid", 13>, PTX_Case<"cluster_nctaid", 14>,
  PTX_Case<"cluster_ctarank", 15>, PTX_Case<"cluster_nctarank", 16>,
  PTX_Case<"lanemask_eq", 17>, PTX_Case<"lanemask_le", 18>,
  PTX_Case<"lanemask_lt", 19>, PTX_Case<"lanemask_ge", 20>,
  PTX_Case<"lanemask_gt", 21>, PTX_Case<"clock", 22>, PTX_Case<"clock_hi", 23>,
  PTX_Case<"clock64", 24>,
  PTX_Case<"pm0", 25>, PTX_Case<"pm1", 26>, PTX_Case<"pm2", 27>,
  PTX_Case<"pm3", 28>, PTX_Case<"pm4", 29>, PTX_Case<"pm5", 30>,
  PTX_Case<"pm6", 31>, PTX_Case<"pm7", 32>,
  PTX_Case<"pm0_64", 33>, PTX_Case<"pm1_64", 34>, PTX_Case<"pm2_64", 35>,
  PTX_Case<"pm3_64", 36>, PTX_Case<"pm4_64", 37>, PTX_Case<"pm5_64", 38>,
  PTX_Case<"pm6_64", 39>, PTX_Case<"pm7_64", 40>,
  PTX_Case<"envreg", 41>, PTX_Case<"globaltimer", 42>,
  PTX_Case<"globaltimer_lo", 43>, PTX_Case<"globaltimer_hi", 44>,
  PTX_Case<"reserved_smem_offset_begin", 45>,
  PTX_Case<"reserved_smem_offset_end", 46>,
  PTX_Case<"reserved_smem_offset_cap", 47>,
  PTX_Case<"reserved_smem_offset_0", 48>,
  PTX_Case<"reserved_smem_offset_1", 49>,
  PTX_Case<"total_smem_size", 50>, PTX_Case<"aggr_smem_size", 51>,
  PTX_Case<"dynamic_smem_size", 52>, PTX_Case<"current_graph_exec", 53>,
  PTX_Case<"perctamemoryoffset", 54>, PTX_Case<"perctamemorysize", 55>
]>;
def PTX_SpecialRegAttr : PTX_EnumAttr<PTX_SpecialReg, "sreg">;

//===----------------------------------------------------------------------===//
// Texture, surface, warp-matrix, video and asynchronous-copy modifiers
//===----------------------------------------------------------------------===//

// tex mipmap access.
def PTX_TexMipmap : PTX_Enum<"TexMipmap", "texture mipmap level selection", [
  PTX_Case<"base", 0>, PTX_Case<"level", 1>, PTX_Case<"grad", 2>
]>;
def PTX_TexMipmapAttr : PTX_EnumAttr<PTX_TexMipmap, "mipmap">;

// tld4 gathered component.
def PTX_TexComponent : PTX_Enum<"TexComponent", "texel component", [
  PTX_Case<"r", 0>, PTX_Case<"g", 1>, PTX_Case<"b", 2>, PTX_Case<"a", 3>
]>;
def PTX_TexComponentAttr : PTX_EnumAttr<PTX_TexComponent, "tex_comp">;

// txq queries (texture and sampler attributes).
def PTX_TexQuery : PTX_Enum<"TexQuery", "texture or sampler attribute", [
  PTX_Case<"width", 0>, PTX_Case<"height", 1>, PTX_Case<"depth", 2>,
  PTX_Case<"channel_data_type", 3>, PTX_Case<"channel_order", 4>,
  PTX_Case<"normalized_coords", 5>, PTX_Case<"array_size", 6>,
  PTX_Case<"num_mipmap_levels", 7>, PTX_Case<"num_samples", 8>,
  PTX_Case<"force_unnormalized_coords", 9>, PTX_Case<"filter_mode", 10>,
  PTX_Case<"addr_mode_0", 11>, PTX_Case<"addr_mode_1", 12>,
  PTX_Case<"addr_mode_2", 13>
]>;
def PTX_TexQueryAttr : PTX_EnumAttr<PTX_TexQuery, "tex_query">;

// suq queries.
def PTX_SurfQuery : PTX_Enum<"SurfQuery", "surface attribute", [
  PTX_Case<"width", 0>, PTX_Case<"height", 1>, PTX_Case<"depth", 2>,
  PTX_Case<"channel_data_type", 3>, PTX_Case<"channel_order", 4>,
  PTX_Case<"array_size", 5>, PTX_Case<"memory_layout", 6>
]>;
def PTX_SurfQueryAttr : PTX_EnumAttr<PTX_SurfQuery, "surf_query">;

// Surface access: `.b` unformatted (byte addressing), `.p` formatted.
def PTX_SurfMode : PTX_Enum<"SurfMode", "surface access mode", [
  PTX_Case<"b", 0>, PTX_Case<"p", 1>
]>;
def PTX_SurfModeAttr : PTX_EnumAttr<PTX_SurfMode, "surf_mode">;

// Warp-level matrix fragments, layouts, shapes and ldmatrix counts.
def PTX_MatrixFragment : PTX_Enum<"MatrixFragment", "matrix fragment", [
  PTX_Case<"a", 0>, PTX_Case<"b", 1>, PTX_Case<"c", 2>, PTX_Case<"d", 3>
]>;
def PTX_MatrixFragmentAttr : PTX_EnumAttr<PTX_MatrixFragment, "frag">;

def PTX_MatrixLayout : PTX_Enum<"MatrixLayout", "matrix layout", [
  PTX_Case<"row", 0>, PTX_Case<"col", 1>
]>;
def PTX_MatrixLayoutAttr : PTX_EnumAttr<PTX_MatrixLayout, "layout">;

def PTX_MatrixShape : PTX_Enum<"MatrixShape", "matrix shape", [
  PTX_Case<"m16n16k16", 0>, PTX_Case<"m8n32k16", 1>, PTX_Case<"m32n8k16", 2>,
  PTX_Case<"m16n16k8", 3>, PTX_Case<"m8n8k4", 4>, PTX_Case<"m8n8k16", 5>,
  PTX_Case<"m8n8k32", 6>, PTX_Case<"m8n8k128", 7>, PTX_Case<"m16n8k4", 8>,
  PTX_Case<"m16n8k8", 9>, PTX_Case<"m16n8k16", 10>, PTX_Case<"m16n8k32", 11>,
  PTX_Case<"m16n8k64", 12>, PTX_Case<"m16n8k128", 13>,
  PTX_Case<"m16n8k256", 14>, PTX_Case<"m8n8", 15>, PTX_Case<"m16n16", 16>,
  PTX_Case<"m8n16", 17>, PTX_Case<"m16n8", 18>
]>;
def PTX_MatrixShapeAttr : PTX_EnumAttr<PTX_MatrixShape, "shape">;

def PTX_MatrixCount : PTX_Enum<"MatrixCount", "number of matrices", [
  PTX_Case<"x1", 1>, PTX_Case<"x2", 2>, PTX_Case<"x4", 4>
]>;
def PTX_MatrixCountAttr : PTX_EnumAttr<PTX_MatrixCount, "num">;

// mma operand kinds, block scaling and sparsity.
def PTX_MmaKind : PTX_Enum<"MmaKind", "mma operand kind", [
  PTX_Case<"f8f6f4", 0, "kind::f8f6f4">, PTX_Case<"mxf4", 1, "kind::mxf4">,
  PTX_Case<"mxf4nvf4", 2, "kind::mxf4nvf4">,
  PTX_Case<"mxf8f6f4", 3, "kind::mxf8f6f4">
]>;
def PTX_MmaKindAttr : PTX_EnumAttr<PTX_MmaKind, "mma_kind">;

def PTX_ScaleVecSize : PTX_Enum<"ScaleVecSize", "block-scale vector size", [
  PTX_Case<"x1", 1, "scale_vec::1X">, PTX_Case<"x2", 2, "scale_vec::2X">,
  PTX_Case<"x4", 4, "scale_vec::4X">
]>;
def PTX_ScaleVecSizeAttr : PTX_EnumAttr<PTX_ScaleVecSize, "scale_vec">;

def PTX_MmaSparsity : PTX_Enum<"MmaSparsity", "sparse mma variant", [
  PTX_Case<"sp", 0>, PTX_Case<"ordered_metadata", 1, "sp::ordered_metadata">
]>;
def PTX_MmaSparsityAttr : PTX_EnumAttr<PTX_MmaSparsity, "sparsity">;

// vmad result scaling.
def PTX_VideoScale : PTX_Enum<"VideoScale", "vmad result shift", [
  PTX_Case<"shr7", 0>, PTX_Case<"shr15", 1>
]>;
def PTX_VideoScaleAttr : PTX_EnumAttr<PTX_VideoScale, "video_scale">;

// How an asynchronous copy signals completion.
def PTX_Completion : PTX_Enum<"Completion", "completion mechanism", [
  PTX_Case<"mbarrier_complete_tx_bytes", 0, "mbarrier::complete_tx::bytes">,
  PTX_Case<"bulk_group", 1>
]>;
def PTX_CompletionAttr : PTX_EnumAttr<PTX_Completion, "completion">;

def PTX_Multicast : PTX_Enum<"Multicast", "multicast target", [
  PTX_Case<"cluster", 0, "multicast::cluster">
]>;
def PTX_MulticastAttr : PTX_EnumAttr<PTX_Multicast, "multicast">;

// Tensor dimensionality and load modes of cp.async.bulk.tensor.
def PTX_TensorDim : PTX_Enum<"TensorDim", "tensor dimensionality", [
  PTX_Case<"t1d", 1, "1d">, PTX_Case<"t2d", 2, "2d">, PTX_Case<"t3d", 3, "3d">,
  PTX_Case<"t4d", 4, "4d">, PTX_Case<"t5d", 5, "5d">
]>;
def PTX_TensorDimAttr : PTX_EnumAttr<PTX_TensorDim, "tensor_dim">;

def PTX_TensorLoadMode : PTX_Enum<"TensorLoadMode", "tensor copy mode", [
  PTX_Case<"tile", 0>, PTX_Case<"tile_gather4", 1, "tile::gather4">,
  PTX_Case<"tile_scatter4", 2, "tile::scatter4">, PTX_Case<"im2col", 3>,
  PTX_Case<"im2col_w", 4, "im2col::w">,
  PTX_Case<"im2col_w_128", 5, "im2col::w::128">,
  PTX_Case<"im2col_no_offs", 6>
]>;
def PTX_TensorLoadModeAttr : PTX_EnumAttr<PTX_TensorLoadMode, "load_mode">;

// The L2 eviction priorities of createpolicy (primary and secondary).
def PTX_L2Priority : PTX_Enum<"L2Priority", "L2 eviction priority of a cache policy", [
  PTX_Case<"evict_last", 0, "L2::evict_last">,
  PTX_Case<"evict_normal", 1, "L2::evict_normal">,
  PTX_Case<"evict_first", 2, "L2::evict_first">,
  PTX_Case<"evict_unchanged", 3, "L2::evict_unchanged">
]>;
def PTX_L2PriorityAttr : PTX_EnumAttr<PTX_L2Priority, "l2_priority">;

// The fields tensormap.replace writes.
def PTX_TensormapField : PTX_Enum<"TensormapField", "tensor-map field", [
  PTX_Case<"global_address", 0>, PTX_Case<"rank", 1>, PTX_Case<"box_dim", 2>,
  PTX_Case<"global_dim", 3>, PTX_Case<"global_stride", 4>,
  PTX_Case<"element_stride", 5>, PTX_Case<"elemtype", 6>,
  PTX_Case<"interleave_layout", 7>, PTX_Case<"swizzle_mode", 8>,
  PTX_Case<"swizzle_atomicity", 9>, PTX_Case<"fill_mode", 10>
]>;
def PTX_TensormapFieldAttr : PTX_EnumAttr<PTX_TensormapField, "tensormap_field">;

// The proxies tensormap.cp_fenceproxy orders (.to_proxy::from_proxy).
def PTX_ProxyPair : PTX_Enum<"ProxyPair", "to/from proxy pair", [
  PTX_Case<"tensormap_generic", 0, "tensormap::generic">
]>;
def PTX_ProxyPairAttr : PTX_EnumAttr<PTX_ProxyPair, "proxy_pair">;

def PTX_CtaGroup : PTX_Enum<"CtaGroup", "CTA group", [
  PTX_Case<"g1", 1, "cta_group::1">, PTX_Case<"g2", 2, "cta_group::2">
]>;
def PTX_CtaGroupAttr : PTX_EnumAttr<PTX_CtaGroup, "cta_group">;

// griddepcontrol actions.
def PTX_GridDepAction : PTX_Enum<"GridDepAction", "grid dependency action", [
  PTX_Case<"launch_dependents", 0>, PTX_Case<"wait", 1>
]>;
def PTX_GridDepActionAttr : PTX_EnumAttr<PTX_GridDepAction, "griddep_action">;

// setmaxnreg actions.
def PTX_RegCountAction : PTX_Enum<"RegCountAction", "register count change", [
  PTX_Case<"inc", 0>, PTX_Case<"dec", 1>
]>;
def PTX_RegCountActionAttr : PTX_EnumAttr<PTX_RegCountAction, "nreg_action">;

// Values of the fields in `.samplerref`/`.texref` initializers.
def PTX_OpaqueValue : PTX_Enum<"OpaqueValue", "texture/sampler field value", [
  PTX_Case<"nearest", 0>, PTX_Case<"linear", 1>, PTX_Case<"wrap", 2>,
  PTX_Case<"mirror", 3>, PTX_Case<"clamp_ogl", 4>, PTX_Case<"clamp_to_edge", 5>,
  PTX_Case<"clamp_to_border", 6>
]>;
def PTX_OpaqueValueAttr : PTX_EnumAttr<PTX_OpaqueValue, "opaque_value">;

#endif // PTXMLIR_PTX_ENUMS_TD
