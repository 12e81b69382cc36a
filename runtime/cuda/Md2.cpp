//===- Md2.cpp - MD2 (RFC 1319) and HMAC-MD2 ------------------------------===//

#include "Md2.h"

#include <cstring>

namespace ptxmlir::cuda {

namespace {
/// RFC 1319's S table: a permutation of 0..255 from the digits of pi.
constexpr uint8_t kPiSubst[256] = {
    41,  46,  67,  201, 162, 216, 124, 1,   61,  54,  84,  161, 236, 240, 6,
    19,  98,  167, 5,   243, 192, 199, 115, 140, 152, 147, 43,  217, 188, 76,
    130, 202, 30,  155, 87,  60,  253, 212, 224, 22,  103, 66,  111, 24,  138,
    23,  229, 18,  190, 78,  196, 214, 218, 158, 222, 73,  160, 251, 245, 142,
    187, 47,  238, 122, 169, 104, 121, 145, 21,  178, 7,   63,  148, 194, 16,
    137, 11,  34,  95,  33,  128, 127, 93,  154, 90,  144, 50,  39,  53,  62,
    204, 231, 191, 247, 151, 3,   255, 25,  48,  179, 72,  165, 181, 209, 215,
    94,  146, 42,  172, 86,  170, 198, 79,  184, 56,  210, 150, 164, 125, 182,
    118, 252, 107, 226, 156, 116, 4,   241, 69,  157, 112, 89,  100, 113, 135,
    32,  134, 91,  207, 101, 230, 45,  168, 2,   27,  96,  37,  173, 174, 176,
    185, 246, 28,  70,  97,  105, 52,  64,  126, 15,  85,  71,  163, 35,  221,
    81,  175, 58,  195, 92,  249, 206, 186, 197, 234, 38,  44,  83,  13,  110,
    133, 40,  132, 9,   211, 223, 205, 244, 65,  129, 77,  82,  106, 220, 55,
    200, 108, 193, 171, 250, 36,  225, 123, 8,   12,  189, 177, 74,  120, 136,
    149, 139, 227, 99,  232, 109, 233, 203, 213, 254, 59,  0,   29,  57,  242,
    239, 183, 14,  102, 88,  208, 228, 166, 119, 114, 248, 235, 117, 75,  10,
    49,  68,  80,  180, 143, 237, 31,  26,  219, 153, 141, 51,  159, 17,  131,
    20};
} // namespace

Md2::Md2() {
  std::memset(state, 0, sizeof(state));
  std::memset(checksum, 0, sizeof(checksum));
  std::memset(block, 0, sizeof(block));
}

void Md2::compress() {
  for (unsigned j = 0; j < 16; ++j) {
    state[16 + j] = block[j];
    state[32 + j] = state[16 + j] ^ state[j];
    // RFC 1319 errata 554: the checksum byte is xored in, not assigned.
    checksum[j] ^= kPiSubst[block[j] ^ last];
    last = checksum[j];
  }
  unsigned t = 0;
  for (unsigned round = 0; round < 18; ++round) {
    for (uint8_t &x : state)
      t = x ^= kPiSubst[t];
    t = (t + round) & 0xff;
  }
}

void Md2::update(const void *data, size_t size) {
  const auto *p = static_cast<const uint8_t *>(data);
  for (size_t i = 0; i < size; ++i) {
    block[used++] = p[i];
    if (used == 16) {
      compress();
      used = 0;
    }
  }
}

Md2Digest Md2::final() {
  uint8_t padding[16];
  unsigned n = 16 - used;
  std::memset(padding, int(n), n);
  update(padding, n);
  uint8_t sum[16];
  std::memcpy(sum, checksum, 16);
  update(sum, 16);
  Md2Digest out;
  std::memcpy(out.data(), state, 16);
  return out;
}

Md2Digest md2(const void *data, size_t size) {
  Md2 h;
  h.update(data, size);
  return h.final();
}

HmacMd2::HmacMd2(const uint8_t *key, size_t keySize) {
  std::memset(pad, 0, sizeof(pad));
  std::memcpy(pad, key, keySize < 16 ? keySize : 16);
  uint8_t ipad[16];
  for (unsigned i = 0; i < 16; ++i)
    ipad[i] = pad[i] ^ 0x36;
  inner.update(ipad, 16);
}

Md2Digest HmacMd2::final() {
  Md2Digest innerDigest = inner.final();
  uint8_t opad[16];
  for (unsigned i = 0; i < 16; ++i)
    opad[i] = pad[i] ^ 0x5c;
  Md2 outer;
  outer.update(opad, 16);
  outer.update(innerDigest.data(), innerDigest.size());
  return outer.final();
}

} // namespace ptxmlir::cuda
