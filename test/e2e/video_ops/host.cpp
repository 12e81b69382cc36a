// Host for video_ops: every variant listed in video_ops.inc is parsed here
// and computed from the PTX ISA pseudo code of the video instructions
// (partSelectSignExtend, optSaturate, optSecOp, optMerge of the scalar
// instructions, the vmad pseudo code, extractAndSignExt_2/_4 and the
// accumulate/merge of the SIMD instructions); CUDA's SIMD intrinsics are
// computed from the CUDA math API's description. Where an H200 departs
// from the pseudo code with a rule (docs/lowering.md, "Video instructions"),
// the reference follows the H200, as the lowering does ("H200" below).
#include <string>
#include <vector>

#include "e2e.h"
#include "video_ops.inc"
using namespace e2e;

namespace {
typedef __int128 i128;

struct Operand {
  bool neg = false, hasSel = false, half = false;
  std::vector<int> lanes;  // selector digits as written (highest lane first)
};

struct Instr {
  std::string text, op;
  std::vector<bool> types;  // signedness of dtype, atype, btype (vset: atype, btype)
  bool sat = false, add = false, po = false, clampMode = false;
  std::string op2, cmp;
  int shift = 0;            // vmad .shr7 / .shr15
  Operand ops[4];           // d, a, b, c
};

Instr parse(const char* s) {
  Instr in;
  in.text = s;
  std::string t = s;
  size_t sp = t.find(' ');
  std::string mn = t.substr(0, sp), rest = t.substr(sp + 1);
  std::vector<std::string> mods;
  size_t p = 0;
  while (true) {
    size_t q = mn.find('.', p);
    mods.push_back(mn.substr(p, q == std::string::npos ? q : q - p));
    if (q == std::string::npos) break;
    p = q + 1;
  }
  in.op = mods[0];
  bool scalarOp2 = in.op.back() != '2' && in.op.back() != '4';
  for (size_t i = 1; i < mods.size(); i++) {
    const std::string& m = mods[i];
    if (m == "u32" || m == "s32") in.types.push_back(m == "s32");
    else if (m == "sat") in.sat = true;
    else if (m == "po") in.po = true;
    else if (m == "clamp") in.clampMode = true;
    else if (m == "wrap") in.clampMode = false;
    else if (m == "shr7") in.shift = 7;
    else if (m == "shr15") in.shift = 15;
    else if (m == "eq" || m == "ne" || m == "lt" || m == "le" || m == "gt" || m == "ge") in.cmp = m;
    else if (m == "add" && !scalarOp2) in.add = true;
    else if (m == "add" || m == "min" || m == "max") in.op2 = m;
    else { fprintf(stderr, "bad modifier %s in %s\n", m.c_str(), s); exit(2); }
  }
  int k = 0;
  p = 0;
  while (p < rest.size()) {
    size_t q = rest.find(',', p);
    std::string o = rest.substr(p, q == std::string::npos ? q : q - p);
    p = q == std::string::npos ? rest.size() : q + 1;
    while (!o.empty() && o[0] == ' ') o.erase(0, 1);
    Operand& op = in.ops[k++];
    if (o[0] == '-') { op.neg = true; o.erase(0, 1); }
    size_t dot = o.find('.');
    if (dot != std::string::npos) {
      op.hasSel = true;
      op.half = o[dot + 1] == 'h';
      for (size_t i = dot + 2; i < o.size(); i++) op.lanes.push_back(o[i] - '0');
    }
  }
  return in;
}

int64_t clampv(int64_t v, int64_t lo, int64_t hi) { return v < lo ? lo : (v > hi ? hi : v); }

// partSelectSignExtend
int64_t partSelect(uint32_t x, bool sgn, const Operand& o) {
  if (!o.hasSel) return sgn ? (int64_t)(int32_t)x : (int64_t)x;
  int l = o.lanes[0];
  if (o.half) {
    uint32_t h = (x >> (16 * l)) & 0xFFFFu;
    return sgn ? (int64_t)(int16_t)h : (int64_t)h;
  }
  uint32_t v = (x >> (8 * l)) & 0xFFu;
  return sgn ? (int64_t)(int8_t)v : (int64_t)v;
}

// optSaturate; `h200`: vadd/vsub/vabsdiff/vmin/vmax without a secondary
// operation saturate as an H200 does: into a byte/half-word, t if
// 0 <= t <= the lane maximum, else the lane maximum; into a .u32 word, only
// t < 0 is clamped (to 0), larger results wrap.
int64_t optSaturate(int64_t t, bool sat, bool sgn, const Operand& d, bool h200 = false) {
  if (!sat) return t;
  int bits = !d.hasSel ? 32 : (d.half ? 16 : 8);
  if (h200 && d.hasSel) {
    uint64_t hi = sgn ? (UINT64_C(1) << (bits - 1)) - 1 : (UINT64_C(1) << bits) - 1;
    return (uint64_t)t <= hi ? t : (int64_t)hi;
  }
  if (h200 && !sgn) return t < 0 ? 0 : t;
  if (sgn) return clampv(t, -(INT64_C(1) << (bits - 1)), (INT64_C(1) << (bits - 1)) - 1);
  return clampv(t, 0, (INT64_C(1) << bits) - 1);
}

// optSecOp / optMerge; `h200`: a merge into d.h1 takes bits 31..16 of t.
uint32_t finish(const Instr& in, int64_t t, uint32_t c, bool csgn, bool h200 = false) {
  if (!in.op2.empty()) {
    int64_t cc = csgn ? (int64_t)(int32_t)c : (int64_t)c;
    if (in.op2 == "add") t = t + cc;
    else if (in.op2 == "min") t = t < cc ? t : cc;
    else t = t > cc ? t : cc;
    return (uint32_t)t;
  }
  const Operand& d = in.ops[0];
  if (!d.hasSel) return (uint32_t)t;
  int w = d.half ? 16 : 8, l = d.lanes[0];
  uint32_t m = (d.half ? 0xFFFFu : 0xFFu) << (w * l);
  if (h200 && d.half && l == 1) return ((uint32_t)t & m) | (c & ~m);
  return (((uint32_t)t << (w * l)) & m) | (c & ~m);
}

bool compare(const std::string& cmp, int64_t a, int64_t b) {
  if (cmp == "eq") return a == b;
  if (cmp == "ne") return a != b;
  if (cmp == "lt") return a < b;
  if (cmp == "le") return a <= b;
  if (cmp == "gt") return a > b;
  return a >= b;
}

uint32_t scalarRef(const Instr& in, uint32_t a, uint32_t b, uint32_t c) {
  if (in.op == "vset") {
    int64_t ta = partSelect(a, in.types[0], in.ops[1]), tb = partSelect(b, in.types[1], in.ops[2]);
    // H200: c is signed in a secondary .min/.max when a is .s32.
    return finish(in, compare(in.cmp, ta, tb) ? 1 : 0, c,
                  in.types[0] && (in.op2 == "min" || in.op2 == "max"));
  }
  bool dsgn = in.types[0];
  int64_t ta = partSelect(a, in.types[1], in.ops[1]);
  int64_t t;
  if (in.op == "vshl" || in.op == "vshr") {
    int64_t tb = partSelect(b, false, in.ops[2]);
    if (in.clampMode && tb > 32) tb = 32;
    if (!in.clampMode) tb &= 0x1f;
    t = in.op == "vshl" ? (int64_t)((uint64_t)ta << tb) : ta >> tb;
    t = (int64_t)((uint64_t)t << 30) >> 30;  // the signed 34-bit intermediate
  } else {
    int64_t tb = partSelect(b, in.types[2], in.ops[2]);
    if (in.op == "vadd") t = ta + tb;
    else if (in.op == "vsub") t = ta - tb;
    else if (in.op == "vabsdiff") t = ta > tb ? ta - tb : tb - ta;
    else if (in.op == "vmin") t = ta < tb ? ta : tb;
    else t = ta > tb ? ta : tb;
  }
  bool h200 = in.op != "vshl" && in.op != "vshr" && in.op2.empty();
  t = optSaturate(t, in.sat, dsgn, in.ops[0], h200);
  return finish(in, t, c, dsgn, h200);
}

// H200: a whole-word source is signed whatever its type, c is always
// sign-extended, and .shr7/.shr15 give an unsigned 64-bit value when the
// final result is unsigned.
uint32_t vmadRef(const Instr& in, uint32_t a, uint32_t b, uint32_t c) {
  int64_t ta = partSelect(a, in.types[1] || !in.ops[1].hasSel, in.ops[1]),
          tb = partSelect(b, in.types[2] || !in.ops[2].hasSel, in.ops[2]);
  bool aneg = in.ops[1].neg, bneg = in.ops[2].neg, cneg = in.ops[3].neg;
  bool signedFinal = in.types[1] || in.types[2] || (aneg ^ bneg) || cneg;
  i128 tmp = (i128)ta * tb;
  int lsb = 0;
  if (in.po) lsb = 1;
  else if (aneg ^ bneg) { tmp = ~tmp; lsb = 1; }
  else if (cneg) { c = ~c; lsb = 1; }
  i128 c128 = (i128)(int32_t)c;
  tmp = tmp + c128 + lsb;
  i128 result = tmp;
  if (in.shift) {
    uint64_t r64 = (uint64_t)(tmp >> in.shift);
    result = signedFinal ? (i128)(int64_t)r64 : (i128)r64;
  }
  if (in.sat) {
    if (signedFinal) result = result < INT32_MIN ? INT32_MIN : (result > INT32_MAX ? INT32_MAX : result);
    else result = result < 0 ? 0 : (result > UINT32_MAX ? UINT32_MAX : result);
  }
  return (uint32_t)result;
}

uint32_t simdRef(const Instr& in, uint32_t a, uint32_t b, uint32_t c) {
  int n = in.op.back() == '2' ? 2 : 4, w = 32 / n;
  uint32_t lm = n == 2 ? 0xFFFFu : 0xFFu;
  bool isSet = in.op.compare(0, 4, "vset") == 0;
  bool asgn = in.types[isSet ? 0 : 1], bsgn = in.types[isSet ? 1 : 2];
  bool dsgn = isSet ? false : in.types[0];
  uint64_t pair = ((uint64_t)b << 32) | a;
  auto ext = [&](uint32_t v, bool sgn) -> int64_t {
    if (!sgn) return v;
    return n == 2 ? (int64_t)(int16_t)v : (int64_t)(int8_t)v;
  };
  auto sel = [&](const Operand& o, int i, bool isB) -> int {
    if (o.hasSel) return o.lanes[n - 1 - i];
    return isB ? i + n : i;
  };
  bool mask[4] = {true, true, true, true};
  if (in.ops[0].hasSel) {
    for (int i = 0; i < 4; i++) mask[i] = false;
    for (int l : in.ops[0].lanes) mask[l] = true;
  }
  int64_t t[4];
  for (int i = 0; i < n; i++) {
    int64_t va = ext((uint32_t)(pair >> (w * sel(in.ops[1], i, false))) & lm, asgn);
    int64_t vb = ext((uint32_t)(pair >> (w * sel(in.ops[2], i, true))) & lm, bsgn);
    if (isSet) { t[i] = compare(in.cmp, va, vb) ? 1 : 0; continue; }
    std::string op = in.op.substr(0, in.op.size() - 1);
    if (op == "vadd") t[i] = va + vb;
    else if (op == "vsub") t[i] = va - vb;
    else if (op == "vavrg") t[i] = (va + vb) >= 0 ? (va + vb + 1) >> 1 : (va + vb) >> 1;
    else if (op == "vabsdiff") t[i] = va > vb ? va - vb : vb - va;
    else if (op == "vmin") t[i] = va < vb ? va : vb;
    else t[i] = va > vb ? va : vb;
    if (in.sat) {
      if (dsgn) t[i] = clampv(t[i], -(INT64_C(1) << (w - 1)), (INT64_C(1) << (w - 1)) - 1);
      else t[i] = clampv(t[i], 0, lm);
    }
  }
  uint32_t d;
  if (in.add) {
    d = c;
    for (int i = 0; i < n; i++) d += mask[i] ? (uint32_t)t[i] : 0u;
  } else {
    d = 0;
    for (int i = 0; i < n; i++) d |= ((mask[i] ? (uint32_t)t[i] : (c >> (w * i))) & lm) << (w * i);
  }
  return d;
}

uint32_t reference(const Instr& in, uint32_t a, uint32_t b, uint32_t c) {
  if (in.op == "vmad") return vmadRef(in, a, b, c);
  char last = in.op.back();
  if (last == '2' || last == '4') return simdRef(in, a, b, c);
  return scalarRef(in, a, b, c);
}

// CUDA SIMD intrinsics, lane by lane.
uint32_t lanes(int n, uint32_t a, uint32_t b, int64_t (*f)(int64_t, int64_t, int), bool sgn) {
  int w = 32 / n;
  uint32_t lm = n == 2 ? 0xFFFFu : 0xFFu, d = 0;
  for (int i = 0; i < n; i++) {
    uint32_t x = (a >> (w * i)) & lm, y = (b >> (w * i)) & lm;
    int64_t sx = x, sy = y;
    if (sgn) { sx = n == 2 ? (int16_t)x : (int8_t)x; sy = n == 2 ? (int16_t)y : (int8_t)y; }
    d |= ((uint32_t)f(sx, sy, w) & lm) << (w * i);
  }
  return d;
}
int64_t smax(int w) { return (INT64_C(1) << (w - 1)) - 1; }
int64_t smin(int w) { return -(INT64_C(1) << (w - 1)); }
int64_t umax(int w) { return (INT64_C(1) << w) - 1; }

uint32_t sad(int n, uint32_t a, uint32_t b, bool sgn) {
  int w = 32 / n;
  uint32_t lm = n == 2 ? 0xFFFFu : 0xFFu, s = 0;
  for (int i = 0; i < n; i++) {
    int64_t x = (a >> (w * i)) & lm, y = (b >> (w * i)) & lm;
    if (sgn) { x = n == 2 ? (int16_t)x : (int8_t)x; y = n == 2 ? (int16_t)y : (int8_t)y; }
    s += (uint32_t)(x > y ? x - y : y - x);
  }
  return s;
}

uint32_t intrinRef(const std::string& f, uint32_t a, uint32_t b) {
  int n = f.back() - '0';
  std::string g = f.substr(0, f.size() - 1);
  typedef int64_t (*Fn)(int64_t, int64_t, int);
  auto L = [&](Fn fn, bool sgn) { return lanes(n, a, b, fn, sgn); };
  if (g == "vabs") return L([](int64_t x, int64_t, int) -> int64_t { return x < 0 ? -x : x; }, true);
  if (g == "vabsss")
    return L([](int64_t x, int64_t, int w) -> int64_t { return clampv(x < 0 ? -x : x, 0, smax(w)); }, true);
  if (g == "vneg") return L([](int64_t x, int64_t, int) -> int64_t { return -x; }, true);
  if (g == "vnegss") return L([](int64_t x, int64_t, int w) -> int64_t { return clampv(-x, smin(w), smax(w)); }, true);
  if (g == "vabsdiffs") return L([](int64_t x, int64_t y, int) -> int64_t { return x > y ? x - y : y - x; }, true);
  if (g == "vabsdiffu") return L([](int64_t x, int64_t y, int) -> int64_t { return x > y ? x - y : y - x; }, false);
  if (g == "vsads") return sad(n, a, b, true);
  if (g == "vsadu") return sad(n, a, b, false);
  if (g == "vadd") return L([](int64_t x, int64_t y, int) -> int64_t { return x + y; }, false);
  if (g == "vaddss") return L([](int64_t x, int64_t y, int w) -> int64_t { return clampv(x + y, smin(w), smax(w)); }, true);
  if (g == "vaddus") return L([](int64_t x, int64_t y, int w) -> int64_t { return clampv(x + y, 0, umax(w)); }, false);
  if (g == "vsub") return L([](int64_t x, int64_t y, int) -> int64_t { return x - y; }, false);
  if (g == "vsubss") return L([](int64_t x, int64_t y, int w) -> int64_t { return clampv(x - y, smin(w), smax(w)); }, true);
  if (g == "vsubus") return L([](int64_t x, int64_t y, int w) -> int64_t { return clampv(x - y, 0, umax(w)); }, false);
  if (g == "vavgs")
    return L([](int64_t x, int64_t y, int) -> int64_t { return (x + y + ((x + y) >= 0 ? 1 : 0)) >> 1; }, true);
  if (g == "vavgu") return L([](int64_t x, int64_t y, int) -> int64_t { return (x + y + 1) >> 1; }, false);
  if (g == "vhaddu") return L([](int64_t x, int64_t y, int) -> int64_t { return (x + y) >> 1; }, false);
  if (g == "vmaxs") return L([](int64_t x, int64_t y, int) -> int64_t { return x > y ? x : y; }, true);
  if (g == "vmaxu") return L([](int64_t x, int64_t y, int) -> int64_t { return x > y ? x : y; }, false);
  if (g == "vmins") return L([](int64_t x, int64_t y, int) -> int64_t { return x < y ? x : y; }, true);
  if (g == "vminu") return L([](int64_t x, int64_t y, int) -> int64_t { return x < y ? x : y; }, false);
  // comparisons: __vcmp* gives all-ones lanes, __vset* gives 1
  bool isCmp = g.compare(0, 4, "vcmp") == 0;
  std::string c = g.substr(4);
  bool sgn = c.size() == 3 && c[2] == 's';
  std::string rel = c.substr(0, 2);
  int64_t one = isCmp ? -1 : 1;
  uint32_t d = 0;
  int w = 32 / n;
  uint32_t lm = n == 2 ? 0xFFFFu : 0xFFu;
  for (int i = 0; i < n; i++) {
    int64_t x = (a >> (w * i)) & lm, y = (b >> (w * i)) & lm;
    if (sgn) { x = n == 2 ? (int16_t)x : (int8_t)x; y = n == 2 ? (int16_t)y : (int8_t)y; }
    if (compare(rel, x, y)) d |= ((uint32_t)one & lm) << (w * i);
  }
  return d;
}

std::vector<uint32_t> videoEdges() {
  std::vector<uint32_t> e = edge_u32();
  for (uint32_t v : {0x7F7F7F7Fu, 0x80808080u, 0x7F80FF01u, 0x807FFF00u, 0x01FF807Fu, 0x7FFF8000u,
                     0x80007FFFu, 0xFFFF7FFFu})
    e.push_back(v);
  return e;
}

// a x b over the edge values (c cycling through them), then mixed random.
void makeInputs(Rng& rng, int n, std::vector<uint32_t>& a, std::vector<uint32_t>& b,
                std::vector<uint32_t>& c, bool shiftAmounts) {
  std::vector<uint32_t> e = videoEdges();
  a.clear(); b.clear(); c.clear();
  for (size_t i = 0; i < e.size() && (int)a.size() < n; i++)
    for (size_t j = 0; j < e.size() && (int)a.size() < n; j++) {
      a.push_back(e[i]);
      b.push_back(e[j]);
      c.push_back(e[(i * 7 + j * 3) % e.size()]);
    }
  while ((int)a.size() < n) {
    a.push_back(rand_u32_mixed(rng));
    b.push_back(rand_u32_mixed(rng));
    c.push_back(rand_u32_mixed(rng));
  }
  if (shiftAmounts)  // shift amounts 0..40 in every byte and half-word, some large
    for (int i = 0; i < n; i++)
      if (i % 3 != 0) {
        uint32_t s0 = rng.below(41), s1 = rng.below(41), s2 = rng.below(41);
        b[i] = s0 | (s1 << 8) | (s2 << 16) | (rng.below(4) == 0 ? rng.next32() & 0xFF000000u : 0u);
        if (i % 3 == 2) b[i] = (b[i] & 0xFFFF0000u) | rng.below(41);
      }
}

#define STR(s) s,
#define ISTR(f) #f,

void runList(Context& ctx, Checker& ck, Rng& rng, const char* kernel, const std::vector<const char*>& list,
             bool shiftAmounts) {
  const int N = 2048;
  const unsigned TPB = 128;
  std::vector<uint32_t> a, b, c;
  makeInputs(rng, N, a, b, c, shiftAmounts);
  std::vector<Instr> ins;
  for (const char* s : list) ins.push_back(parse(s));
  size_t K = ins.size();
  CUdeviceptr da = upload(a), db = upload(b), dc = upload(c);
  CUdeviceptr dout = alloc_out<uint32_t>((size_t)N * K);
  int n = N;
  LAUNCH(get_function(ctx, kernel), (N + TPB - 1) / TPB, TPB, 0, da, db, dc, dout, n);
  std::vector<uint32_t> o = download<uint32_t>(dout, (size_t)N * K);
  for (int i = 0; i < N; i++)
    for (size_t j = 0; j < K; j++) {
      uint32_t e = reference(ins[j], a[i], b[i], c[i]), g = o[(size_t)i * K + j];
      ck.expect(g == e, "%s  a=0x%08x b=0x%08x c=0x%08x: got 0x%08x expected 0x%08x", ins[j].text.c_str(), a[i],
                b[i], c[i], g, e);
    }
  dfree(da); dfree(db); dfree(dc); dfree(dout);
}
}  // namespace

