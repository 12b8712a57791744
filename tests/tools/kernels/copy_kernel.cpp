// y = x for 8 blocks of 256 floats: the well-formed kernel the bad-input tests start from.
#include "sk/kernel.h"

extern "C" void copy_kernel(uint8_t* x, uint8_t* y) {
  int64_t b = sk_block_idx();
  sk_data_copy(sk_ub_base(), (float*)x + 256 * b, 1024);
  sk_data_copy((float*)y + 256 * b, sk_ub_base(), 1024);
}
