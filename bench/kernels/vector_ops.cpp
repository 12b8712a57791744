// `rounds` (from GM) passes over 16,384-element UB tensors per block, each pass one Add, one
// Muls and one Exp in half and one Add in float: the vector unit's element loops.
#include "sk/kernel.h"

extern "C" void vector_ops(uint8_t* roundsPtr) {
  int32_t rounds;
  sk_data_copy(&rounds, roundsPtr, 4);
  const uint64_t n = 16384;
  uint8_t* ub = (uint8_t*)sk_ub_base();
  void *h0 = ub, *h1 = ub + 2 * n, *h2 = ub + 4 * n, *f0 = ub + 6 * n, *f1 = ub + 10 * n;
  uint16_t halfOne = 0x3c00;
  float one = 1.0f;
  sk_vec_dup(SK_DT_FLOAT16, h0, &halfOne, n);
  sk_vec_dup(SK_DT_FLOAT16, h1, &halfOne, n);
  sk_vec_dup(SK_DT_FLOAT32, f0, &one, n);
  sk_vec_dup(SK_DT_FLOAT32, f1, &one, n);
  uint16_t halfScale = 0x3800;  // 0.5
  for (int32_t r = 0; r < rounds; ++r) {
    sk_vec_binary(SK_VOP_ADD, SK_DT_FLOAT16, h2, h0, h1, n);
    sk_vec_scalar(SK_VOP_MULS, SK_DT_FLOAT16, h2, h2, &halfScale, n);
    sk_vec_unary(SK_VOP_EXP, SK_DT_FLOAT16, h2, h2, n);
    sk_vec_binary(SK_VOP_ADD, SK_DT_FLOAT32, f0, f0, f1, n);
  }
}
