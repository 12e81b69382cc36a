/* Test kernels for the CPU agent, written against HostABI.h the way the
 * host back end's code is: one entry per kernel, "<name>.ptxmlir_entry",
 * taking the thread context and calling the __ptxmlir_* runtime. Compiled
 * with clang -O1 -fPIC into an x86-64 relocatable object; the test adds
 * the metadata note. */
#include "hsa-host-kernels.h"
#include "ptxmlir/Target/Host/HostABI.h"

#include <pthread.h>
#include <unistd.h>
#include <xmmintrin.h>

#define KERNEL(name)                                                           \
  void name##_entry(ptxmlir_thread_ctx *ctx) __asm__(#name ".ptxmlir_entry");  \
  void name##_entry(ptxmlir_thread_ctx *ctx)

#define ARGS(type) const struct type *a = (const struct type *)ctx->kernarg

static uint32_t linearTid(const ptxmlir_thread_ctx *ctx) {
  return ctx->tid[0] + ctx->tid[1] * ctx->ntid[0] +
         ctx->tid[2] * ctx->ntid[0] * ctx->ntid[1];
}

static uint32_t blockSize(const ptxmlir_thread_ctx *ctx) {
  return ctx->ntid[0] * ctx->ntid[1] * ctx->ntid[2];
}

static uint32_t linearBlock(const ptxmlir_thread_ctx *ctx) {
  return ctx->ctaid[0] + ctx->ctaid[1] * ctx->nctaid[0] +
         ctx->ctaid[2] * ctx->nctaid[0] * ctx->nctaid[1];
}

int gvar[4] = {1, 2, 3, 4};

/* A read-only variable, as PTX .const becomes: the host still writes it
 * (cuMemcpyHtoD to a __constant__ symbol). */
const int cvar[4] = {5, 6, 7, 8};

KERNEL(global_var) {
  uint32_t t = linearTid(ctx);
  if (t < 4)
    gvar[t] += 10 + *(const volatile int *)&cvar[t];
}

KERNEL(fill) {
  ARGS(FillArgs);
  uint32_t b = linearBlock(ctx);
  uint32_t gid = b * blockSize(ctx) + linearTid(ctx);
  a->out[gid] = a->base + gid;
  if (linearTid(ctx) == 0) {
    if (a->sleepUs)
      usleep(a->sleepUs);
    a->threadOfBlock[b] = (uint64_t)pthread_self();
  }
}

KERNEL(exchange) {
  ARGS(ExchangeArgs);
  uint32_t t = linearTid(ctx), n = blockSize(ctx);
  uint32_t *lds = (uint32_t *)ctx->lds;
  volatile int local = 0;
  a->localOk[t] =
      (char *)&local >= ctx->local_base && (char *)&local < ctx->local_end;
  lds[t] = t * 7;
  __ptxmlir_barrier(ctx, 1, 0, 0, "exchange.ptx:1:1");
  uint32_t next = lds[(t + 1) % n];
  __ptxmlir_barrier(ctx, 2, 0, 0, "exchange.ptx:2:1");
  a->neighbour[t] = next;
  lds[t] = t * 3;
  __ptxmlir_barrier(ctx, 3, 0, 0, "exchange.ptx:3:1");
  for (uint32_t stride = n / 2; stride > 0; stride /= 2) {
    if (t < stride)
      lds[t] += lds[t + stride];
    __ptxmlir_barrier(ctx, 4, 0, 0, "exchange.ptx:4:1");
  }
  if (t == 0)
    a->sum[0] = lds[0];
  uint32_t pred = t % 3 == 0;
  uint32_t popc = __ptxmlir_barrier_red(ctx, 5, PTXMLIR_RED_POPC, pred, 2, 0,
                                        "exchange.ptx:5:1");
  uint32_t all = __ptxmlir_barrier_red(ctx, 6, PTXMLIR_RED_AND, pred, 3, 0,
                                       "exchange.ptx:6:1");
  uint32_t any = __ptxmlir_barrier_red(ctx, 7, PTXMLIR_RED_OR, pred, 4, 0,
                                       "exchange.ptx:7:1");
  if (t == n - 1) {
    a->red[0] = popc;
    a->red[1] = all;
    a->red[2] = any;
  }
  /* A spin-wait across waves: thread 0 waits for the last thread. */
  volatile uint32_t *flag = (volatile uint32_t *)&lds[0];
  __ptxmlir_barrier(ctx, 8, 0, 0, "exchange.ptx:8:1");
  if (t == 0)
    *flag = 0;
  __ptxmlir_barrier(ctx, 9, 0, 0, "exchange.ptx:9:1");
  if (t == 0) {
    while (*flag != 12345)
      __ptxmlir_yield(ctx);
    a->yieldOk[0] = 1;
  } else if (t == n - 1) {
    __ptxmlir_yield(ctx);
    *flag = 12345;
  }
}

KERNEL(dims) {
  ARGS(DimsArgs);
  uint32_t gid = linearBlock(ctx) * blockSize(ctx) + linearTid(ctx);
  uint32_t *o = a->out + gid * 16;
  for (int i = 0; i < 3; ++i) {
    o[i] = ctx->tid[i];
    o[3 + i] = ctx->ntid[i];
    o[6 + i] = ctx->ctaid[i];
    o[9 + i] = ctx->nctaid[i];
  }
  o[12] = ctx->lane;
  o[13] = ctx->wave_size;
  o[14] = ctx->lds_size;
  o[15] = ctx->kernarg == (const char *)a && ctx->lds != 0;
}

