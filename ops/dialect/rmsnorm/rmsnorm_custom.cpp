// RMSNorm over the last axis on AIV cores:
//   y[r, :] = x[r, :] * rsqrt(mean(x[r, :]^2) + eps) * gamma
// float16 in and out, float32 inside. Each block normalises rows/blockNum consecutive rows;
// the sum of squares is a vector ReduceSum (a tree per repeat, repeats in order: docs/dialect.md).
#include <math.h>

#include "sk/kernel.h"

using namespace AscendC;

namespace {
struct RmsNormTiling {
  uint32_t rows;
  uint32_t cols;
  float eps;
};
}  // namespace

extern "C" __global__ __aicore__ void rmsnorm_custom(GM_ADDR x, GM_ADDR gamma, GM_ADDR y, GM_ADDR tiling) {
  RmsNormTiling t;
  CopyTiling(&t, tiling);
  uint32_t rowsPerBlock = t.rows / GetBlockNum();
  uint32_t cols = t.cols;
  GlobalTensor<half> xGm, gGm, yGm;
  xGm.SetGlobalBuffer((__gm__ half*)x + (uint64_t)rowsPerBlock * cols * GetBlockIdx());
  yGm.SetGlobalBuffer((__gm__ half*)y + (uint64_t)rowsPerBlock * cols * GetBlockIdx());
  gGm.SetGlobalBuffer((__gm__ half*)gamma);

  TPipe pipe;
  TBuf<TPosition::VECCALC> xHalfBuf, xBuf, sqBuf, gBuf, sumBuf;
  pipe.InitBuffer(xHalfBuf, cols * sizeof(half));
  pipe.InitBuffer(xBuf, cols * sizeof(float));
  pipe.InitBuffer(sqBuf, cols * sizeof(float));
  pipe.InitBuffer(gBuf, cols * sizeof(float));
  pipe.InitBuffer(sumBuf, 32);
  LocalTensor<half> xh = xHalfBuf.Get<half>();
  LocalTensor<float> xf = xBuf.Get<float>();
  LocalTensor<float> sq = sqBuf.Get<float>();
  LocalTensor<float> g = gBuf.Get<float>();
  LocalTensor<float> sum = sumBuf.Get<float>();

  DataCopy(xh, gGm, cols);
  Cast(g, xh, RoundMode::CAST_NONE, cols);
  for (uint32_t r = 0; r < rowsPerBlock; ++r) {
    DataCopy(xh, xGm[(uint64_t)r * cols], cols);
    Cast(xf, xh, RoundMode::CAST_NONE, cols);
    Mul(sq, xf, xf, cols);
    ReduceSum(sum, sq, sq, cols);
    float rstd = 1.0f / sqrtf(sum.GetValue(0) / (float)cols + t.eps);
    Muls(xf, xf, rstd, cols);
    Mul(xf, xf, g, cols);
    Cast(xh, xf, RoundMode::CAST_RINT, cols);
    DataCopy(yGm[(uint64_t)r * cols], xh, cols);
  }
}
