//===- PTXFunctionImport.cpp - PTX function bodies to SSA -----------------===//
//
// Builds the CFG of a function body from its statements and creates the ops
// in SSA form with the algorithm of Braun et al. ("Simple and Efficient
// Construction of Static Single Assignment Form", CC 2013): registers (and
// the carry flag) are variables; a block is sealed once all its
// predecessors are filled; trivial phis (block arguments) are removed at
// the end, before the terminators are created with their operands.
//
// Instructions are mapped to ops through the generated syntax tables
// (PTXInstInfo.h): opcode components select the op, modifiers fill its
// attribute slots, operands fill its operand slots.
//
//===----------------------------------------------------------------------===//

#include "PTXImportInternal.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "ptxmlir/Dialect/PTX/IR/PTXInstInfo.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace mlir::ptx;
using namespace mlir::ptx::import;
using llvm::SMLoc;
using llvm::StringRef;

namespace {

/// The instruction ops that share an opcode's first component, most
/// specific first.
const llvm::StringMap<SmallVector<const InstInfo *, 2>> &getOpcodeTable() {
  static const auto table = [] {
    llvm::StringMap<SmallVector<const InstInfo *, 2>> m;
    for (const InstInfo &info : getInstInfos())
      m[info.opcode.split('.').first].push_back(&info);
    return m;
  }();
  return table;
}

/// Opcodes of the PTX ISA that have no op yet: a located "not supported"
/// error names them.
bool isKnownUnsupportedOpcode(StringRef op) {
  static const llvm::StringSet<> known = {"wgmma",
                                          "multimem",
                                          "clusterlaunchcontrol",
                                          "tcgen05",
                                          "mbarrier.check_layout",
                                          "fabric",
                                          "spcompress",
                                          "spdecompress",
                                          "clmad",
                                          "barrier.cluster",
                                          "applypriority.async"};
  return known.contains(op);
}

struct Phi {
  unsigned var;
  BlockArgument arg;
  SmallVector<Value, 2> incoming; // one per predecessor
  bool removed = false;
};

struct Terminator {
  enum Kind : uint8_t { None, Fallthrough, Bra, Ret, Exit, BrxIdx } kind = None;
  unsigned inst = 0;
  Value guard;
  Value index;
  bool guardNeg = false;
  bool uni = false;
  unsigned target = 0;                // Bra
  SmallVector<unsigned, 4> targets;   // BrxIdx forwarding blocks
};

struct BlockInfo {
  Block *block = nullptr;
  SmallVector<unsigned, 8> stmts;
  Terminator term;
  SmallVector<unsigned, 2> succs;
  SmallVector<unsigned, 2> preds;
  bool sealed = false;
  bool filled = false;
  llvm::DenseMap<unsigned, Value> defs;
  SmallVector<unsigned, 2> incomplete; // phi indices
  SmallVector<unsigned, 2> phis;
};

/// Where each PTX operand group goes in the op.
struct Mapping {
  const InstInfo *info = nullptr;
  MLIRContext *ctx = nullptr;
  NamedAttrList attrs;
  // For each result slot: the PTX operands bound to it (none if absent).
  SmallVector<SmallVector<const Operand *, 1>, 2> results;
  // For each operand slot: the PTX operand (null if absent).
  SmallVector<const Operand *, 4> operands;
};

class FunctionImporter {
public:
  FunctionImporter(ImportContext &ic, Operation *func, FunctionBody &body)
      : ic(ic), func(func), body(body), ctx(ic.ctx), b(ic.ctx) {}

  LogicalResult run();

private:
  InFlightDiagnostic emitError(SMLoc loc, const llvm::Twine &msg) {
    return ic.emitError(loc, msg);
  }
  unsigned newBlock();
  LogicalResult buildCFG();
  LogicalResult processBlock(unsigned bi);
  void seal(unsigned bi);
  void maybeSealSuccessors(unsigned bi);
  Value readVar(unsigned var, unsigned bi);
  void writeVar(unsigned var, unsigned bi, Value v) { blocks[bi].defs[var] = v; }
  Value addPhi(unsigned bi, unsigned var, bool incomplete);
  Value makeUndef(Type type, Location loc);
  void removeTrivialPhis();
  Value resolve(Value v);
  void createTerminators();

  LogicalResult emitInstruction(InstStmt &inst, unsigned bi);
  LogicalResult emitCall(InstStmt &inst, unsigned bi);
  LogicalResult emitTerminatorOperands(InstStmt &inst, unsigned bi);
  FailureOr<Mapping> match(const InstInfo &info, InstStmt &inst,
                           ArrayRef<StringRef> mods, std::string &error);
  Value materialize(const Operand &op, Location loc, unsigned bi,
                    Type symbolType);
  Type typeHint(const NamedAttrList &attrs);

  ImportContext &ic;
  Operation *func;
  FunctionBody &body;
  MLIRContext *ctx;
  OpBuilder b;
  std::vector<BlockInfo> blocks;
  std::vector<Phi> phis;
  llvm::DenseMap<Value, Value> replaced;
  unsigned ccVar = 0;
  Block *entryBlock = nullptr;
  Location funcLoc = UnknownLoc::get(ic.ctx);
};

} // namespace

//===----------------------------------------------------------------------===//
// CFG
//===----------------------------------------------------------------------===//

/// The `.param` type that carries a register of type `t` (a `.reg` return).
static std::optional<PTXType> registerParamType(Type t) {
  if (t.isInteger(1))
    return PTXType::pred; // only in the .reg form (see asParamReturns)
  if (t.isF16())
    return PTXType::f16;
  if (t.isBF16())
    return PTXType::bf16;
  if (t.isF32())
    return PTXType::f32;
  if (t.isF64())
    return PTXType::f64;
  if (auto i = dyn_cast<IntegerType>(t)) {
    switch (i.getWidth()) {
    case 8:
      return PTXType::b8;
    case 16:
      return PTXType::b16;
    case 32:
      return PTXType::b32;
    case 64:
      return PTXType::b64;
    }
  }
  return std::nullopt;
}

unsigned FunctionImporter::newBlock() {
  blocks.emplace_back();
  return blocks.size() - 1;
}

static bool isTerminatorOpcode(StringRef op) {
  return op == "bra" || op == "ret" || op == "exit" || op == "brx";
}

