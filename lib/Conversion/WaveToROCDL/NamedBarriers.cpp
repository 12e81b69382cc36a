//===- NamedBarriers.cpp - PTX's 16 counted barriers on AMD GPUs ----------===//

#include "NamedBarriers.h"
#include "Build.h"
#include "WarpPerWave.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace mlir::ptx::rocdl;

namespace {

constexpr int kIds = 16;
/// Warps of a work-group: 1024 work-items.
constexpr int kMaxWarps = 32;
/// Words of the LDS state, each an array of kIds i32 indexed by barrier id
/// (the kRec* arrays span kMaxWarps / kIds fields, indexed by warp). The
/// first kZeroedFields are zeroed at launch.
enum Field : int32_t {
  kCount,  // arrivals in the current phase (threads)
  kTrues,  // bar.red: arriving threads whose predicate is true
  kFalses, // bar.red: ... false
  kWhole,  // nonzero: the current phase waits for the whole block
  kClaim,  // phases claimed for completion (ahead of kPhase while completing)
  kPhase,  // completed phases, incremented by the completing arrival
  kExited, // [0]: threads of exited warps (warp scheduler)
  // Per warp of the work-group (index: hardware flat work-item id / 32),
  // the warp's last arrival (joinArrival): the barrier id + 1 (0: none),
  kRecId,
  kZeroedFields = kRecId + kMaxWarps / kIds,
  kResTrues = kZeroedFields,  // bar.red: kTrues of the last two completed
                              // phases, indexed by phase & 1
  kResFalses = kResTrues + 2, // ... kFalses
  kRecPhase = kResFalses + 2, // ... the phase it belongs to,
  kRecMask = kRecPhase + kMaxWarps / kIds, // ... the lanes that arrived.
  kFields = kRecMask + kMaxWarps / kIds
};
constexpr int kZeroedWords = kZeroedFields * kIds;

constexpr StringLiteral kStateName = "__ptxmlir_named_barriers";
constexpr StringLiteral kFnName = "__ptxmlir_named_barrier";
constexpr StringLiteral kExitFnName = "__ptxmlir_named_barrier_exit";

struct Emitter {
  OpBuilder &b;
  Location loc;

  Type i32() { return b.getI32Type(); }
  Value c32(int64_t v) { return constI32(b, loc, v); }
  Value intr(Type t, StringRef name, ValueRange args) {
    return callIntrinsic(b, loc, t, name, args);
  }
  void intr(StringRef name, ValueRange args) {
    LLVM::CallIntrinsicOp::create(b, loc, b.getStringAttr(name), args);
  }
  Value firstLane(Value v) {
    if (v.getType().isInteger(1))
      v = arith::ExtUIOp::create(b, loc, i32(), v);
    return intr(i32(), "llvm.amdgcn.readfirstlane.i32", {v});
  }
  Value load(Value p, LLVM::AtomicOrdering o) {
    return LLVM::LoadOp::create(b, loc, i32(), p, 4, /*isVolatile=*/false,
                                false, false, false, o, "workgroup");
  }
  void store(Value v, Value p, LLVM::AtomicOrdering o) {
    LLVM::StoreOp::create(b, loc, v, p, 4, false, false, false, o, "workgroup");
  }
  Value add(Value p, Value v, LLVM::AtomicOrdering o) {
    return LLVM::AtomicRMWOp::create(b, loc, LLVM::AtomicBinOp::add, p, v, o,
                                     "workgroup");
  }
  void fence(LLVM::AtomicOrdering o) {
    LLVM::FenceOp::create(b, loc, o, "workgroup");
  }
};

} // namespace

