//===- AsyncOps.cpp - mbarriers, cp.async, bulk copies, cluster controls --===//
//
// No back end has an asynchronous copy engine, so every asynchronous copy
// (cp.async, cp.async.bulk, cp.reduce.async.bulk, st.async, red.async) is
// performed by the issuing thread when it is issued. PTX only promises its
// result after a wait (cp.async.wait_group/wait_all, a bulk wait_group, an
// mbarrier phase), and a copy done earlier is one of the executions it
// allows; the issuing thread sees its own writes in program order, and other
// threads see them through the barrier or mbarrier that PTX requires anyway.
// So the group operations have nothing left to do, and a copy that completes
// on an mbarrier performs its complete-tx with release semantics right after
// it.
//
// An mbarrier is one 64-bit word (docs/lowering.md, "Asynchronous copies
// and mbarriers"):
//   bits  0..20  pending arrivals of the current phase
//   bits 21..41  expected arrivals of each phase
//   bits 42..62  tx-count + 2^20 (its range is -(2^20-1)..2^20-1)
//   bit  63      phase parity
// An update (arrive, arrive_drop, expect_tx, complete_tx) is one atomic add
// of its change to the fields; the thread whose add leaves pending arrivals
// and tx-count at zero completes the phase with a second add, which loads
// the expected count into the (zero) pending field and flips the parity. No
// loop: with a compare-and-swap loop, the lanes of a warp that left it can
// spin in the program's own wait loop while the others wait to retry (the
// H200 timed out so through the NVVM path; docs/lowering.md). The state an
// arrive returns is the word before the arrival: its parity names the phase
// arrived on, and pending_count reads its pending field (the count before the
// arrival, as the H200 reports it). A wait is one acquire load: the phase of
// `state` (or of parity `p`) is complete when the current parity differs.
// try_wait returns at once (the manual allows any time limit), so a waiting
// loop in PTX polls, and loop back-edges yield on the CPU agent; every wait
// is also a `wave.poll`, where a wave64 AMD wave lets its other warp run.
// Limitation:
// between the two adds of a completion (a few instructions; never on the CPU
// agent, whose fibers switch only at yields) an arrival on the next phase by a
// thread that did not wait for this one gets a state naming the completed
// phase.
//
// Clusters have one CTA (SpecialRegs.cpp): shared::cluster addresses are
// shared::cta addresses, mapa to rank 0 is the identity and getctarank is
// 0; any other rank is undefined behaviour in PTX.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"
#include "mlir/IR/Matchers.h"
#include <limits>

using namespace mlir;
using namespace mlir::ptx;
using namespace mlir::ptx::lowering;

