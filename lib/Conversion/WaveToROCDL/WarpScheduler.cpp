//===- WarpScheduler.cpp - two CUDA warps of a wave64 wave at barriers ----===//

#include "WarpScheduler.h"
#include "Build.h"
#include "DeadSlots.h"
#include "InlineCall.h"
#include "NamedBarriers.h"
#include "PollingLoops.h"
#include "RegToMem.h"
#include "WarpPerWave.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/RegionUtils.h"
#include "ptxmlir/Conversion/KernelAttrs.h"
#include "ptxmlir/Dialect/Wave/IR/WaveDialect.h"

using namespace mlir;
using namespace mlir::ptx::rocdl;

namespace {

/// Resume points: 0 is the start, k > 0 the continuation after wait k.
constexpr int32_t kStart = 0;
constexpr int32_t kDone = -1;

bool isCounted(Operation *op) {
  if (isa<wave::BarrierArriveOp>(op))
    return true;
  if (auto o = dyn_cast<wave::BarrierOp>(op))
    return bool(o.getCount());
  if (auto o = dyn_cast<wave::BarrierRedOp>(op))
    return bool(o.getCount());
  return false;
}

struct Scheduler {
  Scheduler(OpBuilder &b, NamedBarriers &named, DispatchIds &ids,
            LLVM::LLVMFuncOp fn)
      : b(b), named(named), ids(ids), fn(fn), loc(fn.getLoc()) {}

  OpBuilder &b;
  NamedBarriers &named;
  DispatchIds &ids;
  LLVM::LLVMFuncOp fn;
  Location loc;
  Block *init = nullptr, *header = nullptr;
  /// Per-lane stack slots: resume point, barrier id, arrival phase; the
  /// lane the dispatcher picked last (the same in every lane).
  Value state, barrierId, phase, last;
  /// Bit h: the warp of lanes 32h..32h+31 was reported as exited.
  Value reported;
  /// Per lane: a poll failed since the lane last yielded.
  Value failed;
  /// Per lane, at a barrier wait before its warp arrived: 1, and the wait's
  /// thread count, bar.red predicate and flags (kReduce, kWhole).
  Value pending, waitCount, waitPred, waitFlags;
  static constexpr int32_t kReduce = 1, kWhole = 2;
  /// Resume points from this one on follow failed polls: they can always run.
  int32_t firstPoll = 1;
  SmallVector<Block *> resumes;
  /// Blocks that branch to the dispatcher, with where their lanes resume.
  llvm::DenseMap<Block *, Block *> yields;

  Value c32(int64_t v) { return constI32(b, loc, v); }
  Value intr(Type t, StringRef name, ValueRange args = {}) {
    return callIntrinsic(b, loc, t, name, args);
  }
  Value cmp(arith::CmpIPredicate p, Value x, Value y) {
    return arith::CmpIOp::create(b, loc, p, x, y);
  }
  Value load(Value slot) {
    return LLVM::LoadOp::create(b, loc, b.getI32Type(), slot);
  }
  void store(Value v, Value slot) { LLVM::StoreOp::create(b, loc, v, slot); }
  Value ballot(Value pred) {
    return intr(b.getI64Type(), "llvm.amdgcn.ballot.i64", {pred});
  }
  Block *newBlock() {
    Block *blk = new Block();
    fn.getBody().push_back(blk);
    return blk;
  }
  /// The threads of the block in whole warps.
  Value blockInWarps() { return ids.blockInWarps(loc); }

  /// A new entry block with the function's arguments and its stack slots.
  void makeEntry() {
    Block *old = &fn.getBody().front();
    init = new Block();
    fn.getBody().push_front(init);
    for (BlockArgument a : old->getArguments())
      a.replaceAllUsesWith(init->addArgument(a.getType(), a.getLoc()));
    old->eraseArguments(0, old->getNumArguments());
    // Stack slots of constant size stay static: they move to the new entry.
    SmallVector<LLVM::AllocaOp> allocas;
    fn.walk([&](LLVM::AllocaOp a) { allocas.push_back(a); });
    for (LLVM::AllocaOp a : allocas) {
      Operation *size = a.getArraySize().getDefiningOp();
      if (!size || size->getNumOperands() || !isMemoryEffectFree(size))
        continue;
      b.setInsertionPointToEnd(init);
      a.getArraySizeMutable().assign(b.clone(*size)->getResult(0));
      a->moveBefore(init, init->end());
    }
    b.setInsertionPointToEnd(init);
    Value one = LLVM::ConstantOp::create(b, loc, b.getI64Type(),
                                         b.getI64IntegerAttr(1));
    auto slot = [&] {
      return LLVM::AllocaOp::create(
          b, loc, LLVM::LLVMPointerType::get(b.getContext(), 5), b.getI32Type(),
          one, 4);
    };
    state = slot();
    barrierId = slot();
    phase = slot();
    last = slot();
    reported = slot();
    failed = slot();
    pending = slot();
    waitCount = slot();
    waitPred = slot();
    waitFlags = slot();
    header = new Block();
  }

