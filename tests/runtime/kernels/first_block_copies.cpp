// Only block 0 works: `iters` (from GM) 64 KiB GM -> UB copies; the other blocks return at once.
#include "sk/kernel.h"

extern "C" void first_block_copies(uint8_t* src, uint8_t* itersPtr) {
  if (sk_block_idx() != 0) return;
  int32_t iters;
  sk_data_copy(&iters, itersPtr, 4);
  for (int32_t i = 0; i < iters; ++i) sk_data_copy(sk_ub_base(), src + (uint64_t)i * 65536, 65536);
}
