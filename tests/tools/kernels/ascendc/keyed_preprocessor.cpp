// A kernel that picks its path with the tiling key in the preprocessor, as ops-nn's
// quant_matmul_reduce_sum does (`#if TILING_KEY_VAR == 0`): CANN compiles one object per key, where
// TILING_KEY_VAR is a literal. out[0] = 10 + the branch taken (1 for key 1, 2 for key 2, 0 else).
#include "kernel_operator.h"

extern "C" __global__ __aicore__ void keyed_preprocessor(GM_ADDR out) {
  AscendC::GlobalTensor<int32_t> o;
  o.SetGlobalBuffer((__gm__ int32_t*)out, 1);
#if TILING_KEY_VAR == 1
  o.SetValue(0, 11);
#elif TILING_KEY_VAR == 2
  o.SetValue(0, 12);
#else
  o.SetValue(0, 10);
#endif
}
