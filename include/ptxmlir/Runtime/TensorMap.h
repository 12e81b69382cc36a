//===- TensorMap.h - our encoding of the 128-byte CUtensorMap ---*- C++ -*-===//
//
// CUDA's CUtensorMap is an opaque, 64-byte aligned 128-byte object that
// cuTensorMapEncode* fill in and cp.async.bulk.tensor reads. NVIDIA's
// encoding is undocumented, so ptx-mlir defines its own: libcuda writes it
// (runtime/cuda/TensorMap.cpp) and the lowering of cp.async.bulk.tensor
// (lib/Conversion/PTXToShared/TensorOps.cpp) reads it with plain loads. Every
// field has a fixed place, so that a tensormap.replace can rewrite one field
// alone (docs/lowering.md, "Tensor maps").
//
//   offset size field
//        0    8 global address
//        8    1 rank (1..5)
//        9    1 data type (CUtensorMapDataType)
//       10    1 element size in bytes (1, 2, 4 or 8; 1 for 16U4_ALIGN8B,
//               whose dimension 0 counts 4-bit elements; 16 for the padded
//               16U4_ALIGN16B and 16U6_ALIGN16B: a group of 16 elements in
//               shared memory)
//       11    1 interleave (CUtensorMapInterleave: 0 none, 1 16B, 2 32B)
//       12    1 swizzle mode (tensormap.replace's numbering: 0 none, 1 32B,
//               2 64B, 3 128B, 4 96B)
//       13    1 L2 promotion (CUtensorMapL2promotion)
//       14    1 out-of-bounds fill (CUtensorMapFloatOOBfill)
//       15    1 mode: 0 tiled, 1 im2col, 2 im2col-wide W, 3 im2col-wide
//               W128 (cuTensorMapEncodeIm2colWide; only W's corners)
//       16 5x 8 global dimensions (elements; unused ones 1)
//       56 5x 8 global strides in bytes (stride 0 is the element size,
//               or the 8 or 12 bytes of a padded type's packed group;
//               unused ones the previous stride times its dimension)
//       96 5x 2 box dimensions (elements; tiled mode; unused ones 1)
//      106 5x 1 element strides (unused ones 1)
//      111    1 swizzle atomicity (tensormap.replace's numbering: 0 16B,
//               1 32B, 2 32B with 8B flip, 3 64B)
//      112 3x 2 im2col pixel box lower corner {D, H, W} (signed)
//      118 3x 2 im2col pixel box upper corner {D, H, W} (signed)
//      124    2 im2col channels per pixel
//      126    2 im2col pixels per column
//
// This header needs no CUDA header: enum values and results are plain ints
// equal to cuda.h's.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_RUNTIME_TENSORMAP_H
#define PTXMLIR_RUNTIME_TENSORMAP_H

#include <cstdint>
#include <cstring>

