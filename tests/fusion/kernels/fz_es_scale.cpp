// y = x * 2 with early-start points: a prologue that needs no input (filling a UB constant
// vector, standing in for tiling and address setup) runs before sk_wait_pre_task_end, and
// trailing work that touches no shared buffer (scrubbing UB) runs after the last write and
// sk_set_next_task_start.
#include "sk/kernel.h"

extern "C" void fz_es_scale(uint8_t* x, uint8_t* y) {
  int64_t b = sk_block_idx();
  float* ub = (float*)sk_ub_base();
  float two = 2.0f, zero = 0.0f;
  for (int i = 0; i < 16; ++i) sk_vec_dup(SK_DT_FLOAT32, ub + 256, &two, 256);  // prologue
  sk_wait_pre_task_end();
  sk_data_copy(ub, (float*)x + 256 * b, 1024);
  sk_vec_binary(SK_VOP_MUL, SK_DT_FLOAT32, ub, ub, ub + 256, 256);
  sk_data_copy((float*)y + 256 * b, ub, 1024);
  sk_set_next_task_start();
  for (int i = 0; i < 16; ++i) sk_vec_dup(SK_DT_FLOAT32, ub + 512, &zero, 256);  // epilogue
}