LogicalResult FunctionImporter::buildCFG() {
  llvm::StringMap<unsigned> labelBlock;
  unsigned cur = newBlock();
  bool curIsFresh = false; // created after a terminator, nothing in it yet
  for (unsigned i = 0, e = body.stmts.size(); i < e; ++i) {
    const Stmt &s = body.stmts[i];
    if (s.kind == Stmt::Label) {
      const LabelDecl &label = body.labels[s.index];
      // A label right after an unconditional terminator names the block
      // that starts there; after a guarded one, the fallthrough block must
      // keep its single predecessor.
      bool reuse = cur != 0 && blocks[cur].stmts.empty() &&
                   blocks[cur].term.kind == Terminator::None &&
                   !(curIsFresh && blocks[cur - 1].term.kind !=
                                       Terminator::None &&
                     body.insts[blocks[cur - 1].term.inst].hasGuard);
      if (!reuse) {
        unsigned next = newBlock();
        blocks[cur].term.kind = Terminator::Fallthrough;
        blocks[cur].succs.push_back(next);
        cur = next;
      }
      curIsFresh = false;
      if (!labelBlock.try_emplace(label.name, cur).second)
        return emitError(label.loc, "label '" + label.name +
                                        "' is defined twice");
      continue;
    }
    blocks[cur].stmts.push_back(i);
    curIsFresh = false;
    if (s.kind != Stmt::Inst)
      continue;
    InstStmt &inst = body.insts[s.index];
    StringRef op = inst.comps.front();
    if (!isTerminatorOpcode(op))
      continue;
    Terminator &t = blocks[cur].term;
    t.inst = s.index;
    t.guardNeg = inst.guardNeg;
    t.uni = llvm::is_contained(ArrayRef(inst.comps).drop_front(), "uni");
    t.kind = op == "bra"   ? Terminator::Bra
             : op == "ret" ? Terminator::Ret
             : op == "exit" ? Terminator::Exit
                            : Terminator::BrxIdx;
    unsigned termBlock = cur;
    cur = newBlock();
    curIsFresh = true;
    if (inst.hasGuard)
      blocks[termBlock].succs.push_back(cur); // fallthrough, filled below
  }
  if (blocks[cur].term.kind == Terminator::None) {
    // Only fallthrough edges exist yet: the fallthrough of a guarded last
    // terminator (`@p ret;` at the end) is a block of its own that returns.
    bool fallenInto = llvm::any_of(
        blocks, [&](BlockInfo &bl) { return llvm::is_contained(bl.succs, cur); });
    if (curIsFresh && blocks[cur].stmts.empty() && !fallenInto) {
      // Nothing follows the last terminator.
      blocks.pop_back();
    } else {
      blocks[cur].term.kind = Terminator::Ret; // falling off the end
      blocks[cur].term.inst = ~0u;
    }
  }

  // Resolve branch targets.
  for (unsigned bi = 0; bi < blocks.size(); ++bi) {
    Terminator &t = blocks[bi].term;
    if (t.kind == Terminator::Bra) {
      InstStmt &inst = body.insts[t.inst];
      for (StringRef c : ArrayRef(inst.comps).drop_front())
        if (c != "uni")
          return emitError(inst.loc, "unknown modifier '." + c +
                                         "' for 'bra'");
      if (inst.groups.size() != 1 || inst.groups[0].size() != 1 ||
          inst.groups[0][0].kind != Operand::Symbol)
        return emitError(inst.loc, "'bra' expects one label operand");
      auto it = labelBlock.find(inst.groups[0][0].name);
      if (it == labelBlock.end())
        return emitError(inst.groups[0][0].loc,
                         "branch to undefined label '" +
                             inst.groups[0][0].name + "'");
      t.target = it->second;
      blocks[bi].succs.insert(blocks[bi].succs.begin(), it->second);
    } else if (t.kind == Terminator::BrxIdx) {
      InstStmt &inst = body.insts[t.inst];
      if (inst.comps.size() < 2 || inst.comps[1] != "idx")
        return emitError(inst.loc, "expected 'brx.idx'");
      for (StringRef c : ArrayRef(inst.comps).drop_front(2))
        if (c != "uni")
          return emitError(inst.loc, "unknown modifier '." + c +
                                         "' for 'brx.idx'");
      if (inst.groups.size() != 2 || inst.groups[1].size() != 1 ||
          inst.groups[1][0].kind != Operand::Symbol)
        return emitError(inst.loc, "'brx.idx' expects an index and a "
                                   ".branchtargets label");
      auto list = body.branchTargets.find(inst.groups[1][0].name);
      if (list == body.branchTargets.end())
        return emitError(inst.groups[1][0].loc,
                         "'" + inst.groups[1][0].name +
                             "' is not a .branchtargets list");
      SmallVector<unsigned, 2> fall(blocks[bi].succs);
      blocks[bi].succs.clear();
      for (StringRef label : list->second) {
        auto it = labelBlock.find(label);
        if (it == labelBlock.end())
          return emitError(inst.groups[1][0].loc,
                           "branch target '" + label + "' is undefined");
        // Targets get forwarding blocks so that they take no arguments.
        unsigned fwd = newBlock();
        blocks[fwd].term.kind = Terminator::Fallthrough;
        blocks[fwd].succs.push_back(it->second);
        blocks[bi].term.targets.push_back(fwd);
        blocks[bi].succs.push_back(fwd);
      }
      blocks[bi].succs.append(fall);
    }
  }
  for (unsigned bi = 0; bi < blocks.size(); ++bi)
    for (unsigned s : blocks[bi].succs)
      blocks[s].preds.push_back(bi);

  // Create the MLIR blocks.
  Region &region = func->getRegion(0);
  blocks[0].block = &region.front();
  entryBlock = blocks[0].block;
  for (unsigned bi = 1; bi < blocks.size(); ++bi) {
    blocks[bi].block = new Block();
    region.push_back(blocks[bi].block);
  }
  return success();
}

//===----------------------------------------------------------------------===//
// SSA construction
//===----------------------------------------------------------------------===//

Value FunctionImporter::makeUndef(Type type, Location loc) {
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(entryBlock);
  return UndefOp::create(b, loc, type);
}

Value FunctionImporter::addPhi(unsigned bi, unsigned var, bool incomplete) {
  Type type = body.regs[var].type;
  BlockArgument arg = blocks[bi].block->addArgument(type, funcLoc);
  unsigned idx = phis.size();
  phis.push_back({var, arg, {}});
  phis[idx].incoming.resize(blocks[bi].preds.size());
  blocks[bi].phis.push_back(idx);
  blocks[bi].defs[var] = arg;
  if (incomplete) {
    blocks[bi].incomplete.push_back(idx);
    return arg;
  }
  for (unsigned p = 0, e = blocks[bi].preds.size(); p < e; ++p) {
    Value v = readVar(var, blocks[bi].preds[p]);
    phis[idx].incoming[p] = v;
  }
  return arg;
}

