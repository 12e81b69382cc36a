// Host for float_sat_ftz.  .sat: result rounded, then clamped to [0, 1] with
// NaN -> +0 (a -0 result may come back as either zero).  .ftz: subnormal
// inputs are replaced by zeros of the same sign before the operation and
// subnormal results are replaced by zeros of the same sign afterwards.
#include "e2e.h"
using namespace e2e;

static const float kMinNormal = 1.1754943508222875e-38f;
static float flush(float v) { return (v != 0 && std::fabs(v) < kMinNormal) ? std::copysign(0.0f, v) : v; }
static float F(uint64_t b) { return u2f((uint32_t)b); }

// Compare a saturated result: exact, except that a -0 pre-saturation value
// may legitimately produce either zero.
static bool sat_ok(float got, float pre) {
  float exp;
  if (std::isnan(pre)) exp = 0.0f;
  else if (pre > 1.0f) exp = 1.0f;
  else if (pre < 0.0f) exp = 0.0f;
  else exp = pre;
  if (pre == 0.0f) return got == 0.0f;  // +0 or -0
  return f2u(got) == f2u(exp);
}
static bool same(float g, float e) { return f2u(g) == f2u(e) || (std::isnan(g) && std::isnan(e)); }

static float gen(Rng& r) {
  switch (r.below(10)) {
    case 0: case 1: case 2: return rand_f32_exp(r, -149, -127);  // subnormal
    case 3: case 4: return rand_f32_exp(r, -126, -120);          // small normal
    case 5: return r.coin() ? 0.0f : -0.0f;
    case 6: { static const float s[] = {INFINITY, -INFINITY, NAN, 1.0f, -1.0f, 0.5f, 2.0f, 3.4028234663852886e38f};
              return s[r.below(8)]; }
    default: return rand_f32_exp(r, -3, 3);
  }
}