LLVM::LLVMFuncOp NamedBarriers::getFunction(Location loc) {
  if (fn)
    return fn;
  MLIRContext *ctx = top.getContext();
  OpBuilder b(ctx);
  b.setInsertionPointToStart(top.getBody());
  auto i32 = b.getI32Type();
  auto arrTy = LLVM::LLVMArrayType::get(i32, kFields * kIds);
  state = LLVM::GlobalOp::create(b, loc, arrTy, /*isConstant=*/false,
                                 LLVM::Linkage::Internal, kStateName,
                                 Attribute(), /*alignment=*/16,
                                 /*addrSpace=*/3);
  {
    OpBuilder::InsertionGuard g(b);
    b.createBlock(&state.getInitializerRegion());
    LLVM::ReturnOp::create(b, loc, LLVM::UndefOp::create(b, loc, arrTy));
  }

  // (id, expected, wait, reduce, trues, falses, whole) -> trues << 32 |
  // falses after a wait, else the arrival's phase. `whole`: `expected` is
  // the block, less the threads of exited warps.
  auto i1 = b.getI1Type();
  auto i64 = b.getI64Type();
  auto fnTy =
      LLVM::LLVMFunctionType::get(i64, {i32, i32, i1, i1, i32, i32, i1});
  fn = LLVM::LLVMFuncOp::create(b, loc, kFnName, fnTy, LLVM::Linkage::Internal);
  fn.setConvergent(true);
  fn.setNoInline(true);
  Block *entry = fn.addEntryBlock(b);
  Region &body = fn.getBody();
  Block *elect = new Block(), *accumulate = new Block(), *mark = new Block(),
        *count = new Block(), *claim = new Block(), *complete = new Block(),
        *publish = new Block(), *open = new Block(), *merge = new Block(),
        *spin = new Block(), *exit = new Block(), *finish = new Block(),
        *result = new Block(), *ret = new Block();
  for (Block *blk : {elect, accumulate, mark, count, claim, complete, publish,
                     open, merge, spin, exit, finish, result, ret})
    body.push_back(blk);
  merge->addArgument(i1, loc);
  merge->addArgument(i32, loc);
  ret->addArgument(i64, loc);
  Block *join = new Block(), *record = new Block(), *setRecord = new Block(),
        *arrive = new Block();
  for (Block *blk : {join, record, setRecord, arrive})
    body.push_back(blk);

  using O = LLVM::AtomicOrdering;
  Emitter e{b, loc};
  auto ptr3 = LLVM::LLVMPointerType::get(ctx, 3);
  Value id = entry->getArgument(0), expected = entry->getArgument(1),
        wait = entry->getArgument(2), reduce = entry->getArgument(3),
        trues = entry->getArgument(4), falses = entry->getArgument(5),
        whole = entry->getArgument(6);

  // entry: release the wave's earlier accesses; one lane arrives for it.
  b.setInsertionPointToEnd(entry);
  e.fence(O::release);
  Value slot = arith::AndIOp::create(b, loc, e.firstLane(id), e.c32(kIds - 1));
  Value want = e.firstLane(expected);
  Value base = LLVM::AddressOfOp::create(b, loc, ptr3, kStateName);
  auto field = [&](int32_t f) {
    Value idx = arith::AddIOp::create(b, loc, slot, e.c32(f * kIds));
    return LLVM::GEPOp::create(b, loc, ptr3, i32, base,
                               ArrayRef<LLVM::GEPArg>{idx});
  };
  Value pCount = field(kCount), pTrues = field(kTrues),
        pFalses = field(kFalses), pPhase = field(kPhase),
        pWhole = field(kWhole), pClaim = field(kClaim);
  Value pExited = LLVM::GEPOp::create(b, loc, ptr3, i32, base,
                                      ArrayRef<LLVM::GEPArg>{kExited * kIds});
  // A CUDA warp counts as 32 threads, whichever of its lanes are active.
  Value incr = e.c32(32);
  Value loWord, hiWord;
  if (waveSize == 64) {
    Value t = arith::ConstantOp::create(b, loc, b.getBoolAttr(true));
    Value mask = e.intr(i64, "llvm.amdgcn.ballot.i64", {t});
    Value lo = arith::TruncIOp::create(b, loc, i32, mask);
    Value hi = arith::TruncIOp::create(
        b, loc, i32,
        arith::ShRUIOp::create(
            b, loc, mask,
            arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(32))));
    loWord = lo;
    hiWord = hi;
    auto warps = [&](Value half) {
      Value any = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, half,
                                        e.c32(0));
      return arith::ExtUIOp::create(b, loc, i32, any);
    };
    incr = arith::ShLIOp::create(
        b, loc, arith::AddIOp::create(b, loc, warps(lo), warps(hi)), e.c32(5));
  }
  // The warp of the arriving lanes (of the first one, on wave64 where a
  // wave holds two), by the hardware's flat work-item id, and its lanes that
  // arrive here. `single`: they are of one warp.
  auto packet = [&](int32_t d) {
    return arith::ExtUIOp::create(
        b, loc, i32,
        dispatchPacketField(b, loc, kPacketGroupSize + 2 * d, b.getI16Type()));
  };
  auto item = [&](char d) {
    return e.intr(i32, std::string("llvm.amdgcn.workitem.id.") + d, {});
  };
  Value flat = arith::AddIOp::create(
      b, loc, item('x'),
      arith::MulIOp::create(
          b, loc, packet(0),
          arith::AddIOp::create(
              b, loc, item('y'),
              arith::MulIOp::create(b, loc, packet(1), item('z')))));
  Value warp = arith::AndIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, e.firstLane(flat), e.c32(5)),
      e.c32(kMaxWarps - 1));
  Value group, single;
  if (waveSize == 64) {
    Value hiHalf = arith::AndIOp::create(b, loc, warp, e.c32(1));
    group = arith::SelectOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, hiHalf,
                              e.c32(0)),
        hiWord, loWord);
    single = arith::OrIOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, loWord,
                              e.c32(0)),
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, hiWord,
                              e.c32(0)));
  } else {
    group = e.intr(i32, "llvm.amdgcn.ballot.i32",
                   {arith::ConstantOp::create(b, loc, b.getBoolAttr(true))});
    single = arith::ConstantOp::create(b, loc, b.getBoolAttr(true));
  }
  // The phase this arrival belongs to: it cannot complete without us.
  Value phase = e.firstLane(e.load(pPhase, O::monotonic));
  Value lane = e.intr(i32, "llvm.amdgcn.mbcnt.lo", {e.c32(-1), e.c32(0)});
  if (waveSize == 64)
    lane = e.intr(i32, "llvm.amdgcn.mbcnt.hi", {e.c32(-1), lane});
  Value isFirst = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                        e.firstLane(lane), lane);
  Value f = arith::ConstantOp::create(b, loc, b.getBoolAttr(false));
  Value tr = arith::ConstantOp::create(b, loc, b.getBoolAttr(true));
  LLVM::CondBrOp::create(b, loc, isFirst, elect, ValueRange{}, merge,
                         ValueRange{f, phase});

  // Lanes of a warp that diverged before a counted barrier arrive at it in
  // turns, each group through its own call. PTX counts the warp once, when
  // all its lanes have arrived. A wave cannot wait in one group for the
  // next, so the first group counts the warp, and a later group of other
  // lanes joins that arrival, counting nothing, as long as its phase is
  // the current one or the one before. Only the last arrival can be
  // joined (docs/lowering.md says what that leaves out).
  b.setInsertionPointToEnd(elect);
  Value pRecId = word(b, loc, warp, kRecId),
        pRecPhase = word(b, loc, warp, kRecPhase),
        pRecMask = word(b, loc, warp, kRecMask);
  Value idPlusOne = arith::AddIOp::create(b, loc, slot, e.c32(1));
  Value recPhase = e.load(pRecPhase, O::monotonic);
  Value recMask = e.load(pRecMask, O::monotonic);
  auto icmp = [&](arith::CmpIPredicate p, Value x, Value y) {
    return arith::CmpIOp::create(b, loc, p, x, y).getResult();
  };
  Value joins = arith::AndIOp::create(
      b, loc,
      arith::AndIOp::create(b, loc, single,
                            icmp(arith::CmpIPredicate::eq,
                                 e.load(pRecId, O::monotonic), idPlusOne)),
      arith::AndIOp::create(
          b, loc,
          icmp(arith::CmpIPredicate::eq,
               arith::AndIOp::create(b, loc, recMask, group), e.c32(0)),
          icmp(arith::CmpIPredicate::ule,
               arith::SubIOp::create(b, loc, phase, recPhase), e.c32(1))));
  LLVM::CondBrOp::create(b, loc, joins, join, record);

  b.setInsertionPointToEnd(join);
  e.store(arith::OrIOp::create(b, loc, recMask, group), pRecMask, O::monotonic);
  LLVM::BrOp::create(
      b, loc,
      ValueRange{icmp(arith::CmpIPredicate::ne, phase, recPhase), recPhase},
      merge);

  b.setInsertionPointToEnd(record);
  LLVM::CondBrOp::create(b, loc, single, setRecord, arrive);

  b.setInsertionPointToEnd(setRecord);
  e.store(idPlusOne, pRecId, O::monotonic);
  e.store(phase, pRecPhase, O::monotonic);
  e.store(group, pRecMask, O::monotonic);
  LLVM::BrOp::create(b, loc, arrive);

  b.setInsertionPointToEnd(arrive);
  LLVM::CondBrOp::create(b, loc, reduce, accumulate, mark);

  // bar.red: the predicate counts go in before the arrival that releases
  // them.
  b.setInsertionPointToEnd(accumulate);
  e.add(pTrues, trues, O::monotonic);
  e.add(pFalses, falses, O::monotonic);
  LLVM::BrOp::create(b, loc, mark);

  // A whole-block phase says so before its arrivals count, for the exits
  // (completeAfterExits).
  b.setInsertionPointToEnd(mark);
  Value wholeWord = arith::ExtUIOp::create(b, loc, i32, whole);
  LLVM::AtomicRMWOp::create(b, loc, LLVM::AtomicBinOp::_or, pWhole, wholeWord,
                            O::seq_cst, "workgroup");
  LLVM::BrOp::create(b, loc, count);

  // The arrival and the exits each read what the other wrote (sequentially
  // consistent), so at least one of them sees the phase complete; the
  // claim makes exactly one complete it.
  b.setInsertionPointToEnd(count);
  Value old = e.add(pCount, incr, O::seq_cst);
  Value now = arith::AddIOp::create(b, loc, old, incr);
  Value exited = e.load(pExited, O::seq_cst);
  Value target = arith::SelectOp::create(
      b, loc, whole, arith::SubIOp::create(b, loc, want, exited), want);
  Value last =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, now, target);
  LLVM::CondBrOp::create(b, loc, last, claim, ValueRange{}, merge,
                         ValueRange{f, phase});

  b.setInsertionPointToEnd(claim);
  Value next = arith::AddIOp::create(b, loc, phase, e.c32(1));
  Value won = claimPhase(b, loc, pClaim, phase, next);
  LLVM::CondBrOp::create(b, loc, won, complete, ValueRange{}, merge,
                         ValueRange{f, phase});

  // The completing arrival publishes the reduction, takes this phase's
  // arrivals off the counter (a subtraction, not a reset, keeps an early
  // arrival at the next phase) and opens the next phase.
  b.setInsertionPointToEnd(complete);
  LLVM::CondBrOp::create(b, loc, reduce, publish, open);

  b.setInsertionPointToEnd(publish);
  publishCounts(b, loc, slot, phase);
  LLVM::BrOp::create(b, loc, open);

  b.setInsertionPointToEnd(open);
  openPhase(b, loc, slot, target, next);
  LLVM::BrOp::create(b, loc, ValueRange{tr, phase}, merge);

  b.setInsertionPointToEnd(merge);
  Value completed =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                            e.firstLane(merge->getArgument(0)), e.c32(0));
  // The phase the arrival belongs to: the one read at entry, or the one
  // joined.
  Value mine = e.firstLane(merge->getArgument(1));
  Value noWait = arith::XOrIOp::create(b, loc, wait, tr);
  Value done = arith::OrIOp::create(b, loc, completed, noWait);
  LLVM::CondBrOp::create(b, loc, done, exit, spin);

  b.setInsertionPointToEnd(spin);
  e.intr("llvm.amdgcn.s.sleep", {e.c32(1)});
  Value seen = e.firstLane(e.load(pPhase, O::acquire));
  Value same =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, seen, mine);
  LLVM::CondBrOp::create(b, loc, same, spin, exit);

  // Without a wait, the phase this arrival belongs to (WarpScheduler.h).
  b.setInsertionPointToEnd(exit);
  Value phase64 = arith::ExtUIOp::create(b, loc, i64, mine);
  LLVM::CondBrOp::create(b, loc, wait, finish, ValueRange{}, ret,
                         ValueRange{phase64});

  b.setInsertionPointToEnd(finish);
  e.fence(O::acquire);
  Value none = arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(0));
  LLVM::CondBrOp::create(b, loc, reduce, result, ValueRange{}, ret,
                         ValueRange{none});

  // The published counts of a phase stay until two more phases complete.
  b.setInsertionPointToEnd(result);
  auto [rt, rf] = readCounts(b, loc, slot, mine);
  auto wide = [&](Value v) { return arith::ExtUIOp::create(b, loc, i64, v); };
  Value packed = arith::OrIOp::create(
      b, loc,
      arith::ShLIOp::create(
          b, loc, wide(rt),
          arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(32))),
      wide(rf));
  LLVM::BrOp::create(b, loc, ValueRange{packed}, ret);

  b.setInsertionPointToEnd(ret);
  LLVM::ReturnOp::create(b, loc, ret->getArgument(0));
  return fn;
}

