// Row-wise RMSNorm of x[64, 64] float32 (no gain), 8 AIV blocks of 8 rows.
#include <math.h>

#include "sk/kernel.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void mlp_rmsnorm(GM_ADDR x, GM_ADDR y) {
  const uint32_t rows = 64 / GetBlockNum(), n = 64;
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ float*)x + rows * n * GetBlockIdx());
  yGm.SetGlobalBuffer((__gm__ float*)y + rows * n * GetBlockIdx());
  TPipe pipe;
  TBuf<TPosition::VECCALC> xb, sq, sum;
  pipe.InitBuffer(xb, rows * n * sizeof(float));
  pipe.InitBuffer(sq, n * sizeof(float));
  pipe.InitBuffer(sum, 32);
  LocalTensor<float> xl = xb.Get<float>(), s = sq.Get<float>(), t = sum.Get<float>();
  DataCopy(xl, xGm, rows * n);
  for (uint32_t r = 0; r < rows; ++r) {
    Mul(s, xl[r * n], xl[r * n], n);
    ReduceSum(t, s, s, n);
    float rstd = 1.0f / sqrtf(t.GetValue(0) / (float)n + 1e-6f);
    Muls(xl[r * n], xl[r * n], rstd, n);
  }
  DataCopy(yGm, xl, rows * n);
}
