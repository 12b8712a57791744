// c = a x b (half in, float out) on one AIC with the 3D load (img2col) used as a 2D one, as the
// public guide does: an Nz matrix in L1 is the img2col matrix of a 1 x 1 kernel over a feature
// map whose W (or H) runs along the matrix's rows and whose channels are its columns.
//   key 1: A by LoadData3DParamsV2 (l1H 1, l1W the padded rows, channelSize = kExtension the
//          padded K) into L0A's Zz (on 910B through LoadDataImpl, the name CANN's LoadData
//          forwards to); B by LoadData2D with each fractal transposed.
//   key 2: A by LoadData2D; B by LoadData3DParamsV2 into L0B's Zn (l1H the padded K, l1W 1,
//          channelSize N), the registers set beforehand (IsResetLoad3dConfig {false, false}).
//   key 3: A by LoadData3DParamsV2Pro from the right feature-map register (l1H the row blocks,
//          l1W 16); B as key 1.
//   key 4 (Ascend 950, whose L0A holds Nz): A and B by LoadDataWithStride, A into L0A's Nz
//          (column blocks M_BLOCKS fractals apart), B into L0B's Zn (rows of fractals N_BLOCKS
//          apart), the strides from SetLoadDataRepeatWithStride.
//   key 5 (Ascend 950): key 1's load through Load3DBitModeParam (its words from the
//          LoadData3DParamsV2, the feature map from SetFmatrix); B as key 1.
//   key 6 (Ascend 950): A by the older spelling of the stride, a four-field LoadDataRepeatParam
//          and a plain LoadData, in two pieces of rows (32, then 16 at mStartPt 32) whose column
//          blocks lie M_BLOCKS fractals apart, not their own heights: only the register's
//          dstStride puts them in place. B as key 4.
// Sizes are constants: M 40, K 70 (both not fractal multiples), N 48.
#include "kernel_operator.h"

using namespace AscendC;

namespace {

constexpr uint32_t M = 40, K = 70, N = 48;
constexpr uint32_t M_ALIGN = 48, K_ALIGN = 80;  // rows padded to 16, K to C0 = 16 halves
constexpr uint32_t M_BLOCKS = M_ALIGN / 16, K_BLOCKS = K_ALIGN / 16, N_BLOCKS = N / 16;
constexpr IsResetLoad3dConfig LOAD3D_KEEP_REGISTERS = {false, false};

class KernelImg2colMatmul {
 public:
  __aicore__ inline KernelImg2colMatmul() {}
  __aicore__ inline void Init(GM_ADDR a, GM_ADDR b, GM_ADDR c) {
    aGm_.SetGlobalBuffer((__gm__ half*)a, M * K);
    bGm_.SetGlobalBuffer((__gm__ half*)b, K * N);
    cGm_.SetGlobalBuffer((__gm__ float*)c, M * N);
    pipe_.InitBuffer(a1Q_, 1, M_ALIGN * K_ALIGN * sizeof(half));
    pipe_.InitBuffer(b1Q_, 1, K_ALIGN * N * sizeof(half));
    pipe_.InitBuffer(a2Q_, 1, M_ALIGN * K_ALIGN * sizeof(half));
    pipe_.InitBuffer(b2Q_, 1, K_ALIGN * N * sizeof(half));
    pipe_.InitBuffer(c1Q_, 1, M_ALIGN * N * sizeof(float));
  }

  __aicore__ inline void Process(uint32_t key) {
    CopyIn();
    LocalTensor<half> a1 = a1Q_.DeQue<half>();
    LocalTensor<half> b1 = b1Q_.DeQue<half>();
    LocalTensor<half> a2 = a2Q_.AllocTensor<half>();
    LocalTensor<half> b2 = b2Q_.AllocTensor<half>();
    if (key == 2) {
      SplitA2d(a1, a2);
      SplitB3d(b1, b2);
    } else if (key == 4 || key == 6) {
#if defined(__NPU_ARCH__) && __NPU_ARCH__ == 3510
      if (key == 4) LoadWithStride(a2, a1, M_ALIGN, K_ALIGN, M_BLOCKS, false);
      else LoadARowPieces(a2, a1);
      LoadWithStride(b2, b1, K_ALIGN, N, N_BLOCKS, true);
#endif
    } else {
      if (key == 1 || key == 5) SplitA3d(a1, a2, key == 5);
      else SplitA3dPro(a1, a2);
      SplitB2d(b1, b2);
    }
    a1Q_.FreeTensor(a1);
    b1Q_.FreeTensor(b1);
    a2Q_.EnQue(a2);
    b2Q_.EnQue(b2);
    Compute();
    CopyOut();
  }

