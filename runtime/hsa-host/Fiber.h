//===- Fiber.h - user-mode context switch and fiber stacks ----------------===//
//
// One fiber per GPU thread. The switch saves only what the SysV x86-64 ABI
// makes callee-saved (rbx, rbp, r12-r15, the stack pointer) plus MXCSR and
// the x87 control word, so a kernel's rounding/denormal mode never leaks
// into another fiber or into the worker thread. No system call: swapcontext
// makes a sigprocmask call per switch.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_RUNTIME_HSAHOST_FIBER_H
#define PTXMLIR_RUNTIME_HSAHOST_FIBER_H

#include <cstddef>
#include <cstdint>
#include <vector>

extern "C" {
/// Saves the current context's stack pointer in *save and resumes the
/// context whose stack pointer is `to`.
void ptxmlir_hsahost_switch_context(void **save, void *to)
    __attribute__((visibility("hidden")));
}

namespace ptxmlir::hsahost {

/// A fiber stack: [base, base + guard) is PROT_NONE, the rest usable.
struct FiberStack {
  char *base = nullptr;
  size_t size = 0; ///< the whole mapping, guard page included
  size_t guard = 0;
  char *low() const { return base + guard; }
  char *high() const { return base + size; }
};

/// Stacks of one worker thread, kept across dispatches: mapping and
/// unmapping 1024 stacks per block would dominate small kernels.
class StackPool {
public:
  ~StackPool();
  /// Returns `count` stacks of at least `usable` bytes each.
  bool acquire(size_t count, size_t usable, std::vector<FiberStack> &out);

private:
  std::vector<FiberStack> stacks;
  size_t usableSize = 0;
};

/// Bytes at the top of each stack left unused to stagger stack tops.
constexpr size_t kStackColours = 256, kStackColourStep = 64;
constexpr size_t kStackColourBytes = kStackColours * kStackColourStep;

/// Prepares `stack` so that switching to the returned stack pointer calls
/// fn(arg) with default MXCSR (0x1F80) and x87 control word (0x037F). fn
/// must never return. `index` staggers the stack top: stacks are a
/// multiple of 64 KiB apart, so unstaggered tops of a block's fibers would
/// all fall into the same cache sets.
void *initFiberContext(const FiberStack &stack, uint32_t index,
                       void (*fn)(void *), void *arg);

/// The address range of a guard page a fault at `addr` hit, if it belongs
/// to one of this thread's fiber stacks.
bool isGuardPageFault(const std::vector<FiberStack> &stacks, const void *addr);

} // namespace ptxmlir::hsahost

#endif // PTXMLIR_RUNTIME_HSAHOST_FIBER_H
