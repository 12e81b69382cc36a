//===- MaskInit.cpp - mask() initializer bytes on the NVVM path -----------===//
//
// The shared layer leaves mask() initializer bytes 0 and lists them in
// `__ptxmlir_mask_init` for our loader (runtime/cuda). NVIDIA's driver does
// not read that table, but LLVM's NVPTX printer writes a pointer at an
// unaligned offset of a packed struct as the eight bytes `0xFF(sym),
// 0xFF00(sym), ..., 0xFF00000000000000(sym)`: a .u8 variable whose mask()
// bytes are such whole addresses becomes that struct, and ptxas fills the
// bytes. Other mask() bytes (part of an address, out of order, in .u32 or
// .u64 elements) cannot be printed: they stay 0, with a warning.
//
//===----------------------------------------------------------------------===//

#include "MaskInit.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;

namespace {

constexpr StringLiteral kTableName = "__ptxmlir_mask_init";

/// One table entry: byte `byte` of `dst` is `(addr >> shift) & 0xff`.
struct Entry {
  Location loc;
  int64_t byte;
  Value addr; // i64, computed in the table's initializer
  int64_t shift;
};

/// `ptrtoint(addressof @g [+ gep i8 off])`: the global and the offset.
bool parseByteAddress(Value v, StringAttr &global, int64_t &offset) {
  auto p2i = v.getDefiningOp<LLVM::PtrToIntOp>();
  if (!p2i)
    return false;
  Value p = p2i.getArg();
  offset = 0;
  if (auto gep = p.getDefiningOp<LLVM::GEPOp>()) {
    if (gep.getIndices().size() != 1 || !gep.getDynamicIndices().empty())
      return false;
    auto idx = llvm::dyn_cast_if_present<IntegerAttr>(gep.getIndices()[0]);
    if (!idx)
      return false;
    offset = idx.getInt();
    p = gep.getBase();
  }
  auto addr = p.getDefiningOp<LLVM::AddressOfOp>();
  if (!addr)
    return false;
  global = addr.getGlobalNameAttr().getAttr();
  return true;
}

/// The same constant expression: ops of the same kind and attributes on the
/// same operands.
bool sameExpr(Value a, Value b) {
  Operation *x = a.getDefiningOp(), *y = b.getDefiningOp();
  if (!x || !y || x->getName() != y->getName() ||
      x->getAttrDictionary() != y->getAttrDictionary() ||
      x->getResultTypes() != y->getResultTypes() ||
      x->getNumOperands() != y->getNumOperands())
    return false;
  for (auto [p, q] : llvm::zip(x->getOperands(), y->getOperands()))
    if (!sameExpr(p, q))
      return false;
  return true;
}

/// Copies the ops computing `v` (a constant expression of another
/// initializer) to `b`'s insertion point.
Value cloneExpr(OpBuilder &b, Value v, IRMapping &map) {
  if (Value m = map.lookupOrNull(v))
    return m;
  Operation *op = v.getDefiningOp();
  for (Value operand : op->getOperands())
    cloneExpr(b, operand, map);
  b.clone(*op, map);
  return map.lookup(v);
}

/// The bytes of a .u8 variable's initializer (insertvalue of i8 constants
/// into zero); false when it is something else.
bool readBytes(LLVM::GlobalOp g, SmallVectorImpl<int64_t> &bytes) {
  auto arr = dyn_cast<LLVM::LLVMArrayType>(g.getType());
  if (!arr || !arr.getElementType().isInteger(8) ||
      g.getInitializerRegion().empty())
    return false;
  bytes.assign(arr.getNumElements(), 0);
  for (Operation &op : g.getInitializerBlock()->getOperations()) {
    if (isa<LLVM::ZeroOp, LLVM::ConstantOp, LLVM::ReturnOp>(op))
      continue;
    auto ins = dyn_cast<LLVM::InsertValueOp>(op);
    if (!ins || ins.getPosition().size() != 1)
      return false;
    auto c = ins.getValue().getDefiningOp<LLVM::ConstantOp>();
    auto v = c ? dyn_cast<IntegerAttr>(c.getValue()) : IntegerAttr();
    int64_t i = ins.getPosition()[0];
    if (!v || i < 0 || i >= (int64_t)bytes.size())
      return false;
    bytes[i] = v.getValue().getZExtValue() & 0xff;
  }
  return true;
}

/// Rewrites `g` as a packed struct with one i64 per whole address; false
/// (nothing changed) when its entries are not all whole addresses.
bool rewriteWholeAddresses(LLVM::GlobalOp g, MutableArrayRef<Entry> entries) {
  SmallVector<int64_t> bytes;
  if (!readBytes(g, bytes))
    return false;
  llvm::sort(entries,
             [](const Entry &a, const Entry &b) { return a.byte < b.byte; });
  if (entries.size() % 8)
    return false;
  for (size_t i = 0; i < entries.size(); i += 8)
    for (size_t k = 0; k < 8; ++k) {
      const Entry &e = entries[i + k];
      if (e.byte != entries[i].byte + (int64_t)k || e.shift != 8 * (int64_t)k ||
          !sameExpr(e.addr, entries[i].addr) ||
          e.byte + 8 - (int64_t)k > (int64_t)bytes.size())
        return false;
    }

  MLIRContext *ctx = g.getContext();
  OpBuilder b(ctx);
  Type i8 = b.getI8Type(), i64 = b.getI64Type();
  SmallVector<Type> fields;
  SmallVector<Value> values; // null: a byte from `bytes`
  SmallVector<int64_t> byteOf;
  size_t next = 0;
  for (int64_t pos = 0; pos < (int64_t)bytes.size();) {
    if (next < entries.size() && entries[next].byte == pos) {
      fields.push_back(i64);
      values.push_back(entries[next].addr);
      byteOf.push_back(-1);
      next += 8;
      pos += 8;
      continue;
    }
    fields.push_back(i8);
    values.push_back(Value());
    byteOf.push_back(pos++);
  }
  auto structTy = LLVM::LLVMStructType::getLiteral(ctx, fields,
                                                   /*isPacked=*/true);
  Location loc = g.getLoc();
  g.getInitializerRegion().getBlocks().clear();
  g.setGlobalTypeAttr(TypeAttr::get(structTy));
  Block *blk = b.createBlock(&g.getInitializerRegion());
  b.setInsertionPointToStart(blk);
  Value agg = LLVM::ZeroOp::create(b, loc, structTy);
  IRMapping map;
  for (auto [i, v] : llvm::enumerate(values)) {
    Value field = v ? cloneExpr(b, v, map)
                    : LLVM::ConstantOp::create(
                          b, loc, i8, b.getI8IntegerAttr(bytes[byteOf[i]]));
    agg = LLVM::InsertValueOp::create(b, loc, agg, field,
                                      ArrayRef<int64_t>{(int64_t)i});
  }
  LLVM::ReturnOp::create(b, loc, agg);
  return true;
}

} // namespace

