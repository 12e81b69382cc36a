// Host for tensor_copy. The tensor maps come from cuTensorMapEncodeTiled;
// with PTXMLIR_OWN_TENSOR_MAPS=1 (the NVVM check path on an NVIDIA GPU,
// nvvm-check.sh) they are encoded here in ptx-mlir's own encoding instead,
// which is what our lowering of cp.async.bulk.tensor reads.
#include "e2e.h"
#include "ptxmlir/Runtime/TensorMap.h"
#include <cmath>
using namespace e2e;

struct Desc {
  unsigned long long base;
  unsigned long long dims[3];
  unsigned long long strides[3];
  int box[3];
  int estr[3];
  int rank;
  int nanFill;
  int swizzle;
};

static bool ownMaps() {
  const char* e = getenv("PTXMLIR_OWN_TENSOR_MAPS");
  return e && e[0] == '1';
}

static CUtensorMap encode(const Desc& d, CUtensorMapSwizzle sw) {
  CUtensorMap m;
  cuuint64_t dims[3], strides[2];
  cuuint32_t box[3], estr[3];
  for (int i = 0; i < d.rank; i++) {
    dims[i] = d.dims[i];
    box[i] = d.box[i];
    estr[i] = d.estr[i];
    if (i > 0) strides[i - 1] = d.strides[i];
  }
  CUtensorMapFloatOOBfill fill =
      d.nanFill ? CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA : CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE;
  if (ownMaps()) {
    auto s = ptxmlir::tensormap::encodeTiled(&m, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, d.rank, (void*)d.base, dims,
                                             strides, box, estr, CU_TENSOR_MAP_INTERLEAVE_NONE, sw,
                                             CU_TENSOR_MAP_L2_PROMOTION_L2_128B, fill);
    E2E_REQUIRE(s.result == 0);
  } else {
    CU_CHECK(cuTensorMapEncodeTiled(&m, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, d.rank, (void*)d.base, dims, strides, box,
                                    estr, CU_TENSOR_MAP_INTERLEAVE_NONE, sw, CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
                                    fill));
  }
  return m;
}

static int count(const Desc& d, int i) { return i == 0 ? d.box[0] : (d.box[i] + d.estr[i] - 1) / d.estr[i]; }
static int elems(const Desc& d) {
  int n = 1;
  for (int i = 0; i < d.rank; i++) n *= count(d, i);
  return n;
}
// The element index (in 32-bit words) box element k of the box at c comes
// from, or -1 outside the tensor.
static long long source(const Desc& d, const int* c, int k) {
  long long off = 0;
  for (int i = 0; i < d.rank; i++) {
    int n = count(d, i), idx = k % n;
    k /= n;
    long long x = (long long)c[i] + (long long)idx * (i == 0 ? 1 : d.estr[i]);
    if (x < 0 || x >= (long long)d.dims[i]) return -1;
    off += x * (long long)d.strides[i];
  }
  return off / 4;
}

static Desc make(CUdeviceptr base, int rank, const unsigned long long* dims, const unsigned long long* strides,
                 const int* box, const int* estr, int nanFill, int swizzle) {
  Desc d{};
  d.base = base;
  d.rank = rank;
  d.nanFill = nanFill;
  d.swizzle = swizzle;
  for (int i = 0; i < 3; i++) {
    d.dims[i] = i < rank ? dims[i] : 1;
    d.strides[i] = i == 0 ? 4 : i < rank ? strides[i] : 0;
    d.box[i] = i < rank ? box[i] : 1;
    d.estr[i] = i < rank ? estr[i] : 1;
  }
  return d;
}

static void loadTest(Context& ctx, Checker& ck, const char* what, const Desc& d, CUtensorMapSwizzle sw,
                     const std::vector<int>& coords, const std::vector<uint32_t>& tensor) {
  int G = (int)coords.size() / 3, n = elems(d);
  printf("%s\n", what);
  fflush(stdout);
  CUtensorMap m = encode(d, sw);
  CUdeviceptr dc = upload(coords), dout = alloc_out<uint32_t>((size_t)G * n), dok = alloc_out<int>(G);
  LAUNCH(get_function(ctx, "k_load"), G, 128, 0, m, d, dc, dout, dok);
  std::vector<uint32_t> o = download<uint32_t>(dout, (size_t)G * n);
  std::vector<int> ok = download<int>(dok, G);
  for (int b = 0; b < G; b++) {
    ck.i32(what, b, ok[b], 1);
    for (int k = 0; k < n; k++) {
      long long s = source(d, &coords[3 * b], k);
      uint32_t got = o[(size_t)b * n + k];
      if (s >= 0) {
        ck.u32(what, (size_t)b * n + k, got, tensor[s]);
      } else if (d.nanFill) {
        // The NaN an H200 fills with (float32).
        ck.u32(what, (size_t)b * n + k, got, 0x7ff77ff7u);
      } else {
        ck.u32(what, (size_t)b * n + k, got, 0u);
      }
    }
  }
  dfree(dc);
  dfree(dout);
  dfree(dok);
}

