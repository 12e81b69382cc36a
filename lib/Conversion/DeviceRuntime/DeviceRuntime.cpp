//===- DeviceRuntime.cpp - the CUDA device runtime in the shared layer ----===//
//
// The -link-device-runtime pass: the CUDA device runtime that nvcc's PTX
// calls (`vprintf`, `malloc`, `free`, `__assertfail`) written as shared-
// layer code, so that the AMD, host and any other back end run the same
// code. The memory it shares with libcuda is laid out in
// ptxmlir/Runtime/DeviceRuntime.h.
//
// `vprintf(format, args)` is specialised per call site: the format must be
// a constant string in a module variable (what nvcc emits for every
// printf), which the pass parses with the rules libcuda formats with, so
// that the record's size is known without parsing on the device. The
// record holds the format, the caller's argument buffer and a copy of each
// %s string, so libcuda needs nothing of the module to print it.
//
//===----------------------------------------------------------------------===//

#include "ptxmlir/Runtime/DeviceRuntime.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "ptxmlir/Conversion/AddressSpaces.h"
#include "ptxmlir/Conversion/Passes.h"
#include "ptxmlir/Conversion/UndefinedFunctions.h"
#include "llvm/ADT/StringMap.h"

namespace mlir::ptx {
#define GEN_PASS_DEF_LINKDEVICERUNTIME
#include "ptxmlir/Conversion/Passes.h.inc"
} // namespace mlir::ptx

using namespace mlir;
using namespace mlir::ptx;
namespace devrt = ptxmlir::devrt;

namespace {

using LLVM::AtomicOrdering;

/// Builds the runtime's functions at the end of the module.
class Emitter {
public:
  explicit Emitter(ModuleOp top)
      : top(top), ctx(top.getContext()), b(ctx), loc(top.getLoc()) {
    i1 = b.getI1Type();
    i8 = b.getI8Type();
    i32 = b.getI32Type();
    i64 = b.getI64Type();
    ptr = LLVM::LLVMPointerType::get(ctx, kGeneric);
    gptr = LLVM::LLVMPointerType::get(ctx, kGlobal);
  }

  LogicalResult run();

private:
  ModuleOp top;
  MLIRContext *ctx;
  OpBuilder b;
  Location loc;
  Type i1, i8, i32, i64;
  LLVM::LLVMPointerType ptr, gptr;
  LLVM::GlobalOp global;
  LLVM::LLVMFuncOp strsizeFn, reserveFn;
  llvm::StringMap<LLVM::LLVMFuncOp> printfFns;

  Value c32(int64_t v) {
    return LLVM::ConstantOp::create(b, loc, i32, b.getI32IntegerAttr(v));
  }
  Value c64(int64_t v) {
    return LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(v));
  }
  Value add(Value x, Value y) { return LLVM::AddOp::create(b, loc, x, y); }
  Value gep(Value base, Value off) {
    return LLVM::GEPOp::create(b, loc, base.getType(), i8, base,
                               ArrayRef<LLVM::GEPArg>{off});
  }
  Value gep(Value base, int64_t off) { return gep(base, c64(off)); }
  Value load(Type t, Value p, unsigned align) {
    return LLVM::LoadOp::create(b, loc, t, p, align);
  }
  /// Acquire: a free-list head read here is followed by a read of the
  /// block it names, which free() wrote before releasing the head.
  Value atomicLoad(Value p, StringRef scope) {
    return LLVM::LoadOp::create(b, loc, i64, p, 8, false, false, false, false,
                                AtomicOrdering::acquire, scope);
  }
  void store(Value v, Value p, unsigned align) {
    LLVM::StoreOp::create(b, loc, v, p, align);
  }
  /// {old value, success} of a strong compare-exchange.
  std::pair<Value, Value> cmpxchg(Value p, Value cmp, Value val,
                                  StringRef scope) {
    auto op = LLVM::AtomicCmpXchgOp::create(b, loc, p, cmp, val,
                                            AtomicOrdering::acq_rel,
                                            AtomicOrdering::acquire, scope);
    Value old = LLVM::ExtractValueOp::create(b, loc, op, 0);
    Value ok = LLVM::ExtractValueOp::create(b, loc, op, 1);
    return {old, ok};
  }
  Value icmp(LLVM::ICmpPredicate p, Value x, Value y) {
    return LLVM::ICmpOp::create(b, loc, p, x, y);
  }
  Value isZero(Value v) {
    return icmp(LLVM::ICmpPredicate::eq, v,
                v.getType() == i64 ? c64(0) : c32(0));
  }
  /// The generic pointer a .param buffer of a call holds.
  Value loadPointer(Value buf) {
    return LLVM::IntToPtrOp::create(b, loc, ptr, load(i64, buf, 8));
  }
  /// A word of `__ptxmlir_devrt`.
  Value devrtWord(unsigned index) {
    Value g = LLVM::AddressOfOp::create(b, loc, global);
    return load(i64, gep(g, index * 8), 8);
  }
  Value align8(Value v) {
    return LLVM::AndOp::create(b, loc, add(v, c64(7)), c64(~int64_t(7)));
  }
  void memcpy(Value dst, Value src, Value n) {
    LLVM::MemcpyOp::create(b, loc, dst, src, n, /*isVolatile=*/false);
  }

