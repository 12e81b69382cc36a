// __constant__ memory written by the host (cuModuleGetGlobal +
// cuMemcpyHtoD) and read with divergent indices, __constant__ arrays with
// initialisers, and __device__ globals with initialisers: scalars, arrays,
// a struct, a string, a 2-D array, and an array of pointers to other
// globals (generic(symbol) initialisers), modified by kernels and read back
// by the host.

__constant__ float c_coef[16];
__constant__ int c_table[256];
__constant__ int c_init[4] = {11, -22, 33, -44};
__constant__ double c_dbl[2] = {0.5, -1.25};

struct S {
  int x;
  float y;
  short z;
  char w;
  long long q;
};

__device__ int g_a[4] = {1, 2, 3, 4};
__device__ float g_f = 3.5f;
__device__ int g_b = 42;
__device__ int g_c[8] = {10, 20, 30, 40, 50, 60, 70, 80};
__device__ int* g_ptrs[3] = {g_a, &g_b, g_c + 2};
__device__ S g_s = {7, 2.5f, -3, 'x', 1LL << 40};
__device__ S* g_sp = &g_s;
__device__ unsigned long long g_counter = 5;
__device__ char g_str[8] = "hello";
__device__ int g_2d[3][4] = {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}};
__device__ int g_zero[16];  // zero-initialised

extern "C" __global__ void k_const(const int* idx, const float* x, float* out, int* outi, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int k = idx[i];
  out[i] = __fadd_rn(__fmul_rn(c_coef[k & 15], x[i]), (float)c_table[(k >> 4) & 255]);
  outi[2 * i] = c_table[(unsigned)k % 251u] + c_init[i & 3];
  outi[2 * i + 1] = (int)(c_dbl[k & 1] * 8.0) + c_table[255 - (i & 255)];
}

// Single-block kernel: reads every initialised global, then updates some.
extern "C" __global__ void k_globals(int* out, float* outf, long long* outl) {
  int t = threadIdx.x;
  if (t < 4) out[t] = g_a[t];
  if (t < 3) out[4 + t] = *g_ptrs[t];
  if (t < 8) out[7 + t] = g_c[t] + g_str[t];
  if (t < 12) out[15 + t] = g_2d[t / 4][t % 4];
  if (t < 16) out[27 + t] = g_zero[t];
  if (t == 0) {
    out[43] = g_b;
    out[44] = g_sp->x;
    out[45] = g_sp->z;
    out[46] = g_sp->w;
    outf[0] = g_f;
    outf[1] = g_s.y;
    outl[0] = g_s.q;
    outl[1] = (long long)((size_t)g_ptrs[2] - (size_t)g_c);  // byte offset of g_c + 2
  }
  __syncthreads();
  atomicAdd(&g_counter, (unsigned long long)(t + 1));
  if (t == 0) {
    g_ptrs[0][1] = 99;  // g_a[1] through the pointer table
    *g_ptrs[1] += 1000;  // g_b
    g_sp->q += 1;
    g_f *= 2.0f;
  }
}
