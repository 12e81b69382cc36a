// Per-thread local memory: dynamically indexed arrays (int, double, bytes),
// arrays of structs, a local array passed by pointer to a __noinline__
// function (generic pointer to .local), and an explicit stack used for an
// iterative traversal.

struct Rec {
  short a;
  char b;
  double c;
};

__device__ __noinline__ void sort_local(int* p, int n) {  // insertion sort through a generic pointer
  for (int i = 1; i < n; i++) {
    int v = p[i], j = i - 1;
    while (j >= 0 && p[j] > v) {
      p[j + 1] = p[j];
      j--;
    }
    p[j + 1] = v;
  }
}

extern "C" __global__ void k_local(const int* idx, const int* vals, int* out, double* outd, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int arr[64];
  double darr[16];
  unsigned char bytes[40];
  for (int k = 0; k < 64; k++) arr[k] = vals[(i + k) % n] ^ k;
  for (int k = 0; k < 16; k++) darr[k] = (double)vals[(i * 3 + k) % n] * 0.5;
  for (int k = 0; k < 40; k++) bytes[k] = (unsigned char)(vals[(i + 2 * k) % n] >> 3);
  unsigned s = 0;
  double ds = 0.0;
  for (int k = 0; k < 32; k++) {
    int j = idx[i * 32 + k] & 63;
    arr[j] += k;
    s += (unsigned)arr[(j * 7) & 63];
    darr[j & 15] = __dsub_rn(__dmul_rn(darr[(j + 3) & 15], 1.5), darr[j & 15]);  // no fma contraction
    bytes[j % 40] ^= (unsigned char)(bytes[(j * 3) % 40] + k);
  }
  for (int k = 0; k < 16; k++) ds = __dadd_rn(ds, __dmul_rn(darr[k], (double)(k + 1)));
  unsigned bs = 0;
  for (int k = 0; k < 40; k++) bs = bs * 31u + bytes[k];
  Rec recs[8];
  for (int k = 0; k < 8; k++) {
    recs[k].a = (short)(vals[(i + k) % n] >> 16);
    recs[k].b = (char)vals[(i + k + 1) % n];
    recs[k].c = k * 0.25;
  }
  int r = idx[i * 32] & 7;
  recs[r].c += recs[(r + 1) & 7].a;
  recs[(r + 3) & 7].b = (char)(recs[r].b + 1);
  int rs = 0;
  double rc = 0.0;
  for (int k = 0; k < 8; k++) {
    rs += recs[k].a * (k + 1) + recs[k].b;
    rc += recs[k].c;
  }
  int tosort[12];
  for (int k = 0; k < 12; k++) tosort[k] = arr[(idx[i * 32 + k] * 5) & 63];
  sort_local(tosort, 12);
  out[6 * i + 0] = (int)s;
  out[6 * i + 1] = (int)bs;
  out[6 * i + 2] = rs;
  out[6 * i + 3] = tosort[0];
  out[6 * i + 4] = tosort[6];
  out[6 * i + 5] = tosort[11];
  outd[2 * i] = ds;
  outd[2 * i + 1] = rc;
}

// Iterative depth-first traversal of an implicit binary tree with a local stack.
extern "C" __global__ void k_stack(const int* seeds, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int stack[32];
  int sp = 0;
  stack[sp++] = 1;
  unsigned seed = (unsigned)seeds[i];
  unsigned acc = 0;
  int visited = 0;
  while (sp > 0) {
    int node = stack[--sp];
    visited++;
    acc = acc * 33u + (unsigned)node;
    // children exist if the hashed node says so, depth limited to 10
    unsigned h = (unsigned)node * 2654435761u ^ seed;
    if (node < 512) {
      if (h & 1) stack[sp++] = 2 * node;
      if (h & 2) stack[sp++] = 2 * node + 1;
    }
  }
  out[2 * i] = (int)acc;
  out[2 * i + 1] = visited;
}