static void storeTest(Context& ctx, Checker& ck, Rng& rng, const char* what, const unsigned long long* dims,
                      const unsigned long long* strides, int rank, const int* box, const std::vector<int>& coords) {
  size_t words = (size_t)(strides[rank - 1] * dims[rank - 1]) / 4;
  CUdeviceptr dt = alloc_out<uint32_t>(words);
  int ones[3] = {1, 1, 1};
  Desc d = make(dt, rank, dims, strides, box, ones, 0, 0);
  int G = (int)coords.size() / 3, n = elems(d);
  printf("%s\n", what);
  fflush(stdout);
  std::vector<uint32_t> vals((size_t)G * n);
  for (auto& v : vals) v = rng.next32();
  CUtensorMap m = encode(d, CU_TENSOR_MAP_SWIZZLE_NONE);
  CUdeviceptr dc = upload(coords), dv = upload(vals);
  LAUNCH(get_function(ctx, "k_store"), G, 128, 0, m, d, dc, dv);
  std::vector<uint32_t> o = download<uint32_t>(dt, words);
  std::vector<uint32_t> want(words, 0xCDCDCDCDu);
  for (int b = 0; b < G; b++)
    for (int k = 0; k < n; k++) {
      long long s = source(d, &coords[3 * b], k);
      if (s >= 0) want[s] = vals[(size_t)b * n + k];
    }
  for (size_t i = 0; i < words; i++) ck.u32(what, i, o[i], want[i]);
  dfree(dt);
  dfree(dc);
  dfree(dv);
}

int main(int argc, char** argv) {
  Context ctx = init(argc, argv);
  Checker ck;
  Rng rng(0x7E45);
  // A 2-D tensor of 100 x 70 words with rows padded to 104 words.
  const unsigned long long dims2[2] = {100, 70}, strides2[2] = {4, 416};
  std::vector<uint32_t> t2(104 * 70);
  for (auto& v : t2) v = rng.next32() & 0x7f7fffffu;  // no NaNs
  CUdeviceptr d2 = upload(t2);
  // A 3-D tensor 24 x 10 x 6, rows of 28 words, planes of 11 rows.
  const unsigned long long dims3[3] = {24, 10, 6}, strides3[3] = {4, 112, 1232};
  std::vector<uint32_t> t3(308 * 6);
  for (auto& v : t3) v = rng.next32() & 0x7f7fffffu;
  CUdeviceptr d3 = upload(t3);
  {
    const int box[2] = {32, 8}, estr[2] = {1, 1};
    Desc d = make(d2, 2, dims2, strides2, box, estr, 0, 0);
    // Inside, partly outside on every side, wholly outside.
    std::vector<int> c = {0, 0, 0, 40, 10, 0, 80, 66, 0, -8, -3, 0, 200, 5, 0, 96, -7, 0};
    loadTest(ctx, ck, "2d load", d, CU_TENSOR_MAP_SWIZZLE_NONE, c, t2);
    Desc s = make(d2, 2, dims2, strides2, box, estr, 0, 1);
    std::vector<int> c3 = {8, 4, 0, 80, 66, 0, -4, 20, 0};
    loadTest(ctx, ck, "2d load swizzle 128B", s, CU_TENSOR_MAP_SWIZZLE_128B, c3, t2);
  }
  {
    const int box[3] = {8, 4, 3}, estr[3] = {1, 2, 2};
    Desc d = make(d3, 3, dims3, strides3, box, estr, 1, 0);
    std::vector<int> c = {0, 0, 0, 20, 8, 4, -4, -1, 5, 16, 3, 1};
    loadTest(ctx, ck, "3d load nan fill, element strides", d, CU_TENSOR_MAP_SWIZZLE_NONE, c, t3);
    const int ones[3] = {1, 1, 1};
    Desc z = make(d3, 3, dims3, strides3, box, ones, 0, 0);
    loadTest(ctx, ck, "3d load", z, CU_TENSOR_MAP_SWIZZLE_NONE, c, t3);
  }
  {
    const int box[2] = {32, 8};
    // Partly outside at the high ends only: an H200 traps
    // (CUDA_ERROR_ILLEGAL_INSTRUCTION) on a tensor store whose box starts at
    // a negative coordinate.
    std::vector<int> c = {0, 0, 0, 80, 66, 0, 0, 20, 0, 40, 30, 0};
    storeTest(ctx, ck, rng, "2d store", dims2, strides2, 2, box, c);
    const int box3[3] = {8, 4, 3};
    std::vector<int> c3 = {0, 0, 0, 20, 8, 4, 8, 4, 0};
    storeTest(ctx, ck, rng, "3d store", dims3, strides3, 3, box3, c3);
  }
  dfree(d2);
  dfree(d3);
  return ck.finish(ctx);
}
