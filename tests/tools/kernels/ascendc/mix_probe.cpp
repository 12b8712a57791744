// A MIX kernel: the AIC and the AIVs of each block write their own words (ASCEND_IS_AIC /
// ASCEND_IS_AIV fold per compiled core type; one entry dispatches on the running core).
#include "kernel_operator.h"

extern "C" __global__ __aicore__ void mix_probe(GM_ADDR out) {
  AscendC::GlobalTensor<int32_t> o;
  o.SetGlobalBuffer((__gm__ int32_t*)out, 64);
  if ASCEND_IS_AIC {
    o.SetValue(AscendC::GetBlockIdx() * 3, 100 + g_coreType);
  }
  if ASCEND_IS_AIV {
    o.SetValue(AscendC::GetBlockIdx() / AscendC::GetTaskRation() * 3 + 1 + AscendC::GetSubBlockIdx(), 200 + g_coreType);
  }
}
