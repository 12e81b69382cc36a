//===- Builtins.cpp - the runtime functions of HostABI.h ------------------===//
//
// Generated code calls these with its thread context; ctx->runtime is the
// fiber, which knows its block's scheduler. They have C linkage, as
// HostABI.h declares them, but the JIT binds them by address, so they need
// not be exported from libcuda.so.
//
//===----------------------------------------------------------------------===//

#include "Builtins.h"
#include "Scheduler.h"
#include "SoftFloat.h"

#include <ctime>

using namespace ptxmlir::hsahost;

namespace {
Fiber &fiberOf(ptxmlir_thread_ctx *ctx) {
  return *static_cast<Fiber *>(ctx->runtime);
}
} // namespace

extern "C" {

uint64_t __ptxmlir_active_mask(ptxmlir_thread_ctx *ctx, uint64_t op_id) {
  Fiber &f = fiberOf(ctx);
  return f.runner->waveOp(f, WaveOpKind::ActiveMask, op_id, 0, 0, 0, false,
                          nullptr);
}

uint64_t __ptxmlir_ballot(ptxmlir_thread_ctx *ctx, uint64_t op_id,
                          uint32_t pred, uint32_t membermask, uint32_t has_mask,
                          const char *loc) {
  Fiber &f = fiberOf(ctx);
  return f.runner->waveOp(f, WaveOpKind::Ballot, op_id, pred != 0, 0,
                          membermask, has_mask != 0, loc);
}

uint32_t __ptxmlir_read_lane(ptxmlir_thread_ctx *ctx, uint64_t op_id,
                             uint32_t value, uint32_t lane, uint32_t membermask,
                             uint32_t has_mask, const char *loc) {
  Fiber &f = fiberOf(ctx);
  return static_cast<uint32_t>(f.runner->waveOp(f, WaveOpKind::ReadLane, op_id,
                                                value, lane, membermask,
                                                has_mask != 0, loc));
}

uint32_t __ptxmlir_read_first_lane(ptxmlir_thread_ctx *ctx, uint64_t op_id,
                                   uint32_t value) {
  Fiber &f = fiberOf(ctx);
  return static_cast<uint32_t>(f.runner->waveOp(
      f, WaveOpKind::ReadFirstLane, op_id, value, 0, 0, false, nullptr));
}

void __ptxmlir_barrier(ptxmlir_thread_ctx *ctx, uint64_t, uint32_t id,
                       uint32_t count, const char *loc) {
  Fiber &f = fiberOf(ctx);
  f.runner->barrier(f, id, count, /*wait=*/true, /*reduce=*/false, 0, 0, loc);
}

void __ptxmlir_barrier_arrive(ptxmlir_thread_ctx *ctx, uint64_t, uint32_t id,
                              uint32_t count, const char *loc) {
  Fiber &f = fiberOf(ctx);
  f.runner->barrier(f, id, count, /*wait=*/false, /*reduce=*/false, 0, 0, loc);
}

uint32_t __ptxmlir_barrier_red(ptxmlir_thread_ctx *ctx, uint64_t, uint32_t kind,
                               uint32_t pred, uint32_t id, uint32_t count,
                               const char *loc) {
  Fiber &f = fiberOf(ctx);
  return f.runner->barrier(f, id, count, /*wait=*/true, /*reduce=*/true, kind,
                           pred, loc);
}

void __ptxmlir_yield(ptxmlir_thread_ctx *ctx) {
  Fiber &f = fiberOf(ctx);
  f.runner->yield(f);
}

uint64_t __ptxmlir_global_timer(ptxmlir_thread_ctx *) {
  timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  return uint64_t(ts.tv_sec) * 1000000000ull + uint64_t(ts.tv_nsec);
}

void __ptxmlir_trap(ptxmlir_thread_ctx *ctx, const char *loc) {
  Fiber &f = fiberOf(ctx);
  f.runner->trap(f, loc);
}

} // extern "C"

namespace ptxmlir::hsahost {

const std::vector<RuntimeSymbol> &runtimeSymbols() {
  static const std::vector<RuntimeSymbol> symbols = {
#define SYM(name) {#name, reinterpret_cast<void *>(&name)}
      SYM(__ptxmlir_active_mask),
      SYM(__ptxmlir_ballot),
      SYM(__ptxmlir_read_lane),
      SYM(__ptxmlir_read_first_lane),
      SYM(__ptxmlir_barrier),
      SYM(__ptxmlir_barrier_arrive),
      SYM(__ptxmlir_barrier_red),
      SYM(__ptxmlir_yield),
      SYM(__ptxmlir_global_timer),
      SYM(__ptxmlir_trap),
#undef SYM
      // compiler-rt's names; the process may lack them (libgcc has only
      // some, depending on its version).
      {"__extendhfsf2", reinterpret_cast<void *>(&softfloat::extendhfsf2)},
      {"__extendhfdf2", reinterpret_cast<void *>(&softfloat::extendhfdf2)},
      {"__truncsfhf2", reinterpret_cast<void *>(&softfloat::truncsfhf2)},
      {"__truncdfhf2", reinterpret_cast<void *>(&softfloat::truncdfhf2)},
      {"__extendbfsf2", reinterpret_cast<void *>(&softfloat::extendbfsf2)},
      {"__truncsfbf2", reinterpret_cast<void *>(&softfloat::truncsfbf2)},
      {"__truncdfbf2", reinterpret_cast<void *>(&softfloat::truncdfbf2)},
  };
  return symbols;
}

} // namespace ptxmlir::hsahost
