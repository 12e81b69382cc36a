//===- ManagedVariables.cpp - the -lower-managed-variables pass -----------===//
//
// `.managed` variables on AMD and the CPU agent: the storage is one
// allocation per loaded library (runtime/cuda/ManagedVariables.cpp), so a
// kernel finds it through a slot in its code object that the loader fills.
// See ptxmlir/Conversion/ManagedVariables.h for the symbols.
//
//===----------------------------------------------------------------------===//

#include "ptxmlir/Conversion/ManagedVariables.h"
#include "ptxmlir/Conversion/AddressSpaces.h"
#include "ptxmlir/Conversion/Passes.h"
#include "llvm/ADT/StringMap.h"

namespace mlir::ptx {
#define GEN_PASS_DEF_LOWERMANAGEDVARIABLES
#include "ptxmlir/Conversion/Passes.h.inc"
} // namespace mlir::ptx

using namespace mlir;
using namespace mlir::ptx;

namespace {

struct LowerManagedVariablesPass
    : public ptx::impl::LowerManagedVariablesBase<LowerManagedVariablesPass> {
  using Base::Base;
  void runOnOperation() override {
    ModuleOp top = getOperation();
    MLIRContext *ctx = &getContext();
    OpBuilder b(ctx);
    // The slot of each managed variable, by the variable's old name.
    llvm::StringMap<LLVM::GlobalOp> slots;
    for (auto g : llvm::to_vector(top.getOps<LLVM::GlobalOp>())) {
      if (!g->hasAttr(kManagedAttr))
        continue;
      Location loc = g.getLoc();
      std::string name = g.getSymName().str();
      auto ptrTy = LLVM::LLVMPointerType::get(ctx, g.getAddrSpace());
      b.setInsertionPoint(g);
      auto slot = LLVM::GlobalOp::create(b, loc, ptrTy, /*isConstant=*/false,
                                         LLVM::Linkage::External,
                                         (kManagedSlotPrefix + name).str(),
                                         Attribute(), /*alignment=*/8, kGlobal);
      Block *blk = b.createBlock(&slot.getInitializerRegion());
      b.setInsertionPointToStart(blk);
      LLVM::ReturnOp::create(b, loc, LLVM::ZeroOp::create(b, loc, ptrTy));
      // The variable itself keeps its bytes, read-only, for the loader.
      g.setSymName((kManagedInitPrefix + name).str());
      g.setConstant(true);
      g.setLinkage(LLVM::Linkage::External);
      g->removeAttr(kManagedAttr);
      slots[name] = slot;
    }
    if (slots.empty())
      return;

    SmallVector<LLVM::AddressOfOp> uses;
    top.walk([&](LLVM::AddressOfOp a) {
      if (slots.contains(a.getGlobalName()))
        uses.push_back(a);
    });
    bool failed = false;
    for (LLVM::AddressOfOp a : uses) {
      Location loc = a.getLoc();
      if (!a->getParentOfType<LLVM::LLVMFuncOp>()) {
        // An initializer (or the mask() table) would need the address at
        // link time; it exists from load time on.
        emitError(loc) << "lowering of an initializer holding the address "
                          "of .managed variable '"
                       << a.getGlobalName() << "' is not supported yet";
        failed = true;
        continue;
      }
      LLVM::GlobalOp slot = slots.lookup(a.getGlobalName());
      b.setInsertionPoint(a);
      Value slotAddr = LLVM::AddressOfOp::create(b, loc, slot);
      // Written by the loader before any launch: invariant in a kernel.
      Value p = LLVM::LoadOp::create(b, loc, slot.getGlobalType(), slotAddr,
                                     /*alignment=*/8, /*isVolatile=*/false,
                                     /*isNonTemporal=*/false,
                                     /*isInvariant=*/true);
      if (p.getType() != a.getType())
        p = LLVM::AddrSpaceCastOp::create(b, loc, a.getType(), p);
      a.replaceAllUsesWith(p);
      a.erase();
    }
    if (failed)
      signalPassFailure();
  }
};

} // namespace
