//===- PTXOpsSync.td - synchronization and warp ops --------*- tablegen -*-===//
//
// Barriers, fences and warp-collective ops. None is Pure: warp ops depend on
// which lanes execute them together, so they must not be moved or merged.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_PTX_OPS_SYNC_TD
#define PTXMLIR_PTX_OPS_SYNC_TD

include "PTX/IR/PTXOpsMemory.td"

defvar PTX_Sync = [MemoryEffects<[MemRead, MemWrite]>];

// bar / barrier
def PTX_BarSyncOp : PTX_Inst<"bar_sync", PTX_Sync, (ins PTX_Flag:$cta,
    PTX_RegType:$a, Optional<PTX_RegType>:$b)> {
  let summary = "bar.sync: barrier, all threads of the CTA (or b threads)";
  // PTX writes `bar.cta.sync`: `.cta` before the second component.
  let ptxOpcodeLate = "sync";
  let ptxOpcodeLateAfter = "cta";
}
def PTX_BarArriveOp : PTX_Inst<"bar_arrive", PTX_Sync, (ins PTX_Flag:$cta,
    PTX_RegType:$a, PTX_RegType:$b)> {
  let summary = "bar.arrive: arrive at a barrier without waiting";
  let ptxOpcodeLate = "arrive";
  let ptxOpcodeLateAfter = "cta";
}
def PTX_BarRedOp : PTX_Inst<"bar_red", PTX_Sync, (ins PTX_Flag:$cta,
    PTX_ReduxOperationAttr:$op, PTX_TypeAttr:$type, PTX_RegType:$a,
    Optional<PTX_RegType>:$b, I1:$c), (outs PTX_RegType:$d)> {
  let summary = "bar.red: barrier with a reduction over a predicate";
  let ptxHasVerifier = 1;
  let ptxOpcodeLate = "red";
  let ptxOpcodeLateAfter = "cta";
}
def PTX_BarrierSyncOp : PTX_Inst<"barrier_sync", PTX_Sync, (ins
    PTX_Flag:$cta, PTX_Flag:$aligned, PTX_RegType:$a,
    Optional<PTX_RegType>:$b)> {
  let summary = "barrier.sync{.aligned}";
  let ptxOpcodeLate = "sync";
  let ptxOpcodeLateAfter = "cta";
}
def PTX_BarrierArriveOp : PTX_Inst<"barrier_arrive", PTX_Sync, (ins
    PTX_Flag:$cta, PTX_Flag:$aligned, PTX_RegType:$a, PTX_RegType:$b)> {
  let summary = "barrier.arrive{.aligned}";
  let ptxOpcodeLate = "arrive";
  let ptxOpcodeLateAfter = "cta";
}
def PTX_BarrierRedOp : PTX_Inst<"barrier_red", PTX_Sync, (ins PTX_Flag:$cta,
    PTX_ReduxOperationAttr:$op, PTX_Flag:$aligned, PTX_TypeAttr:$type,
    PTX_RegType:$a, Optional<PTX_RegType>:$b, I1:$c), (outs PTX_RegType:$d)> {
  let summary = "barrier.red{.aligned}";
  let ptxHasVerifier = 1;
  let ptxOpcodeLate = "red";
  let ptxOpcodeLateAfter = "cta";
}
def PTX_BarWarpSyncOp : PTX_Inst<"bar_warp_sync", PTX_Sync, (ins
    PTX_RegType:$membermask)> {
  let summary = "bar.warp.sync: converge the threads of membermask";
}
def PTX_MembarOp : PTX_Inst<"membar", PTX_Sync, (ins
    PTX_Opt<PTX_MembarLevelAttr>:$level, PTX_Opt<PTX_ProxyKindAttr>:$proxy)> {
  let summary = "memory barrier";
  let ptxHasVerifier = 1;
}
def PTX_FenceOp : PTX_Inst<"fence", PTX_Sync, (ins
    PTX_Flag:$mbarrier_init, PTX_Opt<PTX_MemSemAttr>:$sem,
    PTX_ScopeAttr:$scope)> {
  let summary = "fence{.sem}.scope, fence.mbarrier_init.release.cluster";
  let ptxHasVerifier = 1;
}
def PTX_FenceProxyOp : PTX_Inst<"fence_proxy", PTX_Sync, (ins
    PTX_ProxyKindAttr:$proxy, PTX_Opt<PTX_StateSpaceAttr>:$space)> {
  let summary = "fence.proxy.{alias,async{.space}}";
}

// Warp-collective ops.
def PTX_ShflSyncOp : PTX_Inst<"shfl_sync", PTX_Sync,
    (ins PTX_ShflModeAttr:$mode, PTX_TypeAttr:$type, PTX_RegType:$a,
     PTX_RegType:$b, PTX_RegType:$c, PTX_RegType:$membermask),
    (outs PTX_RegType:$d, Optional<I1>:$p)> {
  let summary = "shfl.sync: exchange a register between the lanes of a warp";
  let ptxPipeResults = 1;
}
def PTX_VoteSyncOp : PTX_Inst<"vote_sync", PTX_Sync, (ins
    PTX_VoteModeAttr:$mode, PTX_TypeAttr:$type, I1:$a,
    PTX_RegType:$membermask), (outs PTX_RegType:$d)> {
  let summary = "vote.sync: all/any/uni over a predicate, or ballot";
  let ptxHasVerifier = 1;
}
def PTX_MatchSyncOp : PTX_Inst<"match_sync", PTX_Sync,
    (ins PTX_MatchModeAttr:$mode, PTX_TypeAttr:$type, PTX_RegType:$a,
     PTX_RegType:$membermask), (outs PTX_RegType:$d, Optional<I1>:$p)> {
  let summary = "match.sync: lanes holding the same value";
  let ptxPipeResults = 1;
  let ptxOpcodeLate = "sync";
  let ptxOpcodeLateAfter = "mode";
}
def PTX_ActivemaskOp : PTX_Inst<"activemask", PTX_Sync, (ins
    PTX_TypeAttr:$type), (outs PTX_RegType:$d)> {
  let summary = "the mask of active lanes of the warp";
}
def PTX_ReduxSyncOp : PTX_Inst<"redux_sync", PTX_Sync, (ins
    PTX_ReduxOperationAttr:$op, PTX_Flag:$abs, PTX_Flag:$NaN, PTX_TypeAttr:$type,
    PTX_RegType:$a, PTX_RegType:$membermask), (outs PTX_RegType:$d)> {
  let summary = "redux.sync: reduction across the warp";
}
def PTX_ElectSyncOp : PTX_Inst<"elect_sync", PTX_Sync, (ins
    PTX_RegType:$membermask), (outs PTX_RegType:$d, I1:$p)> {
  let summary = "elect.sync: elect one leader lane";
  let ptxPipeResults = 1;
}
def PTX_NanosleepOp : PTX_Inst<"nanosleep", PTX_Sync, (ins
    PTX_TypeAttr:$type, PTX_RegType:$t)> {
  let summary = "suspend the thread for about t nanoseconds";
}

// Miscellaneous.
def PTX_TrapOp : PTX_Inst<"trap", PTX_Sync> {
  let summary = "abort execution";
}
def PTX_BrkptOp : PTX_Inst<"brkpt", PTX_Sync> {
  let summary = "breakpoint";
}
def PTX_PmeventOp : PTX_Inst<"pmevent", PTX_Sync, (ins PTX_Flag:$mask,
    PTX_RegType:$a)> {
  let summary = "trigger a performance-monitor event";
}

#endif // PTXMLIR_PTX_OPS_SYNC_TD
