// Inline functions, a template and an inline variable: clang emits each in a COMDAT group
// as a weak symbol in every object that uses it.
#pragma once
#include "sk/kernel.h"

template <int N> __attribute__((noinline)) int32_t mix(int32_t x) { return x * N + N; }

inline int32_t gInlineTotal = 0;

__attribute__((noinline)) inline int32_t bump(int32_t by) {
  gInlineTotal += by;
  return gInlineTotal;
}
