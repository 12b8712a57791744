// How the Matmul API iterates, on one cube core. Tiling key 1: K split into chunks of
// singleCoreK: per chunk SetTensorA/SetTensorB at the chunk and Iterate(chunk != 0), which adds
// the chunk's product to the sum left in L0C (the bias only once), then one GetTensorC: C =
// A x B + bias. Key 2: Iterate + GetTensorC(gm, 0, true) for every block, each packed at the
// next baseM x baseN slot of c, so c records the order the schedule visits the blocks in
// (the tiling's stepM/stepN and iterateOrder). Key 3: the same with the iterate order ORDER_N
// given by the MatmulConfig (the tiling says ORDER_M).
#include "kernel_operator.h"
#include "lib/matmul_intf.h"

using namespace AscendC;

namespace {

using AType = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using BType = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using CType = MatmulType<TPosition::GM, CubeFormat::ND, float>;
using BiasType = MatmulType<TPosition::GM, CubeFormat::ND, float>;

__aicore__ constexpr MatmulConfig GetOrderNConfig() {
  MatmulConfig cfg = GetNormalConfig();
  cfg.iterateOrder = IterateOrder::ORDER_N;
  return cfg;
}
constexpr static MatmulConfig CFG_ORDER_N = GetOrderNConfig();

__aicore__ inline void runPartialSum(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, const TCubeTiling& t) {
  TPipe pipe;
  Matmul<AType, BType, CType, BiasType> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
  GlobalTensor<half> aGm, bGm;
  GlobalTensor<float> biasGm, cGm;
  aGm.SetGlobalBuffer((__gm__ half*)a, (uint64_t)t.M * t.Ka);
  bGm.SetGlobalBuffer((__gm__ half*)b, (uint64_t)t.Kb * t.N);
  biasGm.SetGlobalBuffer((__gm__ float*)bias, t.N);
  cGm.SetGlobalBuffer((__gm__ float*)c, (uint64_t)t.M * t.N);
  mm.SetOrgShape(t.M, t.N, t.Ka);
  mm.SetSingleShape(t.singleCoreM, t.singleCoreN, t.singleCoreK);
  mm.SetBias(biasGm);
  uint32_t chunks = t.Ka / t.singleCoreK;
  for (uint32_t kc = 0; kc < chunks; ++kc) {
    mm.SetTensorA(aGm[kc * t.singleCoreK]);
    mm.SetTensorB(bGm[(uint64_t)kc * t.singleCoreK * t.N]);
    mm.Iterate(kc != 0);
  }
  mm.GetTensorC(cGm);
  mm.End();
}

template <const auto& CFG> __aicore__ inline void runInOrder(GM_ADDR a, GM_ADDR b, GM_ADDR c, const TCubeTiling& t) {
  TPipe pipe;
  Matmul<AType, BType, CType, BiasType, CFG> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
  GlobalTensor<half> aGm, bGm;
  GlobalTensor<float> cGm;
  aGm.SetGlobalBuffer((__gm__ half*)a);
  bGm.SetGlobalBuffer((__gm__ half*)b);
  cGm.SetGlobalBuffer((__gm__ float*)c);
  mm.SetTensorA(aGm);
  mm.SetTensorB(bGm);
  for (uint64_t offset = 0; mm.Iterate(); offset += (uint64_t)t.baseM * t.baseN) mm.GetTensorC(cGm[offset], 0, true);
  mm.End();
}

}  // namespace

extern "C" __global__ __aicore__ void matmul_api_iter(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, GM_ADDR workspace,
                                                      GM_ADDR tiling) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);
  GET_TILING_DATA(tilingData, tiling);
  if (TILING_KEY_IS(1)) runPartialSum(a, b, bias, c, tilingData.cubeTilingData);
  if (TILING_KEY_IS(2)) runInOrder<CFG_NORM>(a, b, c, tilingData.cubeTilingData);
  if (TILING_KEY_IS(3)) runInOrder<CFG_ORDER_N>(a, b, c, tilingData.cubeTilingData);
}
