// PTX -> code object for many files in one process, as libcuda's JIT runs
// the compiler: start-up (loading libMLIR/libLLVM, registering dialects)
// is paid once, not per file. Prints the wall time of the compiles; with
// PTXMLIR_BENCH_PER_FILE=1 in the environment also each file's wall and
// CPU time (user + system, all threads of the process), to stderr.
// PTXMLIR_BENCH_JOBS=N sets CompileOptions::jobs (default 0: one per core,
// at most 8).
//
// Usage: ptx-compile-bench CHIP FILE...
#include "ptxmlir/Compiler/Compiler.h"
#include "llvm/Support/MemoryBuffer.h"
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <sys/resource.h>

/// User + system time of the whole process so far.
static double cpuSeconds() {
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  auto seconds = [](const timeval &t) { return t.tv_sec + t.tv_usec / 1e6; };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

int main(int argc, char **argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s CHIP FILE...\n", argv[0]);
    return 2;
  }
  mlir::ptx::CompileOptions options;
  options.chip = argv[1];
  const char *perFileEnv = std::getenv("PTXMLIR_BENCH_PER_FILE");
  bool perFile = perFileEnv && *perFileEnv == '1';
  if (const char *jobsEnv = std::getenv("PTXMLIR_BENCH_JOBS"))
    options.jobs = std::strtoul(jobsEnv, nullptr, 10);
  auto t0 = std::chrono::steady_clock::now();
  for (int i = 2; i < argc; ++i) {
    auto f0 = std::chrono::steady_clock::now();
    double c0 = cpuSeconds();
    auto buf = llvm::MemoryBuffer::getFile(argv[i]);
    if (!buf) {
      std::fprintf(stderr, "cannot read %s\n", argv[i]);
      return 1;
    }
    options.sourceName = argv[i];
    mlir::ptx::CompileResult r =
        mlir::ptx::compile((*buf)->getBuffer(), options);
    if (!r.success) {
      std::fprintf(stderr, "%s", r.diagnostics.c_str());
      return 1;
    }
    if (perFile)
      std::fprintf(
          stderr, "%s %.3f %.3f\n", argv[i],
          std::chrono::duration<double>(std::chrono::steady_clock::now() - f0)
              .count(),
          cpuSeconds() - c0);
  }
  auto t1 = std::chrono::steady_clock::now();
  std::printf("%d files, %.2f s\n", argc - 2,
              std::chrono::duration<double>(t1 - t0).count());
  return 0;
}