  /// Wait number `k`: each CUDA warp of the wave arrives for itself, the
  /// lane records where it resumes and goes back to the dispatcher.
  void lowerWait(Operation *op, int32_t k) {
    loc = op->getLoc();
    Block *before = op->getBlock();
    Block *after = before->splitBlock(op);
    resumes.push_back(after);
    b.setInsertionPointToEnd(before);
    Value id, count, pred;
    if (auto o = dyn_cast<wave::BarrierOp>(op)) {
      id = o.getId();
      count = o.getCount();
    } else {
      auto r = cast<wave::BarrierRedOp>(op);
      id = r.getId();
      count = r.getCount();
      pred = r.getPred();
    }
    if (!id)
      id = c32(0);
    // A barrier of the whole block stops waiting for warps that exited.
    bool whole = !count;
    if (whole)
      count = blockInWarps();
    // The lane waits here; its warp arrives in the dispatcher once none of
    // its lanes can run on (arrivalsOfHalf).
    store(c32(k), state);
    store(id, barrierId);
    store(count, waitCount);
    store(pred ? arith::ExtUIOp::create(b, loc, b.getI32Type(), pred) : c32(0),
          waitPred);
    store(c32((pred ? kReduce : 0) | (whole ? kWhole : 0)), waitFlags);
    store(c32(1), pending);
    LLVM::BrOp::create(b, loc, header);
    yields[before] = after;

    // Resumed: the barrier's results.
    b.setInsertionPointToStart(after);
    if (auto r = dyn_cast<wave::BarrierRedOp>(op)) {
      auto [trues, falses] =
          named.published(b, loc, load(barrierId), load(phase));
      Value v;
      switch (r.getKind()) {
      case wave::BarrierRed::popc:
        v = trues;
        break;
      case wave::BarrierRed::Or:
        v = cmp(arith::CmpIPredicate::ne, trues, c32(0));
        break;
      case wave::BarrierRed::And:
        v = cmp(arith::CmpIPredicate::eq, falses, c32(0));
        break;
      }
      r.getResult().replaceAllUsesWith(v);
    } else {
      LLVM::FenceOp::create(b, loc, LLVM::AtomicOrdering::acquire, "workgroup");
    }
    op->erase();
  }

  /// A poll only notes that it failed: an mbarrier wait whose phase is not
  /// complete, a compare-exchange that did not exchange; a load or an
  /// atomic read-modify-write always (nothing says what it waits for).
  void lowerPoll(Operation *op) {
    loc = op->getLoc();
    b.setInsertionPointAfter(op);
    Value done;
    if (auto p = dyn_cast<wave::PollOp>(op))
      done = p.getDone();
    else if (auto x = dyn_cast<LLVM::AtomicCmpXchgOp>(op))
      done = LLVM::ExtractValueOp::create(b, loc, x.getRes(), 1);
    Value yes = arith::ConstantOp::create(b, loc, b.getBoolAttr(true));
    Value notDone = yes;
    if (done)
      notDone = arith::XOrIOp::create(b, loc, done, yes);
    store(arith::OrIOp::create(
              b, loc, load(failed),
              arith::ExtUIOp::create(b, loc, b.getI32Type(), notDone)),
          failed);
    if (isa<wave::PollOp>(op))
      op->erase();
  }

