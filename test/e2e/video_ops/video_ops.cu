// Video instructions (PTX ISA "Video Instructions"): the scalar vadd, vsub,
// vabsdiff, vmin, vmax, vshl, vshr, vmad, vset with byte/half-word operand
// selection, .sat, secondary operations and merges; the SIMD vadd2 ... vset2
// and vadd4 ... vset4 with lane selectors, masks, .sat and .add; and CUDA's
// SIMD intrinsics (__vabsdiffu4, __vsadu4, ... compile to vabsdiff4 /
// vabsdiff2; most others to plain integer code). The variants are listed
// once in video_ops.inc, which the host parses for its reference.
#include "video_ops.inc"

#define EMIT(s)                                                        \
  {                                                                    \
    unsigned d_;                                                       \
    asm(s ";" : "=r"(d_) : "r"(x), "r"(y), "r"(z));                    \
    *o++ = d_;                                                         \
  }
#define COUNT(s) +1

#define VIDEO_KERNEL(name, LIST)                                                   \
  extern "C" __global__ void name(const unsigned* a, const unsigned* b,            \
                                  const unsigned* c, unsigned* out, int n) {       \
    int i = blockIdx.x * blockDim.x + threadIdx.x;                                 \
    if (i >= n) return;                                                            \
    unsigned x = a[i], y = b[i], z = c[i];                                         \
    unsigned* o = out + (size_t)i * (0 LIST(COUNT));                               \
    LIST(EMIT)                                                                     \
  }

VIDEO_KERNEL(k_scalar, VIDEO_SCALAR)
VIDEO_KERNEL(k_shift, VIDEO_SHIFT)
VIDEO_KERNEL(k_vmad, VIDEO_VMAD)
VIDEO_KERNEL(k_vset, VIDEO_VSET)
VIDEO_KERNEL(k_simd2, VIDEO_SIMD2)
VIDEO_KERNEL(k_simd4, VIDEO_SIMD4)

#define INTRIN1(f) *o++ = __##f(x);
#define INTRIN2(f) *o++ = __##f(x, y);
#define ICOUNT(f) +1
extern "C" __global__ void k_intrin(const unsigned* a, const unsigned* b, unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned x = a[i], y = b[i];
  unsigned* o = out + (size_t)i * (0 VIDEO_INTRIN1(ICOUNT) VIDEO_INTRIN2(ICOUNT));
  VIDEO_INTRIN1(INTRIN1)
  VIDEO_INTRIN2(INTRIN2)
}
