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
//     (the element stride of dimension 0 is ignored without interleave; a
//     stride of 0, which no valid map has, is 8, as on an H200), packed in
//     shared memory in that order;
//   - an interleaved map (16B/32B) walks dimension 0 in units of 16 or 32
//     bytes, whatever the data type, with its element stride, and does not
//     walk dimension rank - 2 (measured on an H200:
//     test/Runtime/CUDA/tensor-layout.c);
//   - element k's coordinates are coords[i] + index[i] x elementStride[i];
//     a load fills one outside the tensor with zero, or for the NaN fill
//     with the NaN an H200 writes (0x7ff77ff7 for float32; the 0x7ff7
//     pattern for the other sizes); a store skips it;
//   - the byte offset o of an element in the box is swizzled as CUTLASS's
//     Swizzle<B,4,3> (B = 1, 2, 3 for 32B, 64B, 128B): o ^ ((o >> 3) &
//     (span - 16)), which is NVIDIA's layout when the shared address is
//     aligned as PTX requires (to the swizzle's repeat, 256/512/1024 bytes);
//     the 96B mode and the 128B modes with 32B/64B atoms follow the
//     manual's pattern tables (SwizzleFn; not measured);
//   - a load then completes the box's bytes on the mbarrier (a release
//     fence, then mbarrier.complete_tx, lowered by AsyncOps.cpp).
//
// Tile and im2col loads, tile and im2col (.im2col_no_offs: the im2col
// walk without offsets, as an H200 stores) stores; an element outside the
// tensor is skipped by a store, where an H200 traps for any outside
// spatial position or negative coordinate; cp.reduce.async.bulk.tensor (one
// relaxed .gpu atomic per element, atom's on the element type); the bulk
// and tensor prefetches (no effect); createpolicy (an opaque constant: no
// L2 policy here); tensormap.replace (a store into our encoding) and
// tensormap.cp_fenceproxy. .tile::gather4/scatter4 (sm_100, from the
// manual's text) walk the four rows of the instruction in order, each row
// box[0] elements from the column coordinate; .cta_group changes nothing
// (a cluster of one CTA has no pair); the im2col::w modes walk W only
// (walkWide: the manual's text and our reading). .b4x16 (13) is walked as
// bytes, the padded packed types (14, 15) in groups of 16 elements.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"
#include "ptxmlir/Conversion/AtomicAttrs.h"
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

/// One branch per piece size (1, 2, 4, 8, 16 bytes): body(type, bytes).
void emitPerSize(Builder &rewriter, Location loc, Value esize,
                 function_ref<void(Type, unsigned)> body) {
  for (unsigned bytes : {1u, 2u, 4u, 8u, 16u}) {
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

/// A signed 2-byte field of the tensor map (an im2col corner), sign-extended
/// to i64.
Value cornerField(Builder &b, Location loc, Value map, unsigned offset) {
  Value p = gep(b, loc, map, i64c(b, loc, offset));
  Value v = LLVM::LoadOp::create(b, loc, b.getI16Type(), p, 2);
  return arith::ExtSIOp::create(b, loc, b.getI64Type(), v);
}

/// Dimension i's element stride (traversal stride). cuda.h allows 1..8; 0
/// (written by tensormap.replace or a hand-built map) reads as 8, as an
/// H200 does (a 4-row box stored with element stride 0 stores row 0
/// alone), so that no division of the copy is by zero.
Value elementStride(Builder &b, Location loc, Value map, unsigned i) {
  Value v = field(b, loc, map, tmap::kElementStride + i, 1);
  Value zero = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, v,
                                     i64c(b, loc, 0));
  return arith::SelectOp::create(b, loc, zero, i64c(b, loc, 8), v);
}

/// What a tensor copy visits per piece (or element) of its box: the global
/// and shared addresses, whether the global element is inside the tensor,
/// the piece's size (i64 bytes: the element size, or 16 in an interleaved
/// map) and the map's out-of-bounds fill (i64, non-zero for NaN fill).
using ElementFn = function_ref<void(Value gptr, Value sptr, Value inside,
                                    Value esize, Value nanFill)>;

/// The swizzled shared offset of box byte offset o (docs/lowering.md,
/// "Tensor maps"): o ^ ((o >> s1) & m1) ^ ((o >> 4) & m2), (s1, m1, m2) per
/// swizzle mode and atomicity (the manual's pattern tables; rows are
/// 128-byte lines):
///   none (3, 0, 0); 32B and 96B (3, 16, 0); 64B (3, 48, 0);
///   128B with 16B atoms (3, 112, 0), 32B atoms (2, 96, 0), 32B atoms with
///   the 8-byte flip on odd lines (2, 96, 8), 64B atoms (1, 64, 0).
/// A mode above 4 (no valid map has one) counts as 128B, an atomicity above
/// 3 as 16B; the atomicity of the other modes is ignored.
struct SwizzleFn {
  Value s1, m1, m2;
  SwizzleFn(Builder &b, Location loc, Value mode, Value atom) {
    auto c = [&](int64_t v) { return i64c(b, loc, v); };
    auto eq = [&](Value v, int64_t k) {
      return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, v, c(k))
          .getResult();
    };
    auto sel = [&](Value cond, Value t, Value f) {
      return arith::SelectOp::create(b, loc, cond, t, f).getResult();
    };
    Value is32 = arith::OrIOp::create(b, loc, eq(mode, tmap::kMode32B),
                                      eq(mode, tmap::kMode96B));
    Value is64 = eq(mode, tmap::kMode64B);
    Value is128 = arith::OrIOp::create(
        b, loc, eq(mode, tmap::kMode128B),
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, mode,
                              c(tmap::kMode96B)));
    Value a32 = arith::OrIOp::create(b, loc, eq(atom, tmap::kAtom32B),
                                     eq(atom, tmap::kAtom32BFlip8B));
    Value a64 = eq(atom, tmap::kAtom64B);
    Value m128 = sel(a32, c(96), sel(a64, c(64), c(112)));
    m1 = sel(is32, c(16), sel(is64, c(48), sel(is128, m128, c(0))));
    s1 = sel(is128, sel(a32, c(2), sel(a64, c(1), c(3))), c(3));
    m2 = sel(
        arith::AndIOp::create(b, loc, is128, eq(atom, tmap::kAtom32BFlip8B)),
        c(8), c(0));
  }
  Value operator()(Builder &b, Location loc, Value o) const {
    auto term = [&](Value shift, Value mask) {
      return arith::AndIOp::create(
          b, loc, arith::ShRUIOp::create(b, loc, o, shift), mask);
    };
    Value x = arith::XOrIOp::create(b, loc, o, term(s1, m1));
    return arith::XOrIOp::create(b, loc, x, term(i64c(b, loc, 4), m2));
  }
};

