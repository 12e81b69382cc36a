//===- PTXVerifiersAsync.cpp - PTX rules of mbarrier and async copies -----===//
//
// mbarrier objects are .b64 in shared memory; only arrive/arrive_drop and
// the tx-count ops may reach another CTA's (`.shared::cluster`). `.sem` and
// `.scope` come as a pair. Bulk copies: the direction fixes the completion
// mechanism (mbarrier for copies into shared memory, bulk group for copies
// to global memory).
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "ptxmlir/Dialect/PTX/IR/PTXOps.h"

using namespace mlir;
using namespace mlir::ptx;

std::optional<int64_t> mlir::ptx::getImmediate(Value v) {
  if (!v)
    return std::nullopt;
  if (auto c = v.getDefiningOp<arith::ConstantOp>())
    if (auto i = dyn_cast<IntegerAttr>(c.getValue()))
      return i.getInt();
  return std::nullopt;
}

namespace {
bool isShared(std::optional<StateSpace> s) {
  return s == StateSpace::shared || s == StateSpace::shared_cta;
}

LogicalResult verifyB64(Operation *op, PTXType t) {
  if (t != PTXType::b64)
    return op->emitOpError("mbarrier objects are .b64");
  return success();
}

/// The mbarrier's state space: `.shared{::cta}`, and `.shared::cluster`
/// where remote barriers are allowed.
LogicalResult verifyBarrierSpace(Operation *op, std::optional<StateSpace> s,
                                 bool allowCluster) {
  if (!s || isShared(s) || (allowCluster && *s == StateSpace::shared_cluster))
    return success();
  return op->emitOpError("mbarrier state space must be .shared{::cta}")
         << (allowCluster ? " or .shared::cluster" : "");
}

/// `.sem.scope`: both or neither, from the given sets.
LogicalResult verifySemScope(Operation *op, std::optional<MemSem> sem,
                             std::optional<Scope> scope,
                             std::initializer_list<MemSem> sems,
                             std::initializer_list<Scope> scopes) {
  if (sem.has_value() != scope.has_value())
    return op->emitOpError(".sem and .scope are written together");
  if (sem && !llvm::is_contained(sems, *sem))
    return op->emitOpError("semantics .")
           << stringifyMemSem(*sem) << " is not valid here";
  if (scope && !llvm::is_contained(scopes, *scope))
    return op->emitOpError("scope .")
           << stringifyScope(*scope) << " is not valid here";
  return success();
}

/// A bulk copy or reduction completes in a bulk group when it writes global
/// memory and on an mbarrier otherwise; the `[mbar]` operand is written with
/// the mbarrier completion and only with it. `toGlobalMsg` and `toSharedMsg`
/// say which completion each direction takes.
template <typename OpT>
LogicalResult verifyBulkCompletion(OpT op, bool toGlobal, StringRef toGlobalMsg,
                                   StringRef toSharedMsg) {
  bool viaMbarrier =
      op.getCompletion() == Completion::mbarrier_complete_tx_bytes;
  if (viaMbarrier == toGlobal)
    return op.emitOpError(toGlobal ? toGlobalMsg : toSharedMsg);
  bool hasMbar = op.getMbar() || op.getMbarSym() || op.getMbarOffsetAttr();
  if (hasMbar != viaMbarrier)
    return op.emitOpError("the mbarrier operand goes with "
                          ".mbarrier::complete_tx::bytes, and only with it");
  return success();
}

/// Bulk reductions take the atom operations but .cas and .exch.
LogicalResult verifyBulkReduction(Operation *op, AtomOperation o) {
  if (o == AtomOperation::cas || o == AtomOperation::exch)
    return op->emitOpError("reduction operation .")
           << stringifyAtomOperation(o) << " is not valid here";
  return success();
}

/// The tensor map of a bulk tensor operation: a name or a register.
LogicalResult verifyTensorMapOperand(Operation *op, Value reg,
                                     FlatSymbolRefAttr sym) {
  if (reg && sym)
    return op->emitOpError("the tensor map is either a name or a register");
  if (!reg && !sym)
    return op->emitOpError("needs a tensor map");
  return success();
}

template <typename OpT> LogicalResult verifyTx(OpT op) {
  Operation *o = op.getOperation();
  if (failed(verifyB64(o, op.getType())) ||
      failed(verifyBarrierSpace(o, op.getSpace(), true)) ||
      failed(verifySemScope(o, op.getSem(), op.getScope(), {MemSem::relaxed},
                            {Scope::cta, Scope::cluster})))
    return failure();
  return success();
}

template <typename OpT> LogicalResult verifyArrive(OpT op) {
  Operation *o = op.getOperation();
  if (failed(verifyB64(o, op.getType())) ||
      failed(verifyBarrierSpace(o, op.getSpace(), true)) ||
      failed(verifySemScope(o, op.getSem(), op.getScope(),
                            {MemSem::release, MemSem::relaxed},
                            {Scope::cta, Scope::cluster})))
    return failure();
  if (op.getSpace() == StateSpace::shared_cluster && op.getState())
    return op.emitOpError("an arrive on a .shared::cluster mbarrier returns "
                          "no state (use '_')");
  if (op.getExpectTx() && !op.getCount())
    return op.emitOpError(".expect_tx needs a transaction count");
  if (op.getNoComplete()) {
    if (op.getExpectTx())
      return op.emitOpError(".noComplete and .expect_tx are exclusive");
    if (!op.getCount())
      return op.emitOpError(".noComplete needs a count");
    if ((op.getSem() && *op.getSem() != MemSem::release) ||
        (op.getScope() && *op.getScope() != Scope::cta) ||
        op.getSpace() == StateSpace::shared_cluster)
      return op.emitOpError(".noComplete allows only .release.cta on a "
                            ".shared{::cta} mbarrier");
  }
  if (auto state = op.getState())
    if (!state.getType().isInteger(64))
      return op.emitOpError("the state token is a 64-bit register");
  return success();
}

template <typename OpT> LogicalResult verifyWait(OpT op) {
  Operation *o = op.getOperation();
  if (failed(verifyB64(o, op.getType())) ||
      failed(verifyBarrierSpace(o, op.getSpace(), false)) ||
      failed(verifySemScope(o, op.getSem(), op.getScope(),
                            {MemSem::acquire, MemSem::relaxed},
                            {Scope::cta, Scope::cluster})))
    return failure();
  Value state = op.getState();
  if (!op.getParity() && !state.getType().isInteger(64))
    return op.emitOpError("without .parity the operand is the 64-bit state "
                          "token of mbarrier.arrive");
  return success();
}

LogicalResult verifyImmediateCount(Operation *op, Value n) {
  std::optional<int64_t> v = getImmediate(n);
  if (!v || *v < 0)
    return op->emitOpError("the group count must be a non-negative "
                           "immediate");
  return success();
}
} // namespace

