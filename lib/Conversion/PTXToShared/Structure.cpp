//===- Structure.cpp - PTX modules, functions, parameters, variables ------===//
//
// The imperative first step of the lowering: every ptx.module becomes LLVM
// functions and globals in the enclosing builtin module, and every PTX
// symbol a body may name is recorded in the LoweringState.
//
// ABI. A kernel gets one argument per `.param`: scalars as integers of the
// parameter's size, arrays and aggregates as a constant-space pointer with
// `llvm.byref`, so that kernarg offsets equal CUDA's. A `.func` gets, in
// order, a generic pointer per `.param` return parameter (the caller's
// buffer) and per `.param` parameter, and the value of each `.reg`
// parameter.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"
#include "mlir/IR/IRMapping.h"
#include "ptxmlir/Conversion/KernelAttrs.h"
#include "ptxmlir/Conversion/ManagedVariables.h"
#include "ptxmlir/Conversion/UndefinedFunctions.h"

using namespace mlir;
using namespace mlir::ptx;
using namespace mlir::ptx::lowering;

namespace {

int64_t elementBytes(PTXType type, std::optional<VecWidth> vec) {
  int64_t bytes = std::max<int64_t>(1, getTypeBitWidth(type) / 8);
  if (vec)
    bytes *= static_cast<int64_t>(*vec);
  return bytes;
}

int64_t paramBytes(ParamAttr p) {
  int64_t bytes = std::max<int64_t>(1, getTypeBitWidth(p.getType()) / 8);
  return p.getCount() > 0 ? bytes * p.getCount() : bytes;
}

bool isScalarParam(ParamAttr p) {
  unsigned w = getTypeBitWidth(p.getType());
  return p.getCount() == 0 && w >= 8 && w <= 64;
}

/// The pitch of an entry's per-CTA memory slices (%perctamemorysize): its
/// `.minperctamemory` size rounded up to a multiple of 1024, at least 1024
/// (0 would tell the kernel that the driver allocates none).
FailureOr<int64_t> perCTAMemoryPitch(Operation *entry, IntegerAttr size) {
  uint64_t bytes = size.getValue().getZExtValue();
  uint64_t pitch = std::max<uint64_t>(1024, llvm::alignTo(bytes, 1024));
  if (pitch > UINT32_MAX)
    return entry->emitError()
           << ".minperctamemory " << bytes << " rounds up to " << pitch
           << " bytes, more than %perctamemorysize (.u32) holds";
  return static_cast<int64_t>(pitch);
}

} // namespace

Type lowering::promotedReturnType(MLIRContext *ctx, ArrayAttr rets) {
  if (!rets || rets.size() != 1)
    return Type();
  auto p = cast<ParamAttr>(rets[0]);
  unsigned w = getTypeBitWidth(p.getType());
  if (p.getSpace() == StateSpace::reg || p.getCount() != 0 ||
      (w != 8 && w != 16 && w != 32 && w != 64))
    return Type();
  return IntegerType::get(ctx, w);
}

Type lowering::withExitFlag(MLIRContext *ctx, Type valueType) {
  Type flag = IntegerType::get(ctx, 1);
  if (!valueType)
    return flag;
  return LLVM::LLVMStructType::getLiteral(ctx, {valueType, flag});
}

Type lowering::valueReturnType(LLVM::LLVMFuncOp fn) {
  Type t = fn.getFunctionType().getReturnType();
  if (isa<LLVM::LLVMVoidType>(t))
    return Type();
  if (!returnsExitFlag(fn))
    return t;
  if (auto s = dyn_cast<LLVM::LLVMStructType>(t))
    return s.getBody()[0];
  return Type();
}

namespace {

struct StructureLowering {
  StructureLowering(ModuleOp top, LoweringState &state)
      : top(top), state(state), ctx(top.getContext()), b(ctx) {}

  LogicalResult run();

private:
  LogicalResult lowerVariable(VarOp var, Operation *func, StringRef prefix);
  LogicalResult lowerFunction(Operation *fn);
  FailureOr<Attribute> initializerBytes(VarOp var, int64_t size);