  /// The back-edge `(t, i)` of a polling loop, resume point `k`: a lane
  /// whose poll failed in this trip round the loop goes back to the
  /// dispatcher, and resumes at the loop's header, where the back-edge
  /// goes. Re-entering a loop at its header keeps the control flow
  /// reducible (resuming after the poll itself gave loops two entries,
  /// which LLVM took minutes to compile); an irreducible cycle is resumed
  /// at the block its retreating edge goes to, one of its entries already.
  void lowerBackEdge(Operation *t, unsigned i, int32_t k) {
    loc = t->getLoc();
    Block *head = t->getSuccessor(i);
    Block *edge = newBlock(), *cont = newBlock(), *yield = newBlock(),
          *resume = newBlock();
    SmallVector<Value> args;
    for (BlockArgument a : head->getArguments())
      args.push_back(edge->addArgument(a.getType(), a.getLoc()));
    t->setSuccessor(edge, i);
    b.setInsertionPointToEnd(edge);
    LLVM::CondBrOp::create(b, loc,
                           cmp(arith::CmpIPredicate::ne, load(failed), c32(0)),
                           yield, cont);
    b.setInsertionPointToEnd(cont);
    LLVM::BrOp::create(b, loc, args, head);
    b.setInsertionPointToEnd(yield);
    store(c32(0), failed);
    store(c32(k), state);
    LLVM::BrOp::create(b, loc, header);
    yields[yield] = resume;
    b.setInsertionPointToEnd(resume);
    LLVM::BrOp::create(b, loc, args, head);
    resumes.push_back(resume);
  }

  /// Per lane: it has started, and it is not at a wait before its warp
  /// arrived, and it can run: it has not started, it left a polling loop,
  /// or its barrier moved past the phase it arrived in.
  Value canRun(Value st, Value live) {
    Value fresh = cmp(arith::CmpIPredicate::eq, st, c32(kStart));
    Value moved = cmp(arith::CmpIPredicate::ne,
                      named.phase(b, loc, load(barrierId)), load(phase));
    Value polled = cmp(arith::CmpIPredicate::sge, st, c32(firstPoll));
    Value waiting = cmp(arith::CmpIPredicate::ne, load(pending), c32(0));
    Value go = arith::OrIOp::create(
        b, loc, arith::OrIOp::create(b, loc, fresh, moved), polled);
    return arith::AndIOp::create(
        b, loc, live,
        arith::AndIOp::create(
            b, loc, go,
            arith::XOrIOp::create(
                b, loc, waiting,
                arith::ConstantOp::create(b, loc, b.getBoolAttr(true)))));
  }

  /// The CUDA warp of lanes 32h..32h+31 arrives at a barrier when some of
  /// its lanes wait there and none of its lanes can run on: once, however
  /// many barrier instructions its lanes reached (NVIDIA counts a warp once,
  /// when all its non-exited threads are at the barrier). Lanes waiting at
  /// another barrier id arrive after. All lanes of the wave are active;
  /// continues at the end of the returned block.
  Block *arrivalsOfHalf(int32_t h, Value st, Value live) {
    auto i64 = b.getI64Type();
    Value lane =
        intr(b.getI32Type(), "llvm.amdgcn.mbcnt.lo", {c32(-1), c32(0)});
    lane = intr(b.getI32Type(), "llvm.amdgcn.mbcnt.hi", {c32(-1), lane});
    Value inHalf =
        cmp(arith::CmpIPredicate::eq,
            arith::AndIOp::create(b, loc, lane, c32(32)), c32(32 * h));
    Value waiting = cmp(arith::CmpIPredicate::ne, load(pending), c32(0));
    Value runMask =
        ballot(arith::AndIOp::create(b, loc, inHalf, canRun(st, live)));
    Value waitMask = ballot(arith::AndIOp::create(b, loc, inHalf, waiting));
    Value zero = arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(0));
    Value go = arith::AndIOp::create(
        b, loc, cmp(arith::CmpIPredicate::ne, waitMask, zero),
        cmp(arith::CmpIPredicate::eq, runMask, zero));
    Block *group = newBlock(), *arrive = newBlock(), *done = newBlock();
    LLVM::CondBrOp::create(b, loc, go, group, done);

    // The lanes of the first waiting lane's barrier arrive, with its count
    // and flags.
    b.setInsertionPointToEnd(group);
    Value first = arith::TruncIOp::create(
        b, loc, b.getI32Type(),
        LLVM::CountTrailingZerosOp::create(b, loc, i64, waitMask, false));
    auto fromFirst = [&](Value slot) {
      return intr(b.getI32Type(), "llvm.amdgcn.readlane.i32",
                  {load(slot), first});
    };
    Value id = fromFirst(barrierId), count = fromFirst(waitCount),
          flags = fromFirst(waitFlags);
    Value mine = arith::AndIOp::create(
        b, loc, arith::AndIOp::create(b, loc, inHalf, waiting),
        cmp(arith::CmpIPredicate::eq, load(barrierId), id));
    LLVM::CondBrOp::create(b, loc, mine, arrive, done);