Value NamedBarriers::word(OpBuilder &b, Location loc, Value slot,
                          Value fieldIndex) {
  Emitter e{b, loc};
  auto ptr3 = LLVM::LLVMPointerType::get(b.getContext(), 3);
  Value idx = arith::AddIOp::create(
      b, loc, slot, arith::MulIOp::create(b, loc, fieldIndex, e.c32(kIds)));
  Value base = LLVM::AddressOfOp::create(b, loc, ptr3, kStateName);
  return LLVM::GEPOp::create(b, loc, ptr3, e.i32(), base,
                             ArrayRef<LLVM::GEPArg>{idx});
}

Value NamedBarriers::word(OpBuilder &b, Location loc, Value slot, int32_t f) {
  return word(b, loc, slot, Emitter{b, loc}.c32(f));
}

Value NamedBarriers::claimPhase(OpBuilder &b, Location loc, Value pClaim,
                                Value phase, Value next) {
  using O = LLVM::AtomicOrdering;
  Value pair = LLVM::AtomicCmpXchgOp::create(
      b, loc, pClaim, phase, next, O::seq_cst, O::seq_cst, "workgroup");
  return LLVM::ExtractValueOp::create(b, loc, pair, 1);
}

void NamedBarriers::publishCounts(OpBuilder &b, Location loc, Value slot,
                                  Value phase) {
  using O = LLVM::AtomicOrdering;
  Emitter e{b, loc};
  Value parity = arith::AndIOp::create(b, loc, phase, e.c32(1));
  auto res = [&](int32_t f) {
    return word(b, loc, slot,
                arith::AddIOp::create(b, loc, parity, e.c32(f)).getResult());
  };
  Value pTrues = word(b, loc, slot, kTrues),
        pFalses = word(b, loc, slot, kFalses);
  e.store(e.load(pTrues, O::monotonic), res(kResTrues), O::monotonic);
  e.store(e.load(pFalses, O::monotonic), res(kResFalses), O::monotonic);
  e.store(e.c32(0), pTrues, O::monotonic);
  e.store(e.c32(0), pFalses, O::monotonic);
}

