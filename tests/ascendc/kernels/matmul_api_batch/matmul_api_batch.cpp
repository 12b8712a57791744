// Batched C = A x B^T + bias with IterateBatch (NORMAL layout) in a MIX kernel: each AIV takes
// one group of batchA A matrices, batchB B matrices (broadcast over the A batches: batchA /
// batchB consecutive A batches share one B) and one bias row per batch, and asks its AIC for
// all of them in one call.
#include "kernel_operator.h"
#include "lib/matmul_intf.h"

using namespace AscendC;

namespace {

class BatchMatmul {
 public:
  using AType = MatmulType<TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NORMAL>;
  using BType = MatmulType<TPosition::GM, CubeFormat::ND, half, true, LayoutMode::NORMAL>;
  using CType = MatmulType<TPosition::GM, CubeFormat::ND, float, false, LayoutMode::NORMAL>;
  using BiasType = MatmulType<TPosition::GM, CubeFormat::ND, float>;
  Matmul<AType, BType, CType, BiasType> matmulObj;

  __aicore__ inline void Init(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, const MatmulApiBatchTilingData& t) {
    t_ = t;
    const TCubeTiling& ct = t.cubeTilingData;
    uint64_t group = GetBlockIdx();
    aGm_.SetGlobalBuffer((__gm__ half*)a + group * t.batchA * ct.M * ct.Ka);
    bGm_.SetGlobalBuffer((__gm__ half*)b + group * t.batchB * ct.N * ct.Kb);
    biasGm_.SetGlobalBuffer((__gm__ float*)bias + group * t.batchA * ct.N);
    cGm_.SetGlobalBuffer((__gm__ float*)c + group * t.batchA * ct.M * ct.N);
  }
  __aicore__ inline void Process() {
    matmulObj.SetTensorA(aGm_, false);
    matmulObj.SetTensorB(bGm_, true);
    matmulObj.SetBias(biasGm_);
    matmulObj.IterateBatch(cGm_, t_.batchA, t_.batchB, false);
    matmulObj.End();
  }

 private:
  MatmulApiBatchTilingData t_;
  GlobalTensor<half> aGm_, bGm_;
  GlobalTensor<float> biasGm_, cGm_;
};

}  // namespace

extern "C" __global__ __aicore__ void matmul_api_batch(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, GM_ADDR workspace,
                                                       GM_ADDR tiling) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);
  GET_TILING_DATA(tilingData, tiling);
  TPipe pipe;
  BatchMatmul op;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), op.matmulObj, &tilingData.cubeTilingData);
  op.Init(a, b, bias, c, tilingData);
  op.Process();
}
