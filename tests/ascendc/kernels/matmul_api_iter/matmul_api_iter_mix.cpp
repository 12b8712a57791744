// Iterate(enPartialSum) from a vector core (MIX 1:1): the AIV hands K over in chunks of
// singleCoreK (SetTensorA/SetTensorB at the chunk, Iterate(chunk != 0)), its AIC adds each
// chunk's product to the sum in L0C; the AIV takes the sum into UB once (C at VECIN) and writes
// it out: y = a x b + bias.
#include "kernel_operator.h"
#include "lib/matmul_intf.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void matmul_api_iter_mix(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR y, GM_ADDR workspace,
                                                          GM_ADDR tiling) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_1);
  GET_TILING_DATA(tilingData, tiling);
  using AType = MatmulType<TPosition::GM, CubeFormat::ND, half>;
  using BType = MatmulType<TPosition::GM, CubeFormat::ND, half>;
  using CType = MatmulType<TPosition::VECIN, CubeFormat::ND, float>;
  using BiasType = MatmulType<TPosition::GM, CubeFormat::ND, float>;
  const TCubeTiling& t = tilingData.cubeTilingData;
  TPipe pipe;
  Matmul<AType, BType, CType, BiasType> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
  GlobalTensor<half> aGm, bGm;
  GlobalTensor<float> biasGm, yGm;
  aGm.SetGlobalBuffer((__gm__ half*)a, (uint64_t)t.M * t.Ka);
  bGm.SetGlobalBuffer((__gm__ half*)b, (uint64_t)t.Kb * t.N);
  biasGm.SetGlobalBuffer((__gm__ float*)bias, t.N);
  yGm.SetGlobalBuffer((__gm__ float*)y, (uint64_t)t.M * t.N);
  TQue<TPosition::VECIN, 1> cQue;
  pipe.InitBuffer(cQue, 1, t.baseM * t.baseN * sizeof(float));
  mm.SetOrgShape(t.M, t.N, t.Ka);
  mm.SetSingleShape(t.singleCoreM, t.singleCoreN, t.singleCoreK);
  mm.SetBias(biasGm);
  for (uint32_t kc = 0; kc < (uint32_t)(t.Ka / t.singleCoreK); ++kc) {
    mm.SetTensorA(aGm[kc * t.singleCoreK]);
    mm.SetTensorB(bGm[(uint64_t)kc * t.singleCoreK * t.N]);
    mm.Iterate(kc != 0);
  }
  LocalTensor<float> c = cQue.AllocTensor<float>();
  mm.GetTensorC(c, false, true);
  cQue.EnQue(c);
  c = cQue.DeQue<float>();
  DataCopy(yGm, c, t.M * t.N);
  cQue.FreeTensor(c);
  mm.End();
}
