//===- PTXVerifiersTexture.cpp - PTX rules of texture/surface ops ---------===//
//
// The manual's legality rules for tex, tld4, txq, istypep, suld, sust,
// sured and suq: geometry/type combinations, vector and coordinate counts,
// and the operands that go with `.level`/`.grad`.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "ptxmlir/Dialect/PTX/IR/PTXOps.h"

using namespace mlir;
using namespace mlir::ptx;

namespace {
bool isOneOf(PTXType t, std::initializer_list<PTXType> types) {
  return llvm::is_contained(types, t);
}

/// A texture, sampler or surface: one of a name or a 64-bit register.
LogicalResult verifyHandle(Operation *op, Value reg,
                           std::optional<StringRef> sym, StringRef what,
                           bool required) {
  if (reg && sym)
    return op->emitOpError() << what << " is either a name or a register, "
                             << "not both";
  if (required && !reg && !sym)
    return op->emitOpError() << "needs a " << what;
  if (reg && !reg.getType().isInteger(64))
    return op->emitOpError()
           << what << " register must be 64-bit, got " << reg.getType();
  return success();
}

/// Coordinates of a texture fetch: `.1d` one, `.2d` two, `.3d` and cube
/// maps four (the last ignored), arrays one more for the index.
unsigned texCoordCount(TexGeom g) {
  switch (g) {
  case TexGeom::g1d:
    return 1;
  case TexGeom::g2d:
  case TexGeom::a1d:
    return 2;
  default:
    return 4;
  }
}

/// Gradient vector length of `tex.grad`.
unsigned gradCount(TexGeom g) {
  switch (g) {
  case TexGeom::g1d:
  case TexGeom::a1d:
    return 1;
  case TexGeom::g2d:
  case TexGeom::a2d:
    return 2;
  default:
    return 4;
  }
}

bool isCube(TexGeom g) { return g == TexGeom::cube || g == TexGeom::acube; }
bool isMultisample(TexGeom g) {
  return g == TexGeom::g2dms || g == TexGeom::a2dms;
}

LogicalResult verifyCount(Operation *op, size_t n, size_t expected,
                          StringRef what) {
  if (n != expected)
    return op->emitOpError()
           << "expects " << expected << " " << what << ", got " << n;
  return success();
}

bool isImmediate(Value v) {
  return v && v.getDefiningOp<arith::ConstantOp>() != nullptr;
}

/// Surface coordinates: `.1d` x, `.2d` {x, y}, `.3d` {x, y, z, _}, arrays
/// with the index first.
LogicalResult verifySurfaceGeom(Operation *op, TexGeom geom, size_t coords,
                                bool allowArrays) {
  bool ok = geom == TexGeom::g1d || geom == TexGeom::g2d ||
            geom == TexGeom::g3d ||
            (allowArrays && (geom == TexGeom::a1d || geom == TexGeom::a2d));
  if (!ok)
    return op->emitOpError("surface geometry must be .1d, .2d, .3d")
           << (allowArrays ? ", .a1d or .a2d" : "") << ", got ."
           << stringifyTexGeom(geom);
  return verifyCount(op, coords, texCoordCount(geom), "coordinates");
}

bool isBitType8To64(PTXType t) {
  return isOneOf(t, {PTXType::b8, PTXType::b16, PTXType::b32, PTXType::b64});
}

size_t vecCount(std::optional<VecWidth> vec) {
  return vec ? static_cast<size_t>(*vec) : 1;
}
} // namespace

