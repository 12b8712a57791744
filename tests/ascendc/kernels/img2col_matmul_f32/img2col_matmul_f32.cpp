// c = a x b in float on one AIC with a stored transposed (K x M in GM), as the public guide loads
// 4-byte A, which LoadData2D cannot transpose: the 3D load with enTranspose turns L1's Nz image
// of a^T (l1H 1, l1W the padded K, channelSize = kExtension M) into L0A's Zz of a, K padded to 16
// (so the Mmad runs with kDirectionAlign); b (K x N) goes into L0B's Zn by the same load (l1H
// the padded K, l1W 1, channelSize N). Sizes are constants: M 40, K 24, N 56 (none a multiple of
// 16: the loads end M's and N's last fractal part way, the K axis whole).
#include "kernel_operator.h"

using namespace AscendC;

namespace {

constexpr uint32_t M = 40, K = 24, N = 56;
constexpr uint32_t K_ALIGN = 32;                   // K rows padded to 16 in L1, K to 16 in L0A / L0B
constexpr uint32_t M_ALIGN = 48, N_ALIGN = 64;     // M and N in whole fractals of 16 in L0A / L0B / L0C

class KernelImg2colMatmulF32 {
 public:
  __aicore__ inline KernelImg2colMatmulF32() {}
  __aicore__ inline void Init(GM_ADDR a, GM_ADDR b, GM_ADDR c) {
    aGm_.SetGlobalBuffer((__gm__ float*)a, K * M);
    bGm_.SetGlobalBuffer((__gm__ float*)b, K * N);
    cGm_.SetGlobalBuffer((__gm__ float*)c, M * N);
    pipe_.InitBuffer(a1Q_, 1, K_ALIGN * M * sizeof(float));
    pipe_.InitBuffer(b1Q_, 1, K_ALIGN * N * sizeof(float));
    pipe_.InitBuffer(a2Q_, 1, M_ALIGN * K_ALIGN * sizeof(float));
    pipe_.InitBuffer(b2Q_, 1, K_ALIGN * N_ALIGN * sizeof(float));
    pipe_.InitBuffer(c1Q_, 1, M_ALIGN * N_ALIGN * sizeof(float));
  }

  __aicore__ inline void Process() {
    LocalTensor<float> a1 = a1Q_.AllocTensor<float>();
    LocalTensor<float> b1 = b1Q_.AllocTensor<float>();
    DataCopy(a1, aGm_, Nd2NzParams(1, K, M, 0, M, K_ALIGN, 1, 0));
    DataCopy(b1, bGm_, Nd2NzParams(1, K, N, 0, N, K_ALIGN, 1, 0));
    a1Q_.EnQue(a1);
    b1Q_.EnQue(b1);
    a1 = a1Q_.DeQue<float>();
    b1 = b1Q_.DeQue<float>();

    LocalTensor<float> a2 = a2Q_.AllocTensor<float>();
    LoadData3DParamsV2<float> pa;
    pa.l1H = 1;
    pa.l1W = K_ALIGN;
    pa.channelSize = M;
    pa.kExtension = M;
    pa.mExtension = K_ALIGN;
    pa.enTranspose = true;
    LoadData(a2, a1, pa);
    LocalTensor<float> b2 = b2Q_.AllocTensor<float>();
    LoadData3DParamsV2<float> pb;
    pb.l1H = K_ALIGN;
    pb.l1W = 1;
    pb.channelSize = N;
    pb.kExtension = N;
    pb.mExtension = K_ALIGN;
    pb.enTranspose = true;
    LoadData(b2, b1, pb);
    a1Q_.FreeTensor(a1);
    b1Q_.FreeTensor(b1);
    a2Q_.EnQue(a2);
    b2Q_.EnQue(b2);

    a2 = a2Q_.DeQue<float>();
    b2 = b2Q_.DeQue<float>();
    LocalTensor<float> c1 = c1Q_.AllocTensor<float>();
    MmadParams p;
    p.m = M;
    p.n = N;
    p.k = K;
    p.kDirectionAlign = true;
    Mmad(c1, a2, b2, p);
    a2Q_.FreeTensor(a2);
    b2Q_.FreeTensor(b2);
    c1Q_.EnQue(c1);

    c1 = c1Q_.DeQue<float>();
    Fixpipe(cGm_, c1, FixpipeParamsV220(N, M, M_ALIGN, N, false));
    c1Q_.FreeTensor(c1);
  }

 private:
  TPipe pipe_;
  TQue<TPosition::A1, 1> a1Q_;
  TQue<TPosition::B1, 1> b1Q_;
  TQue<TPosition::A2, 1> a2Q_;
  TQue<TPosition::B2, 1> b2Q_;
  TQue<TPosition::CO1, 1> c1Q_;
  GlobalTensor<float> aGm_, bGm_, cGm_;
};

}  // namespace

extern "C" __global__ __aicore__ void img2col_matmul_f32(GM_ADDR a, GM_ADDR b, GM_ADDR c) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);
  KernelImg2colMatmulF32 op;
  op.Init(a, b, c);
  op.Process();
}