  LLVM::LLVMFuncOp function(StringRef name, Type ret, ArrayRef<Type> args) {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToEnd(top.getBody());
    auto fn = LLVM::LLVMFuncOp::create(b, loc, name,
                                       LLVM::LLVMFunctionType::get(ret, args),
                                       LLVM::Linkage::Internal);
    return fn;
  }
  Block *entryOf(LLVM::LLVMFuncOp fn) {
    Block *entry = fn.addEntryBlock(b);
    b.setInsertionPointToStart(entry);
    return entry;
  }
  Block *newBlock(LLVM::LLVMFuncOp fn, ArrayRef<Type> args = {}) {
    Block *blk = new Block();
    fn.getBody().push_back(blk);
    for (Type t : args)
      blk->addArgument(t, loc);
    return blk;
  }
  Value call(LLVM::LLVMFuncOp fn, ValueRange args) {
    auto c = LLVM::CallOp::create(b, loc, fn, args);
    return c.getNumResults() ? c.getResult() : Value();
  }

  void buildGlobal();
  void buildStrsize();
  void buildReserve();
  LLVM::LLVMFuncOp printfFunction(LLVM::GlobalOp format, StringRef text);
  void defineMalloc(LLVM::LLVMFuncOp fn);
  void defineFree(LLVM::LLVMFuncOp fn);
  void defineAssertfail(LLVM::LLVMFuncOp fn);
  /// Commits a record: its size, last, with release order.
  void commit(Value rec, Value size) {
    LLVM::StoreOp::create(b, loc, LLVM::TruncOp::create(b, loc, i32, size), rec,
                          4, false, false, false, AtomicOrdering::release,
                          "ptx.sys");
  }
};

void Emitter::buildGlobal() {
  OpBuilder::InsertionGuard g(b);
  b.setInsertionPointToEnd(top.getBody());
  auto type = LLVM::LLVMArrayType::get(i8, sizeof(devrt::DevrtGlobal));
  auto zero = DenseElementsAttr::get(
      RankedTensorType::get({(int64_t)sizeof(devrt::DevrtGlobal)}, i8),
      b.getI8IntegerAttr(0));
  // External: libcuda finds it by name in the loaded executable.
  global = LLVM::GlobalOp::create(b, loc, type, /*isConstant=*/false,
                                  LLVM::Linkage::External, devrt::kGlobalName,
                                  zero, /*alignment=*/8, kGlobal);
}

