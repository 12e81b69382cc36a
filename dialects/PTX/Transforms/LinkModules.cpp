//===- LinkModules.cpp - several PTX modules made one ---------------------===//
//
// A program built with `nvcc -rdc=true` ships one PTX module per translation
// unit; kernels call functions and use variables other units define
// (`.extern`). Linking merges the modules into the first, as a static
// linker merges objects:
// - a module-local symbol (no linkage directive: `$str`, static functions)
//   that an earlier module also names, or any other module names globally,
//   is renamed in its own module;
// - a global name (`.visible`, `.weak`, `.common`, `.extern`) keeps one
//   definition: the `.visible` one, else the first `.weak`/`.common` one;
//   two `.visible` definitions are an error; declarations are dropped
//   wherever a definition exists, and one is kept where none does;
// - the result has the highest `.version` and target of its inputs.
//
//===----------------------------------------------------------------------===//

#include "ptxmlir/Dialect/PTX/IR/PTXOps.h"
#include "ptxmlir/Dialect/PTX/Transforms/Passes.h"

#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::ptx {
#define GEN_PASS_DEF_PTXLINKMODULES
#include "PTX/Transforms/Passes.h.inc"
} // namespace mlir::ptx

using namespace mlir;
using namespace mlir::ptx;

namespace {

/// A module-scope symbol: a function, kernel or variable.
struct ModuleSymbol {
  Operation *op;
  StringRef name;
  Linkage linkage;
  bool definition;
};

std::optional<ModuleSymbol> moduleSymbol(Operation *op) {
  auto function = [&](auto fn) -> ModuleSymbol {
    bool prototype = fn.isPrototype() || fn.getLinkage() == Linkage::external;
    return {op, fn.getSymName(), fn.getLinkage(), !prototype};
  };
  if (auto fn = dyn_cast<FuncOp>(op))
    return function(fn);
  if (auto fn = dyn_cast<EntryOp>(op))
    return function(fn);
  if (auto var = dyn_cast<VarOp>(op))
    return ModuleSymbol{op, var.getSymName(), var.getLinkage(),
                        var.getLinkage() != Linkage::external};
  return std::nullopt;
}

bool isGlobal(Linkage l) { return l != Linkage::none; }

/// Whether `name` inside `fn` means one of its parameters or variables
/// (they are referenced by symbol like module-scope ones).
bool shadows(Operation *fn, StringRef name) {
  for (StringRef attr : {"params", "rets"})
    if (auto params = fn->getAttrOfType<ArrayAttr>(attr))
      for (Attribute a : params)
        if (auto p = dyn_cast<ParamAttr>(a); p && p.getName() == name)
          return true;
  return fn
      ->walk([&](VarOp v) {
        return v.getSymName() == name ? WalkResult::interrupt()
                                      : WalkResult::advance();
      })
      .wasInterrupted();
}

/// Renames the uses of `old` in `m` that mean the module-scope symbol.
LogicalResult renameUses(PTXModuleOp m, StringAttr old, StringAttr now) {
  AttrTypeReplacer replacer;
  replacer.addReplacement([&](SymbolRefAttr ref) -> std::optional<Attribute> {
    if (ref.getRootReference() != old)
      return std::nullopt;
    return SymbolRefAttr::get(now, ref.getNestedReferences());
  });
  for (Operation &top : *m.getBodyBlock()) {
    if (top.getNumRegions() && shadows(&top, old.getValue()))
      continue;
    top.walk([&](Operation *op) { replacer.replaceElementsIn(op); });
  }
  return success();
}

void rename(Operation *op, StringAttr name) {
  if (auto var = dyn_cast<VarOp>(op))
    var.setSymName(name);
  else
    SymbolTable::setSymbolName(op, name);
}

/// "major.minor" as a comparable number.
unsigned versionNumber(StringRef v) {
  auto [major, minor] = v.split('.');
  unsigned ma = 0, mi = 0;
  (void)major.getAsInteger(10, ma);
  (void)minor.getAsInteger(10, mi);
  return ma * 1000 + mi;
}

/// "sm_80" -> 80 (0 for anything else, such as "texmode_unified").
unsigned smNumber(StringRef t) {
  unsigned n = 0;
  if (t.consume_front("sm_"))
    (void)t.take_while([](char c) { return isdigit(c); }).getAsInteger(10, n);
  return n;
}

} // namespace

