// z = x + y: 256 float32 per block.
#include "sk/kernel.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void opt_add(GM_ADDR x, GM_ADDR y, GM_ADDR z) {
  constexpr uint32_t kPerBlock = 256;
  GlobalTensor<float> xGm, yGm, zGm;
  xGm.SetGlobalBuffer((__gm__ float*)x + kPerBlock * GetBlockIdx(), kPerBlock);
  yGm.SetGlobalBuffer((__gm__ float*)y + kPerBlock * GetBlockIdx(), kPerBlock);
  zGm.SetGlobalBuffer((__gm__ float*)z + kPerBlock * GetBlockIdx(), kPerBlock);
  TPipe pipe;
  TBuf<TPosition::VECCALC> bx, by;
  pipe.InitBuffer(bx, kPerBlock * sizeof(float));
  pipe.InitBuffer(by, kPerBlock * sizeof(float));
  LocalTensor<float> tx = bx.Get<float>(), ty = by.Get<float>();
  DataCopy(tx, xGm[0], kPerBlock);
  DataCopy(ty, yGm[0], kPerBlock);
  Add(tx, tx, ty, kPerBlock);
  DataCopy(zGm[0], tx, kPerBlock);
}