/// `__ptxmlir_devrt_strsize(s)`: the bytes of the string at generic
/// address s with its NUL; 0 for NULL.
void Emitter::buildStrsize() {
  LLVM::LLVMFuncOp fn = function("__ptxmlir_devrt_strsize", i64, {ptr});
  OpBuilder::InsertionGuard g(b);
  Block *entry = entryOf(fn);
  Block *loop = newBlock(fn, {i64});
  Block *done = newBlock(fn, {i64});
  Value s = entry->getArgument(0);
  Value null = LLVM::ZeroOp::create(b, loc, ptr);
  Value zero = c64(0);
  LLVM::CondBrOp::create(b, loc, icmp(LLVM::ICmpPredicate::eq, s, null), done,
                         ValueRange{zero}, loop, ValueRange{zero});
  b.setInsertionPointToStart(loop);
  Value i = loop->getArgument(0);
  Value ch = load(i8, gep(s, i), 1);
  Value next = add(i, c64(1));
  LLVM::CondBrOp::create(
      b, loc,
      icmp(LLVM::ICmpPredicate::ne, ch,
           LLVM::ConstantOp::create(b, loc, i8, b.getI8IntegerAttr(0))),
      loop, ValueRange{next}, done, ValueRange{next});
  b.setInsertionPointToStart(done);
  LLVM::ReturnOp::create(b, loc, done->getArgument(0));
  strsizeFn = fn;
}

/// `__ptxmlir_devrt_reserve(size)`: `size` bytes of the printf buffer, or
/// NULL when there is no buffer or the record does not fit (then counted
/// as dropped).
void Emitter::buildReserve() {
  LLVM::LLVMFuncOp fn = function("__ptxmlir_devrt_reserve", gptr, {i64});
  OpBuilder::InsertionGuard g(b);
  Block *entry = entryOf(fn);
  Block *start = newBlock(fn);
  Block *loop = newBlock(fn, {i64});
  Block *attempt = newBlock(fn);
  Block *got = newBlock(fn);
  Block *drop = newBlock(fn);
  Block *none = newBlock(fn);
  Value size = entry->getArgument(0);
  Value bufInt = devrtWord(0);
  LLVM::CondBrOp::create(b, loc, isZero(bufInt), none, start);

  b.setInsertionPointToStart(start);
  Value buf = LLVM::IntToPtrOp::create(b, loc, gptr, bufInt);
  Value cap = load(i64, buf, 8);
  Value writeP = gep(buf, offsetof(devrt::PrintfHeader, write));
  LLVM::BrOp::create(b, loc, ValueRange{atomicLoad(writeP, "ptx.sys")}, loop);

  b.setInsertionPointToStart(loop);
  Value w = loop->getArgument(0);
  Value end = add(w, size);
  // w <= cap always; a size that wraps around is too large too.
  Value over =
      LLVM::OrOp::create(b, loc, icmp(LLVM::ICmpPredicate::ugt, end, cap),
                         icmp(LLVM::ICmpPredicate::ult, end, w));
  LLVM::CondBrOp::create(b, loc, over, drop, attempt);

  b.setInsertionPointToStart(attempt);
  auto [old, ok] = cmpxchg(writeP, w, end, "ptx.sys");
  LLVM::CondBrOp::create(b, loc, ok, got, ValueRange{}, loop, ValueRange{old});

  b.setInsertionPointToStart(got);
  LLVM::ReturnOp::create(b, loc,
                         gep(buf, add(w, c64(sizeof(devrt::PrintfHeader)))));

  b.setInsertionPointToStart(drop);
  LLVM::AtomicRMWOp::create(b, loc, LLVM::AtomicBinOp::add,
                            gep(buf, offsetof(devrt::PrintfHeader, dropped)),
                            c64(1), AtomicOrdering::monotonic, "ptx.sys");
  LLVM::ReturnOp::create(b, loc, Value(LLVM::ZeroOp::create(b, loc, gptr)));

  b.setInsertionPointToStart(none);
  LLVM::ReturnOp::create(b, loc, Value(LLVM::ZeroOp::create(b, loc, gptr)));
  reserveFn = fn;
}

