//===- HostABI.h - the contract between host code objects and the CPU agent ===//
//
// The host back end (lib/Conversion/WaveToHost, lib/Target/Host) compiles
// the shared layer for the CPU; the CPU agent (runtime/hsa-host) loads and
// runs the result. This header is everything the two sides agree on. It is
// plain C so both the compiler and the runtime include it.
//
// Code object: an x86-64 ELF relocatable object (ET_REL) holding
//   * one SHT_NOTE section ".note.ptxmlir" with one note: name "AMDGPU",
//     type NT_AMDGPU_METADATA (32), desc = msgpack in the AMDHSA code
//     object v5 shape (amdhsa.version, amdhsa.target = "host-<chip>",
//     amdhsa.kernels[] with .name, .symbol = "<name>.kd", .args[] of
//     {.offset, .size, .value_kind = by_value}, .kernarg_segment_size,
//     .kernarg_segment_align, .group_segment_fixed_size,
//     .private_segment_fixed_size, .wavefront_size,
//     .max_flat_workgroup_size), so the runtime reads AMD and host code
//     objects with the same code;
//   * for each kernel `k` a global function `k` + PTXMLIR_HOST_ENTRY_SUFFIX
//     of type ptxmlir_host_entry_fn: one GPU thread of the kernel. It reads
//     its arguments from ctx->kernarg at the offsets of the metadata;
//   * module-scope .global/.const variables as global data symbols
//     (STT_OBJECT, st_size = their size) under their PTX names;
//   * undefined references to the runtime functions below and to libc/libm.
//
// Every function generated from PTX takes the thread context as its first
// argument (no TLS in generated code).
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_TARGET_HOST_HOSTABI_H
#define PTXMLIR_TARGET_HOST_HOSTABI_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PTXMLIR_HOST_ABI_VERSION 1
/// Suffix of a kernel's entry symbol: kernel "k" runs as "k.ptxmlir_entry".
#define PTXMLIR_HOST_ENTRY_SUFFIX ".ptxmlir_entry"
/// ISA names the CPU agent reports: "ptxmlir-host--<chip>", e.g.
/// "ptxmlir-host--gfx1100"; the compiler's chip for it is "host-<chip>".
#define PTXMLIR_HOST_ISA_PREFIX "ptxmlir-host--"
#define PTXMLIR_HOST_CHIP_PREFIX "host-"

/// One GPU thread's view of its dispatch. Generated code reads the fields
/// at these offsets (they never change while the thread runs) and passes
/// the pointer on to every runtime call.
typedef struct ptxmlir_thread_ctx {
  uint32_t tid[3];     ///< 0:  %tid
  uint32_t ntid[3];    ///< 12: %ntid
  uint32_t ctaid[3];   ///< 24: %ctaid
  uint32_t nctaid[3];  ///< 36: %nctaid
  uint32_t lane;       ///< 48: lane in the hardware wave (0..wave size - 1)
  uint32_t wave_size;  ///< 52: 32 or 64
  char *lds;           ///< 56: this block's group segment (static + dynamic)
  char *local_base;    ///< 64: low end of this thread's private window
  char *local_end;     ///< 72: high end (exclusive) of the private window
  const char *kernarg; ///< 80: the dispatch's kernarg segment
  uint32_t lds_size;   ///< 88: bytes at `lds`
  uint32_t reserved;   ///< 92
  void *runtime;       ///< 96: the agent's own per-thread state (opaque)
} ptxmlir_thread_ctx;

enum {
  PTXMLIR_CTX_TID = 0,
  PTXMLIR_CTX_NTID = 12,
  PTXMLIR_CTX_CTAID = 24,
  PTXMLIR_CTX_NCTAID = 36,
  PTXMLIR_CTX_LANE = 48,
  PTXMLIR_CTX_WAVE_SIZE = 52,
  PTXMLIR_CTX_LDS = 56,
  PTXMLIR_CTX_LOCAL_BASE = 64,
  PTXMLIR_CTX_LOCAL_END = 72,
  PTXMLIR_CTX_KERNARG = 80,
  PTXMLIR_CTX_LDS_SIZE = 88,
};

typedef void (*ptxmlir_host_entry_fn)(ptxmlir_thread_ctx *ctx);

/// bar.red operations (wave.barrier_red kinds).
enum { PTXMLIR_RED_POPC = 0, PTXMLIR_RED_AND = 1, PTXMLIR_RED_OR = 2 };

//===----------------------------------------------------------------------===//
// Runtime functions called by generated code (the CPU agent defines them).
//
// Wave collectives are `convergent` calls. `op_id` names the op (unique in
// its module; lower ids come first in the PTX text); the lanes of one wave
// that wait at the same op_id while no lane of the wave can run form the
// op's group, and the op runs over that group. Masks have one bit per lane
// of the hardware wave (bit i = lane i). `membermask` is the PTX operand:
// bit i names lane i of the lane's CUDA warp (lanes 32..63 of a wave64 form
// the second warp); `has_mask` says whether the op had one. `loc` is the
// op's PTX location ("file:line:col"), for errors.
//===----------------------------------------------------------------------===//

uint64_t __ptxmlir_active_mask(ptxmlir_thread_ctx *ctx, uint64_t op_id);
uint64_t __ptxmlir_ballot(ptxmlir_thread_ctx *ctx, uint64_t op_id,
                          uint32_t pred, uint32_t membermask,
                          uint32_t has_mask, const char *loc);
/// `value` as lane `lane` (0..wave size - 1) of the group holds it; 0 when
/// that lane is not in the group.
uint32_t __ptxmlir_read_lane(ptxmlir_thread_ctx *ctx, uint64_t op_id,
                             uint32_t value, uint32_t lane,
                             uint32_t membermask, uint32_t has_mask,
                             const char *loc);
uint32_t __ptxmlir_read_first_lane(ptxmlir_thread_ctx *ctx, uint64_t op_id,
                                   uint32_t value);
/// Block barriers. `id` is the barrier (0..15); `count` the number of
/// threads that complete it, or 0 for "every thread of the block" (exited
/// threads count as arrived). Memory is ordered as by a CTA fence.
void __ptxmlir_barrier(ptxmlir_thread_ctx *ctx, uint64_t op_id, uint32_t id,
                       uint32_t count, const char *loc);
void __ptxmlir_barrier_arrive(ptxmlir_thread_ctx *ctx, uint64_t op_id,
                              uint32_t id, uint32_t count, const char *loc);
/// bar.red: PTXMLIR_RED_POPC returns the count of true predicates,
/// AND/OR return 0 or 1.
uint32_t __ptxmlir_barrier_red(ptxmlir_thread_ctx *ctx, uint64_t op_id,
                               uint32_t kind, uint32_t pred, uint32_t id,
                               uint32_t count, const char *loc);
/// Lets other threads of the block run (spin-wait loops call it from their
/// back-edges every so often).
void __ptxmlir_yield(ptxmlir_thread_ctx *ctx);
/// %globaltimer: nanoseconds.
uint64_t __ptxmlir_global_timer(ptxmlir_thread_ctx *ctx);
/// trap: the kernel fails (CUDA_ERROR_LAUNCH_FAILED); never returns.
void __ptxmlir_trap(ptxmlir_thread_ctx *ctx, const char *loc);

#ifdef __cplusplus
}
#endif

#endif // PTXMLIR_TARGET_HOST_HOSTABI_H