/// Emits one loop over the pieces of the box of a tensor copy (tile or
/// im2col mode) and returns the box's bytes in shared memory and the
/// element size. Without interleave a piece is an element. An interleaved
/// map (tile mode) walks dimension 0 in units of 16 or 32 bytes (the
/// interleave's; coordinates, dimension, box and element stride of
/// dimension 0 count units) and does not walk dimension rank - 2, whose
/// coordinate still places the box (as an H200 does: tensor-layout.c); a
/// 32-byte unit is two 16-byte pieces, swizzled apart. With `perElement`,
/// fn is called per element of each piece (reductions). With `rows`
/// (.tile::gather4/scatter4, 2d), dimension 1 walks those four rows in
/// order instead of the box's (whose height, 1 in a valid map, is not
/// read).
std::pair<Value, Value> walkBox(Builder &rewriter, Location loc, Value map,
                                Value smem, ArrayRef<Value> coords,
                                ArrayRef<Value> offsets, bool im2col,
                                bool perElement, ElementFn fn,
                                ArrayRef<Value> rows = {}) {
  unsigned rank = coords.size();
  Value base = field(rewriter, loc, map, tmap::kAddress, 8);
  Value esize = field(rewriter, loc, map, tmap::kElementSize, 1);
  Value nanFill = field(rewriter, loc, map, tmap::kOobFill, 1);
  SwizzleFn swizzle(rewriter, loc, field(rewriter, loc, map, tmap::kSwizzle, 1),
                    field(rewriter, loc, map, tmap::kSwizzleAtom, 1));
  Value global = LLVM::IntToPtrOp::create(
      rewriter, loc,
      LLVM::LLVMPointerType::get(rewriter.getContext(), kGlobal), base);
  auto c = [&](int64_t v) { return i64c(rewriter, loc, v); };
  auto add = [&](Value a, Value b) {
    return arith::AddIOp::create(rewriter, loc, a, b).getResult();
  };
  auto sub = [&](Value a, Value b) {
    return arith::SubIOp::create(rewriter, loc, a, b).getResult();
  };
  auto mul = [&](Value a, Value b) {
    return arith::MulIOp::create(rewriter, loc, a, b).getResult();
  };
  auto sel = [&](Value cond, Value t, Value f) {
    return arith::SelectOp::create(rewriter, loc, cond, t, f).getResult();
  };
  // Interleave (tile mode): the unit is 16 bytes for code 1, 32 for the
  // others.
  Value interleaved, unit = esize;
  if (!im2col) {
    Value code = field(rewriter, loc, map, tmap::kInterleave, 1);
    interleaved = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ne,
                                        code, c(0));
    Value ubytes =
        sel(arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, code,
                                  c(tmap::kInterleave16B)),
            c(16), c(32));
    unit = sel(interleaved, ubytes, esize);
  }
  // 16U4_ALIGN8B (.b4x16, tile mode, no interleave): dimension 0 counts
  // 4-bit elements, copied as they are, so it is walked in bytes: its
  // extent, box and coordinate halved (an odd coordinate, which the manual
  // does not rule out nor define, is rounded down). The padded types
  // (16U4_ALIGN16B, 16U6_ALIGN16B) are walked in groups of 16 elements:
  // extent, box and coordinate divided by 16 (the manual makes the
  // coordinate a multiple of 128); the group's global bytes are dimension
  // 0's stride, its 16 shared bytes the element size.
  SmallVector<Value> at(coords);
  Value shift0;
  auto halved = [&](Value v, bool sign) {
    return sign ? arith::ShRSIOp::create(rewriter, loc, v, shift0).getResult()
                : arith::ShRUIOp::create(rewriter, loc, v, shift0).getResult();
  };
  if (!im2col) {
    Value dtype = field(rewriter, loc, map, tmap::kDataType, 1);
    auto is = [&](unsigned type) {
      return arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                   dtype, c(type))
          .getResult();
    };
    Value padded = arith::OrIOp::create(rewriter, loc, is(tmap::k16U4Align16B),
                                        is(tmap::k16U6Align16B));
    shift0 = sel(interleaved, c(0),
                 sel(is(tmap::k16U4Align8B), c(1), sel(padded, c(4), c(0))));
    at[0] = halved(at[0], /*sign=*/true);
  }
  // Per dimension: extent, stride, (tile mode) box, and element stride;
  // in tile mode the element count of the box.
  SmallVector<Value> dims, strides, steps, counts;
  Value total = c(1);
  for (unsigned i = 0; i < rank; ++i) {
    Value dim = field(rewriter, loc, map, tmap::kGlobalDim + 8 * i, 8);
    dims.push_back(i == 0 && !im2col ? halved(dim, false) : dim);
    Value stride = field(rewriter, loc, map, tmap::kGlobalStride + 8 * i, 8);
    strides.push_back(i == 0 && !im2col ? sel(interleaved, unit, stride)
                                        : stride);
    Value box =
        im2col ? Value() : field(rewriter, loc, map, tmap::kBoxDim + 2 * i, 2);
    if (i == 0 && !im2col)
      box = halved(box, false);
    Value step = elementStride(rewriter, loc, map, i);
    if (i == 0)
      step = im2col ? c(1) : sel(interleaved, step, c(1));
    steps.push_back(step);
    if (!im2col) {
      Value count = arith::DivUIOp::create(
          rewriter, loc, add(box, sub(steps[i], c(1))), steps[i]);
      if (rank >= 3 && i == rank - 2)
        count = sel(interleaved, c(1), count);
      if (!rows.empty() && i == 1)
        count = c(rows.size());
      counts.push_back(count);
      total = mul(total, count);
    }
  }
  // Im2col mode: channels x pixels; per spatial dimension the lower corner
  // and the number of positions in the bounding box; the linear index of
  // the first pixel in the lattice of bounding boxes.
  Value channels, start;
  SmallVector<Value> lows;
  if (im2col) {
    channels = field(rewriter, loc, map, tmap::kChannelsPerPixel, 2);
    Value pixels = field(rewriter, loc, map, tmap::kPixelsPerColumn, 2);
    total = mul(channels, pixels);
    auto corner = [&](unsigned offset) {
      return cornerField(rewriter, loc, map, offset);
    };
    // Spatial dimensions 1 .. rank-2 (W, H, D): the bounding box runs from
    // the lower corner to dim - 1 + the upper corner, in element strides.
    counts.push_back(c(1));
    for (unsigned i = 1; i + 1 < rank; ++i) {
      Value lo = corner(tmap::kLowerCorner + 2 * (i - 1));
      Value hi = corner(tmap::kUpperCorner + 2 * (i - 1));
      Value span = sub(add(dims[i], hi), lo); // dim - 1 + hi - lo + 1
      Value count = arith::MaxSIOp::create(
          rewriter, loc,
          arith::DivSIOp::create(rewriter, loc,
                                 add(span, sub(steps[i], c(1))), steps[i]),
          c(1));
      lows.push_back(lo);
      counts.push_back(count);
    }
    // start = sum over spatial dims of ((coord - lo) / step) * prod(counts
    // below), plus the batch coordinate times all counts.
    start = coords[rank - 1];
    for (unsigned i = rank - 2; i >= 1; --i) {
      Value idx = arith::DivSIOp::create(
          rewriter, loc, sub(coords[i], lows[i - 1]), steps[i]);
      start = add(mul(start, counts[i]), idx);
    }
  }
  // A 32-byte unit is two pieces: the swizzle moves 16-byte chunks.
  Value piece = arith::MinUIOp::create(rewriter, loc, unit, c(16));
  Value pieces = arith::DivUIOp::create(rewriter, loc, unit, piece);

  emitLoop(rewriter, loc, mul(total, pieces), [&](Value kp) {
    Value k = arith::DivUIOp::create(rewriter, loc, kp, pieces);
    Value p = arith::RemUIOp::create(rewriter, loc, kp, pieces);
    Value inside = intConst(rewriter, loc, rewriter.getI1Type(), 1);
    Value goff = mul(p, piece);
    // Negative coordinates are huge unsigned ones: outside.
    auto visit = [&](unsigned i, Value coord) {
      inside = arith::AndIOp::create(
          rewriter, loc, inside,
          arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ult,
                                coord, dims[i]));
      goff = add(goff, mul(coord, strides[i]));
    };
    if (!im2col) {
      Value rest = k;
      for (unsigned i = 0; i < rank; ++i) {
        Value idx = arith::RemUIOp::create(rewriter, loc, rest, counts[i]);
        rest = arith::DivUIOp::create(rewriter, loc, rest, counts[i]);
        if (!rows.empty() && i == 1) {
          Value row = rows.back();
          for (unsigned r = rows.size() - 1; r-- > 0;)
            row = sel(arith::CmpIOp::create(rewriter, loc,
                                            arith::CmpIPredicate::eq, idx,
                                            c(r)),
                      rows[r], row);
          visit(i, row);
          continue;
        }
        visit(i, add(at[i], mul(idx, steps[i])));
      }
    } else {
      Value ch = arith::RemUIOp::create(rewriter, loc, k, channels);
      Value pixel = arith::DivUIOp::create(rewriter, loc, k, channels);
      visit(0, add(coords[0], ch));
      Value rest = add(start, pixel);
      for (unsigned i = 1; i + 1 < rank; ++i) {
        Value idx = arith::RemSIOp::create(rewriter, loc, rest, counts[i]);
        rest = arith::DivSIOp::create(rewriter, loc, rest, counts[i]);
        Value pos = add(lows[i - 1], mul(idx, steps[i]));
        if (i - 1 < offsets.size())
          pos = add(pos, offsets[i - 1]);
        visit(i, pos);
      }
      visit(rank - 1, rest);
    }
    Value soff = swizzle(rewriter, loc, mul(kp, piece));
    if (!perElement) {
      fn(gep(rewriter, loc, global, goff), gep(rewriter, loc, smem, soff),
         inside, piece, nanFill);
      return;
    }
    emitLoop(rewriter, loc, arith::DivUIOp::create(rewriter, loc, piece, esize),
             [&](Value j) {
               Value off = mul(j, esize);
               fn(gep(rewriter, loc, global, add(goff, off)),
                  gep(rewriter, loc, smem, add(soff, off)), inside, esize,
                  nanFill);
             });
  });
  return {mul(total, unit), esize};
}