LogicalResult MbarrierInitOp::verifyInstruction() {
  if (failed(verifyB64(*this, getType())) ||
      failed(verifyBarrierSpace(*this, getSpace(), false)))
    return failure();
  if (auto n = getImmediate(getCount()))
    if (*n < 1 || *n >= (1 << 20))
      return emitOpError("the expected count must be in 1..2^20-1");
  return success();
}

LogicalResult MbarrierInvalOp::verifyInstruction() {
  if (failed(verifyB64(*this, getType())) ||
      failed(verifyBarrierSpace(*this, getSpace(), false)))
    return failure();
  return success();
}

LogicalResult MbarrierExpectTxOp::verifyInstruction() {
  return verifyTx(*this);
}
LogicalResult MbarrierCompleteTxOp::verifyInstruction() {
  return verifyTx(*this);
}
LogicalResult MbarrierArriveOp::verifyInstruction() {
  return verifyArrive(*this);
}
LogicalResult MbarrierArriveDropOp::verifyInstruction() {
  return verifyArrive(*this);
}
LogicalResult MbarrierTestWaitOp::verifyInstruction() {
  return verifyWait(*this);
}
LogicalResult MbarrierTryWaitOp::verifyInstruction() {
  return verifyWait(*this);
}

LogicalResult MbarrierPendingCountOp::verifyInstruction() {
  if (failed(verifyB64(*this, getType())))
    return failure();
  if (!getState().getType().isInteger(64))
    return emitOpError("the state token is a 64-bit register");
  return success();
}

