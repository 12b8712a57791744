// Scalar GM access past the data cache on rows of 10 int32 (40 bytes: rows share cache lines
// across cores): y[i] = 3 * x[i] + blockIdx, element by element with ReadGmByPassDCache /
// WriteGmByPassDCache, the recommended DataCacheCleanAndInvalid + DataSyncBarrier<DDR> first.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t ROW = 10;

extern "C" __global__ __aicore__ void gm_bypass(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  GlobalTensor<int32_t> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ int32_t*)x + GetBlockIdx() * ROW, ROW);
  yGm.SetGlobalBuffer((__gm__ int32_t*)y + GetBlockIdx() * ROW, ROW);
  DataCacheCleanAndInvalid<int32_t, CacheLine::SINGLE_CACHE_LINE, DcciDst::CACHELINE_OUT>(yGm);
  DataSyncBarrier<MemDsbT::DDR>();
  for (uint32_t i = 0; i < ROW; ++i) {
    __gm__ int32_t* src = const_cast<__gm__ int32_t*>(xGm.GetPhyAddr(i));
    int32_t v = ReadGmByPassDCache<int32_t>(src);
    WriteGmByPassDCache<int32_t>(yGm.GetPhyAddr(i), 3 * v + (int32_t)GetBlockIdx());
  }
}
