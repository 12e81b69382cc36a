//===- PTXOpsMemory.td - loads, stores, atomics ------------*- tablegen -*-===//

#ifndef PTXMLIR_PTX_OPS_MEMORY_TD
#define PTXMLIR_PTX_OPS_MEMORY_TD

include "PTX/IR/PTXOpsData.td"

// Modifiers of ld/st in the manual's order.
defvar PTX_LdStMods = (ins PTX_Opt<PTX_MemSemAttr>:$sem,
    PTX_Opt<PTX_ScopeAttr>:$scope, PTX_Opt<PTX_StateSpaceAttr>:$space,
    PTX_Opt<PTX_CacheOpAttr>:$cop, PTX_Flag:$nc,
    PTX_Opt<PTX_L1EvictionAttr>:$l1_eviction,
    PTX_Opt<PTX_L2EvictionAttr>:$l2_eviction,
    PTX_Opt<PTX_CacheHintAttr>:$cache_hint,
    PTX_Opt<PTX_PrefetchSizeAttr>:$prefetch_size, PTX_Opt<PTX_VecAttr>:$vec,
    PTX_TypeAttr:$type);

def PTX_LdOp : PTX_Inst<"ld", [MemoryEffects<[MemRead]>],
    !con(PTX_LdStMods, PTX_AddrArgs<"addr">.args,
         (ins Optional<I64>:$cache_policy)),
    (outs Variadic<PTX_RegType>:$d)> {
  let summary = "load (scalar or .v2/.v4/.v8)";
  let ptxHasVerifier = 1;
}
def PTX_LduOp : PTX_Inst<"ldu", [MemoryEffects<[MemRead]>],
    !con((ins PTX_Opt<PTX_StateSpaceAttr>:$space, PTX_Opt<PTX_VecAttr>:$vec,
          PTX_TypeAttr:$type), PTX_AddrArgs<"addr">.args),
    (outs Variadic<PTX_RegType>:$d)> {
  let summary = "load read-only data uniform across the warp";
  let ptxHasVerifier = 1;
}
def PTX_StOp : PTX_Inst<"st", [MemoryEffects<[MemWrite]>],
    !con(PTX_LdStMods, PTX_AddrArgs<"addr">.args,
         (ins Variadic<PTX_RegType>:$b, Optional<I64>:$cache_policy))> {
  let summary = "store (scalar or .v2/.v4/.v8)";
  let ptxHasVerifier = 1;
}
def PTX_PrefetchOp : PTX_Inst<"prefetch", [MemoryEffects<[MemRead]>],
    !con((ins PTX_Opt<PTX_StateSpaceAttr>:$space,
          PTX_PrefetchLevelAttr:$level), PTX_AddrArgs<"addr">.args)> {
  let summary = "prefetch a line into a cache level";
}
def PTX_PrefetchuOp : PTX_Inst<"prefetchu", [MemoryEffects<[MemRead]>],
    !con((ins PTX_PrefetchLevelAttr:$level), PTX_AddrArgs<"addr">.args)> {
  let summary = "prefetch a line into the uniform cache";
}

// createpolicy: an opaque 64-bit L2 cache policy for the .L2::cache_hint
// operand of ld/st/atom/red and the async copies.
def PTX_CreatepolicyRangeOp : PTX_Inst<"createpolicy_range", [Pure],
    !con((ins PTX_Opt<PTX_StateSpaceAttr>:$space, PTX_L2PriorityAttr:$primary,
          PTX_Opt<PTX_L2PriorityAttr>:$secondary, PTX_TypeAttr:$type),
         PTX_AddrArgs<"a">.args,
         (ins PTX_RegType:$primary_size, PTX_RegType:$total_size)),
    (outs PTX_RegType:$policy)> {
  let summary = "create a range-based L2 cache policy";
  let ptxHasVerifier = 1;
}
def PTX_CreatepolicyFractionalOp : PTX_Inst<"createpolicy_fractional", [Pure],
    (ins PTX_L2PriorityAttr:$primary, PTX_Opt<PTX_L2PriorityAttr>:$secondary,
         PTX_TypeAttr:$type, Optional<PTX_RegType>:$fraction),
    (outs PTX_RegType:$policy)> {
  let summary = "create a fraction-based L2 cache policy";
  let ptxHasVerifier = 1;
}
def PTX_CreatepolicyCvtOp : PTX_Inst<"createpolicy_cvt", [Pure],
    (ins PTX_TypeAttr:$type, PTX_RegType:$access_property),
    (outs PTX_RegType:$policy)> {
  let summary = "convert a CUDA access property into an L2 cache policy";
  let ptxOpcode = "createpolicy.cvt.L2";
  let ptxHasVerifier = 1;
}

