// params[0] (from GM) passes over 8,192-element UB tensors per block, each pass one Add and one
// Muls in half and one Add in float, or (params[1] != 0) one Exp in half: the vector unit's
// element loops, arithmetic apart from the transcendental.
#include "sk/kernel.h"

extern "C" void vector_ops(uint8_t* paramsPtr) {
  int32_t params[2];
  sk_data_copy(params, paramsPtr, 8);
  int32_t rounds = params[0];
  const uint64_t n = 8192;
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
    if (params[1]) {
      sk_vec_unary(SK_VOP_EXP, SK_DT_FLOAT16, h2, h0, n);
      continue;
    }
    sk_vec_binary(SK_VOP_ADD, SK_DT_FLOAT16, h2, h0, h1, n);
    sk_vec_scalar(SK_VOP_MULS, SK_DT_FLOAT16, h2, h2, &halfScale, n);
    sk_vec_binary(SK_VOP_ADD, SK_DT_FLOAT32, f0, f0, f1, n);
  }
}
