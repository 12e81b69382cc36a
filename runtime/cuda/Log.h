//===- Log.h - PTXMLIR_LOG=1 tracing of libcuda ----------------*- C++ -*-===//
//
// With PTXMLIR_LOG=1 every API call, its result and every error detail is
// printed to stderr with the prefix "ptxmlir:". Off by default: a drop-in
// libcuda must not write to the application's stderr.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_RUNTIME_CUDA_LOG_H
#define PTXMLIR_RUNTIME_CUDA_LOG_H

namespace ptxmlir::cuda {

bool logEnabled();

/// Prints "ptxmlir: <message>\n" to stderr when logging is on.
void logf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

} // namespace ptxmlir::cuda

#endif // PTXMLIR_RUNTIME_CUDA_LOG_H