Value FunctionImporter::readVar(unsigned var, unsigned bi) {
  SmallVector<unsigned, 8> chain;
  Value v;
  while (true) {
    BlockInfo &bl = blocks[bi];
    auto it = bl.defs.find(var);
    if (it != bl.defs.end()) {
      v = it->second;
      break;
    }
    if (!bl.sealed) {
      v = addPhi(bi, var, /*incomplete=*/true);
      break;
    }
    if (bl.preds.empty()) {
      // Read before any write: the register's value is undefined. Each read
      // gets its own undef so that exporting never merges registers.
      return makeUndef(body.regs[var].type, funcLoc);
    }
    if (bl.preds.size() == 1) {
      chain.push_back(bi);
      bi = bl.preds.front();
      continue;
    }
    v = addPhi(bi, var, /*incomplete=*/false);
    break;
  }
  for (unsigned c : chain)
    blocks[c].defs[var] = v;
  return v;
}

void FunctionImporter::seal(unsigned bi) {
  blocks[bi].sealed = true;
  SmallVector<unsigned, 2> pending;
  std::swap(pending, blocks[bi].incomplete);
  for (unsigned idx : pending)
    for (unsigned p = 0, e = blocks[bi].preds.size(); p < e; ++p) {
      Value v = readVar(phis[idx].var, blocks[bi].preds[p]);
      phis[idx].incoming[p] = v;
    }
}

void FunctionImporter::maybeSealSuccessors(unsigned bi) {
  for (unsigned s : blocks[bi].succs) {
    if (blocks[s].sealed)
      continue;
    if (llvm::all_of(blocks[s].preds,
                     [&](unsigned p) { return blocks[p].filled; }))
      seal(s);
  }
}

Value FunctionImporter::resolve(Value v) {
  while (true) {
    auto it = replaced.find(v);
    if (it == replaced.end())
      return v;
    v = it->second;
  }
}

void FunctionImporter::removeTrivialPhis() {
  bool changed = true;
  while (changed) {
    changed = false;
    for (Phi &phi : phis) {
      if (phi.removed)
        continue;
      Value same;
      bool trivial = true;
      for (Value &in : phi.incoming) {
        in = resolve(in);
        if (in == same || in == phi.arg)
          continue;
        if (same) {
          trivial = false;
          break;
        }
        same = in;
      }
      if (!trivial)
        continue;
      if (!same)
        same = makeUndef(phi.arg.getType(), funcLoc);
      phi.arg.replaceAllUsesWith(same);
      replaced[phi.arg] = same;
      phi.removed = true;
      changed = true;
    }
  }
  for (BlockInfo &bl : blocks) {
    // Erase removed arguments from the back so that indices stay valid.
    for (unsigned i = bl.phis.size(); i-- > 0;) {
      Phi &phi = phis[bl.phis[i]];
      if (phi.removed)
        bl.block->eraseArgument(phi.arg.getArgNumber());
    }
    llvm::erase_if(bl.phis, [&](unsigned idx) { return phis[idx].removed; });
  }
}

void FunctionImporter::createTerminators() {
  for (unsigned bi = 0; bi < blocks.size(); ++bi) {
    BlockInfo &bl = blocks[bi];
    b.setInsertionPointToEnd(bl.block);
    auto argsFor = [&](unsigned succ) {
      SmallVector<Value, 4> args;
      unsigned predIdx =
          llvm::find(blocks[succ].preds, bi) - blocks[succ].preds.begin();
      for (unsigned idx : blocks[succ].phis)
        args.push_back(resolve(phis[idx].incoming[predIdx]));
      return args;
    };
    Terminator &t = bl.term;
    Location loc = t.inst == ~0u || t.kind == Terminator::Fallthrough
                       ? funcLoc
                       : body.insts[t.inst].mlirLoc;
    Value guard = t.guard ? resolve(t.guard) : Value();
    switch (t.kind) {
    case Terminator::None:
    case Terminator::Fallthrough: {
      unsigned succ = bl.succs.front();
      BraOp::create(b, loc, Value(), false, false, argsFor(succ),
                    blocks[succ].block, BlockRange());
      break;
    }
    case Terminator::Bra: {
      SmallVector<Block *, 1> fall;
      if (guard)
        fall.push_back(blocks[bl.succs[1]].block);
      BraOp::create(b, loc, guard, t.guardNeg, t.uni, argsFor(t.target),
                    blocks[t.target].block, fall);
      break;
    }
    case Terminator::Ret:
    case Terminator::Exit: {
      SmallVector<Block *, 1> fall;
      if (guard)
        fall.push_back(blocks[bl.succs[0]].block);
      if (t.kind == Terminator::Ret)
        RetOp::create(b, loc, guard, t.guardNeg, t.uni, fall);
      else
        ExitOp::create(b, loc, guard, t.guardNeg, t.uni, fall);
      break;
    }
    case Terminator::BrxIdx: {
      SmallVector<Block *, 4> succs;
      for (unsigned s : bl.succs)
        succs.push_back(blocks[s].block);
      BrxIdxOp::create(b, loc, guard, t.guardNeg, t.uni, resolve(t.index),
                       succs);
      break;
    }
    }
  }
}

LogicalResult FunctionImporter::run() {
  funcLoc = func->getLoc();
  ccVar = body.regs.size();
  body.regs.push_back({CCType::get(ctx)});
  if (failed(buildCFG()))
    return failure();
  // .reg parameters are defined by the entry block's arguments.
  for (auto [i, reg] : llvm::enumerate(body.regParams))
    writeVar(reg, 0, entryBlock->getArgument(i));
  for (unsigned bi = 0; bi < blocks.size(); ++bi) {
    if (!blocks[bi].sealed &&
        llvm::all_of(blocks[bi].preds,
                     [&](unsigned p) { return blocks[p].filled; }))
      seal(bi);
    if (failed(processBlock(bi)))
      return failure();
    blocks[bi].filled = true;
    maybeSealSuccessors(bi);
  }
  for (unsigned bi = 0; bi < blocks.size(); ++bi)
    if (!blocks[bi].sealed)
      seal(bi);
  removeTrivialPhis();
  createTerminators();
  return success();
}

LogicalResult FunctionImporter::processBlock(unsigned bi) {
  BlockInfo &bl = blocks[bi];
  for (unsigned si : bl.stmts) {
    const Stmt &s = body.stmts[si];
    b.setInsertionPointToEnd(blocks[bi].block);
    switch (s.kind) {
    case Stmt::Label:
      break;
    case Stmt::ParamBuf: {
      const ParamBufDecl &p = body.paramBufs[s.index];
      auto op = ParamBufOp::create(
          b, p.loc, ParamBufType::get(ctx), PTXTypeAttr::get(ctx, p.type),
          p.align ? b.getI64IntegerAttr(p.align) : IntegerAttr(),
          b.getI64IntegerAttr(p.count), StringAttr());
      writeVar(p.reg, bi, op);
      break;
    }
    case Stmt::Pragma: {
      const PragmaDecl &p = body.pragmas[s.index];
      PragmaOp::create(b, p.loc, b.getStrArrayAttr(p.values));
      break;
    }
    case Stmt::Inst: {
      InstStmt &inst = body.insts[s.index];
      if (isTerminatorOpcode(inst.comps.front())) {
        if (failed(emitTerminatorOperands(inst, bi)))
          return failure();
        break;
      }
      if (failed(emitInstruction(inst, bi)))
        return failure();
      break;
    }
    }
  }
  return success();
}

