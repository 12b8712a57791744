// The Matmul API with operands in the vector cores' UB, as a MIX kernel: each AIV owns
// singleCoreM rows of C. Tiling key 1: the AIV makes A = 2 x in UB (Muls), hands it over at
// VECOUT (SetTensorA(LocalTensor), ND), B from GM, and takes C (one block) into UB as ND_ALIGN:
// rows padded with zeros to 32 bytes, which it writes out as they are (y is M x ceil8(N)).
// Key 3: as key 1, C taken with GetTensorC<true, true> (doPad, as ops-transformer's prompt flash
// attention takes it): every other row of the block (srcGap one row), each to every other row of
// UB (dstGap one padded row), so the odd rows keep the 7 the AIV filled them with.
// Key 2: B in UB (declared at VECCALC, as prompt_flash_attention declares its UB operands: any
// UB position works as VECOUT; ND, loaded from GM), A from GM, C block by block into UB as NZ
// (16-column blocks of ceil16(curM) rows), each written to its place in y, an NZ matrix.
#include "kernel_operator.h"
#include "lib/matmul_intf.h"

using namespace AscendC;

namespace {

__aicore__ inline uint32_t Min(uint32_t a, uint32_t b) { return a < b ? a : b; }

template <bool kEvenRows> class VecoutANdAlignC {
 public:
  using AType = MatmulType<TPosition::VECOUT, CubeFormat::ND, half>;
  using BType = MatmulType<TPosition::GM, CubeFormat::ND, half>;
  using CType = MatmulType<TPosition::VECIN, CubeFormat::ND_ALIGN, float>;
  using BiasType = MatmulType<TPosition::GM, CubeFormat::ND, float>;
  Matmul<AType, BType, CType, BiasType> mm;

  __aicore__ inline void Init(GM_ADDR x, GM_ADDR b, GM_ADDR y, const TCubeTiling& t, TPipe* pipe) {
    t_ = t;
    row0_ = GetBlockIdx() * t.singleCoreM;
    xGm_.SetGlobalBuffer((__gm__ half*)x + (uint64_t)row0_ * t.Ka, (uint64_t)t.singleCoreM * t.Ka);
    bGm_.SetGlobalBuffer((__gm__ half*)b, (uint64_t)t.Kb * t.N);
    pitch_ = (t.N + 7) / 8 * 8;
    yGm_.SetGlobalBuffer((__gm__ float*)y + (uint64_t)row0_ * pitch_, (uint64_t)t.singleCoreM * pitch_);
    pipe->InitBuffer(xQue_, 1, t.singleCoreM * t.Ka * sizeof(half));
    pipe->InitBuffer(aQue_, 1, t.singleCoreM * t.Ka * sizeof(half));
    pipe->InitBuffer(cQue_, 1, t.singleCoreM * pitch_ * sizeof(float));
  }
  __aicore__ inline void Process() {
    uint32_t size = t_.singleCoreM * t_.Ka;
    LocalTensor<half> x = xQue_.AllocTensor<half>();
    DataCopy(x, xGm_, size);
    xQue_.EnQue(x);
    x = xQue_.DeQue<half>();
    LocalTensor<half> a = aQue_.AllocTensor<half>();
    Muls(a, x, (half)2, size);
    xQue_.FreeTensor(x);
    aQue_.EnQue(a);
    a = aQue_.DeQue<half>();
    mm.SetTensorA(a);
    mm.SetTensorB(bGm_);
    mm.SetTail(t_.singleCoreM, t_.N, t_.Ka);
    while (mm.Iterate()) {
      LocalTensor<float> c = cQue_.AllocTensor<float>();
      Duplicate(c, 7.0f, t_.singleCoreM * pitch_);  // so the padding GetTensorC writes shows
      if constexpr (kEvenRows) {
        uint32_t rowBytes = t_.N * sizeof(float), paddedBlocks = pitch_ * sizeof(float) / ONE_BLK_SIZE;
        mm.template GetTensorC<true, true>(c, 0, false, (t_.singleCoreM + 1) / 2, t_.N, rowBytes, paddedBlocks);
      } else {
        mm.GetTensorC(c, false, true);
      }
      cQue_.EnQue(c);
      c = cQue_.DeQue<float>();
      DataCopy(yGm_, c, t_.singleCoreM * pitch_);  // the padding columns too
      cQue_.FreeTensor(c);
    }
    aQue_.FreeTensor(a);
    mm.End();
  }

 private:
  TCubeTiling t_;
  uint32_t row0_ = 0, pitch_ = 0;
  TQue<TPosition::VECIN, 1> xQue_, cQue_;
  TQue<TPosition::VECOUT, 1> aQue_;
  GlobalTensor<half> xGm_, bGm_;
  GlobalTensor<float> yGm_;
};

class VecoutBNzC {
 public:
  using AType = MatmulType<TPosition::GM, CubeFormat::ND, half>;
  using BType = MatmulType<TPosition::VECCALC, CubeFormat::ND, half>;
  using CType = MatmulType<TPosition::VECIN, CubeFormat::NZ, float>;
  using BiasType = MatmulType<TPosition::GM, CubeFormat::ND, float>;
  Matmul<AType, BType, CType, BiasType> mm;