namespace {

using Builder = ConversionPatternRewriter;

constexpr unsigned kFieldBits = 21;
constexpr int64_t kFieldMask = (int64_t(1) << kFieldBits) - 1;
constexpr unsigned kExpectedShift = 21;
constexpr unsigned kTxShift = 42;
/// tx-count is stored plus 2^20, so that its range -(2^20-1)..2^20-1 stays
/// inside the field.
constexpr int64_t kTxBias = int64_t(1) << 20;
constexpr unsigned kPhaseShift = 63;

/// mbarrier operations and red.async default to .cta.
StringRef syncScope(std::optional<Scope> scope) {
  return lowering::syncScope(scope, Scope::cta);
}

Value i64c(Builder &b, Location loc, int64_t v) {
  return intConst(b, loc, b.getI64Type(), v);
}

/// The address of an mbarrier or a shared operand: shared::cluster is
/// shared::cta in a cluster of one CTA.
FailureOr<Value> address(Builder &rewriter, Operation *op, LoweringState &state,
                         Value base, FlatSymbolRefAttr sym, int64_t offset,
                         std::optional<StateSpace> space) {
  if (space && *space == StateSpace::shared_cluster)
    space = StateSpace::shared_cta;
  return lowerAddress(rewriter, op, state, base, sym, offset, space);
}

/// Checks that `op` is unguarded and returns the address of its operand
/// `[addr]` (an mbarrier, or the shared word of st.async).
template <typename OpT>
FailureOr<Value> unguardedAddr(Builder &rewriter, OpT op, LoweringState &state,
                               Value addr) {
  if (failed(checkUnguarded(rewriter, op)))
    return failure();
  return address(rewriter, op, state, addr, op.getAddrSymAttr(),
                 op.getAddrOffset(), op.getSpace());
}

/// The address of the `[mbar]` operand of a copy that completes on an
/// mbarrier (always in shared memory).
template <typename OpT>
FailureOr<Value> mbarAddr(Builder &rewriter, OpT op, LoweringState &state,
                          Value mbar) {
  return address(rewriter, op, state, mbar, op.getMbarSymAttr(),
                 (int64_t)op.getMbarOffset().value_or(0),
                 StateSpace::shared_cta);
}

/// The addresses of the `[dst]` and `[src]` operands of a copy.
template <typename OpT>
FailureOr<std::pair<Value, Value>> copyAddrs(Builder &rewriter, OpT op,
                                             LoweringState &state, Value dst,
                                             Value src) {
  FailureOr<Value> d = address(rewriter, op, state, dst, op.getDstSymAttr(),
                               op.getDstOffset(), op.getDstSpace());
  if (failed(d))
    return failure();
  FailureOr<Value> s = address(rewriter, op, state, src, op.getSrcSymAttr(),
                               op.getSrcOffset(), op.getSrcSpace());
  if (failed(s))
    return failure();
  return std::make_pair(*d, *s);
}

/// Applies (pending -= dPend, expected -= dExp, tx += dTx) to the mbarrier
/// at `ptr` with one atomic add, and completes the phase when that made
/// pending arrivals and tx-count zero. Returns the word before the update.
/// The insertion point ends in a new block after the update.
Value updateMbarrier(Builder &rewriter, Location loc, Value ptr, Value dPend,
                     Value dExp, Value dTx, LLVM::AtomicOrdering ordering,
                     StringRef scope) {
  auto shl = [&](Value v, unsigned s) -> Value {
    return arith::ShLIOp::create(rewriter, loc, v, i64c(rewriter, loc, s));
  };
  // The fields never carry into each other: tx-count is biased and pending
  // arrivals never go below zero in a phase.
  Value delta = i64c(rewriter, loc, 0);
  if (dTx)
    delta = shl(dTx, kTxShift);
  if (dPend)
    delta = arith::SubIOp::create(rewriter, loc, delta, dPend);
  if (dExp)
    delta =
        arith::SubIOp::create(rewriter, loc, delta, shl(dExp, kExpectedShift));
  Value old = LLVM::AtomicRMWOp::create(rewriter, loc, LLVM::AtomicBinOp::add,
                                        ptr, delta, ordering, scope, 8);
  Value next = arith::AddIOp::create(rewriter, loc, old, delta);
  Value mask = i64c(rewriter, loc, kFieldMask);
  // Pending arrivals and tx-count both zero.
  Value zeroFields = i64c(rewriter, loc, kTxBias << kTxShift);
  Value fieldsMask = i64c(rewriter, loc, kFieldMask | (kFieldMask << kTxShift));
  auto atZero = [&](Value w) -> Value {
    return arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::eq,
        arith::AndIOp::create(rewriter, loc, w, fieldsMask), zeroFields);
  };
  Value completes = arith::AndIOp::create(
      rewriter, loc, atZero(next),
      arith::XOrIOp::create(rewriter, loc, atZero(old),
                            intConst(rewriter, loc, rewriter.getI1Type(), 1)));
  // The update that completed the phase starts the next one: the pending
  // count (zero) gets the expected count and the parity flips.
  Block *before = rewriter.getInsertionBlock();
  Block *after = splitHere(rewriter);
  Block *complete = rewriter.createBlock(after);
  Value expected = arith::AndIOp::create(
      rewriter, loc,
      arith::ShRUIOp::create(rewriter, loc, next,
                             i64c(rewriter, loc, kExpectedShift)),
      mask);
  Value reset = arith::OrIOp::create(
      rewriter, loc, expected,
      i64c(rewriter, loc, std::numeric_limits<int64_t>::min()));
  LLVM::AtomicRMWOp::create(rewriter, loc, LLVM::AtomicBinOp::add, ptr, reset,
                            ordering, scope, 8);
  cf::BranchOp::create(rewriter, loc, after);
  rewriter.setInsertionPointToEnd(before);
  cf::CondBranchOp::create(rewriter, loc, completes, complete, after);
  rewriter.setInsertionPointToStart(after);
  return old;
}

