// Row gather of 32-byte rows (8 floats) within each core's tile:
//   y[r] = x[tile + idx[r]]
// The row indices become byte offsets (int32 Muls by 32 on the reinterpreted table), then one
// Gatherb collects 8 rows per repeat into a dense tile (GatherRepeatParams{1, 8}).
#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr uint32_t ROW_FLOATS = ONE_BLK_SIZE / sizeof(float);  // one 32-byte block per row

struct GatherbRowsTiling {
  uint32_t rowsPerCore;
};

class GatherbRows {
 public:
  __aicore__ inline GatherbRows() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR idx, GM_ADDR y, uint32_t rowsPerCore) {
    rows_ = rowsPerCore;
    uint64_t row0 = (uint64_t)GetBlockIdx() * rows_;
    xGm_.SetGlobalBuffer((__gm__ float*)x + row0 * ROW_FLOATS, rows_ * ROW_FLOATS);
    idxGm_.SetGlobalBuffer((__gm__ uint32_t*)idx + row0, rows_);
    yGm_.SetGlobalBuffer((__gm__ float*)y + row0 * ROW_FLOATS, rows_ * ROW_FLOATS);
    pipe_.InitBuffer(inQueueX_, 1, rows_ * ONE_BLK_SIZE);
    pipe_.InitBuffer(inQueueIdx_, 1, rows_ * sizeof(uint32_t));
    pipe_.InitBuffer(outQueueY_, 1, rows_ * ONE_BLK_SIZE);
  }

  __aicore__ inline void Process() {
    LocalTensor<float> xLocal = inQueueX_.AllocTensor<float>();
    LocalTensor<uint32_t> idxLocal = inQueueIdx_.AllocTensor<uint32_t>();
    DataCopy(xLocal, xGm_, rows_ * ROW_FLOATS);
    DataCopy(idxLocal, idxGm_, rows_);
    inQueueX_.EnQue(xLocal);
    inQueueIdx_.EnQue(idxLocal);

    xLocal = inQueueX_.DeQue<float>();
    idxLocal = inQueueIdx_.DeQue<uint32_t>();
    LocalTensor<float> yLocal = outQueueY_.AllocTensor<float>();
    LocalTensor<int32_t> offsets = idxLocal.ReinterpretCast<int32_t>();
    Muls(offsets, offsets, (int32_t)ONE_BLK_SIZE, (int32_t)rows_);
    PipeBarrier<PIPE_V>();
    GatherRepeatParams params{1, 8};
    Gatherb<float>(yLocal, xLocal, idxLocal, (uint8_t)(rows_ / DEFAULT_BLK_NUM), params);
    outQueueY_.EnQue(yLocal);
    inQueueX_.FreeTensor(xLocal);
    inQueueIdx_.FreeTensor(idxLocal);

    yLocal = outQueueY_.DeQue<float>();
    DataCopy(yGm_, yLocal, rows_ * ROW_FLOATS);
    outQueueY_.FreeTensor(yLocal);
  }

 private:
  TPipe pipe_;
  TQue<QuePosition::VECIN, 1> inQueueX_, inQueueIdx_;
  TQue<QuePosition::VECOUT, 1> outQueueY_;
  GlobalTensor<float> xGm_, yGm_;
  GlobalTensor<uint32_t> idxGm_;
  uint32_t rows_ = 0;
};
}  // namespace

extern "C" __global__ __aicore__ void gatherb_rows(GM_ADDR x, GM_ADDR idx, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  GET_TILING_DATA_WITH_STRUCT(GatherbRowsTiling, tilingData, tiling);
  GatherbRows op;
  op.Init(x, idx, y, tilingData.rowsPerCore);
  op.Process();
}