 private:
  // A and B GM ND -> L1 Nz; A's rows padded to 48 and B's to 80 in each column block, the
  // partial last 32-byte block of each row zero-filled (columns 70..79 of A).
  __aicore__ inline void CopyIn() {
    LocalTensor<half> a1 = a1Q_.AllocTensor<half>();
    LocalTensor<half> b1 = b1Q_.AllocTensor<half>();
    DataCopy(a1, aGm_, Nd2NzParams(1, M, K, 0, K, M_ALIGN, 1, 0));
    DataCopy(b1, bGm_, Nd2NzParams(1, K, N, 0, N, K_ALIGN, 1, 0));
    a1Q_.EnQue(a1);
    b1Q_.EnQue(b1);
  }

  __aicore__ inline void SplitA3d(const LocalTensor<half>& a1, const LocalTensor<half>& a2, bool bitMode) {
    LoadData3DParamsV2<half> p;
    p.l1H = 1;
    p.l1W = M_ALIGN;
    p.channelSize = K_ALIGN;
    p.kExtension = K_ALIGN;
    p.mExtension = M_ALIGN;
    p.kStartPt = 0;
    p.mStartPt = 0;
    p.strideW = 1;
    p.strideH = 1;
    p.filterW = 1;
    p.filterH = 1;
    p.dilationFilterW = 1;
    p.dilationFilterH = 1;
    p.enTranspose = false;
    p.fMatrixCtrl = false;
    if (bitMode) {
#if defined(__NPU_ARCH__) && __NPU_ARCH__ == 3510  // the words of the bit-mode form; the map from SetFmatrix
      const uint8_t padList[PAD_SIZE] = {0, 0, 0, 0};
      SetFmatrix(1, M_ALIGN, padList, FmatrixMode::FMATRIX_LEFT);
      SetLoadDataPaddingValue<half>(0);
      LoadData<TPosition::A2, TPosition::A1>(a2, a1, Load3DBitModeParam(p));
#endif
    } else {
#if defined(__NPU_ARCH__) && __NPU_ARCH__ == 3510
      LoadData(a2, a1, p);
#else
      LoadDataImpl(a2, a1, p);  // CANN's internal name, as ops-nn's conv3d_backprop_input calls it
#endif
    }
  }

  __aicore__ inline void SplitA3dPro(const LocalTensor<half>& a1, const LocalTensor<half>& a2) {
    // The attention kernels' form: the rows as M_BLOCKS x 16 positions, a bottom pad of 255 so
    // that any row count fits the map.
    const uint8_t padList[PAD_SIZE] = {0, 0, 0, 255};
    SetFmatrix(M_BLOCKS, 16, padList, FmatrixMode::FMATRIX_RIGHT);
    SetLoadDataPaddingValue<half>(0);
    LoadData3DParamsV2Pro p;
    p.channelSize = K_ALIGN;
    p.fMatrixCtrl = true;
    p.extConfig = ((uint64_t)0 << 48) | ((uint64_t)0 << 32) | ((uint64_t)M_ALIGN << 16) | K_ALIGN;
    LoadData(a2, a1, p);
  }

  // Zz by hand: per 16-row block its K fractals, M_BLOCKS fractals apart in L1.
  __aicore__ inline void SplitA2d(const LocalTensor<half>& a1, const LocalTensor<half>& a2) {
    for (uint32_t i = 0; i < M_BLOCKS; ++i) LoadData(a2[i * K_BLOCKS * 256], a1, LoadData2DParams(i, K_BLOCKS, M_BLOCKS, 0, 0, false, 0));
  }

  __aicore__ inline void SplitB2d(const LocalTensor<half>& b1, const LocalTensor<half>& b2) {
    for (uint32_t i = 0; i < K_BLOCKS; ++i) LoadData(b2[i * N_BLOCKS * 256], b1, LoadData2DParams(i, N_BLOCKS, K_BLOCKS, 0, 0, true, 0));
  }