/// The complete-tx of `bytes` (an i64 value or an integer attribute) on the
/// `[mbar]` operand of an asynchronous write that has just been performed, as
/// a release at cluster scope so that a thread that sees the phase complete
/// sees the data.
template <typename OpT>
LogicalResult completeTxRelease(Builder &rewriter, OpT op, LoweringState &state,
                                Value mbar, OpFoldResult bytes) {
  FailureOr<Value> ptr = mbarAddr(rewriter, op, state, mbar);
  if (failed(ptr))
    return failure();
  Location loc = op.getLoc();
  Value tx;
  if (auto attr = dyn_cast<Attribute>(bytes))
    tx = i64c(rewriter, loc, -cast<IntegerAttr>(attr).getInt());
  else
    tx = arith::SubIOp::create(rewriter, loc, i64c(rewriter, loc, 0),
                               cast<Value>(bytes));
  updateMbarrier(rewriter, loc, *ptr, Value(), Value(), tx,
                 LLVM::AtomicOrdering::release, "ptx.cluster");
  return success();
}

LLVM::AtomicOrdering releaseUnlessRelaxed(std::optional<MemSem> sem) {
  return sem && *sem == MemSem::relaxed ? LLVM::AtomicOrdering::monotonic
                                        : LLVM::AtomicOrdering::release;
}

/// Converts an integer operand (or `dflt` when absent) to i64.
Value countOr(Builder &b, Location loc, Value v, int64_t dflt) {
  return v ? adapt(b, loc, v, b.getI64Type()) : i64c(b, loc, dflt);
}

struct MbarrierInitLowering : public PTXPattern<MbarrierInitOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(MbarrierInitOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    Location loc = op.getLoc();
    FailureOr<Value> ptr =
        unguardedAddr(rewriter, op, state, adaptor.getAddr());
    if (failed(ptr))
      return failure();
    // Phase 0, tx-count 0, `count` pending and expected arrivals.
    Value n = arith::AndIOp::create(
        rewriter, loc, countOr(rewriter, loc, adaptor.getCount(), 1),
        i64c(rewriter, loc, kFieldMask));
    Value word = arith::OrIOp::create(
        rewriter, loc,
        arith::OrIOp::create(
            rewriter, loc, n,
            arith::ShLIOp::create(rewriter, loc, n,
                                  i64c(rewriter, loc, kExpectedShift))),
        i64c(rewriter, loc, kTxBias << kTxShift));
    LLVM::StoreOp::create(rewriter, loc, word, *ptr, 8);
    rewriter.eraseOp(op);
    return success();
  }
};

/// mbarrier.arrive and mbarrier.arrive_drop (also .expect_tx, .noComplete:
/// a .noComplete arrival that would complete the phase is undefined in PTX;
/// it completes it here).
template <typename OpT> struct MbarrierArriveLowering : public PTXPattern<OpT> {
  using PTXPattern<OpT>::PTXPattern;
  static constexpr bool drop = std::is_same_v<OpT, MbarrierArriveDropOp>;
  LogicalResult matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                                Builder &rewriter) const override {
    Location loc = op.getLoc();
    FailureOr<Value> ptr =
        unguardedAddr(rewriter, op, this->state, adaptor.getAddr());
    if (failed(ptr))
      return failure();
    Value count = countOr(rewriter, loc, adaptor.getCount(), 1);
    Value arrivals = op.getExpectTx() ? i64c(rewriter, loc, 1) : count;
    Value tx = op.getExpectTx() ? count : Value();
    Value old = updateMbarrier(
        rewriter, loc, *ptr, arrivals, drop ? arrivals : Value(), tx,
        releaseUnlessRelaxed(op.getSem()), syncScope(op.getScope()));
    if (op.getState())
      replaceWithAdapted(rewriter, op, old);
    else
      rewriter.eraseOp(op);
    return success();
  }
};