  ModuleOp top;
  LoweringState &state;
  MLIRContext *ctx;
  OpBuilder b;
  /// Globals are created before this op of the top module.
  Operation *insertionAnchor = nullptr;
  /// The llvm.func created for each PTX function.
  llvm::DenseMap<StringAttr, LLVM::LLVMFuncOp> functions;
  /// Module-scope symbols, visible in every function.
  llvm::DenseMap<StringAttr, SymbolInfo> moduleSymbols;
  /// Module-scope `.extern` .global/.const variables that nothing in the
  /// module defines: defined here, as ptxas does in whole-program mode.
  llvm::DenseSet<Operation *> unresolvedExterns;
  /// The PTX module being lowered (for symbols named by initializers).
  PTXModuleOp ptxModule;

  LogicalResult lowerAddressInitializer(VarOp var, LLVM::GlobalOp global,
                                        int64_t count);
  /// The address space of the symbol `addr` names in `var`'s initializer.
  FailureOr<unsigned> symbolAddrSpace(VarOp var, InitAddrAttr addr);
  /// The address `addr` names (without its mask), as an integer of `intTy`.
  Value addressValue(Location loc, InitAddrAttr addr, unsigned symAS,
                     Type intTy);
  /// The table of mask() initializer bytes the loader fills in.
  void emitMaskTable();

  /// A byte of an initializer that holds `(address >> shift) & 0xff`: no
  /// relocation computes it, so the loader writes it (emitMaskTable).
  struct MaskFixup {
    Location loc;
    unsigned symAS;
    StringAttr global;
    unsigned addrSpace;
    int64_t byteOffset;
    InitAddrAttr addr;
    unsigned shift;
  };
  SmallVector<MaskFixup> maskFixups;
};

} // namespace

FailureOr<Attribute> StructureLowering::initializerBytes(VarOp var,
                                                         int64_t size) {
  ArrayAttr init = var.getInitAttr();
  if (!init)
    return Attribute();
  unsigned elemBits = getTypeBitWidth(var.getType());
  unsigned elemBytes = std::max(1u, elemBits / 8);
  SmallVector<int8_t> bytes(size, 0);
  int64_t pos = 0;
  for (Attribute a : init) {
    APInt bits;
    if (auto i = dyn_cast<IntegerAttr>(a)) {
      bits = i.getValue().zextOrTrunc(elemBits);
    } else if (auto f = dyn_cast<FloatAttr>(a)) {
      APFloat v = f.getValue();
      bool lost;
      if (elemBits == 32)
        v.convert(APFloat::IEEEsingle(), APFloat::rmNearestTiesToEven, &lost);
      else if (elemBits == 64)
        v.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &lost);
      else if (var.getType() == PTXType::bf16)
        v.convert(APFloat::BFloat(), APFloat::rmNearestTiesToEven, &lost);
      else if (elemBits == 16)
        v.convert(APFloat::IEEEhalf(), APFloat::rmNearestTiesToEven, &lost);
      bits = v.bitcastToAPInt().zextOrTrunc(elemBits);
    } else {
      return var.emitError()
             << "lowering of this initializer element is not supported yet";
    }
    for (unsigned i = 0; i < elemBytes && pos < size; ++i, ++pos)
      bytes[pos] = static_cast<int8_t>(bits.extractBitsAsZExtValue(8, i * 8));
  }
  auto type = RankedTensorType::get({size}, b.getI8Type());
  return DenseElementsAttr::get(type, ArrayRef<int8_t>(bytes));
}

