// Helpers in the style of kernels whose headers spell the function qualifier in CANN's compiler's
// own attribute syntax, `[aicore]`, after kernel_operator.h has defined it.
#ifndef AICORE_MARKS_UTILS_H
#define AICORE_MARKS_UTILS_H

#include "kernel_operator.h"

#ifdef __CCE_KT_TEST__
#include "stub_def.h"
#else
#define __aicore__ [aicore]
#endif

namespace marks {
template <uint32_t ALIGN, typename T = uint32_t>
__aicore__ inline T RoundUp(T value) {
  return (value + ALIGN - 1) / ALIGN * ALIGN;
}

static __aicore__ inline uint32_t Min(uint32_t a, uint32_t b) { return a < b ? a : b; }

struct Span {
  __aicore__ Span() = default;
  __aicore__ Span(uint32_t begin, uint32_t count) : begin_(begin), count_(count) {}
  __aicore__ inline uint32_t Begin() const { return begin_; }
  __aicore__ inline uint32_t Count() const { return count_; }
  static __aicore__ inline Span OfBlock(uint32_t total, uint32_t perBlock) {
    uint32_t begin = Min(total, AscendC::GetBlockIdx() * perBlock);
    return Span(begin, Min(perBlock, total - begin));
  }

 private:
  uint32_t begin_ = 0;
  uint32_t count_ = 0;
};
}  // namespace marks

#endif
