// Misuses of the Matmul API that stop the kernel with a device exception naming them, one per
// tiling key: SetTail(0); Iterate(enPartialSum) with nothing in L0C to add to; Iterate(
// enPartialSum) over a single-core C of several blocks; IterateBatch with batch counts that do
// not divide one another, or with enSequentialWrite into GM; a transposed A in TSCM.
#include "kernel_operator.h"
#include "lib/matmul_intf.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void matmul_misuse(GM_ADDR a, GM_ADDR b, GM_ADDR c, GM_ADDR workspace) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);
  using AType = MatmulType<TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NORMAL>;
  using BType = MatmulType<TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NORMAL>;
  using CType = MatmulType<TPosition::GM, CubeFormat::ND, float, false, LayoutMode::NORMAL>;
  using BiasType = MatmulType<TPosition::GM, CubeFormat::ND, float>;
  TCubeTiling t;
  t.usedCoreNum = 1, t.M = 32, t.N = 32, t.Ka = t.Kb = 32, t.singleCoreM = 32, t.singleCoreN = 32, t.singleCoreK = 32;
  t.baseM = 16, t.baseN = 32, t.baseK = 32, t.stepM = t.stepN = 1, t.dbL0A = t.dbL0B = t.dbL0C = 1;
  TPipe pipe;
  Matmul<AType, BType, CType, BiasType> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
  GlobalTensor<half> aGm, bGm;
  GlobalTensor<float> cGm;
  aGm.SetGlobalBuffer((__gm__ half*)a);
  bGm.SetGlobalBuffer((__gm__ half*)b);
  cGm.SetGlobalBuffer((__gm__ float*)c);
  mm.SetTensorA(aGm);
  mm.SetTensorB(bGm);
  if (TILING_KEY_IS(1)) mm.SetTail(0, 32, 32);
  if (TILING_KEY_IS(2)) {
    mm.SetTail(16, 32, 32);
    mm.Iterate(true);
  }
  if (TILING_KEY_IS(3)) {
    mm.Iterate();
    mm.Iterate(true);
  }
  if (TILING_KEY_IS(4)) mm.IterateBatch(cGm, 3, 2, false);
  if (TILING_KEY_IS(5)) mm.IterateBatch(cGm, 2, 2, true);
  if (TILING_KEY_IS(6)) {
    Matmul<MatmulType<TPosition::TSCM, CubeFormat::NZ, half>, BType, CType, BiasType> tscm;
    tscm.Init(&t, &pipe);
    TBuf<TPosition::TSCM> l1;
    pipe.InitBuffer(l1, 32 * 32 * sizeof(half));
    tscm.SetTensorA(l1.Get<half>(), true);
  }
}