LogicalResult CpAsyncOp::verifyInstruction() {
  CacheOp cop = getCop();
  if (cop != CacheOp::ca && cop != CacheOp::cg)
    return emitOpError("cache operator must be .ca or .cg");
  if (!isShared(getDstSpace()) || getSrcSpace() != StateSpace::global)
    return emitOpError("cp.async copies .global to .shared{::cta}");
  std::optional<int64_t> size = getImmediate(getCpSize());
  if (!size || (*size != 4 && *size != 8 && *size != 16))
    return emitOpError("the copy size must be the immediate 4, 8 or 16");
  if (cop == CacheOp::cg && *size != 16)
    return emitOpError(".cg copies 16 bytes");
  if (auto src = getImmediate(getSrcSize()))
    if (*src < 0 || *src > *size)
      return emitOpError("the source size must be at most the copy size");
  // src-size is a 32-bit integer, ignore-src a predicate.
  if (Value src = getSrcSize(); src && !getImmediate(src) &&
                                !src.getType().isInteger(32) &&
                                !src.getType().isInteger(1))
    return emitOpError("the source size must be a 32-bit register or an "
                       "immediate, ignore-src a predicate");
  return success();
}

LogicalResult CpAsyncWaitGroupOp::verifyInstruction() {
  return verifyImmediateCount(*this, getN());
}

LogicalResult CpAsyncMbarrierArriveOp::verifyInstruction() {
  if (failed(verifyB64(*this, getType())) ||
      failed(verifyBarrierSpace(*this, getSpace(), false)))
    return failure();
  return success();
}

LogicalResult CpAsyncBulkOp::verifyInstruction() {
  StateSpace dst = getDstSpace(), src = getSrcSpace();
  bool toShared =
      (dst == StateSpace::shared_cta || dst == StateSpace::shared_cluster) &&
      src == StateSpace::global;
  bool sharedToCluster =
      dst == StateSpace::shared_cluster && src == StateSpace::shared_cta;
  bool toGlobal = dst == StateSpace::global && src == StateSpace::shared_cta;
  if (!toShared && !sharedToCluster && !toGlobal)
    return emitOpError("copies .global to .shared::cta/.shared::cluster, "
                       ".shared::cta to .shared::cluster, or .shared::cta to "
                       ".global");
  if (failed(verifyBulkCompletion(
          *this, toGlobal, "copies to .global complete in a bulk group",
          "copies to shared memory complete on an mbarrier")))
    return failure();
  if (getMulticast() && !(toShared && dst == StateSpace::shared_cluster))
    return emitOpError(".multicast::cluster is only valid from .global to "
                       ".shared::cluster");
  if (getCpMask() && !toGlobal)
    return emitOpError(".cp_mask is only valid from .shared::cta to .global");
  if (getCpMask() != bool(getByteMask()))
    return emitOpError("the byteMask operand goes with .cp_mask, and only "
                       "with it");
  Value mask = getByteMask();
  if (mask && !getImmediate(mask) && !mask.getType().isInteger(16))
    return emitOpError("byteMask is a 16-bit register or an immediate");
  if (getCacheHint() && sharedToCluster)
    return emitOpError(".L2::cache_hint needs a .global side");
  return success();
}

