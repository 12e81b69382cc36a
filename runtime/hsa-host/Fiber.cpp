//===- Fiber.cpp - user-mode context switch and fiber stacks --------------===//

#include "Fiber.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <sys/mman.h>
#include <unistd.h>

// ldmxcsr and fldcw are slow (serialising on many cores) and the modes
// rarely differ between fibers, so they run only when they do; rax and rcx
// are caller-saved, free to use.
//
// Stack layout of a suspended context, from the saved stack pointer up:
//   [0] MXCSR (4 bytes), x87 control word (2 bytes), padding
//   [8] r15 [16] r14 [24] r13 [32] r12 [40] rbx [48] rbp [56] return address
__asm__(R"(
  .text
  .p2align 4
  .globl ptxmlir_hsahost_switch_context
  .hidden ptxmlir_hsahost_switch_context
  .type ptxmlir_hsahost_switch_context,@function
ptxmlir_hsahost_switch_context:
  .cfi_startproc
  pushq %rbp
  pushq %rbx
  pushq %r12
  pushq %r13
  pushq %r14
  pushq %r15
  subq $8, %rsp
  stmxcsr (%rsp)
  fnstcw 4(%rsp)
  movq %rsp, (%rdi)
  movq %rsp, %rax
  movq %rsi, %rsp
  movl (%rsp), %ecx
  cmpl (%rax), %ecx
  jne 1f
  movw 4(%rsp), %cx
  cmpw 4(%rax), %cx
  je 2f
1:
  ldmxcsr (%rsp)
  fldcw 4(%rsp)
2:
  addq $8, %rsp
  popq %r15
  popq %r14
  popq %r13
  popq %r12
  popq %rbx
  popq %rbp
  retq
  .cfi_endproc
  .size ptxmlir_hsahost_switch_context, .-ptxmlir_hsahost_switch_context

  .p2align 4
  .globl ptxmlir_hsahost_fiber_start
  .hidden ptxmlir_hsahost_fiber_start
  .type ptxmlir_hsahost_fiber_start,@function
ptxmlir_hsahost_fiber_start:
  .cfi_startproc
  .cfi_undefined rip
  movq %r12, %rdi
  callq *%r13
  ud2
  .cfi_endproc
  .size ptxmlir_hsahost_fiber_start, .-ptxmlir_hsahost_fiber_start
)");

extern "C" void ptxmlir_hsahost_fiber_start()
    __attribute__((visibility("hidden")));

namespace ptxmlir::hsahost {

namespace {
size_t pageSize() {
  static size_t size = sysconf(_SC_PAGESIZE);
  return size;
}
} // namespace

StackPool::~StackPool() {
  for (FiberStack &s : stacks)
    munmap(s.base, s.size);
}

bool StackPool::acquire(size_t count, size_t usable,
                        std::vector<FiberStack> &out) {
  size_t page = pageSize();
  usable = (usable + kStackColourBytes + page - 1) & ~(page - 1);
  if (usable != usableSize) {
    for (FiberStack &s : stacks)
      munmap(s.base, s.size);
    stacks.clear();
    usableSize = usable;
  }
  while (stacks.size() < count) {
    FiberStack s;
    // 64 KiB of guard: a frame larger than one page could step over a
    // single guard page into the neighbouring fiber's stack.
    s.guard = std::max<size_t>(page, 64 * 1024);
    s.size = usable + s.guard;
    // MAP_NORESERVE: 1024 threads x 256 KiB is reserved address space, and
    // only the pages a kernel touches cost memory.
    void *p = mmap(nullptr, s.size, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED)
      return false;
    s.base = static_cast<char *>(p);
    // Stacks grow down: the guard page at the low end catches overflow.
    if (mprotect(s.base, s.guard, PROT_NONE) != 0) {
      munmap(p, s.size);
      return false;
    }
    stacks.push_back(s);
  }
  out.assign(stacks.begin(), stacks.begin() + count);
  return true;
}

void *initFiberContext(const FiberStack &stack, uint32_t index,
                       void (*fn)(void *), void *arg) {
  // After the final `ret` the stack pointer is 16-byte aligned, so the
  // `call` in fiber_start enters fn with the ABI's alignment.
  auto top = (reinterpret_cast<uintptr_t>(stack.high()) -
              (index % kStackColours) * kStackColourStep) &
             ~uintptr_t(15);
  auto *sp = reinterpret_cast<uint64_t *>(top - 16);
  *--sp = reinterpret_cast<uint64_t>(&ptxmlir_hsahost_fiber_start);
  *--sp = 0;                                    // rbp
  *--sp = 0;                                    // rbx
  *--sp = reinterpret_cast<uint64_t>(arg);      // r12
  *--sp = reinterpret_cast<uint64_t>(fn);       // r13
  *--sp = 0;                                    // r14
  *--sp = 0;                                    // r15
  *--sp = 0x1F80ull | (uint64_t(0x037F) << 32); // MXCSR, x87 control word
  return sp;
}

bool isGuardPageFault(const std::vector<FiberStack> &stacks, const void *addr) {
  auto *a = static_cast<const char *>(addr);
  for (const FiberStack &s : stacks)
    if (a >= s.base && a < s.low())
      return true;
  return false;
}

} // namespace ptxmlir::hsahost
