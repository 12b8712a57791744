// y = x x w in int32 on one AIC, with w stored K x N (not transposed): its L1 Nz image (column
// blocks of 32 over N) becomes L0B's Zn through LoadDataWithTranspose, one 32 x 32 square per
// repeat, as the public guide loads int8 B. Sizes are constants: M 32, N 64, K 64. Tiling key 2:
// y requantised to int8 (REQ8, a scalar scale of 1/64) and written in NZ: for a 1-byte type a
// column block is 32 columns wide (C0 = 32 bytes), M rows of 32 bytes, blocks M * 32 bytes apart.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t M = 32, N = 64, K = 64;

extern "C" __global__ __aicore__ void mmad_int8_kn(GM_ADDR x, GM_ADDR w, GM_ADDR y) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);
  GlobalTensor<int8_t> xGm, wGm;
  GlobalTensor<int32_t> yGm;
  xGm.SetGlobalBuffer((__gm__ int8_t*)x, M * K);
  wGm.SetGlobalBuffer((__gm__ int8_t*)w, K * N);
  yGm.SetGlobalBuffer((__gm__ int32_t*)y, M * N);
  TPipe pipe;
  TQue<TPosition::A1, 1> a1Q;
  TQue<TPosition::B1, 1> b1Q;
  TQue<TPosition::A2, 1> a2Q;
  TQue<TPosition::B2, 1> b2Q;
  TQue<TPosition::CO1, 1> c1Q;
  pipe.InitBuffer(a1Q, 1, M * K);
  pipe.InitBuffer(b1Q, 1, K * N);
  pipe.InitBuffer(a2Q, 1, M * K);
  pipe.InitBuffer(b2Q, 1, K * N);
  pipe.InitBuffer(c1Q, 1, M * N * sizeof(int32_t));

  LocalTensor<int8_t> a1 = a1Q.AllocTensor<int8_t>(), b1 = b1Q.AllocTensor<int8_t>();
  DataCopy(a1, xGm, Nd2NzParams(1, M, K, 0, K, M, 1, 0));
  DataCopy(b1, wGm, Nd2NzParams(1, K, N, 0, N, K, 1, 0));
  a1Q.EnQue(a1);
  b1Q.EnQue(b1);
  a1 = a1Q.DeQue<int8_t>();
  b1 = b1Q.DeQue<int8_t>();
  LocalTensor<int8_t> a2 = a2Q.AllocTensor<int8_t>(), b2 = b2Q.AllocTensor<int8_t>();
  SetLoadDataRepeat({0, 1, 0});  // the 3D loads' repeat register, as kernels reset it (no effect on 2D loads)
  constexpr uint32_t kSquares = K / 32, nSquares = N / 32, mBlocks = M / 16;
  for (uint32_t i = 0; i < mBlocks; ++i) LoadData(a2[i * kSquares * 512], a1, LoadData2DParams(i, kSquares, mBlocks, 0, 0, false, 0));
  // Per 32-row block of K: its N / 32 squares (one per column block, K / 32 squares apart), each
  // giving two Zn fractals side by side.
  for (uint32_t kq = 0; kq < kSquares; ++kq)
    LoadDataWithTranspose(b2[kq * (N / 16) * 512], b1, LoadData2dTransposeParams(kq, nSquares, kSquares, 1, 0));
  a1Q.FreeTensor(a1);
  b1Q.FreeTensor(b1);
  a2Q.EnQue(a2);
  b2Q.EnQue(b2);
  a2 = a2Q.DeQue<int8_t>();
  b2 = b2Q.DeQue<int8_t>();
  LocalTensor<int32_t> c1 = c1Q.AllocTensor<int32_t>();
  Mmad(c1, a2, b2, MmadParams(M, N, K, 0, false, true));
  a2Q.FreeTensor(a2);
  b2Q.FreeTensor(b2);
  c1Q.EnQue(c1);
  c1 = c1Q.DeQue<int32_t>();
  if (TILING_KEY_IS(2)) {
    GlobalTensor<int8_t> y8;
    y8.SetGlobalBuffer((__gm__ int8_t*)y, M * N);
    float scale = 1.0f / 64;
    uint32_t bits;
    __builtin_memcpy(&bits, &scale, 4);
    FixpipeParamsV220 p(N, M, M, M, false);  // dstStride: a column block's M rows of 32 bytes
    p.quantPre = QuantMode_t::REQ8;
    p.deqScalar = bits;
    Fixpipe<int8_t, int32_t, CFG_NZ>(y8, c1, p);
  } else {
    Fixpipe(yGm, c1, FixpipeParamsV220(N, M, M, N, false));
  }
  c1Q.FreeTensor(c1);
}
