// y = half(leaky_relu(a x b + bias)) as a MIX kernel driven from the vector cores: every AIV owns
// one singleCoreM x singleCoreN block of y and runs the Matmul API on it; its AIC (registered by
// REGIST_MATMUL_OBJ, which keeps the AIC serving there) computes each baseM x baseN block, the
// AIV takes it into UB with GetTensorC, applies the activation and writes it out.
#include "kernel_operator.h"
#include "lib/matmul_intf.h"

using namespace AscendC;

namespace {

__aicore__ inline uint32_t Min(uint32_t a, uint32_t b) { return a < b ? a : b; }

class MatmulLeakyRelu {
 public:
  using AType = MatmulType<TPosition::GM, CubeFormat::ND, half>;
  using BType = MatmulType<TPosition::GM, CubeFormat::ND, half>;
  using CType = MatmulType<TPosition::VECIN, CubeFormat::ND, float>;
  using BiasType = MatmulType<TPosition::GM, CubeFormat::ND, float>;
  Matmul<AType, BType, CType, BiasType> mm;

  __aicore__ inline void Init(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR y, const MatmulApiMixTilingData& t, TPipe* pipe) {
    tiling_ = t.cubeTilingData;
    alpha_ = t.alpha;
    aGm_.SetGlobalBuffer((__gm__ half*)a, (uint64_t)tiling_.M * tiling_.Ka);
    bGm_.SetGlobalBuffer((__gm__ half*)b, (uint64_t)tiling_.Ka * tiling_.N);
    biasGm_.SetGlobalBuffer((__gm__ float*)bias, tiling_.N);
    yGm_.SetGlobalBuffer((__gm__ half*)y, (uint64_t)tiling_.M * tiling_.N);
    pipe->InitBuffer(inQueue_, 1, tiling_.baseM * tiling_.baseN * sizeof(float));
    pipe->InitBuffer(outQueue_, 1, tiling_.baseM * tiling_.baseN * sizeof(half));
  }

  __aicore__ inline void Process() {
    uint32_t mCores = (tiling_.M + tiling_.singleCoreM - 1) / tiling_.singleCoreM;
    uint32_t m0 = GetBlockIdx() % mCores * tiling_.singleCoreM, n0 = GetBlockIdx() / mCores * tiling_.singleCoreN;
    if (m0 >= (uint32_t)tiling_.M || n0 >= (uint32_t)tiling_.N) return;
    uint32_t singleM = Min(tiling_.singleCoreM, tiling_.M - m0), singleN = Min(tiling_.singleCoreN, tiling_.N - n0);
    mm.SetTensorA(aGm_[(uint64_t)m0 * tiling_.Ka]);
    mm.SetTensorB(bGm_[n0]);
    mm.SetBias(biasGm_[n0]);
    mm.SetTail(singleM, singleN);
    uint32_t blocksM = (singleM + tiling_.baseM - 1) / tiling_.baseM;
    for (uint32_t round = 0; mm.Iterate(); ++round) {
      uint32_t bm = round % blocksM, bn = round / blocksM;
      uint32_t rows = Min(tiling_.baseM, singleM - bm * tiling_.baseM);
      uint32_t cols = Min(tiling_.baseN, singleN - bn * tiling_.baseN);
      LocalTensor<float> c = inQueue_.AllocTensor<float>();
      mm.GetTensorC(c);
      inQueue_.EnQue(c);
      c = inQueue_.DeQue<float>();
      LeakyRelu(c, c, alpha_, tiling_.baseM * tiling_.baseN);
      LocalTensor<half> out = outQueue_.AllocTensor<half>();
      Cast(out, c, RoundMode::CAST_RINT, tiling_.baseM * tiling_.baseN);
      inQueue_.FreeTensor(c);
      outQueue_.EnQue(out);
      out = outQueue_.DeQue<half>();
      // the block (rows cols apart in UB, as GetTensorC packs it) to its place in y
      DataCopyParams p(rows, cols * sizeof(half) / ONE_BLK_SIZE, 0, (tiling_.N - cols) * sizeof(half) / ONE_BLK_SIZE);
      DataCopy(yGm_[(uint64_t)(m0 + bm * tiling_.baseM) * tiling_.N + n0 + bn * tiling_.baseN], out, p);
      outQueue_.FreeTensor(out);
    }
    mm.End();
  }

 private:
  TCubeTiling tiling_;
  float alpha_ = 0;
  TQue<TPosition::VECIN, 1> inQueue_;
  TQue<TPosition::VECOUT, 1> outQueue_;
  GlobalTensor<half> aGm_, bGm_, yGm_;
  GlobalTensor<float> biasGm_;
};

}  // namespace

extern "C" __global__ __aicore__ void matmul_api_mix(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR y, GM_ADDR workspace,
                                                     GM_ADDR tiling) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);
  GET_TILING_DATA(tilingData, tiling);
  TPipe pipe;
  MatmulLeakyRelu op;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), op.mm, &tilingData.cubeTilingData);
  op.Init(a, b, bias, y, tilingData, &pipe);
  op.Process();
}
