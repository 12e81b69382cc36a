#!/usr/bin/env bash
# The whole test suite again, with every target of the project (tools,
# libcuda.so.1, the CPU agent, the e2e and test programs) built with
# AddressSanitizer and UndefinedBehaviorSanitizer into build-sanitize/.
# A sanitizer report fails the test that triggered it.
#   PTXMLIR_SANITIZE_BUILD_DIR   build directory (default: build-sanitize)
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD="${PTXMLIR_SANITIZE_BUILD_DIR:-build-sanitize}"
export CCACHE_DIR="${CCACHE_DIR:-$HOME/.cache/ccache}"
export CCACHE_BASEDIR="$PWD"
if [[ ! -f "$BUILD/build.ninja" ]]; then
  cmake -G Ninja -S . -B "$BUILD" \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DLLVM_USE_LINKER=lld \
    -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
    -DPTXMLIR_SANITIZE=address,undefined
fi
# Build tools (ptx-tblgen) may leak at exit, as TableGen does; tests may not.
ASAN_OPTIONS=detect_leaks=0 ninja -C "$BUILD"
# The C tests built at test time get the same flags (lit reads the cache).
# allow_user_poisoning=0: LLVM's BumpPtrAllocator poisons its slabs in our
# (instrumented) code but not in Debian's uninstrumented libMLIR/libLLVM,
# which then write to "poisoned" memory they own. use_sigaltstack=0: lld
# (through LLVM's signal handling) replaces a compiling thread's alternate
# signal stack with one from malloc, which ASan would munmap at thread exit.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:allow_user_poisoning=0:use_sigaltstack=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1}"
PTXMLIR_BUILD_DIR="$BUILD" ./scripts/test.sh