int main(int argc, char** argv) {
  Context ctx = init(argc, argv);
  Checker ck;
  Rng rng(0x5A7F);
  const int N = 4096;
  // ---------------- saturation ----------------
  {
    std::vector<float> a(N), b(N), c(N);
    for (int i = 0; i < N; i++) {
      if (rng.below(4) == 0) { a[i] = gen(rng); b[i] = gen(rng); c[i] = gen(rng); }
      else { a[i] = rng.uniform(-2.0f, 2.0f); b[i] = rng.uniform(-2.0f, 2.0f); c[i] = rng.uniform(-1.0f, 1.0f); }
    }
    a[0] = NAN; a[1] = INFINITY; a[2] = -INFINITY; a[3] = 1.0f; a[4] = 0.0f; a[5] = -0.5f; a[6] = 1.0000001f;
    a[7] = 0.99999994f; a[8] = 0.5f; b[8] = 0.5f;  // 0.5 + 0.5 == 1 exactly
    CUdeviceptr da = upload(a), db = upload(b), dc = upload(c);
    CUdeviceptr dout = alloc_out<float>((size_t)N * 8);
    LAUNCH(get_function(ctx, "k_sat"), N / 256, 256, 0, da, db, dc, dout, N);
    std::vector<float> o = download<float>(dout, (size_t)N * 8);
    static const char* names[8] = {"__saturatef", "add.sat", "sub.sat", "mul.sat", "fma.rn.sat", "add.rz.sat",
                                   "cvt.sat.f32.f32", "__saturatef(x*y)"};
    for (int i = 0; i < N; i++) {
      float x = a[i], y = b[i], z = c[i];
      float pre[8];
      pre[0] = x;
      pre[1] = F(exact_add_to(x, y, kF32, RN));
      pre[2] = F(exact_sub_to(x, y, kF32, RN));
      pre[3] = F(exact_mul_to(x, y, kF32, RN));
      pre[4] = F(exact_fma_to(x, y, z, kF32, RN));
      pre[5] = F(exact_add_to(x, y, kF32, RZ));
      pre[6] = x;
      pre[7] = pre[3];
      for (int k = 0; k < 8; k++) {
        float g = o[(size_t)i * 8 + k];
        ck.expect(sat_ok(g, pre[k]), "%s(%a, %a, %a): got %a, unsaturated result %a", names[k], x, y, z, g, pre[k]);
      }
    }
    dfree(da); dfree(db); dfree(dc); dfree(dout);
  }
  // ---------------- flush to zero ----------------
  {
    std::vector<float> a(N), b(N), c(N);
    for (int i = 0; i < N; i++) { a[i] = gen(rng); b[i] = gen(rng); c[i] = gen(rng); }
    // products of small normals: subnormal results that must be flushed
    for (int i = 0; i < 256; i++) { a[i] = rand_f32_exp(rng, -70, -60); b[i] = rand_f32_exp(rng, -70, -60); }
    CUdeviceptr da = upload(a), db = upload(b), dc = upload(c);
    CUdeviceptr dout = alloc_out<float>((size_t)N * 16), dfl = alloc_out<uint32_t>(N);
    LAUNCH(get_function(ctx, "k_ftz"), N / 256, 256, 0, da, db, dc, dout, dfl, N);
    std::vector<float> o = download<float>(dout, (size_t)N * 16);
    std::vector<uint32_t> fl = download<uint32_t>(dfl, N);
    static const char* names[16] = {"add.ftz", "mul.ftz", "fma.rn.ftz", "sub.ftz", "min.ftz", "max.ftz",
                                    "add.ftz.sat", "div.rn.ftz", "sqrt.rn.ftz", "cvt.rni.ftz", "neg.ftz",
                                    "abs.ftz", "mul.rz.ftz", "add (no ftz)", "mul (no ftz)", "fma (no ftz)"};
    for (int i = 0; i < N; i++) {
      float x = a[i], y = b[i], z = c[i];
      float fx = flush(x), fy = flush(y), fz = flush(z);
      float e[16];
      e[0] = flush(F(exact_add_to(fx, fy, kF32, RN)));
      e[1] = flush(F(exact_mul_to(fx, fy, kF32, RN)));
      e[2] = flush(F(exact_fma_to(fx, fy, fz, kF32, RN)));
      e[3] = flush(F(exact_sub_to(fx, fy, kF32, RN)));
      bool xn = std::isnan(fx), yn = std::isnan(fy);
      e[4] = xn && yn ? NAN : xn ? fy : yn ? fx : (fx < fy ? fx : fy);
      e[5] = xn && yn ? NAN : xn ? fy : yn ? fx : (fx > fy ? fx : fy);
      float presat = flush(F(exact_add_to(fx, fy, kF32, RN)));
      e[7] = flush(host_fdiv(fx, fy, RN));
      e[8] = flush(host_fsqrt(fx, RN));
      e[9] = std::nearbyint(fx);
      e[10] = -fx;
      e[11] = std::fabs(fx);
      e[12] = flush(F(exact_mul_to(fx, fy, kF32, RZ)));
      e[13] = F(exact_add_to(x, y, kF32, RN));
      e[14] = F(exact_mul_to(x, y, kF32, RN));
      e[15] = F(exact_fma_to(x, y, z, kF32, RN));
      for (int k = 0; k < 16; k++) {
        float g = o[(size_t)i * 16 + k];
        bool ok;
        if (k == 6) ok = sat_ok(g, presat);
        else if ((k == 4 || k == 5) && fx == 0 && fy == 0) ok = (g == 0.0f);  // min/max of +0/-0: either zero
        else ok = same(g, e[k]);
        ck.expect(ok, "%s(%a, %a, %a): got %a (0x%08x) expected %a (0x%08x)", names[k], x, y, z, g, f2u(g),
                  k == 6 ? presat : e[k], f2u(k == 6 ? presat : e[k]));
      }
      uint32_t ef = (fx == 0 ? 1u : 0u) | ((fx < fy ? 1u : 0u) << 1) | ((x == 0 ? 1u : 0u) << 2);
      ck.expect(fl[i] == ef, "setp flags for (%a, %a): got %u expected %u (bit0 eq.ftz 0, bit1 lt.ftz, bit2 eq 0)", x, y,
                fl[i], ef);
    }
    dfree(da); dfree(db); dfree(dc); dfree(dout); dfree(dfl);
  }
  return ck.finish(ctx);
}
