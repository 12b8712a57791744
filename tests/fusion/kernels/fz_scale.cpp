// y = x * s (s: float32 tiling), 256 float32 per block.
#include "sk/kernel.h"

extern "C" void fz_scale(uint8_t* x, uint8_t* y, uint8_t* tiling) {
  float s;
  sk_data_copy(&s, tiling, 4);
  int64_t b = sk_block_idx();
  float* ub = (float*)sk_ub_base();
  sk_data_copy(ub, (float*)x + 256 * b, 1024);
  sk_vec_scalar(SK_VOP_MULS, SK_DT_FLOAT32, ub, ub, &s, 256);
  sk_data_copy((float*)y + 256 * b, ub, 1024);
}