/// mbarrier.expect_tx (+tx) and mbarrier.complete_tx (-tx); both are
/// .relaxed.
template <typename OpT> struct MbarrierTxLowering : public PTXPattern<OpT> {
  using PTXPattern<OpT>::PTXPattern;
  static constexpr bool expect = std::is_same_v<OpT, MbarrierExpectTxOp>;
  LogicalResult matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                                Builder &rewriter) const override {
    Location loc = op.getLoc();
    FailureOr<Value> ptr =
        unguardedAddr(rewriter, op, this->state, adaptor.getAddr());
    if (failed(ptr))
      return failure();
    Value tx = countOr(rewriter, loc, adaptor.getTxCount(), 0);
    if (!expect)
      tx = arith::SubIOp::create(rewriter, loc, i64c(rewriter, loc, 0), tx);
    updateMbarrier(rewriter, loc, *ptr, Value(), Value(), tx,
                   LLVM::AtomicOrdering::monotonic, syncScope(op.getScope()));
    rewriter.eraseOp(op);
    return success();
  }
};

/// test_wait and try_wait, with a state or a phase parity.
template <typename OpT> struct MbarrierWaitLowering : public PTXPattern<OpT> {
  using PTXPattern<OpT>::PTXPattern;
  LogicalResult matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                                Builder &rewriter) const override {
    Location loc = op.getLoc();
    FailureOr<Value> ptr =
        unguardedAddr(rewriter, op, this->state, adaptor.getAddr());
    if (failed(ptr))
      return failure();
    auto sem = op.getSem();
    LLVM::AtomicOrdering ordering = sem && *sem == MemSem::relaxed
                                        ? LLVM::AtomicOrdering::monotonic
                                        : LLVM::AtomicOrdering::acquire;
    auto i64 = rewriter.getI64Type();
    Value word =
        LLVM::LoadOp::create(rewriter, loc, i64, *ptr, 8, false, false, false,
                             false, ordering, syncScope(op.getScope()));
    Value phase = arith::ShRUIOp::create(rewriter, loc, word,
                                         i64c(rewriter, loc, kPhaseShift));
    Value waited = adapt(rewriter, loc, adaptor.getState(), i64);
    if (!op.getParity())
      waited = arith::ShRUIOp::create(rewriter, loc, waited,
                                      i64c(rewriter, loc, kPhaseShift));
    waited =
        arith::AndIOp::create(rewriter, loc, waited, i64c(rewriter, loc, 1));
    Value done = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ne,
                                       phase, waited);
    // Another warp of a wave64 wave may be the one to complete the phase.
    wave::PollOp::create(rewriter, loc, done);
    replaceWithAdapted(rewriter, op, done);
    return success();
  }
};

struct MbarrierPendingCountLowering
    : public PTXPattern<MbarrierPendingCountOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(MbarrierPendingCountOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    Location loc = op.getLoc();
    Value s = adapt(rewriter, loc, adaptor.getState(), rewriter.getI64Type());
    Value n = arith::AndIOp::create(rewriter, loc, s,
                                    i64c(rewriter, loc, kFieldMask));
    replaceWithAdapted(rewriter, op, n);
    return success();
  }
};