/// `__ptxmlir_vprintf.N(formatBuf, argsBuf)`: vprintf for one format.
LLVM::LLVMFuncOp Emitter::printfFunction(LLVM::GlobalOp format,
                                         StringRef text) {
  auto it = printfFns.find(format.getSymName());
  if (it != printfFns.end())
    return it->second;
  unsigned argBytes = 0;
  std::vector<devrt::FormatPiece> pieces =
      devrt::parseFormat(std::string_view(text.data(), text.size()), argBytes);
  LLVM::LLVMFuncOp fn = function(
      ("__ptxmlir_vprintf." + Twine(printfFns.size())).str(), i32, {ptr, ptr});
  printfFns[format.getSymName()] = fn;
  OpBuilder::InsertionGuard g(b);
  Block *entry = entryOf(fn);
  Block *write = newBlock(fn);
  Block *done = newBlock(fn);
  Value args = loadPointer(entry->getArgument(1));
  // The %s strings and their sizes.
  SmallVector<std::pair<Value, Value>> strings;
  unsigned values = 0;
  for (const devrt::FormatPiece &p : pieces) {
    if (!p.conversion)
      continue;
    values += 1 + p.starWidth + p.starPrecision;
    if (p.conv != 's')
      continue;
    Value s = LLVM::IntToPtrOp::create(b, loc, ptr,
                                       load(i64, gep(args, p.valueOffset), 8));
    strings.push_back({s, call(strsizeFn, {s})});
  }
  int64_t formatBytes = text.size() + 1;
  int64_t fixed = sizeof(devrt::PrintfRecord) + (formatBytes + 7) / 8 * 8 +
                  (argBytes + 7) / 8 * 8;
  Value size = c64(fixed);
  for (auto &[s, n] : strings)
    size = add(size, n);
  size = align8(size);
  Value rec = call(reserveFn, {size});
  Value null = LLVM::ZeroOp::create(b, loc, gptr);
  LLVM::CondBrOp::create(b, loc, icmp(LLVM::ICmpPredicate::eq, rec, null), done,
                         write);

  b.setInsertionPointToStart(write);
  store(c32(devrt::kPrintfRecord), gep(rec, 4), 4);
  store(c32(formatBytes), gep(rec, offsetof(devrt::PrintfRecord, formatBytes)),
        4);
  store(c32(argBytes), gep(rec, offsetof(devrt::PrintfRecord, argBytes)), 4);
  Value formatPtr = LLVM::AddressOfOp::create(b, loc, format);
  int64_t at = sizeof(devrt::PrintfRecord);
  memcpy(gep(rec, at), formatPtr, c64(formatBytes));
  at += (formatBytes + 7) / 8 * 8;
  if (argBytes)
    memcpy(gep(rec, at), args, c64(argBytes));
  at += (argBytes + 7) / 8 * 8;
  Value pos = c64(at);
  for (auto &[s, n] : strings) {
    memcpy(gep(rec, pos), s, n);
    pos = add(pos, n);
  }
  commit(rec, size);
  LLVM::BrOp::create(b, loc, ValueRange{}, done);

  b.setInsertionPointToStart(done);
  // CUDA's printf returns the number of arguments the format used.
  LLVM::ReturnOp::create(b, loc, c32(values));
  return fn;
}

