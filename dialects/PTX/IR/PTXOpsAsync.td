//===- PTXOpsAsync.td - mbarriers and asynchronous copies --*- tablegen -*-===//
//
// mbarrier objects, cp.async (sm_80), the bulk and tensor copies of the
// Hopper async proxy (cp.async.bulk{.tensor}, st.async, red.async) and the
// grid-dependency, register-count and tensor-map controls. None is Pure:
// all of them order memory or synchronise threads.
//
// An mbarrier operand is an address; when a bulk copy completes through a
// bulk group instead it has none (PTX_OptAddrArgs).
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_PTX_OPS_ASYNC_TD
#define PTXMLIR_PTX_OPS_ASYNC_TD

include "PTX/IR/PTXBase.td"

defvar PTX_Async = [MemoryEffects<[MemRead, MemWrite]>];

//===----------------------------------------------------------------------===//
// mbarrier
//===----------------------------------------------------------------------===//

def PTX_MbarrierInitOp : PTX_Inst<"mbarrier_init", PTX_Async,
    !con((ins PTX_Opt<PTX_StateSpaceAttr>:$space, PTX_TypeAttr:$type),
         PTX_AddrArgs<"addr">.args, (ins PTX_RegType:$count))> {
  let summary = "initialise an mbarrier with an expected arrival count";
  let ptxHasVerifier = 1;
}

def PTX_MbarrierInvalOp : PTX_Inst<"mbarrier_inval", PTX_Async,
    !con((ins PTX_Opt<PTX_StateSpaceAttr>:$space, PTX_TypeAttr:$type),
         PTX_AddrArgs<"addr">.args)> {
  let summary = "invalidate an mbarrier";
  let ptxHasVerifier = 1;
}

// expect_tx and complete_tx: `{.sem.scope}{.space}.b64 [addr], txCount`.
class PTX_MbarrierTxInst<string mn, string opc, string sum>
    : PTX_Inst<mn, PTX_Async, !con((ins PTX_Opt<PTX_MemSemAttr>:$sem,
          PTX_Opt<PTX_ScopeAttr>:$scope, PTX_Opt<PTX_StateSpaceAttr>:$space,
          PTX_TypeAttr:$type), PTX_AddrArgs<"addr">.args,
          (ins PTX_RegType:$tx_count))> {
  let summary = sum;
  let ptxOpcode = opc;
  let ptxHasVerifier = 1;
}
def PTX_MbarrierExpectTxOp : PTX_MbarrierTxInst<"mbarrier_expect_tx",
    "mbarrier.expect_tx", "raise the pending transaction count of an mbarrier">;
def PTX_MbarrierCompleteTxOp : PTX_MbarrierTxInst<"mbarrier_complete_tx",
    "mbarrier.complete_tx", "complete transactions of an mbarrier without a copy">;

// arrive and arrive_drop: the state token, or `_` (no result).
class PTX_MbarrierArriveInst<string mn, string opc, string sum>
    : PTX_Inst<mn, PTX_Async, !con((ins PTX_Flag:$expect_tx,
          PTX_Flag:$noComplete, PTX_Opt<PTX_MemSemAttr>:$sem,
          PTX_Opt<PTX_ScopeAttr>:$scope, PTX_Opt<PTX_StateSpaceAttr>:$space,
          PTX_TypeAttr:$type), PTX_AddrArgs<"addr">.args,
          (ins Optional<PTX_RegType>:$count)),
      (outs Optional<PTX_RegType>:$state)> {
  let summary = sum;
  let ptxOpcode = opc;
  let description = [{
    `count` is the arrival count, or the transaction count with
    `.expect_tx`. A `_` destination (required for `.shared::cluster`) is an
    op without result.
  }];
  let ptxHasVerifier = 1;
}
def PTX_MbarrierArriveOp : PTX_MbarrierArriveInst<"mbarrier_arrive",
    "mbarrier.arrive", "arrive at an mbarrier, returning the phase state">;