/// cp.async.mbarrier.arrive: the thread's cp.async copies are complete
/// already, so the arrive-on happens now, as a release. Without .noinc the
/// pending count is raised first, a net change of zero; what remains is the
/// release that publishes the copies.
struct CpAsyncMbarrierArriveLowering
    : public PTXPattern<CpAsyncMbarrierArriveOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(CpAsyncMbarrierArriveOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    Location loc = op.getLoc();
    FailureOr<Value> ptr =
        unguardedAddr(rewriter, op, state, adaptor.getAddr());
    if (failed(ptr))
      return failure();
    if (op.getNoinc())
      updateMbarrier(rewriter, loc, *ptr, i64c(rewriter, loc, 1), Value(),
                     Value(), LLVM::AtomicOrdering::release, "ptx.cta");
    else
      LLVM::AtomicRMWOp::create(rewriter, loc, LLVM::AtomicBinOp::add, *ptr,
                                i64c(rewriter, loc, 0),
                                LLVM::AtomicOrdering::release, "ptx.cta", 8);
    rewriter.eraseOp(op);
    return success();
  }
};

/// cp.async: `cp-size` bytes, of which the first `src-size` are read and
/// the rest zero (ignore-src: all zero). .ca/.cg, the L2 hints and the
/// cache policy are cache hints.
struct CpAsyncLowering : public PTXPattern<CpAsyncOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(CpAsyncOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    APInt cpSizeValue;
    if (!matchPattern(adaptor.getCpSize(), m_ConstantInt(&cpSizeValue)))
      return unsupported(rewriter, op, "cp.async with a cp-size in a register");
    int64_t cp = cpSizeValue.getSExtValue();
    if (cp != 4 && cp != 8 && cp != 16)
      return unsupported(rewriter, op, "cp.async with cp-size " + Twine(cp));
    auto addrs =
        copyAddrs(rewriter, op, state, adaptor.getDst(), adaptor.getSrc());
    if (failed(addrs))
      return failure();
    Value dst = addrs->first, src = addrs->second;
    // The whole copy: one access of cp-size bytes (cp-size aligned).
    Type whole = cp == 16 ? (Type)VectorType::get({4}, rewriter.getI32Type())
                          : (Type)rewriter.getIntegerType(cp * 8);
    auto copyWhole = [&]() {
      Value v = LLVM::LoadOp::create(rewriter, loc, whole, src, cp);
      LLVM::StoreOp::create(rewriter, loc, v, dst, cp);
    };
    Value srcSize = adaptor.getSrcSize();
    if (!srcSize) {
      copyWhole();
      rewriter.eraseOp(op);
      return success();
    }
    auto i64 = rewriter.getI64Type();
    Value cpv = i64c(rewriter, loc, cp);
    Value n;
    if (srcSize.getType().isInteger(1)) {
      n = arith::SelectOp::create(rewriter, loc, srcSize,
                                  i64c(rewriter, loc, 0), cpv);
    } else {
      n = adapt(rewriter, loc, srcSize, i64);
      n = arith::MinUIOp::create(rewriter, loc, n, cpv);
    }
    // Full copies (the common case) take one access; a partial one copies
    // src-size bytes and zero-fills the rest.
    Value full =
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, n, cpv);
    Block *before = rewriter.getInsertionBlock();
    Block *after = splitHere(rewriter);
    Block *partial = rewriter.createBlock(after);
    Block *whole1 = rewriter.createBlock(after);
    rewriter.setInsertionPointToEnd(before);
    cf::CondBranchOp::create(rewriter, loc, full, whole1, partial);
    rewriter.setInsertionPointToStart(whole1);
    copyWhole();
    cf::BranchOp::create(rewriter, loc, after);
    rewriter.setInsertionPointToStart(partial);
    LLVM::MemcpyOp::create(rewriter, loc, dst, src, n, false);
    Value tail =
        LLVM::GEPOp::create(rewriter, loc, dst.getType(), rewriter.getI8Type(),
                            dst, ArrayRef<LLVM::GEPArg>{n});
    LLVM::MemsetOp::create(rewriter, loc, tail,
                           intConst(rewriter, loc, rewriter.getI8Type(), 0),
                           arith::SubIOp::create(rewriter, loc, cpv, n), false);
    cf::BranchOp::create(rewriter, loc, after);
    rewriter.setInsertionPointToStart(after);
    rewriter.eraseOp(op);
    return success();
  }
};