/// malloc(size): a block of the size class 2^c >= max(size, 1), from the
/// class's free list or cut from the heap's top; NULL when the heap is
/// exhausted (or absent).
void Emitter::defineMalloc(LLVM::LLVMFuncOp fn) {
  OpBuilder::InsertionGuard g(b);
  Block *entry = entryOf(fn);
  Block *start = newBlock(fn);
  Block *classify = newBlock(fn);
  Block *pop = newBlock(fn, {i64});
  Block *popTry = newBlock(fn);
  Block *cut = newBlock(fn);
  Block *cutLoop = newBlock(fn, {i64});
  Block *cutTry = newBlock(fn);
  Block *fail = newBlock(fn);
  Value n = load(i64, entry->getArgument(0), 8);
  Value heapInt = devrtWord(1);
  LLVM::CondBrOp::create(b, loc, isZero(heapInt), fail, start);

  b.setInsertionPointToStart(start);
  Value heap = LLVM::IntToPtrOp::create(b, loc, gptr, heapInt);
  Value cap = load(i64, heap, 8);
  // malloc(0) gives a unique pointer, as on NVIDIA GPUs.
  Value one = c64(1);
  n = LLVM::UMaxOp::create(b, loc, i64, n, one);
  LLVM::CondBrOp::create(b, loc, icmp(LLVM::ICmpPredicate::ugt, n, cap), fail,
                         classify);

  b.setInsertionPointToStart(classify);
  // c = max(kMinClass, ceil(log2(n))); n <= cap < 2^62.
  Value lz = LLVM::CountLeadingZerosOp::create(
      b, loc, i64, LLVM::SubOp::create(b, loc, n, one),
      b.getIntegerAttr(i1, 0));
  Value cls = LLVM::SubOp::create(b, loc, c64(64), lz);
  cls = LLVM::UMaxOp::create(b, loc, i64, cls, c64(devrt::kMinClass));
  Value list = gep(heap, add(c64(offsetof(devrt::HeapHeader, freeLists)),
                             LLVM::ShlOp::create(b, loc, cls, c64(3))));
  Value data = gep(heap, devrt::kHeapDataOffset);
  LLVM::BrOp::create(b, loc, ValueRange{atomicLoad(list, "ptx.gpu")}, pop);

  // Pop: entry = (tag << 32) | (block offset / 16 + 1).
  b.setInsertionPointToStart(pop);
  Value head = pop->getArgument(0);
  Value low = LLVM::AndOp::create(b, loc, head, c64(0xffffffff));
  LLVM::CondBrOp::create(b, loc, isZero(low), cut, popTry);

  b.setInsertionPointToStart(popTry);
  Value blockOff = LLVM::ShlOp::create(
      b, loc, LLVM::SubOp::create(b, loc, low, one), c64(4));
  Value block = gep(data, blockOff);
  // Another thread may have popped and reused the block meanwhile: the
  // tag makes the exchange fail then.
  Value next = atomicLoad(gep(block, 8), "ptx.gpu");
  Value tag = add(LLVM::LShrOp::create(b, loc, head, c64(32)), one);
  Value newHead = LLVM::OrOp::create(
      b, loc, LLVM::AndOp::create(b, loc, next, c64(0xffffffff)),
      LLVM::ShlOp::create(b, loc, tag, c64(32)));
  auto [old, ok] = cmpxchg(list, head, newHead, "ptx.gpu");
  Block *popped = newBlock(fn);
  LLVM::CondBrOp::create(b, loc, ok, popped, ValueRange{}, pop,
                         ValueRange{old});
  b.setInsertionPointToStart(popped);
  LLVM::ReturnOp::create(
      b, loc,
      Value(LLVM::PtrToIntOp::create(b, loc, i64,
                                     gep(block, devrt::kBlockHeaderBytes))));

  // Cut a new block from the top.
  b.setInsertionPointToStart(cut);
  Value blockBytes =
      add(c64(devrt::kBlockHeaderBytes), LLVM::ShlOp::create(b, loc, one, cls));
  Value topP = gep(heap, offsetof(devrt::HeapHeader, top));
  LLVM::BrOp::create(b, loc, ValueRange{atomicLoad(topP, "ptx.gpu")}, cutLoop);
  b.setInsertionPointToStart(cutLoop);
  Value t = cutLoop->getArgument(0);
  Value end = add(t, blockBytes);
  LLVM::CondBrOp::create(b, loc, icmp(LLVM::ICmpPredicate::ugt, end, cap), fail,
                         cutTry);
  b.setInsertionPointToStart(cutTry);
  auto [oldTop, cutOk] = cmpxchg(topP, t, end, "ptx.gpu");
  Block *cutDone = newBlock(fn);
  LLVM::CondBrOp::create(b, loc, cutOk, cutDone, ValueRange{}, cutLoop,
                         ValueRange{oldTop});
  b.setInsertionPointToStart(cutDone);
  Value fresh = gep(data, t);
  store(LLVM::TruncOp::create(b, loc, i32, cls), fresh, 4);
  LLVM::ReturnOp::create(
      b, loc,
      Value(LLVM::PtrToIntOp::create(b, loc, i64,
                                     gep(fresh, devrt::kBlockHeaderBytes))));

  b.setInsertionPointToStart(fail);
  LLVM::ReturnOp::create(b, loc, c64(0));
}

