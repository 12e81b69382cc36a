//===- PTXExport.cpp - the ptx dialect to PTX text ------------------------===//
//
// Instructions are printed from the generated syntax tables (the same
// tables the importer reads), so every op that imports also exports.
// Leaving SSA form: every value gets a virtual register; a guarded
// instruction shares its result register with its `prev` value when that
// value is dead afterwards (otherwise a copy precedes it); block arguments
// get their own registers and the edges into a block copy into them, in
// parallel-copy order.
// Functions whose returns only the `.reg` form expresses (several, or a
// `.pred` one; the importer reads them as `.param` returns `__reg_ret<i>`)
// are printed back in that form: see `isRegReturnList`.
//
//===----------------------------------------------------------------------===//

#include "ptxmlir/Target/PTX/PTXExport.h"
#include "OutOfSSA.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinOps.h"
#include "ptxmlir/Dialect/PTX/IR/PTXInstInfo.h"
#include "ptxmlir/Dialect/PTX/IR/PTXOps.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::ptx;
using llvm::StringRef;

namespace {

/// Register file of one function: one virtual register per class of values.
class Registers {
public:
  Registers() = default;

  void setClasses(RegisterClasses *rc) { classes = rc; }
  /// The register name of `v`, creating it on first use.
  StringRef get(Value v) {
    Value leader = classes ? classes->leader(v) : v;
    auto it = names.find(leader);
    if (it != names.end())
      return it->second;
    return names[leader] = fresh(v.getType());
  }
  /// Gives `v`'s register a fixed name (`.reg` parameters).
  void assign(Value v, StringRef name) {
    names[classes ? classes->leader(v) : v] = name.str();
  }
  /// A new register of `type` (copy temporaries).
  std::string fresh(Type type) {
    auto [prefix, decl] = classify(type);
    unsigned n = counts[prefix]++;
    declTypes[prefix] = decl;
    return (prefix + llvm::Twine(n)).str();
  }
  void printDecls(raw_ostream &os) {
    for (auto &kv : counts)
      os << "\t.reg " << declTypes[kv.getKey()] << " " << kv.getKey() << "<"
         << kv.getValue() << ">;\n";
  }
  static std::pair<std::string, std::string> classify(Type t) {
    if (t.isInteger(1))
      return {"%p", ".pred"};
    if (t.isF16())
      return {"%h", ".f16"};
    if (t.isBF16())
      return {"%hb", ".b16"}; // PTX has no .bf16 registers
    if (t.isF32())
      return {"%f", ".f32"};
    if (t.isF64())
      return {"%fd", ".f64"};
    switch (t.getIntOrFloatBitWidth()) {
    case 8:
      return {"%rc", ".b8"};
    case 16:
      return {"%rs", ".b16"};
    case 32:
      return {"%r", ".b32"};
    case 64:
      return {"%rd", ".b64"};
    default:
      return {"%rq", ".b128"};
    }
  }

private:
  RegisterClasses *classes = nullptr;
  llvm::DenseMap<Value, std::string> names;
  llvm::StringMap<unsigned> counts;
  llvm::StringMap<std::string> declTypes;
};

class Exporter {
public:
  explicit Exporter(raw_ostream &os) : os(os) {}
  LogicalResult exportModule(PTXModuleOp module);

private:
  LogicalResult exportVar(VarOp var, StringRef indent);
  LogicalResult exportFunction(Operation *func, bool prototypeOnly = false);
  void printParam(raw_ostream &out, ParamAttr p);
  void printParamList(raw_ostream &out, ArrayAttr params, bool multiline);
  LogicalResult printInitializer(raw_ostream &out, VarOp var);
  LogicalResult printBody(raw_ostream &out, Operation *func);
  LogicalResult printInstruction(raw_ostream &out, Operation *op,
                                 const InstInfo &info);
  LogicalResult printCall(raw_ostream &out, CallOp call);
  bool isRegReturnCall(CallOp call);
  LogicalResult printRegReturnAccess(raw_ostream &out, Operation *op,
                                     bool &printed);
  LogicalResult printTerminator(raw_ostream &out, Operation *op, Block *next);
  void printEdge(raw_ostream &out, Block *from, Block *to, Block *next,
                 ValueRange args, bool isBra, bool uni);
  void printCopies(raw_ostream &out, ArrayRef<Value> dsts,
                   ArrayRef<Value> srcs);
  std::string operand(Value v);
  std::string guardPrefix(Value guard, bool neg);
  std::string label(Block *b);
  static bool needsLabel(Block *b);
  static Block *forwardedTarget(Block *b);
  static bool isInlined(Operation *op) {
    return isa<arith::ConstantOp, AddressOfOp, SregOp>(op) ||
           isNegatedOperand(op);
  }
  static bool isNegatedOperand(Operation *op);
  static std::string movType(Type t);

  raw_ostream &os;
  std::unique_ptr<Registers> regs;
  llvm::DenseMap<Block *, unsigned> blockIds;
  llvm::DenseMap<Value, std::string> paramBufNames;
  /// The current function's `.reg` returns (isRegReturnList) and the
  /// call-scope buffers printed as `.reg` call results (their registers are
  /// their paramBufNames).
  llvm::StringSet<> regReturns;
  llvm::DenseSet<Value> regResults;
  unsigned paramCount = 0;
  unsigned funcIndex = 0;
  unsigned uniqueId = 0;
  SmallVector<std::string> deferred; // edge blocks printed at the end
};

} // namespace

//===----------------------------------------------------------------------===//
// Module
//===----------------------------------------------------------------------===//