/// cp.async.bulk .cp_mask: bit i of the 16-bit `byteMask` selects byte i
/// of every 16-byte chunk; the bytes of clear bits are not written (the
/// manual: "If the bit is set, the byte is copied"). One masked store of the
/// chunk's 16 bytes per chunk (`size` is a multiple of 16 in PTX; a partial
/// chunk at the end is left alone), so unselected bytes are never read and
/// rewritten.
void copyMasked(Builder &rewriter, Location loc, Value dst, Value src,
                Value size, Value byteMask) {
  auto chunkTy = VectorType::get({16}, rewriter.getI8Type());
  Value lanes = LLVM::BitcastOp::create(
      rewriter, loc, VectorType::get({16}, rewriter.getI1Type()),
      adapt(rewriter, loc, byteMask, rewriter.getI16Type()));
  Value count =
      arith::ShRUIOp::create(rewriter, loc, size, i64c(rewriter, loc, 4));

  // for (i = 0; i < count; ++i) masked_store(src[i], &dst[i], lanes);
  emitLoop(rewriter, loc, count, [&](Value i) {
    Value off = arith::ShLIOp::create(rewriter, loc, i, i64c(rewriter, loc, 4));
    auto at = [&](Value base) -> Value {
      return LLVM::GEPOp::create(rewriter, loc, base.getType(),
                                 rewriter.getI8Type(), base,
                                 ArrayRef<LLVM::GEPArg>{off});
    };
    Value chunk = LLVM::LoadOp::create(rewriter, loc, chunkTy, at(src), 16);
    LLVM::MaskedStoreOp::create(rewriter, loc, chunk, at(dst), lanes, 16);
  });
}

/// cp.async.bulk: the copy, then (into shared memory) the complete-tx of
/// its bytes on the mbarrier, as a release so that a thread that sees the
/// phase complete sees the data. With .multicast::cluster the copy goes to
/// the CTAs of ctaMask: here only rank 0 exists. With .cp_mask (to .global
/// only) the bytes of byteMask's clear bits are left unwritten.
struct CpAsyncBulkLowering : public PTXPattern<CpAsyncBulkOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(CpAsyncBulkOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    auto addrs =
        copyAddrs(rewriter, op, state, adaptor.getDst(), adaptor.getSrc());
    if (failed(addrs))
      return failure();
    Value dst = addrs->first, src = addrs->second;
    Value size = adapt(rewriter, loc, adaptor.getSize(), rewriter.getI64Type());
    if (Value byteMask = adaptor.getByteMask()) {
      // .global.shared::cta with a bulk group (verifier): no mbarrier.
      copyMasked(rewriter, loc, dst, src, size, byteMask);
      rewriter.eraseOp(op);
      return success();
    }
    if (Value mask = adaptor.getCtaMask()) {
      Value mine = arith::AndIOp::create(
          rewriter, loc, adapt(rewriter, loc, mask, rewriter.getI64Type()),
          i64c(rewriter, loc, 1));
      size = arith::MulIOp::create(rewriter, loc, size, mine);
    }
    LLVM::MemcpyOp::create(rewriter, loc, dst, src, size, false);
    if (op.getCompletion() == Completion::mbarrier_complete_tx_bytes &&
        failed(completeTxRelease(rewriter, op, state, adaptor.getMbar(), size)))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};