/// The im2col::w and im2col::w::128 loads (sm_100; docs/lowering.md,
/// "Tensor maps": the manual's text and our reading where it is silent):
/// pixels along W only, H and D fixed at their coordinates. The main walk
/// starts at the W coordinate (which may lie left of the bounding box),
/// steps by W's element stride to the box's upper end (dim - 1 + upper
/// corner), then continues in the next image from the lower corner. The
/// column is ppc main pixels then wHalo halo pixels (::w), or four chunks of
/// 32 main pixels each followed by wHalo halo pixels (::w::128); a halo
/// pixel continues its chunk's last main pixel along W by the stride in the
/// same image. wOffset shifts every W position. Channels c .. c + cpp - 1 of
/// each pixel are packed pixel-major and swizzled as a box.
std::pair<Value, Value> walkWide(Builder &rewriter, Location loc, Value map,
                                 Value smem, ArrayRef<Value> coords,
                                 Value wHalo, Value wOffset, bool w128,
                                 ElementFn fn) {
  unsigned rank = coords.size();
  auto c = [&](int64_t v) { return i64c(rewriter, loc, v); };
  auto add = [&](Value a, Value b) {
    return arith::AddIOp::create(rewriter, loc, a, b).getResult();
  };
  auto sub = [&](Value a, Value b) {
    return arith::SubIOp::create(rewriter, loc, a, b).getResult();
  };
  auto mul = [&](Value a, Value b) {
    return arith::MulIOp::create(rewriter, loc, a, b).getResult();
  };
  auto sel = [&](Value cond, Value t, Value f) {
    return arith::SelectOp::create(rewriter, loc, cond, t, f).getResult();
  };
  auto cmp = [&](arith::CmpIPredicate p, Value a, Value b) {
    return arith::CmpIOp::create(rewriter, loc, p, a, b).getResult();
  };
  Value base = field(rewriter, loc, map, tmap::kAddress, 8);
  Value esize = field(rewriter, loc, map, tmap::kElementSize, 1);
  Value nanFill = field(rewriter, loc, map, tmap::kOobFill, 1);
  SwizzleFn swizzle(rewriter, loc, field(rewriter, loc, map, tmap::kSwizzle, 1),
                    field(rewriter, loc, map, tmap::kSwizzleAtom, 1));
  Value global = LLVM::IntToPtrOp::create(
      rewriter, loc, LLVM::LLVMPointerType::get(rewriter.getContext(), kGlobal),
      base);
  SmallVector<Value> dims, strides;
  for (unsigned i = 0; i < rank; ++i) {
    dims.push_back(field(rewriter, loc, map, tmap::kGlobalDim + 8 * i, 8));
    strides.push_back(
        field(rewriter, loc, map, tmap::kGlobalStride + 8 * i, 8));
  }
  Value step = elementStride(rewriter, loc, map, 1);
  Value lo = cornerField(rewriter, loc, map, tmap::kLowerCorner),
        hi = cornerField(rewriter, loc, map, tmap::kUpperCorner);
  Value channels = field(rewriter, loc, map, tmap::kChannelsPerPixel, 2);
  // The pixels of a chunk's main walk and of the whole column.
  Value halo =
      arith::ExtUIOp::create(rewriter, loc, rewriter.getI64Type(), wHalo);
  Value offset =
      arith::ExtUIOp::create(rewriter, loc, rewriter.getI64Type(), wOffset);
  Value mainLen =
      w128 ? c(32) : field(rewriter, loc, map, tmap::kPixelsPerColumn, 2);
  Value chunkLen = add(mainLen, halo);
  Value pixels = w128 ? mul(c(4), chunkLen) : chunkLen;
  // The box along W: positions lo .. dim - 1 + hi; count positions per
  // image; first: the pixels left in the starting image.
  Value up = add(sub(dims[1], c(1)), hi);
  Value count = arith::MaxSIOp::create(
      rewriter, loc,
      arith::DivSIOp::create(rewriter, loc, add(sub(up, lo), step), step),
      c(1));
  Value w0 = coords[1];
  Value first =
      sel(cmp(arith::CmpIPredicate::sgt, w0, up), c(0),
          add(arith::DivSIOp::create(rewriter, loc, sub(up, w0), step), c(1)));

  emitLoop(rewriter, loc, mul(pixels, channels), [&](Value k) {
    Value ch = arith::RemUIOp::create(rewriter, loc, k, channels);
    Value pix = arith::DivUIOp::create(rewriter, loc, k, channels);
    Value chunk = arith::DivUIOp::create(rewriter, loc, pix, chunkLen);
    Value t = arith::RemUIOp::create(rewriter, loc, pix, chunkLen);
    Value isMain = cmp(arith::CmpIPredicate::ult, t, mainLen);
    // Main walk index, and halo steps past the chunk's last main pixel.
    Value widx = add(mul(chunk, mainLen), sel(isMain, t, sub(mainLen, c(1))));
    Value extra = sel(isMain, c(0), add(sub(t, mainLen), c(1)));
    Value inFirst = cmp(arith::CmpIPredicate::slt, widx, first);
    Value j = sub(widx, first);
    Value jq = arith::DivSIOp::create(rewriter, loc, j, count);
    Value jr = arith::RemSIOp::create(rewriter, loc, j, count);
    Value pos = sel(inFirst, add(w0, mul(widx, step)), add(lo, mul(jr, step)));
    Value image =
        sel(inFirst, coords[rank - 1], add(coords[rank - 1], add(jq, c(1))));
    pos = add(add(pos, mul(extra, step)), offset);
    Value inside = intConst(rewriter, loc, rewriter.getI1Type(), 1);
    Value goff = c(0);
    auto visit = [&](unsigned i, Value coord) {
      inside =
          arith::AndIOp::create(rewriter, loc, inside,
                                cmp(arith::CmpIPredicate::ult, coord, dims[i]));
      goff = add(goff, mul(coord, strides[i]));
    };
    visit(0, add(coords[0], ch));
    visit(1, pos);
    for (unsigned i = 2; i + 1 < rank; ++i)
      visit(i, coords[i]);
    visit(rank - 1, image);
    Value soff = swizzle(rewriter, loc, mul(k, esize));
    fn(gep(rewriter, loc, global, goff), gep(rewriter, loc, smem, soff), inside,
       esize, nanFill);
  });
  return {mul(mul(pixels, channels), esize), esize};
}

