// Every block adds its 64 floats into one 64-float output with atomic-add copies, in four
// pieces: float addition is not associative, so the bits of the sum depend on the order in
// which the blocks' adds land.
#include "sk/kernel.h"

extern "C" void atomic_sum(float* out, const float* in) {
  int64_t b = sk_block_idx();
  float* ub = (float*)sk_ub_base();
  sk_data_copy(ub, in + b * 64, 64 * sizeof(float));
  sk_set_atomic(SK_ATOMIC_ADD, SK_DT_FLOAT32);
  for (int piece = 0; piece < 4; ++piece) sk_data_copy(out + piece * 16, ub + piece * 16, 16 * sizeof(float));
  sk_set_atomic(SK_ATOMIC_NONE, SK_DT_FLOAT32);
}
