// y = max(x, 0) on AIV cores: one contiguous slice of x per block, in UB tiles.
#include "sk/kernel.h"

using namespace AscendC;

namespace {
constexpr uint32_t TILE = 1024;  // float32 elements per tile (4 KiB)
}

extern "C" __global__ __aicore__ void relu_custom(GM_ADDR x, GM_ADDR y, GM_ADDR tiling) {
  uint32_t total;
  CopyTiling(&total, tiling);
  uint32_t perBlock = total / GetBlockNum();
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ float*)x + perBlock * GetBlockIdx(), perBlock);
  yGm.SetGlobalBuffer((__gm__ float*)y + perBlock * GetBlockIdx(), perBlock);
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, TILE * sizeof(float));
  LocalTensor<float> t = buf.Get<float>();
  for (uint32_t off = 0; off < perBlock; off += TILE) {
    uint32_t n = perBlock - off < TILE ? perBlock - off : TILE;
    DataCopy(t, xGm[off], n);
    Relu(t, t, n);
    DataCopy(yGm[off], t, n);
  }
}
