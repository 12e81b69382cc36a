//===- WarpPerWave.h - one CUDA warp per wave64 wave ------------*- C++ -*-===//
//
// The contract between the AMD back end (lib/Conversion/WaveToROCDL) and the
// runtime (runtime/cuda) for dispatching one CUDA warp per wave64 wave.
//
// A wave64 wave normally runs two CUDA warps. They cannot wait for each
// other (a wave has no independent thread scheduling), so a producer warp
// and a consumer warp meeting at a barrier with a thread count (`bar.sync
// a, b`, `bar.arrive a, b`, `bar.red ... a, b`) in one wave wait forever.
// A kernel that can reach such a barrier may therefore be dispatched with
// each CUDA warp in its own wave:
//
// * For such a kernel `k` the code object defines the global variable
//   `k` + kWarpPerWaveSuffix (PTX names never contain '.'): two u32,
//   {the largest CUDA block, in threads, that may be dispatched this way;
//   the kernel's own thread limit (.maxntid/.reqntid, else 1024)}. The
//   metadata's .max_flat_workgroup_size is the larger of the limit and the
//   work-group a split dispatch of the largest block needs.
// * A split dispatch of a block of N = nx * ny * nz threads is a 1-D
//   work-group of 64 * ceil(N / 32) work-items: CUDA thread t (x-fastest)
//   is lane t % 32 of wave t / 32; lanes 32..63 of each wave and lanes past
//   N return at entry. The packet's grid is (gx * that, gy, gz) work-items.
// * The kernarg segment's hidden_group_size_{x,y,z} then hold the CUDA
//   block (nx, ny, nz); the kernel tells the two dispatches apart by
//   comparing hidden_group_size_x with the packet's workgroup_size_x, so an
//   ordinary dispatch by any loader still runs the kernel as before.
// * Under an ordinary dispatch of more than one warp such a kernel
//   schedules the two warps of each wave itself (a dispatcher loop around
//   its barrier waits; lib/Conversion/WaveToROCDL/WarpScheduler.h). That
//   works for any block, at the cost of a dispatcher round at every wait;
//   the runtime still splits the blocks it can.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_TARGET_AMDGPU_WARPPERWAVE_H
#define PTXMLIR_TARGET_AMDGPU_WARPPERWAVE_H

#include <cstdint>

namespace mlir::ptx::amdgpu {

/// Suffix of a kernel's warp-per-wave variable.
inline constexpr const char kWarpPerWaveSuffix[] = ".ptxmlir_warp_per_wave";

/// The largest CUDA block a split dispatch takes: 1024 work-items.
inline constexpr uint32_t kWarpPerWaveMaxThreads = 512;

/// Work-items of the 1-D work-group that runs a block of `threads` CUDA
/// threads one warp per wave.
inline constexpr uint32_t warpPerWaveGroupSize(uint32_t threads) {
  return 64 * ((threads + 31) / 32);
}

} // namespace mlir::ptx::amdgpu

#endif // PTXMLIR_TARGET_AMDGPU_WARPPERWAVE_H
