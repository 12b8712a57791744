// y = |x[:, colOffset : colOffset + 128]| * scale for a half matrix: the column window is
// extracted in UB by the repeat form of Abs, one 128-lane repeat per row, with a source repeat
// stride of one input row (inCols / 16 blocks) and a destination repeat stride of one output row
// (8 blocks); the scaling is a count-form Muls over the packed tile.
#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t OUT_COLS = ONE_REPEAT_BYTE_SIZE / sizeof(half);  // 128
constexpr uint32_t HALF_PER_BLOCK = ONE_BLK_SIZE / sizeof(half);

class ColSlice {
 public:
  __aicore__ inline ColSlice() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const ColSliceTilingData& tiling) {
    rows_ = tiling.rowsPerCore;
    tileRows_ = tiling.tileRows;
    inCols_ = tiling.inCols;
    colOffset_ = tiling.colOffset;
    scale_ = (half)tiling.scale;
    uint64_t firstRow = (uint64_t)GetBlockIdx() * rows_;
    xGm_.SetGlobalBuffer((__gm__ half*)x + firstRow * inCols_, rows_ * inCols_);
    yGm_.SetGlobalBuffer((__gm__ half*)y + firstRow * OUT_COLS, rows_ * OUT_COLS);
    pipe_.InitBuffer(inQueue_, BUFFER_NUM, tileRows_ * inCols_ * sizeof(half));
    pipe_.InitBuffer(outQueue_, BUFFER_NUM, tileRows_ * OUT_COLS * sizeof(half));
  }

  __aicore__ inline void Process() {
    for (uint32_t i = 0; i < rows_ / tileRows_; ++i) {
      LocalTensor<half> xLocal = inQueue_.AllocTensor<half>();
      DataCopy(xLocal, xGm_[i * tileRows_ * inCols_], tileRows_ * inCols_);
      inQueue_.EnQue(xLocal);

      xLocal = inQueue_.DeQue<half>();
      LocalTensor<half> yLocal = outQueue_.AllocTensor<half>();
      UnaryRepeatParams window(1, 1, DEFAULT_REPEAT_STRIDE, (uint16_t)(inCols_ / HALF_PER_BLOCK));
      Abs(yLocal, xLocal[colOffset_], (uint64_t)OUT_COLS, (uint8_t)tileRows_, window);
      PipeBarrier<PIPE_V>();
      Muls(yLocal, yLocal, scale_, tileRows_ * OUT_COLS);
      outQueue_.EnQue(yLocal);
      inQueue_.FreeTensor(xLocal);

      yLocal = outQueue_.DeQue<half>();
      DataCopy(yGm_[i * tileRows_ * OUT_COLS], yLocal, tileRows_ * OUT_COLS);
      outQueue_.FreeTensor(yLocal);
    }
  }

 private:
  TPipe pipe_;
  TQue<QuePosition::VECIN, BUFFER_NUM> inQueue_;
  TQue<QuePosition::VECOUT, BUFFER_NUM> outQueue_;
  GlobalTensor<half> xGm_, yGm_;
  uint32_t rows_ = 0, tileRows_ = 0, inCols_ = 0, colOffset_ = 0;
  half scale_ = 1;
};
}  // namespace

extern "C" __global__ __aicore__ void col_slice(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  GET_TILING_DATA(tilingData, tiling);
  ColSlice op;
  op.Init(x, y, tilingData);
  op.Process();
}