    b.setInsertionPointToEnd(arrive);
    auto flag = [&](int32_t f) {
      return cmp(arith::CmpIPredicate::ne,
                 arith::AndIOp::create(b, loc, flags, c32(f)), c32(0));
    };
    Value pred = cmp(arith::CmpIPredicate::ne, load(waitPred), c32(0));
    Value ph =
        named.arrive(b, loc, id, count, pred, flag(kReduce), flag(kWhole));
    store(ph, phase);
    store(c32(0), pending);
    LLVM::BrOp::create(b, loc, done);
    b.setInsertionPointToEnd(done);
    return done;
  }

  /// The dispatcher loop; `start` is the original entry.
  void buildDispatcher(Block *start) {
    loc = fn.getLoc();
    fn.getBody().push_back(header);
    b.setInsertionPointToEnd(init);
    store(c32(kStart), state);
    store(c32(0), barrierId);
    store(c32(0), phase);
    store(c32(63), last);
    store(c32(0), reported);
    store(c32(0), failed);
    store(c32(0), pending);
    LLVM::BrOp::create(b, loc, header);

    Block *check = newBlock(), *sleep = newBlock(), *pick = newBlock(),
          *dispatch = newBlock(), *exit = newBlock();
    auto i64 = b.getI64Type();

    // header: finished when no lane has a resume point left.
    b.setInsertionPointToEnd(header);
    Value st = load(state);
    Value live = cmp(arith::CmpIPredicate::ne, st, c32(kDone));
    Value liveMask = ballot(live);
    Value allMask =
        ballot(arith::ConstantOp::create(b, loc, b.getBoolAttr(true)));
    // A CUDA warp whose lanes have all finished exited: report it once, so
    // that whole-block barriers stop waiting for it.
    Value doneHalves = c32(0);
    for (int32_t h : {0, 1}) {
      auto half = [&](Value m) {
        Value shifted = arith::ShRUIOp::create(
            b, loc, m,
            arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(32 * h)));
        return arith::TruncIOp::create(b, loc, b.getI32Type(), shifted);
      };
      Value exists = cmp(arith::CmpIPredicate::ne, half(allMask), c32(0));
      Value finished = cmp(arith::CmpIPredicate::eq, half(liveMask), c32(0));
      Value bit = arith::SelectOp::create(
          b, loc, arith::AndIOp::create(b, loc, exists, finished), c32(1 << h),
          c32(0));
      doneHalves = arith::OrIOp::create(b, loc, doneHalves, bit);
    }
    Value reportedBefore = load(reported);
    Value newly = arith::AndIOp::create(
        b, loc, doneHalves,
        arith::XOrIOp::create(b, loc, reportedBefore, c32(-1)));
    Block *report = newBlock(), *survey = newBlock();
    LLVM::CondBrOp::create(b, loc, cmp(arith::CmpIPredicate::ne, newly, c32(0)),
                           report, survey);

    b.setInsertionPointToEnd(report);
    store(arith::OrIOp::create(b, loc, reportedBefore, newly), reported);
    Value threads = arith::ShLIOp::create(
        b, loc, LLVM::CtPopOp::create(b, loc, b.getI32Type(), newly), c32(5));
    named.exitWarps(b, loc, blockInWarps(), threads);
    LLVM::BrOp::create(b, loc, survey);

