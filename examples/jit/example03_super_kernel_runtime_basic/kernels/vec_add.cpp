// z = x + y, 1024 float32 on 4 AIV blocks.
#include "sk/kernel.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void vec_add(GM_ADDR x, GM_ADDR y, GM_ADDR z) {
  const uint32_t len = 1024 / GetBlockNum(), off = len * GetBlockIdx();
  GlobalTensor<float> xg, yg, zg;
  xg.SetGlobalBuffer((__gm__ float*)x + off);
  yg.SetGlobalBuffer((__gm__ float*)y + off);
  zg.SetGlobalBuffer((__gm__ float*)z + off);
  TPipe pipe;
  TBuf<TPosition::VECCALC> a, b;
  pipe.InitBuffer(a, len * sizeof(float));
  pipe.InitBuffer(b, len * sizeof(float));
  LocalTensor<float> al = a.Get<float>(), bl = b.Get<float>();
  DataCopy(al, xg, len);
  DataCopy(bl, yg, len);
  Add(al, al, bl, len);
  DataCopy(zg, al, len);
}
