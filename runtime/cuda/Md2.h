//===- Md2.h - MD2 (RFC 1319) and HMAC-MD2 ---------------------*- C++ -*-===//
//
// The CUDA runtime checks that the driver it talks to is NVIDIA's by asking
// it to answer a challenge with an HMAC (RFC 2104) over MD2, whose block and
// digest are both 16 bytes (ExportTables.cpp). MD2 is written here from RFC
// 1319; test/Runtime/CUDA/md2.test checks the RFC's test suite.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_RUNTIME_CUDA_MD2_H
#define PTXMLIR_RUNTIME_CUDA_MD2_H

#include <array>
#include <cstddef>
#include <cstdint>

namespace ptxmlir::cuda {

using Md2Digest = std::array<uint8_t, 16>;

/// Incremental MD2: update() any number of times, then final() once.
class Md2 {
public:
  Md2();
  void update(const void *data, size_t size);
  Md2Digest final();

private:
  void compress();
  uint8_t state[48]; ///< X: the state, the block, their xor
  uint8_t checksum[16];
  uint8_t block[16];
  unsigned used = 0; ///< bytes of `block` filled
  uint8_t last = 0;  ///< L: the checksum's running byte
};

Md2Digest md2(const void *data, size_t size);

/// HMAC-MD2 with a key of at most 16 bytes (one MD2 block), the message
/// given in pieces.
class HmacMd2 {
public:
  HmacMd2(const uint8_t *key, size_t keySize);
  void update(const void *data, size_t size) { inner.update(data, size); }
  Md2Digest final();

private:
  uint8_t pad[16];
  Md2 inner;
};

} // namespace ptxmlir::cuda

#endif // PTXMLIR_RUNTIME_CUDA_MD2_H
