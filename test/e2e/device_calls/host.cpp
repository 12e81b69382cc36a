// Host for device_calls.
#include "e2e.h"
using namespace e2e;

struct V3 { float x, y, z; };
static V3 cross3(V3 u, V3 v) {
  // each product and difference rounded to float, as __fmul_rn/__fsub_rn do
  auto m = [](float a, float b) { volatile float r = a * b; return (float)r; };
  auto s = [](float a, float b) { volatile float r = a - b; return (float)r; };
  return {s(m(u.y, v.z), m(u.z, v.y)), s(m(u.z, v.x), m(u.x, v.z)), s(m(u.x, v.y), m(u.y, v.x))};
}
static V3 vadd(V3 u, V3 v) {
  volatile float a = u.x + v.x, b = u.y + v.y, c = u.z + v.z;
  return {a, b, c};
}
struct BigH { int32_t a[6]; int64_t b; int8_t c; double d; };
static BigH transform(BigH in, int k) {
  BigH r;
  for (int i = 0; i < 6; i++) r.a[i] = in.a[5 - i] * k + i;
  r.b = in.b * 3 - k;
  r.c = (int8_t)(in.c + k);
  r.d = in.d * 0.5 + k;
  return r;
}
static int fib(int n) { int a = 0, b = 1; for (int i = 0; i < n; i++) { int t = a + b; a = b; b = t; } return a; }
static int ack(int m, int n) {  // closed forms for m <= 2
  if (m == 0) return n + 1;
  if (m == 1) return n + 2;
  return 2 * n + 3;
}
static int64_t rsum(const int32_t* p, int n) {
  if (n == 0) return 0;
  if (n == 1) return p[0];
  int h = n / 2;
  return rsum(p, h) * 3 + rsum(p + h, n - h);
}
static int32_t op(int k, int32_t a, int32_t b) {
  switch (k) {
    case 0: return (int32_t)((uint32_t)a + (uint32_t)b);
    case 1: return (int32_t)((uint32_t)a - (uint32_t)b);
    case 2: return (int32_t)((uint32_t)a * (uint32_t)b);
    case 3: return a ^ b;
    case 4: return a < b ? a : b;
    default: return (int32_t)((uint32_t)a << (b & 31));
  }
}

