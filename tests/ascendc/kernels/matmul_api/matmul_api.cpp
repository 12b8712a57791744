// C = A x B (+ bias) with the high-level Matmul API on the cube cores: each block takes one
// singleCoreM x singleCoreN block of C (the edge blocks are tails: SetTail), K whole. Tiling key
// 1: half in, float out, float bias; key 2: half in, half out, B stored transposed (N x K);
// key 3: A and C in NZ (16-row fractals, rows padded to 16), B in NZ transposed, float out;
// key 4: int8 in (B transposed), int32 sums dequantized per channel to half (SetQuantVector:
// the `bias` param holds the uint64 scales); key 5: as key 1 without bias, the base blocks a
// compile-time tiling (GetMatmulApiTiling), REGIST_MATMUL_OBJ given no tiling; key 6: one
// core, Iterate + GetTensorC(enSequentialWrite): the blocks in the order the schedule visits them;
// key 7: as key 1 with a half bias (converted to float on its way into the bias table); key 8: as
// key 1 with float A and B, B stored K x N (not transposed); key 9: as key 5 with the single-core
// sizes constants as well, the edge blocks calling SetTail(m, n).
#include "kernel_operator.h"
#include "lib/matmul_intf.h"

using namespace AscendC;

namespace {

template <typename CType, bool TRANS_B, bool BIAS, CubeFormat FORMAT = CubeFormat::ND, typename SrcT = half,
          typename BiasT = float>
class MatmulApiKernel {
 public:
  static constexpr bool NZ = FORMAT == CubeFormat::NZ;
  static constexpr bool QUANT = std::is_same<SrcT, int8_t>::value;
  using AType = MatmulType<TPosition::GM, FORMAT, SrcT>;
  using BType = MatmulType<TPosition::GM, FORMAT, SrcT, TRANS_B>;
  using CType_ = MatmulType<TPosition::GM, FORMAT, CType>;
  using BiasType = MatmulType<TPosition::GM, CubeFormat::ND, typename std::conditional<QUANT, int32_t, BiasT>::type>;
  Matmul<AType, BType, CType_, BiasType> mm;

  __aicore__ inline void Init(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, const TCubeTiling& tiling) {
    tiling_ = tiling;
    aGm_.SetGlobalBuffer((__gm__ SrcT*)a);
    bGm_.SetGlobalBuffer((__gm__ SrcT*)b);
    biasGm_.SetGlobalBuffer((__gm__ BiasT*)bias, tiling.N);
    scaleGm_.SetGlobalBuffer((__gm__ uint64_t*)bias, tiling.N);
    cGm_.SetGlobalBuffer((__gm__ CType*)c);
    uint32_t mCores = (tiling.M + tiling.singleCoreM - 1) / tiling.singleCoreM;
    mIdx_ = GetBlockIdx() % mCores;
    nIdx_ = GetBlockIdx() / mCores;
  }
  __aicore__ inline void Process() {
    uint32_t m0 = mIdx_ * tiling_.singleCoreM, n0 = nIdx_ * tiling_.singleCoreN;
    if (m0 >= (uint32_t)tiling_.M || n0 >= (uint32_t)tiling_.N) return;
    mm.SetOrgShape(tiling_.M, tiling_.N, tiling_.Ka);
    int tailM = tiling_.M - m0 < (uint32_t)tiling_.singleCoreM ? tiling_.M - m0 : tiling_.singleCoreM;
    int tailN = tiling_.N - n0 < (uint32_t)tiling_.singleCoreN ? tiling_.N - n0 : tiling_.singleCoreN;
    mm.SetTail(tailM, tailN);
    // Where this block's corner is: row-major, or in NZ row m0 of the first column block.
    uint64_t offsetA = NZ ? (uint64_t)m0 * 16 : (uint64_t)m0 * tiling_.Ka;
    uint64_t offsetB = NZ ? (uint64_t)n0 * 16 : TRANS_B ? (uint64_t)n0 * tiling_.Ka : n0;
    uint64_t offsetC = NZ ? (uint64_t)m0 * 16 : (uint64_t)m0 * tiling_.N + n0;
    if (NZ) offsetC += (uint64_t)n0 / 16 * ((tiling_.M + 15) / 16 * 16) * 16;
    mm.SetTensorA(aGm_[offsetA]);
    mm.SetTensorB(bGm_[offsetB], TRANS_B);
    if constexpr (BIAS) mm.SetBias(biasGm_[n0]);
    if constexpr (QUANT) mm.SetQuantVector(scaleGm_[n0]);
    mm.IterateAll(cGm_[offsetC]);
    mm.End();
  }

