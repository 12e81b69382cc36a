// The chip must be one ptx-mlir knows, with the wave size the module was
// laid out for.
// RUN: ptx-opt %s -split-input-file -convert-wave-to-host=chip=gfx942 -verify-diagnostics
// RUN: not ptx-opt %s -convert-wave-to-host=chip=gfx0 2>&1 | FileCheck %s --check-prefix=CHIP
// CHIP: error: unknown AMD GPU 'gfx0'

// expected-error @+1 {{module laid out for wave size 32, but gfx942 runs wave64}}
module attributes {ptx.wave_size = 32 : i64} {
}