LogicalResult StructureLowering::lowerVariable(VarOp var, Operation *func,
                                               StringRef prefix) {
  Location loc = var.getLoc();
  StateSpace space = var.getSpace();
  int64_t count = 1;
  bool unsized = false;
  for (int64_t d : var.getDims()) {
    if (d < 0)
      unsized = true;
    else
      count *= d;
  }
  int64_t elem = elementBytes(var.getType(), var.getVec());
  if (unsized && var.getInitAttr())
    count = (var.getInitAttr().size() *
                 std::max(1u, getTypeBitWidth(var.getType()) / 8) +
             elem - 1) /
            elem;
  int64_t align = var.getAlign() ? *var.getAlign() : elem;
  std::string name = (prefix + var.getSymName()).str();

  if (space == StateSpace::local) {
    if (!func)
      return var.emitError() << "lowering of module-scope .local variables is "
                                "not supported yet";
    auto fn = cast<LLVM::LLVMFuncOp>(func);
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(&fn.getBody().front());
    Value one = intConst(b, loc, b.getI64Type(), 1);
    auto arrTy = LLVM::LLVMArrayType::get(b.getI8Type(), count * elem);
    Value alloca = LLVM::AllocaOp::create(
        b, loc, LLVM::LLVMPointerType::get(ctx, kLocal), arrTy, one, align);
    SymbolInfo info{SymbolInfo::Local};
    info.value = alloca;
    info.addrSpace = kLocal;
    state.symbols[{func, var.getSymNameAttr()}] = info;
    return success();
  }

  unsigned as;
  switch (space) {
  case StateSpace::global:
    as = kGlobal;
    break;
  case StateSpace::Const:
    as = kConst;
    break;
  case StateSpace::shared:
  case StateSpace::shared_cta:
    as = kShared;
    break;
  default:
    return var.emitError() << "lowering of ." << stringifyStateSpace(space)
                           << " variables is not supported yet";
  }
  if (var.getType() == PTXType::texref ||
      var.getType() == PTXType::samplerref || var.getType() == PTXType::surfref)
    return var.emitError()
           << "lowering of texture and surface references is not supported yet";

  bool external =
      var.getLinkage() == Linkage::external && !unresolvedExterns.contains(var);
  // A `.managed` variable stays an ordinary global here, marked for
  // lower-managed-variables (AMD and the CPU agent) or NVPTX's managed
  // attribute (the NVVM check path). Its initializer bytes are copied into
  // a process-wide allocation by the runtime, which cannot relocate them.
  if (var.getManaged()) {
    if (func)
      return var.emitError()
             << "lowering of function-scope .managed variables is not "
                "supported yet";
    if (var.getInitAttr() && llvm::any_of(var.getInitAttr(), [](Attribute a) {
          return isa<InitAddrAttr>(a);
        }))
      return var.emitError() << "lowering of address initializers of "
                                ".managed variables is not supported yet";
  }
  OpBuilder::InsertionGuard g(b);
  b.setInsertionPoint(insertionAnchor);
  auto arrTy = LLVM::LLVMArrayType::get(
      b.getI8Type(), unsized && !var.getInitAttr() ? 0 : count * elem);
  // cuModuleGetGlobal finds every module-scope variable by name, visible
  // or not: all of them go into the code object's symbol table.
  LLVM::Linkage linkage = as == kShared && !external ? LLVM::Linkage::Internal
                                                     : LLVM::Linkage::External;
  if (func && as != kShared)
    linkage = LLVM::Linkage::Internal;
  // Dynamic shared memory: an external zero-sized array placed after the
  // static shared variables.
  if (as == kShared && unsized)
    external = true, linkage = LLVM::Linkage::External;
  bool hasAddresses =
      var.getInitAttr() && llvm::any_of(var.getInitAttr(), [](Attribute a) {
        return isa<InitAddrAttr>(a);
      });
  if (hasAddresses && !external) {
    unsigned bits = getTypeBitWidth(var.getType());
    bool masksOnly = llvm::all_of(var.getInitAttr(), [](Attribute a) {
      auto addr = dyn_cast<InitAddrAttr>(a);
      return !addr || addr.getMask();
    });
    if (bits != 64 && bits != 32 && !(bits == 8 && masksOnly))
      return var.emitError() << "lowering of address initializers of "
                                "this type is not supported yet";
    // The loader writes mask() bytes only inside variables it finds by
    // name (runtime/cuda/Module.cpp): a function-scope one is exported too,
    // under its compiler name (see lowerFunction).
    bool anyMask = llvm::any_of(var.getInitAttr(), [](Attribute a) {
      auto addr = dyn_cast<InitAddrAttr>(a);
      return addr && addr.getMask();
    });
    if (anyMask)
      linkage = LLVM::Linkage::External;
    // One word per scalar: a vector variable's elements in order.
    int64_t words = count * elem * 8 / bits;
    auto wordTy = LLVM::LLVMArrayType::get(b.getIntegerType(bits), words);
    auto global = LLVM::GlobalOp::create(b, loc, wordTy, false, linkage, name,
                                         Attribute(), align, as);
    if (failed(lowerAddressInitializer(var, global, words)))
      return failure();
    SymbolInfo info{SymbolInfo::Global};
    info.global = global.getSymNameAttr();
    info.addrSpace = as;
    if (func)
      state.symbols[{func, var.getSymNameAttr()}] = info;
    else
      moduleSymbols[var.getSymNameAttr()] = info;
    return success();
  }
  Attribute value;
  if (!external && as != kShared) {
    FailureOr<Attribute> init = initializerBytes(var, count * elem);
    if (failed(init))
      return failure();
    value = *init ? *init
                  : DenseElementsAttr::get(
                        RankedTensorType::get({count * elem}, b.getI8Type()),
                        b.getI8IntegerAttr(0));
  }
  auto global = LLVM::GlobalOp::create(b, loc, arrTy, /*isConstant=*/false,
                                       linkage, name, value, align, as);
  if (var.getManaged())
    global->setAttr(kManagedAttr, b.getUnitAttr());
  if (!external && as == kShared) {
    // LDS cannot be initialised: an undef initializer region.
    Block *blk = b.createBlock(&global.getInitializerRegion());
    b.setInsertionPointToStart(blk);
    Value undef = LLVM::UndefOp::create(b, loc, arrTy);
    LLVM::ReturnOp::create(b, loc, undef);
  }
  SymbolInfo info{SymbolInfo::Global};
  info.global = global.getSymNameAttr();
  info.addrSpace = as;
  if (func)
    state.symbols[{func, var.getSymNameAttr()}] = info;
  else
    moduleSymbols[var.getSymNameAttr()] = info;
  return success();
}