LogicalResult CpAsyncBulkTensorOp::verifyInstruction() {
  if (failed(
          verifyTensorMapOperand(*this, getTensorMap(), getTensorMapSymAttr())))
    return failure();
  StateSpace dst = getDstSpace(), src = getSrcSpace();
  bool load =
      (dst == StateSpace::shared_cta || dst == StateSpace::shared_cluster) &&
      src == StateSpace::global;
  bool store = dst == StateSpace::global && src == StateSpace::shared_cta;
  if (!load && !store)
    return emitOpError("copies .global to .shared::cta/.shared::cluster or "
                       ".shared::cta to .global");
  bool hasDst = getDst() || getDstSym() || getDstOffsetAttr();
  if (hasDst != load)
    return emitOpError(load ? "a tensor load needs a shared destination "
                              "address"
                            : "a tensor store writes through the tensor map, "
                              "without a destination address");
  bool viaMbarrier = getCompletion() == Completion::mbarrier_complete_tx_bytes;
  if (viaMbarrier != load)
    return emitOpError(load ? "tensor loads complete on an mbarrier"
                            : "tensor stores complete in a bulk group");
  unsigned dim = static_cast<unsigned>(getDim());
  std::optional<TensorLoadMode> mode = getLoadMode();
  // As ptxas 13.0: loads take .tile, .tile::gather4, .im2col and
  // .im2col::w{::128}; stores .tile, .tile::scatter4 and .im2col_no_offs.
  if (mode) {
    bool storeMode = *mode == TensorLoadMode::tile_scatter4 ||
                     *mode == TensorLoadMode::im2col_no_offs;
    bool loadMode = *mode != TensorLoadMode::tile && !storeMode;
    if ((load && storeMode) || (store && loadMode))
      return emitOpError("load mode .")
             << stringifyTensorLoadMode(*mode) << " is not valid for a tensor "
             << (load ? "load" : "store");
  }
  bool gatherScatter = mode == TensorLoadMode::tile_gather4 ||
                       mode == TensorLoadMode::tile_scatter4;
  if (gatherScatter && dim != 2)
    return emitOpError(".tile::gather4 and .tile::scatter4 are .2d");
  unsigned coords = gatherScatter ? 5 : dim;
  if (getCoords().size() != coords)
    return emitOpError("expects ")
           << coords << " tensor coordinates, got " << getCoords().size();
  bool im2col = mode == TensorLoadMode::im2col ||
                mode == TensorLoadMode::im2col_w ||
                mode == TensorLoadMode::im2col_w_128 ||
                mode == TensorLoadMode::im2col_no_offs;
  if (im2col && dim < 3)
    return emitOpError("im2col modes need at least .3d");
  if (!getIm2col().empty() &&
      !(load && im2col && mode != TensorLoadMode::im2col_no_offs))
    return emitOpError("im2col offsets go only with an im2col load");
  // As ptxas 13.0: .im2col takes dim - 2 offsets, .im2col::w{::128} two.
  if (load && im2col && mode != TensorLoadMode::im2col_no_offs) {
    unsigned offsets = mode == TensorLoadMode::im2col ? dim - 2 : 2;
    if (getIm2col().size() != offsets)
      return emitOpError("expects ")
             << offsets << " im2col operands, got " << getIm2col().size();
  }
  if (getMulticast() && !(load && dst == StateSpace::shared_cluster))
    return emitOpError(".multicast::cluster is only valid for loads into "
                       ".shared::cluster");
  if (getCtaGroup() && !load)
    return emitOpError(".cta_group is only valid for loads");
  return success();
}

LogicalResult CpAsyncBulkWaitGroupOp::verifyInstruction() {
  return verifyImmediateCount(*this, getN());
}

