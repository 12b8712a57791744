// Defines a global (not static) `helper`; helper_b.cpp defines another one. out[0] = helper(x).
#include "sk/kernel.h"

extern "C" __attribute__((noinline)) int32_t helper(int32_t x) { return x * 3 + 1; }

extern "C" void entry_a(uint8_t* out, uint8_t* arg) {
  int32_t x;
  sk_data_copy(&x, arg, 4);
  int32_t* ub = (int32_t*)sk_ub_base();
  ub[0] = helper(x);
  sk_data_copy(out, ub, 4);
}
