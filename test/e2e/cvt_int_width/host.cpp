// Host for cvt_int_width: extension/truncation, saturating conversions,
// cvt.pack.sat (reference written from the PTX ISA pseudo code), and narrow
// memory accesses that must leave neighbouring bytes untouched.
#include "e2e.h"
using namespace e2e;

static int64_t clampi(int64_t v, int64_t lo, int64_t hi) { return v < lo ? lo : (v > hi ? hi : v); }

int main(int argc, char** argv) {
  Context ctx = init(argc, argv);
  Checker ck;
  Rng rng(0x1D7);
  const int N = 4096;
  {
    std::vector<uint64_t> a, b;
    make_pairs_u64(rng, N, a, b);
    // 32-bit edge values sign- and zero-extended
    std::vector<uint32_t> e = edge_u32();
    for (size_t k = 0; k < e.size(); k++) {
      a[N - 1 - k] = (uint64_t)(int64_t)(int32_t)e[k];
      b[N - 1 - k] = e[(k * 7) % e.size()] | ((uint64_t)e[(k * 5) % e.size()] << 32);
      a[N - 1 - e.size() - k] = e[k];
    }
    CUdeviceptr da = upload(a), db = upload(b);
    CUdeviceptr dout = alloc_out<uint64_t>((size_t)N * 24);
    LAUNCH(get_function(ctx, "k_intcvt"), N / 256, 256, 0, da, db, dout, N);
    std::vector<uint64_t> o = download<uint64_t>(dout, (size_t)N * 24);
    static const char* names[24] = {"(s8)", "(u8)", "(s16)", "(u16)", "(s32)", "(u32)", "mixed ext",
                                    "cvt.sat.s8.s32", "cvt.sat.u8.s32", "cvt.sat.s16.s32", "cvt.sat.u16.s32",
                                    "cvt.sat.s32.s64", "cvt.sat.u32.s64", "cvt.sat.s32.u32", "cvt.sat.u32.s32",
                                    "cvt.sat.u64.s64", "cvt.sat.s64.u64", "cvt.pack.sat.s16.s32",
                                    "cvt.pack.sat.u16.s32", "cvt.pack.sat.s8.s32.b32", "cvt.pack.sat.u8.s32.b32",
                                    "cvt.pack.sat.s4.s32.b32", "cvt.pack.sat.u2.s32.b32", "u16 wrap"};
    for (int i = 0; i < N; i++) {
      uint64_t x = a[i], y = b[i];
      int64_t xs32 = (int32_t)(uint32_t)x, ys32 = (int32_t)(uint32_t)y;
      uint32_t c = (uint32_t)(y >> 32);
      uint64_t e[24];
      e[0] = (uint64_t)(int64_t)(int8_t)(uint8_t)x;
      e[1] = (uint8_t)x;
      e[2] = (uint64_t)(int64_t)(int16_t)(uint16_t)x;
      e[3] = (uint16_t)x;
      e[4] = (uint64_t)xs32;
      e[5] = (uint32_t)x;
      e[6] = (uint64_t)((int64_t)(int8_t)(uint8_t)(x >> 8) + (int64_t)(uint16_t)(x >> 40));
      e[7] = (uint64_t)clampi(xs32, -128, 127);
      e[8] = (uint64_t)clampi(xs32, 0, 255);
      e[9] = (uint64_t)clampi(xs32, -32768, 32767);
      e[10] = (uint64_t)clampi(xs32, 0, 65535);
      e[11] = (uint64_t)clampi((int64_t)x, INT32_MIN, INT32_MAX);
      e[12] = (uint64_t)clampi((int64_t)x, 0, 0xFFFFFFFFll);
      e[13] = (uint64_t)(int64_t)std::min<uint64_t>((uint32_t)x, 0x7FFFFFFFull);
      e[14] = (uint64_t)clampi(xs32, 0, INT32_MAX);
      e[15] = (int64_t)x < 0 ? 0 : x;
      e[16] = std::min<uint64_t>(x, 0x7FFFFFFFFFFFFFFFull);
      e[17] = ((uint64_t)(uint16_t)clampi(xs32, -32768, 32767) << 16) | (uint16_t)clampi(ys32, -32768, 32767);
      e[18] = ((uint64_t)(uint16_t)clampi(xs32, 0, 65535) << 16) | (uint16_t)clampi(ys32, 0, 65535);
      e[19] = (uint32_t)((c << 16) | ((uint32_t)(uint8_t)clampi(xs32, -128, 127) << 8) | (uint8_t)clampi(ys32, -128, 127));
      e[20] = (uint32_t)((c << 16) | ((uint32_t)(uint8_t)clampi(xs32, 0, 255) << 8) | (uint8_t)clampi(ys32, 0, 255));
      int64_t xs8 = (int8_t)(uint8_t)x, ys8 = (int8_t)(uint8_t)y;
      e[21] = (uint32_t)((c << 8) | (((uint32_t)clampi(xs8, -8, 7) & 0xF) << 4) | ((uint32_t)clampi(ys8, -8, 7) & 0xF));
      e[22] = (uint32_t)((c << 4) | (((uint32_t)clampi(xs8, 0, 3) & 0x3) << 2) | ((uint32_t)clampi(ys8, 0, 3) & 0x3));
      e[23] = (uint64_t)(uint16_t)((uint32_t)x * 3u + (uint32_t)y) + ((uint64_t)(uint8_t)(x >> 56) << 32);
      for (int k = 0; k < 24; k++)
        ck.expect(o[(size_t)i * 24 + k] == e[k], "%s(x=0x%016" PRIx64 ", y=0x%016" PRIx64 "): got 0x%016" PRIx64
                  " expected 0x%016" PRIx64, names[k], x, y, o[(size_t)i * 24 + k], e[k]);
    }
    dfree(da); dfree(db); dfree(dout);
  }
  {
    const int M = 1000;  // not a multiple of the block size
    std::vector<int8_t> sc(M);
    std::vector<uint8_t> uc(M);
    std::vector<int16_t> ss(M);
    std::vector<uint16_t> us(M);
    for (int i = 0; i < M; i++) {
      uint32_t r = rng.next32();
      sc[i] = (int8_t)r; uc[i] = (uint8_t)(r >> 8); ss[i] = (int16_t)(r >> 16); us[i] = (uint16_t)rng.next32();
    }
    sc[0] = -128; uc[0] = 255; ss[0] = -32768; us[0] = 65535;
    CUdeviceptr dsc = upload(sc), duc = upload(uc), dss = upload(ss), dus = upload(us);
    CUdeviceptr dout = alloc_out<int32_t>((size_t)M * 4), doc = alloc_out<int8_t>((size_t)M * 2),
                dos = alloc_out<int16_t>((size_t)M * 2);
    LAUNCH(get_function(ctx, "k_narrow_mem"), (M + 127) / 128, 128, 0, dsc, duc, dss, dus, dout, doc, dos, M);
    std::vector<int32_t> o = download<int32_t>(dout, (size_t)M * 4);
    std::vector<int8_t> oc = download<int8_t>(doc, (size_t)M * 2);
    std::vector<int16_t> os = download<int16_t>(dos, (size_t)M * 2);
    for (int i = 0; i < M; i++) {
      ck.i32("ld.s8", i, o[4 * i + 0], sc[i]);
      ck.i32("ld.u8", i, o[4 * i + 1], uc[i]);
      ck.i32("ld.s16", i, o[4 * i + 2], ss[i]);
      ck.i32("ld.u16", i, o[4 * i + 3], us[i]);
      ck.u32("st.b8", i, (uint8_t)oc[2 * i], (uint8_t)(sc[i] + uc[i]));
      ck.u32("st.b8 neighbour (poison)", i, (uint8_t)oc[2 * i + 1], 0xCDu);
      ck.u32("st.b16", i, (uint16_t)os[2 * i], (uint16_t)(ss[i] * 3 - us[i]));
      ck.u32("st.b16 neighbour (poison)", i, (uint16_t)os[2 * i + 1], 0xCDCDu);
    }
    dfree(dsc); dfree(duc); dfree(dss); dfree(dus); dfree(dout); dfree(doc); dfree(dos);
  }
  return ck.finish(ctx);
}