void mlir::ptx::lowerMaskTableForNVVM(ModuleOp top) {
  auto table = top.lookupSymbol<LLVM::GlobalOp>(kTableName);
  if (!table)
    return;
  // The triples, by the variable holding the bytes.
  llvm::MapVector<StringAttr, SmallVector<Entry>> byGlobal;
  SmallVector<Location> unreadable;
  if (!table.getInitializerRegion().empty()) {
    SmallVector<Value> words;
    for (Operation &op : table.getInitializerBlock()->getOperations())
      if (auto ins = dyn_cast<LLVM::InsertValueOp>(op))
        words.push_back(ins.getValue());
    for (size_t i = 0; i + 2 < words.size(); i += 3) {
      StringAttr global;
      int64_t byte;
      auto shift = words[i + 2].getDefiningOp<LLVM::ConstantOp>();
      auto shiftAttr =
          shift ? dyn_cast<IntegerAttr>(shift.getValue()) : IntegerAttr();
      Location loc = words[i].getLoc();
      if (!parseByteAddress(words[i], global, byte) || !shiftAttr) {
        unreadable.push_back(loc);
        continue;
      }
      byGlobal[global].push_back({loc, byte, words[i + 1], shiftAttr.getInt()});
    }
  }
  for (auto &[name, entries] : byGlobal) {
    auto g = top.lookupSymbol<LLVM::GlobalOp>(name);
    if (g && rewriteWholeAddresses(g, entries))
      continue;
    mlir::emitWarning(entries.front().loc)
        << "mask() initializer bytes stay 0 in NVPTX output: only whole "
           "addresses in eight consecutive .u8 bytes (0xff(sym) to "
           "0xff00000000000000(sym)) can be printed as mask()";
  }
  for (Location loc : unreadable)
    mlir::emitWarning(loc) << "mask() initializer byte stays 0 in NVPTX output";
  // Nothing on this path reads the table.
  table.erase();
}