def PTX_MbarrierArriveDropOp : PTX_MbarrierArriveInst<"mbarrier_arrive_drop",
    "mbarrier.arrive_drop", "arrive at an mbarrier and leave it (lower the expected count)">;

class PTX_MbarrierWaitInst<string mn, string opc, string sum, dag extra>
    : PTX_Inst<mn, PTX_Async, !con((ins PTX_Flag:$parity,
          PTX_Opt<PTX_MemSemAttr>:$sem, PTX_Opt<PTX_ScopeAttr>:$scope,
          PTX_Opt<PTX_StateSpaceAttr>:$space, PTX_TypeAttr:$type),
          PTX_AddrArgs<"addr">.args, (ins PTX_RegType:$state), extra),
      (outs I1:$waitComplete)> {
  let summary = sum;
  let ptxOpcode = opc;
  let description = [{
    `state` is the token of mbarrier.arrive, or the phase parity with
    `.parity`.
  }];
  let ptxHasVerifier = 1;
}
def PTX_MbarrierTestWaitOp : PTX_MbarrierWaitInst<"mbarrier_test_wait",
    "mbarrier.test_wait", "test whether an mbarrier phase has completed", (ins)>;
def PTX_MbarrierTryWaitOp : PTX_MbarrierWaitInst<"mbarrier_try_wait",
    "mbarrier.try_wait", "wait a bounded time for an mbarrier phase to complete",
    (ins Optional<PTX_RegType>:$time_hint)>;

