//===- PTXOps.cpp - ops of the ptx dialect --------------------------------===//
//
// Generated op definitions and the C++ of the ops that are not instructions
// (module structure, branches, helpers). Instruction verifiers live in
// PTXVerifiers.cpp.
//
//===----------------------------------------------------------------------===//

#include "ptxmlir/Dialect/PTX/IR/PTXOps.h"
#include "ptxmlir/Dialect/PTX/IR/PTXInstInfo.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::ptx;

#include "PTX/IR/PTXInterfaces.cpp.inc"

#define GET_OP_CLASSES
#include "PTX/IR/PTXOps.cpp.inc"

/// ODS checks only the total of `operandSegmentSizes`: an operand group
/// that is one value must hold exactly one, or the generated accessors read
/// past it. (No op has a single-value group among `resultSegmentSizes`.)
static LogicalResult verifySingleOperandGroups(Operation *op) {
  const InstInfo *info = lookupInstInfo(op->getName().getStringRef());
  auto sizes = dyn_cast_or_null<DenseI32ArrayAttr>(
      op->getInherentAttr("operandSegmentSizes").value_or(Attribute()));
  if (!info || !sizes)
    return success();
  for (auto [i, slot] : llvm::enumerate(info->operands)) {
    if (i >= sizes.size())
      break;
    if ((slot.kind == OperandKind::Value || slot.kind == OperandKind::CC) &&
        sizes[i] != 1)
      return op->emitOpError("operand '")
             << slot.name << "' needs exactly one value, got " << sizes[i];
  }
  return success();
}

namespace mlir::ptx::detail {
/// Operand widths against the instruction type (PTXVerifiers.cpp).
LogicalResult verifyOperandTypes(Operation *op);
} // namespace mlir::ptx::detail

/// The NN of the enclosing module's `.target sm_NN[a|f]`; 0 when unknown.
static unsigned targetSm(Operation *op) {
  auto module = op->getParentOfType<PTXModuleOp>();
  if (!module)
    return 0;
  for (StringRef t : module.getTarget().getAsValueRange<StringAttr>()) {
    unsigned sm = 0;
    if (t.consume_front("sm_") && !t.consumeInteger(10, sm))
      return sm;
  }
  return 0;
}

/// Modifiers that need a newer `.target` than the instruction (ptxas
/// rejects them under an older one).
static LogicalResult verifyTargetFeatures(Operation *op) {
  auto minMaxAbs = [](Operation *op) {
    if (auto m = dyn_cast<MinOp>(op))
      return m.getXorsign() || m.getAbs();
    if (auto m = dyn_cast<MaxOp>(op))
      return m.getXorsign() || m.getAbs();
    return false;
  };
  if (minMaxAbs(op)) {
    unsigned sm = targetSm(op);
    if (sm && sm < 86)
      return op->emitOpError(".xorsign/.abs require .target sm_86 or higher");
  }
  return success();
}

LogicalResult mlir::ptx::detail::verifyInstruction(Operation *op) {
  if (failed(verifySingleOperandGroups(op)) ||
      failed(verifyOperandTypes(op)) || failed(verifyTargetFeatures(op)))
    return failure();
  auto pred = cast<PredicableOpInterface>(op);
  if (!pred.getGuard()) {
    if (pred.getGuardNeg())
      return op->emitOpError("negated guard without a guard predicate");
    if (!pred.getPrev().empty())
      return op->emitOpError("'prev' values require a guard predicate");
    return success();
  }
  if (pred.getPrev().size() != op->getNumResults())
    return op->emitOpError("a guarded instruction needs one 'prev' value per "
                           "result, got ")
           << pred.getPrev().size() << " for " << op->getNumResults();
  for (auto [prev, res] : llvm::zip(pred.getPrev(), op->getResults()))
    if (prev.getType() != res.getType())
      return op->emitOpError("'prev' value of type ")
             << prev.getType() << " does not match result type "
             << res.getType();
  return success();
}

//===----------------------------------------------------------------------===//
// Control flow
//===----------------------------------------------------------------------===//

static LogicalResult verifyGuardedTerminator(Operation *op, Value guard,
                                             bool guardNeg,
                                             unsigned numFallthrough) {
  if (guardNeg && !guard)
    return op->emitOpError("negated guard without a guard predicate");
  if (guard && numFallthrough != 1)
    return op->emitOpError("a guarded terminator needs a fallthrough "
                           "successor");
  if (!guard && numFallthrough != 0)
    return op->emitOpError("only a guarded terminator has a fallthrough "
                           "successor");
  return success();
}

LogicalResult BraOp::verify() {
  // A fallthrough successor with arguments is already rejected by the
  // BranchOpInterface: getSuccessorOperands gives it no operands.
  return verifyGuardedTerminator(*this, getGuard(), getGuardNeg(),
                                 getFallthrough().size());
}

