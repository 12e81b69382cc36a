//===- Chip.h - what ptx-mlir knows about an AMD GPU -------------*- C++
//-*-===//
//
// The one place that turns a chip name (`gfx1100`) into facts.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_TARGET_AMDGPU_CHIP_H
#define PTXMLIR_TARGET_AMDGPU_CHIP_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSwitch.h"

namespace mlir::ptx::amdgpu {

/// Lanes per wave of `chip` (64 for GCN/CDNA gfx9, 32 for RDNA gfx10+), or
/// 0 for a chip ptx-mlir does not know.
inline unsigned getWaveSize(llvm::StringRef chip) {
  return llvm::StringSwitch<unsigned>(chip)
      .Cases({"gfx900", "gfx906", "gfx908", "gfx90a", "gfx940", "gfx941",
              "gfx942", "gfx950"},
             64)
      .Cases({"gfx1010", "gfx1011", "gfx1012", "gfx1030", "gfx1031", "gfx1032",
              "gfx1034", "gfx1035", "gfx1036"},
             32)
      .Cases({"gfx1100", "gfx1101", "gfx1102", "gfx1103", "gfx1150", "gfx1151",
              "gfx1200", "gfx1201"},
             32)
      .Default(0);
}

/// The rate, in MHz, that %clock/%clock64 count at on `chip` when it has no
/// 64-bit shader-clock counter, or 0 when they count the shader clock
/// itself. gfx11 has neither `s_memtime` nor SHADER_CYCLES_HI, and its
/// SHADER_CYCLES register holds 20 bits (it wraps within a millisecond), so
/// there the counters are the 64-bit constant 100 MHz clock scaled to this
/// nominal rate; the runtime reports the same rate as the clock rate.
inline unsigned getScaledClockMHz(llvm::StringRef chip) {
  return chip.starts_with("gfx11") ? 2000 : 0;
}

/// The AMD chip of a CPU-agent target "host-<chip>" (its wave size is the
/// chip's), or an empty string when `target` is not one.
inline llvm::StringRef getHostChip(llvm::StringRef target) {
  if (!target.consume_front("host-") || !getWaveSize(target))
    return {};
  return target;
}

} // namespace mlir::ptx::amdgpu

#endif // PTXMLIR_TARGET_AMDGPU_CHIP_H
