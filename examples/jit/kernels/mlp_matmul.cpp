// y[64, 64] (float32) = x[64, 64] * w[64, 64] (float16) on 4 AIC blocks of 16 rows.
#include "sk/kernel.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void mlp_matmul(GM_ADDR x, GM_ADDR w, GM_ADDR y) {
  const uint32_t rows = 64 / GetBlockNum(), k = 64, n = 64;
  GlobalTensor<half> xGm, wGm;
  GlobalTensor<float> yGm;
  xGm.SetGlobalBuffer((__gm__ half*)x + rows * k * GetBlockIdx());
  wGm.SetGlobalBuffer((__gm__ half*)w);
  yGm.SetGlobalBuffer((__gm__ float*)y + rows * n * GetBlockIdx());
  TPipe pipe;
  TBuf<TPosition::A1> a;
  TBuf<TPosition::B1> b;
  TBuf<TPosition::CO1> c;
  pipe.InitBuffer(a, rows * k * sizeof(half));
  pipe.InitBuffer(b, k * n * sizeof(half));
  pipe.InitBuffer(c, rows * n * sizeof(float));
  LocalTensor<half> al = a.Get<half>(), bl = b.Get<half>();
  LocalTensor<float> cl = c.Get<float>();
  DataCopy(al, xGm, rows * k);
  DataCopy(bl, wGm, k * n);
  Mmad(cl, al, bl, MmadParams(rows, n, k));
  DataCopy(yGm, cl, rows * n);
}
