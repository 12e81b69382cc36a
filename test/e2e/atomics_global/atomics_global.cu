// Integer atomics on global memory, 32- and 64-bit: add, sub, exch, min/max
// (signed and unsigned), inc/dec with wrap values, and/or/xor, CAS loops,
// and contended adds to a few bins.  Results whose order is unspecified are
// checked as multisets by the host.

extern "C" __global__ void k_atomics32(int* c, const int* vals, const unsigned* uvals, int* olds, int* bins) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int v = vals[tid];
  unsigned u = uvals[tid];
  int* o = olds + (size_t)tid * 5;
  o[0] = atomicAdd(&c[0], 1);
  atomicAdd((unsigned*)&c[1], u);
  atomicSub(&c[2], v);
  o[1] = atomicExch(&c[3], tid + 1000);
  atomicMin(&c[4], v);
  atomicMax(&c[5], v);
  atomicMin((unsigned*)&c[6], u);
  atomicMax((unsigned*)&c[7], u);
  o[2] = (int)atomicInc((unsigned*)&c[8], 37u);
  o[3] = (int)atomicDec((unsigned*)&c[9], 19u);
  atomicAnd(&c[10], ~(1 << (tid & 31)) | (v & 0x40000000));
  atomicOr(&c[11], 1 << (u & 31));
  atomicXor(&c[12], v);
  // CAS loop: add (tid % 7 + 1)
  int inc = tid % 7 + 1;
  int old = *(volatile int*)&c[13], assumed;
  do {
    assumed = old;
    old = atomicCAS(&c[13], assumed, assumed + inc);
  } while (old != assumed);
  o[4] = old;
  atomicAdd(&bins[tid % 13], v);
  atomicAdd((unsigned*)&bins[13 + (u % 3)], 1u);
}

extern "C" __global__ void k_atomics64(unsigned long long* c, const unsigned long long* vals,
                                       unsigned long long* olds) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned long long v = vals[tid];
  unsigned long long* o = olds + (size_t)tid * 3;
  o[0] = atomicAdd(&c[0], 1ull);
  atomicAdd(&c[1], v);
  atomicMin((long long*)&c[2], (long long)v);
  atomicMax((long long*)&c[3], (long long)v);
  atomicMin(&c[4], v);
  atomicMax(&c[5], v);
  atomicAnd(&c[6], v | (1ull << (tid & 63)));
  atomicOr(&c[7], v & 0x0101010101010101ull);
  atomicXor(&c[8], v);
  o[1] = atomicExch(&c[9], (unsigned long long)tid * 0x100000001ull);
  unsigned long long inc = (unsigned long long)(tid % 5 + 1) << 33;
  unsigned long long old = *(volatile unsigned long long*)&c[10], assumed;
  do {
    assumed = old;
    old = atomicCAS(&c[10], assumed, assumed + inc);
  } while (old != assumed);
  o[2] = old;
}