namespace ptxmlir::tensormap {

constexpr unsigned kSize = 128;
constexpr unsigned kAlign = 64;
constexpr unsigned kMaxRank = 5;

constexpr unsigned kAddress = 0;
constexpr unsigned kRank = 8;
constexpr unsigned kDataType = 9;
constexpr unsigned kElementSize = 10;
constexpr unsigned kInterleave = 11;
constexpr unsigned kSwizzle = 12;
constexpr unsigned kL2Promotion = 13;
constexpr unsigned kOobFill = 14;
constexpr unsigned kMode = 15;
constexpr unsigned kGlobalDim = 16;         // 5 x u64
constexpr unsigned kGlobalStride = 56;      // 5 x u64
constexpr unsigned kBoxDim = 96;            // 5 x u16
constexpr unsigned kElementStride = 106;    // 5 x u8
constexpr unsigned kSwizzleAtom = 111;
constexpr unsigned kLowerCorner = 112;      // 3 x i16
constexpr unsigned kUpperCorner = 118;      // 3 x i16
constexpr unsigned kChannelsPerPixel = 124; // u16
constexpr unsigned kPixelsPerColumn = 126;  // u16

enum Mode : uint8_t { kTiled = 0, kIm2col = 1, kIm2colW = 2, kIm2colW128 = 3 };

/// cuda.h's values.
enum Result : int {
  kSuccess = 0,
  kInvalidValue = 1,
  kNotSupported = 801,
};
enum DataType : unsigned {
  kUint8 = 0,
  kUint16,
  kUint32,
  kInt32,
  kUint64,
  kInt64,
  kFloat16,
  kFloat32,
  kFloat64,
  kBfloat16,
  kFloat32Ftz,
  kTfloat32,
  kTfloat32Ftz,
  k16U4Align8B,
  k16U4Align16B,
  k16U6Align16B,
};
enum Interleave : unsigned {
  kInterleaveNone = 0,
  kInterleave16B,
  kInterleave32B
};
/// cuda.h's CUtensorMapSwizzle.
enum Swizzle : unsigned {
  kSwizzleNone = 0,
  kSwizzle32B,
  kSwizzle64B,
  kSwizzle128B,
  kSwizzle128BAtom32B,
  kSwizzle128BAtom32BFlip8B,
  kSwizzle128BAtom64B,
};
/// Our encoding's swizzle mode (byte 12) and atomicity (byte 111), with
/// tensormap.replace's values.
enum SwizzleMode : unsigned {
  kModeNone = 0,
  kMode32B,
  kMode64B,
  kMode128B,
  kMode96B,
};
enum SwizzleAtom : unsigned {
  kAtom16B = 0,
  kAtom32B,
  kAtom32BFlip8B,
  kAtom64B,
};

/// Element size in bytes of a data type; 0 for the packed sub-byte types
/// and unknown values (see storedElementSize).
inline unsigned elementSize(unsigned type) {
  switch (type) {
  case kUint8:
    return 1;
  case kUint16:
  case kFloat16:
  case kBfloat16:
    return 2;
  case kUint32:
  case kInt32:
  case kFloat32:
  case kFloat32Ftz:
  case kTfloat32:
  case kTfloat32Ftz:
    return 4;
  case kUint64:
  case kInt64:
  case kFloat64:
    return 8;
  default:
    return 0;
  }
}

/// The padded packed sub-byte types: 16 elements packed in 8 (4-bit) or 12
/// (6-bit) bytes of global memory take 16 bytes of shared memory.
inline bool isPadded(unsigned type) {
  return type == k16U4Align16B || type == k16U6Align16B;
}

/// The element size byte of our encoding: 16U4_ALIGN8B (.b4x16, 4-bit
/// elements copied as they are) is walked as bytes, its dimension 0 halved;
/// a padded type in groups of 16 elements, 16 bytes in shared memory.
inline unsigned storedElementSize(unsigned type) {
  return type == k16U4Align8B ? 1 : isPadded(type) ? 16 : elementSize(type);
}

/// Dimension 0's stride in our encoding: the element size, or the global
/// bytes of a padded type's group of 16 elements.
inline unsigned dim0Stride(unsigned type) {
  return type == k16U4Align16B   ? 8
         : type == k16U6Align16B ? 12
                                 : storedElementSize(type);
}

/// Global bytes of n elements of dimension 0 (n / 2 for the 4-bit types,
/// n * 3 / 4 for the 6-bit one).
inline uint64_t dim0Bytes(unsigned type, uint64_t n) {
  if (type == k16U4Align8B || type == k16U4Align16B)
    return n / 2;
  if (type == k16U6Align16B)
    return n * 3 / 4;
  return n * elementSize(type);
}

inline bool isFloat(unsigned type) {
  return type == kFloat16 || type == kFloat32 || type == kFloat64 ||
         type == kBfloat16 || type == kFloat32Ftz || type == kTfloat32 ||
         type == kTfloat32Ftz;
}

/// The span in bytes a swizzle mode permutes 16-byte chunks within (0: none).
inline unsigned swizzleSpan(unsigned swizzle) {
  switch (swizzle) {
  case kSwizzle32B:
    return 32;
  case kSwizzle64B:
    return 64;
  case kSwizzle128B:
    return 128;
  default:
    return 0;
  }
}

/// Why an argument was refused, for the caller's log; null on success.
struct Status {
  int result = kSuccess;
  const char *why = nullptr;
};

/// The checks cuTensorMapEncodeTiled and cuTensorMapEncodeIm2col share
/// (cuda.h's documentation of each argument). `box0Bytes` is the inner
/// dimension of the bounding box in bytes (tiled: boxDim[0] x element size;
/// im2col: channelsPerPixel x element size).
inline Status checkCommon(const void *map, unsigned type, unsigned rank,
                          const void *address, const uint64_t *dims,
                          const uint64_t *strides, const uint32_t *elemStrides,
                          unsigned interleave, unsigned swizzle, unsigned l2,
                          unsigned oobFill, unsigned minRank,
                          uint64_t box0Bytes) {
  auto bad = [](const char *why) { return Status{kInvalidValue, why}; };
  // cuda.h asks for a 64-byte aligned map, but NVIDIA's driver does not
  // check it (seen on an H200); our lowering reads it with plain loads.
  if (!map)
    return bad("the tensor map is null");
  if (type > k16U6Align16B)
    return bad("unknown data type");
  if (rank < minRank || rank > kMaxRank)
    return bad("rank out of range");
  if (interleave > kInterleave32B)
    return bad("unknown interleave");
  if (interleave != kInterleaveNone && rank < 3)
    return bad("interleave needs rank 3 or more");
  if (swizzle > kSwizzle128BAtom64B)
    return bad("unknown swizzle");
  if (l2 > 3)
    return bad("unknown L2 promotion");
  if (oobFill > 1)
    return bad("unknown out-of-bounds fill");
  if (oobFill == 1 && !isFloat(type))
    return bad("NaN fill needs a floating-point data type");
  if (!address || uintptr_t(address) % 16)
    return bad("the global address is null or not 16-byte aligned");
  if (interleave == kInterleave32B && uintptr_t(address) % 32)
    return bad("interleave 32B needs a 32-byte aligned global address");
  // Strides are needed even for rank 1 (as NVIDIA's driver).
  if (!dims || !strides || !elemStrides)
    return bad("a null array");
  for (unsigned i = 0; i < rank; ++i)
    if (dims[i] == 0 || dims[i] > (uint64_t(1) << 32))
      return bad("a global dimension is 0 or above 2^32");
  if (type == k16U4Align8B && dims[0] % 2)
    return bad("16U4_ALIGN8B needs an even globalDim[0]");
  // cuda.h: the padded types need globalDim[0] a multiple of 128, a 32-byte
  // aligned address and strides, and (16U6_ALIGN16B) no interleave.
  if (isPadded(type)) {
    if (dims[0] % 128)
      return bad("a padded packed type needs globalDim[0] a multiple of 128");
    if (uintptr_t(address) % 32)
      return bad("a padded packed type needs a 32-byte aligned address");
    for (unsigned i = 0; i + 1 < rank; ++i)
      if (strides[i] % 32)
        return bad("a padded packed type needs strides that are multiples "
                   "of 32");
    if (interleave != kInterleaveNone)
      return type == k16U6Align16B
                 ? bad("16U6_ALIGN16B needs no interleave")
                 : Status{kNotSupported, "interleaved 16U4_ALIGN16B maps"};
    // cuda.h: none, 128B and 128B with 32B atoms (64B atoms for stores).
    if (swizzle != kSwizzleNone && swizzle != kSwizzle128B &&
        swizzle != kSwizzle128BAtom32B && swizzle != kSwizzle128BAtom64B)
      return bad("a padded packed type takes no 32B or 64B swizzle");
  }
  for (unsigned i = 0; i + 1 < rank; ++i) {
    if (strides[i] % 16 || strides[i] >= (uint64_t(1) << 40))
      return bad("a global stride is not a multiple of 16 or not below 2^40");
    if (interleave == kInterleave32B && strides[i] % 32)
      return bad("interleave 32B needs strides that are multiples of 32");
  }
  for (unsigned i = 0; i < rank; ++i)
    if (elemStrides[i] == 0 || elemStrides[i] > 8)
      return bad("an element stride is 0 or above 8");
  // cuda.h: interleave 32B needs swizzle 32B; NVIDIA's driver accepts the
  // others (seen on an H200), and so do we. The 128B swizzles with 32B/64B
  // atoms are sm_100's: an H200 refuses them (INVALID_VALUE), we encode
  // them as cuda.h describes them (test/Runtime/CUDA/tensor-layout.c).
  if (interleave == kInterleaveNone && swizzle != kSwizzleNone) {
    uint64_t span = swizzle >= kSwizzle128B ? 128 : swizzleSpan(swizzle);
    if (box0Bytes > span)
      return bad("the inner box dimension is wider than the swizzle span");
  }
  return {};
}

/// The largest box NVIDIA's driver encodes, in bytes (the box's elements
/// times the element size, interleaved or not, element strides ignored).
/// On an H200 (driver 580.159.04) 128 KiB boxes were encoded and 256 KiB
/// ones refused (test/Runtime/CUDA/tensor-layout.c); the limit between is
/// taken as the H200's opt-in shared memory per block, 227 KiB (CCCL's
/// cuda::make_tma_descriptor checks against that attribute), not measured.
constexpr uint64_t kMaxBoxBytes = 227 * 1024;

/// Our swizzle mode and atomicity of a CUtensorMapSwizzle.
inline unsigned swizzleMode(unsigned swizzle) {
  return swizzle >= kSwizzle128B ? kMode128B : swizzle;
}
inline unsigned swizzleAtom(unsigned swizzle) {
  switch (swizzle) {
  case kSwizzle128BAtom32B:
    return kAtom32B;
  case kSwizzle128BAtom32BFlip8B:
    return kAtom32BFlip8B;
  case kSwizzle128BAtom64B:
    return kAtom64B;
  default:
    return kAtom16B;
  }
}

inline void put(void *map, unsigned off, const void *v, unsigned n) {
  std::memcpy(static_cast<char *>(map) + off, v, n);
}

/// Writes the fields both modes share. Unused dimensions get dimension 1,
/// stride previous stride x dimension, box 1 and element stride 1.
inline void encodeCommon(void *map, unsigned type, unsigned rank,
                         const void *address, const uint64_t *dims,
                         const uint64_t *strides, const uint32_t *elemStrides,
                         unsigned interleave, unsigned swizzle, unsigned l2,
                         unsigned oobFill, Mode mode) {
  std::memset(map, 0, kSize);
  uint64_t addr = uint64_t(uintptr_t(address));
  put(map, kAddress, &addr, 8);
  uint8_t bytes[8] = {uint8_t(rank),
                      uint8_t(type),
                      uint8_t(storedElementSize(type)),
                      uint8_t(interleave),
                      uint8_t(swizzleMode(swizzle)),
                      uint8_t(l2),
                      uint8_t(oobFill),
                      uint8_t(mode)};
  put(map, kRank, bytes, 8);
  uint8_t atom = swizzleAtom(swizzle);
  put(map, kSwizzleAtom, &atom, 1);
  uint64_t stride = dim0Stride(type);
  for (unsigned i = 0; i < kMaxRank; ++i) {
    uint64_t d = i < rank ? dims[i] : 1;
    if (i > 0)
      stride = i < rank ? strides[i - 1] : stride;
    put(map, kGlobalDim + 8 * i, &d, 8);
    put(map, kGlobalStride + 8 * i, &stride, 8);
    if (i + 1 >= rank)
      stride *= d; // the next unused dimension
    uint8_t e = i < rank ? uint8_t(elemStrides[i]) : 1;
    put(map, kElementStride + i, &e, 1);
  }
}

/// cuTensorMapEncodeTiled's checks and encoding.
inline Status encodeTiled(void *map, unsigned type, unsigned rank,
                          const void *address, const uint64_t *dims,
                          const uint64_t *strides, const uint32_t *box,
                          const uint32_t *elemStrides, unsigned interleave,
                          unsigned swizzle, unsigned l2, unsigned oobFill) {
  if (!box)
    return Status{kInvalidValue, "a null array"};
  uint64_t box0Bytes =
      rank >= 1 && rank <= kMaxRank ? dim0Bytes(type, box[0]) : 0;
  Status s = checkCommon(map, type, rank, address, dims, strides, elemStrides,
                         interleave, swizzle, l2, oobFill, 1, box0Bytes);
  if (s.result != kSuccess)
    return s;
  uint64_t boxBytes = box0Bytes;
  for (unsigned i = 0; i < rank; ++i) {
    if (box[i] == 0 || box[i] > 256)
      return Status{kInvalidValue, "a box dimension is 0 or above 256"};
    if (i > 0)
      boxBytes *= box[i];
  }
  if (boxBytes > kMaxBoxBytes)
    return Status{kInvalidValue, "the box is larger than 227 KiB"};
  if (isPadded(type) && box[0] != 128)
    return Status{kInvalidValue, "a padded packed type needs boxDim[0] 128"};
  // Also with interleave, which cuda.h does not say (an H200 refuses it).
  if (type == k16U4Align8B ? box[0] % 32 : box0Bytes % 16)
    return Status{kInvalidValue,
                  "the inner box dimension is not a multiple of 16 bytes"};
  encodeCommon(map, type, rank, address, dims, strides, elemStrides, interleave,
               swizzle, l2, oobFill, kTiled);
  for (unsigned i = 0; i < kMaxRank; ++i) {
    uint16_t b = i < rank ? uint16_t(box[i]) : 1;
    put(map, kBoxDim + 2 * i, &b, 2);
  }
  return {};
}

/// cuTensorMapEncodeIm2col's checks and encoding.
inline Status encodeIm2col(void *map, unsigned type, unsigned rank,
                           const void *address, const uint64_t *dims,
                           const uint64_t *strides, const int *lower,
                           const int *upper, unsigned channelsPerPixel,
                           unsigned pixelsPerColumn,
                           const uint32_t *elemStrides, unsigned interleave,
                           unsigned swizzle, unsigned l2, unsigned oobFill) {
  unsigned esize = elementSize(type);
  Status s = checkCommon(map, type, rank, address, dims, strides, elemStrides,
                         interleave, swizzle, l2, oobFill, 3,
                         uint64_t(channelsPerPixel) * esize);
  if (s.result != kSuccess)
    return s;
  if (type >= k16U4Align8B)
    return Status{kNotSupported, "packed sub-byte im2col maps"};
  if (!lower || !upper)
    return Status{kInvalidValue, "a null array"};
  // The corner offsets' range depends on the rank.
  int lim = rank == 3 ? 32768 : rank == 4 ? 128 : 16;
  unsigned n = rank - 2;
  for (unsigned i = 0; i < n; ++i)
    if (lower[i] < -lim || lower[i] >= lim || upper[i] < -lim ||
        upper[i] >= lim)
      return Status{kInvalidValue, "a pixel box corner is out of range"};
  if (channelsPerPixel == 0 || channelsPerPixel > 256)
    return Status{kInvalidValue, "channelsPerPixel is 0 or above 256"};
  if (pixelsPerColumn == 0 || pixelsPerColumn > 1024)
    return Status{kInvalidValue, "pixelsPerColumn is 0 or above 1024"};
  if (interleave == kInterleaveNone &&
      (uint64_t(channelsPerPixel) * esize) % 16)
    return Status{kInvalidValue,
                  "channelsPerPixel is not a multiple of 16 bytes"};
  // Valid, but how an interleaved im2col box is traversed was not measured.
  if (interleave != kInterleaveNone)
    return Status{kNotSupported, "interleaved im2col maps"};
  encodeCommon(map, type, rank, address, dims, strides, elemStrides, interleave,
               swizzle, l2, oobFill, kIm2col);
  for (unsigned i = 0; i < kMaxRank; ++i) {
    uint16_t b = 1;
    put(map, kBoxDim + 2 * i, &b, 2);
  }
  for (unsigned i = 0; i < n; ++i) {
    int16_t lo = int16_t(lower[i]), hi = int16_t(upper[i]);
    put(map, kLowerCorner + 2 * i, &lo, 2);
    put(map, kUpperCorner + 2 * i, &hi, 2);
  }
  uint16_t c = uint16_t(channelsPerPixel), p = uint16_t(pixelsPerColumn);
  put(map, kChannelsPerPixel, &c, 2);
  put(map, kPixelsPerColumn, &p, 2);
  return {};
}

/// cuTensorMapEncodeIm2colWide's checks and encoding (cuda.h): a box along
/// W only, whose corners are W's (index 0 of the corner arrays, as in
/// im2col mode); `wide` is CUtensorMapIm2ColWideMode (0 W, 1 W128).
inline Status encodeIm2colWide(void *map, unsigned type, unsigned rank,
                               const void *address, const uint64_t *dims,
                               const uint64_t *strides, int lowerW, int upperW,
                               unsigned channelsPerPixel,
                               unsigned pixelsPerColumn,
                               const uint32_t *elemStrides, unsigned interleave,
                               unsigned wide, unsigned swizzle, unsigned l2,
                               unsigned oobFill) {
  auto bad = [](const char *why) { return Status{kInvalidValue, why}; };
  unsigned esize = elementSize(type);
  Status s = checkCommon(map, type, rank, address, dims, strides, elemStrides,
                         interleave, swizzle, l2, oobFill, 3,
                         uint64_t(channelsPerPixel) * esize);
  if (s.result != kSuccess)
    return s;
  if (type >= k16U4Align8B)
    return Status{kNotSupported, "packed sub-byte im2col maps"};
  if (wide > 1)
    return bad("unknown im2col-wide mode");
  if (interleave != kInterleaveNone)
    return bad("im2col-wide maps take no interleave");
  // cuda.h: 64B, 128B or 128B with 32B atoms.
  if (swizzle != kSwizzle64B && swizzle != kSwizzle128B &&
      swizzle != kSwizzle128BAtom32B)
    return bad("im2col-wide maps take the 64B, 128B or 128B_ATOM_32B swizzle");
  if (lowerW < -32768 || lowerW > 32767 || upperW < -32768 || upperW > 32767)
    return bad("a pixel box corner is out of range");
  if (int64_t(dims[1]) + upperW - lowerW <= 0)
    return bad("the bounding box has no area");
  if (channelsPerPixel == 0 || channelsPerPixel > 256)
    return bad("channelsPerPixel is 0 or above 256");
  if (wide == 0 && (pixelsPerColumn == 0 || pixelsPerColumn > 1024))
    return bad("pixelsPerColumn is 0 or above 1024");
  if ((uint64_t(channelsPerPixel) * esize) % 16)
    return bad("channelsPerPixel is not a multiple of 16 bytes");
  encodeCommon(map, type, rank, address, dims, strides, elemStrides, interleave,
               swizzle, l2, oobFill, wide ? kIm2colW128 : kIm2colW);
  for (unsigned i = 0; i < kMaxRank; ++i) {
    uint16_t b = 1;
    put(map, kBoxDim + 2 * i, &b, 2);
  }
  int16_t lo = int16_t(lowerW), hi = int16_t(upperW);
  put(map, kLowerCorner, &lo, 2);
  put(map, kUpperCorner, &hi, 2);
  uint16_t c = uint16_t(channelsPerPixel),
           p = uint16_t(wide ? 128 : pixelsPerColumn);
  put(map, kChannelsPerPixel, &c, 2);
  put(map, kPixelsPerColumn, &p, 2);
  return {};
}

/// cuTensorMapReplaceAddress: the new address must satisfy the alignment
/// the map was encoded with.
inline Status replaceAddress(void *map, const void *address) {
  if (!map)
    return Status{kInvalidValue, "the tensor map is null"};
  uint8_t interleave;
  std::memcpy(&interleave, static_cast<char *>(map) + kInterleave, 1);
  unsigned align = interleave == kInterleave32B ? 32 : 16;
  if (!address || uintptr_t(address) % align)
    return Status{kInvalidValue,
                  "the global address is null or not aligned as encoded"};
  uint64_t addr = uint64_t(uintptr_t(address));
  put(map, kAddress, &addr, 8);
  return {};
}

} // namespace ptxmlir::tensormap

#endif // PTXMLIR_RUNTIME_TENSORMAP_H