int main(int argc, char** argv) {
  Context ctx = init(argc, argv);
  Checker ck;
  Rng rng(0xCA11);
  // ---------------- struct arguments / returns ----------------
  {
    const int N = 512;
    std::vector<float> v((size_t)N * 6);
    std::vector<int32_t> iv((size_t)N * 6);
    for (auto& x : v) x = rng.uniform(-10, 10);
    for (auto& x : iv) x = rng.range(-1000000, 1000000);
    CUdeviceptr dv = upload(v), div = upload(iv);
    CUdeviceptr dov = alloc_out<float>((size_t)N * 6), dob = alloc_out<int32_t>((size_t)N * 7),
                dol = alloc_out<int64_t>(N), dod = alloc_out<double>(N);
    LAUNCH(get_function(ctx, "k_structs"), N / 128, 128, 0, dv, div, dov, dob, dol, dod, N);
    std::vector<float> ov = download<float>(dov, (size_t)N * 6);
    std::vector<int32_t> ob = download<int32_t>(dob, (size_t)N * 7);
    std::vector<int64_t> ol = download<int64_t>(dol, N);
    std::vector<double> od = download<double>(dod, N);
    for (int i = 0; i < N; i++) {
      V3 u = {v[6 * i], v[6 * i + 1], v[6 * i + 2]}, w = {v[6 * i + 3], v[6 * i + 4], v[6 * i + 5]};
      V3 r = (iv[6 * i] & 1) ? cross3(u, w) : vadd(u, w);
      V3 r2 = cross3(r, u);
      float e[6] = {r.x, r.y, r.z, r2.x, r2.y, r2.z};
      for (int k = 0; k < 6; k++) ck.f32("Vec3 via function pointer / cross3", (size_t)i * 6 + k, ov[(size_t)i * 6 + k], e[k]);
      BigH b;
      for (int k = 0; k < 6; k++) b.a[k] = iv[6 * i + k];
      b.b = (int64_t)iv[6 * i] * 1000003LL;
      b.c = (int8_t)iv[6 * i + 1];
      b.d = (double)iv[6 * i + 2] * 0.25;
      BigH t = transform(transform(b, i % 7 + 1), 2);
      for (int k = 0; k < 6; k++) ck.i32("Big.a after transform", (size_t)i * 7 + k, ob[(size_t)i * 7 + k], t.a[k]);
      ck.i32("Big.c after transform", (size_t)i * 7 + 6, ob[(size_t)i * 7 + 6], t.c);
      ck.i64("Big.b after transform", i, ol[i], t.b);
      ck.f64("Big.d after transform", i, od[i], t.d);
    }
    dfree(dv); dfree(div); dfree(dov); dfree(dob); dfree(dol); dfree(dod);
  }
  // ---------------- recursion ----------------
  {
    const int N = 256;
    std::vector<int32_t> args((size_t)N * 2), data(64);
    for (int i = 0; i < N; i++) { args[2 * i] = (int32_t)rng.below(17); args[2 * i + 1] = (int32_t)rng.below(15); }
    for (auto& x : data) x = rng.range(-1000, 1000);
    CUdeviceptr da = upload(args), dd = upload(data);
    CUdeviceptr dout = alloc_out<int32_t>((size_t)N * 2), dsum = alloc_out<int64_t>(N);
    LAUNCH(get_function(ctx, "k_recursion"), N / 64, 64, 0, da, dout, dsum, dd, N);
    std::vector<int32_t> o = download<int32_t>(dout, (size_t)N * 2);
    std::vector<int64_t> s = download<int64_t>(dsum, N);
    for (int i = 0; i < N; i++) {
      ck.expect(o[2 * i] == fib(args[2 * i]), "fib(%d): got %d expected %d", args[2 * i], o[2 * i], fib(args[2 * i]));
      int b = args[2 * i + 1];
      ck.expect(o[2 * i + 1] == ack(b % 3, b / 3), "ack(%d, %d): got %d expected %d", b % 3, b / 3, o[2 * i + 1], ack(b % 3, b / 3));
      ck.i64("recursive weighted sum", i, s[i], rsum(data.data() + (i % 16), 20 + i % 13));
    }
    dfree(da); dfree(dd); dfree(dout); dfree(dsum);
  }
  // ---------------- indirect calls ----------------
  {
    const int N = 512;
    std::vector<int32_t> sel(N), data(N);
    for (auto& x : sel) x = (int32_t)rng.below(1000);
    for (auto& x : data) x = (int32_t)rand_u32_mixed(rng);
    CUdeviceptr ds = upload(sel), dd = upload(data), dout = alloc_out<int32_t>((size_t)N * 3);
    LAUNCH(get_function(ctx, "k_indirect"), N / 128, 128, 0, ds, dd, dout, N);
    std::vector<int32_t> o = download<int32_t>(dout, (size_t)N * 3);
    for (int i = 0; i < N; i++) {
      int s = sel[i];
      int32_t e0 = op(s % 6, data[i], data[(i + 1) % N]);
      int32_t acc = s;
      for (int k = 0; k < 8; k++) acc = op((s / 6) % 6, acc, data[(i % 32) + k]);
      static const int lt[3] = {3, 1, 0};
      int32_t e2 = op(lt[s % 3], data[i], s);
      ck.expect(o[3 * i] == e0, "g_ops[%d](%d, %d): got %d expected %d", s % 6, data[i], data[(i + 1) % N], o[3 * i], e0);
      ck.expect(o[3 * i + 1] == acc, "fold(g_ops[%d]) sel %d: got %d expected %d", (s / 6) % 6, s, o[3 * i + 1], acc);
      ck.expect(o[3 * i + 2] == e2, "local table op %d: got %d expected %d", lt[s % 3], o[3 * i + 2], e2);
    }
    dfree(ds); dfree(dd); dfree(dout);
  }
  return ck.finish(ctx);
}
