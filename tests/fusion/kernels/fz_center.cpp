// y = x - mean(x) over 4 blocks x 256 float32: partial sums go to the workspace, a barrier,
// then every block reads all partials. Exercises sk_sync_all and a workspace inside a task.
#include "sk/kernel.h"

extern "C" void fz_center(uint8_t* x, uint8_t* y, uint8_t* ws) {
  int64_t b = sk_block_idx(), n = sk_block_num();
  float* ub = (float*)sk_ub_base();
  sk_data_copy(ub, (float*)x + 256 * b, 1024);
  sk_vec_reduce(SK_VOP_REDUCE_SUM, SK_DT_FLOAT32, ub + 256, ub, 256);
  sk_data_copy((float*)ws + 8 * b, ub + 256, 32);
  sk_sync_all();
  sk_data_copy(ub + 512, ws, 32 * (uint64_t)n);
  float total = 0;
  for (int64_t i = 0; i < n; ++i) total += ub[512 + 8 * i];
  float negMean = -total / (float)(256 * n);
  sk_vec_scalar(SK_VOP_ADDS, SK_DT_FLOAT32, ub, ub, &negMean, 256);
  sk_data_copy((float*)y + 256 * b, ub, 1024);
}