  __aicore__ inline void SplitB3d(const LocalTensor<half>& b1, const LocalTensor<half>& b2) {
    uint8_t padList[PAD_SIZE] = {0, 0, 0, 0};
    SetFmatrix(K_ALIGN, 1, padList, FmatrixMode::FMATRIX_LEFT);
    SetLoadDataRepeat({0, 1, 0});
    SetLoadDataBoundary(0);
    SetLoadDataPaddingValue(0);
    LoadData3DParamsV2<half> p;
    p.l1H = K_ALIGN;
    p.l1W = 1;
    p.channelSize = N;
    p.kExtension = N;
    p.mExtension = K_ALIGN;
    p.enTranspose = true;
    LoadData<half, LOAD3D_KEEP_REGISTERS>(b2, b1, p);
  }

#if defined(__NPU_ARCH__) && __NPU_ARCH__ == 3510
  // An Nz of rows x cols in L1 as the img2col matrix of a 1 x 1 kernel over a 1 x rows map with
  // cols channels; into L0A (rows M, cols K) or, transposed, L0B (rows K, cols N).
  __aicore__ inline void LoadWithStride(const LocalTensor<half>& l0, const LocalTensor<half>& l1, uint32_t rows, uint32_t cols,
                                        uint16_t dstStride, bool intoL0b) {
    LoadData3DParamsV2<half> p;
    p.l1H = 1;
    p.l1W = rows;
    p.channelSize = cols;
    p.kExtension = cols;
    p.mExtension = rows;
    p.enTranspose = intoL0b;
    LoadDataRepeatParamWithStride repeat;
    repeat.dstStride = dstStride;
    SetLoadDataRepeatWithStride(repeat);
    LoadDataWithStride(l0, l1, p);
  }
  __aicore__ inline void LoadARowPieces(const LocalTensor<half>& a2, const LocalTensor<half>& a1) {
    for (uint32_t piece = 0; piece < 2; ++piece) {
      LoadData3DParamsV2<half> p;
      p.l1H = 1;
      p.l1W = M_ALIGN;
      p.channelSize = K_ALIGN;
      p.kExtension = K_ALIGN;
      p.mStartPt = piece ? 32 : 0;
      p.mExtension = piece ? 16 : 32;
      LoadDataRepeatParam repeat = {0, 1, 0, M_BLOCKS};
      SetLoadDataRepeat(repeat);
      LoadData(a2[piece ? 32 * 16 : 0], a1, p);  // Nz: row 32 of the first column block
    }
  }
#endif

  __aicore__ inline void Compute() {
    LocalTensor<half> a2 = a2Q_.DeQue<half>();
    LocalTensor<half> b2 = b2Q_.DeQue<half>();
    LocalTensor<float> c1 = c1Q_.AllocTensor<float>();
    MmadParams p;
    p.m = M;
    p.n = N;
    p.k = K;
    p.cmatrixInitVal = true;
    Mmad(c1, a2, b2, p);
    a2Q_.FreeTensor(a2);
    b2Q_.FreeTensor(b2);
    c1Q_.EnQue(c1);
  }

  __aicore__ inline void CopyOut() {
    LocalTensor<float> c1 = c1Q_.DeQue<float>();
    FixpipeParamsV220 p;
    p.nSize = N;
    p.mSize = M;
    p.srcStride = M_ALIGN;
    p.dstStride = N;
    static constexpr FixpipeConfig kRowMajorToGm = {CO2Layout::ROW_MAJOR, false};  // the SDK samples' spelling
    Fixpipe<float, float, kRowMajorToGm>(cGm_, c1, p);
    c1Q_.FreeTensor(c1);
  }

  TPipe pipe_;
  TQue<TPosition::A1, 1> a1Q_;
  TQue<TPosition::B1, 1> b1Q_;
  TQue<TPosition::A2, 1> a2Q_;
  TQue<TPosition::B2, 1> b2Q_;
  TQue<TPosition::CO1, 1> c1Q_;
  GlobalTensor<half> aGm_, bGm_;
  GlobalTensor<float> cGm_;
};

}  // namespace

extern "C" __global__ __aicore__ void img2col_matmul(GM_ADDR a, GM_ADDR b, GM_ADDR c) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);
  KernelImg2colMatmul op;
  op.Init(a, b, c);
  op.Process(TILING_KEY_IS(1) ? 1 : TILING_KEY_IS(2) ? 2 : TILING_KEY_IS(3) ? 3 : TILING_KEY_IS(4) ? 4 : TILING_KEY_IS(6) ? 6 : 5);
}