    b.setInsertionPointToEnd(survey);
    Value anyLive =
        cmp(arith::CmpIPredicate::ne, liveMask,
            arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(0)));
    Block *arrivals = newBlock();
    LLVM::CondBrOp::create(b, loc, anyLive, arrivals, exit);

    // arrivals: the warps whose lanes all wait arrive.
    b.setInsertionPointToEnd(arrivals);
    arrivalsOfHalf(0, st, live);
    arrivalsOfHalf(1, st, live);
    LLVM::BrOp::create(b, loc, check);

    // check: lanes that can run; sleep when there are none.
    b.setInsertionPointToEnd(check);
    Value runnable = canRun(st, live);
    Value mask = ballot(runnable);
    Value any = cmp(arith::CmpIPredicate::ne, mask,
                    arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(0)));
    LLVM::CondBrOp::create(b, loc, any, pick, sleep);

    b.setInsertionPointToEnd(sleep);
    LLVM::CallIntrinsicOp::create(
        b, loc, b.getStringAttr("llvm.amdgcn.s.sleep"), ValueRange{c32(1)});
    LLVM::BrOp::create(b, loc, header);

    // pick: the resume point of the next runnable lane after the one picked
    // last, round the wave (a lane that is picked again and again must not keep
    // the others from running); its lanes run.
    b.setInsertionPointToEnd(pick);
    Value lastLane = arith::ExtUIOp::create(b, loc, i64, load(last));
    Value minus1 = arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(-1));
    Value one64 = arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(1));
    Value higher = arith::AndIOp::create(
        b, loc, mask,
        arith::ShLIOp::create(
            b, loc, arith::ShLIOp::create(b, loc, minus1, lastLane), one64));
    Value from = arith::SelectOp::create(
        b, loc,
        cmp(arith::CmpIPredicate::ne, higher,
            arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(0))),
        higher, mask);
    Value first = arith::TruncIOp::create(
        b, loc, b.getI32Type(),
        LLVM::CountTrailingZerosOp::create(b, loc, i64, from, false));
    store(first, last);
    Value chosen =
        intr(b.getI32Type(), "llvm.amdgcn.readlane.i32", {st, first});
    Value go = arith::AndIOp::create(b, loc, runnable,
                                     cmp(arith::CmpIPredicate::eq, st, chosen));
    LLVM::CondBrOp::create(b, loc, go, dispatch, header);

    b.setInsertionPointToEnd(dispatch);
    SmallVector<int32_t> cases;
    SmallVector<ValueRange> operands;
    for (size_t i = 0; i < resumes.size(); ++i) {
      cases.push_back(i + 1);
      operands.push_back(ValueRange{});
    }
    LLVM::SwitchOp::create(b, loc, chosen, start, ValueRange{}, cases,
                           BlockRange(resumes), operands);

    b.setInsertionPointToEnd(exit);
    LLVM::ReturnOp::create(b, loc, ValueRange{});
  }

  void run(const PollingLoops &loops) {
    SmallVector<Operation *> waits;
    fn.walk([&](Operation *op) {
      if (isa<wave::BarrierOp, wave::BarrierRedOp>(op))
        waits.push_back(op);
    });
    makeEntry();
    Block *start = init->getNextNode();
    for (auto [i, op] : llvm::enumerate(waits))
      lowerWait(op, i + 1);
    for (Operation *p : loops.polls)
      lowerPoll(p);
    firstPoll = resumes.size() + 1;
    for (auto [t, i] : loops.edges)
      lowerBackEdge(t, i, resumes.size() + 1);
    SmallVector<LLVM::ReturnOp> rets;
    fn.walk([&](LLVM::ReturnOp r) { rets.push_back(r); });
    for (LLVM::ReturnOp r : rets) {
      loc = r.getLoc();
      b.setInsertionPoint(r);
      store(c32(kDone), state);
      LLVM::BrOp::create(b, loc, header);
      yields[r->getBlock()] = nullptr;
      r.erase();
    }
    SmallVector<Block *> body;
    for (Block &blk : fn.getBody())
      if (&blk != init)
        body.push_back(&blk);
    SmallVector<Value> slots;
    demoteCrossBlockValues(body, init, &slots);
    killDeadSlotsAtYields(body, slots, yields);
    buildDispatcher(start);
  }
};

/// Makes `kernel` call `clone` under an ordinary dispatch of more than one
/// warp.
void callFromKernel(OpBuilder &b, DispatchIds &ids, LLVM::LLVMFuncOp kernel,
                    LLVM::LLVMFuncOp clone) {
  Location loc = kernel.getLoc();
  Block &entry = kernel.getBody().front();
  Block *rest = splitEntryAfterStackSlots(kernel);
  Block *call = new Block();
  kernel.getBody().push_back(call);
  b.setInsertionPointToEnd(&entry);
  Value many =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt,
                            ids.blockThreads(loc), constI32(b, loc, 32));
  Value ordinary = arith::XOrIOp::create(
      b, loc, ids.isSplit(loc),
      arith::ConstantOp::create(b, loc, b.getBoolAttr(true)));
  LLVM::CondBrOp::create(b, loc, arith::AndIOp::create(b, loc, many, ordinary),
                         call, rest);
  b.setInsertionPointToEnd(call);
  LLVM::CallOp::create(b, loc, clone, entry.getArguments()).setConvergent(true);
  LLVM::ReturnOp::create(b, loc, ValueRange{});
}