  __aicore__ inline void Init(GM_ADDR x, GM_ADDR b, GM_ADDR y, const TCubeTiling& t, TPipe* pipe) {
    t_ = t;
    row0_ = GetBlockIdx() * t.singleCoreM;
    aGm_.SetGlobalBuffer((__gm__ half*)x, (uint64_t)t.M * t.Ka);
    bGm_.SetGlobalBuffer((__gm__ half*)b, (uint64_t)t.Kb * t.N);
    yGm_.SetGlobalBuffer((__gm__ float*)y, (uint64_t)t.M * t.N);
    pipe->InitBuffer(bQue_, 1, t.Kb * t.N * sizeof(half));
    pipe->InitBuffer(cQue_, 1, t.baseM * t.baseN * sizeof(float));
  }
  __aicore__ inline void Process() {
    LocalTensor<half> b = bQue_.AllocTensor<half>();
    DataCopy(b, bGm_, t_.Kb * t_.N);
    bQue_.EnQue(b);
    b = bQue_.DeQue<half>();
    mm.SetTensorA(aGm_[(uint64_t)row0_ * t_.Ka]);
    mm.SetTensorB(b);
    mm.SetTail(t_.singleCoreM, t_.N, t_.Ka);
    uint32_t blocksM = (t_.singleCoreM + t_.baseM - 1) / t_.baseM;
    for (uint32_t i = 0; mm.Iterate(); ++i) {
      uint32_t m0 = row0_ + i % blocksM * t_.baseM, n0 = i / blocksM * t_.baseN;
      uint32_t rows = Min(t_.baseM, t_.singleCoreM - (m0 - row0_)), cols = Min(t_.baseN, t_.N - n0);
      LocalTensor<float> c = cQue_.AllocTensor<float>();
      mm.GetTensorC(c, false, true);
      cQue_.EnQue(c);
      c = cQue_.DeQue<float>();
      // column block q of the block: rows x 16 at y's column block n0 / 16 + q, row m0
      DataCopyParams p(cols / 16, rows * 16 * sizeof(float) / ONE_BLK_SIZE, 0, (t_.M - rows) * 16 * sizeof(float) / ONE_BLK_SIZE);
      DataCopy(yGm_[((uint64_t)n0 / 16 * t_.M + m0) * 16], c, p);
      cQue_.FreeTensor(c);
    }
    bQue_.FreeTensor(b);
    mm.End();
  }

 private:
  TCubeTiling t_;
  uint32_t row0_ = 0;
  TQue<TPosition::VECIN, 1> cQue_;
  TQue<TPosition::VECOUT, 1> bQue_;
  GlobalTensor<half> aGm_, bGm_;
  GlobalTensor<float> yGm_;
};

template <class K> __aicore__ inline void run(GM_ADDR x, GM_ADDR b, GM_ADDR y, const TCubeTiling& t) {
  TPipe pipe;
  K op;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), op.mm, &t);
  op.Init(x, b, y, t, &pipe);
  op.Process();
}

}  // namespace

extern "C" __global__ __aicore__ void matmul_api_ub(GM_ADDR x, GM_ADDR b, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);
  GET_TILING_DATA(tilingData, tiling);
  if (TILING_KEY_IS(1)) run<VecoutANdAlignC<false>>(x, b, y, tilingData.cubeTilingData);
  if (TILING_KEY_IS(3)) run<VecoutANdAlignC<true>>(x, b, y, tilingData.cubeTilingData);
  if (TILING_KEY_IS(2)) run<VecoutBNzC>(x, b, y, tilingData.cubeTilingData);
}
