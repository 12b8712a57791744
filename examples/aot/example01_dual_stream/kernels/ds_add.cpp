// z = x + y (float32): `n` elements per block, n in the tiling.
#include "sk/kernel.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void ds_add(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR tiling) {
  uint32_t n;
  CopyTiling(&n, tiling);
  GlobalTensor<float> xGm, yGm, zGm;
  xGm.SetGlobalBuffer((__gm__ float*)x + (uint64_t)n * GetBlockIdx(), n);
  yGm.SetGlobalBuffer((__gm__ float*)y + (uint64_t)n * GetBlockIdx(), n);
  zGm.SetGlobalBuffer((__gm__ float*)z + (uint64_t)n * GetBlockIdx(), n);
  TPipe pipe;
  TBuf<TPosition::VECCALC> bx, by;
  pipe.InitBuffer(bx, n * sizeof(float));
  pipe.InitBuffer(by, n * sizeof(float));
  LocalTensor<float> tx = bx.Get<float>(), ty = by.Get<float>();
  DataCopy(tx, xGm[0], n);
  DataCopy(ty, yGm[0], n);
  Add(tx, tx, ty, n);
  DataCopy(zGm[0], tx, n);
}
