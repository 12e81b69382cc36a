// Shared, header-only helpers for the ptx-mlir end-to-end test hosts.
//
// Every host program:
//   * uses only the CUDA Driver API (cuda.h),
//   * loads the module whose path is argv[1] (PTX or a code object),
//   * checks every CUresult with CU_CHECK (prints file:line, the call and the
//     error name, then "FAIL", and exits 1),
//   * generates inputs with the fixed-seed PRNG below,
//   * poisons output buffers (0xCD bytes) before launching,
//   * compares against an independent CPU reference,
//   * prints exactly one final line: PASS or FAIL.
//
// Nothing here depends on <random> or on host libm rounding-mode behaviour
// except the explicit fesetround() helpers (used only for ops where a
// correctly rounded host instruction exists: +,-,*,/,sqrt,fma on double and
// /, sqrt on float).  Float/half/bf16 rounding of exact values is done with
// the integer rounding core `round_bits()` below.
#pragma once

#include <cuda.h>

#include <algorithm>
#include <cfenv>
#include <cinttypes>
#include <cmath>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace e2e {

// ---------------------------------------------------------------------------
// Error checking
// ---------------------------------------------------------------------------
[[noreturn]] inline void fail_now() {
  printf("FAIL\n");
  fflush(stdout);
  exit(1);
}

inline void check_cu(CUresult r, const char* call, const char* file, int line) {
  if (r == CUDA_SUCCESS) return;
  const char* name = nullptr;
  if (cuGetErrorName(r, &name) != CUDA_SUCCESS || !name) name = "<unknown>";
  printf("%s:%d: %s returned %s (%d)\n", file, line, call, name, (int)r);
  fail_now();
}

#define CU_CHECK(call) ::e2e::check_cu((call), #call, __FILE__, __LINE__)