 private:
  TCubeTiling tiling_;
  GlobalTensor<SrcT> aGm_, bGm_;
  GlobalTensor<BiasT> biasGm_;
  GlobalTensor<uint64_t> scaleGm_;
  GlobalTensor<CType> cGm_;
  uint32_t mIdx_ = 0, nIdx_ = 0;
};

// Key 5's object: the tiling's base sizes are constants of the type, its L1 caching adjusted in
// a constexpr function with the file-scope names, as the SDK's samples write it.
template <class A, class B, class C, class Bias> constexpr ::MatmulApiStaticTiling AdjustedTiling(const MatmulConfig& cfg) {
  ::MatmulApiStaticTiling t = GetMatmulApiTiling<A, B, C, Bias>(cfg);
  t.stepKa = t.stepKb = 2;
  t.depthA1 = t.depthB1 = 4;
  return t;
}
struct StaticTilingTypes {
  using A = MatmulType<TPosition::GM, CubeFormat::ND, half>;
  using B = MatmulType<TPosition::GM, CubeFormat::ND, half>;
  using C = MatmulType<TPosition::GM, CubeFormat::ND, float>;
  using Bias = MatmulType<TPosition::GM, CubeFormat::ND, float>;
  static constexpr MatmulConfig kConfig = GetMMConfig<MatmulConfigMode::CONFIG_NORM>(::MatmulShapeParams{0, 0, 0, 64, 64, 64});
  static constexpr MatmulApiStaticTiling kTiling = AdjustedTiling<A, B, C, Bias>(kConfig);
  // Key 9: the single-core sizes are constants too (those of matmul_api_static.json's tiling).
  static constexpr MatmulApiStaticTiling kSingleTiling =
      AdjustedTiling<A, B, C, Bias>(GetMMConfig<MatmulConfigMode::CONFIG_MDL>(::MatmulShapeParams{112, 64, 152, 64, 64, 64}));
};
// GetMDLConfig's twelve parameters (the last: enableKdimReorderLoad).
static_assert(GetMDLConfig(false, false, 0, false, false, false, false, true, true, false, false, true).enableKdimReorderLoad &&
                  !GetMDLConfig().enableKdimReorderLoad && !GetMDLConfig().doNorm,
              "GetMDLConfig");

// kConstSingle: the tiling's single-core sizes are constants, so only the edge blocks set
// theirs, with SetTail(m, n) (K stays the tiling's), as the SDK's constant-tiling samples do.
template <bool kConstSingle>
__aicore__ inline void runStatic(GM_ADDR a, GM_ADDR b, GM_ADDR c, const TCubeTiling& t) {
  using S = StaticTilingTypes;
  TPipe pipe;
  Matmul<S::A, S::B, S::C, S::Bias, kConstSingle ? S::kSingleTiling : S::kTiling> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, (TCubeTiling*)nullptr);
  GlobalTensor<half> aGm, bGm;
  GlobalTensor<float> cGm;
  aGm.SetGlobalBuffer((__gm__ half*)a);
  bGm.SetGlobalBuffer((__gm__ half*)b);
  cGm.SetGlobalBuffer((__gm__ float*)c);
  uint32_t mCores = (t.M + t.singleCoreM - 1) / t.singleCoreM;
  uint32_t m0 = GetBlockIdx() % mCores * t.singleCoreM, n0 = GetBlockIdx() / mCores * t.singleCoreN;
  if (m0 >= (uint32_t)t.M || n0 >= (uint32_t)t.N) return;
  mm.SetOrgShape(t.M, t.N, t.Ka);
  int tailM = t.M - m0 < (uint32_t)t.singleCoreM ? t.M - m0 : t.singleCoreM;
  int tailN = t.N - n0 < (uint32_t)t.singleCoreN ? t.N - n0 : t.singleCoreN;
  if (!kConstSingle) mm.SetSingleShape(tailM, tailN, t.Ka);
  else if (tailM < t.singleCoreM || tailN < t.singleCoreN) mm.SetTail(tailM, tailN);
  mm.SetTensorA(aGm[(uint64_t)m0 * t.Ka]);
  mm.SetTensorB(bGm[n0]);
  mm.IterateAll(cGm[(uint64_t)m0 * t.N + n0]);
  mm.End();
}