/// Functions that can reach a barrier wait and a counted barrier, through
/// direct calls; an indirect call is assumed to reach what any function
/// whose address the module takes can reach.
struct Reach {
  llvm::DenseSet<Operation *> waits, counted, polls;
  /// Whether an indirect call can reach a wait or a poll.
  bool indirectWaits = false;

  bool yields(Operation *f) const {
    return waits.contains(f) || polls.contains(f);
  }

  explicit Reach(ModuleOp top) {
    SmallVector<LLVM::LLVMFuncOp> fns(top.getOps<LLVM::LLVMFuncOp>());
    llvm::DenseSet<Operation *> indirect, addressTaken;
    top.walk([&](LLVM::AddressOfOp a) {
      if (Operation *f = top.lookupSymbol(a.getGlobalName()))
        addressTaken.insert(f);
    });
    for (LLVM::LLVMFuncOp f : fns)
      f.walk([&](Operation *op) {
        if (isCounted(op))
          counted.insert(f);
        if (isa<wave::BarrierOp, wave::BarrierRedOp>(op))
          waits.insert(f);
        if (mayPoll(op))
          polls.insert(f);
        if (auto call = dyn_cast<LLVM::CallOp>(op); call && !call.getCallee())
          indirect.insert(f);
      });
    bool changed = true;
    while (changed) {
      changed = false;
      auto any = [&](llvm::DenseSet<Operation *> &set) {
        return llvm::any_of(addressTaken,
                            [&](Operation *f) { return set.contains(f); });
      };
      for (LLVM::LLVMFuncOp f : fns)
        for (auto *set : {&waits, &counted, &polls}) {
          if (set->contains(f))
            continue;
          bool hit = indirect.contains(f) && any(*set);
          f.walk([&](LLVM::CallOp call) {
            if (auto callee = call.getCallee())
              hit |= set->contains(top.lookupSymbol(*callee));
          });
          if (hit) {
            set->insert(f);
            changed = true;
          }
        }
    }
    indirectWaits =
        llvm::any_of(addressTaken, [&](Operation *f) { return yields(f); });
  }
};

/// Whether `f` can call itself through direct calls.
bool isRecursive(ModuleOp top, LLVM::LLVMFuncOp f) {
  SmallVector<Operation *> work{f};
  llvm::DenseSet<Operation *> seen;
  while (!work.empty()) {
    Operation *g = work.pop_back_val();
    bool self = false;
    g->walk([&](LLVM::CallOp call) {
      auto callee = call.getCallee();
      if (!callee)
        return;
      Operation *h = top.lookupSymbol(*callee);
      self |= h == f.getOperation();
      if (h && seen.insert(h).second)
        work.push_back(h);
    });
    if (self)
      return true;
  }
  return false;
}

/// Brings the barrier waits of the functions `fn` calls into its body, as
/// far as they can be (not through recursion or indirect calls: those get
/// a warning).
void inlineWaits(ModuleOp top, LLVM::LLVMFuncOp fn, Reach &reach) {
  // Calls copied at most: a call tree can grow exponentially.
  constexpr int kMaxCopies = 256;
  int copies = 0;
  auto copyable = [&](LLVM::CallOp call) -> LLVM::LLVMFuncOp {
    auto callee = call.getCallee();
    if (!callee)
      return {};
    auto f = dyn_cast_or_null<LLVM::LLVMFuncOp>(top.lookupSymbol(*callee));
    if (f && reach.yields(f) && !f.isExternal() && !f.isVarArg() &&
        !isRecursive(top, f))
      return f;
    return {};
  };
  while (copies < kMaxCopies) {
    SmallVector<std::pair<LLVM::CallOp, LLVM::LLVMFuncOp>> calls;
    fn.walk([&](LLVM::CallOp call) {
      if (LLVM::LLVMFuncOp f = copyable(call))
        calls.push_back({call, f});
    });
    if (calls.empty())
      break;
    for (auto [call, f] : calls) {
      if (copies++ == kMaxCopies)
        break;
      inlineCall(call, f);
    }
  }
  // One warning per callee (and one for indirect calls).
  llvm::DenseSet<Operation *> warned;
  fn.walk([&](LLVM::CallOp call) {
    auto callee = call.getCallee();
    Operation *f = callee ? top.lookupSymbol(*callee) : nullptr;
    if (callee ? !reach.yields(f) : !reach.indirectWaits)
      return;
    if (!warned.insert(f).second)
      return;
    StringRef why = !callee          ? "indirect call"
                    : copyable(call) ? "call (too many calls to copy)"
                                     : "recursive call";
    call.emitWarning("a barrier or mbarrier wait reached through this ")
        << why
        << " is not scheduled per CUDA warp on wave64: warps of one wave "
           "that wait for each other there may hang";
  });
}

} // namespace