// Host-side sanity condition (not a device result comparison).
#define E2E_REQUIRE(cond)                                                   \
  do {                                                                      \
    if (!(cond)) {                                                          \
      printf("%s:%d: requirement failed: %s\n", __FILE__, __LINE__, #cond); \
      ::e2e::fail_now();                                                    \
    }                                                                       \
  } while (0)

// ---------------------------------------------------------------------------
// Context / module setup
// ---------------------------------------------------------------------------
struct Context {
  CUdevice dev = 0;
  CUcontext ctx = nullptr;
  CUmodule mod = nullptr;
  int cc_major = 0, cc_minor = 0;
};

inline Context init(int argc, char** argv) {
  if (argc < 2) {
    printf("usage: %s <module.ptx|code object>\n", argc > 0 ? argv[0] : "host");
    fail_now();
  }
  Context c;
  CU_CHECK(cuInit(0));
  int ndev = 0;
  CU_CHECK(cuDeviceGetCount(&ndev));
  E2E_REQUIRE(ndev > 0);
  CU_CHECK(cuDeviceGet(&c.dev, 0));
  CU_CHECK(cuDevicePrimaryCtxRetain(&c.ctx, c.dev));
  CU_CHECK(cuCtxSetCurrent(c.ctx));
  CU_CHECK(cuDeviceGetAttribute(&c.cc_major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, c.dev));
  CU_CHECK(cuDeviceGetAttribute(&c.cc_minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, c.dev));
  CU_CHECK(cuModuleLoad(&c.mod, argv[1]));
  return c;
}

inline CUfunction get_function(const Context& c, const char* name) {
  CUfunction f = nullptr;
  CUresult r = cuModuleGetFunction(&f, c.mod, name);
  if (r != CUDA_SUCCESS) printf("kernel '%s' not found\n", name);
  CU_CHECK(r);
  return f;
}

inline CUdeviceptr get_global(const Context& c, const char* name, size_t* bytes_out = nullptr) {
  CUdeviceptr p = 0;
  size_t bytes = 0;
  CUresult r = cuModuleGetGlobal(&p, &bytes, c.mod, name);
  if (r != CUDA_SUCCESS) printf("global '%s' not found\n", name);
  CU_CHECK(r);
  if (bytes_out) *bytes_out = bytes;
  return p;
}

inline void shutdown(Context& c) {
  if (c.mod) CU_CHECK(cuModuleUnload(c.mod));
  c.mod = nullptr;
  if (c.ctx) CU_CHECK(cuDevicePrimaryCtxRelease(c.dev));
  c.ctx = nullptr;
}

// ---------------------------------------------------------------------------
// Memory helpers
// ---------------------------------------------------------------------------
constexpr unsigned char kPoison = 0xCD;

inline CUdeviceptr dalloc(size_t bytes) {
  CUdeviceptr p = 0;
  CU_CHECK(cuMemAlloc(&p, bytes ? bytes : 1));
  return p;
}

inline void dfree(CUdeviceptr p) {
  if (p) CU_CHECK(cuMemFree(p));
}

// Fill device memory with the poison byte (done through a host copy so that
// only cuMemcpyHtoD is needed).
inline void poison(CUdeviceptr p, size_t bytes) {
  std::vector<unsigned char> tmp(bytes ? bytes : 1, kPoison);
  CU_CHECK(cuMemcpyHtoD(p, tmp.data(), bytes));
}

template <class T>
inline CUdeviceptr upload(const std::vector<T>& v) {
  CUdeviceptr p = dalloc(v.size() * sizeof(T));
  if (!v.empty()) CU_CHECK(cuMemcpyHtoD(p, v.data(), v.size() * sizeof(T)));
  return p;
}

template <class T>
inline void upload_to(CUdeviceptr p, const std::vector<T>& v) {
  if (!v.empty()) CU_CHECK(cuMemcpyHtoD(p, v.data(), v.size() * sizeof(T)));
}

// Allocate n elements of T and poison them.
template <class T>
inline CUdeviceptr alloc_out(size_t n) {
  CUdeviceptr p = dalloc(n * sizeof(T));
  poison(p, n * sizeof(T));
  return p;
}

// Download n elements; the host buffer is poisoned first so that a copy that
// silently does nothing cannot pass.
template <class T>
inline std::vector<T> download(CUdeviceptr p, size_t n) {
  std::vector<T> v(n);
  if (n) {
    memset((void*)v.data(), kPoison, n * sizeof(T));
    CU_CHECK(cuMemcpyDtoH(v.data(), p, n * sizeof(T)));
  }
  return v;
}

// ---------------------------------------------------------------------------
// Launch helper: LAUNCH(f, grid, block, shmem, args...) then synchronize
// (at least one kernel argument).
// Arguments are passed by value; their types must match the kernel's
// parameter types exactly (use CUdeviceptr for pointers).
// ---------------------------------------------------------------------------
struct Dim {
  unsigned x, y, z;
  Dim(unsigned x_ = 1, unsigned y_ = 1, unsigned z_ = 1) : x(x_), y(y_), z(z_) {}
};

template <class... Args>
inline void launch_impl(const char* file, int line, CUfunction f, Dim grid, Dim block,
                        unsigned shmem, Args... args) {
  void* params[sizeof...(Args) + 1] = {(void*)&args..., nullptr};
  check_cu(cuLaunchKernel(f, grid.x, grid.y, grid.z, block.x, block.y, block.z, shmem,
                          nullptr, sizeof...(Args) ? params : nullptr, nullptr),
           "cuLaunchKernel", file, line);
  check_cu(cuCtxSynchronize(), "cuCtxSynchronize (after launch)", file, line);
}

#define LAUNCH(f, grid, block, shmem, ...) \
  ::e2e::launch_impl(__FILE__, __LINE__, (f), (grid), (block), (shmem), __VA_ARGS__)

// ---------------------------------------------------------------------------
// PRNG: splitmix64 (fixed seed per program; no <random> distributions).
// ---------------------------------------------------------------------------
struct Rng {
  uint64_t s;
  explicit Rng(uint64_t seed) : s(seed) {}
  uint64_t next64() {
    uint64_t z = (s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  uint32_t next32() { return (uint32_t)(next64() >> 32); }
  // uniform integer in [0, n)
  uint32_t below(uint32_t n) { return (uint32_t)(((uint64_t)next32() * n) >> 32); }
  int32_t range(int32_t lo, int32_t hi) {  // inclusive
    return lo + (int32_t)below((uint32_t)(hi - lo + 1));
  }
  // uniform float in [lo, hi) with 24 random bits
  float uniform(float lo, float hi) {
    double u = (double)(next32() >> 8) * (1.0 / 16777216.0);
    return (float)(lo + (hi - lo) * u);
  }
  double uniform_d(double lo, double hi) {
    double u = (double)(next64() >> 11) * (1.0 / 9007199254740992.0);
    return lo + (hi - lo) * u;
  }
  bool coin() { return (next32() >> 31) != 0; }
};

// Interesting 32/64-bit integer edge values.
inline std::vector<uint32_t> edge_u32() {
  return {0u,          1u,          2u,          3u,          0x7Fu,       0x80u,
          0xFFu,       0x100u,      0x7FFFu,     0x8000u,     0xFFFFu,     0x10000u,
          0x7FFFFFu,   0x800000u,   0xFFFFFFu,   0x1000000u,  0x7FFFFFFFu, 0x80000000u,
          0x80000001u, 0xFFFFFFFEu, 0xFFFFFFFFu, 0x55555555u, 0xAAAAAAAAu, 0x12345678u,
          0xDEADBEEFu, 0x00FF00FFu, 0xF0F0F0F0u, 0x0000FFFFu, 0xFFFF0000u, 31u,
          32u,         33u,         63u,         64u,         65u,         0xFFFFFFE0u};
}

inline std::vector<uint64_t> edge_u64() {
  return {0ull,
          1ull,
          2ull,
          0x7FFFFFFFull,
          0x80000000ull,
          0xFFFFFFFFull,
          0x100000000ull,
          0x7FFFFFFFFFFFFFFFull,
          0x8000000000000000ull,
          0x8000000000000001ull,
          0xFFFFFFFFFFFFFFFEull,
          0xFFFFFFFFFFFFFFFFull,
          0x5555555555555555ull,
          0xAAAAAAAAAAAAAAAAull,
          0x0123456789ABCDEFull,
          0xDEADBEEFCAFEBABEull,
          63ull,
          64ull,
          65ull,
          0xFFFFFFFF00000000ull};
}

// Random integers with a mix of magnitudes (small, large, near powers of two,
// negative) - better at hitting carries and sign cases than plain uniform.
inline uint32_t rand_u32_mixed(Rng& r) {
  switch (r.below(6)) {
    case 0: return r.next32();
    case 1: return r.below(256);
    case 2: return (uint32_t)0 - r.below(256);
    case 3: return r.next32() >> r.below(32);
    case 4: { std::vector<uint32_t> e = edge_u32(); return e[r.below((uint32_t)e.size())]; }
    default: return (1u << r.below(32)) + (uint32_t)r.range(-2, 2);
  }
}
inline uint64_t rand_u64_mixed(Rng& r) {
  switch (r.below(6)) {
    case 0: return r.next64();
    case 1: return r.below(256);
    case 2: return (uint64_t)0 - r.below(256);
    case 3: return r.next64() >> r.below(64);
    case 4: { std::vector<uint64_t> e = edge_u64(); return e[r.below((uint32_t)e.size())]; }
    default: return (1ull << r.below(64)) + (uint64_t)(int64_t)r.range(-2, 2);
  }
}

// Operand pairs: every (edge, edge) combination followed by mixed random
// pairs, n in total (n must be >= edges^2).
inline void make_pairs_u32(Rng& r, size_t n, std::vector<uint32_t>& a, std::vector<uint32_t>& b) {
  std::vector<uint32_t> e = edge_u32();
  a.clear(); b.clear();
  for (uint32_t x : e)
    for (uint32_t y : e) { a.push_back(x); b.push_back(y); }
  while (a.size() < n) { a.push_back(rand_u32_mixed(r)); b.push_back(rand_u32_mixed(r)); }
  a.resize(n); b.resize(n);
}
inline void make_pairs_u64(Rng& r, size_t n, std::vector<uint64_t>& a, std::vector<uint64_t>& b) {
  std::vector<uint64_t> e = edge_u64();
  a.clear(); b.clear();
  for (uint64_t x : e)
    for (uint64_t y : e) { a.push_back(x); b.push_back(y); }
  while (a.size() < n) { a.push_back(rand_u64_mixed(r)); b.push_back(rand_u64_mixed(r)); }
  a.resize(n); b.resize(n);
}

// ---------------------------------------------------------------------------
// Bit casts
// ---------------------------------------------------------------------------
inline uint32_t f2u(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
inline float u2f(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
inline uint64_t d2u(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }
inline double u2d(uint64_t u) { double d; memcpy(&d, &u, 8); return d; }

inline bool f32_bits_isnan(uint32_t u) { return (u & 0x7F800000u) == 0x7F800000u && (u & 0x7FFFFFu); }
inline bool f64_bits_isnan(uint64_t u) {
  return (u & 0x7FF0000000000000ull) == 0x7FF0000000000000ull && (u & 0xFFFFFFFFFFFFFull);
}
inline bool f16_bits_isnan(uint16_t u) { return (u & 0x7C00u) == 0x7C00u && (u & 0x3FFu); }
inline bool bf16_bits_isnan(uint16_t u) { return (u & 0x7F80u) == 0x7F80u && (u & 0x7Fu); }

// Random float with random sign, exponent in [emin, emax] (unbiased) and
// random mantissa.  Exponents below the normal range give subnormals (or 0).
inline float rand_f32_exp(Rng& r, int emin, int emax) {
  int e = r.range(emin, emax);
  uint32_t m = r.next32() & 0x7FFFFFu, bits;
  if (e >= -126) {
    bits = ((uint32_t)(e + 127) << 23) | m;
  } else {
    int sh = -126 - e;
    bits = sh >= 24 ? 0u : ((m | 0x800000u) >> sh);
  }
  if (r.coin()) bits |= 0x80000000u;
  return u2f(bits);
}
inline double rand_f64_exp(Rng& r, int emin, int emax) {
  int e = r.range(emin, emax);
  uint64_t m = r.next64() & 0xFFFFFFFFFFFFFull, bits;
  if (e >= -1022) {
    bits = ((uint64_t)(e + 1023) << 52) | m;
  } else {
    int sh = -1022 - e;
    bits = sh >= 53 ? 0ull : ((m | (1ull << 52)) >> sh);
  }
  if (r.coin()) bits |= 0x8000000000000000ull;
  return u2d(bits);
}

// ---------------------------------------------------------------------------
// Rounding modes and an exact rounding core.
// ---------------------------------------------------------------------------
enum Rnd { RN = 0, RZ = 1, RU = 2, RD = 3 };
inline const char* rnd_name(int r) {
  static const char* n[] = {"rn", "rz", "ru", "rd"};
  return n[r & 3];
}

// Format descriptors: exponent bits / explicit mantissa bits.
struct Fmt {
  int ebits, mbits;
};
constexpr Fmt kF16{5, 10};
constexpr Fmt kBF16{8, 7};
constexpr Fmt kF32{8, 23};
constexpr Fmt kF64{11, 52};

__extension__ typedef unsigned __int128 u128;  // __extension__: no -Wpedantic noise
__extension__ typedef __int128 i128;

inline int msb128(u128 v) {
  uint64_t hi = (uint64_t)(v >> 64);
  if (hi) return 127 - __builtin_clzll(hi);
  return 63 - __builtin_clzll((uint64_t)v);
}

// Round the exact value (-1)^neg * mag * 2^exp to format f in mode r and
// return the encoded bits (sign | exponent | fraction).  Overflow gives inf or
// the largest finite value as IEEE 754 prescribes for the mode; subnormals are
// produced (no flushing).
inline uint64_t round_bits(bool neg, u128 mag, int exp, Fmt f, Rnd r) {
  const uint64_t sign = neg ? (1ull << (f.ebits + f.mbits)) : 0;
  if (mag == 0) return sign;
  const int bias = (1 << (f.ebits - 1)) - 1;
  const int emin = 1 - bias;
  int top = exp + msb128(mag);  // exponent of the leading bit
  int E = top < emin ? emin : top;
  int qexp = E - f.mbits;  // exponent of one unit in the last place
  int shift = qexp - exp;  // bits of mag below the ULP
  u128 m;
  bool half = false, sticky = false;
  if (shift <= 0) {
    m = mag << (-shift);  // exact (mag < 2^(mbits+1) after shifting)
  } else if (shift > 128) {
    m = 0;
    sticky = true;
  } else if (shift == 128) {
    m = 0;
    half = (mag >> 127) & 1;
    sticky = (mag & ((((u128)1) << 127) - 1)) != 0;
  } else {
    m = mag >> shift;
    u128 rem = mag & ((((u128)1) << shift) - 1);
    half = (rem >> (shift - 1)) & 1;
    sticky = (rem & ((((u128)1) << (shift - 1)) - 1)) != 0;
  }
  bool inexact = half || sticky;
  bool inc = false;
  switch (r) {
    case RN: inc = half && (sticky || (m & 1)); break;
    case RZ: inc = false; break;
    case RU: inc = !neg && inexact; break;
    case RD: inc = neg && inexact; break;
  }
  if (inc) m += 1;
  if (m == (((u128)1) << (f.mbits + 1))) {
    m >>= 1;
    qexp += 1;
  }
  uint64_t expfield, frac;
  if (m < (((u128)1) << f.mbits)) {
    expfield = 0;
    frac = (uint64_t)m;
  } else {
    expfield = (uint64_t)(qexp + f.mbits + bias);
    frac = (uint64_t)(m - (((u128)1) << f.mbits));
  }
  const uint64_t expmax = (1ull << f.ebits) - 1;
  if ((int64_t)expfield >= (int64_t)expmax) {
    bool to_inf = (r == RN) || (r == RU && !neg) || (r == RD && neg);
    if (to_inf) return sign | (expmax << f.mbits);
    return sign | ((expmax - 1) << f.mbits) | ((1ull << f.mbits) - 1);
  }
  return sign | (expfield << f.mbits) | frac;
}

inline uint64_t inf_bits(Fmt f, bool neg) {
  return (neg ? (1ull << (f.ebits + f.mbits)) : 0) | (((1ull << f.ebits) - 1) << f.mbits);
}
inline uint64_t qnan_bits(Fmt f) {  // canonical positive quiet NaN, all-ones payload
  return (((1ull << f.ebits) - 1) << f.mbits) | ((1ull << f.mbits) - 1);
}

// Decompose a finite double as (neg, mag, exp) with value = mag * 2^exp.
struct Exact {
  bool neg;
  u128 mag;
  int exp;
};
inline Exact decompose(double d) {
  uint64_t u = d2u(d);
  Exact x;
  x.neg = (u >> 63) != 0;
  int e = (int)((u >> 52) & 0x7FF);
  uint64_t fr = u & 0xFFFFFFFFFFFFFull;
  if (e == 0) {
    x.mag = fr;
    x.exp = -1074;
  } else {
    x.mag = fr | (1ull << 52);
    x.exp = e - 1075;
  }
  return x;
}

// Correctly rounded conversion of a double (or any value exactly
// representable as a double, e.g. a float or a half) to format f.
inline uint64_t round_double_to(double d, Fmt f, Rnd r) {
  if (std::isnan(d)) return qnan_bits(f);
  if (std::isinf(d)) return inf_bits(f, d < 0);
  Exact x = decompose(d);
  return round_bits(x.neg, x.mag, x.exp, f, r);
}

// Correctly rounded conversion of a 64-bit integer.
inline uint64_t round_i64_to(int64_t v, Fmt f, Rnd r) {
  bool neg = v < 0;
  uint64_t mag = neg ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
  return round_bits(neg, mag, 0, f, r);
}
inline uint64_t round_u64_to(uint64_t v, Fmt f, Rnd r) { return round_bits(false, v, 0, f, r); }

// Decode helpers for small formats (exact in double).
inline double decode_bits(uint64_t bits, Fmt f) {
  const int bias = (1 << (f.ebits - 1)) - 1;
  bool neg = (bits >> (f.ebits + f.mbits)) & 1;
  uint64_t e = (bits >> f.mbits) & ((1ull << f.ebits) - 1);
  uint64_t fr = bits & ((1ull << f.mbits) - 1);
  double v;
  if (e == (1ull << f.ebits) - 1)
    v = fr ? NAN : INFINITY;
  else if (e == 0)
    v = ldexp((double)fr, 1 - bias - f.mbits);
  else
    v = ldexp((double)(fr | (1ull << f.mbits)), (int)e - bias - f.mbits);
  return neg ? -v : v;
}
inline double half_to_double(uint16_t h) { return decode_bits(h, kF16); }
inline double bf16_to_double(uint16_t h) { return decode_bits(h, kBF16); }

// Exact fused multiply-add a*b+c rounded once to format f.  a, b and c must
// be values whose significands have at most 26 bits (half, bf16, float).
// Implements IEEE 754 special cases and signed-zero rules.
inline uint64_t exact_fma_to(double a, double b, double c, Fmt f, Rnd r) {
  if (std::isnan(a) || std::isnan(b) || std::isnan(c)) return qnan_bits(f);
  bool pinf = std::isinf(a) || std::isinf(b);
  if (pinf) {
    if (a == 0 || b == 0) return qnan_bits(f);  // inf * 0
    bool pneg = std::signbit(a) != std::signbit(b);
    if (std::isinf(c) && std::signbit(c) != pneg) return qnan_bits(f);  // inf - inf
    return inf_bits(f, pneg);
  }
  if (std::isinf(c)) return inf_bits(f, std::signbit(c));
  bool pneg = std::signbit(a) != std::signbit(b);
  bool pzero = (a == 0 || b == 0);
  if (pzero && c == 0) {
    bool cneg = std::signbit(c);
    bool neg = (pneg && cneg) ? true : (pneg != cneg ? (r == RD) : false);
    return neg ? (1ull << (f.ebits + f.mbits)) : 0;
  }
  if (pzero) return round_double_to(c, f, r);
  Exact xa = decompose(a), xb = decompose(b);
  u128 pm = xa.mag * xb.mag;
  int pe = xa.exp + xb.exp;
  // Normalise away trailing zeros to keep magnitudes small.
  while ((pm & 1) == 0) { pm >>= 1; pe++; }
  if (c == 0) return round_bits(pneg, pm, pe, f, r);
  Exact xc = decompose(c);
  u128 cm = xc.mag;
  int ce = xc.exp;
  while ((cm & 1) == 0) { cm >>= 1; ce++; }
  int ptop = pe + msb128(pm), ctop = ce + msb128(cm);
  // If one term is far below the other, replace it by a tiny sticky term.
  if (ptop - ctop > 70) { cm = 1; ce = ptop - 70; }
  else if (ctop - ptop > 70) { pm = 1; pe = ctop - 70; }
  int e = pe < ce ? pe : ce;
  u128 P = pm << (pe - e), C = cm << (ce - e);
  bool cneg = xc.neg;
  bool neg;
  u128 mag;
  if (pneg == cneg) {
    mag = P + C;
    neg = pneg;
  } else if (P >= C) {
    mag = P - C;
    neg = pneg;
  } else {
    mag = C - P;
    neg = cneg;
  }
  if (mag == 0) return (r == RD) ? (1ull << (f.ebits + f.mbits)) : 0;
  return round_bits(neg, mag, e, f, r);
}
inline uint64_t exact_add_to(double a, double b, Fmt f, Rnd r) { return exact_fma_to(a, 1.0, b, f, r); }
inline uint64_t exact_sub_to(double a, double b, Fmt f, Rnd r) { return exact_fma_to(a, 1.0, -b, f, r); }
inline uint64_t exact_mul_to(double a, double b, Fmt f, Rnd r) {
  if (std::isnan(a) || std::isnan(b)) return qnan_bits(f);
  bool neg = std::signbit(a) != std::signbit(b);
  if (std::isinf(a) || std::isinf(b)) {
    if (a == 0 || b == 0) return qnan_bits(f);
    return inf_bits(f, neg);
  }
  if (a == 0 || b == 0) return neg ? (1ull << (f.ebits + f.mbits)) : 0;
  Exact xa = decompose(a), xb = decompose(b);
  return round_bits(neg, xa.mag * xb.mag, xa.exp + xb.exp, f, r);
}

// ---------------------------------------------------------------------------
// Host directed-rounding helpers based on fesetround.  Each helper is
// noinline and routes operands and results through volatile objects so that
// the operation is neither constant-folded nor moved across fesetround.
// ---------------------------------------------------------------------------
inline int fe_mode(Rnd r) {
  switch (r) {
    case RN: return FE_TONEAREST;
    case RZ: return FE_TOWARDZERO;
    case RU: return FE_UPWARD;
    default: return FE_DOWNWARD;
  }
}
struct RoundGuard {
  int old;
  explicit RoundGuard(Rnd r) : old(fegetround()) { fesetround(fe_mode(r)); }
  ~RoundGuard() { fesetround(old); }
};

__attribute__((noinline)) inline double host_dadd(double a, double b, Rnd r) {
  RoundGuard g(r); volatile double x = a, y = b; volatile double z = x + y; return z;
}
__attribute__((noinline)) inline double host_dsub(double a, double b, Rnd r) {
  RoundGuard g(r); volatile double x = a, y = b; volatile double z = x - y; return z;
}
__attribute__((noinline)) inline double host_dmul(double a, double b, Rnd r) {
  RoundGuard g(r); volatile double x = a, y = b; volatile double z = x * y; return z;
}
__attribute__((noinline)) inline double host_ddiv(double a, double b, Rnd r) {
  RoundGuard g(r); volatile double x = a, y = b; volatile double z = x / y; return z;
}
__attribute__((noinline)) inline double host_dsqrt(double a, Rnd r) {
  RoundGuard g(r); volatile double x = a; volatile double z = std::sqrt(x); return z;
}
__attribute__((noinline)) inline double host_dfma(double a, double b, double c, Rnd r) {
  RoundGuard g(r); volatile double x = a, y = b, w = c; volatile double z = std::fma(x, y, w); return z;
}
__attribute__((noinline)) inline float host_fdiv(float a, float b, Rnd r) {
  RoundGuard g(r); volatile float x = a, y = b; volatile float z = x / y; return z;
}
__attribute__((noinline)) inline float host_fsqrt(float a, Rnd r) {
  RoundGuard g(r); volatile float x = a; volatile float z = std::sqrt(x); return z;
}
__attribute__((noinline)) inline float host_d2f(double a, Rnd r) {
  RoundGuard g(r); volatile double x = a; volatile float z = (float)x; return z;
}

// ---------------------------------------------------------------------------
// Result checking
// ---------------------------------------------------------------------------
struct Checker {
  long checks = 0;
  long errors = 0;
  int max_print = 12;  // override with the environment variable E2E_MAX_PRINT

  Checker() {
    if (const char* e = getenv("E2E_MAX_PRINT")) max_print = atoi(e);
  }

  // Record one comparison; on mismatch print (up to max_print) the message.
  bool expect(bool ok, const char* fmt, ...) __attribute__((format(printf, 3, 4))) {
    checks++;
    if (ok) return true;
    errors++;
    if (errors <= max_print) {
      va_list ap;
      va_start(ap, fmt);
      printf("mismatch: ");
      vprintf(fmt, ap);
      printf("\n");
      va_end(ap);
    }
    return false;
  }

  bool u32(const char* what, size_t i, uint32_t got, uint32_t exp) {
    return expect(got == exp, "%s[%zu]: got 0x%08x (%u / %d) expected 0x%08x (%u / %d)", what, i,
                  got, got, (int32_t)got, exp, exp, (int32_t)exp);
  }
  bool i32(const char* what, size_t i, int32_t got, int32_t exp) { return u32(what, i, (uint32_t)got, (uint32_t)exp); }
  bool u64(const char* what, size_t i, uint64_t got, uint64_t exp) {
    return expect(got == exp, "%s[%zu]: got 0x%016" PRIx64 " (%" PRId64 ") expected 0x%016" PRIx64 " (%" PRId64 ")",
                  what, i, got, (int64_t)got, exp, (int64_t)exp);
  }
  bool i64(const char* what, size_t i, int64_t got, int64_t exp) { return u64(what, i, (uint64_t)got, (uint64_t)exp); }

  // Bit-exact float comparison; any NaN matches any NaN.
  bool f32(const char* what, size_t i, float got, float exp) {
    uint32_t g = f2u(got), e = f2u(exp);
    bool ok = (g == e) || (f32_bits_isnan(g) && f32_bits_isnan(e));
    return expect(ok, "%s[%zu]: got %.9g (0x%08x) expected %.9g (0x%08x)", what, i, got, g, exp, e);
  }
  bool f32_bits(const char* what, size_t i, uint32_t g, uint32_t e) { return f32(what, i, u2f(g), u2f(e)); }
  bool f64(const char* what, size_t i, double got, double exp) {
    uint64_t g = d2u(got), e = d2u(exp);
    bool ok = (g == e) || (f64_bits_isnan(g) && f64_bits_isnan(e));
    return expect(ok, "%s[%zu]: got %.17g (0x%016" PRIx64 ") expected %.17g (0x%016" PRIx64 ")", what, i, got, g,
                  exp, e);
  }
  bool f16(const char* what, size_t i, uint16_t g, uint16_t e) {
    bool ok = (g == e) || (f16_bits_isnan(g) && f16_bits_isnan(e));
    return expect(ok, "%s[%zu]: got half 0x%04x (%.9g) expected 0x%04x (%.9g)", what, i, g, half_to_double(g), e,
                  half_to_double(e));
  }
  bool bf16(const char* what, size_t i, uint16_t g, uint16_t e) {
    bool ok = (g == e) || (bf16_bits_isnan(g) && bf16_bits_isnan(e));
    return expect(ok, "%s[%zu]: got bf16 0x%04x (%.9g) expected 0x%04x (%.9g)", what, i, g, bf16_to_double(g), e,
                  bf16_to_double(e));
  }

  // |got - exp| <= abs_tol + rel_tol * |exp|; NaN matches NaN; infinities must match exactly.
  bool near(const char* what, size_t i, double got, double exp, double rel_tol, double abs_tol) {
    bool ok;
    if (std::isnan(exp) || std::isnan(got))
      ok = std::isnan(exp) && std::isnan(got);
    else if (std::isinf(exp) || std::isinf(got))
      ok = got == exp;
    else
      ok = std::fabs(got - exp) <= abs_tol + rel_tol * std::fabs(exp);
    return expect(ok, "%s[%zu]: got %.9g expected %.9g (tol rel %g abs %g)", what, i, got, exp, rel_tol, abs_tol);
  }

  // Float comparison in units in the last place (of the float format),
  // against a reference computed in higher precision.
  bool ulp_f32(const char* what, size_t i, float got, double ref, double max_ulps) {
    bool ok;
    double err_ulps = 0;
    if (std::isnan(ref) || std::isnan(got))
      ok = std::isnan(ref) && std::isnan(got);
    else if (std::isinf(ref) || std::isinf(got)) {
      // allow rounding to/from the largest finite value
      ok = (double)got == (double)(float)ref || (std::isinf(got) && std::fabs(ref) >= 3.4028234663852886e38);
    } else {
      double a = std::fabs(ref);
      int e;
      std::frexp(a < 1.1754943508222875e-38 ? 1.1754943508222875e-38 : a, &e);
      double ulp = std::ldexp(1.0, e - 24);
      err_ulps = std::fabs((double)got - ref) / ulp;
      ok = err_ulps <= max_ulps;
    }
    return expect(ok, "%s[%zu]: got %.9g (0x%08x) expected %.12g (err %.2f ulp > %.2f)", what, i, got, f2u(got), ref,
                  err_ulps, max_ulps);
  }

  // Prints a summary and the final verdict line; returns the process exit code.
  int finish(Context& c) {
    shutdown(c);
    printf("%ld checks, %ld mismatches\n", checks, errors);
    if (errors == 0 && checks > 0) {
      printf("PASS\n");
      fflush(stdout);
      return 0;
    }
    if (checks == 0) printf("no checks were performed\n");
    printf("FAIL\n");
    fflush(stdout);
    return 1;
  }
};

// Compare two collections as multisets (used for values returned by atomics,
// whose order depends on scheduling).  Reports the first difference.
template <class T>
inline void check_multiset(Checker& ck, const char* what, std::vector<T> got, std::vector<T> exp) {
  std::sort(got.begin(), got.end());
  std::sort(exp.begin(), exp.end());
  if (got.size() != exp.size()) {
    ck.expect(false, "%s: %zu values, expected %zu", what, got.size(), exp.size());
    return;
  }
  for (size_t i = 0; i < got.size(); i++)
    if (got[i] != exp[i]) {
      ck.expect(false, "%s: sorted values differ at position %zu: got %lld expected %lld", what, i,
                (long long)got[i], (long long)exp[i]);
      return;
    }
  ck.expect(true, "%s", what);
}

}  // namespace e2e