LogicalResult TexOp::verifyInstruction() {
  Operation *op = getOperation();
  if (failed(verifyHandle(op, getTex(), getTexSym(), "texture", true)) ||
      failed(verifyHandle(op, getSampler(), getSamplerSym(), "sampler", false)))
    return failure();
  PTXType dtype = getDtype(), ctype = getCtype();
  TexGeom geom = getGeom();
  if (!isOneOf(dtype, {PTXType::u32, PTXType::s32, PTXType::f16, PTXType::f32,
                       PTXType::f16x2}))
    return emitOpError("dtype must be .u32, .s32, .f16, .f32 or .f16x2");
  if (!isOneOf(ctype, {PTXType::s32, PTXType::f32}))
    return emitOpError("coordinate type must be .s32 or .f32");
  VecWidth want = dtype == PTXType::f16x2 ? VecWidth::v2 : VecWidth::v4;
  if (getVec() != want)
    return emitOpError("a texture fetch of .")
           << stringifyPTXType(dtype) << " returns ."
           << stringifyVecWidth(want);
  if (failed(verifyCount(op, getD().size(), static_cast<size_t>(want),
                         "destination registers")) ||
      failed(verifyCount(op, getCoords().size(), texCoordCount(geom),
                         "coordinates")))
    return failure();
  if (isCube(geom) && ctype != PTXType::f32)
    return emitOpError("cube map coordinates must be .f32");
  if (isMultisample(geom) && ctype != PTXType::s32)
    return emitOpError("multi-sample texture coordinates must be .s32");
  std::optional<TexMipmap> mip = getMipmap();
  if (isMultisample(geom) && mip && *mip != TexMipmap::base)
    return emitOpError("multi-sample textures have no mipmap levels");
  if (bool(getLod()) != (mip == TexMipmap::level))
    return emitOpError("the lod operand goes with .level, and only with it");
  if ((!getDPdx().empty() || !getDPdy().empty()) != (mip == TexMipmap::grad))
    return emitOpError("the gradient operands go with .grad, and only with it");
  if (mip == TexMipmap::grad &&
      (failed(verifyCount(op, getDPdx().size(), gradCount(geom),
                          "dPdx components")) ||
       failed(verifyCount(op, getDPdy().size(), gradCount(geom),
                          "dPdy components"))))
    return failure();
  if (!getOffset().empty() && isCube(geom))
    return emitOpError("cube maps take no offset vector");
  if (getDepth() && (geom == TexGeom::g3d || isMultisample(geom)))
    return emitOpError("depth compare is not available with .")
           << stringifyTexGeom(geom);
  return success();
}

LogicalResult Tld4Op::verifyInstruction() {
  Operation *op = getOperation();
  if (failed(verifyHandle(op, getTex(), getTexSym(), "texture", true)) ||
      failed(verifyHandle(op, getSampler(), getSamplerSym(), "sampler", false)))
    return failure();
  TexGeom geom = getGeom();
  if (!(geom == TexGeom::g2d || geom == TexGeom::a2d || isCube(geom)))
    return emitOpError("geometry must be .2d, .a2d, .cube or .acube");
  if (getVec() != VecWidth::v4)
    return emitOpError("tld4 returns .v4");
  if (!isOneOf(getDtype(), {PTXType::u32, PTXType::s32, PTXType::f32}))
    return emitOpError("dtype must be .u32, .s32 or .f32");
  if (getCtype() != PTXType::f32)
    return emitOpError("coordinate type must be .f32");
  if (failed(verifyCount(op, getD().size(), 4, "destination registers")) ||
      failed(verifyCount(op, getCoords().size(), texCoordCount(geom),
                         "coordinates")))
    return failure();
  if (!getOffset().empty() && isCube(geom))
    return emitOpError("cube maps take no offset vector");
  return success();
}

LogicalResult TxqOp::verifyInstruction() {
  if (failed(verifyHandle(*this, getTex(), getTexSym(), "texture or sampler",
                          true)))
    return failure();
  if (getType() != PTXType::b32)
    return emitOpError("type must be .b32");
  TexQuery q = getQuery();
  if (getLevel() && q != TexQuery::width && q != TexQuery::height &&
      q != TexQuery::depth)
    return emitOpError(".level queries only .width, .height or .depth");
  if (bool(getLod()) != getLevel())
    return emitOpError("the lod operand goes with .level, and only with it");
  return success();
}

