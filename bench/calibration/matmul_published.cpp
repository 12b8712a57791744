// C = A x B + bias (A M x K, B K x N, both half ND; C and bias float ND) with the high-level
// Matmul API, the kernel of the vendor's Matmul tuning cases (bench/calibration/
// matmul_published.py): every block takes one singleCoreM x singleCoreN block of C, K whole,
// the block's corner from its index (M blocks first). The tiling key picks the MatmulConfig the
// case's page declares the object with:
//   1 CFG_NORM, 2 CFG_MDL, 3 CFG_MDL + enUnitFlag, 4 CFG_MDL + doMTE2Preload 2 (N direction),
//   5 CFG_MDL + enableKdimReorderLoad, 6 CFG_MDL with the whole tiling constant
//   (GetMatmulApiTiling of the case's single-core and base shapes; no TCubeTiling passed).
// Built as it is, the kernel is cube-only (ASCENDC_CUBE_ONLY, an AIC kernel); with
// -DMATMUL_PUBLISHED_MIX it is the default MIX form: the AIVs own the blocks and send each
// call to their AIC (REGIST_MATMUL_OBJ serves them there).
#ifndef MATMUL_PUBLISHED_MIX
#define ASCENDC_CUBE_ONLY
#endif
#include "kernel_operator.h"
#include "lib/matmul_intf.h"

using namespace AscendC;

namespace {

using AType = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using BType = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using CType = MatmulType<TPosition::GM, CubeFormat::ND, float>;
using BiasType = MatmulType<TPosition::GM, CubeFormat::ND, float>;

constexpr MatmulConfig MdlWith(bool unitFlag, uint32_t preload, bool kReorder) {
  MatmulConfig c = CFG_MDL;
  c.enUnitFlag = unitFlag;
  c.doMTE2Preload = preload;
  c.enableKdimReorderLoad = kReorder;
  return c;
}
constexpr MatmulConfig kMdlUnitFlag = MdlWith(true, 0, false);
constexpr MatmulConfig kMdlPreloadN = MdlWith(false, 2, false);
constexpr MatmulConfig kMdlKReorder = MdlWith(false, 0, true);
// The constant tiling of the "full static tiling" page: single-core 128 x 1280 x 64, base 128 x 256 x 64.
constexpr MatmulConfig kConstantCfg =
    GetMMConfig<MatmulConfigMode::CONFIG_MDL>(MatmulShapeParams{128, 1280, 64, 128, 256, 64});
constexpr MatmulApiStaticTiling kConstant = GetMatmulApiTiling<AType, BType, CType, BiasType>(kConstantCfg);

// This block's part of C: false when it has none (more blocks than single-core blocks).
struct Block {
  uint32_t m0, n0, m, n;
};
__aicore__ inline bool BlockOf(const TCubeTiling& t, Block& b) {
  uint32_t mBlocks = (t.M + t.singleCoreM - 1) / t.singleCoreM;
  b.m0 = GetBlockIdx() % mBlocks * t.singleCoreM;
  b.n0 = GetBlockIdx() / mBlocks * t.singleCoreN;
  if (b.m0 >= (uint32_t)t.M || b.n0 >= (uint32_t)t.N) return false;
  b.m = t.M - b.m0 < (uint32_t)t.singleCoreM ? t.M - b.m0 : t.singleCoreM;
  b.n = t.N - b.n0 < (uint32_t)t.singleCoreN ? t.N - b.n0 : t.singleCoreN;
  return true;
}

template <const auto& CFG>
__aicore__ inline void Run(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, const TCubeTiling& t, bool constant) {
  TPipe pipe;
  Matmul<AType, BType, CType, BiasType, CFG> mm;
  if (constant) {
    REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, (TCubeTiling*)nullptr);
  } else {
    REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
  }
  Block blk;
  if (!BlockOf(t, blk)) return;
  GlobalTensor<half> aGm, bGm;
  GlobalTensor<float> biasGm, cGm;
  aGm.SetGlobalBuffer((__gm__ half*)a);
  bGm.SetGlobalBuffer((__gm__ half*)b);
  biasGm.SetGlobalBuffer((__gm__ float*)bias);
  cGm.SetGlobalBuffer((__gm__ float*)c);
  if (constant) {
    mm.SetOrgShape(t.M, t.N, t.Ka);
    mm.SetSingleShape(blk.m, blk.n, t.Ka);
  } else {
    mm.SetTail(blk.m, blk.n);
  }
  mm.SetTensorA(aGm[(uint64_t)blk.m0 * t.Ka]);
  mm.SetTensorB(bGm[blk.n0]);
  if (t.isBias) mm.SetBias(biasGm[blk.n0]);
  mm.IterateAll(cGm[(uint64_t)blk.m0 * t.N + blk.n0]);
  mm.End();
}

}  // namespace

extern "C" __global__ __aicore__ void matmul_published(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, GM_ADDR workspace,
                                                       GM_ADDR tiling) {
#ifdef MATMUL_PUBLISHED_MIX
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);
#else
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);
#endif
  GET_TILING_DATA_WITH_STRUCT(TCubeTiling, t, tiling);
  if (TILING_KEY_IS(1)) Run<CFG_NORM>(a, b, bias, c, t, false);
  if (TILING_KEY_IS(2)) Run<CFG_MDL>(a, b, bias, c, t, false);
  if (TILING_KEY_IS(3)) Run<kMdlUnitFlag>(a, b, bias, c, t, false);
  if (TILING_KEY_IS(4)) Run<kMdlPreloadN>(a, b, bias, c, t, false);
  if (TILING_KEY_IS(5)) Run<kMdlKReorder>(a, b, bias, c, t, false);
  if (TILING_KEY_IS(6)) Run<kConstant>(a, b, bias, c, t, true);
}