/// cp.reduce.async.bulk: each `type` element of the `size` bytes at `src`
/// is reduced into the element at the same offset from `dst` by one relaxed
/// atomic (at .gpu scope into .global, .cluster into .shared::cluster), at
/// issue, by the issuing thread; f16/bf16 min/max are compare-exchange
/// loops with min/max's NaN and signed-zero rules. Into .shared::cluster
/// (the own CTA's shared memory) the complete-tx of `size` bytes on the
/// mbarrier follows, as a release, like cp.async.bulk's. `size` is a
/// multiple of 16 in PTX; a partial element at the end is left alone.
struct CpReduceAsyncBulkLowering : public PTXPattern<CpReduceAsyncBulkOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(CpReduceAsyncBulkOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    auto addrs =
        copyAddrs(rewriter, op, state, adaptor.getDst(), adaptor.getSrc());
    if (failed(addrs))
      return failure();
    Value dst = addrs->first, src = addrs->second;
    PTXType type = op.getType();
    AtomOperation rop = op.getOp();
    bool toGlobal = op.getDstSpace() == StateSpace::global;
    StringRef ss =
        lowering::syncScope(toGlobal ? Scope::gpu : Scope::cluster, Scope::gpu);
    unsigned bytes = getTypeBitWidth(type) / 8;
    Type valTy = getRegisterType(rewriter.getContext(), type);
    // The verifier admits the manual's operations only (no .cas/.exch).
    LLVM::AtomicBinOp bin = *atomicBinOp(rop, type);
    bool floatMinMax = isFloatType(type) &&
                       (rop == AtomOperation::min || rop == AtomOperation::max);
    auto i64 = rewriter.getI64Type();
    Value size = adapt(rewriter, loc, adaptor.getSize(), i64);
    Value count =
        arith::DivUIOp::create(rewriter, loc, size, i64c(rewriter, loc, bytes));

    // for (i = 0; i < count; ++i) dst[i] op= src[i];
    emitLoop(rewriter, loc, count, [&](Value i) {
      Value off =
          arith::MulIOp::create(rewriter, loc, i, i64c(rewriter, loc, bytes));
      auto at = [&](Value base) -> Value {
        return LLVM::GEPOp::create(rewriter, loc, base.getType(),
                                   rewriter.getI8Type(), base,
                                   ArrayRef<LLVM::GEPArg>{off});
      };
      Value dptr = at(dst);
      Value v = LLVM::LoadOp::create(rewriter, loc, valTy, at(src), bytes);
      if (floatMinMax)
        atomicFloatMinMax(rewriter, loc, dptr, v, rop == AtomOperation::max,
                          LLVM::AtomicOrdering::monotonic, ss, bytes);
      else
        LLVM::AtomicRMWOp::create(rewriter, loc, bin, dptr, v,
                                  LLVM::AtomicOrdering::monotonic, ss, bytes);
    });

    if (!toGlobal &&
        failed(completeTxRelease(rewriter, op, state, adaptor.getMbar(), size)))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};

/// st.async: a store into the (own) CTA's shared memory, then the
/// complete-tx of its bytes on the mbarrier.
struct StAsyncLowering : public PTXPattern<StAsyncOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(StAsyncOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    Location loc = op.getLoc();
    FailureOr<Value> ptr =
        unguardedAddr(rewriter, op, state, adaptor.getAddr());
    if (failed(ptr))
      return failure();
    Type elemTy = rewriter.getIntegerType(getTypeBitWidth(op.getType()));
    unsigned elemBytes = elemTy.getIntOrFloatBitWidth() / 8;
    auto values = adaptor.getB();
    unsigned n = values.size();
    if (n == 1) {
      LLVM::StoreOp::create(rewriter, loc,
                            adapt(rewriter, loc, values[0], elemTy), *ptr,
                            elemBytes);
    } else {
      auto vecTy = VectorType::get({(int64_t)n}, elemTy);
      Value vec = LLVM::UndefOp::create(rewriter, loc, vecTy);
      for (unsigned i = 0; i < n; ++i)
        vec = LLVM::InsertElementOp::create(
            rewriter, loc, vec, adapt(rewriter, loc, values[i], elemTy),
            intConst(rewriter, loc, rewriter.getI32Type(), i));
      LLVM::StoreOp::create(rewriter, loc, vec, *ptr, elemBytes * n);
    }
    if (failed(completeTxRelease(rewriter, op, state, adaptor.getMbar(),
                                 rewriter.getI64IntegerAttr(elemBytes * n))))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};

