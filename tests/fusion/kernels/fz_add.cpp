// z = x + y, 256 float32 per block.
#include "sk/kernel.h"

extern "C" void fz_add(uint8_t* x, uint8_t* y, uint8_t* z) {
  int64_t b = sk_block_idx();
  float* ub = (float*)sk_ub_base();
  sk_data_copy(ub, (float*)x + 256 * b, 1024);
  sk_data_copy(ub + 256, (float*)y + 256 * b, 1024);
  sk_vec_binary(SK_VOP_ADD, SK_DT_FLOAT32, ub, ub, ub + 256, 256);
  sk_data_copy((float*)z + 256 * b, ub, 1024);
}
