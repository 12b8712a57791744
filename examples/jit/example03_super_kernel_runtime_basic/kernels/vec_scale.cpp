// y = x * s, s from the tiling (float32), 1024 float32 on 4 AIV blocks.
#include "sk/kernel.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void vec_scale(GM_ADDR x, GM_ADDR y, GM_ADDR tiling) {
  float s;
  CopyTiling(&s, tiling);
  const uint32_t len = 1024 / GetBlockNum(), off = len * GetBlockIdx();
  GlobalTensor<float> xg, yg;
  xg.SetGlobalBuffer((__gm__ float*)x + off);
  yg.SetGlobalBuffer((__gm__ float*)y + off);
  TPipe pipe;
  TBuf<TPosition::VECCALC> a;
  pipe.InitBuffer(a, len * sizeof(float));
  LocalTensor<float> al = a.Get<float>();
  DataCopy(al, xg, len);
  Muls(al, al, s, len);
  DataCopy(yg, al, len);
}
