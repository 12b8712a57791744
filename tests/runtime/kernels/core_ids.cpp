// Records what each core sees: out[slot] = {core_type, block_idx, sub_block_idx, block_num,
// sub_block_num, 0, 0, 0} as int32, slot = block_idx for AIV-only / AIC-only kernels and
// AIC cores, blockDim + block_idx for AIV cores of MIX kernels.
#include "sk/kernel.h"

extern "C" void core_ids(uint8_t* out, uint8_t* mixFlag) {
  int32_t* ub = (int32_t*)sk_ub_base();
  int32_t mix;
  sk_data_copy(&mix, mixFlag, 4);
  ub[0] = sk_core_type();
  ub[1] = (int32_t)sk_block_idx();
  ub[2] = (int32_t)sk_sub_block_idx();
  ub[3] = (int32_t)sk_block_num();
  ub[4] = (int32_t)sk_sub_block_num();
  ub[5] = ub[6] = ub[7] = 0;
  int64_t slot = sk_block_idx() + (mix && sk_core_type() == 1 ? sk_block_num() * 2 : 0);
  sk_data_copy((int32_t*)out + 8 * slot, ub, 32);
}
