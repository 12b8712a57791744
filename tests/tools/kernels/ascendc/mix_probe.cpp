// A MIX kernel: the AIC and the AIVs of each block write their own words (ASCEND_IS_AIC /
// ASCEND_IS_AIV fold per compiled core type; one entry dispatches on the running core). Both core
// types set up a vector queue, as MIX Matmul samples' Init does before REGIST_MATMUL_OBJ; only the
// AIVs use it. The AIVs meet in SyncAll() (vector cores only: the AIC is not waited for), then
// every core in SyncAll<false>(). With tiling key 2 the AIC touches its queue's buffer: a device
// exception.
#include "kernel_operator.h"

extern "C" __global__ __aicore__ void mix_probe(GM_ADDR out) {
  AscendC::GlobalTensor<int32_t> o;
  o.SetGlobalBuffer((__gm__ int32_t*)out, 64);
  AscendC::TPipe pipe;
  AscendC::TQue<AscendC::TPosition::VECOUT, 2> outQueue;
  pipe.InitBuffer(outQueue, 2, 64 * 1024);
  if ASCEND_IS_AIC {
    o.SetValue(AscendC::GetBlockIdx() * 3, 100 + g_coreType);
    if (TILING_KEY_IS(2)) {
      AscendC::LocalTensor<int32_t> t = outQueue.AllocTensor<int32_t>();
      AscendC::Duplicate(t, 7, 64);
    }
  }
  if ASCEND_IS_AIV {
    AscendC::LocalTensor<int32_t> t = outQueue.AllocTensor<int32_t>();
    AscendC::Duplicate(t, 200 + g_coreType, 8);
    o.SetValue(AscendC::GetBlockIdx() / AscendC::GetTaskRation() * 3 + 1 + AscendC::GetSubBlockIdx(), t.GetValue(0));
    outQueue.FreeTensor(t);
    AscendC::SyncAll();
  }
  AscendC::SyncAll<false>();
}