// Cache management without effect on values (PTX 7.4, sm_80): discard
// makes a 128-byte L2 line's contents undefined, applypriority sets its
// eviction priority to normal.
def PTX_DiscardOp : PTX_Inst<"discard", [MemoryEffects<[MemWrite]>],
    !con((ins PTX_Opt<PTX_StateSpaceAttr>:$space), PTX_AddrArgs<"addr">.args,
         (ins PTX_RegType:$size))> {
  let summary = "discard the contents of a 128-byte L2 cache line";
  let ptxOpcode = "discard.L2";
  let ptxOpcodeLate = "L2";
  let ptxOpcodeLateAfter = "space";
  let ptxHasVerifier = 1;
}
def PTX_ApplypriorityOp : PTX_Inst<"applypriority",
    [MemoryEffects<[MemRead]>],
    !con((ins PTX_Opt<PTX_StateSpaceAttr>:$space), PTX_AddrArgs<"addr">.args,
         (ins PTX_RegType:$size))> {
  let summary = "give a 128-byte L2 cache line the normal eviction priority";
  let ptxOpcode = "applypriority.L2::evict_normal";
  let ptxOpcodeLate = "L2::evict_normal";
  let ptxOpcodeLateAfter = "space";
  let ptxHasVerifier = 1;
}
// st.bulk (PTX 8.6, sm_100): size bytes of shared memory set to initval
// (which must be 0).
def PTX_StBulkOp : PTX_Inst<"st_bulk", [MemoryEffects<[MemWrite]>],
    !con((ins PTX_Flag:$weak, PTX_Opt<PTX_StateSpaceAttr>:$space),
         PTX_AddrArgs<"addr">.args,
         (ins PTX_RegType:$size, PTX_RegType:$initval))> {
  let summary = "initialize a range of shared memory";
  let ptxHasVerifier = 1;
}

// The stack (PTX 7.3, sm_52): alloca moves the stack pointer down by size
// bytes (aligned to immAlign, 8 by default) and returns the .local address;
// stacksave and stackrestore read and set the stack pointer.
def PTX_AllocaOp : PTX_Inst<"alloca", [MemoryEffects<[MemAlloc]>],
    (ins PTX_TypeAttr:$type, PTX_RegType:$size, Optional<PTX_RegType>:$align),
    (outs PTX_RegType:$ptr)> {
  let summary = "allocate memory on the stack of the current function";
  let ptxHasVerifier = 1;
}
def PTX_StacksaveOp : PTX_Inst<"stacksave", [MemoryEffects<[MemRead]>],
    (ins PTX_TypeAttr:$type), (outs PTX_RegType:$d)> {
  let summary = "the stack pointer";
  let ptxHasVerifier = 1;
}
def PTX_StackrestoreOp : PTX_Inst<"stackrestore",
    [MemoryEffects<[MemRead, MemWrite]>],
    (ins PTX_TypeAttr:$type, PTX_RegType:$a)> {
  let summary = "set the stack pointer to a value stacksave returned";
  let ptxHasVerifier = 1;
}

defvar PTX_AtomMods = (ins PTX_Opt<PTX_MemSemAttr>:$sem,
    PTX_Opt<PTX_ScopeAttr>:$scope, PTX_Opt<PTX_StateSpaceAttr>:$space,
    PTX_AtomOperationAttr:$op, PTX_Flag:$noftz, PTX_Opt<PTX_CacheHintAttr>:$cache_hint,
    PTX_Opt<PTX_VecAttr>:$vec, PTX_TypeAttr:$type);

def PTX_AtomOp : PTX_Inst<"atom", [MemoryEffects<[MemRead, MemWrite]>],
    !con(PTX_AtomMods, PTX_AddrArgs<"addr">.args,
         (ins Variadic<PTX_RegType>:$b, Optional<PTX_RegType>:$c,
          Optional<I64>:$cache_policy)),
    (outs Variadic<PTX_RegType>:$d)> {
  let summary = "atomic read-modify-write returning the old value(s)";
  let ptxHasVerifier = 1;
}
def PTX_RedOp : PTX_Inst<"red", [MemoryEffects<[MemRead, MemWrite]>],
    !con(PTX_AtomMods, PTX_AddrArgs<"addr">.args,
         (ins Variadic<PTX_RegType>:$b, Optional<I64>:$cache_policy))> {
  let summary = "atomic reduction without a result (scalar or vector)";
  let ptxHasVerifier = 1;
}

#endif // PTXMLIR_PTX_OPS_MEMORY_TD