def PTX_MbarrierPendingCountOp : PTX_Inst<"mbarrier_pending_count", [Pure],
    (ins PTX_TypeAttr:$type, PTX_RegType:$state), (outs PTX_RegType:$count)> {
  let summary = "the pending arrival count held in an mbarrier state token";
  let ptxOpcode = "mbarrier.pending_count";
  let ptxHasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// cp.async (non-bulk)
//===----------------------------------------------------------------------===//

def PTX_CpAsyncOp : PTX_Inst<"cp_async", PTX_Async,
    !con((ins PTX_CacheOpAttr:$cop, PTX_StateSpaceAttr:$dst_space,
          PTX_StateSpaceAttr:$src_space,
          PTX_Opt<PTX_CacheHintAttr>:$cache_hint,
          PTX_Opt<PTX_PrefetchSizeAttr>:$prefetch_size),
         PTX_AddrArgs<"dst">.args, PTX_AddrArgs<"src">.args,
         (ins PTX_RegType:$cp_size, Optional<PTX_RegType>:$src_size,
          Optional<I64>:$cache_policy))> {
  let summary = "asynchronous copy from global to shared memory";
  let description = [{
    `src_size` is the number of bytes read (the rest is zero-filled), or,
    as a predicate, ignore-src.
  }];
  let ptxHasVerifier = 1;
}
def PTX_CpAsyncCommitGroupOp : PTX_Inst<"cp_async_commit_group", PTX_Async> {
  let summary = "commit the pending cp.async operations as a group";
  let ptxOpcode = "cp.async.commit_group";
}
def PTX_CpAsyncWaitGroupOp : PTX_Inst<"cp_async_wait_group", PTX_Async,
    (ins PTX_RegType:$n)> {
  let summary = "wait until at most n cp.async groups are pending";
  let ptxOpcode = "cp.async.wait_group";
  let ptxHasVerifier = 1;
}
def PTX_CpAsyncWaitAllOp : PTX_Inst<"cp_async_wait_all", PTX_Async> {
  let summary = "wait for all pending cp.async operations";
  let ptxOpcode = "cp.async.wait_all";
}
def PTX_CpAsyncMbarrierArriveOp : PTX_Inst<"cp_async_mbarrier_arrive",
    PTX_Async, !con((ins PTX_Flag:$noinc, PTX_Opt<PTX_StateSpaceAttr>:$space,
    PTX_TypeAttr:$type), PTX_AddrArgs<"addr">.args)> {
  let summary = "arrive at an mbarrier when the thread's cp.async ops "
                "complete";
  let ptxHasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Bulk copies (async proxy)
//===----------------------------------------------------------------------===//

def PTX_CpAsyncBulkOp : PTX_Inst<"cp_async_bulk", PTX_Async,
    !con((ins PTX_StateSpaceAttr:$dst_space, PTX_StateSpaceAttr:$src_space,
          PTX_CompletionAttr:$completion, PTX_Opt<PTX_MulticastAttr>:$multicast,
          PTX_Opt<PTX_CacheHintAttr>:$cache_hint, PTX_Flag:$cp_mask),
         PTX_AddrArgs<"dst">.args, PTX_AddrArgs<"src">.args,
         (ins PTX_RegType:$size), PTX_OptAddrArgs<"mbar">.args,
         (ins Optional<PTX_RegType>:$cta_mask, Optional<I64>:$cache_policy,
          Optional<PTX_RegType>:$byte_mask))> {
  let summary = "bulk asynchronous copy between global and shared memory";
  let description = [{
    Copies into shared memory complete on the mbarrier `mbar`
    (`.mbarrier::complete_tx::bytes`); copies to global memory complete in a
    bulk group and have no mbarrier.
  }];
  let ptxOperandIf = ["mbar=completion:mbarrier::complete_tx::bytes",
                      "cta_mask=multicast", "byte_mask=cp_mask"];
  let ptxHasVerifier = 1;
}

def PTX_CpAsyncBulkTensorOp : PTX_Inst<"cp_async_bulk_tensor", PTX_Async,
    !con((ins PTX_TensorDimAttr:$dim, PTX_StateSpaceAttr:$dst_space,
          PTX_StateSpaceAttr:$src_space,
          PTX_Opt<PTX_TensorLoadModeAttr>:$load_mode,
          PTX_CompletionAttr:$completion, PTX_Opt<PTX_MulticastAttr>:$multicast,
          PTX_Opt<PTX_CtaGroupAttr>:$cta_group,
          PTX_Opt<PTX_CacheHintAttr>:$cache_hint),
         PTX_OptAddrArgs<"dst">.args, PTX_HandleArgs<"tensor_map">.args,
         (ins PTX_Vector:$coords), PTX_AddrArgs<"mem">.args,
         (ins PTX_OptVector:$im2col, Optional<PTX_RegType>:$cta_mask,
          Optional<I64>:$cache_policy))> {
  let summary = "bulk asynchronous copy of a tensor tile through a tensor map";
  let description = [{
    Loads: `[dst], [tensorMap, {c0, c1 ...} ], [mbar] {, im2col}
    {, ctaMask} {, cache_policy}`: `mem` is the mbarrier. Stores:
    `[tensorMap, {c0, c1 ...} ], [src] {, cache_policy}`: `dst` is absent and
    `mem` is the shared source.
  }];
  let ptxTuple = ["tensor_map", "coords"];
  let ptxOperandIf = ["cta_mask=multicast"];
  let ptxHasVerifier = 1;
}

def PTX_CpReduceAsyncBulkTensorOp : PTX_Inst<"cp_reduce_async_bulk_tensor",
    PTX_Async,
    !con((ins PTX_TensorDimAttr:$dim, PTX_StateSpaceAttr:$dst_space,
          PTX_StateSpaceAttr:$src_space, PTX_AtomOperationAttr:$op,
          PTX_Opt<PTX_TensorLoadModeAttr>:$load_mode,
          PTX_CompletionAttr:$completion,
          PTX_Opt<PTX_CacheHintAttr>:$cache_hint),
         PTX_HandleArgs<"tensor_map">.args, (ins PTX_Vector:$coords),
         PTX_AddrArgs<"src">.args, (ins Optional<I64>:$cache_policy))> {
  let summary = "bulk asynchronous reduction of a shared tile into a tensor";
  let description = [{
    `[tensorMap, {c0, c1 ...} ], [src] {, cache_policy}`: every element of
    the box is reduced into the tensor with `op`, the element type being the
    tensor map's.
  }];
  let ptxTuple = ["tensor_map", "coords"];
  let ptxHasVerifier = 1;
}

def PTX_CpReduceAsyncBulkOp : PTX_Inst<"cp_reduce_async_bulk", PTX_Async,
    !con((ins PTX_StateSpaceAttr:$dst_space, PTX_StateSpaceAttr:$src_space,
          PTX_CompletionAttr:$completion,
          PTX_Opt<PTX_CacheHintAttr>:$cache_hint, PTX_AtomOperationAttr:$op,
          PTX_Flag:$noftz, PTX_TypeAttr:$type),
         PTX_AddrArgs<"dst">.args, PTX_AddrArgs<"src">.args,
         (ins PTX_RegType:$size), PTX_OptAddrArgs<"mbar">.args,
         (ins Optional<I64>:$cache_policy))> {
  let summary = "bulk asynchronous reduction of a shared array into memory";
  let description = [{
    Every `type` element of the `size` bytes at `src` is reduced with `op`
    into the element at the same offset from `dst`. Into `.shared::cluster`
    it completes on the mbarrier `mbar`; into `.global`, in a bulk group.
  }];
  let ptxOperandIf = ["mbar=completion:mbarrier::complete_tx::bytes"];
  let ptxHasVerifier = 1;
}

def PTX_CpAsyncBulkPrefetchOp : PTX_Inst<"cp_async_bulk_prefetch", PTX_Async,
    !con((ins PTX_PrefetchLevelAttr:$level, PTX_StateSpaceAttr:$src_space,
          PTX_Opt<PTX_CacheHintAttr>:$cache_hint),
         PTX_AddrArgs<"src">.args,
         (ins PTX_RegType:$size, Optional<I64>:$cache_policy))> {
  let summary = "bulk prefetch of global memory into L2";
  let ptxHasVerifier = 1;
}

def PTX_CpAsyncBulkPrefetchTensorOp : PTX_Inst<
    "cp_async_bulk_prefetch_tensor", PTX_Async,
    !con((ins PTX_TensorDimAttr:$dim, PTX_PrefetchLevelAttr:$level,
          PTX_StateSpaceAttr:$src_space,
          PTX_Opt<PTX_TensorLoadModeAttr>:$load_mode,
          PTX_Opt<PTX_CacheHintAttr>:$cache_hint),
         PTX_HandleArgs<"tensor_map">.args,
         (ins PTX_Vector:$coords, PTX_OptVector:$im2col,
          Optional<I64>:$cache_policy))> {
  let summary = "bulk prefetch of a tensor tile into L2";
  let ptxTuple = ["tensor_map", "coords"];
  let ptxHasVerifier = 1;
}

def PTX_CpAsyncBulkCommitGroupOp : PTX_Inst<"cp_async_bulk_commit_group",
    PTX_Async> {
  let summary = "commit the pending bulk copies as a bulk group";
  let ptxOpcode = "cp.async.bulk.commit_group";
}
def PTX_CpAsyncBulkWaitGroupOp : PTX_Inst<"cp_async_bulk_wait_group",
    PTX_Async, (ins PTX_Flag:$read, PTX_RegType:$n)> {
  let summary = "wait until at most n bulk groups are pending (or read)";
  let ptxOpcode = "cp.async.bulk.wait_group";
  let ptxHasVerifier = 1;
}

def PTX_StAsyncOp : PTX_Inst<"st_async", PTX_Async,
    !con((ins PTX_Opt<PTX_MemSemAttr>:$sem, PTX_Opt<PTX_ScopeAttr>:$scope,
          PTX_Opt<PTX_StateSpaceAttr>:$space,
          PTX_Opt<PTX_CompletionAttr>:$completion, PTX_Opt<PTX_VecAttr>:$vec,
          PTX_TypeAttr:$type),
         PTX_AddrArgs<"addr">.args, (ins Variadic<PTX_RegType>:$b),
         PTX_OptAddrArgs<"mbar">.args)> {
  let summary = "asynchronous store to distributed shared memory";
  let ptxHasVerifier = 1;
}

def PTX_RedAsyncOp : PTX_Inst<"red_async", PTX_Async,
    !con((ins PTX_Opt<PTX_MemSemAttr>:$sem, PTX_Opt<PTX_ScopeAttr>:$scope,
          PTX_Opt<PTX_StateSpaceAttr>:$space,
          PTX_Opt<PTX_CompletionAttr>:$completion,
          PTX_AtomOperationAttr:$op, PTX_TypeAttr:$type),
         PTX_AddrArgs<"addr">.args, (ins PTX_RegType:$b),
         PTX_OptAddrArgs<"mbar">.args)> {
  let summary = "asynchronous reduction on distributed shared memory";
  let ptxHasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Controls
//===----------------------------------------------------------------------===//

def PTX_GriddepcontrolOp : PTX_Inst<"griddepcontrol", PTX_Async,
    (ins PTX_GridDepActionAttr:$action)> {
  let summary = "launch dependent grids, or wait for the grids depended on";
}

def PTX_SetmaxnregOp : PTX_Inst<"setmaxnreg", PTX_Async, (ins
    PTX_RegCountActionAttr:$action, PTX_Flag:$aligned, PTX_TypeAttr:$type,
    PTX_RegType:$count)> {
  let summary = "raise or lower the warpgroup's per-thread register count";
  let ptxOpcode = "setmaxnreg.sync";
  let ptxOpcodeLate = "sync";
  let ptxOpcodeLateAfter = "action";
  let ptxHasVerifier = 1;
}

def PTX_PrefetchTensormapOp : PTX_Inst<"prefetch_tensormap",
    [MemoryEffects<[MemRead]>],
    !con((ins PTX_Opt<PTX_StateSpaceAttr>:$space),
         PTX_AddrArgs<"addr">.args)> {
  let summary = "prefetch a tensor map";
  let ptxOpcode = "prefetch.tensormap";
  let ptxOpcodeLate = "tensormap";
  let ptxOpcodeLateAfter = "space";
  let ptxHasVerifier = 1;
}

def PTX_TensormapReplaceOp : PTX_Inst<"tensormap_replace",
    [MemoryEffects<[MemRead, MemWrite]>],
    !con((ins PTX_TensormapFieldAttr:$field,
          PTX_Opt<PTX_StateSpaceAttr>:$space, PTX_TypeAttr:$type),
         PTX_AddrArgs<"addr">.args,
         (ins Optional<PTX_RegType>:$ord, PTX_RegType:$new_val))> {
  let summary = "write one field of a tensor map in memory (.tile mode)";
  let ptxOpcode = "tensormap.replace.tile.b1024";
  let ptxOpcodeLate = "b1024";
  let ptxOpcodeLateAfter = "space";
  let ptxHasVerifier = 1;
}

def PTX_TensormapCpFenceproxyOp : PTX_Inst<"tensormap_cp_fenceproxy", PTX_Async,
    !con((ins PTX_StateSpaceAttr:$dst_space, PTX_StateSpaceAttr:$src_space,
          PTX_ProxyPairAttr:$proxy, PTX_MemSemAttr:$sem, PTX_ScopeAttr:$scope),
         PTX_AddrArgs<"dst">.args, PTX_AddrArgs<"src">.args,
         (ins PTX_RegType:$size))> {
  let summary = "copy a tensor map from shared to global memory and fence "
                "the tensormap proxy";
  let ptxOpcode = "tensormap.cp_fenceproxy.sync.aligned";
  let ptxOpcodeLate = "sync.aligned";
  let ptxOpcodeLateAfter = "scope";
  let ptxHasVerifier = 1;
}

def PTX_FenceProxyTensormapOp : PTX_Inst<"fence_proxy_tensormap", PTX_Async,
    !con((ins PTX_MemSemAttr:$sem, PTX_ScopeAttr:$scope),
         PTX_OptAddrArgs<"addr">.args, (ins Optional<PTX_RegType>:$size))> {
  let summary = "fence.proxy.tensormap::generic: order tensor-map writes of "
                "the generic proxy before its uses";
  let ptxOpcode = "fence.proxy.tensormap::generic";
  let ptxHasVerifier = 1;
}

#endif // PTXMLIR_PTX_OPS_ASYNC_TD
