// Device function calls: __noinline__ functions taking and returning structs
// by value (small and large), recursion (fib, bounded Ackermann, recursive
// array sum through a pointer), and indirect calls through function pointers
// (a __device__ table, a pointer passed to a higher-order function, and
// pointers returning structs).

struct Vec3 {
  float x, y, z;
};
struct Big {
  int a[6];
  long long b;
  char c;
  double d;
};

__device__ __noinline__ Vec3 cross3(Vec3 u, Vec3 v) {
  Vec3 r;
  r.x = __fsub_rn(__fmul_rn(u.y, v.z), __fmul_rn(u.z, v.y));
  r.y = __fsub_rn(__fmul_rn(u.z, v.x), __fmul_rn(u.x, v.z));
  r.z = __fsub_rn(__fmul_rn(u.x, v.y), __fmul_rn(u.y, v.x));
  return r;
}

__device__ __noinline__ Big transform(Big in, int k) {
  Big r;
  for (int i = 0; i < 6; i++) r.a[i] = in.a[5 - i] * k + i;
  r.b = in.b * 3 - k;
  r.c = (char)(in.c + k);
  r.d = in.d * 0.5 + k;
  return r;
}

__device__ __noinline__ int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

__device__ __noinline__ int ack(int m, int n) {
  if (m == 0) return n + 1;
  if (n == 0) return ack(m - 1, 1);
  return ack(m - 1, ack(m, n - 1));
}

__device__ __noinline__ long long rsum(const int* p, int n) {
  if (n == 0) return 0;
  if (n == 1) return p[0];
  int h = n / 2;
  return rsum(p, h) * 3 + rsum(p + h, n - h);
}

typedef int (*binop_t)(int, int);
__device__ __noinline__ int op_add(int a, int b) { return (int)((unsigned)a + (unsigned)b); }
__device__ __noinline__ int op_sub(int a, int b) { return (int)((unsigned)a - (unsigned)b); }
__device__ __noinline__ int op_mul(int a, int b) { return (int)((unsigned)a * (unsigned)b); }
__device__ __noinline__ int op_xor(int a, int b) { return a ^ b; }
__device__ __noinline__ int op_min(int a, int b) { return a < b ? a : b; }
__device__ __noinline__ int op_shl(int a, int b) { return (int)((unsigned)a << (b & 31)); }

__device__ binop_t g_ops[6] = {op_add, op_sub, op_mul, op_xor, op_min, op_shl};

__device__ __noinline__ int fold(binop_t f, const int* p, int n, int init) {
  int acc = init;
  for (int i = 0; i < n; i++) acc = f(acc, p[i]);
  return acc;
}

typedef Vec3 (*vecop_t)(Vec3, Vec3);
__device__ __noinline__ Vec3 vadd(Vec3 u, Vec3 v) {
  Vec3 r = {__fadd_rn(u.x, v.x), __fadd_rn(u.y, v.y), __fadd_rn(u.z, v.z)};
  return r;
}

extern "C" __global__ void k_structs(const float* v, const int* iv, float* outv, int* outb, long long* outl,
                                     double* outd, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Vec3 u = {v[6 * i + 0], v[6 * i + 1], v[6 * i + 2]};
  Vec3 w = {v[6 * i + 3], v[6 * i + 4], v[6 * i + 5]};
  vecop_t f = (iv[6 * i] & 1) ? cross3 : vadd;
  Vec3 r = f(u, w);
  Vec3 r2 = cross3(r, u);
  outv[6 * i + 0] = r.x;
  outv[6 * i + 1] = r.y;
  outv[6 * i + 2] = r.z;
  outv[6 * i + 3] = r2.x;
  outv[6 * i + 4] = r2.y;
  outv[6 * i + 5] = r2.z;
  Big b;
  for (int k = 0; k < 6; k++) b.a[k] = iv[6 * i + k];
  b.b = (long long)iv[6 * i] * 1000003LL;
  b.c = (char)iv[6 * i + 1];
  b.d = (double)iv[6 * i + 2] * 0.25;
  Big t = transform(transform(b, i % 7 + 1), 2);
  for (int k = 0; k < 6; k++) outb[7 * i + k] = t.a[k];
  outb[7 * i + 6] = t.c;
  outl[i] = t.b;
  outd[i] = t.d;
}

extern "C" __global__ void k_recursion(const int* args, int* out, long long* sums, const int* data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int a = args[2 * i], b = args[2 * i + 1];
  out[2 * i] = fib(a);
  out[2 * i + 1] = ack(b % 3, b / 3);
  sums[i] = rsum(data + (i % 16), 20 + i % 13);
}

extern "C" __global__ void k_indirect(const int* sel, const int* data, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int s = sel[i];
  binop_t f = g_ops[s % 6];
  out[3 * i] = f(data[i], data[(i + 1) % n]);
  out[3 * i + 1] = fold(g_ops[(s / 6) % 6], data + (i % 32), 8, s);
  binop_t local_tab[3] = {op_xor, op_sub, op_add};
  out[3 * i + 2] = local_tab[s % 3](data[i], s);
}