/// An initializer with addresses: an array of words built element by
/// element in the global's initializer region.
LogicalResult StructureLowering::lowerAddressInitializer(VarOp var,
                                                         LLVM::GlobalOp global,
                                                         int64_t count) {
  Location loc = var.getLoc();
  auto arrTy = cast<LLVM::LLVMArrayType>(global.getType());
  Type wordTy = arrTy.getElementType();
  OpBuilder::InsertionGuard g(b);
  Block *blk = b.createBlock(&global.getInitializerRegion());
  b.setInsertionPointToStart(blk);
  Value agg = LLVM::ZeroOp::create(b, loc, arrTy);
  for (auto [i, a] : llvm::enumerate(var.getInitAttr())) {
    if ((int64_t)i >= count)
      break;
    Value v;
    if (auto ia = dyn_cast<IntegerAttr>(a)) {
      v = LLVM::ConstantOp::create(
          b, loc, wordTy,
          b.getIntegerAttr(wordTy, ia.getValue().sextOrTrunc(
                                       wordTy.getIntOrFloatBitWidth())));
    } else if (auto addr = dyn_cast<InitAddrAttr>(a)) {
      FailureOr<unsigned> symAS = symbolAddrSpace(var, addr);
      if (failed(symAS))
        return failure();
      if (uint64_t mask = addr.getMask()) {
        // Zero here; the loader writes the byte (emitMaskTable).
        maskFixups.push_back({loc, *symAS, global.getSymNameAttr(),
                              global.getAddrSpace(),
                              (int64_t)i * (wordTy.getIntOrFloatBitWidth() / 8),
                              addr, (unsigned)llvm::countr_zero(mask)});
        v = LLVM::ConstantOp::create(b, loc, wordTy,
                                     b.getIntegerAttr(wordTy, 0));
      } else {
        v = addressValue(loc, addr, *symAS, wordTy);
      }
    } else {
      return var.emitError()
             << "lowering of float elements next to addresses is not "
                "supported yet";
    }
    agg = LLVM::InsertValueOp::create(b, loc, agg, v,
                                      ArrayRef<int64_t>{(int64_t)i});
  }
  LLVM::ReturnOp::create(b, loc, agg);
  return success();
}

