//===- TensorOps.cpp - cp.async.bulk.tensor through our tensor maps -------===//
//
// A tensor map is ptx-mlir's own 128-byte encoding
// (include/ptxmlir/Runtime/TensorMap.h, written by our libcuda's
// cuTensorMapEncode*), read here with plain loads from the tensor-map
// operand (a generic address, or the kernel parameter itself). As every
// asynchronous copy (AsyncOps.cpp), a tensor copy is performed by the
// issuing thread when it is issued: one bounded loop over the elements of
// the box (docs/lowering.md, "Tensor maps"):
//
//   - the box holds box[0] x ceil(box[i] / elementStride[i]) elements
//     (the element stride of dimension 0 is ignored without interleave),
//     packed in shared memory in that order;
//   - element k's coordinates are coords[i] + index[i] x elementStride[i];
//     a load fills one outside the tensor with zero, or for the NaN fill
//     with the NaN an H200 writes (0x7ff77ff7 for float32; the 0x7ff7
//     pattern for the other sizes); a store skips it;
//   - the byte offset o of an element in the box is swizzled as CUTLASS's
//     Swizzle<B,4,3> (B = 1, 2, 3 for 32B, 64B, 128B): o ^ ((o >> 3) &
//     (span - 16)), which is NVIDIA's layout when the shared address is
//     aligned as PTX requires (to the swizzle's repeat, 256/512/1024 bytes);
//   - a load then completes the box's bytes on the mbarrier (a release
//     fence, then mbarrier.complete_tx, lowered by AsyncOps.cpp).
//
// Tile mode only; im2col, gather4/scatter4 and the im2col::w modes are
// located errors, as are the tensor maps our libcuda refuses to encode
// (interleave, the 128B swizzles with 32B/64B atoms).
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"
#include "ptxmlir/Runtime/TensorMap.h"

using namespace mlir;
using namespace mlir::ptx;
using namespace mlir::ptx::lowering;
namespace tmap = ptxmlir::tensormap;

namespace {

using Builder = ConversionPatternRewriter;

Value i64c(Builder &b, Location loc, int64_t v) {
  return intConst(b, loc, b.getI64Type(), v);
}

/// Splits the current block at the insertion point: returns the block that
/// holds the rest; the insertion point stays at the end of the first part.
Block *splitHere(Builder &rewriter) {
  Block *before = rewriter.getInsertionBlock();
  Block *after = rewriter.splitBlock(before, rewriter.getInsertionPoint());
  rewriter.setInsertionPointToEnd(before);
  return after;
}

/// if (cond) { then() }: the insertion point ends after the if.
void emitIf(Builder &rewriter, Location loc, Value cond,
            function_ref<void()> then) {
  Block *before = rewriter.getInsertionBlock();
  Block *after = splitHere(rewriter);
  Block *body = rewriter.createBlock(after);
  then();
  cf::BranchOp::create(rewriter, loc, after);
  rewriter.setInsertionPointToEnd(before);
  cf::CondBranchOp::create(rewriter, loc, cond, body, after);
  rewriter.setInsertionPointToStart(after);
}

/// for (k = 0; k < n; ++k) body(k), i64: the insertion point ends after.
void emitLoop(Builder &rewriter, Location loc, Value n,
              function_ref<void(Value)> body) {
  auto i64 = rewriter.getI64Type();
  Block *before = rewriter.getInsertionBlock();
  Block *after = splitHere(rewriter);
  Block *header = rewriter.createBlock(after, {i64}, {loc});
  Block *bodyBlock = rewriter.createBlock(after);
  Value k = header->getArgument(0);
  rewriter.setInsertionPointToStart(bodyBlock);
  body(k);
  Value next = arith::AddIOp::create(rewriter, loc, k, i64c(rewriter, loc, 1));
  cf::BranchOp::create(rewriter, loc, header, ValueRange{next});
  rewriter.setInsertionPointToEnd(header);
  Value more =
      arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ult, k, n);
  cf::CondBranchOp::create(rewriter, loc, more, bodyBlock, after);
  rewriter.setInsertionPointToEnd(before);
  cf::BranchOp::create(rewriter, loc, header,
                       ValueRange{i64c(rewriter, loc, 0)});
  rewriter.setInsertionPointToStart(after);
}

/// One branch per element size (1, 2, 4, 8 bytes): body(type, bytes).
void emitPerSize(Builder &rewriter, Location loc, Value esize,
                 function_ref<void(Type, unsigned)> body) {
  for (unsigned bytes : {1u, 2u, 4u, 8u}) {
    Value is = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                     esize, i64c(rewriter, loc, bytes));
    emitIf(rewriter, loc, is,
           [&] { body(rewriter.getIntegerType(bytes * 8), bytes); });
  }
}