LogicalResult mlir::ptx::linkModules(ModuleOp top) {
  SmallVector<PTXModuleOp> modules(top.getOps<PTXModuleOp>());
  if (modules.size() < 2)
    return success();
  MLIRContext *ctx = top.getContext();

  // Every name each module uses at module scope, and the global ones.
  SmallVector<llvm::StringSet<>> names(modules.size()),
      globalNames(modules.size());
  for (auto [i, m] : llvm::enumerate(modules))
    for (Operation &op : *m.getBodyBlock())
      if (auto s = moduleSymbol(&op)) {
        names[i].insert(s->name);
        if (isGlobal(s->linkage))
          globalNames[i].insert(s->name);
      }

  // A local symbol gets a name of its own when an earlier module names it
  // too, or any other module names it globally: global names never change,
  // and of two local ones the first module's keeps its name.
  for (auto [i, m] : llvm::enumerate(modules)) {
    SmallVector<ModuleSymbol> clashing;
    for (Operation &op : *m.getBodyBlock()) {
      auto s = moduleSymbol(&op);
      if (!s || isGlobal(s->linkage))
        continue;
      for (unsigned j = 0; j < modules.size(); ++j)
        if (j != i && ((j < i && names[j].contains(s->name)) ||
                       globalNames[j].contains(s->name))) {
          clashing.push_back(*s);
          break;
        }
    }
    for (ModuleSymbol &s : clashing) {
      std::string fresh;
      for (unsigned k = 0;; ++k) {
        fresh =
            (s.name + "$ptxmlir_m" + Twine(i) + (k ? "_" + Twine(k) : Twine()))
                .str();
        if (llvm::none_of(names, [&](auto &n) { return n.contains(fresh); }))
          break;
      }
      StringAttr old = StringAttr::get(ctx, s.name);
      StringAttr now = StringAttr::get(ctx, fresh);
      if (failed(renameUses(m, old, now)))
        return m.emitError("cannot rename '") << s.name << "'";
      rename(s.op, now);
      names[i].insert(fresh);
    }
  }

  // Global names: one definition (or one declaration) each.
  llvm::MapVector<StringRef, SmallVector<ModuleSymbol>> globals;
  for (PTXModuleOp m : modules)
    for (Operation &op : *m.getBodyBlock())
      if (auto s = moduleSymbol(&op); s && isGlobal(s->linkage))
        globals[s->name].push_back(*s);
  for (auto &[name, symbols] : globals) {
    const ModuleSymbol *keep = nullptr, *strong = nullptr;
    for (const ModuleSymbol &s : symbols) {
      if (s.definition && s.linkage == Linkage::visible) {
        if (strong) {
          InFlightDiagnostic d = s.op->emitError("'")
                                 << name << "' is defined in two PTX modules";
          d.attachNote(strong->op->getLoc()) << "first defined here";
          return failure();
        }
        strong = &s;
      }
    }
    keep = strong;
    for (const ModuleSymbol &s : symbols)
      if (!keep && s.definition)
        keep = &s;
    if (!keep)
      keep = &symbols.front();
    for (const ModuleSymbol &s : symbols)
      if (&s != keep)
        s.op->erase();
  }

  // Everything moves into the first module.
  PTXModuleOp into = modules.front();
  unsigned version = versionNumber(into.getVersion());
  std::string versionText = into.getVersion().str();
  ArrayAttr target = into.getTarget();
  unsigned sm = 0;
  for (StringRef t : target.getAsValueRange<StringAttr>())
    sm = std::max(sm, smNumber(t));
  for (PTXModuleOp m : ArrayRef(modules).drop_front()) {
    if (m.getAddressSize() != into.getAddressSize())
      return m.emitError(".address_size ")
             << m.getAddressSize() << " cannot be linked with .address_size "
             << into.getAddressSize();
    if (versionNumber(m.getVersion()) > version) {
      version = versionNumber(m.getVersion());
      versionText = m.getVersion().str();
    }
    for (StringRef t : m.getTarget().getAsValueRange<StringAttr>())
      if (smNumber(t) > sm) {
        sm = smNumber(t);
        target = m.getTarget();
      }
    Block *body = into.getBodyBlock();
    body->getOperations().splice(body->end(),
                                 m.getBodyBlock()->getOperations());
    m.erase();
  }
  // Units that shared an inline function also shared its `.alias`
  // (constructor C1 for C2): keep one alias per name, as one prototype.
  llvm::StringSet<> aliases;
  for (Operation &op :
       llvm::make_early_inc_range(into.getBodyBlock()->getOperations()))
    if (auto alias = dyn_cast<AliasOp>(op))
      if (!aliases.insert(alias.getAlias()).second)
        op.erase();
  into.setVersion(versionText);
  into.setTargetAttr(target);
  return success();
}

namespace {
struct PTXLinkModulesPass
    : public ptx::impl::PTXLinkModulesBase<PTXLinkModulesPass> {
  void runOnOperation() override {
    if (failed(linkModules(getOperation())))
      signalPassFailure();
  }
};
} // namespace
