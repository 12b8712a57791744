// Keeps each block busy for `iters` (from GM) 4 KiB GM->UB copies.
#include "sk/kernel.h"

extern "C" void busy(uint8_t* src, uint8_t* itersPtr) {
  int32_t iters;
  sk_data_copy(&iters, itersPtr, 4);
  for (int32_t i = 0; i < iters; ++i) sk_data_copy(sk_ub_base(), src, 4096);
}
