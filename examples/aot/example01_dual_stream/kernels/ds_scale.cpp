// y = x * s, where s is the float32 in the tiling: 256 float32 per block.
#include "sk/kernel.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void ds_scale(GM_ADDR x, GM_ADDR y, GM_ADDR tiling) {
  constexpr uint32_t kPerBlock = 256;
  float s;
  CopyTiling(&s, tiling);
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ float*)x + kPerBlock * GetBlockIdx(), kPerBlock);
  yGm.SetGlobalBuffer((__gm__ float*)y + kPerBlock * GetBlockIdx(), kPerBlock);
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, kPerBlock * sizeof(float));
  LocalTensor<float> t = buf.Get<float>();
  DataCopy(t, xGm[0], kPerBlock);
  Muls(t, t, s, kPerBlock);
  DataCopy(yGm[0], t, kPerBlock);
}