void NamedBarriers::openPhase(OpBuilder &b, Location loc, Value slot,
                              Value arrivals, Value next) {
  using O = LLVM::AtomicOrdering;
  Emitter e{b, loc};
  e.store(e.c32(0), word(b, loc, slot, kWhole), O::monotonic);
  LLVM::AtomicRMWOp::create(b, loc, LLVM::AtomicBinOp::sub,
                            word(b, loc, slot, kCount), arrivals, O::monotonic,
                            "workgroup");
  e.store(next, word(b, loc, slot, kPhase), O::release);
}

std::pair<Value, Value> NamedBarriers::readCounts(OpBuilder &b, Location loc,
                                                  Value slot, Value phase) {
  Emitter e{b, loc};
  Value parity = arith::AndIOp::create(b, loc, phase, e.c32(1));
  auto load = [&](int32_t f) {
    Value p = word(b, loc, slot,
                   arith::AddIOp::create(b, loc, parity, e.c32(f)).getResult());
    return LLVM::LoadOp::create(b, loc, e.i32(), p, 4).getResult();
  };
  return {load(kResTrues), load(kResFalses)};
}

LLVM::LLVMFuncOp NamedBarriers::getExitFunction(Location loc) {
  if (exitFn)
    return exitFn;
  getFunction(loc);
  MLIRContext *ctx = top.getContext();
  OpBuilder b(ctx);
  b.setInsertionPointAfter(fn);
  auto i32 = b.getI32Type();
  // (expected, threads): `threads` of the block exited; `expected` is the
  // whole block in warps.
  auto fnTy =
      LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx), {i32, i32});
  exitFn = LLVM::LLVMFuncOp::create(b, loc, kExitFnName, fnTy,
                                    LLVM::Linkage::Internal);
  exitFn.setConvergent(true);
  // Called once per exited warp: out of line, one copy per module instead
  // of one in each scheduled kernel (about 480 lines of LLVM IR each, with
  // its loop unrolled).
  exitFn.setNoInline(true);
  Block *entry = exitFn.addEntryBlock(b);
  Region &body = exitFn.getBody();
  Block *first = new Block(), *loop = new Block(), *check = new Block(),
        *claim = new Block(), *complete = new Block(), *next = new Block(),
        *ret = new Block();
  for (Block *blk : {first, loop, check, claim, complete, next, ret})
    body.push_back(blk);
  loop->addArgument(i32, loc);
  next->addArgument(i32, loc);

  using O = LLVM::AtomicOrdering;
  Emitter e{b, loc};
  Value expected = entry->getArgument(0), threads = entry->getArgument(1);
  b.setInsertionPointToEnd(entry);
  Value lane = e.intr(i32, "llvm.amdgcn.mbcnt.lo", {e.c32(-1), e.c32(0)});
  if (waveSize == 64)
    lane = e.intr(i32, "llvm.amdgcn.mbcnt.hi", {e.c32(-1), lane});
  Value isFirst = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                        e.firstLane(lane), lane);
  LLVM::CondBrOp::create(b, loc, isFirst, first, ret);

  b.setInsertionPointToEnd(first);
  e.fence(O::release);
  e.add(word(b, loc, e.c32(0), kExited), threads, O::seq_cst);
  LLVM::BrOp::create(b, loc, ValueRange{e.c32(0)}, loop);

  // Every barrier whose whole-block phase the exits leave complete.
  b.setInsertionPointToEnd(loop);
  Value slot = loop->getArgument(0);
  LLVM::CondBrOp::create(b, loc,
                         arith::CmpIOp::create(b, loc,
                                               arith::CmpIPredicate::ult, slot,
                                               e.c32(kIds)),
                         check, ret);

  b.setInsertionPointToEnd(check);
  Value phase = e.load(word(b, loc, slot, kPhase), O::seq_cst);
  Value isWhole = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::ne,
      e.load(word(b, loc, slot, kWhole), O::seq_cst), e.c32(0));
  Value count = e.load(word(b, loc, slot, kCount), O::seq_cst);
  Value target = arith::SubIOp::create(
      b, loc, expected, e.load(word(b, loc, e.c32(0), kExited), O::seq_cst));
  Value ready = arith::AndIOp::create(
      b, loc, isWhole,
      arith::AndIOp::create(
          b, loc,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, count,
                                e.c32(0)),
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, count,
                                target)));
  LLVM::CondBrOp::create(b, loc, ready, claim, ValueRange{}, next,
                         ValueRange{slot});

  b.setInsertionPointToEnd(claim);
  Value nextPhase = arith::AddIOp::create(b, loc, phase, e.c32(1));
  Value won = claimPhase(b, loc, word(b, loc, slot, kClaim), phase, nextPhase);
  LLVM::CondBrOp::create(b, loc, won, complete, ValueRange{}, next,
                         ValueRange{slot});

  b.setInsertionPointToEnd(complete);
  publishCounts(b, loc, slot, phase);
  openPhase(b, loc, slot, target, nextPhase);
  LLVM::BrOp::create(b, loc, ValueRange{slot}, next);

  // Not unrolled: 16 copies of the check and the completion would be code
  // that runs once per exited warp.
  b.setInsertionPointToEnd(next);
  auto noUnroll = LLVM::LoopAnnotationAttr::get(
      ctx, {}, {}, {},
      LLVM::LoopUnrollAttr::get(ctx, b.getBoolAttr(true), {}, {}, {}, {}, {},
                                {}),
      {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {});
  LLVM::BrOp::create(
      b, loc,
      ValueRange{arith::AddIOp::create(b, loc, next->getArgument(0), e.c32(1))},
      noUnroll, loop);

  b.setInsertionPointToEnd(ret);
  LLVM::ReturnOp::create(b, loc, ValueRange{});
  return exitFn;
}