FailureOr<unsigned> StructureLowering::symbolAddrSpace(VarOp var,
                                                       InitAddrAttr addr) {
  Operation *target = ptxModule.lookupSymbol(addr.getSym());
  if (!target)
    return var.emitError() << "unknown symbol '" << addr.getSym().getValue()
                           << "' in an initializer";
  unsigned symAS = kGeneric;
  if (auto tv = dyn_cast<VarOp>(target)) {
    switch (tv.getSpace()) {
    case StateSpace::global:
      symAS = kGlobal;
      break;
    case StateSpace::Const:
      symAS = kConst;
      break;
    default:
      return var.emitError()
             << "lowering of initializers with the address of a ."
             << stringifyStateSpace(tv.getSpace())
             << " variable is not supported yet";
    }
  }
  return symAS;
}

Value StructureLowering::addressValue(Location loc, InitAddrAttr addr,
                                      unsigned symAS, Type intTy) {
  Value p = LLVM::AddressOfOp::create(
      b, loc, LLVM::LLVMPointerType::get(ctx, symAS), addr.getSym().getValue());
  if (addr.getOffset())
    p = LLVM::GEPOp::create(b, loc, p.getType(), b.getI8Type(), p,
                            ArrayRef<LLVM::GEPArg>{(int32_t)addr.getOffset()});
  if (addr.getGeneric() && symAS != kGeneric)
    p = LLVM::AddrSpaceCastOp::create(
        b, loc, LLVM::LLVMPointerType::get(ctx, kGeneric), p);
  return LLVM::PtrToIntOp::create(b, loc, intTy, p);
}

/// `__ptxmlir_mask_init`, an array of i64 triples {address of the byte,
/// address the mask applies to, shift}: the loader (runtime/cuda) writes
/// `(address >> shift) & 0xff` to each byte after relocation. Code objects
/// have no relocation for a shifted byte of an address.
void StructureLowering::emitMaskTable() {
  if (maskFixups.empty())
    return;
  Location loc = maskFixups.front().loc;
  Type i64 = b.getI64Type();
  auto arrTy = LLVM::LLVMArrayType::get(i64, 3 * maskFixups.size());
  OpBuilder::InsertionGuard g(b);
  b.setInsertionPointToEnd(top.getBody());
  auto table = LLVM::GlobalOp::create(
      b, loc, arrTy, /*isConstant=*/false, LLVM::Linkage::External,
      "__ptxmlir_mask_init", Attribute(), /*alignment=*/8, kGlobal);
  Block *blk = b.createBlock(&table.getInitializerRegion());
  b.setInsertionPointToStart(blk);
  Value agg = LLVM::ZeroOp::create(b, loc, arrTy);
  int64_t idx = 0;
  for (MaskFixup &f : maskFixups) {
    Location l = f.loc;
    Value dst = LLVM::AddressOfOp::create(
        b, l, LLVM::LLVMPointerType::get(ctx, f.addrSpace), f.global);
    if (f.byteOffset)
      dst = LLVM::GEPOp::create(b, l, dst.getType(), b.getI8Type(), dst,
                                ArrayRef<LLVM::GEPArg>{(int32_t)f.byteOffset});
    Value words[3] = {
        LLVM::PtrToIntOp::create(b, l, i64, dst),
        addressValue(l, f.addr, f.symAS, i64),
        LLVM::ConstantOp::create(b, l, i64, b.getI64IntegerAttr(f.shift))};
    for (Value w : words)
      agg = LLVM::InsertValueOp::create(b, l, agg, w, ArrayRef<int64_t>{idx++});
  }
  LLVM::ReturnOp::create(b, loc, agg);
}