/// The tensor map operand: a kernel parameter, or an address (generic).
template <typename OpT>
FailureOr<Value> lowerTensorMap(Builder &rewriter, OpT op, LoweringState &state,
                                Value adapted) {
  return lowerAddress(rewriter, op, state, adapted, op.getTensorMapSymAttr(),
                      0,
                      op.getTensorMapSymAttr()
                          ? std::optional<StateSpace>(StateSpace::param)
                          : std::nullopt);
}

SmallVector<Value> adaptAll(Builder &rewriter, Location loc, ValueRange vs) {
  SmallVector<Value> out;
  for (Value v : vs)
    out.push_back(
        adapt(rewriter, loc, v, rewriter.getI64Type(), /*sext=*/true));
  return out;
}

struct CpAsyncBulkTensorLowering : public PTXPattern<CpAsyncBulkTensorOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(CpAsyncBulkTensorOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    TensorLoadMode mode = op.getLoadMode().value_or(TensorLoadMode::tile);
    // The verifier keeps .im2col and .tile::gather4 to loads,
    // .im2col_no_offs and .tile::scatter4 to stores.
    bool im2col = mode == TensorLoadMode::im2col ||
                  mode == TensorLoadMode::im2col_no_offs;
    bool rows4 = mode == TensorLoadMode::tile_gather4 ||
                 mode == TensorLoadMode::tile_scatter4;
    bool wide = mode == TensorLoadMode::im2col_w ||
                mode == TensorLoadMode::im2col_w_128;
    // .cta_group::1/::2 name the CTA of a pair whose shared memory holds
    // the mbarrier; a launch is a cluster of one CTA, so it is this one.
    bool isLoad = op.getDstSpace() != StateSpace::global;
    auto i64 = rewriter.getI64Type();

    FailureOr<Value> map =
        lowerTensorMap(rewriter, op, state, adaptor.getTensorMap());
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
    SmallVector<Value> coords = adaptAll(rewriter, loc, adaptor.getCoords());
    SmallVector<Value> offsets = adaptAll(rewriter, loc, adaptor.getIm2col());
    // The verifier checks the coordinate and im2col offset counts.
    // gather4/scatter4: {column, row0, row1, row2, row3} of a 2d tensor.
    SmallVector<Value> rows;
    if (rows4) {
      rows.assign(coords.begin() + 1, coords.end());
      coords.resize(2);
    }

    auto body = [&]() {
      // v = inside ? *ptr : fill, of type t.
      auto guardedLoad = [&](Type t, Value ptr, unsigned align, Value inside,
                             Value fill) {
        Block *before = rewriter.getInsertionBlock();
        Block *after = splitHere(rewriter);
        after->addArgument(t, loc);
        Block *read = rewriter.createBlock(after);
        Value v = LLVM::LoadOp::create(rewriter, loc, t, ptr, align);
        cf::BranchOp::create(rewriter, loc, after, ValueRange{v});
        rewriter.setInsertionPointToEnd(before);
        cf::CondBranchOp::create(rewriter, loc, inside, read, ValueRange{},
                                 after, ValueRange{fill});
        rewriter.setInsertionPointToStart(after);
        return after->getArgument(0);
      };
      // The padded packed types, in groups of 16 elements (walkBox): a load
      // copies the group's 8 (4-bit) or 12 (6-bit) global bytes to the
      // start of its 16 shared bytes and leaves the padding alone (the
      // manual: "un-initialized"), zero outside; a 6-bit store (.b6p2x16)
      // packs the low 6 bits of each shared byte, element 0 lowest, into 12
      // global bytes; a 4-bit store (the manual allows none) copies the 8
      // data bytes back.
      Value dtype = field(rewriter, loc, *map, tmap::kDataType, 1);
      auto isType = [&](unsigned type) {
        return arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                     dtype, i64c(rewriter, loc, type))
            .getResult();
      };
      Value is4 = isType(tmap::k16U4Align16B),
            is6 = isType(tmap::k16U6Align16B);
      Value padded = arith::OrIOp::create(rewriter, loc, is4, is6);
      Value notPadded = arith::XOrIOp::create(
          rewriter, loc, padded,
          intConst(rewriter, loc, rewriter.getI1Type(), 1));
      auto i32 = rewriter.getI32Type(), i128 = rewriter.getIntegerType(128);
      auto paddedGroup = [&](Value gptr, Value sptr, Value inside) {
        Value gHigh = gep(rewriter, loc, gptr, i64c(rewriter, loc, 8));
        Value sHigh = gep(rewriter, loc, sptr, i64c(rewriter, loc, 8));
        if (isLoad) {
          Value lo = guardedLoad(i64, gptr, 4, inside, i64c(rewriter, loc, 0));
          LLVM::StoreOp::create(rewriter, loc, lo, sptr, 8);
          emitIf(rewriter, loc, is6, [&] {
            Value hi = guardedLoad(i32, gHigh, 4, inside,
                                   intConst(rewriter, loc, i32, 0));
            LLVM::StoreOp::create(rewriter, loc, hi, sHigh, 8);
          });
          return;
        }
        emitIf(rewriter, loc, inside, [&] {
          emitIf(rewriter, loc, is4, [&] {
            Value v = LLVM::LoadOp::create(rewriter, loc, i64, sptr, 8);
            LLVM::StoreOp::create(rewriter, loc, v, gptr, 4);
          });
          emitIf(rewriter, loc, is6, [&] {
            Value v = LLVM::LoadOp::create(rewriter, loc, i128, sptr, 16);
            Value acc = intConst(rewriter, loc, i128, 0);
            for (unsigned e = 0; e < 16; ++e) {
              Value b = arith::AndIOp::create(
                  rewriter, loc,
                  arith::ShRUIOp::create(rewriter, loc, v,
                                         intConst(rewriter, loc, i128, 8 * e)),
                  intConst(rewriter, loc, i128, 63));
              acc = arith::OrIOp::create(
                  rewriter, loc, acc,
                  arith::ShLIOp::create(rewriter, loc, b,
                                        intConst(rewriter, loc, i128, 6 * e)));
            }
            LLVM::StoreOp::create(
                rewriter, loc, arith::TruncIOp::create(rewriter, loc, i64, acc),
                gptr, 4);
            Value high = arith::ShRUIOp::create(
                rewriter, loc, acc, intConst(rewriter, loc, i128, 64));
            LLVM::StoreOp::create(
                rewriter, loc,
                arith::TruncIOp::create(rewriter, loc, i32, high), gHigh, 4);
          });
        });
      };
      auto perElement = [&](Value gptr, Value sptr, Value inside, Value esize,
                            Value nanFill) {
        emitIf(rewriter, loc, padded, [&] { paddedGroup(gptr, sptr, inside); });
        emitIf(rewriter, loc, notPadded, [&] {
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
            // 0x7ff77ff7; other sizes (and the 16-byte pieces of the
            // interleave units) get the same 0x7ff7 half-word pattern.
            auto constant = [&](const APInt &v) {
              return arith::ConstantOp::create(rewriter, loc,
                                               IntegerAttr::get(t, v))
                  .getResult();
            };
            APInt nan = bytes == 1
                            ? APInt(8, 0)
                            : APInt::getSplat(bytes * 8, APInt(16, 0x7ff7));
            Value fill = arith::SelectOp::create(
                rewriter, loc,
                arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ne,
                                      nanFill, i64c(rewriter, loc, 0)),
                constant(nan), constant(APInt(bytes * 8, 0)));
            Value v = guardedLoad(t, gptr, bytes, inside, fill);
            LLVM::StoreOp::create(rewriter, loc, v, sptr, bytes);
          });
        });
      };
      // The verifier gives im2col::w{::128} its two operands.
      auto [boxBytes, esize] =
          wide ? walkWide(rewriter, loc, *map, *smem, coords,
                          adaptor.getIm2col()[0], adaptor.getIm2col()[1],
                          mode == TensorLoadMode::im2col_w_128, perElement)
               : walkBox(rewriter, loc, *map, *smem, coords, offsets, im2col,
                         false, perElement, rows);
      if (!isLoad)
        return;
      // The bytes of the whole box, filled elements included, complete on
      // the mbarrier, after a release fence that publishes them.
      Value bytes = boxBytes;
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