LogicalResult StAsyncOp::verifyInstruction() {
  bool hasMbar = getMbar() || getMbarSym() || getMbarOffsetAttr();
  if (getSem() == MemSem::release) {
    // st.async.release.{gpu,sys}.global: no mbarrier.
    if (!getScope() || (*getScope() != Scope::gpu && *getScope() != Scope::sys))
      return emitOpError(".release needs .gpu or .sys scope");
    if ((getSpace() && *getSpace() != StateSpace::global) || getCompletion() ||
        getVec() || hasMbar)
      return emitOpError("the .release form stores a scalar to .global "
                         "without an mbarrier");
    return success();
  }
  if (getSem() && *getSem() != MemSem::weak)
    return emitOpError("semantics must be .weak or .release");
  if (getScope() && *getScope() != Scope::cluster)
    return emitOpError("the mbarrier form has .cluster scope");
  if (getSpace() && *getSpace() != StateSpace::shared_cluster)
    return emitOpError("the mbarrier form stores to .shared::cluster");
  if (!getCompletion() || !hasMbar)
    return emitOpError("needs .mbarrier::complete_tx::bytes and an mbarrier "
                       "operand");
  if (getCompletion() != Completion::mbarrier_complete_tx_bytes)
    return emitOpError("completes on an mbarrier");
  size_t n = getVec() ? static_cast<size_t>(*getVec()) : 1;
  if (getB().size() != n)
    return emitOpError("expects ")
           << n << " source registers, got " << getB().size();
  if (getVec() == VecWidth::v4 && getTypeBitWidth(getType()) != 32)
    return emitOpError(".v4 needs a 32-bit type");
  return success();
}

LogicalResult RedAsyncOp::verifyInstruction() {
  bool hasMbar = getMbar() || getMbarSym() || getMbarOffsetAttr();
  AtomOperation o = getOp();
  PTXType t = getType();
  if (getSem() == MemSem::release) {
    if (!getScope() || (*getScope() != Scope::gpu && *getScope() != Scope::sys))
      return emitOpError(".release needs .gpu or .sys scope");
    if ((getSpace() && *getSpace() != StateSpace::global) || getCompletion() ||
        hasMbar)
      return emitOpError("the .release form reduces on .global without an "
                         "mbarrier");
    if (o != AtomOperation::add ||
        !llvm::is_contained(
            {PTXType::u32, PTXType::s32, PTXType::u64, PTXType::s64}, t))
      return emitOpError("the .release form is .add on .u32, .s32, .u64 or "
                         ".s64");
    return success();
  }
  if (getSem() != MemSem::relaxed || getScope() != Scope::cluster)
    return emitOpError("the mbarrier form is .relaxed.cluster");
  if (getSpace() && *getSpace() != StateSpace::shared_cluster)
    return emitOpError("the mbarrier form reduces on .shared::cluster");
  if (!hasMbar)
    return emitOpError("needs an mbarrier operand");
  bool ok;
  switch (o) {
  case AtomOperation::inc:
  case AtomOperation::dec:
    ok = t == PTXType::u32;
    break;
  case AtomOperation::min:
  case AtomOperation::max:
    ok = t == PTXType::u32 || t == PTXType::s32;
    break;
  case AtomOperation::And:
  case AtomOperation::Or:
  case AtomOperation::Xor:
    ok = t == PTXType::b32;
    break;
  case AtomOperation::add:
    ok = t == PTXType::u32 || t == PTXType::s32 || t == PTXType::u64;
    break;
  default:
    ok = false;
  }
  if (!ok)
    return emitOpError("red.async.")
           << stringifyAtomOperation(o) << " does not take ."
           << stringifyPTXType(t);
  return success();
}

LogicalResult SetmaxnregOp::verifyInstruction() {
  if (!getAligned())
    return emitOpError("requires .aligned");
  if (getType() != PTXType::u32)
    return emitOpError("type must be .u32");
  std::optional<int64_t> n = getImmediate(getCount());
  if (!n || *n < 24 || *n > 256 || *n % 8)
    return emitOpError("the register count must be an immediate multiple of "
                       "8 in 24..256");
  return success();
}

