/* Kernel arguments of the CPU agent's test kernels (hsa-host-kernels.c),
 * shared with the test driver (hsa-host-test.cpp). */
#ifndef PTXMLIR_TEST_HSA_HOST_KERNELS_H
#define PTXMLIR_TEST_HSA_HOST_KERNELS_H

#include <stdint.h>

/* fill: out[global id] = base + global id; the first thread of each block
 * records the OS thread running it (after a short sleep, so other workers
 * get blocks too). */
struct FillArgs {
  uint32_t *out;
  uint64_t *threadOfBlock;
  uint32_t base;
  uint32_t sleepUs;
};

/* exchange: one block; barriers, a shared-memory exchange and bar.red. */
struct ExchangeArgs {
  uint32_t *neighbour; /* [ntid]: lds value of thread (tid + 1) % ntid */
  uint32_t *sum;       /* [1]: tree-reduced sum of tid * 3 */
  uint32_t *red;       /* [3]: popc/and/or over (tid % 3 == 0) */
  uint32_t *localOk;   /* [ntid]: a local variable lies in [local_base, end) */
  uint32_t *yieldOk;   /* [1]: thread 0 saw thread ntid-1's flag via yield */
};

/* dims: out[global linear id * 16] = tid.xyz, ntid.xyz, ctaid.xyz,
 * nctaid.xyz, lane, wave_size, lds_size, and whether kernarg points at
 * these arguments. */
struct DimsArgs {
  uint32_t *out;
};

/* waveops: ballots, active masks and lane reads over diverged groups. */
struct WaveArgs {
  uint64_t *out; /* [ntid * 8] */
};

/* its: mode 0 diverged .sync ballots with full membermasks (an error);
 * mode 1 with the membermask of each side (fine). */
struct ItsArgs {
  uint64_t *out;
  uint32_t mode;
};

/* trap: thread `thread` of block `block` traps. */
struct TrapArgs {
  uint32_t block;
  uint32_t thread;
};

/* barrier_exit: threads with tid < `exiting` return at once; the others
 * wait at barrier 1 with `count` (0 = whole block), then write 1. With
 * `split`, lanes 16..31 of each warp wait at barrier 2 instead. */
struct BarrierExitArgs {
  uint32_t *out;
  uint32_t exiting;
  uint32_t count;
  uint32_t split;
};

/* mxcsr: out[tid] = MXCSR at entry; thread 0 then sets FTZ/DAZ and yields,
 * so the other threads of the block must still see the default. */
struct MxcsrArgs {
  uint32_t *out;
};

/* overflow: recurses `depth` times with 4 KiB frames. */
struct OverflowArgs {
  uint32_t depth;
  uint32_t *out;
};

/* fault: thread 3 of the block faults: mode 0 stores through a wild
 * pointer, 1 divides by zero, 2 executes an undefined instruction. */
struct FaultArgs {
  uint32_t mode;
  uint32_t divisor;
  uint32_t *out;
};

/* convert: the half/bfloat16 helpers the JIT supplies. */
struct ConvertArgs {
  const double *in;
  uint32_t count;
  uint16_t *halfFromDouble;
  uint16_t *halfFromFloat;
  uint16_t *bf16FromDouble;
  uint16_t *bf16FromFloat;
  float *floatFromHalf;
};

/* spin: spins with __ptxmlir_yield until `*flag` is set (by the host) */
struct SpinArgs {
  volatile uint32_t *flag;
};

/* global_var: gvar[tid] += 10 for the module-scope variable gvar[4]. */

#endif
