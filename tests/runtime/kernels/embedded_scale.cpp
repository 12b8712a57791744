// y = x * 2 over 2,048 float32 per block, 8 blocks. Its metadata is embedded in the object, so
// the bare .o (no .json beside it) can be fused: by sk_compile and by aclskOptimize.
#include "sk/kernel.h"

SK_KERNEL_METADATA(R"({"version": 1, "kernelName": "embedded_scale", "binFileName": "rt_embedded_scale",
  "coreType": "AIV", "blockDim": 8,
  "params": [{"name": "x", "role": "input", "dtype": "float32", "shape": [16384]},
             {"name": "y", "role": "output", "dtype": "float32", "shape": [16384]}]})");

extern "C" void embedded_scale(uint8_t* x, uint8_t* y) {
  float* ub = (float*)sk_ub_base();
  int64_t b = sk_block_idx();
  float two = 2.0f;
  sk_data_copy(ub, (float*)x + 2048 * b, 2048 * 4);
  sk_vec_scalar(SK_VOP_MULS, SK_DT_FLOAT32, ub, ub, &two, 2048);
  sk_data_copy((float*)y + 2048 * b, ub, 2048 * 4);
}
