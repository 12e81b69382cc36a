// Shared memory: static arrays of several element types (incl. sub-word),
// extern dynamic arrays sized at launch, static + dynamic in one kernel,
// a dynamic buffer carved into differently typed regions, a padded 2-D tile
// transpose, and generic pointers to shared memory (__isShared/__isGlobal/
// __isLocal, cvta to/from the shared window).

extern "C" __global__ void k_static_dynamic(const int* in, int* out, int n_dyn) {
  __shared__ int s_int[256];
  __shared__ double s_dbl[32];
  __shared__ unsigned char s_byte[256];
  extern __shared__ float s_dyn[];
  int tid = threadIdx.x;
  int gid = blockIdx.x * blockDim.x + tid;
  int v = in[gid];
  s_int[tid] = v * 3;
  s_byte[tid] = (unsigned char)(v ^ tid);
  if (tid < 32) s_dbl[tid] = tid * 1.25 + blockIdx.x;
  for (int k = tid; k < n_dyn; k += blockDim.x) s_dyn[k] = (k < (int)blockDim.x) ? (float)v + 0.5f : (float)(k * 2);
  __syncthreads();
  int* o = out + (size_t)gid * 6;
  o[0] = s_int[(tid + 1) % 256];
  o[1] = __float_as_int(s_dyn[(tid + 7) % 256]);
  o[2] = (int)(s_dbl[tid % 32] * 4.0);
  o[3] = (int)s_dyn[n_dyn - 1 - tid];
  o[4] = s_byte[255 - tid] | (s_byte[(tid + 1) & 255] << 8);
  o[5] = (int)((unsigned)(size_t)&s_int[tid] - (unsigned)(size_t)&s_int[0]);  // generic address arithmetic
}

// One dynamic buffer split into a double region followed by an int region.
extern "C" __global__ void k_dyn_carve(const int* in, int* out, int nd, int ni) {
  extern __shared__ double dbuf[];
  double* d = dbuf;
  int* iv = (int*)(d + nd);
  int tid = threadIdx.x, n = blockDim.x;
  int gid = blockIdx.x * n + tid;
  for (int k = tid; k < nd; k += n) d[k] = k * 0.5;
  for (int k = tid; k < ni; k += n) iv[k] = -k;
  __syncthreads();
  iv[tid] = in[gid];  // tid < ni
  __syncthreads();
  int r = iv[n - 1 - tid];  // block-wide reversal through shared memory
  out[2 * gid] = r;
  out[2 * gid + 1] = (int)(d[nd - 1 - tid] * 2.0) + iv[ni - 1];
}

// 32x32 tile transpose with a padding column (blockDim 32x8).
extern "C" __global__ void k_transpose(const float* in, float* out, int w, int h) {
  __shared__ float tile[32][33];
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    if (x < w && y + j < h) tile[threadIdx.y + j][threadIdx.x] = in[(size_t)(y + j) * w + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x;
  y = blockIdx.x * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    if (x < h && y + j < w) out[(size_t)(y + j) * h + x] = tile[threadIdx.x][threadIdx.y + j];
}

__device__ __noinline__ void store_generic(int* p, int v) { *p = v; }
__device__ __noinline__ int load_generic(const int* p) { return *p; }

// Generic pointers that point either to shared or to global memory.
extern "C" __global__ void k_generic(const int* sel, int* g, int* out) {
  __shared__ int s[128];
  int loc[8];
  int tid = threadIdx.x;
  int gid = blockIdx.x * blockDim.x + tid;
  s[tid] = -1;
  for (int k = 0; k < 8; k++) loc[k] = gid * 8 + k;
  __syncthreads();
  int* p = (sel[gid] & 1) ? &s[tid ^ 1] : &g[gid];
  store_generic(p, gid * 10 + 3);
  __syncthreads();
  int* o = out + (size_t)gid * 8;
  o[0] = s[tid];
  o[1] = load_generic(p);
  o[2] = (int)__isShared(p) | ((int)__isGlobal(p) << 1) | ((int)__isLocal(p) << 2);
  int* lp = &loc[sel[gid] & 7];
  o[3] = (int)__isLocal(lp) | ((int)__isShared(lp) << 1) | ((int)__isGlobal(lp) << 2);
  o[4] = load_generic(lp);
  size_t sa = __cvta_generic_to_shared(&s[tid]);
  size_t s0 = __cvta_generic_to_shared(&s[0]);
  o[5] = (int)(sa - s0);
  int* q = (int*)__cvta_shared_to_generic(sa);
  o[6] = *q;
  unsigned sa32;
  asm("{ .reg .u64 t; cvta.to.shared.u64 t, %1; cvt.u32.u64 %0, t; }" : "=r"(sa32) : "l"(&s[(tid + 5) & 127]));
  int viaptx;
  asm volatile("ld.shared.u32 %0, [%1];" : "=r"(viaptx) : "r"(sa32));
  o[7] = viaptx;
}
