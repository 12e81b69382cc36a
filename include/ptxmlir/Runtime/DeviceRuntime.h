//===- DeviceRuntime.h - the device runtime's memory layout -----*- C++ -*-===//
//
// The CUDA device runtime that PTX calls (`vprintf`, `malloc`, `free`,
// `__assertfail`) is shared-layer code that the `link-device-runtime` pass
// (lib/Conversion/DeviceRuntime) adds to a module, so every back end runs
// the same code. It talks to libcuda (runtime/cuda/DeviceRuntime.cpp)
// through memory laid out here, on AMD GPUs and the CPU agent alike:
//
// - A module using it gets the global `__ptxmlir_devrt` (DevrtGlobal),
//   zero in the code object; libcuda writes it before the module's first
//   launch in a context. A zero pointer means "none": printf drops its
//   records, malloc returns NULL.
// - The printf buffer (one per context, CU_LIMIT_PRINTF_FIFO_SIZE bytes of
//   records after a PrintfHeader) is host-visible memory. A thread
//   reserves a record with a compare-exchange loop on `write` (a record
//   that does not fit is dropped and counted), fills it and then stores
//   its size with release order: a record whose size is 0 is not complete.
//   libcuda drains complete records in order at synchronisation points and
//   resets `write` to 0 (compare-exchange) once it has read all of them.
// - The heap (one per context, CU_LIMIT_MALLOC_HEAP_SIZE bytes after a
//   HeapHeader) is device memory: blocks of 2^c bytes (c >= 4) after a
//   16-byte block header, taken from a lock-free free list per class or
//   cut from `top`. Every step is one compare-exchange that may fail and
//   retry; no thread ever waits for another, which wave-based hardware
//   without independent thread scheduling needs.
//
// The printf format rules (which bytes of the argument buffer a conversion
// reads) are here too: the pass lays records out with them and libcuda
// formats records with them.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_RUNTIME_DEVICERUNTIME_H
#define PTXMLIR_RUNTIME_DEVICERUNTIME_H

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace ptxmlir::devrt {

/// The global in every code object that uses the device runtime.
constexpr const char *kGlobalName = "__ptxmlir_devrt";

struct DevrtGlobal {
  uint64_t printfBuffer; ///< a PrintfHeader, or 0
  uint64_t heap;         ///< a HeapHeader, or 0
  uint64_t reserved[2];
};
static_assert(sizeof(DevrtGlobal) == 32);

struct PrintfHeader {
  uint64_t capacity; ///< bytes of records after the header
  uint64_t write;    ///< bytes reserved so far (device: compare-exchange)
  uint64_t dropped;  ///< records that did not fit
  uint64_t asserted; ///< set to 1 by __assertfail before it traps
};
static_assert(sizeof(PrintfHeader) == 32);

enum RecordKind : uint32_t { kPrintfRecord = 1, kAssertRecord = 2 };

/// Every record starts with its size (bytes, a multiple of 8, written last)
/// and kind.
struct RecordHeader {
  uint32_t size;
  uint32_t kind;
};

/// A vprintf record: this header, the format (with its NUL) padded to 8,
/// the argument buffer (`argBytes`, as the caller packed it) padded to 8,
/// then for each %s argument in order its string with its NUL (nothing for
/// a NULL pointer).
struct PrintfRecord {
  RecordHeader header;
  uint32_t formatBytes;
  uint32_t argBytes;
};
static_assert(sizeof(PrintfRecord) == 16);

/// An __assertfail record: this header, then the message, file and
/// function strings with their NULs (`*Bytes` each; 0 for a NULL pointer).
struct AssertRecord {
  RecordHeader header;
  uint32_t line;
  uint32_t messageBytes;
  uint32_t fileBytes;
  uint32_t functionBytes;
  uint32_t block[3];
  uint32_t thread[3];
};
static_assert(sizeof(AssertRecord) == 48);

constexpr unsigned kHeapClasses = 64;
/// Free lists: the low 32 bits of an entry are the block's offset from the
/// heap's first byte in 16-byte units plus 1 (0: empty), the high 32 bits a
/// tag incremented by every change (no ABA).
struct HeapHeader {
  uint64_t capacity; ///< bytes of heap after kHeapDataOffset
  uint64_t top;      ///< bytes cut so far
  uint64_t freeLists[kHeapClasses];
};
/// Where the heap's blocks start, from the HeapHeader.
constexpr uint64_t kHeapDataOffset = 1024;
static_assert(sizeof(HeapHeader) <= kHeapDataOffset);
/// A block: {u32 class, u32 unused, u64 next-free entry} then 2^class bytes.
constexpr uint64_t kBlockHeaderBytes = 16;
constexpr unsigned kMinClass = 4;

//===----------------------------------------------------------------------===//
// printf formats
//===----------------------------------------------------------------------===//

/// One piece of a format: literal text (printed as it is, `%%` as `%`), or
/// a conversion `%[flags][width][.precision][length]conv`.
struct FormatPiece {
  size_t begin = 0, end = 0; ///< the piece's bytes in the format
  bool conversion = false;
  char conv = 0;       ///< d i o u x X c e E f F g G a A s p
  char length[3] = {}; ///< "", "h", "hh", "l", "ll", "L", "j", "z", "t"
  bool starWidth = false, starPrecision = false;
  /// Bytes of the value in the argument buffer (aligned to its size).
  unsigned valueBytes = 0;
  /// Offsets in the argument buffer of the `*` width, `*` precision (4
  /// bytes each) and the value.
  unsigned widthOffset = 0, precisionOffset = 0, valueOffset = 0;
};

/// Splits a format into pieces and lays its arguments out as CUDA packs
/// them: in order, each aligned to its size; a `*` is a 4-byte int. What a
/// conversion reads follows NVIDIA's vprintf as measured on an H100
/// (driver 580): 4 bytes for d i o u x X c without a length, 8 with any
/// length (h and hh too), 8 for floats (promoted to double), %s and %p.
/// A `%` not followed by a complete conversion (`%n`, `%q`, `%` at the end)
/// is text, as NVIDIA prints it. `argBytes` is the end of the last value.
inline std::vector<FormatPiece> parseFormat(std::string_view f,
                                            unsigned &argBytes) {
  std::vector<FormatPiece> pieces;
  unsigned off = 0;
  auto take = [&](unsigned bytes) {
    off = (off + bytes - 1) / bytes * bytes;
    unsigned at = off;
    off += bytes;
    return at;
  };
  size_t i = 0, textBegin = 0;
  auto flushText = [&](size_t end) {
    if (end > textBegin) {
      FormatPiece p;
      p.begin = textBegin;
      p.end = end;
      pieces.push_back(p);
    }
  };
  auto isDigit = [](char c) { return c >= '0' && c <= '9'; };
  while (i < f.size()) {
    if (f[i] != '%') {
      ++i;
      continue;
    }
    size_t start = i, j = i + 1;
    if (j < f.size() && f[j] == '%') {
      // `%%` is text; printing goes through the host printf, which makes
      // it one '%'.
      i = j + 1;
      continue;
    }
    FormatPiece p;
    p.begin = start;
    p.conversion = true;
    while (j < f.size() &&
           std::string_view("-+ #0").find(f[j]) != std::string_view::npos)
      ++j;
    if (j < f.size() && f[j] == '*') {
      p.starWidth = true;
      ++j;
    } else {
      while (j < f.size() && isDigit(f[j]))
        ++j;
    }
    if (j < f.size() && f[j] == '.') {
      ++j;
      if (j < f.size() && f[j] == '*') {
        p.starPrecision = true;
        ++j;
      } else {
        while (j < f.size() && isDigit(f[j]))
          ++j;
      }
    }
    unsigned n = 0;
    if (j < f.size() &&
        std::string_view("hlLjzt").find(f[j]) != std::string_view::npos) {
      p.length[n++] = f[j++];
      if (j < f.size() && (f[j] == 'h' || f[j] == 'l') && f[j] == f[j - 1])
        p.length[n++] = f[j++];
    }
    char c = j < f.size() ? f[j] : 0;
    bool integer =
        c && std::string_view("diouxXc").find(c) != std::string_view::npos;
    bool floating =
        c && std::string_view("eEfFgGaA").find(c) != std::string_view::npos;
    bool pointer = c == 's' || c == 'p';
    if (!integer && !floating && !pointer) {
      // Not a conversion: text, up to where it stopped.
      i = j < f.size() ? j + 1 : j;
      continue;
    }
    flushText(start);
    p.conv = c;
    p.end = j + 1;
    if (p.starWidth)
      p.widthOffset = take(4);
    if (p.starPrecision)
      p.precisionOffset = take(4);
    p.valueBytes = integer && !n ? 4 : 8;
    p.valueOffset = take(p.valueBytes);
    pieces.push_back(p);
    i = textBegin = p.end;
  }
  flushText(f.size());
  argBytes = off;
  return pieces;
}

} // namespace ptxmlir::devrt

#endif // PTXMLIR_RUNTIME_DEVICERUNTIME_H
