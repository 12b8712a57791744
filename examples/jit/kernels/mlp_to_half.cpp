// y (float16) = x (float32), 4096 elements on 8 AIV blocks.
#include "sk/kernel.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void mlp_to_half(GM_ADDR x, GM_ADDR y) {
  const uint32_t len = 4096 / GetBlockNum();
  GlobalTensor<float> xGm;
  GlobalTensor<half> yGm;
  xGm.SetGlobalBuffer((__gm__ float*)x + len * GetBlockIdx());
  yGm.SetGlobalBuffer((__gm__ half*)y + len * GetBlockIdx());
  TPipe pipe;
  TBuf<TPosition::VECCALC> fb, hb;
  pipe.InitBuffer(fb, len * sizeof(float));
  pipe.InitBuffer(hb, len * sizeof(half));
  LocalTensor<float> f = fb.Get<float>();
  LocalTensor<half> h = hb.Get<half>();
  DataCopy(f, xGm, len);
  Cast(h, f, RoundMode::CAST_RINT, len);
  DataCopy(yGm, h, len);
}
