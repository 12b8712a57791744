// The Matmul API's asynchronous iteration from the vector cores (MIX 1:2), as CANN's "async"
// samples use it: SetWorkspace, Iterate<false>() once, then one GetTensorC<false> into UB per
// block while the AIC computes the next blocks into the workspace. AIV 0 counts the blocks
// itself; AIV 1 loops while (Iterate<false>()). Each AIV owns singleCoreM rows of
// y = 2 (a x b); blocks come in ORDER_M (block i at row i % blocksM, column i / blocksM), the
// last row and column of blocks short (a tail in M and in N). Tiling key 1: each AIV takes its
// blocks with GetTensorC(), the workspace's GlobalTensor, and copies them into UB itself.
#include "kernel_operator.h"
#include "lib/matmul_intf.h"

using namespace AscendC;

namespace {

using AType = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using BType = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using CType = MatmulType<TPosition::VECIN, CubeFormat::ND, float>;

class AsyncKernel {
 public:
  __aicore__ inline void Init(GM_ADDR a, GM_ADDR b, GM_ADDR y, GM_ADDR workspace, const TCubeTiling& t, TPipe* pipe) {
    t_ = t;
    uint32_t sub = GetSubBlockIdx();
    aGm_.SetGlobalBuffer((__gm__ half*)a + (uint64_t)sub * t.singleCoreM * t.Ka, (uint64_t)t.singleCoreM * t.Ka);
    bGm_.SetGlobalBuffer((__gm__ half*)b, (uint64_t)t.Kb * t.N);
    yGm_.SetGlobalBuffer((__gm__ float*)y + (uint64_t)sub * t.singleCoreM * t.N, (uint64_t)t.singleCoreM * t.N);
    // Each AIV's own slot of the user workspace: its whole single-core C. AIV 1 declares its view
    // half as long, as the SDK's matmul_async_iterate declares one workspace for all cores and
    // hands each a view of it: SetWorkspace takes the address only.
    uint64_t slot = (uint64_t)t.singleCoreM * t.singleCoreN;
    workspaceGm_.SetGlobalBuffer((__gm__ float*)GetUserWorkspace(workspace) + sub * slot, sub ? slot / 2 : slot);
    pipe->InitBuffer(cQue_, 2, t.baseM * t.baseN * sizeof(float));
    pipe->InitBuffer(yQue_, 2, t.baseM * t.baseN * sizeof(float));
  }
  template <class MM> __aicore__ inline void Process(MM& mm) {
    mm.SetWorkspace(workspaceGm_);
    mm.SetTensorA(aGm_);
    mm.SetTensorB(bGm_);
    blocksM_ = (t_.singleCoreM + t_.baseM - 1) / t_.baseM;
    uint32_t blocks = blocksM_ * ((t_.singleCoreN + t_.baseN - 1) / t_.baseN);
    if (GetSubBlockIdx() == 0) {
      mm.template Iterate<false>();
      for (uint32_t i = 0; i < blocks; ++i) Block(mm, i);
    } else {
      for (uint32_t i = 0; mm.template Iterate<false>(); ++i) Block(mm, i);
    }
    mm.End();
  }

 private:
  template <class MM> __aicore__ inline void Block(MM& mm, uint32_t i) {
    uint32_t bm = i % blocksM_, bn = i / blocksM_;
    uint32_t rows = t_.singleCoreM - bm * t_.baseM < (uint32_t)t_.baseM ? t_.singleCoreM - bm * t_.baseM : t_.baseM;
    uint32_t cols = t_.singleCoreN - bn * t_.baseN < (uint32_t)t_.baseN ? t_.singleCoreN - bn * t_.baseN : t_.baseN;
    LocalTensor<float> c = cQue_.AllocTensor<float>();
    if (TILING_KEY_IS(1)) {  // the block where the AIC left it in the workspace, copied in by the kernel
      GlobalTensor<float> block = mm.GetTensorC();
      DataCopy(c, block, rows * cols);
    } else {
      mm.template GetTensorC<false>(c, false, true);
      mm.WaitGetTensorC();  // as sgl-kernel-npu's lora kernels call it after each block (nothing left to wait for)
    }
    cQue_.EnQue(c);
    c = cQue_.DeQue<float>();
    LocalTensor<float> out = yQue_.AllocTensor<float>();
    Muls(out, c, 2.0f, rows * cols);
    cQue_.FreeTensor(c);
    yQue_.EnQue(out);
    out = yQue_.DeQue<float>();
    DataCopyParams p(rows, cols * sizeof(float) / ONE_BLK_SIZE, 0, (t_.N - cols) * sizeof(float) / ONE_BLK_SIZE);
    DataCopy(yGm_[(uint64_t)bm * t_.baseM * t_.N + bn * t_.baseN], out, p);
    yQue_.FreeTensor(out);
  }

  TCubeTiling t_;
  TQue<TPosition::VECIN, 2> cQue_;
  TQue<TPosition::VECOUT, 2> yQue_;
  GlobalTensor<half> aGm_, bGm_;
  GlobalTensor<float> yGm_, workspaceGm_;
  uint32_t blocksM_ = 0;
};

}  // namespace

extern "C" __global__ __aicore__ void matmul_api_async(GM_ADDR a, GM_ADDR b, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);
  GET_TILING_DATA(tilingData, tiling);
  const TCubeTiling& t = tilingData.cubeTilingData;
  TPipe pipe;
  Matmul<AType, BType, CType> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
  AsyncKernel op;
  op.Init(a, b, y, workspace, t, &pipe);
  op.Process(mm);
}