void NamedBarriers::exitWarps(OpBuilder &b, Location loc, Value expected,
                              Value threads) {
  auto call = LLVM::CallOp::create(b, loc, getExitFunction(loc),
                                   ValueRange{expected, threads});
  call.setConvergent(true);
}

Value NamedBarriers::call(OpBuilder &b, Location loc, Value id, Value expected,
                          Value wait, Value pred, Value reduce, Value whole) {
  LLVM::LLVMFuncOp callee = getFunction(loc);
  Emitter e{b, loc};
  Value trues = e.c32(0), falses = e.c32(0);
  Type maskTy = waveSize == 32 ? b.getI32Type() : b.getI64Type();
  StringRef ballot =
      waveSize == 32 ? "llvm.amdgcn.ballot.i32" : "llvm.amdgcn.ballot.i64";
  auto popc = [&](Value p) {
    Value m = e.intr(maskTy, ballot, {p});
    Value n = LLVM::CtPopOp::create(b, loc, maskTy, m);
    return waveSize == 32 ? n : arith::TruncIOp::create(b, loc, e.i32(), n);
  };
  if (pred) {
    trues = popc(pred);
    falses = popc(arith::XOrIOp::create(
        b, loc, pred,
        arith::ConstantOp::create(b, loc, b.getI1Type(), b.getBoolAttr(true))));
  }
  auto call = LLVM::CallOp::create(
      b, loc, callee,
      ValueRange{id, expected, wait, reduce, trues, falses, whole});
  call.setConvergent(true);
  return call.getResult();
}

