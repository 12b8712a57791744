// y = s * x (float32): `n` elements per block; s and n in the tiling.
#include "sk/kernel.h"

using namespace AscendC;

namespace {
struct ScaleTiling {
  float s;
  uint32_t n;  // elements per block
};
}  // namespace

extern "C" __global__ __aicore__ void ds_scale(GM_ADDR x, GM_ADDR y, GM_ADDR tiling) {
  ScaleTiling t;
  CopyTiling(&t, tiling);
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ float*)x + (uint64_t)t.n * GetBlockIdx(), t.n);
  yGm.SetGlobalBuffer((__gm__ float*)y + (uint64_t)t.n * GetBlockIdx(), t.n);
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, t.n * sizeof(float));
  LocalTensor<float> v = buf.Get<float>();
  DataCopy(v, xGm[0], t.n);
  Muls(v, v, t.s, t.n);
  DataCopy(yGm[0], v, t.n);
}
