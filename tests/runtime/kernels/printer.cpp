// Each block prints after doing block_idx units of work, so virtual-time order differs from
// block order.
#include "sk/kernel.h"

extern "C" void printer(uint8_t* x) {
  int64_t b = sk_block_idx();
  for (int64_t i = 0; i < 4 - b; ++i) sk_data_copy(sk_ub_base(), x, 256);
  sk_printf("block %ld says hello\n", (long)b);
}
