// Host for carry_chain: multi-word add/sub, mixed carry/borrow chains (see
// step() for the carry-flag semantics, which follow the hardware), 64x64->128
// and 128x128->256 multiplies, 64-bit limb chains.  References use 64/128-bit
// host arithmetic word by word.
#include "e2e.h"
using namespace e2e;

static uint32_t biased_word(Rng& r) {
  switch (r.below(6)) {
    case 0: case 1: return 0xFFFFFFFFu;  // long carry/borrow propagation
    case 2: return 0u;
    case 3: return r.below(4);
    default: return r.next32();
  }
}
static uint64_t biased_word64(Rng& r) {
  switch (r.below(6)) {
    case 0: case 1: return ~0ull;
    case 2: return 0;
    case 3: return r.below(4);
    default: return r.next64();
  }
}
// One step of a carry-flag chain as NVIDIA hardware executes it (observed on
// an H200 for sm_75, sm_80 and sm_90 PTX): CF is a plain carry bit.  An add
// computes a + b + cin; a subtract computes a + ~b + cin, with cin = 1 for
// sub.cc and cin = CF for subc; CF receives the carry-out.  So after a
// subtraction CF = NOT borrow.  For chains made only of adds or only of subs
// this is exactly the PTX ISA description (borrow-in / borrow-out); mixing
// add and sub in one chain makes the representation visible: e.g. add.cc with
// no carry followed by subc subtracts an extra 1.  op: +1 add, -1 sub.
static uint32_t step(int op, uint32_t a, uint32_t b, unsigned& cf, bool use_cf) {
  uint64_t s;
  if (op > 0) s = (uint64_t)a + b + (use_cf ? cf : 0u);
  else s = (uint64_t)a + (uint32_t)~b + (use_cf ? cf : 1u);
  cf = (unsigned)(s >> 32);
  return (uint32_t)s;
}