void mlir::ptx::rocdl::scheduleWarps(ModuleOp top, OpBuilder &b,
                                     NamedBarriers &named, DispatchIds &ids) {
  OpBuilder::InsertionGuard g(b);
  Reach reach(top);
  SmallVector<LLVM::LLVMFuncOp> kernels;
  for (auto fn : top.getOps<LLVM::LLVMFuncOp>()) {
    // A block of one warp has nothing to schedule. Warps wait for each
    // other at counted barriers and at mbarriers.
    if (fn->hasAttr("ptx.kernel") && !fn.isExternal() &&
        ptx::getMaxThreadsPerBlock(fn) > 32 &&
        ((reach.counted.contains(fn) && reach.waits.contains(fn)) ||
         reach.polls.contains(fn)))
      kernels.push_back(fn);
  }
  for (LLVM::LLVMFuncOp kernel : kernels) {
    auto clone = cast<LLVM::LLVMFuncOp>(kernel->clone());
    clone.setSymName((kernel.getName() + kScheduledSuffix).str());
    clone.setLinkage(LLVM::Linkage::Internal);
    for (NamedAttribute a : llvm::to_vector(clone->getDiscardableAttrs()))
      if (a.getName().getValue().starts_with("ptx."))
        clone->removeAttr(a.getName());
    top.getBody()->getOperations().insertAfter(kernel->getIterator(), clone);
    inlineWaits(top, clone, reach);
    // Scheduled: counted barriers and the waits that meet them, or polling
    // loops (a poll outside a loop never waits).
    bool waits = clone
                     .walk([](Operation *op) {
                       return isa<wave::BarrierOp, wave::BarrierRedOp>(op)
                                  ? WalkResult::interrupt()
                                  : WalkResult::advance();
                     })
                     .wasInterrupted();
    PollingLoops loops = findPollingLoops(clone);
    if (!(waits && reach.counted.contains(kernel)) && loops.edges.empty()) {
      clone.erase();
      continue;
    }
    Scheduler(b, named, ids, clone).run(loops);
    // Kept out of the kernel: inlined, the clone makes one function of
    // both bodies, and LLVM's optimisation and code generation grow faster
    // than linearly with function size (async_copy for gfx942 compiled
    // about a fifth faster so). The call runs once per wave. Convergent:
    // it holds barriers, so no call of it may move into divergent code.
    // runScheduledOnly inlines it where the kernel keeps no body of its own.
    clone.setNoInline(true);
    clone.setConvergent(true);
    callFromKernel(b, ids, kernel, clone);
  }
}

void mlir::ptx::rocdl::runScheduledOnly(ModuleOp top, LLVM::LLVMFuncOp kernel) {
  auto clone = top.lookupSymbol<LLVM::LLVMFuncOp>(
      (kernel.getName() + kScheduledSuffix).str());
  if (!clone)
    return;
  // The call block of callFromKernel, entered from one conditional branch.
  LLVM::CallOp call;
  kernel.walk([&](LLVM::CallOp c) {
    if (c.getCallee() == clone.getName())
      call = c;
  });
  Block *callBlock = call ? call->getBlock() : nullptr;
  auto branch = callBlock && callBlock->getSinglePredecessor()
                    ? dyn_cast<LLVM::CondBrOp>(
                          callBlock->getSinglePredecessor()->getTerminator())
                    : LLVM::CondBrOp();
  if (!branch)
    return;
  IRRewriter rewriter(kernel.getContext());
  rewriter.setInsertionPoint(branch);
  rewriter.replaceOpWithNewOp<LLVM::BrOp>(branch, ValueRange{}, callBlock);
  (void)eraseUnreachableBlocks(rewriter, kernel.getBody());
  // The kernel is now the entry, the call and the exit: the clone is its
  // body, with no callee-saved registers and no call frame.
  clone.setNoInline(false);
  clone.setAlwaysInline(true);
}