SuccessorOperands BraOp::getSuccessorOperands(unsigned index) {
  if (index == 0)
    return SuccessorOperands(getDestOperandsMutable());
  return SuccessorOperands(MutableOperandRange(getOperation(), 0, 0));
}

LogicalResult BrxIdxOp::verify() {
  if (getGuardNeg() && !getGuard())
    return emitOpError("negated guard without a guard predicate");
  if (getTargets().size() < (getGuard() ? 2u : 1u))
    return emitOpError("needs at least one branch target");
  for (Block *target : getTargets())
    if (target->getNumArguments())
      return emitOpError("branch targets must not take arguments");
  return success();
}

LogicalResult RetOp::verify() {
  return verifyGuardedTerminator(*this, getGuard(), getGuardNeg(),
                                 getFallthrough().size());
}

LogicalResult ExitOp::verify() {
  return verifyGuardedTerminator(*this, getGuard(), getGuardNeg(),
                                 getFallthrough().size());
}

//===----------------------------------------------------------------------===//
// Module structure
//===----------------------------------------------------------------------===//

LogicalResult PTXModuleOp::verify() {
  StringRef v = getVersion();
  auto [major, minor] = v.split('.');
  unsigned ma, mi;
  if (major.getAsInteger(10, ma) || minor.getAsInteger(10, mi))
    return emitOpError("version must be 'major.minor', got '") << v << "'";
  if (getAddressSize() != 32 && getAddressSize() != 64)
    return emitOpError("address_size must be 32 or 64");
  if (getTarget().empty())
    return emitOpError("needs at least one target");
  return success();
}

static LogicalResult verifyFunctionLike(Operation *op, ArrayAttr params,
                                        std::optional<ArrayAttr> rets,
                                        Region &body, bool isKernel) {
  if (isKernel && rets)
    return op->emitOpError("a kernel has no return parameters");
  if (!isKernel && op->hasAttr("minperctamemory"))
    return op->emitOpError(".minperctamemory is only valid on .entry");
  // `.func .attribute(.unified(uuid1, uuid2))`; not declared in the op's
  // arguments, so checked here.
  if (Attribute u = op->getAttr("unified")) {
    if (isKernel)
      return op->emitOpError(".attribute(.unified) is only valid on .func");
    auto uuid = dyn_cast<DenseI64ArrayAttr>(u);
    if (!uuid || uuid.size() != 2)
      return op->emitOpError(".unified takes two 64-bit halves of a UUID");
  }
  unsigned numRegParams = 0;
  for (Attribute a : params) {
    auto p = cast<ParamAttr>(a);
    if (p.getSpace() == StateSpace::reg) {
      if (isKernel)
        return op->emitOpError("kernel parameters must be in .param space");
      ++numRegParams;
    } else if (p.getSpace() != StateSpace::param) {
      return op->emitOpError("parameter '")
             << p.getName().getValue() << "' must be in .param or .reg space";
    }
    if (p.getAlign() < 0 || (p.getAlign() & (p.getAlign() - 1)))
      return op->emitOpError("parameter '")
             << p.getName().getValue()
             << "' alignment must be a power of two";
  }
  if (!body.empty() && body.front().getNumArguments() != numRegParams)
    return op->emitOpError("entry block must have one argument per .reg "
                           "parameter (")
           << numRegParams << "), got " << body.front().getNumArguments();
  return success();
}

LogicalResult EntryOp::verify() {
  return verifyFunctionLike(*this, getParams(), getRets(), getBody(),
                            /*isKernel=*/true);
}

LogicalResult FuncOp::verify() {
  return verifyFunctionLike(*this, getParams(), getRets(), getBody(),
                            /*isKernel=*/false);
}

LogicalResult VarOp::verify() {
  if ((getManaged() || getUnified()) && getSpace() != StateSpace::global)
    return emitOpError(".attribute(.managed/.unified) is only valid on "
                       ".global variables");
  if (auto u = getUnified(); u && u->size() != 2)
    return emitOpError(".unified takes two 64-bit halves of a UUID");
  if (auto align = getAlign())
    if (*align <= 0 || (*align & (*align - 1)))
      return emitOpError("alignment must be a positive power of two");
  int64_t count = 1;
  bool unsized = false;
  for (int64_t d : getDims()) {
    if (d == -1)
      unsized = true;
    else if (d <= 0)
      return emitOpError("array dimensions must be positive or -1 for []");
    else
      count *= d;
  }
  if (getVec())
    count *= static_cast<int64_t>(*getVec());
  if (auto init = getInit())
    if (!unsized && static_cast<int64_t>(init->size()) > count)
      return emitOpError("initializer has ")
             << init->size() << " elements, the variable holds " << count;
  return success();
}

