// Each block copies its 64-float slice from x to y through UB; the last block writes 64
// floats nine elements too far: 36 bytes past the end of y, 4 past aclrtMalloc's 32-byte padding.
#include "sk/kernel.h"

extern "C" void oob_write(uint8_t* x, uint8_t* y) {
  int64_t b = sk_block_idx();
  float* ub = (float*)sk_ub_base();
  sk_data_copy(ub, (float*)x + 64 * b, 64 * sizeof(float));
  int64_t shift = b == sk_block_num() - 1 ? 9 : 0;
  sk_data_copy((float*)y + 64 * b + shift, ub, 64 * sizeof(float));
}