std::pair<Value, Value> NamedBarriers::unpack(OpBuilder &b, Location loc,
                                              Value packed) {
  Emitter e{b, loc};
  Value rt = arith::TruncIOp::create(
      b, loc, e.i32(),
      arith::ShRUIOp::create(
          b, loc, packed,
          arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(32))));
  Value rf = arith::TruncIOp::create(b, loc, e.i32(), packed);
  return {rt, rf};
}

std::pair<Value, Value> NamedBarriers::emit(OpBuilder &b, Location loc,
                                            Value id, Value expected, bool wait,
                                            Value pred) {
  auto boolc = [&](bool v) {
    return arith::ConstantOp::create(b, loc, b.getI1Type(), b.getBoolAttr(v));
  };
  Value packed = call(b, loc, id, expected, boolc(wait), pred,
                      boolc(bool(pred)), /*whole=*/boolc(false));
  if (!pred)
    return {};
  return unpack(b, loc, packed);
}

Value NamedBarriers::arrive(OpBuilder &b, Location loc, Value id,
                            Value expected, Value pred, Value reduce,
                            Value whole) {
  Value wait =
      arith::ConstantOp::create(b, loc, b.getI1Type(), b.getBoolAttr(false));
  Value phase = call(b, loc, id, expected, wait, pred, reduce, whole);
  return arith::TruncIOp::create(b, loc, b.getI32Type(), phase);
}