LogicalResult Exporter::exportModule(PTXModuleOp module) {
  os << "//\n// Generated by ptx-mlir\n//\n\n";
  os << ".version " << module.getVersion() << "\n";
  os << ".target ";
  llvm::interleaveComma(module.getTarget(), os, [&](Attribute a) {
    os << cast<StringAttr>(a).getValue();
  });
  os << "\n.address_size " << module.getAddressSize() << "\n";
  // Device functions may be called before their definition: declare them
  // all first.
  for (Operation &op : module.getBodyBlock()->getOperations())
    if (auto func = dyn_cast<FuncOp>(op))
      if (!func.isPrototype()) {
        os << "\n";
        if (failed(exportFunction(func, /*prototypeOnly=*/true)))
          return failure();
      }
  for (Operation &op : module.getBodyBlock()->getOperations()) {
    os << "\n";
    if (auto var = dyn_cast<VarOp>(op)) {
      if (failed(exportVar(var, "")))
        return failure();
    } else if (isa<EntryOp, FuncOp>(op)) {
      if (failed(exportFunction(&op)))
        return failure();
    } else if (auto alias = dyn_cast<AliasOp>(op)) {
      os << ".alias " << alias.getAlias() << ", " << alias.getAliasee()
         << ";\n";
    } else if (auto pragma = dyn_cast<PragmaOp>(op)) {
      os << ".pragma ";
      llvm::interleaveComma(pragma.getValues(), os, [&](Attribute a) {
        os << '"' << cast<StringAttr>(a).getValue() << '"';
      });
      os << ";\n";
    } else {
      return op.emitOpError("cannot be exported to PTX");
    }
  }
  return success();
}

/// `.unified(uuid1, uuid2)`: the halves in hex, as ptxas reads no sign.
static void printUnified(llvm::raw_ostream &out, ArrayRef<int64_t> uuid) {
  out << ".unified(";
  llvm::interleaveComma(uuid, out, [&](int64_t half) {
    out << "0x" << llvm::utohexstr(static_cast<uint64_t>(half));
  });
  out << ")";
}

static StringRef linkagePrefix(Linkage l) {
  switch (l) {
  case Linkage::none:
    return "";
  case Linkage::visible:
    return ".visible ";
  case Linkage::external:
    return ".extern ";
  case Linkage::weak:
    return ".weak ";
  case Linkage::common:
    return ".common ";
  }
  return "";
}

static void printFloatBits(raw_ostream &out, APFloat f) {
  uint64_t bits = f.bitcastToAPInt().getZExtValue();
  if (&f.getSemantics() == &APFloat::IEEEsingle())
    out << "0f" << llvm::format_hex_no_prefix(bits, 8, /*Upper=*/true);
  else if (&f.getSemantics() == &APFloat::IEEEdouble())
    out << "0d" << llvm::format_hex_no_prefix(bits, 16, /*Upper=*/true);
  else
    out << bits;
}

