// y = relu(x) on AIV, 256 float32 per block.
#include "sk/kernel.h"

extern "C" void fz_relu(uint8_t* x, uint8_t* y) {
  int64_t b = sk_block_idx();
  float* ub = (float*)sk_ub_base();
  sk_data_copy(ub, (float*)x + 256 * b, 1024);
  sk_vec_unary(SK_VOP_RELU, SK_DT_FLOAT32, ub, ub, 256);
  sk_data_copy((float*)y + 256 * b, ub, 1024);
}