/// cp.reduce.async.bulk.tensor: every element of the box inside the tensor
/// is reduced into global memory by one relaxed atomic at .gpu scope (the
/// manual gives each reduction .relaxed.gpu semantics), at issue, by the
/// issuing thread. The element type is the tensor map's data type; types
/// the manual does not allow with the operation leave memory unchanged,
/// except the adds an H200 performs (test/Runtime/CUDA/tensor-nan.c).
struct CpReduceAsyncBulkTensorLowering
    : public PTXPattern<CpReduceAsyncBulkTensorOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(CpReduceAsyncBulkTensorOp op,
                                OpAdaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    TensorLoadMode mode = op.getLoadMode().value_or(TensorLoadMode::tile);
    bool im2col = mode == TensorLoadMode::im2col_no_offs;
    FailureOr<Value> map =
        lowerTensorMap(rewriter, op, state, adaptor.getTensorMap());
    if (failed(map))
      return failure();
    FailureOr<Value> smem =
        lowerAddress(rewriter, op, state, adaptor.getSrc(), op.getSrcSymAttr(),
                     (int64_t)op.getSrcOffset(), StateSpace::shared_cta);
    if (failed(smem))
      return failure();
    SmallVector<Value> coords = adaptAll(rewriter, loc, adaptor.getCoords());
    AtomOperation rop = op.getOp();
    StringRef ss = syncScope(Scope::gpu, Scope::gpu);
    Value dtype = field(rewriter, loc, *map, tmap::kDataType, 1);

    // The data types the manual allows with each operation, as the PTX
    // type of an atom with the same operation.
    struct Case {
      tmap::DataType type;
      PTXType ptxType;
      bool ftz = false;
    };
    SmallVector<Case> cases;
    switch (rop) {
    case AtomOperation::add:
      // Also what an H200 does with the f32 variants and f64, which the
      // manual does not list: TFLOAT32 adds as f32 (every mantissa bit
      // kept), the _FTZ types flush subnormal inputs and results as atom's
      // f32 adds into global memory do, f64 adds as cp.reduce.async.bulk's.
      cases = {{tmap::kUint32, PTXType::u32},
               {tmap::kInt32, PTXType::s32},
               {tmap::kUint64, PTXType::u64},
               {tmap::kFloat32, PTXType::f32},
               {tmap::kFloat16, PTXType::f16},
               {tmap::kBfloat16, PTXType::bf16},
               {tmap::kFloat32Ftz, PTXType::f32, true},
               {tmap::kTfloat32, PTXType::f32},
               {tmap::kTfloat32Ftz, PTXType::f32, true},
               {tmap::kFloat64, PTXType::f64}};
      break;
    case AtomOperation::min:
    case AtomOperation::max:
      cases = {
          {tmap::kUint32, PTXType::u32},  {tmap::kInt32, PTXType::s32},
          {tmap::kUint64, PTXType::u64},  {tmap::kInt64, PTXType::s64},
          {tmap::kFloat16, PTXType::f16}, {tmap::kBfloat16, PTXType::bf16}};
      break;
    case AtomOperation::inc:
    case AtomOperation::dec:
      cases = {{tmap::kUint32, PTXType::u32}};
      break;
    default: // and, or, xor
      cases = {{tmap::kUint32, PTXType::b32},
               {tmap::kInt32, PTXType::b32},
               {tmap::kUint64, PTXType::b64},
               {tmap::kInt64, PTXType::b64}};
      break;
    }

    walkBox(
        rewriter, loc, *map, *smem, coords, {}, im2col, /*perElement=*/true,
        [&](Value gptr, Value sptr, Value inside, Value, Value) {
          emitIf(rewriter, loc, inside, [&] {
            for (Case cs : cases) {
              Value is = arith::CmpIOp::create(
                  rewriter, loc, arith::CmpIPredicate::eq, dtype,
                  i64c(rewriter, loc, cs.type));
              emitIf(rewriter, loc, is, [&] {
                unsigned bytes = tmap::elementSize(cs.type);
                Type it = rewriter.getIntegerType(bytes * 8);
                Value v = LLVM::LoadOp::create(rewriter, loc, it, sptr, bytes);
                // atom's operation on the type: 16-bit float min/max are
                // atom.min/max's compare-and-swap loops (-0 < +0, a NaN
                // yields the other operand).
                LLVM::AtomicBinOp bin = *atomicBinOp(rop, cs.ptxType);
                Value operand = v;
                if (isFloatType(cs.ptxType))
                  operand = LLVM::BitcastOp::create(
                      rewriter, loc, getRegisterType(getContext(), cs.ptxType),
                      v);
                if (bin == LLVM::AtomicBinOp::fmin ||
                    bin == LLVM::AtomicBinOp::fmax) {
                  atomicFloatMinMax(rewriter, loc, gptr, operand,
                                    bin == LLVM::AtomicBinOp::fmax,
                                    LLVM::AtomicOrdering::monotonic, ss, bytes);
                  return;
                }
                auto rmw = LLVM::AtomicRMWOp::create(
                    rewriter, loc, bin, gptr, operand,
                    LLVM::AtomicOrdering::monotonic, ss, bytes);
                if (cs.ftz)
                  rmw->setAttr(kAtomicFtzAttr, rewriter.getUnitAttr());
              });
            }
          });
        });
    rewriter.eraseOp(op);
    return success();
  }
};

