//===- SoftFloat.cpp - half and bfloat16 conversions ----------------------===//

#include "SoftFloat.h"

#include <cstring>

namespace ptxmlir::hsahost::softfloat {

namespace {

template <typename To, typename From> To bits(From f) {
  static_assert(sizeof(To) == sizeof(From));
  To t;
  std::memcpy(&t, &f, sizeof(t));
  return t;
}

/// Widens a half (5-bit exponent) bit pattern to double exactly.
double halfToDouble(uint16_t h) {
  uint64_t sign = uint64_t(h >> 15) << 63;
  uint32_t exp = (h >> 10) & 0x1f, mant = h & 0x3ff;
  uint64_t out;
  if (exp == 0x1f) {
    out = sign | 0x7ff0000000000000ull | (uint64_t(mant) << 42);
  } else if (exp == 0) {
    if (mant == 0)
      return bits<double>(sign);
    // Subnormal: value = mant * 2^-24; normalise it.
    int shift = 0;
    while (!(mant & 0x400)) {
      mant <<= 1;
      ++shift;
    }
    mant &= 0x3ff;
    out = sign | (uint64_t(1023 - 14 - shift) << 52) | (uint64_t(mant) << 42);
  } else {
    out = sign | (uint64_t(exp - 15 + 1023) << 52) | (uint64_t(mant) << 42);
  }
  return bits<double>(out);
}

} // namespace

uint32_t narrowFromDouble(double d, int expBits, int mantBits) {
  uint64_t b = bits<uint64_t>(d);
  uint32_t sign = uint32_t(b >> 63) << (expBits + mantBits);
  uint64_t abs = b & 0x7fffffffffffffffull;
  uint32_t expMax = (1u << expBits) - 1;
  if (abs > 0x7ff0000000000000ull) // NaN: keep it quiet, keep the payload top
    return sign | (expMax << mantBits) | (1u << (mantBits - 1)) |
           uint32_t((abs >> (52 - mantBits)) & ((1u << mantBits) - 1));
  if (abs == 0x7ff0000000000000ull)
    return sign | (expMax << mantBits);
  int dexp = int(abs >> 52);
  if (dexp == 0) // double subnormals are far below any target's subnormals
    return sign;
  int64_t bias = (1 << (expBits - 1)) - 1;
  int64_t e = int64_t(dexp) - 1023 + bias; // target biased exponent
  uint64_t m = (abs & 0xfffffffffffffull) | (1ull << 52);
  // Target subnormals keep fewer bits: shift the extra ones out too.
  int64_t shift = 52 - mantBits + (e <= 0 ? 1 - e : 0);
  if (shift > 60)
    return sign; // below half the smallest subnormal
  uint64_t q = m >> shift, rem = m & ((1ull << shift) - 1),
           half = 1ull << (shift - 1);
  if (rem > half || (rem == half && (q & 1)))
    ++q;
  // A carry out of the fraction bumps the exponent by itself.
  uint64_t out = e <= 0 ? q : (uint64_t(e - 1) << mantBits) + q;
  if (out >= (uint64_t(expMax) << mantBits))
    return sign | (expMax << mantBits);
  return sign | uint32_t(out);
}

float extendhfsf2(_Float16 h) { return float(halfToDouble(bits<uint16_t>(h))); }
double extendhfdf2(_Float16 h) { return halfToDouble(bits<uint16_t>(h)); }
_Float16 truncsfhf2(float f) {
  return bits<_Float16>(uint16_t(narrowFromDouble(double(f), 5, 10)));
}
_Float16 truncdfhf2(double d) {
  return bits<_Float16>(uint16_t(narrowFromDouble(d, 5, 10)));
}
float extendbfsf2(__bf16 b) {
  return bits<float>(uint32_t(bits<uint16_t>(b)) << 16);
}
__bf16 truncsfbf2(float f) {
  return bits<__bf16>(uint16_t(narrowFromDouble(double(f), 8, 7)));
}
__bf16 truncdfbf2(double d) {
  return bits<__bf16>(uint16_t(narrowFromDouble(d, 8, 7)));
}

} // namespace ptxmlir::hsahost::softfloat
