//===- Log.cpp - PTXMLIR_LOG=1 tracing of libcuda -------------------------===//

#include "Log.h"

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>

namespace ptxmlir::cuda {

bool logEnabled() {
  // Read once: the environment of a running program does not change under
  // us, and this is on every API call's path.
  static const bool enabled = [] {
    const char *v = std::getenv("PTXMLIR_LOG");
    return v && *v && std::strcmp(v, "0") != 0;
  }();
  return enabled;
}

void logf(const char *fmt, ...) {
  if (!logEnabled())
    return;
  char buf[4096];
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(buf, sizeof(buf), fmt, ap);
  va_end(ap);
  // One fprintf per line so lines from several threads do not interleave.
  static std::mutex mu;
  std::lock_guard<std::mutex> lock(mu);
  std::fprintf(stderr, "ptxmlir: %s\n", buf);
}

} // namespace ptxmlir::cuda