/// createpolicy: there is no L2 policy on our targets. The policy is a
/// 64-bit value that only the .L2::cache_hint operands read, and they
/// ignore it; ours encodes the kind and priorities (docs/lowering.md,
/// "Cache policies") and passes createpolicy.cvt's access property through.
template <typename OpT>
struct CreatepolicyLowering : public PTXPattern<OpT> {
  using PTXPattern<OpT>::PTXPattern;
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    Value policy;
    if constexpr (std::is_same_v<OpT, CreatepolicyCvtOp>) {
      policy = adapt(rewriter, loc, adaptor.getAccessProperty(),
                     rewriter.getI64Type());
    } else {
      int64_t kind = std::is_same_v<OpT, CreatepolicyRangeOp> ? 1 : 2;
      int64_t primary = int64_t(op.getPrimary());
      int64_t secondary =
          int64_t(op.getSecondary().value_or(L2Priority::evict_unchanged));
      policy = i64c(rewriter, loc,
                    (int64_t(0x504f4c) << 40) | (kind << 8) | (primary << 4) |
                        secondary);
    }
    rewriter.replaceOp(op, policy);
    return success();
  }
};

/// The CUtensorMapDataType of tensormap.replace's .elemtype code (the PTX
/// manual's numbering: .f32.ftz before .f64 and .bf16, unlike cuda.h's).
std::optional<unsigned> dataTypeOfElemtype(int64_t code) {
  switch (code) {
  case 0:
    return tmap::kUint8;
  case 1:
    return tmap::kUint16;
  case 2:
    return tmap::kUint32;
  case 3:
    return tmap::kInt32;
  case 4:
    return tmap::kUint64;
  case 5:
    return tmap::kInt64;
  case 6:
    return tmap::kFloat16;
  case 7:
    return tmap::kFloat32;
  case 8:
    return tmap::kFloat32Ftz;
  case 9:
    return tmap::kFloat64;
  case 10:
    return tmap::kBfloat16;
  case 11:
    return tmap::kTfloat32;
  case 12:
    return tmap::kTfloat32Ftz;
  case 13: // .b4x16
    return tmap::k16U4Align8B;
  case 14: // .b4x16_p64
    return tmap::k16U4Align16B;
  case 15: // .b6x16_p32 (loads) and .b6p2x16 (stores)
    return tmap::k16U6Align16B;
  default:
    return std::nullopt;
  }
}