LogicalResult StructureLowering::lowerFunction(Operation *fnOp) {
  bool isKernel = isa<EntryOp>(fnOp);
  auto name = fnOp->getAttrOfType<StringAttr>("sym_name");
  auto params = fnOp->getAttrOfType<ArrayAttr>("params");
  auto rets = fnOp->getAttrOfType<ArrayAttr>("rets");
  Region &body = fnOp->getRegion(0);
  Location loc = fnOp->getLoc();

  // Kernel parameters whose address is taken (`mov.u64 %rd, param`, then
  // cvta.param or ld.param through a register) are passed by reference
  // like aggregates, so that they have an address in the kernarg segment.
  llvm::DenseSet<StringAttr> addressTaken;
  if (isKernel)
    fnOp->walk([&](ptx::AddressOfOp a) {
      addressTaken.insert(a.getSymAttr().getAttr());
    });
  auto byValue = [&](ParamAttr p) {
    return isScalarParam(p) &&
           !addressTaken.contains(p.getName());
  };

  // The signature.
  SmallVector<Type> argTypes;
  SmallVector<std::pair<StringAttr, SymbolInfo>> paramSymbols;
  SmallVector<int> regParamArg; // for each argument, the old block arg or -1
  auto genericPtr = LLVM::LLVMPointerType::get(ctx, kGeneric);
  unsigned oldArg = 0;
  auto addParam = [&](ParamAttr p, bool isRet) -> LogicalResult {
    if (p.getSpace() == StateSpace::reg) {
      if (isRet)
        return fnOp->emitError()
               << "lowering of .reg return parameters is not supported yet";
      argTypes.push_back(getRegisterType(ctx, p.getType()));
      regParamArg.push_back(oldArg++);
      return success();
    }
    SymbolInfo info{SymbolInfo::FuncParam};
    info.arg = argTypes.size();
    if (isKernel) {
      if (p.getType() == PTXType::texref ||
          p.getType() == PTXType::samplerref || p.getType() == PTXType::surfref)
        return fnOp->emitError() << "lowering of texture and surface "
                                    "parameters is not supported yet";
      if (byValue(p)) {
        info.kind = SymbolInfo::KernelScalarParam;
        argTypes.push_back(b.getIntegerType(getTypeBitWidth(p.getType())));
      } else {
        info.kind = SymbolInfo::KernelByRefParam;
        argTypes.push_back(LLVM::LLVMPointerType::get(ctx, kConst));
      }
    } else {
      argTypes.push_back(genericPtr);
    }
    regParamArg.push_back(-1);
    paramSymbols.push_back({p.getName(), info});
    return success();
  };
  Type retType = isKernel ? Type() : promotedReturnType(ctx, rets);
  if (rets && !retType)
    for (Attribute a : rets)
      if (failed(addParam(cast<ParamAttr>(a), /*isRet=*/true)))
        return failure();
  for (Attribute a : params)
    if (failed(addParam(cast<ParamAttr>(a), /*isRet=*/false)))
      return failure();
  // `.minperctamemory`: the runtime passes the base of the per-CTA memory
  // region after the parameters, which keep their kernarg offsets.
  std::optional<int64_t> perCTAPitch;
  if (auto size = fnOp->getAttrOfType<IntegerAttr>("minperctamemory")) {
    FailureOr<int64_t> pitch = perCTAMemoryPitch(fnOp, size);
    if (failed(pitch))
      return failure();
    perCTAPitch = *pitch;
    argTypes.push_back(LLVM::LLVMPointerType::get(ctx, kGlobal));
    regParamArg.push_back(-1);
  }

  OpBuilder::InsertionGuard g(b);
  b.setInsertionPoint(insertionAnchor);
  bool exitFlag = state.exitUnwinds && !isKernel && !body.empty();
  Type llvmRetType = exitFlag ? withExitFlag(ctx, retType) : retType;
  auto fnType = LLVM::LLVMFunctionType::get(
      llvmRetType ? llvmRetType : LLVM::LLVMVoidType::get(ctx), argTypes);
  auto linkageAttr = fnOp->getAttrOfType<LinkageAttr>("linkage");
  Linkage linkage = linkageAttr ? linkageAttr.getValue() : Linkage::none;
  LLVM::Linkage llvmLinkage = isKernel || linkage != Linkage::none
                                  ? LLVM::Linkage::External
                                  : LLVM::Linkage::Internal;
  if (body.empty())
    llvmLinkage = LLVM::Linkage::External;
  auto fn =
      LLVM::LLVMFuncOp::create(b, loc, name.getValue(), fnType, llvmLinkage);
  if (body.empty())
    fn->setAttr(kUndefinedFuncAttr, b.getUnitAttr());
  functions[name] = fn;
  if (exitFlag)
    fn->setAttr("ptx.exit_flag", b.getUnitAttr());

  // Kernel facts for the back ends.
  if (isKernel) {
    fn->setAttr("ptx.kernel", b.getUnitAttr());
    // `.entry k(...) .pragma "nounroll";`: for markNoUnrollLoops.
    if (Attribute a = fnOp->getAttr("pragmas"))
      fn->setAttr(kEntryPragmasAttr, a);
    for (StringRef attr : {"maxntid", "reqntid", "minnctapersm", "maxnreg"})
      if (Attribute a = fnOp->getAttr(attr))
        fn->setAttr(("ptx." + attr).str(), a);
    if (perCTAPitch)
      fn->setAttr(kPerCTAMemoryPitchAttr, b.getI64IntegerAttr(*perCTAPitch));
    for (auto [i, a] : llvm::enumerate(params)) {
      auto p = cast<ParamAttr>(a);
      if (byValue(p))
        continue;
      unsigned idx = i;
      fn.setArgAttr(idx, "llvm.byref",
                    TypeAttr::get(LLVM::LLVMArrayType::get(b.getI8Type(),
                                                           paramBytes(p))));
      fn.setArgAttr(idx, "llvm.align",
                    b.getI64IntegerAttr(p.getAlign() ? p.getAlign() : 4));
    }
  }
  // A `.noreturn` function that exits returns to unwind.
  if (fnOp->hasAttr("noreturn") && !exitFlag)
    fn->setAttr("passthrough", b.getArrayAttr({b.getStringAttr("noreturn")}));

  if (body.empty())
    return success();

  fn.getBody().takeBody(body);
  Block &entry = fn.getBody().front();
  // Insert the pointer arguments between the .reg parameters.
  for (auto [i, old] : llvm::enumerate(regParamArg))
    if (old < 0)
      entry.insertArgument(i, argTypes[i], loc);

  for (auto &[sym, info] : paramSymbols)
    state.symbols[{fn, sym}] = info;
  if (retType) {
    // The return parameter is a slot of the callee; `ret` returns it.
    auto p = cast<ParamAttr>(rets[0]);
    OpBuilder::InsertionGuard g2(b);
    b.setInsertionPointToStart(&entry);
    Value one = intConst(b, loc, b.getI64Type(), 1);
    unsigned bytes = retType.getIntOrFloatBitWidth() / 8;
    Value slot =
        LLVM::AllocaOp::create(b, loc, LLVM::LLVMPointerType::get(ctx, kLocal),
                               LLVM::LLVMArrayType::get(b.getI8Type(), bytes),
                               one, std::max<int64_t>(bytes, p.getAlign()));
    SymbolInfo info{SymbolInfo::Local};
    info.value = slot;
    info.addrSpace = kLocal;
    state.symbols[{fn, p.getName()}] = info;
    state.returnSlots[fn] = slot;
  }
  for (auto &[sym, info] : moduleSymbols)
    state.symbols.try_emplace({fn, sym}, info);
  for (auto &[sym, f] : functions)
    (void)f;

  // Function-scope variables are named `__ptxmlir_var.<function>.<name>`.
  // PTX names have no '.', and the importer keeps `__ptxmlir_` names out
  // of module scope, so no PTX name nor another variable's is the same.
  // Without the prefix, `<function>.<name>` would be what back ends name
  // after a function: `k.kd` (AMD kernel descriptor), `k.num_vgpr`,
  // `k.private_seg_size` ... (AMDGPU resource symbols), `k.ptxmlir_entry`
  // (CPU agent entry), `k.ptxmlir_warps`, `k.ptxmlir_warp_per_wave`.
  std::string prefix = ("__ptxmlir_var." + name.getValue() + ".").str();
  SmallVector<VarOp> vars;
  fn.walk([&](VarOp v) { vars.push_back(v); });
  for (VarOp v : vars) {
    if (failed(lowerVariable(v, fn, prefix)))
      return failure();
    v.erase();
  }
  // The carry flag is an i1 in the shared layer.
  for (Block &blk : fn.getBody())
    for (BlockArgument arg : blk.getArguments())
      if (isa<CCType>(arg.getType()))
        arg.setType(b.getI1Type());
  return success();
}