LogicalResult SregOp::verify() {
  SpecialReg r = getReg();
  bool hasDims = r == SpecialReg::tid || r == SpecialReg::ntid ||
                 r == SpecialReg::ctaid || r == SpecialReg::nctaid ||
                 r == SpecialReg::clusterid || r == SpecialReg::nclusterid ||
                 r == SpecialReg::cluster_ctaid ||
                 r == SpecialReg::cluster_nctaid;
  std::optional<uint32_t> dim = getDim();
  if (hasDims && (!dim || *dim > 2))
    return emitOpError("'") << stringifySpecialReg(r)
                            << "' needs a component .x, .y or .z";
  if (r == SpecialReg::envreg && (!dim || *dim > 31))
    return emitOpError("%envreg needs an index 0..31");
  if (!hasDims && r != SpecialReg::envreg && dim)
    return emitOpError("'") << stringifySpecialReg(r)
                            << "' has no components";
  // Only inside the function that declares it; a body moved out of its
  // ptx.entry/ptx.func (by the lowering) is no longer checked.
  if (r == SpecialReg::perctamemoryoffset ||
      r == SpecialReg::perctamemorysize) {
    Operation *fn = (*this)->getParentWithTrait<OpTrait::IsIsolatedFromAbove>();
    auto entry = dyn_cast_or_null<EntryOp>(fn);
    if ((entry && !entry.getMinperctamemory()) || isa_and_nonnull<FuncOp>(fn))
      return emitOpError("'%")
             << stringifySpecialReg(r)
             << "' is only valid in an .entry with .minperctamemory";
  }
  unsigned width = cast<IntegerType>(getType()).getWidth();
  unsigned expected = getSpecialRegWidth(r);
  if (width != expected)
    return emitOpError("'") << stringifySpecialReg(r) << "' is " << expected
                            << "-bit";
  return success();
}

LogicalResult AliasOp::verify() {
  auto module = (*this)->getParentOfType<PTXModuleOp>();
  if (!module)
    return emitOpError("must be at module scope");
  // Functions of one name (a prototype, then maybe its definition) and the
  // aliases that precede this one, in module order.
  auto funcs = [&](StringRef name) {
    SmallVector<FuncOp> found;
    for (auto f : module.getOps<FuncOp>())
      if (f.getSymName() == name)
        found.push_back(f);
    return found;
  };
  auto earlierAlias = [&](StringRef name) -> AliasOp {
    for (Operation &op : *module.getBodyBlock()) {
      if (&op == getOperation())
        break;
      if (auto a = dyn_cast<AliasOp>(op); a && a.getAlias() == name)
        return a;
    }
    return nullptr;
  };
  if (getAlias() == getAliasee())
    return emitOpError("cannot alias '") << getAlias() << "' to itself";
  SmallVector<FuncOp> aliasFns = funcs(getAlias());
  if (aliasFns.empty() ||
      llvm::any_of(aliasFns, [](FuncOp f) { return !f.isPrototype(); }))
    return emitOpError("'") << getAlias()
                            << "' must be a .func declared without a body";
  if (AliasOp prev = earlierAlias(getAlias()))
    return emitOpError("'") << getAlias() << "' is already aliased to '"
                            << prev.getAliasee() << "'";
  // The aliasee is defined in the module, or is an earlier alias of a
  // defined function (ptxas accepts chains); it must be declared first.
  StringRef target = getAliasee();
  for (unsigned hops = 0; hops < 64; ++hops) {
    AliasOp prev = earlierAlias(target);
    if (!prev)
      break;
    target = prev.getAliasee();
  }
  SmallVector<FuncOp> targetFns = funcs(target);
  auto definition = llvm::find_if(
      targetFns, [](FuncOp f) { return !f.isPrototype(); });
  if (definition == targetFns.end())
    return emitOpError("'") << getAliasee() << "' must be a defined .func";
  bool declaredBefore = false;
  for (Operation &op : *module.getBodyBlock()) {
    if (&op == getOperation())
      break;
    if (auto f = dyn_cast<FuncOp>(op); f && f.getSymName() == getAliasee())
      declaredBefore = true;
  }
  if (!declaredBefore)
    return emitOpError("'") << getAliasee()
                            << "' must be declared before the .alias";
  FuncOp alias = aliasFns.front(), aliasee = *definition;
  if (aliasee.getLinkage() == Linkage::weak)
    return emitOpError("'") << target << "' is .weak and cannot be aliased";
  auto sameParams = [](std::optional<ArrayAttr> a, std::optional<ArrayAttr> b) {
    auto types = [](std::optional<ArrayAttr> l) {
      SmallVector<std::tuple<StateSpace, PTXType, int64_t, int64_t>> t;
      if (l)
        for (Attribute a : *l) {
          auto p = cast<ParamAttr>(a);
          t.push_back({p.getSpace(), p.getType(), p.getAlign(), p.getCount()});
        }
      return t;
    };
    return types(a) == types(b);
  };
  if (!sameParams(alias.getParams(), aliasee.getParams()) ||
      !sameParams(alias.getRets(), aliasee.getRets()))
    return emitOpError("'") << getAlias() << "' and '" << target
                            << "' must have the same parameters";
  return success();
}
