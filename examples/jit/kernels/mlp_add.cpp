// z = x + y for 4096 float32 on 8 AIV blocks.
#include "sk/kernel.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void mlp_add(GM_ADDR x, GM_ADDR y, GM_ADDR z) {
  const uint32_t len = 4096 / GetBlockNum();
  GlobalTensor<float> xGm, yGm, zGm;
  xGm.SetGlobalBuffer((__gm__ float*)x + len * GetBlockIdx());
  yGm.SetGlobalBuffer((__gm__ float*)y + len * GetBlockIdx());
  zGm.SetGlobalBuffer((__gm__ float*)z + len * GetBlockIdx());
  TPipe pipe;
  TBuf<TPosition::VECCALC> xb, yb;
  pipe.InitBuffer(xb, len * sizeof(float));
  pipe.InitBuffer(yb, len * sizeof(float));
  LocalTensor<float> xl = xb.Get<float>(), yl = yb.Get<float>();
  DataCopy(xl, xGm, len);
  DataCopy(yl, yGm, len);
  Add(xl, xl, yl, len);
  DataCopy(zGm, xl, len);
}