LogicalResult FunctionImporter::emitTerminatorOperands(InstStmt &inst,
                                                       unsigned bi) {
  Terminator &t = blocks[bi].term;
  if (inst.hasGuard)
    t.guard = readVar(inst.guardReg, bi);
  if (t.kind == Terminator::Ret || t.kind == Terminator::Exit) {
    for (StringRef c : ArrayRef(inst.comps).drop_front())
      if (c != "uni")
        return emitError(inst.loc, "unknown modifier '." + c + "' for '" +
                                       inst.comps.front() + "'");
    if (!inst.groups.empty())
      return emitError(inst.loc, "'" + inst.comps.front() +
                                     "' takes no operands");
  }
  // `ret` of a function with .reg returns stores them into the `.param`
  // returns that stand for them (asParamReturns).
  if (t.kind == Terminator::Ret)
    for (auto [reg, param] : body.regRets) {
      OperationState st(inst.mlirLoc, StOp::getOperationName());
      st.addOperands(readVar(reg, bi));
      st.addAttribute("space", StateSpaceAttr::get(ctx, StateSpace::param));
      st.addAttribute("type", PTXTypeAttr::get(ctx, param.getType()));
      st.addAttribute("addr_sym",
                      FlatSymbolRefAttr::get(ctx, param.getName()));
      st.addAttribute("addr_offset", b.getI64IntegerAttr(0));
      st.addAttribute("operandSegmentSizes",
                      b.getDenseI32ArrayAttr({0, 1, 0, 0, 0}));
      b.create(st);
    }
  if (t.kind == Terminator::BrxIdx) {
    const Operand &idx = inst.groups[0][0];
    if (inst.groups[0].size() != 1 ||
        (idx.kind != Operand::Reg && idx.kind != Operand::Int))
      return emitError(idx.loc, "expected an index register");
    t.index = materialize(idx, inst.mlirLoc, bi, b.getI32Type());
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Instructions
//===----------------------------------------------------------------------===//

Type FunctionImporter::typeHint(const NamedAttrList &attrs) {
  for (StringRef name : {"type", "dtype"})
    if (auto t = dyn_cast_or_null<PTXTypeAttr>(attrs.get(name)))
      return getRegisterType(ctx, t.getValue());
  return b.getI32Type();
}

Value FunctionImporter::materialize(const Operand &op, Location loc,
                                    unsigned bi, Type symbolType) {
  switch (op.kind) {
  case Operand::Reg: {
    Value v = readVar(op.reg, bi);
    if (op.negated)
      v = NotOp::create(b, loc, v.getType(), PTXType::pred, v, Value(),
                        false, ValueRange())
              .getResult();
    return v;
  }
  case Operand::Int:
    return arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(op.value));
  case Operand::F32:
    return arith::ConstantOp::create(
        b, loc,
        b.getF32FloatAttr(llvm::bit_cast<float>(uint32_t(op.value))));
  case Operand::F64:
    return arith::ConstantOp::create(
        b, loc, b.getF64FloatAttr(llvm::bit_cast<double>(op.value)));
  case Operand::Symbol:
    return AddressOfOp::create(b, loc, symbolType,
                               FlatSymbolRefAttr::get(ctx, op.name));
  case Operand::Sreg:
    return SregOp::create(
        b, loc, b.getIntegerType(getSpecialRegWidth(op.sreg)), op.sreg,
        op.value >= 0 ? b.getI32IntegerAttr(op.value) : IntegerAttr());
  default:
    return Value();
  }
}

static bool isScalarSource(const Operand &op) {
  switch (op.kind) {
  case Operand::Reg:
  case Operand::Int:
  case Operand::F32:
  case Operand::F64:
  case Operand::Symbol:
  case Operand::Sreg:
    return true;
  default:
    return false;
  }
}

static bool isDestination(const Operand &op) {
  return (op.kind == Operand::Reg && !op.negated) || op.kind == Operand::Sink;
}

static bool isOptionalKind(OperandKind k) {
  return k == OperandKind::Optional || k == OperandKind::OptionalAddress ||
         k == OperandKind::OptionalHandle || k == OperandKind::OptionalVector;
}

/// A source without a selector or `-`, as vector elements must be.
static bool isPlainSource(const Operand &op) {
  return isScalarSource(op) && op.selector.empty() && !op.minus;
}

/// Whether `op` has the shape operand slot `slot` takes.
static bool fitsSlot(const OperandSlot &slot, const Operand &op) {
  switch (slot.kind) {
  case OperandKind::Address:
  case OperandKind::OptionalAddress:
    return op.kind == Operand::Addr;
  case OperandKind::Handle:
  case OperandKind::OptionalHandle:
    return (op.kind == Operand::Reg && isPlainSource(op)) ||
           op.kind == Operand::Symbol ||
           (op.kind == Operand::Addr && op.value == 0);
  case OperandKind::Vector:
  case OperandKind::OptionalVector:
    return op.kind == Operand::Vector && llvm::all_of(op.elems, isPlainSource);
  case OperandKind::Variadic:
    return op.kind == Operand::Vector ? llvm::all_of(op.elems, isPlainSource)
                                      : isScalarSource(op);
  default:
    return isScalarSource(op);
  }
}

static void reportMismatch(const OperandSlot &slot, const Operand &op,
                           StringRef opcode, llvm::raw_string_ostream &err) {
  if (slot.kind == OperandKind::Address ||
      slot.kind == OperandKind::OptionalAddress)
    err << "'" << opcode << "' expects an address operand '[...]' here";
  else if (slot.kind == OperandKind::Vector ||
           slot.kind == OperandKind::OptionalVector)
    err << "'" << opcode << "' expects a vector operand '{...}' here";
  else if (op.kind == Operand::Addr)
    err << "unexpected address operand for '" << opcode << "'";
  else if (op.kind == Operand::Tuple)
    err << "unexpected texture or surface operand '[a, ...]' for '" << opcode
        << "'";
  else if (op.kind == Operand::Vector && !op.vectorReg.empty())
    err << "vector register '" << op.vectorReg
        << "' used as a scalar operand of '" << opcode << "'";
  else if (op.kind == Operand::Vector)
    err << "unexpected vector operand for '" << opcode << "'";
  else if (op.kind == Operand::Sink)
    err << "'_' is only valid as a destination";
  else
    err << "invalid operand for '" << opcode << "'";
}

/// `presentIf`: "attr" (present) or "attr:spelling" (has that value).
static bool conditionHolds(const InstInfo &info, const NamedAttrList &attrs,
                           StringRef cond) {
  auto [name, value] = cond.split(':');
  Attribute a = attrs.get(name);
  if (!a)
    return false;
  if (value.empty())
    return true;
  for (const ModifierSlot &ms : info.slots)
    if (ms.attrName == name && ms.kind == SlotKind::Enum)
      return ms.print(a) == value;
  return false;
}

/// Records the selector of `op` (`%r1.b0`) as the `<slot>_sel` attribute.
static bool bindSelector(Mapping &m, const OperandSlot &slot,
                         const Operand &op, StringRef opcode,
                         llvm::raw_string_ostream &err) {
  if (!slot.hasSelector) {
    err << "operand selector '." << op.selector << "' is not valid here for '"
        << opcode << "'";
    return false;
  }
  auto sel = SelectorAttr::parseSpelling(m.ctx, op.selector);
  if (!sel) {
    err << "invalid operand selector '." << op.selector << "'";
    return false;
  }
  m.attrs.set((slot.name + "_sel").str(), sel);
  return true;
}

/// Binds source `op` to operand slot `index` with its selector and `-`.
static bool bindSource(Mapping &m, const OperandSlot &slot, unsigned index,
                       const Operand &op, StringRef opcode,
                       llvm::raw_string_ostream &err) {
  if (!op.selector.empty() && !bindSelector(m, slot, op, opcode, err))
    return false;
  if (op.minus) {
    if (!slot.hasNegation) {
      err << "'-' is not valid on this operand of '" << opcode << "'";
      return false;
    }
    m.attrs.set((slot.name + "_neg").str(), UnitAttr::get(m.ctx));
  }
  m.operands[index] = &op;
  return true;
}

/// Matches the items of a `[a, b, c]` operand (or `[a]`) against the tuple
/// slots `slots`, which start at operand index `first`.
static bool bindTuple(Mapping &m, ArrayRef<OperandSlot> slots, unsigned first,
                      const Operand &op, StringRef opcode,
                      llvm::raw_string_ostream &err, bool dryRun) {
  SmallVector<const Operand *, 4> items;
  if (op.kind == Operand::Tuple) {
    for (const Operand &e : op.elems)
      items.push_back(&e);
  } else if (op.kind == Operand::Addr && op.value == 0 &&
             (op.hasBase || !op.name.empty())) {
    items.push_back(&op);
  } else {
    return false;
  }
  unsigned required = llvm::count_if(
      slots, [](const OperandSlot &s) { return !isOptionalKind(s.kind); });
  if (items.size() < required)
    return false;
  unsigned surplus = items.size() - required, next = 0;
  for (auto [i, slot] : llvm::enumerate(slots)) {
    if (next >= items.size()) {
      if (!isOptionalKind(slot.kind))
        return false;
      continue;
    }
    const Operand &item = *items[next];
    bool fits = fitsSlot(slot, item);
    if (isOptionalKind(slot.kind)) {
      if (surplus == 0 || !fits)
        continue;
      --surplus;
    }
    if (!fits)
      return false;
    if (!dryRun && !bindSource(m, slot, first + i, item, opcode, err))
      return false;
    ++next;
  }
  return next == items.size();
}

FailureOr<Mapping> FunctionImporter::match(const InstInfo &info,
                                           InstStmt &inst,
                                           ArrayRef<StringRef> mods,
                                           std::string &error) {
  Mapping m;
  m.info = &info;
  m.ctx = ctx;
  llvm::raw_string_ostream err(error);
  StringRef opcode = info.opcode;

  // Type modifiers fill the type slots in order; when no more are written
  // than the op requires, they fill only the required ones (`wmma.mma`
  // writes `.dtype.ctype` for f16 and `.dtype.atype.btype.ctype` otherwise).
  unsigned typeMods = 0, requiredTypeSlots = 0, typeSlots = 0;
  for (const ModifierSlot &slot : info.slots)
    if (slot.isType) {
      ++typeSlots;
      requiredTypeSlots += !slot.optional;
    }
  if (typeSlots)
    for (StringRef mod : mods)
      if (symbolizePTXType(mod))
        ++typeMods;
  bool skipOptionalTypes =
      typeMods < typeSlots && typeMods <= requiredTypeSlots;

  // Modifiers: each fills the first free slot that accepts it.
  SmallVector<bool, 8> filled(info.slots.size(), false);
  for (StringRef mod : mods) {
    bool done = false, duplicate = false;
    for (auto [i, slot] : llvm::enumerate(info.slots)) {
      if (slot.isType && slot.optional && skipOptionalTypes)
        continue;
      Attribute attr;
      if (slot.kind == SlotKind::Unit) {
        if (slot.attrName == mod)
          attr = UnitAttr::get(ctx);
      } else {
        attr = slot.parse(ctx, mod);
      }
      if (!attr)
        continue;
      if (filled[i]) {
        duplicate = true;
        continue;
      }
      filled[i] = true;
      m.attrs.set(slot.attrName, attr);
      done = true;
      break;
    }
    if (!done) {
      if (duplicate)
        err << "duplicate or conflicting modifier '." << mod << "' for '"
            << opcode << "'";
      else
        err << "unknown modifier '." << mod << "' for '" << opcode << "'";
      return failure();
    }
  }
  for (auto [i, slot] : llvm::enumerate(info.slots))
    if (!slot.optional && !filled[i]) {
      if (slot.isType)
        err << "'" << opcode << "' needs a type modifier";
      else
        err << "'" << opcode << "' needs a modifier for '" << slot.attrName
            << "'";
      return failure();
    }

  // Results.
  ArrayRef<SmallVector<Operand, 1>> groups = inst.groups;
  unsigned g = 0;
  m.results.resize(info.results.size());
  // Binds the PTX destination `op` to result slot `i`.
  auto bindResult = [&](unsigned i, const OperandSlot &slot,
                        const Operand &op) -> bool {
    bool isVec =
        slot.kind == OperandKind::Variadic || slot.kind == OperandKind::Vector;
    if (isVec && op.kind == Operand::Vector) {
      for (const Operand &e : op.elems) {
        if (!isDestination(e) || !e.selector.empty()) {
          err << "vector destination of '" << opcode
              << "' must hold registers";
          return false;
        }
        m.results[i].push_back(&e);
      }
      return true;
    }
    if (slot.kind == OperandKind::Vector) {
      err << "'" << opcode << "' expects a vector destination '{...}'";
      return false;
    }
    if (!op.vectorReg.empty()) {
      err << "vector register '" << op.vectorReg
          << "' used as a scalar destination of '" << opcode << "'";
      return false;
    }
    if (!isDestination(op)) {
      err << "destination of '" << opcode << "' must be a register";
      return false;
    }
    if (!op.selector.empty() && !bindSelector(m, slot, op, opcode, err))
      return false;
    // `_` for an optional destination written in its own place: absent.
    if (op.kind == Operand::Sink && slot.kind == OperandKind::Optional &&
        !info.pipeResults)
      return true;
    m.results[i].push_back(&op);
    return true;
  };
  if (info.pipeResults) {
    if (groups.empty()) {
      err << "'" << opcode << "' expects a destination";
      return failure();
    }
    unsigned item = 0;
    for (auto [i, slot] : llvm::enumerate(info.results)) {
      if (slot.kind == OperandKind::CC || slot.kind == OperandKind::OptionalCC)
        continue;
      if (item < groups[0].size()) {
        if (!bindResult(i, slot, groups[0][item++]))
          return failure();
      } else if (slot.kind != OperandKind::Optional) {
        err << "'" << opcode << "' expects more destinations";
        return failure();
      }
    }
    if (item != groups[0].size()) {
      err << "too many destinations for '" << opcode << "'";
      return failure();
    }
    g = 1;
  } else {
    for (auto [i, slot] : llvm::enumerate(info.results)) {
      if (slot.kind == OperandKind::CC || slot.kind == OperandKind::OptionalCC)
        continue;
      if (g >= groups.size() || groups[g].size() != 1) {
        err << "'" << opcode << "' expects a destination operand";
        return failure();
      }
      if (!bindResult(i, slot, groups[g][0]))
        return failure();
      ++g;
    }
  }

  // Source operands. Each unit takes one PTX operand: a single slot, or the
  // run of slots written inside one `[...]` tuple. Optional operands are
  // present when a modifier says so (`presentIf`), otherwise when operands
  // are left over and the next one has the operand's shape.
  struct Unit {
    unsigned begin, end;
    enum Need : uint8_t { Required, Maybe, Skip } need;
  };
  SmallVector<Unit, 8> units;
  unsigned numSlots = info.operands.size();
  for (unsigned i = 0; i < numSlots;) {
    const OperandSlot &slot = info.operands[i];
    if (slot.kind == OperandKind::CC || slot.kind == OperandKind::OptionalCC) {
      ++i;
      continue;
    }
    if (slot.inTuple) {
      unsigned j = i;
      bool required = false;
      while (j < numSlots && info.operands[j].inTuple)
        required |= !isOptionalKind(info.operands[j++].kind);
      units.push_back({i, j, required ? Unit::Required : Unit::Maybe});
      i = j;
      continue;
    }
    Unit::Need need = isOptionalKind(slot.kind) ? Unit::Maybe : Unit::Required;
    if (!slot.presentIf.empty())
      need = conditionHolds(info, m.attrs, slot.presentIf) ? Unit::Required
                                                           : Unit::Skip;
    units.push_back({i, i + 1, need});
    ++i;
  }
  unsigned required = llvm::count_if(
      units, [](const Unit &u) { return u.need == Unit::Required; });
  unsigned available = groups.size() - g;
  if (available < required) {
    bool policy = llvm::any_of(units, [&](const Unit &u) {
      return u.need == Unit::Required &&
             info.operands[u.begin].presentIf == "cache_hint";
    });
    if (policy && available + 1 == required)
      err << "'" << opcode << "' with .L2::cache_hint needs a cache-policy "
          << "operand";
    else
      err << "'" << opcode << "' expects " << required << " source operand"
          << (required == 1 ? "" : "s") << ", got " << available;
    return failure();
  }
  unsigned surplus = available - required;
  m.operands.assign(numSlots, nullptr);
  for (const Unit &u : units) {
    if (u.need == Unit::Skip || g >= groups.size())
      continue;
    if (groups[g].size() != 1) {
      err << "unexpected '|' in the operands of '" << opcode << "'";
      return failure();
    }
    const Operand &op = groups[g][0];
    ArrayRef<OperandSlot> slots = info.operands.slice(u.begin, u.end - u.begin);
    bool isTuple = slots.front().inTuple;
    bool fits = isTuple ? bindTuple(m, slots, u.begin, op, opcode, err,
                                    /*dryRun=*/true)
                        : fitsSlot(slots.front(), op);
    if (u.need == Unit::Maybe) {
      if (surplus == 0 || !fits)
        continue;
      --surplus;
    }
    if (isTuple) {
      if (!bindTuple(m, slots, u.begin, op, opcode, err, /*dryRun=*/false)) {
        if (error.empty())
          err << "'" << opcode << "' expects a '[...]' operand with "
              << slots.size() << " item" << (slots.size() == 1 ? "" : "s")
              << " at most here";
        return failure();
      }
      ++g;
      continue;
    }
    const OperandSlot &slot = slots.front();
    if (!fits) {
      reportMismatch(slot, op, opcode, err);
      return failure();
    }
    if (!bindSource(m, slot, u.begin, op, opcode, err))
      return failure();
    ++g;
  }
  if (g != groups.size()) {
    err << "too many operands for '" << opcode << "'";
    return failure();
  }
  return m;
}

LogicalResult FunctionImporter::emitInstruction(InstStmt &inst, unsigned bi) {
  StringRef opcode = inst.comps.front();
  if (opcode == "call")
    return emitCall(inst, bi);
  const auto &table = getOpcodeTable();
  auto it = table.find(opcode);
  if (it == table.end()) {
    std::string full = opcode.str();
    if (inst.comps.size() > 1)
      full += "." + inst.comps[1].str();
    if (isKnownUnsupportedOpcode(opcode) || isKnownUnsupportedOpcode(full))
      return emitError(inst.loc, "PTX instruction '" + opcode +
                                     "' is not supported yet");
    return emitError(inst.loc, "unknown instruction '" + opcode + "'");
  }

  // `st.bulk` would match `st` with a stray modifier: opcodes known to be
  // unsupported are reported as such first (`.tensor` forms aside).
  std::string prefix = opcode.str();
  ArrayRef<StringRef> comps(inst.comps);
  for (unsigned i = 1; i < comps.size() && i <= 3; ++i) {
    prefix += "." + comps[i].str();
    bool tensor = i + 1 < comps.size() && comps[i + 1] == "tensor";
    if (isKnownUnsupportedOpcode(prefix) && !tensor)
      return emitError(inst.loc, "PTX instruction '" + prefix +
                                     "' is not supported yet");
  }

  // Candidates: ops whose opcode components all appear, in order.
  struct Candidate {
    const InstInfo *info;
    SmallVector<StringRef, 6> mods;
    unsigned score;
  };
  SmallVector<Candidate, 4> candidates;
  for (const InstInfo *info : it->second) {
    SmallVector<StringRef, 4> parts;
    info->opcode.split(parts, '.');
    SmallVector<StringRef, 6> mods;
    unsigned p = 1;
    bool contiguous = true;
    for (StringRef c : ArrayRef(inst.comps).drop_front()) {
      if (p < parts.size() && c == parts[p]) {
        ++p;
        continue;
      }
      if (p < parts.size())
        contiguous = false;
      mods.push_back(c);
    }
    if (p != parts.size())
      continue;
    // `ld.mmio.relaxed`: .mmio always comes with .relaxed, which the .mmio
    // semantic implies (the exporter writes it back).
    if (llvm::is_contained(mods, "mmio"))
      llvm::erase(mods, "relaxed");
    candidates.push_back({info, mods, 2 * unsigned(parts.size()) +
                                          (contiguous ? 1 : 0)});
  }
  std::stable_sort(candidates.begin(), candidates.end(), [](const Candidate &a, const Candidate &c) {
    return a.score > c.score;
  });
  if (candidates.empty()) {
    // The opcode's family exists but no form matches, e.g. the deprecated
    // `shfl.bfly` / `vote.any` without `.sync`.
    if (opcode == "shfl" || opcode == "vote")
      return emitError(inst.loc, "PTX instruction '" + opcode +
                                     "' without .sync (deprecated since PTX "
                                     "6.0) is not supported; use '" +
                                     opcode + ".sync'");
    std::string expected;
    for (const InstInfo *info : it->second)
      expected += (expected.empty() ? "'" : ", '") + info->opcode.str() + "'";
    return emitError(inst.loc, "unknown instruction '" +
                                   llvm::join(inst.comps, ".") +
                                   "'; expected one of " + expected);
  }

  std::string firstError;
  FailureOr<Mapping> mapping = failure();
  for (Candidate &c : candidates) {
    std::string error;
    mapping = match(*c.info, inst, c.mods, error);
    if (succeeded(mapping))
      break;
    if (firstError.empty())
      firstError = error;
  }
  if (failed(mapping)) {
    if (StringRef(firstError).starts_with("unknown modifier") &&
        isKnownUnsupportedOpcode(opcode.str() + "." + inst.comps.back().str()))
      return emitError(inst.loc, "PTX instruction '" + opcode + "." +
                                     inst.comps.back() +
                                     "' is not supported yet");
    return emitError(inst.loc, firstError);
  }

  const InstInfo &info = *mapping->info;
  Location loc = inst.mlirLoc;
  OperationState state(loc, info.opName);
  state.attributes = mapping->attrs;
  Type hint = typeHint(mapping->attrs);
  Type symbolType = hint.isInteger(32) ? hint : b.getI64Type();

  // Operands in ODS order, then guard and prev.
  SmallVector<int32_t, 8> segments;
  for (auto [i, slot] : llvm::enumerate(info.operands)) {
    const Operand *op = mapping->operands[i];
    switch (slot.kind) {
    case OperandKind::CC:
      state.operands.push_back(readVar(ccVar, bi));
      segments.push_back(1);
      break;
    case OperandKind::OptionalCC:
      segments.push_back(0);
      break;
    case OperandKind::Address:
    case OperandKind::OptionalAddress: {
      if (!op) {
        segments.push_back(0);
        break;
      }
      segments.push_back(op->hasBase ? 1 : 0);
      if (op->hasBase)
        state.operands.push_back(readVar(op->reg, bi));
      if (!op->name.empty())
        state.addAttribute((slot.name + "_sym").str(),
                           FlatSymbolRefAttr::get(ctx, op->name));
      // An optional address is present when its offset attribute is.
      if (op->value || slot.kind == OperandKind::OptionalAddress)
        state.addAttribute((slot.name + "_offset").str(),
                           b.getI64IntegerAttr(op->value));
      break;
    }
    case OperandKind::Handle:
    case OperandKind::OptionalHandle: {
      // A register, a name, or `[x]` holding either.
      bool isReg = op && (op->kind == Operand::Reg ||
                          (op->kind == Operand::Addr && op->hasBase));
      if (isReg)
        state.operands.push_back(readVar(op->reg, bi));
      else if (op)
        state.addAttribute((slot.name + "_sym").str(),
                           FlatSymbolRefAttr::get(ctx, op->name));
      segments.push_back(isReg ? 1 : 0);
      break;
    }
    case OperandKind::Vector:
    case OperandKind::OptionalVector:
    case OperandKind::Variadic:
      if (op && op->kind == Operand::Vector) {
        for (const Operand &e : op->elems)
          state.operands.push_back(materialize(e, loc, bi, symbolType));
        segments.push_back(op->elems.size());
      } else if (op) {
        state.operands.push_back(materialize(*op, loc, bi, symbolType));
        segments.push_back(1);
      } else {
        segments.push_back(0);
      }
      break;
    case OperandKind::Value:
    case OperandKind::Optional:
      if (op) {
        state.operands.push_back(materialize(*op, loc, bi, symbolType));
        segments.push_back(1);
      } else {
        segments.push_back(0);
      }
      break;
    }
  }
  // Result types, and prev values when guarded.
  SmallVector<std::pair<unsigned, bool>, 4> resultRegs; // reg, is bound
  bool hasCC = mapping->attrs.get("cc") != nullptr;
  for (auto [i, slot] : llvm::enumerate(info.results)) {
    if (slot.kind == OperandKind::CC ||
        (slot.kind == OperandKind::OptionalCC && hasCC)) {
      state.addTypes(CCType::get(ctx));
      resultRegs.push_back({ccVar, true});
      continue;
    }
    if (slot.kind == OperandKind::OptionalCC)
      continue;
    // `_` in a vector takes the type of the registers beside it; in an
    // unpacking mov of sinks only, its share of the width.
    Type sinkType = hint;
    for (const Operand *d : mapping->results[i])
      if (d->kind != Operand::Sink)
        sinkType = body.regs[d->reg].type;
    if (sinkType == hint && info.opName == MovUnpackOp::getOperationName() &&
        hint.isIntOrFloat() && !mapping->results[i].empty())
      sinkType = b.getIntegerType(hint.getIntOrFloatBitWidth() /
                                  mapping->results[i].size());
    for (const Operand *d : mapping->results[i]) {
      if (d->kind == Operand::Sink) {
        state.addTypes(sinkType);
        resultRegs.push_back({0, false});
      } else {
        state.addTypes(body.regs[d->reg].type);
        resultRegs.push_back({d->reg, true});
      }
    }
  }
  int32_t numPrev = 0;
  if (inst.hasGuard) {
    state.operands.push_back(readVar(inst.guardReg, bi));
    if (inst.guardNeg)
      state.addAttribute("guard_neg", b.getUnitAttr());
    for (auto [i, rr] : llvm::enumerate(resultRegs)) {
      Value prev = rr.second ? readVar(rr.first, bi)
                             : makeUndef(state.types[i], funcLoc);
      state.operands.push_back(prev);
      ++numPrev;
    }
  }
  segments.push_back(inst.hasGuard ? 1 : 0);
  segments.push_back(numPrev);
  state.addAttribute("operandSegmentSizes", b.getDenseI32ArrayAttr(segments));
  // Ops with several variable-length results (`tex`: `{r,g,b,a}|p`).
  if (state.name.hasTrait<OpTrait::AttrSizedResultSegments>()) {
    SmallVector<int32_t, 4> resultSegments;
    for (auto [i, slot] : llvm::enumerate(info.results)) {
      if (slot.kind == OperandKind::CC)
        resultSegments.push_back(1);
      else if (slot.kind == OperandKind::OptionalCC)
        resultSegments.push_back(hasCC ? 1 : 0);
      else
        resultSegments.push_back(mapping->results[i].size());
    }
    state.addAttribute("resultSegmentSizes",
                       b.getDenseI32ArrayAttr(resultSegments));
  }
  Operation *op = b.create(state);
  for (auto [i, rr] : llvm::enumerate(resultRegs))
    if (rr.second)
      writeVar(rr.first, bi, op->getResult(i));
  return success();
}

LogicalResult FunctionImporter::emitCall(InstStmt &inst, unsigned bi) {
  Location loc = inst.mlirLoc;
  bool uni = false;
  for (StringRef c : ArrayRef(inst.comps).drop_front()) {
    if (c != "uni")
      return emitError(inst.loc, "unknown modifier '." + c + "' for 'call'");
    uni = true;
  }
  auto groups = ArrayRef(inst.groups);
  auto single = [&](unsigned i) -> const Operand * {
    return i < groups.size() && groups[i].size() == 1 ? &groups[i][0]
                                                      : nullptr;
  };
  unsigned g = 0;
  const Operand *rets = nullptr, *args = nullptr, *callee = nullptr,
                *proto = nullptr;
  if (single(g) && single(g)->kind == Operand::Vector)
    rets = single(g++);
  callee = single(g++);
  if (!callee || (callee->kind != Operand::Symbol &&
                  callee->kind != Operand::Reg))
    return emitError(inst.loc, "'call' expects a function name or pointer");
  if (single(g) && single(g)->kind == Operand::Vector)
    args = single(g++);
  if (single(g) && single(g)->kind == Operand::Symbol)
    proto = single(g++);
  if (g != groups.size())
    return emitError(inst.loc, "unexpected operands for 'call'");

  OperationState state(loc, CallOp::getOperationName());
  if (uni)
    state.addAttribute("uni", b.getUnitAttr());
  SmallVector<int32_t, 6> segments;
  if (callee->kind == Operand::Symbol) {
    state.addAttribute("callee", FlatSymbolRefAttr::get(ctx, callee->name));
    segments.push_back(0);
    if (proto)
      return emitError(proto->loc, "a direct call takes no prototype");
  } else {
    state.operands.push_back(readVar(callee->reg, bi));
    segments.push_back(1);
    if (!proto)
      return emitError(inst.loc, "an indirect call needs a .callprototype "
                                 "or .calltargets label");
    auto p = body.prototypes.find(proto->name);
    auto t = body.callTargets.find(proto->name);
    if (p != body.prototypes.end()) {
      state.addAttribute("proto_rets", p->second.rets);
      state.addAttribute("proto_args", p->second.args);
    } else if (t != body.callTargets.end()) {
      SmallVector<Attribute> syms;
      for (StringRef s : t->second)
        syms.push_back(FlatSymbolRefAttr::get(ctx, s));
      state.addAttribute("targets", b.getArrayAttr(syms));
    } else {
      return emitError(proto->loc, "'" + proto->name +
                                       "' is not a .callprototype or "
                                       ".calltargets label");
    }
  }
  // A register receiving a `.reg` return gets a call-scope buffer, loaded
  // after the call (the callee's `.reg` returns are `.param` returns, see
  // asParamReturns).
  SmallVector<std::pair<unsigned, Value>, 1> regResults;
  for (const Operand *list : {rets, args}) {
    unsigned n = 0;
    if (list)
      for (const Operand &e : list->elems) {
        if (e.kind != Operand::Reg)
          return emitError(e.loc, "call arguments must be .param buffers "
                                  "or registers");
        Type t = body.regs[e.reg].type;
        if (list == rets && !isa<ParamBufType>(t)) {
          std::optional<PTXType> pt = registerParamType(t);
          if (!pt)
            return emitError(e.loc, "a .reg return value of this type is not "
                                    "supported");
          Value buf = ParamBufOp::create(
              b, loc, ParamBufType::get(ctx), PTXTypeAttr::get(ctx, *pt),
              IntegerAttr(), b.getI64IntegerAttr(0), StringAttr());
          regResults.push_back({e.reg, buf});
          state.operands.push_back(buf);
        } else {
          state.operands.push_back(readVar(e.reg, bi));
        }
        ++n;
      }
    segments.push_back(n);
  }
  if (inst.hasGuard) {
    state.operands.push_back(readVar(inst.guardReg, bi));
    if (inst.guardNeg)
      state.addAttribute("guard_neg", b.getUnitAttr());
  }
  segments.push_back(inst.hasGuard ? 1 : 0);
  segments.push_back(0);
  state.addAttribute("operandSegmentSizes", b.getDenseI32ArrayAttr(segments));
  b.create(state);
  // A guarded call's registers keep their values when it does not run: the
  // loads take the call's guard.
  for (auto [reg, buf] : regResults) {
    OperationState ld(loc, LdOp::getOperationName());
    ld.addOperands(buf);
    ld.addTypes(body.regs[reg].type);
    ld.addAttribute("space", StateSpaceAttr::get(ctx, StateSpace::param));
    ld.addAttribute("type", PTXTypeAttr::get(
                                ctx, *registerParamType(body.regs[reg].type)));
    ld.addAttribute("addr_offset", b.getI64IntegerAttr(0));
    if (inst.hasGuard) {
      ld.addOperands({readVar(inst.guardReg, bi), readVar(reg, bi)});
      if (inst.guardNeg)
        ld.addAttribute("guard_neg", b.getUnitAttr());
    }
    int32_t g = inst.hasGuard ? 1 : 0;
    ld.addAttribute("operandSegmentSizes",
                    b.getDenseI32ArrayAttr({1, 0, g, g}));
    writeVar(reg, bi, b.create(ld)->getResult(0));
  }
  return success();
}

LogicalResult mlir::ptx::import::importFunctionBody(ImportContext &ic,
                                                    Operation *func,
                                                    FunctionBody &body) {
  return FunctionImporter(ic, func, body).run();
}