int main(int argc, char** argv) {
  Context ctx = init(argc, argv);
  Checker ck;
  Rng rng(0x71DE0);
  runList(ctx, ck, rng, "k_scalar", {VIDEO_SCALAR(STR)}, false);
  runList(ctx, ck, rng, "k_shift", {VIDEO_SHIFT(STR)}, true);
  runList(ctx, ck, rng, "k_vmad", {VIDEO_VMAD(STR)}, false);
  runList(ctx, ck, rng, "k_vset", {VIDEO_VSET(STR)}, false);
  runList(ctx, ck, rng, "k_simd2", {VIDEO_SIMD2(STR)}, false);
  runList(ctx, ck, rng, "k_simd4", {VIDEO_SIMD4(STR)}, false);
  {
    const int N = 2048;
    const unsigned TPB = 128;
    std::vector<uint32_t> a, b, c;
    makeInputs(rng, N, a, b, c, false);
    std::vector<const char*> names = {VIDEO_INTRIN1(ISTR) VIDEO_INTRIN2(ISTR)};
    size_t K = names.size(), K1 = std::vector<const char*>{VIDEO_INTRIN1(ISTR)}.size();
    CUdeviceptr da = upload(a), db = upload(b);
    CUdeviceptr dout = alloc_out<uint32_t>((size_t)N * K);
    int n = N;
    LAUNCH(get_function(ctx, "k_intrin"), (N + TPB - 1) / TPB, TPB, 0, da, db, dout, n);
    std::vector<uint32_t> o = download<uint32_t>(dout, (size_t)N * K);
    for (int i = 0; i < N; i++)
      for (size_t j = 0; j < K; j++) {
        uint32_t e = intrinRef(names[j], a[i], j < K1 ? 0 : b[i]), g = o[(size_t)i * K + j];
        ck.expect(g == e, "__%s(0x%08x, 0x%08x): got 0x%08x expected 0x%08x", names[j], a[i], b[i], g, e);
      }
    dfree(da); dfree(db); dfree(dout);
  }
  return ck.finish(ctx);
}
