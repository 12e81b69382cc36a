// Host for const_globals: writes __constant__ arrays through
// cuModuleGetGlobal, checks initialised __device__ globals both from the
// host (before any launch) and from a kernel, and reads back globals that the
// kernel modified.
#include "e2e.h"
using namespace e2e;

int main(int argc, char** argv) {
  Context ctx = init(argc, argv);
  Checker ck;
  Rng rng(0xC0457);
  // ---------------- sizes and initial values seen from the host ----------------
  size_t sz = 0;
  CUdeviceptr p_coef = get_global(ctx, "c_coef", &sz);
  ck.expect(sz == 64, "cuModuleGetGlobal(c_coef) size %zu, expected 64", sz);
  CUdeviceptr p_table = get_global(ctx, "c_table", &sz);
  ck.expect(sz == 1024, "cuModuleGetGlobal(c_table) size %zu, expected 1024", sz);
  CUdeviceptr p_2d = get_global(ctx, "g_2d", &sz);
  ck.expect(sz == 48, "cuModuleGetGlobal(g_2d) size %zu, expected 48", sz);
  CUdeviceptr p_s = get_global(ctx, "g_s", &sz);
  ck.expect(sz == 24, "cuModuleGetGlobal(g_s) size %zu, expected 24", sz);
  CUdeviceptr p_cinit = get_global(ctx, "c_init", &sz);
  ck.expect(sz == 16, "cuModuleGetGlobal(c_init) size %zu, expected 16", sz);
  {
    std::vector<int32_t> v = download<int32_t>(p_2d, 12);
    for (int k = 0; k < 12; k++) ck.i32("g_2d read by the host", k, v[k], k + 1);
    std::vector<int32_t> ci = download<int32_t>(p_cinit, 4);
    int32_t eci[4] = {11, -22, 33, -44};
    for (int k = 0; k < 4; k++) ck.i32("c_init read by the host", k, ci[k], eci[k]);
  }
  // ---------------- constant memory written by the host ----------------
  {
    std::vector<float> coef(16);
    std::vector<int32_t> table(256);
    for (int k = 0; k < 16; k++) coef[k] = (float)rng.range(-64, 64) * 0.25f;
    for (auto& v : table) v = rng.range(-100000, 100000);
    upload_to(p_coef, coef);
    upload_to(p_table, table);
    const int N = 1024;
    std::vector<int32_t> idx(N);
    std::vector<float> x(N);
    for (int i = 0; i < N; i++) { idx[i] = (int32_t)rng.next32() & 0x7FFFFFFF; x[i] = (float)rng.range(-1000, 1000); }
    CUdeviceptr di = upload(idx), dx = upload(x);
    CUdeviceptr dout = alloc_out<float>(N), douti = alloc_out<int32_t>((size_t)N * 2);
    LAUNCH(get_function(ctx, "k_const"), N / 256, 256, 0, di, dx, dout, douti, N);
    std::vector<float> o = download<float>(dout, N);
    std::vector<int32_t> oi = download<int32_t>(douti, (size_t)N * 2);
    static const int32_t cinit[4] = {11, -22, 33, -44};
    static const double cdbl[2] = {0.5, -1.25};
    for (int i = 0; i < N; i++) {
      int k = idx[i];
      float e = coef[k & 15] * x[i] + (float)table[(k >> 4) & 255];  // exact: small integers and quarters
      ck.f32("c_coef * x + c_table", i, o[i], e);
      ck.i32("c_table + c_init", i, oi[2 * i], table[(uint32_t)k % 251u] + cinit[i & 3]);
      ck.i32("c_dbl + c_table", i, oi[2 * i + 1], (int32_t)(cdbl[k & 1] * 8.0) + table[255 - (i & 255)]);
    }
    dfree(di); dfree(dx); dfree(dout); dfree(douti);
  }
  // ---------------- __device__ globals ----------------
  {
    const int B = 64;
    CUdeviceptr dout = alloc_out<int32_t>(47), doutf = alloc_out<float>(2), doutl = alloc_out<int64_t>(2);
    LAUNCH(get_function(ctx, "k_globals"), 1, B, 0, dout, doutf, doutl);
    std::vector<int32_t> o = download<int32_t>(dout, 47);
    std::vector<float> of = download<float>(doutf, 2);
    std::vector<int64_t> ol = download<int64_t>(doutl, 2);
    int32_t e[47];
    int32_t ga[4] = {1, 2, 3, 4}, gc[8] = {10, 20, 30, 40, 50, 60, 70, 80};
    const char str[8] = "hello";
    for (int k = 0; k < 4; k++) e[k] = ga[k];
    e[4] = 1; e[5] = 42; e[6] = 30;
    for (int k = 0; k < 8; k++) e[7 + k] = gc[k] + str[k];
    for (int k = 0; k < 12; k++) e[15 + k] = k + 1;
    for (int k = 0; k < 16; k++) e[27 + k] = 0;
    e[43] = 42; e[44] = 7; e[45] = -3; e[46] = 'x';
    for (int k = 0; k < 47; k++) ck.i32("initialised global as read by the kernel", k, o[k], e[k]);
    ck.f32("g_f", 0, of[0], 3.5f);
    ck.f32("g_s.y", 1, of[1], 2.5f);
    ck.i64("g_s.q", 0, ol[0], 1LL << 40);
    ck.i64("g_ptrs[2] - g_c (bytes)", 1, ol[1], 8);
    // globals modified by the kernel, read back by the host
    std::vector<int32_t> ga2 = download<int32_t>(get_global(ctx, "g_a"), 4);
    int32_t ega2[4] = {1, 99, 3, 4};
    for (int k = 0; k < 4; k++) ck.i32("g_a after kernel", k, ga2[k], ega2[k]);
    ck.i32("g_b after kernel", 0, download<int32_t>(get_global(ctx, "g_b"), 1)[0], 1042);
    ck.f32("g_f after kernel", 0, download<float>(get_global(ctx, "g_f"), 1)[0], 7.0f);
    ck.u64("g_counter after kernel", 0, download<uint64_t>(get_global(ctx, "g_counter"), 1)[0], 5ull + (uint64_t)B * (B + 1) / 2);
    std::vector<int64_t> sraw = download<int64_t>(p_s, 3);
    ck.i64("g_s.q after kernel", 0, sraw[2], (1LL << 40) + 1);
    dfree(dout); dfree(doutf); dfree(doutl);
  }
  return ck.finish(ctx);
}