/// red.async: the mbarrier form is a relaxed atomic on the (own) CTA's
/// shared memory, then the complete-tx of its bytes on the mbarrier; the
/// `.release` form (sm_100) is a release atomic on global memory at its
/// scope.
struct RedAsyncLowering : public PTXPattern<RedAsyncOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(RedAsyncOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    PTXType type = op.getType();
    // The verifier admits the manual's integer operations only (no .cas).
    LLVM::AtomicBinOp bin = *atomicBinOp(op.getOp(), type);
    bool release = op.getSem() == MemSem::release;
    FailureOr<Value> ptr =
        address(rewriter, op, state, adaptor.getAddr(), op.getAddrSymAttr(),
                op.getAddrOffset(), op.getSpace());
    if (failed(ptr))
      return failure();
    unsigned bits = getTypeBitWidth(type);
    Value b = adapt(rewriter, loc, adaptor.getB(),
                    rewriter.getIntegerType(bits), isSignedIntType(type));
    LLVM::AtomicRMWOp::create(
        rewriter, loc, bin, *ptr, b,
        release ? LLVM::AtomicOrdering::release
                : LLVM::AtomicOrdering::monotonic,
        lowering::syncScope(op.getScope(), Scope::cluster), bits / 8);
    if (!release &&
        failed(completeTxRelease(rewriter, op, state, adaptor.getMbar(),
                                 rewriter.getI64IntegerAttr(bits / 8))))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};

/// fence.proxy.tensormap::generic orders tensor-map writes before their
/// uses by the tensormap proxy; with one proxy it is a plain fence.
struct FenceProxyTensormapLowering : public PTXPattern<FenceProxyTensormapOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(FenceProxyTensormapOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    rewriter.replaceOpWithNewOp<wave::FenceOp>(op, toWaveScope(op.getScope()));
    return success();
  }
};

/// mapa: the only CTA of the cluster is rank 0, whose shared::cluster
/// addresses are its shared::cta ones (another rank is undefined).
struct MapaLowering : public PTXPattern<MapaOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(MapaOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    replaceWithAdapted(rewriter, op, adaptor.getA());
    return success();
  }
};

/// getctarank: every shared::cluster address belongs to rank 0.
struct GetctarankLowering : public PTXPattern<GetctarankOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(GetctarankOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    replaceWithAdapted(
        rewriter, op,
        intConst(rewriter, op.getLoc(), rewriter.getI32Type(), 0));
    return success();
  }
};

} // namespace

void lowering::populateAsyncPatterns(SharedTypeConverter &tc,
                                     RewritePatternSet &p, LoweringState &s) {
  p.add<MbarrierInitLowering, MbarrierArriveLowering<MbarrierArriveOp>,
        MbarrierArriveLowering<MbarrierArriveDropOp>,
        MbarrierTxLowering<MbarrierExpectTxOp>,
        MbarrierTxLowering<MbarrierCompleteTxOp>,
        MbarrierWaitLowering<MbarrierTestWaitOp>,
        MbarrierWaitLowering<MbarrierTryWaitOp>, MbarrierPendingCountLowering,
        CpAsyncMbarrierArriveLowering, CpAsyncLowering, CpAsyncBulkLowering,
        CpReduceAsyncBulkLowering, StAsyncLowering, RedAsyncLowering,
        FenceProxyTensormapLowering, MapaLowering, GetctarankLowering,
        // An mbarrier holds nothing to release.
        NoEffectLowering<MbarrierInvalOp>,
        // Copies complete when issued (see the top of this file).
        NoEffectLowering<CpAsyncCommitGroupOp>,
        NoEffectLowering<CpAsyncWaitGroupOp>,
        NoEffectLowering<CpAsyncWaitAllOp>,
        NoEffectLowering<CpAsyncBulkCommitGroupOp>,
        NoEffectLowering<CpAsyncBulkWaitGroupOp>,
        // No grid overlaps another here: a grid starts after the grids it
        // depends on have completed and flushed their memory, so there is
        // nothing to wait for and nothing to launch early.
        NoEffectLowering<GriddepcontrolOp>,
        // A register-allocation hint of the warpgroup.
        NoEffectLowering<SetmaxnregOp>, NoEffectLowering<PrefetchTensormapOp>>(
      tc, p.getContext(), s);
}