int main(int argc, char** argv) {
  Context ctx = init(argc, argv);
  Checker ck;
  Rng rng(0xCA77);
  const int N = 2048;
  const unsigned TPB = 128, GRID = N / TPB;

  // ---------------- 256-bit add / sub ----------------
  {
    std::vector<uint32_t> a((size_t)N * 8), b((size_t)N * 8);
    for (auto& v : a) v = biased_word(rng);
    for (auto& v : b) v = biased_word(rng);
    // a = 2^256 - 1, b = 1: carry through every word;  a = 0, b = 1: borrow through every word
    for (int k = 0; k < 8; k++) { a[k] = 0xFFFFFFFFu; b[k] = k == 0 ? 1u : 0u; a[8 + k] = 0; b[8 + k] = k == 0 ? 1u : 0u; }
    CUdeviceptr da = upload(a), db = upload(b);
    CUdeviceptr dadd = alloc_out<uint32_t>((size_t)N * 9), dsub = alloc_out<uint32_t>((size_t)N * 9);
    LAUNCH(get_function(ctx, "k_add256"), GRID, TPB, 0, da, db, dadd, N);
    LAUNCH(get_function(ctx, "k_sub256"), GRID, TPB, 0, da, db, dsub, N);
    std::vector<uint32_t> oa = download<uint32_t>(dadd, (size_t)N * 9), os = download<uint32_t>(dsub, (size_t)N * 9);
    for (int i = 0; i < N; i++) {
      uint64_t carry = 0;
      int64_t borrow = 0;
      for (int k = 0; k < 8; k++) {
        uint64_t s = (uint64_t)a[8 * i + k] + b[8 * i + k] + carry;
        carry = s >> 32;
        ck.expect(oa[9 * i + k] == (uint32_t)s, "add256 item %d word %d: got 0x%08x expected 0x%08x", i, k, oa[9 * i + k], (uint32_t)s);
        int64_t d = (int64_t)a[8 * i + k] - (int64_t)b[8 * i + k] - borrow;
        borrow = d < 0 ? 1 : 0;
        ck.expect(os[9 * i + k] == (uint32_t)d, "sub256 item %d word %d: got 0x%08x expected 0x%08x", i, k, os[9 * i + k], (uint32_t)d);
      }
      ck.expect(oa[9 * i + 8] == (uint32_t)carry, "add256 item %d carry-out: got %u expected %u", i, oa[9 * i + 8], (uint32_t)carry);
      uint32_t bm = borrow ? 0xFFFFFFFFu : 0u;
      ck.expect(os[9 * i + 8] == bm, "sub256 item %d borrow-out: got 0x%08x expected 0x%08x", i, os[9 * i + 8], bm);
    }
    dfree(da); dfree(db); dfree(dadd); dfree(dsub);
  }

  // ---------------- mixed chains ----------------
  {
    std::vector<uint32_t> a((size_t)N * 4), b((size_t)N * 4);
    for (auto& v : a) v = biased_word(rng);
    for (auto& v : b) v = biased_word(rng);
    CUdeviceptr da = upload(a), db = upload(b);
    CUdeviceptr dout = alloc_out<uint32_t>((size_t)N * 10);
    LAUNCH(get_function(ctx, "k_mixed"), GRID, TPB, 0, da, db, dout, N);
    std::vector<uint32_t> o = download<uint32_t>(dout, (size_t)N * 10);
    for (int i = 0; i < N; i++) {
      const uint32_t* x = &a[4 * i];
      const uint32_t* y = &b[4 * i];
      uint32_t e[10];
      unsigned cf = 0;
      e[0] = step(+1, x[0], y[0], cf, false);
      e[1] = step(-1, x[1], y[1], cf, true);
      e[2] = step(+1, x[2], y[2], cf, true);
      e[3] = step(-1, x[3], y[3], cf, true);
      e[4] = cf;  // addc 0 + 0 + CF
      cf = 0;
      e[5] = step(-1, x[0], y[0], cf, false);
      e[6] = step(+1, x[1], y[1], cf, true);
      e[7] = step(-1, x[2], y[2], cf, true);
      e[8] = step(+1, x[3], y[3], cf, true);
      e[9] = cf ? 0u : 0xFFFFFFFFu;  // subc 0, 0 = 0 + ~0 + CF
      for (int k = 0; k < 10; k++)
        ck.expect(o[10 * i + k] == e[k],
                  "mixed chain %c item %d word %d (a=%08x:%08x:%08x:%08x b=%08x:%08x:%08x:%08x): got 0x%08x expected 0x%08x",
                  k < 5 ? 'A' : 'B', i, k % 5, x[3], x[2], x[1], x[0], y[3], y[2], y[1], y[0], o[10 * i + k], e[k]);
    }
    dfree(da); dfree(db); dfree(dout);
  }

  // ---------------- 64x64 -> 128 ----------------
  {
    std::vector<uint64_t> a, b;
    make_pairs_u64(rng, N, a, b);
    CUdeviceptr da = upload(a), db = upload(b);
    CUdeviceptr dout = alloc_out<uint32_t>((size_t)N * 4);
    LAUNCH(get_function(ctx, "k_mul64x64"), GRID, TPB, 0, da, db, dout, N);
    std::vector<uint32_t> o = download<uint32_t>(dout, (size_t)N * 4);
    for (int i = 0; i < N; i++) {
      u128 p = (u128)a[i] * b[i];
      for (int k = 0; k < 4; k++) {
        uint32_t e = (uint32_t)(p >> (32 * k));
        ck.expect(o[4 * i + k] == e, "mul64x64(0x%016" PRIx64 ", 0x%016" PRIx64 ") word %d: got 0x%08x expected 0x%08x",
                  a[i], b[i], k, o[4 * i + k], e);
      }
    }
    dfree(da); dfree(db); dfree(dout);
  }

  // ---------------- 128x128 -> 256 ----------------
  {
    std::vector<uint32_t> a((size_t)N * 4), b((size_t)N * 4);
    for (auto& v : a) v = biased_word(rng);
    for (auto& v : b) v = biased_word(rng);
    for (int k = 0; k < 4; k++) { a[k] = 0xFFFFFFFFu; b[k] = 0xFFFFFFFFu; }  // (2^128-1)^2
    CUdeviceptr da = upload(a), db = upload(b);
    CUdeviceptr dout = alloc_out<uint32_t>((size_t)N * 10);
    LAUNCH(get_function(ctx, "k_mul128"), GRID, TPB, 0, da, db, dout, N);
    std::vector<uint32_t> o = download<uint32_t>(dout, (size_t)N * 10);
    for (int i = 0; i < N; i++) {
      // schoolbook with 64-bit partial products, independent of the device's
      // two-pass lo/hi organisation
      uint64_t res[10] = {0};
      for (int p = 0; p < 4; p++) {
        uint64_t carry = 0;
        for (int q = 0; q < 4; q++) {
          uint64_t t = (uint64_t)a[4 * i + p] * b[4 * i + q] + res[p + q] + carry;
          res[p + q] = (uint32_t)t;
          carry = t >> 32;
        }
        res[p + 4] = carry;
      }
      for (int k = 0; k < 10; k++)
        ck.expect(o[10 * i + k] == (uint32_t)res[k], "mul128 item %d word %d: got 0x%08x expected 0x%08x", i, k,
                  o[10 * i + k], (uint32_t)res[k]);
    }
    dfree(da); dfree(db); dfree(dout);
  }

  // ---------------- 64-bit limb chains ----------------
  {
    std::vector<uint64_t> a((size_t)N * 4), b((size_t)N * 4);
    for (auto& v : a) v = biased_word64(rng);
    for (auto& v : b) v = biased_word64(rng);
    for (int k = 0; k < 4; k++) { a[k] = ~0ull; b[k] = k == 0 ? 1 : 0; }
    CUdeviceptr da = upload(a), db = upload(b);
    CUdeviceptr dout = alloc_out<uint64_t>((size_t)N * 10);
    LAUNCH(get_function(ctx, "k_addsub64"), GRID, TPB, 0, da, db, dout, N);
    std::vector<uint64_t> o = download<uint64_t>(dout, (size_t)N * 10);
    for (int i = 0; i < N; i++) {
      u128 carry = 0;
      unsigned borrow = 0;
      uint64_t e[10];
      for (int k = 0; k < 4; k++) {
        u128 s = (u128)a[4 * i + k] + b[4 * i + k] + carry;
        e[k] = (uint64_t)s;
        carry = s >> 64;
        u128 sub = (u128)b[4 * i + k] + borrow;
        e[5 + k] = (uint64_t)((u128)a[4 * i + k] - sub);
        borrow = (u128)a[4 * i + k] < sub ? 1u : 0u;
      }
      e[4] = (uint64_t)carry;
      e[9] = borrow ? ~0ull : 0ull;
      for (int k = 0; k < 10; k++)
        ck.expect(o[10 * i + k] == e[k], "%s64 item %d word %d: got 0x%016" PRIx64 " expected 0x%016" PRIx64,
                  k < 5 ? "add256_" : "sub256_", i, k % 5, o[10 * i + k], e[k]);
    }
    dfree(da); dfree(db); dfree(dout);
  }
  return ck.finish(ctx);
}