/// free(p): pushes p's block onto its class's free list; free(NULL) does
/// nothing.
void Emitter::defineFree(LLVM::LLVMFuncOp fn) {
  OpBuilder::InsertionGuard g(b);
  Block *entry = entryOf(fn);
  Block *start = newBlock(fn);
  Block *push = newBlock(fn, {i64});
  Block *done = newBlock(fn);
  Value p = load(i64, entry->getArgument(0), 8);
  Value heapInt = devrtWord(1);
  LLVM::CondBrOp::create(b, loc,
                         LLVM::OrOp::create(b, loc, isZero(p), isZero(heapInt)),
                         done, start);

  b.setInsertionPointToStart(start);
  Value heap = LLVM::IntToPtrOp::create(b, loc, gptr, heapInt);
  Value blockInt =
      LLVM::SubOp::create(b, loc, p, c64(devrt::kBlockHeaderBytes));
  Value block = LLVM::IntToPtrOp::create(b, loc, gptr, blockInt);
  Value cls = LLVM::ZExtOp::create(b, loc, i64, load(i32, block, 4));
  cls = LLVM::AndOp::create(b, loc, cls, c64(devrt::kHeapClasses - 1));
  Value list = gep(heap, add(c64(offsetof(devrt::HeapHeader, freeLists)),
                             LLVM::ShlOp::create(b, loc, cls, c64(3))));
  Value offset = LLVM::SubOp::create(b, loc, blockInt,
                                     add(heapInt, c64(devrt::kHeapDataOffset)));
  Value index = LLVM::AndOp::create(
      b, loc, add(LLVM::LShrOp::create(b, loc, offset, c64(4)), c64(1)),
      c64(0xffffffff));
  LLVM::BrOp::create(b, loc, ValueRange{atomicLoad(list, "ptx.gpu")}, push);

  b.setInsertionPointToStart(push);
  Value head = push->getArgument(0);
  LLVM::StoreOp::create(
      b, loc, LLVM::AndOp::create(b, loc, head, c64(0xffffffff)), gep(block, 8),
      8, false, false, false, AtomicOrdering::monotonic, "ptx.gpu");
  Value tag = add(LLVM::LShrOp::create(b, loc, head, c64(32)), c64(1));
  Value newHead = LLVM::OrOp::create(b, loc, index,
                                     LLVM::ShlOp::create(b, loc, tag, c64(32)));
  auto [old, ok] = cmpxchg(list, head, newHead, "ptx.gpu");
  LLVM::CondBrOp::create(b, loc, ok, done, ValueRange{}, push, ValueRange{old});

  b.setInsertionPointToStart(done);
  LLVM::ReturnOp::create(b, loc, ValueRange{});
}

