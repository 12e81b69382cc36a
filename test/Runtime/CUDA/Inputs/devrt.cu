// The CUDA device runtime as nvcc calls it: printf, assert, malloc/free and
// __trap. test/Runtime/CUDA/device-runtime.c runs the PTX nvcc makes of it
// (Inputs/devrt.ptx: nvcc -arch=sm_80 -ptx devrt.cu).
#include <cassert>
#include <cstdio>

extern "C" __global__ void formats(const char *s, double d, long long ll) {
  printf("int %d|%5d|%-5d|%05d|%x|%X|%o|%u|%c|%%|%i|%+d\n", -42, 42, 42, 42,
         255, 255, 8, -1, 'Z', 7, 5);
  printf("float %f|%.3f|%e|%g|%G|%a|%10.2f|%f\n", d, 2.5, 12345.678, 0.0001,
         1e20, 1.0, -1.5, 1.0f / 0.0f);
  printf("long %lld|%llx|%ld|%lu\n", ll, 0xdeadbeefcafeLL, 123456789012L, ~0ul);
  printf("str %s|%10s|%-4s|%.2s|%s|\n", s, "ab", "c", "xyz", (char *)0);
  printf("ptr %p|%p|%#x\n", (void *)0x1234, (void *)0, 255);
  printf("star %*d|%-*d|\n", 6, 7, 4, 9);
  printf("bad %q %k\n", 1, 2);
  int r = printf("two %d %d\n", 1, 2);
  printf("returned %d\n", r);
  printf("no args\n");
}

extern "C" __global__ void lines(int *count) {
  printf("line %d %d\n", blockIdx.x, threadIdx.x);
  atomicAdd(count, 1);
}

extern "C" __global__ void asserts(int limit) {
  printf("before %d\n", threadIdx.x);
  assert(threadIdx.x < limit);
}

extern "C" __global__ void traps(int t) {
  printf("trap %d\n", threadIdx.x);
  if (threadIdx.x == t)
    __trap();
}

// One block: every thread holds a block (out[n + t] its address; all are
// live at the barrier, so distinct) while it takes, fills, checks and frees
// a second one; out[t] counts the failures (0 wanted).
extern "C" __global__ void heap(unsigned long long *out, int n) {
  int t = threadIdx.x;
  int bad = 0;
  int bytes0 = 1 + (t * 37) % 300, bytes1 = 1 + (t * 53 + 11) % 300;
  unsigned char *p0 = (unsigned char *)malloc(bytes0);
  out[n + t] = (unsigned long long)p0;
  if (p0)
    for (int i = 0; i < bytes0; ++i)
      p0[i] = (unsigned char)(t + i);
  __syncthreads();
  unsigned char *p1 = (unsigned char *)malloc(bytes1);
  if (!p0 || !p1)
    bad += 100;
  if ((unsigned long long)p0 % 16 || (unsigned long long)p1 % 16)
    bad += 1000;
  if (p1) {
    for (int i = 0; i < bytes1; ++i)
      p1[i] = (unsigned char)(3 * t + i);
    for (int i = 0; i < bytes1; ++i)
      bad += p1[i] != (unsigned char)(3 * t + i);
    free(p1);
  }
  if (p0)
    for (int i = 0; i < bytes0; ++i)
      bad += p0[i] != (unsigned char)(t + i);
  free(p0);
  free(0);
  out[t] = bad;
}

// One thread: malloc(0) is a pointer, too much is NULL, 1 MiB blocks until
// the heap is exhausted (out[2] of them), all freed and taken again
// (out[3]).
extern "C" __global__ void limits(unsigned long long *out) {
  void *z = malloc(0);
  out[0] = z != 0;
  free(z);
  out[1] = malloc(1ull << 40) == 0;
  void *blocks[64];
  int k = 0;
#pragma unroll 1
  while (k < 64 && (blocks[k] = malloc(1 << 20)))
    ++k;
  out[2] = k;
#pragma unroll 1
  for (int i = 0; i < k; ++i)
    free(blocks[i]);
  int again = 0;
#pragma unroll 1
  while (again < k && (blocks[again] = malloc(1 << 20)))
    ++again;
  out[3] = again;
#pragma unroll 1
  for (int i = 0; i < again; ++i)
    free(blocks[i]);
}
