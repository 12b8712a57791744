// Batched C = A x B (no bias) with the cube-only IterateBatch: SetBatchNum(batchA, batchB),
// A's batches matrixStrideA elements apart (a gap after each), B's packed and broadcast.
#define ASCENDC_CUBE_ONLY
#include "kernel_operator.h"
#include "lib/matmul_intf.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void matmul_api_batch_cube(GM_ADDR a, GM_ADDR b, GM_ADDR c, GM_ADDR workspace,
                                                            GM_ADDR tiling) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);
  GET_TILING_DATA(tilingData, tiling);
  using AType = MatmulType<TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NORMAL>;
  using BType = MatmulType<TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NORMAL>;
  using CType = MatmulType<TPosition::GM, CubeFormat::ND, float, false, LayoutMode::NORMAL>;
  using BiasType = MatmulType<TPosition::GM, CubeFormat::ND, float>;
  TPipe pipe;
  Matmul<AType, BType, CType, BiasType> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tilingData.cubeTilingData);
  GlobalTensor<half> aGm, bGm;
  GlobalTensor<float> cGm;
  aGm.SetGlobalBuffer((__gm__ half*)a);
  bGm.SetGlobalBuffer((__gm__ half*)b);
  cGm.SetGlobalBuffer((__gm__ float*)c);
  mm.SetTensorA(aGm);
  mm.SetTensorB(bGm);
  mm.SetBatchNum(tilingData.batchA, tilingData.batchB);
  mm.IterateBatch(cGm, false, 0, false, tilingData.matrixStrideA);
  mm.End();
}
