// grouped_matmul on the cube cores: y[m] = x[m] . weight[e] for the rows m of group e. The group
// boundaries are device data (groupList, cumulative int64), so every AIC reads them and walks
// the same list of work units: per group, its rows in slices of mTile times N in slices of
// nTile. Unit u goes to AIC u % blockDim; each unit is one Matmul API run (K whole, float32
// accumulation in L0C, one rounding to y's dtype in the Fixpipe) straight into y.
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
#include "grouped_matmul_tiling.h"

using namespace AscendC;

namespace {

__aicore__ inline uint32_t MinU(uint32_t a, uint32_t b) { return a < b ? a : b; }
__aicore__ inline uint32_t CeilDivU(uint32_t a, uint32_t b) { return (a + b - 1) / b; }

template <typename T>
class GroupedMatmul {
 public:
  using AType = MatmulType<TPosition::GM, CubeFormat::ND, T>;
  using BType = MatmulType<TPosition::GM, CubeFormat::ND, T>;
  using CType = MatmulType<TPosition::GM, CubeFormat::ND, T>;
  using BiasType = MatmulType<TPosition::GM, CubeFormat::ND, float>;
  Matmul<AType, BType, CType, BiasType> mm;

  __aicore__ inline void Init(GM_ADDR x, GM_ADDR weight, GM_ADDR groupList, GM_ADDR y, const GroupedMatmulTilingData& t) {
    t_ = t;
    xGm_.SetGlobalBuffer((__gm__ T*)x, (uint64_t)t.m * t.k);
    wGm_.SetGlobalBuffer((__gm__ T*)weight, (uint64_t)t.e * t.k * t.n);
    groupGm_.SetGlobalBuffer((__gm__ int64_t*)groupList, t.e);
    yGm_.SetGlobalBuffer((__gm__ T*)y, (uint64_t)t.m * t.n);
  }

  __aicore__ inline void Process() {
    // x, one expert's weight and y share the row strides of an M x N x K problem.
    mm.SetOrgShape(t_.m, t_.n, t_.k);
    uint32_t nTiles = CeilDivU(t_.n, t_.nTile), unit = 0, start = 0;
    for (uint32_t e = 0; e < t_.e; ++e) {
      uint32_t end = GroupEnd(e, start);
      for (uint32_t m0 = start; m0 < end; m0 += t_.mTile)
        for (uint32_t j = 0; j < nTiles; ++j, ++unit)
          if (unit % GetBlockNum() == GetBlockIdx()) Run(e, m0, MinU(t_.mTile, end - m0), j * t_.nTile);
      start = end;
    }
    mm.End();
  }

 private:
  // groupList[e] clamped to [start, M]: a list that breaks the contract cannot make a unit
  // read or write outside x and y.
  __aicore__ inline uint32_t GroupEnd(uint32_t e, uint32_t start) {
    int64_t end = groupGm_.GetValue(e);
    if (end < (int64_t)start) return start;
    return end > (int64_t)t_.m ? t_.m : (uint32_t)end;
  }

  __aicore__ inline void Run(uint32_t e, uint32_t m0, uint32_t rows, uint32_t n0) {
    mm.SetSingleShape(rows, MinU(t_.nTile, t_.n - n0), t_.k);
    mm.SetTensorA(xGm_[(uint64_t)m0 * t_.k]);
    mm.SetTensorB(wGm_[(uint64_t)e * t_.k * t_.n + n0]);
    mm.IterateAll(yGm_[(uint64_t)m0 * t_.n + n0]);
  }

  GroupedMatmulTilingData t_;
  GlobalTensor<T> xGm_, wGm_, yGm_;
  GlobalTensor<int64_t> groupGm_;
};

}  // namespace

extern "C" __global__ __aicore__ void grouped_matmul(GM_ADDR x, GM_ADDR weight, GM_ADDR groupList, GM_ADDR y,
                                                     GM_ADDR workspace, GM_ADDR tiling) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);
  GET_TILING_DATA_WITH_STRUCT(GroupedMatmulTilingData, t, tiling);
  TPipe pipe;
  GroupedMatmul<DTYPE_X> op;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), op.mm, &t.cube);
  op.Init(x, weight, groupList, y, t);
  op.Process();
}
