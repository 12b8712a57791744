// y = half(s * x): float32 in, float16 out (the operand of a cube task); `n` elements per
// block; s and n in the tiling.
#include "sk/kernel.h"

using namespace AscendC;

namespace {
struct ToHalfTiling {
  float s;
  uint32_t n;  // elements per block
};
}  // namespace

extern "C" __global__ __aicore__ void ds_to_half(GM_ADDR x, GM_ADDR y, GM_ADDR tiling) {
  ToHalfTiling t;
  CopyTiling(&t, tiling);
  GlobalTensor<float> xGm;
  GlobalTensor<half> yGm;
  xGm.SetGlobalBuffer((__gm__ float*)x + (uint64_t)t.n * GetBlockIdx(), t.n);
  yGm.SetGlobalBuffer((__gm__ half*)y + (uint64_t)t.n * GetBlockIdx(), t.n);
  TPipe pipe;
  TBuf<TPosition::VECCALC> bx, by;
  pipe.InitBuffer(bx, t.n * sizeof(float));
  pipe.InitBuffer(by, t.n * sizeof(half));
  LocalTensor<float> vx = bx.Get<float>();
  LocalTensor<half> vy = by.Get<half>();
  DataCopy(vx, xGm[0], t.n);
  Muls(vx, vx, t.s, t.n);
  Cast(vy, vx, RoundMode::CAST_NONE, t.n);
  DataCopy(yGm[0], vy, t.n);
}