KERNEL(waveops) {
  ARGS(WaveArgs);
  uint32_t t = linearTid(ctx), lane = ctx->lane;
  uint64_t *out = a->out + t * 8;
  /* Two diverged groups, each running its own ops. */
  if (lane % 3 == 0) {
    out[0] = __ptxmlir_ballot(ctx, 1, lane & 1, 0, 0, "w.ptx:1:1");
    out[1] = __ptxmlir_active_mask(ctx, 2);
    out[2] = __ptxmlir_read_lane(ctx, 3, lane * 10, 3, 0, 0, "w.ptx:3:1");
    out[3] = __ptxmlir_read_first_lane(ctx, 4, lane + 100);
  } else {
    out[0] = __ptxmlir_ballot(ctx, 5, 1, 0, 0, "w.ptx:5:1");
    out[1] = __ptxmlir_active_mask(ctx, 6);
    out[2] = __ptxmlir_read_lane(ctx, 7, lane * 10, 3, 0, 0, "w.ptx:7:1");
    out[3] = __ptxmlir_read_first_lane(ctx, 8, lane + 100);
  }
  /* Lanes leave a loop at different iterations: each iteration's group is
   * the lanes still in it, and the lanes that left wait for them. */
  uint64_t last = 0;
  for (uint32_t i = 0; i < lane % 4 + 1; ++i)
    last = __ptxmlir_ballot(ctx, 10, 1, 0, 0, "w.ptx:10:1");
  out[4] = last;
  out[5] = __ptxmlir_active_mask(ctx, 11);
  /* Reads from a lane of the other CUDA warp of a wave64. */
  out[6] = __ptxmlir_read_lane(
      ctx, 12, lane + 1000, (lane + 33) % ctx->wave_size, 0, 0, "w.ptx:12:1");
  out[7] = ctx->wave_size;
}

KERNEL(its) {
  ARGS(ItsArgs);
  uint32_t lane = ctx->lane, t = linearTid(ctx);
  uint32_t warpLane = lane % 32;
  if (warpLane < 16)
    a->out[t] = __ptxmlir_ballot(ctx, 1, 1, a->mode ? 0x0000ffffu : ~0u, 1,
                                 "its.ptx:12:3");
  else
    a->out[t] = __ptxmlir_ballot(ctx, 2, 1, a->mode ? 0xffff0000u : ~0u, 1,
                                 "its.ptx:14:3");
}

KERNEL(trap) {
  ARGS(TrapArgs);
  if (linearBlock(ctx) == a->block && linearTid(ctx) == a->thread)
    __ptxmlir_trap(ctx, "trap.ptx:7:5");
  __ptxmlir_barrier(ctx, 1, 0, 0, "trap.ptx:8:5");
}

KERNEL(barrier_exit) {
  ARGS(BarrierExitArgs);
  uint32_t t = linearTid(ctx);
  if (t < a->exiting)
    return;
  if (a->split && t % 32 >= 16)
    __ptxmlir_barrier(ctx, 2, 2, a->count, "bar.ptx:22:3");
  else
    __ptxmlir_barrier(ctx, 1, 1, a->count, "bar.ptx:20:3");
  a->out[t] = 1;
}

KERNEL(mxcsr) {
  ARGS(MxcsrArgs);
  uint32_t t = linearTid(ctx);
  a->out[t] = _mm_getcsr();
  if (t == 0) {
    _mm_setcsr(_mm_getcsr() | 0x8040); /* FTZ | DAZ */
    __ptxmlir_yield(ctx);
  }
}

static uint32_t recurse(uint32_t depth) {
  /* Every cache line of the frame is written, so the frame is real and an
   * overflow cannot step over the guard page. */
  volatile char frame[4096];
  for (uint32_t i = 0; i < sizeof(frame); i += 64)
    frame[i] = (char)depth;
  if (depth == 0)
    return 0;
  return recurse(depth - 1) + (uint32_t)frame[depth % 64 * 64];
}

KERNEL(overflow) {
  ARGS(OverflowArgs);
  a->out[linearTid(ctx)] = recurse(a->depth);
}

KERNEL(fault) {
  ARGS(FaultArgs);
  uint32_t t = linearTid(ctx);
  if (t == 3) {
    if (a->mode == 0)
      *(volatile uint32_t *)(uintptr_t)(0x10 + a->divisor) = 1;
    else if (a->mode == 1)
      a->out[t] = 100 / *(volatile uint32_t *)&a->divisor;
    else
      __builtin_trap();
  }
  a->out[t] = 1;
}

KERNEL(convert) {
  ARGS(ConvertArgs);
  for (uint32_t i = linearTid(ctx); i < a->count; i += blockSize(ctx)) {
    double d = a->in[i];
    _Float16 hd = (_Float16)d, hf = (_Float16)(float)d;
    __bf16 bd = (__bf16)d, bf = (__bf16)(float)d;
    a->halfFromDouble[i] = *(uint16_t *)&hd;
    a->halfFromFloat[i] = *(uint16_t *)&hf;
    a->bf16FromDouble[i] = *(uint16_t *)&bd;
    a->bf16FromFloat[i] = *(uint16_t *)&bf;
    a->floatFromHalf[i] = (float)hd;
  }
}

KERNEL(spin) {
  ARGS(SpinArgs);
  while (!*a->flag)
    __ptxmlir_yield(ctx);
}