LogicalResult StructureLowering::run() {
  SmallVector<PTXModuleOp> modules(top.getOps<PTXModuleOp>());
  for (PTXModuleOp module : modules)
    for (auto f : module.getOps<FuncOp>())
      if (f->walk([](ExitOp) { return WalkResult::interrupt(); })
              .wasInterrupted())
        state.exitUnwinds = true;
  for (PTXModuleOp module : modules) {
    insertionAnchor = module;
    ptxModule = module;
    // A `.extern` variable that no linked module defines (the importer
    // merged declarations with definitions, -ptx-link-modules did the same
    // across modules) cannot be resolved. Like ptxas in whole-program
    // compilation, define it, zero-initialised, with a warning. An unsized
    // `.extern .shared` array is dynamic shared memory instead.
    for (auto var : module.getOps<VarOp>()) {
      if (var.getLinkage() != Linkage::external)
        continue;
      bool unsized =
          llvm::any_of(var.getDims(), [](int64_t d) { return d < 0; });
      StateSpace space = var.getSpace();
      bool shared =
          space == StateSpace::shared || space == StateSpace::shared_cta;
      if (shared && unsized)
        continue;
      if (unsized)
        return var.emitError()
               << "unresolved .extern array '" << var.getSymName()
               << "' has no size (no linked PTX module defines it)";
      var.emitWarning() << "unresolved .extern variable '" << var.getSymName()
                        << "': defined here, zero-initialised (no linked PTX "
                           "module defines it)";
      unresolvedExterns.insert(var);
    }
    // Variables first: functions refer to them.
    for (Operation &op : llvm::make_early_inc_range(*module.getBodyBlock()))
      if (auto var = dyn_cast<VarOp>(op))
        if (failed(lowerVariable(var, nullptr, "")))
          return failure();
    for (Operation &op : llvm::make_early_inc_range(*module.getBodyBlock())) {
      if (isa<VarOp>(op))
        continue;
      if (isa<EntryOp, FuncOp>(op)) {
        if (failed(lowerFunction(&op)))
          return failure();
        continue;
      }
      if (auto pragma = dyn_cast<PragmaOp>(op)) {
        if (failed(lowerModulePragma(pragma, state)))
          return failure();
        continue;
      }
      return op.emitError()
             << "lowering of '" << op.getName() << "' is not supported yet";
    }
    module.erase();
  }
  emitMaskTable();
  // A `.func` prototype followed by its definition: keep the definition.
  llvm::StringMap<LLVM::LLVMFuncOp> seen;
  for (auto fn : llvm::make_early_inc_range(top.getOps<LLVM::LLVMFuncOp>())) {
    auto [it, inserted] = seen.try_emplace(fn.getName(), fn);
    if (inserted)
      continue;
    if (fn.isExternal()) {
      fn.erase();
    } else {
      it->second.erase();
      it->second = fn;
    }
  }
  return success();
}

LogicalResult lowering::lowerStructure(ModuleOp top, LoweringState &state) {
  return StructureLowering(top, state).run();
}