/// __assertfail(message, file, line, function, charSize): an assert record,
/// the buffer's `asserted` flag, then a trap (the launch fails; libcuda
/// makes it CUDA_ERROR_ASSERT).
void Emitter::defineAssertfail(LLVM::LLVMFuncOp fn) {
  OpBuilder::InsertionGuard g(b);
  Block *entry = entryOf(fn);
  Block *write = newBlock(fn);
  Block *flag = newBlock(fn);
  Block *setFlag = newBlock(fn);
  Block *trap = newBlock(fn);
  Value message = loadPointer(entry->getArgument(0));
  Value file = loadPointer(entry->getArgument(1));
  Value line = load(i32, entry->getArgument(2), 4);
  Value function = loadPointer(entry->getArgument(3));
  Value nm = call(strsizeFn, {message});
  Value nf = call(strsizeFn, {file});
  Value nfn = call(strsizeFn, {function});
  Value size =
      align8(add(add(add(c64(sizeof(devrt::AssertRecord)), nm), nf), nfn));
  Value rec = call(reserveFn, {size});
  Value null = LLVM::ZeroOp::create(b, loc, gptr);
  LLVM::CondBrOp::create(b, loc, icmp(LLVM::ICmpPredicate::eq, rec, null), flag,
                         write);

  b.setInsertionPointToStart(write);
  store(c32(devrt::kAssertRecord), gep(rec, 4), 4);
  store(line, gep(rec, offsetof(devrt::AssertRecord, line)), 4);
  auto trunc = [&](Value v) { return LLVM::TruncOp::create(b, loc, i32, v); };
  store(trunc(nm), gep(rec, offsetof(devrt::AssertRecord, messageBytes)), 4);
  store(trunc(nf), gep(rec, offsetof(devrt::AssertRecord, fileBytes)), 4);
  store(trunc(nfn), gep(rec, offsetof(devrt::AssertRecord, functionBytes)), 4);
  for (int d = 0; d < 3; ++d) {
    store(wave::BlockIdOp::create(b, loc, i32, d),
          gep(rec, offsetof(devrt::AssertRecord, block) + 4 * d), 4);
    store(wave::ThreadIdOp::create(b, loc, i32, d),
          gep(rec, offsetof(devrt::AssertRecord, thread) + 4 * d), 4);
  }
  Value pos = c64(sizeof(devrt::AssertRecord));
  memcpy(gep(rec, pos), message, nm);
  pos = add(pos, nm);
  memcpy(gep(rec, pos), file, nf);
  pos = add(pos, nf);
  memcpy(gep(rec, pos), function, nfn);
  commit(rec, size);
  LLVM::BrOp::create(b, loc, ValueRange{}, flag);

  b.setInsertionPointToStart(flag);
  Value bufInt = devrtWord(0);
  LLVM::CondBrOp::create(b, loc, isZero(bufInt), trap, setFlag);
  b.setInsertionPointToStart(setFlag);
  Value buf = LLVM::IntToPtrOp::create(b, loc, gptr, bufInt);
  LLVM::AtomicRMWOp::create(b, loc, LLVM::AtomicBinOp::xchg,
                            gep(buf, offsetof(devrt::PrintfHeader, asserted)),
                            c64(1), AtomicOrdering::release, "ptx.sys");
  LLVM::BrOp::create(b, loc, ValueRange{}, trap);

  b.setInsertionPointToStart(trap);
  wave::TrapOp::create(b, loc);
  LLVM::ReturnOp::create(b, loc, ValueRange{});
}

/// The value a call's `.param` buffer `buf` holds when the call runs: the
/// last store to it before the call in the call's block.
Value storedParam(LLVM::CallOp call, Value buf) {
  auto strip = [](Value v) {
    while (Operation *def = v.getDefiningOp()) {
      if (isa<LLVM::AddrSpaceCastOp, UnrealizedConversionCastOp>(def)) {
        v = def->getOperand(0);
        continue;
      }
      if (auto g = dyn_cast<LLVM::GEPOp>(def))
        if (g.getDynamicIndices().empty() &&
            llvm::all_of(g.getRawConstantIndices(),
                         [](int32_t i) { return i == 0; })) {
          v = g.getBase();
          continue;
        }
      break;
    }
    return v;
  };
  Value target = strip(buf);
  for (Operation *op = call->getPrevNode(); op; op = op->getPrevNode())
    if (auto st = dyn_cast<LLVM::StoreOp>(op))
      if (strip(st.getAddr()) == target)
        return st.getValue();
  return Value();
}

/// The module variable whose address `v` is (through the casts of
/// `mov`/`cvta`), or null.
LLVM::GlobalOp addressedGlobal(Value v, ModuleOp top) {
  while (Operation *def = v ? v.getDefiningOp() : nullptr) {
    if (isa<LLVM::PtrToIntOp, LLVM::IntToPtrOp, LLVM::AddrSpaceCastOp,
            arith::ExtUIOp, arith::TruncIOp, UnrealizedConversionCastOp>(def) &&
        def->getNumOperands() == 1) {
      v = def->getOperand(0);
      continue;
    }
    if (auto a = dyn_cast<LLVM::AddressOfOp>(def))
      return top.lookupSymbol<LLVM::GlobalOp>(a.getGlobalNameAttr());
    break;
  }
  return nullptr;
}