/// tensormap.replace: one store into our encoding (TensorMap.h) at the
/// field's fixed place; .elemtype writes the data type, the element size
/// and dimension 0's stride (TensorMap.h's dim0Stride). Values are the field's
/// own (global_stride ord k is dimension k + 1's stride in bytes), as an H200
/// reads them; docs/lowering.md, "Tensor maps".
struct TensormapReplaceLowering : public PTXPattern<TensormapReplaceOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(TensormapReplaceOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    FailureOr<Value> map =
        lowerAddress(rewriter, op, state, adaptor.getAddr(),
                     op.getAddrSymAttr(), op.getAddrOffset(), op.getSpace());
    if (failed(map))
      return failure();
    int64_t ord = getImmediate(op.getOrd()).value_or(0);
    std::optional<int64_t> imm = getImmediate(op.getNewVal());
    Value val =
        adapt(rewriter, loc, adaptor.getNewVal(), rewriter.getI64Type());
    auto put = [&](unsigned offset, unsigned bytes, Value v) {
      Value p = gep(rewriter, loc, *map, i64c(rewriter, loc, offset));
      Type t = rewriter.getIntegerType(bytes * 8);
      if (bytes < 8)
        v = arith::TruncIOp::create(rewriter, loc, t, v);
      LLVM::StoreOp::create(rewriter, loc, v, p, bytes);
    };
    auto putConst = [&](unsigned offset, int64_t v) {
      put(offset, 1, i64c(rewriter, loc, v));
    };
    switch (op.getField()) {
    case TensormapField::global_address:
      put(tmap::kAddress, 8, val);
      break;
    case TensormapField::rank:
      put(tmap::kRank, 1, val);
      break;
    case TensormapField::box_dim:
      put(tmap::kBoxDim + 2 * ord, 2, val);
      break;
    case TensormapField::global_dim:
      put(tmap::kGlobalDim + 8 * ord, 8, val);
      break;
    case TensormapField::global_stride:
      if (ord > 3)
        return unsupported(rewriter, op,
                           "tensormap.replace of global_stride ordinal 4");
      put(tmap::kGlobalStride + 8 * (ord + 1), 8, val);
      break;
    case TensormapField::element_stride:
      put(tmap::kElementStride + ord, 1, val);
      break;
    case TensormapField::elemtype: {
      // The verifier keeps the code in 0..15.
      std::optional<unsigned> type = dataTypeOfElemtype(*imm);
      if (!type)
        return op.emitOpError("unknown elemtype ") << *imm;
      putConst(tmap::kDataType, *type);
      putConst(tmap::kElementSize, tmap::storedElementSize(*type));
      put(tmap::kGlobalStride, 8, i64c(rewriter, loc, tmap::dim0Stride(*type)));
      break;
    }
    // The layout fields are stored as given (the manual's Table 36 values;
    // the verifier keeps them in range): our encoding has the swizzle mode
    // and atomicity apart, as tensormap.replace does.
    case TensormapField::interleave_layout:
      putConst(tmap::kInterleave, *imm);
      break;
    case TensormapField::swizzle_mode:
      putConst(tmap::kSwizzle, *imm);
      break;
    case TensormapField::swizzle_atomicity:
      putConst(tmap::kSwizzleAtom, *imm);
      break;
    case TensormapField::fill_mode:
      putConst(tmap::kOobFill, *imm != 0);
      break;
    }
    rewriter.eraseOp(op);
    return success();
  }
};

