//===- InstInfoGen.cpp - syntax tables for the PTX importer/exporter ------===//
//
// For every op derived from PTX_Inst, emits its PTX opcode, its modifier
// slots (unit and enum attributes, in declaration order, which is the order
// of the PTX manual), and the kinds of its results and operands. The
// importer and exporter are driven by these tables, so adding an op to the
// .td files is enough for it to import and export.
//
// -gen-ptx-opcode-doc emits a Markdown table of every opcode.
//
//===----------------------------------------------------------------------===//

#include "mlir/TableGen/Argument.h"
#include "mlir/TableGen/Attribute.h"
#include "mlir/TableGen/GenInfo.h"
#include "mlir/TableGen/Operator.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/TableGen/Error.h"
#include "llvm/TableGen/Record.h"
#include "llvm/TableGen/TableGenBackend.h"

using namespace llvm;
using mlir::tblgen::NamedAttribute;
using mlir::tblgen::NamedTypeConstraint;
using mlir::tblgen::Operator;

namespace {
struct Slot {
  std::string name;
  std::string kind; // "Unit" or "Enum"
  bool optional = true;
  bool isType = false;
  std::string attrClass;
  std::string enumClass;
};

struct OperandDesc {
  std::string name;
  std::string kind; // Value, Optional, Variadic, Address, CC, OptionalCC,
                    // OptionalAddress, Handle, Vector
  bool inTuple = false;
  bool hasSelector = false;
  bool hasNegation = false;
  std::string presentIf;
};

bool isAddressOperand(const NamedTypeConstraint &nt) {
  StringRef n = nt.constraint.getDef().getName();
  return n == "PTX_Address" || n == "PTX_OptAddress";
}

/// Operands whose symbol lives in a `<name>_sym` attribute.
bool hasSymbolAttr(const NamedTypeConstraint &nt) {
  StringRef n = nt.constraint.getDef().getName();
  return isAddressOperand(nt) || n == "PTX_Handle" || n == "PTX_OptHandle";
}

bool isCCType(const Record &def) {
  if (def.getName() == "PTX_CCType")
    return true;
  if (const RecordVal *base = def.getValue("baseType"))
    if (auto *di = dyn_cast<DefInit>(base->getValue()))
      return di->getDef()->getName() == "PTX_CCType";
  return false;
}

std::string operandKind(const NamedTypeConstraint &nt) {
  StringRef defName = nt.constraint.getDef().getName();
  if (defName == "PTX_OptAddress")
    return "OptionalAddress";
  if (defName == "PTX_Handle")
    return "Handle";
  if (defName == "PTX_OptHandle")
    return "OptionalHandle";
  if (defName == "PTX_Vector")
    return "Vector";
  if (defName == "PTX_OptVector")
    return "OptionalVector";
  if (isAddressOperand(nt))
    return "Address";
  if (isCCType(nt.constraint.getDef()))
    return nt.isOptional() ? "OptionalCC" : "CC";
  if (nt.isVariadic())
    return "Variadic";
  if (nt.isOptional())
    return "Optional";
  return "Value";
}

struct InstDesc {
  const Record *def;
  std::string cppClass;
  std::string opName;
  std::string opcode;
  std::string late, lateAfter;
  bool pipe, custom;
  std::vector<Slot> slots;
  std::vector<OperandDesc> results, operands;
  std::string summary;
};

InstDesc describe(const Record *def) {
  Operator op(def);
  InstDesc d;
  d.def = def;
  d.cppClass = op.getQualCppClassName();
  d.opName = op.getOperationName();
  d.opcode = def->getValueAsString("ptxOpcode").str();
  d.late = def->getValueAsString("ptxOpcodeLate").str();
  d.lateAfter = def->getValueAsString("ptxOpcodeLateAfter").str();
  d.pipe = def->getValueAsBit("ptxPipeResults");
  d.custom = def->getValueAsBit("ptxCustomOperands");
  d.summary = op.getSummary().str();

  llvm::StringSet<> addressNames;
  for (int i = 0, e = op.getNumArgs(); i < e; ++i) {
    auto arg = op.getArg(i);
    if (auto *nt = dyn_cast<NamedTypeConstraint *>(arg)) {
      if (nt->name == "guard" || nt->name == "prev")
        continue;
      if (hasSymbolAttr(*nt))
        addressNames.insert(nt->name);
      d.operands.push_back({nt->name.str(), operandKind(*nt)});
    }
  }
  for (int i = 0, e = op.getNumResults(); i < e; ++i)
    d.results.push_back(
        {op.getResultName(i).str(), operandKind(op.getResult(i))});

  // `ptxTuple`: the operands written inside one `[...]`, in order.
  std::vector<StringRef> tuple = def->getValueAsListOfStrings("ptxTuple");
  for (StringRef t : tuple) {
    auto it = llvm::find_if(d.operands,
                            [&](const OperandDesc &o) { return o.name == t; });
    if (it == d.operands.end())
      PrintFatalError(def->getLoc(),
                      "ptxTuple names unknown operand '" + t + "'");
    it->inTuple = true;
  }
  // `ptxOperandIf`: "operand=attr" pairs; the cache-policy operand follows
  // `.L2::cache_hint` everywhere.
  std::vector<StringRef> conds = def->getValueAsListOfStrings("ptxOperandIf");
  for (OperandDesc &o : d.operands)
    if (o.name == "cache_policy" && o.kind == "Optional")
      o.presentIf = "cache_hint";
  for (StringRef c : conds) {
    auto [opName, attr] = c.split('=');
    auto it = llvm::find_if(
        d.operands, [&](const OperandDesc &o) { return o.name == opName; });
    if (it == d.operands.end() || !StringRef(it->kind).starts_with("Optional"))
      PrintFatalError(def->getLoc(), "ptxOperandIf names '" + opName +
                                         "', not an optional operand");
    it->presentIf = attr.str();
  }

  auto findOperand = [&](StringRef name) -> OperandDesc * {
    for (auto *list : {&d.operands, &d.results})
      for (OperandDesc &o : *list)
        if (o.name == name)
          return &o;
    return nullptr;
  };
  for (int i = 0, e = op.getNumArgs(); i < e; ++i) {
    auto arg = op.getArg(i);
    auto *na = dyn_cast<NamedAttribute *>(arg);
    if (!na || na->name == "guard_neg")
      continue;
    StringRef name = na->name;
    bool isAddrPart = false;
    for (auto &an : addressNames)
      if (name == (an.getKey() + "_sym").str() ||
          name == (an.getKey() + "_offset").str())
        isAddrPart = true;
    if (isAddrPart)
      continue;
    // Operand selectors (`%r1.b0`) and negations (`-%r1`) belong to their
    // operand, not to the modifiers.
    if (name.ends_with("_sel") || name.ends_with("_neg")) {
      if (OperandDesc *o = findOperand(name.drop_back(4))) {
        (name.ends_with("_sel") ? o->hasSelector : o->hasNegation) = true;
        continue;
      }
    }
    mlir::tblgen::Attribute attr = na->attr;
    mlir::tblgen::Attribute base = attr.getBaseAttr();
    Slot s;
    s.name = name.str();
    s.optional = attr.isOptional();
    if (base.getDef().getName() == "UnitAttr") {
      s.kind = "Unit";
    } else if (base.getDef().isSubClassOf("EnumAttr")) {
      const Record *info = base.getDef().getValueAsDef("enum");
      s.kind = "Enum";
      s.enumClass = (info->getValueAsString("cppNamespace") + "::" +
                     info->getValueAsString("className"))
                        .str();
      s.attrClass = base.getStorageType().str();
      s.isType = info->getName() == "PTX_Type";
    } else {
      // Symbols, prototypes and the like are handled by custom hooks.
      continue;
    }
    d.slots.push_back(s);
  }
  return d;
}

std::vector<InstDesc> collect(const RecordKeeper &records) {
  std::vector<InstDesc> insts;
  for (const Record *def : records.getAllDerivedDefinitions("PTX_Inst"))
    insts.push_back(describe(def));
  return insts;
}

void emitOperands(raw_ostream &os, StringRef var,
                  const std::vector<OperandDesc> &ops) {
  os << "static const ::mlir::ptx::OperandSlot " << var << "[] = {";
  for (auto &o : ops)
    os << "{\"" << o.name << "\", ::mlir::ptx::OperandKind::" << o.kind
       << ", " << (o.inTuple ? "true" : "false") << ", "
       << (o.hasSelector ? "true" : "false") << ", "
       << (o.hasNegation ? "true" : "false") << ", \"" << o.presentIf
       << "\"}, ";
  if (ops.empty())
    os << "{\"\", ::mlir::ptx::OperandKind::Value}";
  os << "};\n";
}

bool emitInstInfo(const RecordKeeper &records, raw_ostream &os) {
  emitSourceFileHeader("PTX instruction syntax tables", os, records);
  std::vector<InstDesc> insts = collect(records);
  unsigned idx = 0;
  for (auto &d : insts) {
    std::string p = "inst" + std::to_string(idx++);
    os << "static const ::mlir::ptx::ModifierSlot " << p << "_slots[] = {\n";
    for (auto &s : d.slots) {
      os << "  {\"" << s.name << "\", ::mlir::ptx::SlotKind::" << s.kind
         << ", " << (s.optional ? "true" : "false") << ", "
         << (s.isType ? "true" : "false") << ", ";
      if (s.kind == "Enum") {
        std::string ns = s.enumClass.substr(0, s.enumClass.rfind("::"));
        std::string cls = s.enumClass.substr(s.enumClass.rfind("::") + 2);
        os << "[](::mlir::MLIRContext *ctx, ::llvm::StringRef str) -> "
              "::mlir::Attribute { if (auto v = "
           << ns << "::symbolize" << cls << "(str)) return " << s.attrClass
           << "::get(ctx, *v); return {}; }, "
           << "[](::mlir::Attribute a) -> ::llvm::StringRef { return " << ns
           << "::stringify" << cls << "(::llvm::cast<" << s.attrClass
           << ">(a).getValue()); }";
      } else {
        os << "nullptr, nullptr";
      }
      os << "},\n";
    }
    if (d.slots.empty())
      os << "  {\"\", ::mlir::ptx::SlotKind::Unit, true, false, nullptr, "
            "nullptr}\n";
    os << "};\n";
    emitOperands(os, p + "_results", d.results);
    emitOperands(os, p + "_operands", d.operands);
  }
  os << "static const ::mlir::ptx::InstInfo kInstInfos[] = {\n";
  idx = 0;
  for (auto &d : insts) {
    std::string p = "inst" + std::to_string(idx++);
    os << formatv("  {{\"{0}\", \"{1}\", \"{2}\", \"{3}\", {4}, {5}, "
                  "::llvm::ArrayRef({6}_slots, size_t({7})), "
                  "::llvm::ArrayRef({6}_results, size_t({8})), "
                  "::llvm::ArrayRef({6}_operands, size_t({9}))},\n",
                  d.opName, d.opcode, d.late, d.lateAfter,
                  d.pipe ? "true" : "false", d.custom ? "true" : "false", p,
                  d.slots.size(), d.results.size(), d.operands.size());
  }
  os << "};\n";
  return false;
}

bool emitOpcodeDoc(const RecordKeeper &records, raw_ostream &os) {
  std::vector<InstDesc> insts = collect(records);
  std::sort(insts.begin(), insts.end(),
            [](const InstDesc &a, const InstDesc &b) {
              return a.opcode < b.opcode;
            });
  os << "| PTX opcode | op | modifiers | summary |\n|---|---|---|---|\n";
  for (auto &d : insts) {
    std::string mods;
    for (auto &s : d.slots)
      mods += (mods.empty() ? "" : " ") + std::string("`") + s.name + "`";
    os << "| `" << d.opcode << "` | `" << d.opName << "` | " << mods << " | "
       << d.summary << " |\n";
  }
  return false;
}

mlir::GenRegistration genInstInfo("gen-ptx-inst-info",
                                  "Generate PTX instruction syntax tables",
                                  emitInstInfo);
mlir::GenRegistration genOpcodeDoc("gen-ptx-opcode-doc",
                                   "Generate the PTX opcode table (Markdown)",
                                   emitOpcodeDoc);
} // namespace