/// The NUL-terminated string a variable's initializer starts with.
std::optional<std::string> initialString(LLVM::GlobalOp g) {
  auto dense = dyn_cast_or_null<DenseElementsAttr>(g.getValueOrNull());
  std::string s;
  if (dense && dense.getElementType().isInteger(8)) {
    for (const APInt &c : dense.getValues<APInt>()) {
      if (c.isZero())
        return s;
      s.push_back(static_cast<char>(c.getZExtValue()));
    }
  } else if (auto str = dyn_cast_or_null<StringAttr>(g.getValueOrNull())) {
    StringRef t = str.getValue();
    size_t nul = t.find('\0');
    if (nul != StringRef::npos)
      return t.take_front(nul).str();
  }
  return std::nullopt;
}

LogicalResult Emitter::run() {
  auto lookup = [&](StringRef name) -> LLVM::LLVMFuncOp {
    auto fn = top.lookupSymbol<LLVM::LLVMFuncOp>(name);
    if (!fn || !fn->hasAttr(kUndefinedFuncAttr))
      return nullptr;
    auto uses = SymbolTable::getSymbolUses(fn, top);
    return uses && !uses->empty() ? fn : nullptr;
  };
  LLVM::LLVMFuncOp vprintf = lookup("vprintf"), mallocDecl = lookup("malloc"),
                   freeDecl = lookup("free"),
                   assertDecl = lookup("__assertfail");
  if (!vprintf && !mallocDecl && !freeDecl && !assertDecl)
    return success();
  // The prototypes nvcc declares (.param arguments are buffer pointers).
  auto check = [&](LLVM::LLVMFuncOp fn, Type ret, unsigned args) {
    if (!fn)
      return true;
    LLVM::LLVMFunctionType t = fn.getFunctionType();
    if (t.getReturnType() == ret && t.getNumParams() == args &&
        llvm::all_of(t.getParams(), [&](Type p) { return p == ptr; }))
      return true;
    fn.emitError() << "'" << fn.getName()
                   << "' is declared with another prototype than the CUDA "
                      "device runtime's";
    return false;
  };
  Type voidTy = LLVM::LLVMVoidType::get(ctx);
  if (!check(vprintf, i32, 2) || !check(mallocDecl, i64, 1) ||
      !check(freeDecl, voidTy, 1) || !check(assertDecl, voidTy, 5))
    return failure();

  buildGlobal();
  buildStrsize();
  buildReserve();
  if (vprintf) {
    SmallVector<LLVM::CallOp> calls;
    top.walk([&](LLVM::CallOp c) {
      if (c.getCallee() == vprintf.getName())
        calls.push_back(c);
    });
    for (LLVM::CallOp c : calls) {
      LLVM::GlobalOp format =
          addressedGlobal(storedParam(c, c.getArgOperands()[0]), top);
      std::optional<std::string> text =
          format ? initialString(format) : std::nullopt;
      if (!text)
        return c.emitError()
               << "vprintf's format is not a constant string in a module "
                  "variable; only such formats (what nvcc emits for "
                  "printf) are supported";
      c.setCallee(printfFunction(format, *text).getName());
    }
  }
  // The definitions get names of their own: LLVM knows `free` and
  // `malloc` as the C library's and would reason about the .param
  // buffers passed to them as the memory they free or return.
  auto retarget = [&](LLVM::LLVMFuncOp decl, StringRef name,
                      void (Emitter::*body)(LLVM::LLVMFuncOp)) {
    if (!decl)
      return;
    LLVM::LLVMFuncOp fn = function(name, decl.getFunctionType().getReturnType(),
                                   decl.getFunctionType().getParams());
    (this->*body)(fn);
    top.walk([&](LLVM::CallOp c) {
      if (c.getCallee() == decl.getName())
        c.setCallee(fn.getName());
    });
  };
  retarget(mallocDecl, "__ptxmlir_malloc", &Emitter::defineMalloc);
  retarget(freeDecl, "__ptxmlir_free", &Emitter::defineFree);
  retarget(assertDecl, "__ptxmlir_assertfail", &Emitter::defineAssertfail);
  return success();
}

struct LinkDeviceRuntimePass
    : public ptx::impl::LinkDeviceRuntimeBase<LinkDeviceRuntimePass> {
  using Base::Base;
  void runOnOperation() override {
    if (failed(Emitter(getOperation()).run()))
      signalPassFailure();
  }
};

} // namespace
