// Kernel of test/Runtime/CUDA/tensor-swizzle.c and tensor-b4x16.c:
// tensormap.replace of the sm_100/sm_103 fields (.swizzle_mode 4, the 96B
// swizzle, needs sm_103a; .swizzle_atomicity and .elemtype 13 sm_100a or
// later). Regenerate the PTX with
//   nvcc -arch=sm_103a -ptx tensor-swizzle.cu -o tensor-swizzle.ptx
#include <cuda.h>

#define REPLACE(field, v)                                                      \
  asm volatile("tensormap.replace.tile." field ".global.b1024.b32 [%0], " #v  \
               ";" ::"l"(m)                                                    \
               : "memory")

// One thread: swizzle_mode 4 (96B) when mode96 is set, then
// swizzle_atomicity `atom` (0 16B, 1 32B, 2 32B + 8B flip, 3 64B) when it
// is not negative, then elemtype 13 (.b4x16) when b4x16 is set, on the map
// at m (global memory).
extern "C" __global__ void replace2(CUtensorMap *m, int mode96, int atom,
                                   int b4x16) {
  if (mode96)
    REPLACE("swizzle_mode", 4);
  if (b4x16)
    REPLACE("elemtype", 13);
  if (atom == 0)
    REPLACE("swizzle_atomicity", 0);
  else if (atom == 1)
    REPLACE("swizzle_atomicity", 1);
  else if (atom == 2)
    REPLACE("swizzle_atomicity", 2);
  else if (atom == 3)
    REPLACE("swizzle_atomicity", 3);
  asm volatile("fence.proxy.tensormap::generic.release.gpu;" ::: "memory");
}