LogicalResult Exporter::printInitializer(raw_ostream &out, VarOp var) {
  ArrayAttr init = *var.getInit();
  auto printElem = [&](Attribute a) -> LogicalResult {
    if (auto fields = dyn_cast<DictionaryAttr>(a)) {
      // The field values of a .samplerref/.texref initializer.
      out << "{";
      llvm::interleaveComma(fields, out, [&](NamedAttribute f) {
        out << f.getName().getValue() << " = ";
        if (auto v = dyn_cast<OpaqueValueAttr>(f.getValue()))
          out << stringifyOpaqueValue(v.getValue());
        else if (auto i = dyn_cast<IntegerAttr>(f.getValue()))
          out << i.getInt();
      });
      out << "}";
    } else if (auto i = dyn_cast<IntegerAttr>(a)) {
      out << i.getValue().getSExtValue();
    } else if (auto f = dyn_cast<FloatAttr>(a)) {
      printFloatBits(out, f.getValue());
    } else if (auto addr = dyn_cast<InitAddrAttr>(a)) {
      // `generic(sym)+off`: ptxas takes the offset outside the parentheses.
      std::string s = addr.getSym().getValue().str();
      if (addr.getGeneric())
        s = "generic(" + s + ")";
      if (addr.getOffset())
        s += (addr.getOffset() > 0 ? "+" : "") +
             std::to_string(addr.getOffset());
      if (addr.getMask())
        out << llvm::format("0x%llx", (unsigned long long)addr.getMask())
            << "(" << s << ")";
      else
        out << s;
    } else {
      return var.emitOpError("unsupported initializer element ") << a;
    }
    return success();
  };
  bool isArray = !var.getDims().empty() || var.getVec();
  out << " = ";
  if (!isArray && init.size() == 1)
    return printElem(init[0]);
  // Nested braces following the dimensions (vectors are one more level).
  SmallVector<int64_t> dims(var.getDims());
  if (var.getVec())
    dims.push_back(static_cast<int64_t>(*var.getVec()));
  SmallVector<int64_t> strides(dims.size(), 1);
  for (int i = dims.size() - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * (dims[i + 1] < 0 ? 1 : dims[i + 1]);
  if (dims.size() <= 1) {
    out << "{";
    for (auto [i, a] : llvm::enumerate(init)) {
      if (i)
        out << ", ";
      if (failed(printElem(a)))
        return failure();
    }
    out << "}";
    return success();
  }
  std::function<LogicalResult(unsigned, int64_t)> rec =
      [&](unsigned level, int64_t base) -> LogicalResult {
    out << "{";
    int64_t n = dims[level] < 0 ? (int64_t)init.size() / strides[level]
                                : dims[level];
    for (int64_t i = 0; i < n; ++i) {
      if (i)
        out << ", ";
      int64_t idx = base + i * strides[level];
      if (level + 1 == dims.size()) {
        if (idx < (int64_t)init.size()) {
          if (failed(printElem(init[idx])))
            return failure();
        } else {
          out << "0";
        }
      } else if (failed(rec(level + 1, idx))) {
        return failure();
      }
    }
    out << "}";
    return success();
  };
  return rec(0, 0);
}

/// Whether `rets` is the importer's reading of `.reg` returns that have no
/// `.param` form: `.param` returns named `__reg_ret0`, `__reg_ret1`, ...,
/// several of them or a `.pred` one (ptxas takes several returns, and
/// `.pred` ones, only as `.reg` returns of functions without the ABI). A
/// single non-`.pred` one keeps the `.param` form (ABI).
static bool isRegReturnList(ArrayAttr rets) {
  if (!rets || rets.empty())
    return false;
  for (auto [i, a] : llvm::enumerate(rets)) {
    auto p = cast<ParamAttr>(a);
    if (p.getSpace() != StateSpace::param || p.getCount() != 0 ||
        p.getName().getValue() != ("__reg_ret" + llvm::Twine(i)).str())
      return false;
  }
  return rets.size() > 1 || cast<ParamAttr>(rets[0]).getType() == PTXType::pred;
}

/// `rets` as `.reg` returns.
static ArrayAttr asRegReturns(ArrayAttr rets) {
  SmallVector<Attribute> out;
  for (Attribute a : rets) {
    auto p = cast<ParamAttr>(a);
    out.push_back(ParamAttr::get(p.getContext(), p.getName(), StateSpace::reg,
                                 p.getType(), 0, 0, std::nullopt, 0));
  }
  return ArrayAttr::get(rets.getContext(), out);
}

/// Whether `op` is a plain scalar ld/st: no modifiers other than the state
/// space and type, no base register other than a call-scope buffer, offset
/// 0 (the only accesses a `.reg` return stands for).
static bool isPlainParamAccess(Operation *op) {
  for (NamedAttribute a : op->getAttrs())
    if (!llvm::is_contained(
            ArrayRef<StringRef>{"type", "space", "addr_sym", "addr_offset",
                                "operandSegmentSizes", "guard_neg"},
            a.getName().getValue()))
      return false;
  auto space = op->getAttrOfType<StateSpaceAttr>("space");
  auto offset = op->getAttrOfType<IntegerAttr>("addr_offset");
  if (!space || space.getValue() != StateSpace::param ||
      (offset && offset.getInt() != 0))
    return false;
  if (auto st = dyn_cast<StOp>(op))
    return st.getB().size() == 1 && !st.getCachePolicy();
  auto ld = cast<LdOp>(op);
  return ld.getD().size() == 1 && !ld.getCachePolicy();
}

LogicalResult Exporter::exportVar(VarOp var, StringRef indent) {
  std::string buf;
  llvm::raw_string_ostream out(buf);
  out << indent << linkagePrefix(var.getLinkage()) << "."
      << stringifyStateSpace(var.getSpace());
  if (auto a = var.getAlign())
    out << " .align " << *a;
  if (var.getManaged() || var.getUnified()) {
    out << " .attribute(";
    if (var.getManaged())
      out << ".managed" << (var.getUnified() ? ", " : "");
    if (auto u = var.getUnified())
      printUnified(out, *u);
    out << ")";
  }
  if (auto v = var.getVec())
    out << " ." << stringifyVecWidth(*v);
  out << " ." << stringifyPTXType(var.getType()) << " " << var.getSymName();
  for (int64_t d : var.getDims()) {
    if (d < 0)
      out << "[]";
    else
      out << "[" << d << "]";
  }
  if (var.getInit() && failed(printInitializer(out, var)))
    return failure();
  out << ";\n";
  os << buf;
  return success();
}

void Exporter::printParam(raw_ostream &out, ParamAttr p) {
  out << "." << stringifyStateSpace(p.getSpace());
  if (p.getAlign())
    out << " .align " << p.getAlign();
  out << " ." << stringifyPTXType(p.getType());
  if (p.getPtrSpace() || p.getPtrAlign()) {
    out << " .ptr";
    if (p.getPtrSpace())
      out << "." << stringifyStateSpace(*p.getPtrSpace());
    if (p.getPtrAlign())
      out << " .align " << p.getPtrAlign();
  }
  out << " " << p.getName().getValue();
  if (p.getCount() < 0)
    out << "[]";
  else if (p.getCount() > 0)
    out << "[" << p.getCount() << "]";
}

void Exporter::printParamList(raw_ostream &out, ArrayAttr params,
                              bool multiline) {
  out << "(";
  llvm::interleave(
      params, out,
      [&](Attribute a) {
        if (multiline)
          out << "\n\t";
        printParam(out, cast<ParamAttr>(a));
      },
      ",");
  if (multiline && !params.empty())
    out << "\n";
  out << ")";
}

LogicalResult Exporter::exportFunction(Operation *func, bool prototypeOnly) {
  bool isEntry = isa<EntryOp>(func);
  auto get = [&](StringRef name) { return func->getAttr(name); };
  auto linkage = cast<LinkageAttr>(get("linkage")).getValue();
  std::string buf;
  llvm::raw_string_ostream out(buf);
  out << linkagePrefix(linkage) << (isEntry ? ".entry " : ".func ");
  if (auto u = dyn_cast_or_null<DenseI64ArrayAttr>(get("unified"))) {
    out << ".attribute(";
    printUnified(out, u.asArrayRef());
    out << ") ";
  }
  if (auto rets = dyn_cast_or_null<ArrayAttr>(get("rets"))) {
    printParamList(out, isRegReturnList(rets) ? asRegReturns(rets) : rets,
                   false);
    out << " ";
  }
  out << cast<StringAttr>(get("sym_name")).getValue();
  auto params = cast<ArrayAttr>(get("params"));
  if (isEntry || !params.empty())
    printParamList(out, params, true);
  out << "\n";
  auto printList = [&](StringRef name) {
    if (auto l = dyn_cast_or_null<DenseI32ArrayAttr>(get(name))) {
      out << "." << name << " ";
      llvm::interleaveComma(l.asArrayRef(), out);
      out << "\n";
    }
  };
  auto printInt = [&](StringRef name) {
    if (auto i = dyn_cast_or_null<IntegerAttr>(get(name)))
      out << "." << name << " " << i.getInt() << "\n";
  };
  printList("maxntid");
  printList("reqntid");
  printInt("minnctapersm");
  printInt("maxnctapersm");
  printInt("maxnreg");
  for (StringRef flag : {"noreturn", "explicitcluster", "blocksareclusters"})
    if (get(flag))
      out << "." << flag << "\n";
  printList("reqnctapercluster");
  printInt("maxclusterrank");
  if (auto i = dyn_cast_or_null<IntegerAttr>(get("minperctamemory")))
    out << ".minperctamemory " << i.getValue().getZExtValue() << "\n";
  // ptxas takes a header .pragma on an .entry only; a .func's opens its
  // body.
  std::string pragmaText;
  if (auto pragmas = dyn_cast_or_null<ArrayAttr>(get("pragmas"))) {
    llvm::raw_string_ostream p(pragmaText);
    p << ".pragma ";
    llvm::interleaveComma(pragmas, p, [&](Attribute a) {
      p << '"' << cast<StringAttr>(a).getValue() << '"';
    });
    p << ";\n";
    if (isEntry)
      out << pragmaText;
  }
  Region &body = func->getRegion(0);
  if (body.empty() || prototypeOnly) {
    out << ";\n";
    os << buf;
    return success();
  }
  std::string bodyText;
  llvm::raw_string_ostream bodyOut(bodyText);
  regs = std::make_unique<Registers>();
  if (failed(printBody(bodyOut, func)))
    return failure();
  out << "{\n";
  regs->printDecls(out);
  out << "\n";
  if (!isEntry && !pragmaText.empty())
    out << "\t" << pragmaText;
  out << bodyText << "}\n";
  os << buf;
  ++funcIndex;
  return success();
}

//===----------------------------------------------------------------------===//
// Function bodies
//===----------------------------------------------------------------------===//

std::string Exporter::movType(Type t) {
  if (t.isInteger(1))
    return "pred";
  if (t.isF32())
    return "f32";
  if (t.isF64())
    return "f64";
  return "b" + std::to_string(t.getIntOrFloatBitWidth());
}

std::string Exporter::label(Block *b) {
  return "$L__BB" + std::to_string(funcIndex) + "_" +
         std::to_string(blockIds.lookup(b));
}

/// A block needs a label unless it is only reached by falling through a
/// guarded terminator of the block before it: the importer starts a block
/// at every label, so labels must be kept exactly where blocks begin.
bool Exporter::needsLabel(Block *b) {
  if (b->isEntryBlock() || b->hasNoPredecessors())
    return false;
  Block *pred = b->getSinglePredecessor();
  if (!pred || pred->getNextNode() != b)
    return true;
  Operation *term = pred->getTerminator();
  if (auto bra = dyn_cast<BraOp>(term))
    return !bra.getGuard() || bra.getFallthrough().front() != b;
  if (isa<RetOp, ExitOp>(term))
    return term->getNumSuccessors() == 0;
  if (auto brx = dyn_cast<BrxIdxOp>(term))
    return !brx.getGuard() || brx.getTargets().back() != b ||
           llvm::count(brx.getTargets(), b) != 1;
  return true;
}

/// A `not.pred` whose only use is a source operand of the instruction right
/// after it (only inlined operands in between) is printed there as `!%p`,
/// the way the importer reads a negated predicate operand. Its source stays
/// live up to that instruction: nothing between them writes a register.
bool Exporter::isNegatedOperand(Operation *op) {
  auto notOp = dyn_cast<NotOp>(op);
  if (!notOp || notOp.getType() != PTXType::pred || notOp.getGuard() ||
      !notOp->hasOneUse())
    return false;
  if (Operation *src = notOp.getA().getDefiningOp())
    if (isa<arith::ConstantOp, AddressOfOp, SregOp>(src) ||
        isNegatedOperand(src))
      return false;
  Operation *user = notOp->getUses().begin()->getOwner();
  auto pred = dyn_cast<PredicableOpInterface>(user);
  if (!pred || isa<CallOp>(user) || user->getBlock() != op->getBlock() ||
      pred.getGuard() == notOp.getResult() ||
      llvm::is_contained(pred.getPrev(), notOp.getResult()))
    return false;
  for (Operation *it = op->getNextNode(); it != user; it = it->getNextNode())
    if (!it || !isa<arith::ConstantOp, AddressOfOp, SregOp>(it))
      return false;
  return true;
}

/// The destination of a block that only forwards brx.idx targets (the
/// importer keeps branch targets free of arguments that way): the
/// .branchtargets list names the destination and the block is not printed,
/// so that importing the output creates the same forwarding blocks again.
Block *Exporter::forwardedTarget(Block *b) {
  if (b->isEntryBlock() || b->getNumArguments() || !llvm::hasSingleElement(*b))
    return nullptr;
  auto bra = dyn_cast<BraOp>(b->front());
  if (!bra || bra.getGuard() || bra.getUni() || !bra.getDestOperands().empty())
    return nullptr;
  if (b->hasNoPredecessors())
    return nullptr;
  for (Block *pred : b->getPredecessors()) {
    auto brx = dyn_cast<BrxIdxOp>(pred->getTerminator());
    if (!brx || (brx.getGuard() && brx.getTargets().back() == b))
      return nullptr;
  }
  return bra.getDest();
}

std::string Exporter::guardPrefix(Value guard, bool neg) {
  if (!guard)
    return "\t";
  return "\t@" + std::string(neg ? "!" : "") + operand(guard) + " ";
}

std::string Exporter::operand(Value v) {
  if (Operation *def = v.getDefiningOp()) {
    if (auto c = dyn_cast<arith::ConstantOp>(def)) {
      Attribute a = c.getValue();
      std::string s;
      llvm::raw_string_ostream out(s);
      if (auto i = dyn_cast<IntegerAttr>(a)) {
        if (i.getType().isInteger(1))
          out << (i.getValue().isZero() ? 0 : 1);
        else
          out << i.getValue().getSExtValue();
      } else if (auto f = dyn_cast<FloatAttr>(a)) {
        APFloat val = f.getValue();
        bool lossless;
        if (!f.getType().isF32() && !f.getType().isF64())
          val.convert(APFloat::IEEEsingle(), APFloat::rmNearestTiesToEven,
                      &lossless);
        printFloatBits(out, val);
      }
      return s;
    }
    if (auto a = dyn_cast<AddressOfOp>(def))
      return a.getSym().str();
    if (auto sr = dyn_cast<SregOp>(def)) {
      std::string s = "%" + stringifySpecialReg(sr.getReg()).str();
      if (auto d = sr.getDim()) {
        if (sr.getReg() == SpecialReg::envreg)
          s += std::to_string(*d);
        else
          s += std::string(".") + char('x' + *d);
      }
      return s;
    }
    if (isa<ParamBufOp>(def))
      return paramBufNames.lookup(v);
    if (isNegatedOperand(def))
      return "!" + operand(def->getOperand(0));
  }
  return regs->get(v).str();
}

void Exporter::printCopies(raw_ostream &out, ArrayRef<Value> dsts,
                           ArrayRef<Value> srcs) {
  SmallVector<std::tuple<std::string, std::string, Type>> copies;
  llvm::StringSet<> srcNames;
  for (auto [d, s] : llvm::zip(dsts, srcs)) {
    if (isa<CCType>(d.getType()))
      continue; // one carry flag: nothing to copy
    std::string dn = operand(d), sn = operand(s);
    if (dn == sn)
      continue;
    copies.push_back({dn, sn, d.getType()});
    srcNames.insert(sn);
  }
  bool overlap = llvm::any_of(copies, [&](auto &c) {
    return srcNames.contains(std::get<0>(c));
  });
  if (!overlap) {
    for (auto &[dn, sn, t] : copies)
      out << "\tmov." << movType(t) << " " << dn << ", " << sn << ";\n";
    return;
  }
  SmallVector<std::string> tmps;
  for (auto &[dn, sn, t] : copies) {
    tmps.push_back(regs->fresh(t));
    out << "\tmov." << movType(t) << " " << tmps.back() << ", " << sn << ";\n";
  }
  for (auto [i, c] : llvm::enumerate(copies))
    out << "\tmov." << movType(std::get<2>(c)) << " " << std::get<0>(c)
        << ", " << tmps[i] << ";\n";
}

void Exporter::printEdge(raw_ostream &out, Block *from, Block *to,
                         Block *next, ValueRange args, bool isBra, bool uni) {
  (void)from;
  SmallVector<Value> dsts(to->getArguments().begin(),
                          to->getArguments().end());
  SmallVector<Value> srcs(args.begin(), args.end());
  printCopies(out, dsts, srcs);
  if (to != next || uni)
    out << "\tbra" << (uni ? ".uni " : " ") << label(to) << ";\n";
  (void)isBra;
}

/// PTX has one carry flag: a carry value may only be read, or passed to a
/// block, while no later .cc instruction has overwritten it. Imported code
/// always satisfies this; other IR gets an error instead of wrong code.
/// Undefined carries (ptx.undef) may be read anywhere.
static LogicalResult checkCarryFlow(Region &region) {
  auto isCC = [](Value v) { return isa<CCType>(v.getType()); };
  auto isUndef = [](Value v) { return v.getDefiningOp<UndefOp>() != nullptr; };
  // The carry at the end of each block (null: none yet), and the blocks
  // where predecessors disagree about it.
  llvm::DenseMap<Block *, Value> outCarry;
  llvm::DenseSet<Block *> conflicted;
  auto blockOut = [&](Block &b, Value in, bool inConflict) {
    Value cur = in;
    bool bad = inConflict;
    for (BlockArgument a : b.getArguments())
      if (isCC(a))
        cur = a, bad = false;
    for (Operation &op : b)
      for (Value r : op.getResults())
        if (isCC(r) && !isUndef(r))
          cur = r, bad = false;
    return std::make_pair(cur, bad);
  };
  auto blockIn = [&](Block &b) {
    Value in;
    bool bad = false, first = true;
    for (Block *pred : b.getPredecessors()) {
      if (!outCarry.count(pred))
        continue; // not computed yet (a back edge)
      Value v = outCarry.lookup(pred);
      bool predBad = conflicted.contains(pred);
      if (first) {
        in = v, bad = predBad, first = false;
      } else if (v != in || predBad) {
        bad = true;
      }
    }
    return std::make_pair(in, bad);
  };
  unsigned rounds = 2 * region.getBlocks().size() + 2;
  for (bool changed = true; changed && rounds--;) {
    changed = false;
    for (Block &b : region) {
      auto [in, inBad] = blockIn(b);
      auto [cur, bad] = blockOut(b, in, inBad);
      if (!outCarry.count(&b) || outCarry.lookup(&b) != cur ||
          conflicted.contains(&b) != bad) {
        outCarry[&b] = cur;
        if (bad)
          conflicted.insert(&b);
        else
          conflicted.erase(&b);
        changed = true;
      }
    }
  }
  for (Block &b : region) {
    auto [cur, bad] = blockIn(b);
    for (BlockArgument a : b.getArguments())
      if (isCC(a))
        cur = a, bad = false;
    for (Operation &op : b) {
      for (Value v : op.getOperands())
        if (isCC(v) && !isUndef(v) && (bad || v != cur))
          return op.emitOpError("reads a carry flag that another .cc "
                                "instruction has overwritten");
      for (Value r : op.getResults())
        if (isCC(r) && !isUndef(r))
          cur = r, bad = false;
    }
  }
  return success();
}

/// Every value the exporter gives a register must have a PTX register type;
/// call-scope .param buffers are the ptx.param_buf ops themselves.
static LogicalResult checkRegisterTypes(Region &region) {
  auto isRegisterType = [](Type t) {
    if (auto it = dyn_cast<IntegerType>(t))
      return llvm::is_contained({1u, 8u, 16u, 32u, 64u, 128u}, it.getWidth());
    return t.isF16() || t.isBF16() || t.isF32() || t.isF64() ||
           isa<CCType>(t);
  };
  auto bad = [&](Value v) {
    if (isa<ParamBufType>(v.getType()))
      return !v.getDefiningOp<ParamBufOp>();
    return !isRegisterType(v.getType());
  };
  for (Block &b : region) {
    for (BlockArgument a : b.getArguments())
      if (bad(a))
        return mlir::emitError(a.getLoc(), "block argument of type ")
               << a.getType() << " has no PTX register";
    for (Operation &op : b) {
      // Constants, addresses and special registers are written inline;
      // other values get a register when they are defined or used.
      if (isa<arith::ConstantOp, AddressOfOp, SregOp>(op))
        continue;
      for (Value r : op.getResults())
        if (bad(r) && (!isa<UndefOp>(op) || !r.use_empty()))
          return op.emitOpError("result of type ")
                 << r.getType() << " has no PTX register";
      // `@p` names a predicate register; PTX has no constant guards.
      Value guard;
      if (auto pred = dyn_cast<PredicableOpInterface>(op))
        guard = pred.getGuard();
      else if (auto bra = dyn_cast<BraOp>(op))
        guard = bra.getGuard();
      else if (auto brx = dyn_cast<BrxIdxOp>(op))
        guard = brx.getGuard();
      else if (auto ret = dyn_cast<RetOp>(op))
        guard = ret.getGuard();
      else if (auto exit = dyn_cast<ExitOp>(op))
        guard = exit.getGuard();
      if (guard && guard.getDefiningOp<arith::ConstantOp>())
        return op.emitOpError("guard must be a predicate register, not a "
                              "constant");
    }
  }
  return success();
}

LogicalResult Exporter::printBody(raw_ostream &out, Operation *func) {
  Region &region = func->getRegion(0);
  if (failed(checkRegisterTypes(region)) || failed(checkCarryFlow(region)))
    return failure();
  blockIds.clear();
  paramBufNames.clear();
  regReturns.clear();
  regResults.clear();
  auto rets = dyn_cast_or_null<ArrayAttr>(func->getAttr("rets"));
  if (isRegReturnList(rets))
    for (Attribute a : rets)
      regReturns.insert(cast<ParamAttr>(a).getName().getValue());
  paramCount = 0;
  deferred.clear();
  unsigned n = 0;
  for (Block &b : region)
    blockIds[&b] = n++;
  RegisterClasses classes(region, [](Value v) {
    if (isa<CCType, ParamBufType>(v.getType()))
      return false;
    Operation *def = v.getDefiningOp();
    return !def || !isInlined(def);
  });
  regs->setClasses(&classes);
  // .reg parameters keep their names.
  if (auto params = dyn_cast_or_null<ArrayAttr>(func->getAttr("params"))) {
    unsigned argNo = 0;
    for (Attribute a : params) {
      auto p = cast<ParamAttr>(a);
      if (p.getSpace() == StateSpace::reg)
        regs->assign(region.front().getArgument(argNo++),
                     p.getName().getValue());
    }
  }
  for (auto it = region.begin(); it != region.end(); ++it) {
    Block *block = &*it;
    if (forwardedTarget(block))
      continue;
    auto nextIt = std::next(it);
    while (nextIt != region.end() && forwardedTarget(&*nextIt))
      ++nextIt;
    Block *next = nextIt == region.end() ? nullptr : &*nextIt;
    if (needsLabel(block))
      out << label(block) << ":\n";
    for (Operation &op : *block) {
      if (op.hasTrait<OpTrait::IsTerminator>()) {
        if (failed(printTerminator(out, &op, next)))
          return failure();
        continue;
      }
      if (isInlined(&op) || isa<UndefOp>(op))
        continue;
      if (auto var = dyn_cast<VarOp>(op)) {
        // Function-scope variables are printed where they stand.
        Exporter sub(out);
        if (failed(sub.exportVar(var, "\t")))
          return failure();
        continue;
      }
      bool printed = false;
      if (failed(printRegReturnAccess(out, &op, printed)))
        return failure();
      if (printed)
        continue;
      if (auto pb = dyn_cast<ParamBufOp>(op)) {
        // Generated names cannot clash with the module's own symbols.
        std::string unique = "$param" + std::to_string(paramCount++);
        paramBufNames[pb.getResult()] = unique;
        out << "\t.param";
        if (auto a = pb.getAlign())
          out << " .align " << *a;
        out << " ." << stringifyPTXType(pb.getType()) << " " << unique;
        if (pb.getCount())
          out << "[" << pb.getCount() << "]";
        out << ";\n";
        continue;
      }
      if (auto pragma = dyn_cast<PragmaOp>(op)) {
        out << "\t.pragma ";
        llvm::interleaveComma(pragma.getValues(), out, [&](Attribute a) {
          out << '"' << cast<StringAttr>(a).getValue() << '"';
        });
        out << ";\n";
        continue;
      }
      if (auto call = dyn_cast<CallOp>(op)) {
        if (failed(printCall(out, call)))
          return failure();
        continue;
      }
      const InstInfo *info = lookupInstInfo(op.getName().getStringRef());
      if (!info)
        return op.emitOpError("cannot be exported to PTX");
      if (failed(printInstruction(out, &op, *info)))
        return failure();
    }
  }
  for (const std::string &d : deferred)
    out << d;
  return success();
}

LogicalResult Exporter::printTerminator(raw_ostream &out, Operation *op,
                                        Block *next) {
  Block *from = op->getBlock();
  auto fallthrough = [&](Block *fall) {
    if (fall != next)
      out << "\tbra " << label(fall) << ";\n";
  };
  if (auto bra = dyn_cast<BraOp>(op)) {
    Block *dest = bra.getDest();
    bool needsCopies = false;
    for (auto [arg, v] : llvm::zip(dest->getArguments(), bra.getDestOperands()))
      if (!isa<CCType>(arg.getType()) && operand(arg) != operand(v))
        needsCopies = true;
    if (bra.getGuard()) {
      std::string target = label(dest);
      if (needsCopies) {
        target = "$L__edge" + std::to_string(uniqueId++);
        std::string edge;
        llvm::raw_string_ostream e(edge);
        e << target << ":\n";
        printEdge(e, from, dest, nullptr, bra.getDestOperands(), true,
                  bra.getUni());
        deferred.push_back(edge);
      }
      out << guardPrefix(bra.getGuard(), bra.getGuardNeg()) << "bra"
          << (bra.getUni() ? ".uni " : " ") << target << ";\n";
      fallthrough(bra.getFallthrough().front());
      return success();
    }
    printEdge(out, from, dest, next, bra.getDestOperands(), true,
              bra.getUni());
    return success();
  }
  if (isa<RetOp, ExitOp>(op)) {
    Value guard = op->getNumOperands() ? op->getOperand(0) : Value();
    bool neg = op->hasAttr("guard_neg");
    bool uni = op->hasAttr("uni");
    out << guardPrefix(guard, neg) << (isa<RetOp>(op) ? "ret" : "exit")
        << (uni ? ".uni" : "") << ";\n";
    if (guard)
      fallthrough(op->getSuccessor(0));
    return success();
  }
  if (auto brx = dyn_cast<BrxIdxOp>(op)) {
    auto targets = brx.getTargets();
    unsigned numTargets = targets.size() - (brx.getGuard() ? 1 : 0);
    std::string list = "$L__brx" + std::to_string(uniqueId++);
    out << list << ": .branchtargets ";
    for (unsigned i = 0; i < numTargets; ++i)
      out << (i ? ", " : "")
          << label(forwardedTarget(targets[i]) ? forwardedTarget(targets[i])
                                               : targets[i]);
    out << ";\n";
    out << guardPrefix(brx.getGuard(), brx.getGuardNeg()) << "brx.idx"
        << (brx.getUni() ? ".uni " : " ") << operand(brx.getIndex()) << ", "
        << list << ";\n";
    if (brx.getGuard())
      fallthrough(targets.back());
    return success();
  }
  return op->emitOpError("cannot be exported to PTX");
}

LogicalResult Exporter::printCall(raw_ostream &out, CallOp call) {
  std::string suffix;
  if (auto rets = call.getProtoRets()) {
    std::string name = "$L__proto" + std::to_string(uniqueId++);
    out << "\t" << name << ": .callprototype ";
    if (!rets->empty()) {
      printParamList(out, isRegReturnList(*rets) ? asRegReturns(*rets) : *rets,
                     false);
      out << " ";
    }
    out << "_ ";
    printParamList(out, *call.getProtoArgs(), false);
    out << ";\n";
    suffix = ", " + name;
  } else if (auto targets = call.getTargets()) {
    std::string name = "$L__ctargets" + std::to_string(uniqueId++);
    out << "\t" << name << ": .calltargets ";
    llvm::interleaveComma(*targets, out, [&](Attribute a) {
      out << cast<FlatSymbolRefAttr>(a).getValue();
    });
    out << ";\n";
    suffix = ", " + name;
  }
  out << guardPrefix(call.getGuard(), call.getGuardNeg()) << "call"
      << (call.getUni() ? ".uni " : " ");
  auto list = [&](ValueRange vals) {
    out << "(";
    llvm::interleaveComma(vals, out, [&](Value v) { out << operand(v); });
    out << ")";
  };
  if (!call.getRets().empty()) {
    list(call.getRets());
    out << ", ";
  }
  if (auto callee = call.getCallee())
    out << *callee;
  else
    out << operand(call.getCalleePtr());
  if (!call.getArgs().empty()) {
    out << ", ";
    list(call.getArgs());
  }
  out << suffix << ";\n";
  return success();
}

/// Whether `call`'s callee has `.reg` returns without a `.param` form
/// (isRegReturnList): its prototype, the function it names, or the first of
/// its `.calltargets`.
bool Exporter::isRegReturnCall(CallOp call) {
  if (auto rets = call.getProtoRets())
    return isRegReturnList(*rets);
  FlatSymbolRefAttr callee = call.getCalleeAttr();
  if (!callee && call.getTargets() && !call.getTargets()->empty())
    callee = dyn_cast<FlatSymbolRefAttr>((*call.getTargets())[0]);
  if (!callee)
    return false;
  Operation *fn = SymbolTable::lookupNearestSymbolFrom(call, callee);
  return fn && isRegReturnList(fn->getAttrOfType<ArrayAttr>("rets"));
}

/// The accesses that stand for `.reg` returns without a `.param` form
/// (isRegReturnList), printed as register moves: in such a function a
/// store into a return is a `mov` into the `.reg` return; at a call of one,
/// a call-scope buffer receiving a return is a register of the call
/// (not declared as a `.param`) and a load from it is a `mov`. Any other
/// use of them has no PTX form.
LogicalResult Exporter::printRegReturnAccess(raw_ostream &out, Operation *op,
                                             bool &printed) {
  auto unsupported = [&] {
    return op->emitOpError("uses a .reg return value in a way that PTX "
                           "cannot express");
  };
  if (auto pb = dyn_cast<ParamBufOp>(op)) {
    bool isResult = false;
    for (Operation *user : pb->getUsers()) {
      auto call = dyn_cast<CallOp>(user);
      if (call && llvm::is_contained(call.getRets(), pb.getResult()) &&
          isRegReturnCall(call))
        isResult = true;
    }
    if (!isResult)
      return success();
    for (OpOperand &use : pb->getUses()) {
      auto call = dyn_cast<CallOp>(use.getOwner());
      bool asResult = call &&
                      llvm::is_contained(call.getRets(), pb.getResult()) &&
                      !llvm::is_contained(call.getArgs(), pb.getResult());
      bool asLoad =
          isa<LdOp>(use.getOwner()) && isPlainParamAccess(use.getOwner());
      if (!asResult && !asLoad)
        return unsupported();
    }
    if (pb.getCount() != 0)
      return unsupported();
    paramBufNames[pb.getResult()] =
        regs->fresh(getRegisterType(op->getContext(), pb.getType()));
    regResults.insert(pb.getResult());
    printed = true;
    return success();
  }
  auto ld = dyn_cast<LdOp>(op);
  auto st = dyn_cast<StOp>(op);
  auto sym = op->getAttrOfType<FlatSymbolRefAttr>("addr_sym");
  bool toReturn = sym && regReturns.contains(sym.getValue());
  if (st && toReturn && !st.getAddr() && isPlainParamAccess(op)) {
    out << guardPrefix(st.getGuard(), st.getGuardNeg()) << "mov."
        << stringifyPTXType(st.getType()) << " " << sym.getValue() << ", "
        << operand(st.getB()[0]) << ";\n";
    printed = true;
    return success();
  }
  if (toReturn)
    return unsupported();
  if (ld && ld.getAddr() && regResults.contains(ld.getAddr())) {
    if (ld.getGuard())
      printCopies(out, {ld.getD()[0]}, {ld.getPrev()[0]});
    out << guardPrefix(ld.getGuard(), ld.getGuardNeg()) << "mov."
        << stringifyPTXType(ld.getType()) << " " << operand(ld.getD()[0])
        << ", " << operand(ld.getAddr()) << ";\n";
    printed = true;
  }
  return success();
}

LogicalResult Exporter::printInstruction(raw_ostream &out, Operation *op,
                                         const InstInfo &info) {
  auto pred = cast<PredicableOpInterface>(op);
  Value guard = pred.getGuard();
  if (guard) {
    // A guarded instruction keeps the old value when the guard is false:
    // its destination starts as a copy of `prev` unless they share a
    // register.
    SmallVector<Value> dsts, srcs;
    for (auto [res, prev] : llvm::zip(op->getResults(), pred.getPrev())) {
      dsts.push_back(res);
      srcs.push_back(prev);
    }
    printCopies(out, dsts, srcs);
  }
  out << guardPrefix(guard, pred.getGuardNeg());

  // Opcode and modifiers.
  SmallVector<StringRef, 4> parts, late;
  info.opcode.split(parts, '.');
  if (!info.opcodeLate.empty())
    info.opcodeLate.split(late, '.');
  bool first = true;
  for (StringRef p : parts) {
    if (llvm::is_contained(late, p))
      continue;
    out << (first ? "" : ".") << p;
    first = false;
  }
  for (const ModifierSlot &slot : info.slots) {
    if (Attribute a = op->getAttr(slot.attrName)) {
      if (slot.kind == SlotKind::Unit)
        out << "." << slot.attrName;
      else
        out << "." << slot.print(a);
      // PTX spells the .mmio semantic `.mmio.relaxed`.
      if (auto sem = dyn_cast<MemSemAttr>(a);
          sem && sem.getValue() == MemSem::mmio)
        out << ".relaxed";
    }
    if (!late.empty() && slot.attrName == info.opcodeLateAfter)
      for (StringRef l : late)
        out << "." << l;
  }

  SmallVector<std::string, 6> groups;
  // `%r1.b0`, `-%r1`: the selector and negation attributes of an operand.
  auto decorate = [&](const OperandSlot &slot, std::string text) {
    if (slot.hasNegation && op->getAttr((slot.name + "_neg").str()))
      text = "-" + text;
    if (slot.hasSelector)
      if (auto sel =
              op->getAttrOfType<SelectorAttr>((slot.name + "_sel").str()))
        text += "." + sel.getSpelling();
    return text;
  };
  // Destinations.
  unsigned fixedResults = 0;
  for (const OperandSlot &r : info.results)
    if (r.kind != OperandKind::Variadic && r.kind != OperandKind::Optional &&
        r.kind != OperandKind::OptionalCC && r.kind != OperandKind::Vector)
      ++fixedResults;
  unsigned variableCount = op->getNumResults() - fixedResults;
  auto resultSegments =
      op->getAttrOfType<DenseI32ArrayAttr>("resultSegmentSizes");
  bool hasVec = op->getAttr("vec") != nullptr;
  unsigned ri = 0;
  std::string pipe;
  for (auto [slotIndex, r] : llvm::enumerate(info.results)) {
    unsigned count = 1;
    if (resultSegments)
      count = resultSegments[slotIndex];
    else if (r.kind == OperandKind::Variadic ||
             r.kind == OperandKind::Optional ||
             r.kind == OperandKind::OptionalCC ||
             r.kind == OperandKind::Vector)
      count = variableCount;
    if (r.kind == OperandKind::CC || r.kind == OperandKind::OptionalCC) {
      ri += count;
      continue;
    }
    if (count == 0) {
      // An absent destination that PTX writes in its place is `_`.
      if (r.kind == OperandKind::Optional && !info.pipeResults)
        groups.push_back("_");
      continue;
    }
    std::string text;
    if (r.kind == OperandKind::Vector ||
        (r.kind == OperandKind::Variadic && (count != 1 || hasVec))) {
      text = "{";
      for (unsigned i = 0; i < count; ++i)
        text += (i ? ", " : "") + operand(op->getResult(ri + i));
      text += "}";
    } else {
      text = decorate(r, operand(op->getResult(ri)));
    }
    ri += count;
    if (info.pipeResults)
      pipe += (pipe.empty() ? "" : "|") + text;
    else
      groups.push_back(text);
  }
  if (info.pipeResults && !pipe.empty())
    groups.insert(groups.begin(), pipe);

  // Sources. Operands of the `[...]` tuple are collected in `tuple`.
  auto segments = op->getAttrOfType<DenseI32ArrayAttr>("operandSegmentSizes");
  unsigned oi = 0;
  SmallVector<std::string, 4> tuple;
  auto flushTuple = [&] {
    if (tuple.empty())
      return;
    groups.push_back("[" + llvm::join(tuple, ", ") + "]");
    tuple.clear();
  };
  for (auto [i, slot] : llvm::enumerate(info.operands)) {
    unsigned count = segments ? segments[i] : 1;
    ValueRange vals = op->getOperands().slice(oi, count);
    oi += count;
    if (!slot.inTuple)
      flushTuple();
    SmallVectorImpl<std::string> &dst =
        slot.inTuple ? static_cast<SmallVectorImpl<std::string> &>(tuple)
                     : static_cast<SmallVectorImpl<std::string> &>(groups);
    switch (slot.kind) {
    case OperandKind::CC:
    case OperandKind::OptionalCC:
      break;
    case OperandKind::Address:
    case OperandKind::OptionalAddress: {
      auto sym = op->getAttrOfType<FlatSymbolRefAttr>((slot.name + "_sym").str());
      auto off = op->getAttrOfType<IntegerAttr>((slot.name + "_offset").str());
      if (slot.kind == OperandKind::OptionalAddress && !count && !sym && !off)
        break;
      std::string text = "[";
      int64_t offset = off ? off.getInt() : 0;
      if (count)
        text += operand(vals[0]);
      else if (sym)
        text += sym.getValue().str();
      if (count || sym) {
        if (offset > 0)
          text += "+" + std::to_string(offset);
        else if (offset < 0)
          text += "+" + std::to_string(offset);
      } else {
        text += std::to_string(offset);
      }
      dst.push_back(text + "]");
      break;
    }
    case OperandKind::Handle:
    case OperandKind::OptionalHandle: {
      auto sym = op->getAttrOfType<FlatSymbolRefAttr>((slot.name + "_sym").str());
      if (count)
        dst.push_back(operand(vals[0]));
      else if (sym)
        dst.push_back(sym.getValue().str());
      break;
    }
    case OperandKind::Vector:
    case OperandKind::OptionalVector:
    case OperandKind::Variadic: {
      if (count == 0 && slot.kind == OperandKind::OptionalVector)
        break;
      if (count == 1 && slot.kind == OperandKind::Variadic && !hasVec) {
        dst.push_back(decorate(slot, operand(vals[0])));
        break;
      }
      std::string text = "{";
      for (auto [j, v] : llvm::enumerate(vals))
        text += (j ? ", " : "") + operand(v);
      dst.push_back(text + "}");
      break;
    }
    case OperandKind::Value:
    case OperandKind::Optional:
      if (count)
        dst.push_back(decorate(slot, operand(vals[0])));
      break;
    }
  }
  flushTuple();
  if (!groups.empty()) {
    out << " ";
    llvm::interleaveComma(groups, out);
  }
  out << ";\n";
  return success();
}

LogicalResult mlir::ptx::exportPTX(Operation *op, raw_ostream &os) {
  PTXModuleOp module = dyn_cast<PTXModuleOp>(op);
  if (!module) {
    op->walk([&](PTXModuleOp m) {
      if (!module)
        module = m;
      return WalkResult::interrupt();
    });
  }
  if (!module)
    return op->emitError("expected a ptx.module to export");
  return Exporter(os).exportModule(module);
}