__aicore__ inline void runInOrder(GM_ADDR a, GM_ADDR b, GM_ADDR c, const MatmulApiTilingData& t) {
  using S = StaticTilingTypes;
  TPipe pipe;
  Matmul<S::A, S::B, S::C, S::Bias> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t.cubeTilingData);
  GlobalTensor<half> aGm, bGm;
  GlobalTensor<float> cGm;
  aGm.SetGlobalBuffer((__gm__ half*)a);
  bGm.SetGlobalBuffer((__gm__ half*)b);
  cGm.SetGlobalBuffer((__gm__ float*)c);
  mm.SetTensorA(aGm);
  mm.SetTensorB(bGm);
  const TCubeTiling& tiling = t.cubeTilingData;
  for (uint64_t offset = 0; mm.Iterate(); offset += (uint64_t)tiling.baseM * tiling.baseN) mm.GetTensorC(cGm[offset], 0, true);
  mm.End();
}

template <class K> __aicore__ inline void run(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, GM_ADDR workspace,
                                              const MatmulApiTilingData& t) {
  TPipe pipe;
  K op;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), op.mm, &t.cubeTilingData);
  op.Init(a, b, bias, c, t.cubeTilingData);
  op.Process();
}

}  // namespace

extern "C" __global__ __aicore__ void matmul_api(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, GM_ADDR workspace,
                                                 GM_ADDR tiling) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);
  GET_TILING_DATA(tilingData, tiling);
  if (TILING_KEY_IS(1)) run<MatmulApiKernel<float, false, true>>(a, b, bias, c, workspace, tilingData);
  if (TILING_KEY_IS(2)) run<MatmulApiKernel<half, true, false>>(a, b, bias, c, workspace, tilingData);
  if (TILING_KEY_IS(3)) run<MatmulApiKernel<float, true, false, CubeFormat::NZ>>(a, b, bias, c, workspace, tilingData);
  if (TILING_KEY_IS(4)) run<MatmulApiKernel<half, true, false, CubeFormat::ND, int8_t>>(a, b, bias, c, workspace, tilingData);
  if (TILING_KEY_IS(5)) runStatic<false>(a, b, c, tilingData.cubeTilingData);
  if (TILING_KEY_IS(6)) runInOrder(a, b, c, tilingData);
  if (TILING_KEY_IS(7)) run<MatmulApiKernel<float, false, true, CubeFormat::ND, half, half>>(a, b, bias, c, workspace, tilingData);
  if (TILING_KEY_IS(8)) run<MatmulApiKernel<float, false, true, CubeFormat::ND, float, float>>(a, b, bias, c, workspace, tilingData);
  if (TILING_KEY_IS(9)) runStatic<true>(a, b, c, tilingData.cubeTilingData);
}