Value gep(Builder &b, Location loc, Value ptr, Value byteOffset) {
  return LLVM::GEPOp::create(b, loc, ptr.getType(), b.getI8Type(), ptr,
                             ArrayRef<LLVM::GEPArg>{byteOffset});
}

/// An unsigned field of the tensor map, zero-extended to i64.
Value field(Builder &b, Location loc, Value map, unsigned offset,
            unsigned bytes) {
  Value p = gep(b, loc, map, i64c(b, loc, offset));
  Value v = LLVM::LoadOp::create(b, loc, b.getIntegerType(bytes * 8), p, bytes);
  if (bytes < 8)
    v = arith::ExtUIOp::create(b, loc, b.getI64Type(), v);
  return v;
}

struct CpAsyncBulkTensorLowering : public PTXPattern<CpAsyncBulkTensorOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(CpAsyncBulkTensorOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    TensorLoadMode mode = op.getLoadMode().value_or(TensorLoadMode::tile);
    if (mode != TensorLoadMode::tile)
      return unsupported(rewriter, op,
                         "cp.async.bulk.tensor in ." +
                             stringifyTensorLoadMode(mode) + " mode");
    if (op.getCtaGroup())
      return unsupported(rewriter, op, "cp.async.bulk.tensor with .cta_group");
    bool isLoad = op.getDstSpace() != StateSpace::global;
    auto i64 = rewriter.getI64Type();
    unsigned rank = unsigned(op.getDim());

    // The tensor map: a kernel parameter, or an address (generic).
    FailureOr<Value> map = lowerAddress(
        rewriter, op, state, adaptor.getTensorMap(), op.getTensorMapSymAttr(),
        0,
        op.getTensorMapSymAttr() ? std::optional<StateSpace>(StateSpace::param)
                                 : std::nullopt);
    if (failed(map))
      return failure();
    // The shared side: the destination of a load, the source of a store.
    FailureOr<Value> smem =
        isLoad ? lowerAddress(rewriter, op, state, adaptor.getDst(),
                              op.getDstSymAttr(),
                              (int64_t)op.getDstOffset().value_or(0),
                              StateSpace::shared_cta)
               : lowerAddress(rewriter, op, state, adaptor.getMem(),
                              op.getMemSymAttr(), (int64_t)op.getMemOffset(),
                              StateSpace::shared_cta);
    if (failed(smem))
      return failure();
    SmallVector<Value> coords;
    for (Value c : adaptor.getCoords())
      coords.push_back(adapt(rewriter, loc, c, i64, /*sext=*/true));
    if (coords.size() != rank)
      return unsupported(rewriter, op,
                         "cp.async.bulk.tensor with a coordinate count other "
                         "than its dimensionality");

    auto body = [&]() {
      Value base = field(rewriter, loc, *map, tmap::kAddress, 8);
      Value esize = field(rewriter, loc, *map, tmap::kElementSize, 1);
      Value swizzle = field(rewriter, loc, *map, tmap::kSwizzle, 1);
      Value nanFill = field(rewriter, loc, *map, tmap::kOobFill, 1);
      Value global = LLVM::IntToPtrOp::create(
          rewriter, loc, LLVM::LLVMPointerType::get(getContext(), kGlobal),
          base);
      // Per dimension: extent, stride, element count and step of the box.
      SmallVector<Value> dims, strides, counts, steps;
      Value total = i64c(rewriter, loc, 1);
      for (unsigned i = 0; i < rank; ++i) {
        dims.push_back(field(rewriter, loc, *map, tmap::kGlobalDim + 8 * i, 8));
        strides.push_back(
            field(rewriter, loc, *map, tmap::kGlobalStride + 8 * i, 8));
        Value box = field(rewriter, loc, *map, tmap::kBoxDim + 2 * i, 2);
        Value step =
            i == 0 ? i64c(rewriter, loc, 1)
                   : field(rewriter, loc, *map, tmap::kElementStride + i, 1);
        Value count = arith::DivUIOp::create(
            rewriter, loc,
            arith::AddIOp::create(
                rewriter, loc, box,
                arith::SubIOp::create(rewriter, loc, step,
                                      i64c(rewriter, loc, 1))),
            step);
        counts.push_back(count);
        steps.push_back(step);
        total = arith::MulIOp::create(rewriter, loc, total, count);
      }
      // The swizzle's XOR mask: span - 16 (span = 16 << swizzle), or 0.
      Value swizzled =
          arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ne,
                                swizzle, i64c(rewriter, loc, 0));
      Value xorMask = arith::SelectOp::create(
          rewriter, loc, swizzled,
          arith::SubIOp::create(rewriter, loc,
                                arith::ShLIOp::create(rewriter, loc,
                                                      i64c(rewriter, loc, 16),
                                                      swizzle),
                                i64c(rewriter, loc, 16)),
          i64c(rewriter, loc, 0));

      emitLoop(rewriter, loc, total, [&](Value k) {
        Value rest = k;
        Value inside = intConst(rewriter, loc, rewriter.getI1Type(), 1);
        Value goff = i64c(rewriter, loc, 0);
        for (unsigned i = 0; i < rank; ++i) {
          Value idx = arith::RemUIOp::create(rewriter, loc, rest, counts[i]);
          rest = arith::DivUIOp::create(rewriter, loc, rest, counts[i]);
          Value c = arith::AddIOp::create(
              rewriter, loc, coords[i],
              arith::MulIOp::create(rewriter, loc, idx, steps[i]));
          // Negative coordinates are huge unsigned ones.
          inside = arith::AndIOp::create(
              rewriter, loc, inside,
              arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ult, c,
                                    dims[i]));
          goff = arith::AddIOp::create(
              rewriter, loc, goff,
              arith::MulIOp::create(rewriter, loc, c, strides[i]));
        }
        Value soff = arith::MulIOp::create(rewriter, loc, k, esize);
        soff = arith::XOrIOp::create(
            rewriter, loc, soff,
            arith::AndIOp::create(
                rewriter, loc,
                arith::ShRUIOp::create(rewriter, loc, soff,
                                       i64c(rewriter, loc, 3)),
                xorMask));
        Value sptr = gep(rewriter, loc, *smem, soff);
        Value gptr = gep(rewriter, loc, global, goff);
        if (!isLoad) {
          emitIf(rewriter, loc, inside, [&] {
            emitPerSize(rewriter, loc, esize, [&](Type t, unsigned bytes) {
              Value v = LLVM::LoadOp::create(rewriter, loc, t, sptr, bytes);
              LLVM::StoreOp::create(rewriter, loc, v, gptr, bytes);
            });
          });
          return;
        }
        emitPerSize(rewriter, loc, esize, [&](Type t, unsigned bytes) {
          // Outside: zero, or the NaN an H200 fills float32 with,
          // 0x7ff77ff7; other sizes get the same 0x7ff7 half-word pattern.
          int64_t nan = bytes == 2   ? 0x7ff7
                        : bytes == 4 ? 0x7ff77ff7
                                     : 0x7ff77ff77ff77ff7;
          Value fill = arith::SelectOp::create(
              rewriter, loc,
              arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ne,
                                    nanFill, i64c(rewriter, loc, 0)),
              intConst(rewriter, loc, t, bytes == 1 ? 0 : nan),
              intConst(rewriter, loc, t, 0));
          Block *before = rewriter.getInsertionBlock();
          Block *after = splitHere(rewriter);
          after->addArgument(t, loc);
          Block *read = rewriter.createBlock(after);
          Value v = LLVM::LoadOp::create(rewriter, loc, t, gptr, bytes);
          cf::BranchOp::create(rewriter, loc, after, ValueRange{v});
          rewriter.setInsertionPointToEnd(before);
          cf::CondBranchOp::create(rewriter, loc, inside, read, ValueRange{},
                                   after, ValueRange{fill});
          rewriter.setInsertionPointToStart(after);
          LLVM::StoreOp::create(rewriter, loc, after->getArgument(0), sptr,
                                bytes);
        });
      });
      if (!isLoad)
        return;
      // The bytes of the whole box, filled elements included, complete on
      // the mbarrier, after a release fence that publishes them.
      Value bytes = arith::MulIOp::create(rewriter, loc, total, esize);
      wave::FenceOp::create(rewriter, loc, wave::Scope::cluster);
      MbarrierCompleteTxOp::create(
          rewriter, loc, MemSemAttr(),
          ScopeAttr::get(getContext(), Scope::cluster),
          StateSpaceAttr::get(getContext(), StateSpace::shared_cta),
          PTXType::b64, adaptor.getMem(), op.getMemSymAttr(),
          (uint64_t)op.getMemOffset(), bytes, Value(), false, ValueRange{});
    };

    // .multicast::cluster: the box goes to the CTAs of ctaMask; only rank 0
    // exists.
    if (Value mask = adaptor.getCtaMask()) {
      Value mine = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::ne,
          arith::AndIOp::create(rewriter, loc, adapt(rewriter, loc, mask, i64),
                                i64c(rewriter, loc, 1)),
          i64c(rewriter, loc, 0));
      emitIf(rewriter, loc, mine, body);
    } else {
      body();
    }
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void lowering::populateTensorPatterns(SharedTypeConverter &tc,
                                      RewritePatternSet &p, LoweringState &s) {
  p.add<CpAsyncBulkTensorLowering>(tc, p.getContext(), s);
}
