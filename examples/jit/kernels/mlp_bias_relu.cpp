// y = relu(x + bias[column]) for x[64, 64] float32, 8 AIV blocks of 8 rows.
#include "sk/kernel.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void mlp_bias_relu(GM_ADDR x, GM_ADDR bias, GM_ADDR y) {
  const uint32_t rows = 64 / GetBlockNum(), n = 64;
  GlobalTensor<float> xGm, bGm, yGm;
  xGm.SetGlobalBuffer((__gm__ float*)x + rows * n * GetBlockIdx());
  bGm.SetGlobalBuffer((__gm__ float*)bias);
  yGm.SetGlobalBuffer((__gm__ float*)y + rows * n * GetBlockIdx());
  TPipe pipe;
  TBuf<TPosition::VECCALC> xb, bb;
  pipe.InitBuffer(xb, rows * n * sizeof(float));
  pipe.InitBuffer(bb, n * sizeof(float));
  LocalTensor<float> xl = xb.Get<float>(), bl = bb.Get<float>();
  DataCopy(xl, xGm, rows * n);
  DataCopy(bl, bGm, n);
  for (uint32_t r = 0; r < rows; ++r) Add(xl[r * n], xl[r * n], bl, n);
  Relu(xl, xl, rows * n);
  DataCopy(yGm, xl, rows * n);
}
