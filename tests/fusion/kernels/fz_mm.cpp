// C[32, 32] (float32) = A[32, 32] * B[32, 32] (float16) on AIC: 16 rows of C per block.
#include "sk/kernel.h"

extern "C" void fz_mm(uint8_t* a, uint8_t* bm, uint8_t* c) {
  int64_t blk = sk_block_idx();
  uint8_t* l1 = (uint8_t*)sk_ub_base();
  sk_data_copy(l1, a + blk * 16 * 32 * 2, 16 * 32 * 2);
  sk_data_copy(l1 + 2048, bm, 32 * 32 * 2);
  sk_cube_mmad(l1 + 8192, l1, l1 + 2048, 16, 32, 32, SK_DT_FLOAT16, 0);
  sk_data_copy(c + blk * 16 * 32 * 4, l1 + 8192, 16 * 32 * 4);
}