/// tensormap.cp_fenceproxy: the 128-byte map copied from shared to global
/// memory, then a release fence at the given scope (the tensormap proxy is
/// the generic one here: tensor copies read the map with plain loads).
struct TensormapCpFenceproxyLowering
    : public PTXPattern<TensormapCpFenceproxyOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(TensormapCpFenceproxyOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    FailureOr<Value> dst =
        lowerAddress(rewriter, op, state, adaptor.getDst(), op.getDstSymAttr(),
                     op.getDstOffset(), op.getDstSpace());
    if (failed(dst))
      return failure();
    FailureOr<Value> src =
        lowerAddress(rewriter, op, state, adaptor.getSrc(), op.getSrcSymAttr(),
                     op.getSrcOffset(), op.getSrcSpace());
    if (failed(src))
      return failure();
    auto i64 = rewriter.getI64Type();
    for (unsigned off = 0; off < tmap::kSize; off += 8) {
      Value v = LLVM::LoadOp::create(
          rewriter, loc, i64,
          gep(rewriter, loc, *src, i64c(rewriter, loc, off)), 8);
      LLVM::StoreOp::create(rewriter, loc, v,
                            gep(rewriter, loc, *dst, i64c(rewriter, loc, off)),
                            8);
    }
    wave::FenceOp::create(rewriter, loc, toWaveScope(op.getScope()));
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void lowering::populateTensorPatterns(SharedTypeConverter &tc,
                                      RewritePatternSet &p, LoweringState &s) {
  p.add<CpAsyncBulkTensorLowering, CpReduceAsyncBulkTensorLowering,
        NoEffectLowering<CpAsyncBulkPrefetchOp>,
        NoEffectLowering<CpAsyncBulkPrefetchTensorOp>,
        CreatepolicyLowering<CreatepolicyRangeOp>,
        CreatepolicyLowering<CreatepolicyFractionalOp>,
        CreatepolicyLowering<CreatepolicyCvtOp>,
        TensormapReplaceLowering, TensormapCpFenceproxyLowering>(
      tc, p.getContext(), s);
}