LogicalResult IstypepOp::verifyInstruction() {
  if (!isOneOf(getType(),
               {PTXType::texref, PTXType::samplerref, PTXType::surfref}))
    return emitOpError("type must be .texref, .samplerref or .surfref");
  if (!isImmediate(getA()) && !getA().getType().isInteger(64))
    return emitOpError("operand must be a 64-bit register");
  return success();
}

LogicalResult SuldOp::verifyInstruction() {
  Operation *op = getOperation();
  if (failed(verifyHandle(op, getSurf(), getSurfSym(), "surface", true)))
    return failure();
  if (getMode() != SurfMode::b)
    return emitOpError("surface loads are unformatted (.b)");
  if (failed(verifySurfaceGeom(op, getGeom(), getCoords().size(), true)))
    return failure();
  if (auto cop = getCop())
    if (!llvm::is_contained(
            {CacheOp::ca, CacheOp::cg, CacheOp::cs, CacheOp::cv}, *cop))
      return emitOpError("cache operator must be .ca, .cg, .cs or .cv");
  if (!isBitType8To64(getType()))
    return emitOpError("type must be .b8, .b16, .b32 or .b64");
  return verifyCount(op, getD().size(), vecCount(getVec()),
                     "destination registers");
}

LogicalResult SustOp::verifyInstruction() {
  Operation *op = getOperation();
  if (failed(verifyHandle(op, getSurf(), getSurfSym(), "surface", true)))
    return failure();
  bool formatted = getMode() == SurfMode::p;
  if (failed(verifySurfaceGeom(op, getGeom(), getCoords().size(),
                               /*allowArrays=*/!formatted)))
    return failure();
  if (auto cop = getCop()) {
    if (formatted)
      return emitOpError("formatted stores (.p) take no cache operator");
    if (!llvm::is_contained(
            {CacheOp::wb, CacheOp::cg, CacheOp::cs, CacheOp::wt}, *cop))
      return emitOpError("cache operator must be .wb, .cg, .cs or .wt");
  }
  if (formatted ? getType() != PTXType::b32 : !isBitType8To64(getType()))
    return emitOpError(formatted ? "formatted stores (.p) take .b32"
                                 : "type must be .b8, .b16, .b32 or .b64");
  return verifyCount(op, getC().size(), vecCount(getVec()), "source registers");
}

LogicalResult SuredOp::verifyInstruction() {
  Operation *op = getOperation();
  if (failed(verifyHandle(op, getSurf(), getSurfSym(), "surface", true)) ||
      failed(verifySurfaceGeom(op, getGeom(), getCoords().size(), false)))
    return failure();
  AtomOperation o = getOp();
  PTXType t = getType();
  bool minMax = o == AtomOperation::min || o == AtomOperation::max;
  bool ok;
  if (getMode() == SurfMode::p) {
    ok = (t == PTXType::b32 &&
          (minMax || o == AtomOperation::add || o == AtomOperation::And ||
           o == AtomOperation::Or)) ||
         (t == PTXType::b64 && minMax);
  } else if (o == AtomOperation::add) {
    ok = isOneOf(t, {PTXType::u32, PTXType::u64, PTXType::s32});
  } else if (minMax) {
    ok = isOneOf(t, {PTXType::u32, PTXType::s32, PTXType::u64, PTXType::s64});
  } else if (o == AtomOperation::And || o == AtomOperation::Or) {
    ok = t == PTXType::b32;
  } else {
    return emitOpError("operation must be .add, .min, .max, .and or .or");
  }
  if (!ok)
    return emitOpError("sured.")
           << stringifySurfMode(getMode()) << "." << stringifyAtomOperation(o)
           << " does not take ." << stringifyPTXType(t);
  return success();
}

LogicalResult SuqOp::verifyInstruction() {
  if (failed(verifyHandle(*this, getSurf(), getSurfSym(), "surface", true)))
    return failure();
  if (getType() != PTXType::b32)
    return emitOpError("type must be .b32");
  return success();
}
