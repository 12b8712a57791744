// C[M, N] (float32) = A[M, K] * B[K, N] (float16) on AIC cores with cube tiles.
// Each block computes M / blockNum rows of C. K is walked in chunks: the A chunk (a column
// band of A) is gathered into L1 with a strided DataCopy, the B chunk is contiguous, and Mmad
// accumulates into the C tile, which goes back to GM once.
#include "sk/kernel.h"

using namespace AscendC;

namespace {
struct MatmulTiling {
  uint32_t m, k, n;
  uint32_t kChunk;  // multiple of 16
};
}  // namespace

extern "C" __global__ __aicore__ void matmul_custom(GM_ADDR a, GM_ADDR b, GM_ADDR c, GM_ADDR tiling) {
  MatmulTiling t;
  CopyTiling(&t, tiling);
  uint32_t rows = t.m / GetBlockNum();
  GlobalTensor<half> aGm, bGm;
  GlobalTensor<float> cGm;
  aGm.SetGlobalBuffer((__gm__ half*)a + (uint64_t)rows * t.k * GetBlockIdx());
  bGm.SetGlobalBuffer((__gm__ half*)b);
  cGm.SetGlobalBuffer((__gm__ float*)c + (uint64_t)rows * t.n * GetBlockIdx());

  TPipe pipe;
  TQue<TPosition::A1, 1> qa;
  TQue<TPosition::B1, 1> qb;
  TQue<TPosition::CO1, 1> qc;
  pipe.InitBuffer(qa, 1, rows * t.kChunk * sizeof(half));
  pipe.InitBuffer(qb, 1, t.kChunk * t.n * sizeof(half));
  pipe.InitBuffer(qc, 1, rows * t.n * sizeof(float));
  LocalTensor<float> cl = qc.AllocTensor<float>();
  for (uint32_t k0 = 0; k0 < t.k; k0 += t.kChunk) {
    LocalTensor<half> al = qa.AllocTensor<half>();
    LocalTensor<half> bl = qb.AllocTensor<half>();
    // rows x kChunk band of A: `rows` blocks of kChunk elements, (k - kChunk) apart in GM.
    DataCopyParams band(rows, t.kChunk * sizeof(half) / 32, (t.k - t.kChunk) * sizeof(half) / 32, 0);
    DataCopy(al, aGm[k0], band);
    DataCopy(bl, bGm[(uint64_t)k0 * t.n], t.kChunk * t.n);
    Mmad(cl, al, bl, MmadParams(rows, t.n, t.kChunk, k0 == 0));
    qa.FreeTensor(al);
    qb.FreeTensor(bl);
  }
  DataCopy(cGm, cl, rows * t.n);
  qc.FreeTensor(cl);
}