Value NamedBarriers::slotOf(OpBuilder &b, Location loc, Value id) {
  getFunction(loc);
  return arith::AndIOp::create(b, loc, id, Emitter{b, loc}.c32(kIds - 1));
}

Value NamedBarriers::phase(OpBuilder &b, Location loc, Value id) {
  return Emitter{b, loc}.load(word(b, loc, slotOf(b, loc, id), kPhase),
                              LLVM::AtomicOrdering::monotonic);
}

std::pair<Value, Value> NamedBarriers::published(OpBuilder &b, Location loc,
                                                 Value id, Value phase) {
  Emitter{b, loc}.fence(LLVM::AtomicOrdering::acquire);
  return readCounts(b, loc, slotOf(b, loc, id), phase);
}

SmallVector<LLVM::LLVMFuncOp> NamedBarriers::initializeInKernels() {
  SmallVector<LLVM::LLVMFuncOp> kernels;
  if (!fn)
    return kernels;
  using O = LLVM::AtomicOrdering;
  MLIRContext *ctx = top.getContext();
  // Functions that may reach a counted barrier: callers of the barrier
  // function, their callers, and (conservatively) any function with an
  // indirect call.
  llvm::DenseSet<Operation *> reaches;
  bool changed = true;
  while (changed) {
    changed = false;
    for (auto f : top.getOps<LLVM::LLVMFuncOp>()) {
      if (f == fn || reaches.contains(f))
        continue;
      bool hit = false;
      f.walk([&](LLVM::CallOp call) {
        auto callee = call.getCallee();
        if (!callee || *callee == kFnName)
          hit = true;
        else if (auto target = top.lookupSymbol(*callee))
          hit |= reaches.contains(target);
      });
      if (hit) {
        reaches.insert(f);
        changed = true;
      }
    }
  }
  for (auto kernel : top.getOps<LLVM::LLVMFuncOp>()) {
    if (!kernel->hasAttr("ptx.kernel") || kernel.isExternal() ||
        !reaches.contains(kernel))
      continue;
    kernels.push_back(kernel);
    Location loc = kernel.getLoc();
    Block &entry = kernel.getBody().front();
    Block *rest = splitEntryAfterStackSlots(kernel);
    Block *init = new Block();
    kernel.getBody().getBlocks().insertAfter(Region::iterator(&entry), init);

    OpBuilder b(ctx);
    Emitter e{b, loc};
    b.setInsertionPointToEnd(&entry);
    Value first = arith::ConstantOp::create(b, loc, b.getBoolAttr(true));
    for (char d : {'x', 'y', 'z'}) {
      Value tid =
          e.intr(e.i32(), std::string("llvm.amdgcn.workitem.id.") + d, {});
      first = arith::AndIOp::create(
          b, loc, first,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, tid,
                                e.c32(0)));
    }
    LLVM::CondBrOp::create(b, loc, first, init, rest);

    b.setInsertionPointToEnd(init);
    auto ptr3 = LLVM::LLVMPointerType::get(ctx, 3);
    auto v4 = VectorType::get({4}, e.i32());
    Value zero = arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(v4, b.getI32IntegerAttr(0)));
    Value base = LLVM::AddressOfOp::create(b, loc, ptr3, kStateName);
    for (int w = 0; w < kZeroedWords; w += 4) {
      Value p = LLVM::GEPOp::create(b, loc, ptr3, e.i32(), base,
                                    ArrayRef<LLVM::GEPArg>{w});
      LLVM::StoreOp::create(b, loc, zero, p, 16);
    }
    LLVM::BrOp::create(b, loc, rest);

    b.setInsertionPointToStart(rest);
    e.fence(O::release);
    e.intr("llvm.amdgcn.s.barrier", {});
    e.fence(O::acquire);
  }
  return kernels;
}
