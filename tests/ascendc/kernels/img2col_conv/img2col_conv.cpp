// A 2D convolution on one AIC with the 3D load (img2col): x is half NC1HWC0 (1 x 2 x 16 x 8 x 16,
// 32 channels), w the 3 x 3 kernel for 32 output channels in FRACTAL_Z (K = C1 x Kh x Kw x C0 rows
// of fractals, each N0 x C0: L0B's Zn as it stands), y float NHWC (8 x 4 outputs x 32). Stride 2,
// dilation 1, pad 1 on every side. The img2col matrix (32 x 288) is loaded in blocks of 16 rows x
// 144 columns (mStartPt 0 / 16, kStartPt 0 / 144), each multiplied by its 144 rows of w and
// accumulated in L0C, as conv kernels walk M and K.
//   key 1: the pad value 0 from the load's own padValue (the default IsResetLoad3dConfig).
//   key 2: the pad value 1.0 from Load3DSetPaddingCal (CANN's internal name of
//          SetLoadDataPaddingValue, which ops-nn's conv kernels call), the load leaving the register alone.
#include "kernel_operator.h"

using namespace AscendC;

namespace {

constexpr uint32_t C1 = 2, H = 16, W = 8, C0 = 16, KH = 3, KW = 3, STRIDE = 2, PAD = 1;
constexpr uint32_t HO = (H + 2 * PAD - KH) / STRIDE + 1, WO = (W + 2 * PAD - KW) / STRIDE + 1;
constexpr uint32_t COUT = 32, N1 = COUT / 16;
constexpr uint32_t M = HO * WO, K = C1 * KH * KW * C0;
constexpr uint32_t BASE_M = 16, BASE_K = 144;
constexpr IsResetLoad3dConfig LOAD3D_KEEP_PADDING = {true, false};

class KernelImg2colConv {
 public:
  __aicore__ inline KernelImg2colConv() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR w, GM_ADDR y) {
    xGm_.SetGlobalBuffer((__gm__ half*)x, C1 * H * W * C0);
    wGm_.SetGlobalBuffer((__gm__ half*)w, K * COUT);
    yGm_.SetGlobalBuffer((__gm__ float*)y, M * COUT);
    pipe_.InitBuffer(x1Q_, 1, C1 * H * W * C0 * sizeof(half));
    pipe_.InitBuffer(w1Q_, 1, K * COUT * sizeof(half));
    pipe_.InitBuffer(a2Q_, 1, BASE_M * BASE_K * sizeof(half));
    pipe_.InitBuffer(b2Q_, 1, BASE_K * COUT * sizeof(half));
    pipe_.InitBuffer(c1Q_, 1, BASE_M * COUT * sizeof(float));
  }

  __aicore__ inline void Process(bool padFromRegister) {
    // Both operands are already in the layouts L1 keeps them in: plain copies.
    LocalTensor<half> x1 = x1Q_.AllocTensor<half>();
    LocalTensor<half> w1 = w1Q_.AllocTensor<half>();
    DataCopy(x1, xGm_, C1 * H * W * C0);
    DataCopy(w1, wGm_, K * COUT);
    x1Q_.EnQue(x1);
    w1Q_.EnQue(w1);
    x1 = x1Q_.DeQue<half>();
    w1 = w1Q_.DeQue<half>();
    if (padFromRegister) Load3DSetPaddingCal<half>((half)1.0f);
    for (uint32_t m = 0; m < M; m += BASE_M) {
      LocalTensor<float> c1 = c1Q_.AllocTensor<float>();
      for (uint32_t k = 0; k < K; k += BASE_K) {
        LoadA(x1, m, k, padFromRegister);
        LoadB(w1, k);
        Compute(c1, k == 0);
      }
      c1Q_.EnQue(c1);
      CopyOut(m);
    }
    x1Q_.FreeTensor(x1);
    w1Q_.FreeTensor(w1);
  }

 private:
  __aicore__ inline void LoadA(const LocalTensor<half>& x1, uint32_t m, uint32_t k, bool padFromRegister) {
    LocalTensor<half> a2 = a2Q_.AllocTensor<half>();
    uint8_t padList[PAD_SIZE] = {PAD, PAD, PAD, PAD};
    LoadData3DParamsV2<half> p(padList, H, W, C1 * C0, BASE_K, BASE_M, k, m, STRIDE, STRIDE, KW, KH, 1, 1, false, false,
                               (half)0.0f);
    if (padFromRegister) LoadData<half, LOAD3D_KEEP_PADDING>(a2, x1, p);
    else LoadData(a2, x1, p);
    a2Q_.EnQue(a2);
  }

  // BASE_K / 16 rows of N1 fractals, contiguous in FRACTAL_Z.
  __aicore__ inline void LoadB(const LocalTensor<half>& w1, uint32_t k) {
    LocalTensor<half> b2 = b2Q_.AllocTensor<half>();
    LoadData2DParams p;
    p.startIndex = k / 16 * N1;
    p.repeatTimes = BASE_K / 16 * N1;
    p.srcStride = 1;
    p.ifTranspose = false;
    LoadData(b2, w1, p);
    b2Q_.EnQue(b2);
  }

  __aicore__ inline void Compute(const LocalTensor<float>& c1, bool first) {
    LocalTensor<half> a2 = a2Q_.DeQue<half>();
    LocalTensor<half> b2 = b2Q_.DeQue<half>();
    MmadParams p;
    p.m = BASE_M;
    p.n = COUT;
    p.k = BASE_K;
    p.cmatrixInitVal = first;
    Mmad(c1, a2, b2, p);
    a2Q_.FreeTensor(a2);
    b2Q_.FreeTensor(b2);
  }

  __aicore__ inline void CopyOut(uint32_t m) {
    LocalTensor<float> c1 = c1Q_.DeQue<float>();
    FixpipeParamsV220 p;
    p.nSize = COUT;
    p.mSize = BASE_M;
    p.srcStride = BASE_M;
    p.dstStride = COUT;
    Fixpipe(yGm_[m * COUT], c1, p);
    c1Q_.FreeTensor(c1);
  }

  TPipe pipe_;
  TQue<TPosition::A1, 1> x1Q_;
  TQue<TPosition::B1, 1> w1Q_;
  TQue<TPosition::A2, 1> a2Q_;
  TQue<TPosition::B2, 1> b2Q_;
  TQue<TPosition::CO1, 1> c1Q_;
  GlobalTensor<half> xGm_, wGm_;
  GlobalTensor<float> yGm_;
};

}  // namespace

extern "C" __global__ __aicore__ void img2col_conv(GM_ADDR x, GM_ADDR w, GM_ADDR y) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);
  KernelImg2colConv op;
  op.Init(x, w, y);
  op.Process(TILING_KEY_IS(2));
}