LogicalResult PrefetchTensormapOp::verifyInstruction() {
  if (auto s = getSpace())
    if (*s != StateSpace::Const && *s != StateSpace::param)
      return emitOpError("a tensor map is prefetched from .const, .param or "
                         "a generic address");
  return success();
}

LogicalResult FenceProxyTensormapOp::verifyInstruction() {
  bool hasAddr = getAddr() || getAddrSym() || getAddrOffsetAttr();
  MemSem sem = getSem();
  if (sem != MemSem::acquire && sem != MemSem::release)
    return emitOpError("semantics must be .acquire or .release");
  if (sem == MemSem::release && (hasAddr || getSize()))
    return emitOpError("the .release form takes no operands");
  if (sem == MemSem::acquire) {
    if (!hasAddr || !getSize())
      return emitOpError("the .acquire form takes the tensor map address and "
                         "its size");
    std::optional<int64_t> size = getImmediate(getSize());
    if (size != 128)
      return emitOpError("the tensor map size is the immediate 128");
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Reductions and prefetches through tensor maps, tensor-map writes, cache
// policies
//===----------------------------------------------------------------------===//

namespace {
bool isIm2colMode(std::optional<TensorLoadMode> mode) {
  return mode == TensorLoadMode::im2col || mode == TensorLoadMode::im2col_w ||
         mode == TensorLoadMode::im2col_w_128 ||
         mode == TensorLoadMode::im2col_no_offs;
}

LogicalResult verifyPolicyResult(Operation *op, PTXType type, Value policy) {
  if (type != PTXType::b64 || !policy.getType().isInteger(64))
    return op->emitOpError("a cache policy is .b64");
  return success();
}

LogicalResult verifySecondary(Operation *op, std::optional<L2Priority> p) {
  if (p && *p != L2Priority::evict_first && *p != L2Priority::evict_unchanged)
    return op->emitOpError("the secondary priority is .L2::evict_first or "
                           ".L2::evict_unchanged");
  return success();
}
} // namespace

LogicalResult CpReduceAsyncBulkTensorOp::verifyInstruction() {
  if (failed(
          verifyTensorMapOperand(*this, getTensorMap(), getTensorMapSymAttr())))
    return failure();
  if (getDstSpace() != StateSpace::global ||
      getSrcSpace() != StateSpace::shared_cta)
    return emitOpError("reduces .shared::cta into .global");
  if (getCompletion() != Completion::bulk_group)
    return emitOpError("tensor reductions complete in a bulk group");
  if (failed(verifyBulkReduction(*this, getOp())))
    return failure();
  std::optional<TensorLoadMode> mode = getLoadMode();
  if (mode && *mode != TensorLoadMode::tile &&
      *mode != TensorLoadMode::im2col_no_offs)
    return emitOpError("load mode is .tile or .im2col_no_offs");
  unsigned dim = static_cast<unsigned>(getDim());
  if (mode == TensorLoadMode::im2col_no_offs && dim < 3)
    return emitOpError("im2col modes need at least .3d");
  if (getCoords().size() != dim)
    return emitOpError("expects ")
           << dim << " tensor coordinates, got " << getCoords().size();
  return success();
}

LogicalResult CpReduceAsyncBulkOp::verifyInstruction() {
  StateSpace dst = getDstSpace();
  bool toGlobal = dst == StateSpace::global;
  if ((!toGlobal && dst != StateSpace::shared_cluster) ||
      getSrcSpace() != StateSpace::shared_cta)
    return emitOpError("reduces .shared::cta into .global or "
                       ".shared::cluster");
  if (failed(verifyBulkCompletion(
          *this, toGlobal, "reductions into .global complete in a bulk group",
          "reductions into .shared::cluster complete on an mbarrier")))
    return failure();
  if (getCacheHint() && !toGlobal)
    return emitOpError(".L2::cache_hint needs a .global destination");
  AtomOperation o = getOp();
  PTXType t = getType();
  if (failed(verifyBulkReduction(*this, o)))
    return failure();
  // The types ptxas 13.0 accepts with each operation (into .global; into
  // .shared::cluster only the 32-bit ones and .add.u64).
  bool half = t == PTXType::f16 || t == PTXType::bf16;
  SmallVector<PTXType, 8> ok;
  switch (o) {
  case AtomOperation::And:
  case AtomOperation::Or:
  case AtomOperation::Xor:
    ok = {PTXType::b32, PTXType::b64};
    break;
  case AtomOperation::inc:
  case AtomOperation::dec:
    ok = {PTXType::u32};
    break;
  case AtomOperation::add:
    ok = {PTXType::u32, PTXType::s32, PTXType::u64, PTXType::f32,
          PTXType::f64, PTXType::f16, PTXType::bf16};
    break;
  default: // min, max
    ok = {PTXType::u32, PTXType::s32, PTXType::u64,
          PTXType::s64, PTXType::f16, PTXType::bf16};
    break;
  }
  if (!toGlobal)
    llvm::erase_if(ok, [&](PTXType x) {
      return getTypeBitWidth(x) != 32 || isFloatType(x);
    });
  if (!toGlobal && o == AtomOperation::add)
    ok.push_back(PTXType::u64);
  if (!llvm::is_contained(ok, t))
    return emitOpError("type .")
           << stringifyPTXType(t) << " is not valid with ."
           << stringifyAtomOperation(o)
           << (toGlobal ? "" : " into .shared::cluster");
  if (getNoftz() && !(o == AtomOperation::add && half))
    return emitOpError(".noftz goes with .add on .f16 and .bf16 only");
  if (!getNoftz() && o == AtomOperation::add && half)
    return emitOpError(".add on .f16 and .bf16 needs .noftz");
  return success();
}

LogicalResult CpAsyncBulkPrefetchOp::verifyInstruction() {
  if (getLevel() != PrefetchLevel::L2 || getSrcSpace() != StateSpace::global)
    return emitOpError("prefetches .global into .L2");
  return success();
}

LogicalResult CpAsyncBulkPrefetchTensorOp::verifyInstruction() {
  if (failed(
          verifyTensorMapOperand(*this, getTensorMap(), getTensorMapSymAttr())))
    return failure();
  if (getLevel() != PrefetchLevel::L2 || getSrcSpace() != StateSpace::global)
    return emitOpError("prefetches .global into .L2");
  std::optional<TensorLoadMode> mode = getLoadMode();
  if (mode == TensorLoadMode::tile_scatter4 ||
      mode == TensorLoadMode::im2col_no_offs)
    return emitOpError("load mode .")
           << stringifyTensorLoadMode(*mode) << " is not valid here";
  unsigned dim = static_cast<unsigned>(getDim());
  bool gather = mode == TensorLoadMode::tile_gather4;
  if (gather && dim != 2)
    return emitOpError(".tile::gather4 is .2d");
  unsigned coords = gather ? 5 : dim;
  if (getCoords().size() != coords)
    return emitOpError("expects ")
           << coords << " tensor coordinates, got " << getCoords().size();
  bool im2col = isIm2colMode(mode);
  if (im2col && dim < 3)
    return emitOpError("im2col modes need at least .3d");
  unsigned offsets = !im2col                          ? 0
                     : mode == TensorLoadMode::im2col ? dim - 2
                                                      : 2;
  if (getIm2col().size() != offsets)
    return emitOpError("expects ")
           << offsets << " im2col operands, got " << getIm2col().size();
  return success();
}

LogicalResult TensormapReplaceOp::verifyInstruction() {
  if (getSpace() && *getSpace() != StateSpace::global &&
      *getSpace() != StateSpace::shared_cta)
    return emitOpError("the tensor map is in .global or .shared::cta");
  TensormapField f = getField();
  bool wide =
      f == TensormapField::global_address || f == TensormapField::global_stride;
  PTXType want = wide ? PTXType::b64 : PTXType::b32;
  if (getType() != want)
    return emitOpError("field .")
           << stringifyTensormapField(f) << " takes ."
           << stringifyPTXType(want);
  bool ordinal = f == TensormapField::box_dim ||
                 f == TensormapField::global_dim ||
                 f == TensormapField::global_stride ||
                 f == TensormapField::element_stride;
  if (ordinal != bool(getOrd()))
    return emitOpError("field .")
           << stringifyTensormapField(f)
           << (ordinal ? " needs" : " takes no") << " dimension ordinal";
  if (ordinal) {
    std::optional<int64_t> ord = getImmediate(getOrd());
    if (!ord || *ord < 0 || *ord > 4)
      return emitOpError("the dimension ordinal is an immediate in 0..4");
  }
  bool immediate = f == TensormapField::elemtype ||
                   f == TensormapField::interleave_layout ||
                   f == TensormapField::swizzle_mode ||
                   f == TensormapField::swizzle_atomicity ||
                   f == TensormapField::fill_mode;
  if (immediate && !getImmediate(getNewVal()))
    return emitOpError("field .")
           << stringifyTensormapField(f) << " takes an immediate value";
  // The manual's Table 36 (as ptxas 13.0 checks them, for any target).
  if (immediate) {
    int64_t v = *getImmediate(getNewVal());
    int64_t max = f == TensormapField::elemtype            ? 15
                  : f == TensormapField::interleave_layout ? 2
                  : f == TensormapField::swizzle_mode      ? 4
                  : f == TensormapField::swizzle_atomicity ? 3
                                                           : 1;
    if (v < 0 || v > max)
      return emitOpError("field .")
             << stringifyTensormapField(f) << " takes a value in 0.." << max;
  }
  return success();
}

LogicalResult TensormapCpFenceproxyOp::verifyInstruction() {
  if (getDstSpace() != StateSpace::global ||
      getSrcSpace() != StateSpace::shared_cta)
    return emitOpError("copies .shared::cta to .global");
  if (getSem() != MemSem::release)
    return emitOpError("the fence is .release");
  std::optional<int64_t> size = getImmediate(getSize());
  if (!size || *size != 128)
    return emitOpError("copies 128 bytes");
  return success();
}

LogicalResult CreatepolicyRangeOp::verifyInstruction() {
  if (failed(verifyPolicyResult(*this, getType(), getPolicy())) ||
      failed(verifySecondary(*this, getSecondary())))
    return failure();
  if (getSpace() && *getSpace() != StateSpace::global)
    return emitOpError("the range is in .global");
  // Registers are .b32; immediates come as i64 constants.
  for (Value v : {getPrimarySize(), getTotalSize()})
    if (!v.getType().isInteger(32) && !getImmediate(v))
      return emitOpError("the sizes are .b32");
  std::optional<int64_t> primary = getImmediate(getPrimarySize()),
                         total = getImmediate(getTotalSize());
  if (primary && total && *primary > *total)
    return emitOpError("the primary size exceeds the total size");
  return success();
}

LogicalResult CreatepolicyFractionalOp::verifyInstruction() {
  if (failed(verifyPolicyResult(*this, getType(), getPolicy())) ||
      failed(verifySecondary(*this, getSecondary())))
    return failure();
  if (Value f = getFraction()) {
    if (!isa<FloatType>(f.getType()))
      return emitOpError("the fraction is .f32");
    if (auto c = f.getDefiningOp<arith::ConstantOp>())
      if (auto a = dyn_cast<FloatAttr>(c.getValue())) {
        double v = a.getValueAsDouble();
        if (!(v > 0.0 && v <= 1.0))
          return emitOpError("the fraction is in (0.0, 1.0]");
      }
  }
  return success();
}

LogicalResult CreatepolicyCvtOp::verifyInstruction() {
  if (failed(verifyPolicyResult(*this, getType(), getPolicy())))
    return failure();
  if (!getAccessProperty().getType().isInteger(64))
    return emitOpError("the access property is .b64");
  return success();
}
