// sum[r] = sum of row r of x over the last axis, mean[r] = sum[r] / cols, with the high-level Sum
// (SumParams, a shared temporary buffer) and Mean (MeanParams). Rows come in through
// DataCopyPad at a 32-byte row pitch (alignedCols); the rows of a core that do not fill a tile
// go in a last, shorter tile. The shape arrives as the tiling's shape[MAX_DIMS] array; the kernel
// names its own MAX_DIMS, as CANN's op build does not show it the tiling header's constants.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t MAX_DIMS = 8;  // the tiling header's optiling::MAX_DIMS too

namespace {
constexpr int32_t BUFFER_NUM = 2;

template <typename T>
class KernelReduceRows {
 public:
  __aicore__ inline KernelReduceRows() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR sum, GM_ADDR mean, const ReduceRowsTilingData& tiling) {
    cols_ = tiling.shape[tiling.dimNum - 1];
    uint32_t rows = 1;
    for (uint32_t i = 0; i + 1 < tiling.dimNum && i < MAX_DIMS; ++i) rows *= tiling.shape[i];
    uint32_t firstRow = GetBlockIdx() * tiling.rowsPerCore;
    rows_ = firstRow + tiling.rowsPerCore > rows ? rows - firstRow : tiling.rowsPerCore;
    tileRows_ = tiling.tileRows;
    alignedCols_ = tiling.alignedCols;
    xGm_.SetGlobalBuffer((__gm__ T*)x + (uint64_t)firstRow * cols_, (uint64_t)rows_ * cols_);
    sumGm_.SetGlobalBuffer((__gm__ T*)sum + firstRow, rows_);
    meanGm_.SetGlobalBuffer((__gm__ T*)mean + firstRow, rows_);
    pipe_.InitBuffer(inQueue_, BUFFER_NUM, REDUCE_ROWS_MAX_TILE_ROWS * alignedCols_ * sizeof(T));
    // One result per row, in whole 32-byte blocks.
    pipe_.InitBuffer(sumQueue_, BUFFER_NUM, REDUCE_ROWS_MAX_TILE_ROWS * sizeof(float));
    pipe_.InitBuffer(meanQueue_, BUFFER_NUM, REDUCE_ROWS_MAX_TILE_ROWS * sizeof(float));
    pipe_.InitBuffer(tmpBuf_, REDUCE_ROWS_MAX_TILE_ROWS * alignedCols_ * sizeof(float));
  }

  __aicore__ inline void Process() {
    uint32_t tiles = (rows_ + tileRows_ - 1) / tileRows_;
    for (uint32_t i = 0; i < tiles; ++i) {
      uint32_t rows = i + 1 == tiles ? rows_ - i * tileRows_ : tileRows_;
      CopyIn(i, rows);
      Compute(rows);
      CopyOut(i, rows);
    }
  }

 private:
  __aicore__ inline void CopyIn(uint32_t i, uint32_t rows) {
    LocalTensor<T> xLocal = inQueue_.AllocTensor<T>();
    DataCopyExtParams copy{(uint16_t)rows, (uint32_t)(cols_ * sizeof(T)), 0, 0, 0};
    DataCopyPadExtParams<T> pad{true, 0, (uint8_t)(alignedCols_ - cols_), 0};
    DataCopyPad(xLocal, xGm_[(uint64_t)i * tileRows_ * cols_], copy, pad);
    inQueue_.EnQue(xLocal);
  }

  __aicore__ inline void Compute(uint32_t rows) {
    LocalTensor<T> xLocal = inQueue_.DeQue<T>();
    LocalTensor<T> sumLocal = sumQueue_.AllocTensor<T>();
    LocalTensor<T> meanLocal = meanQueue_.AllocTensor<T>();
    LocalTensor<uint8_t> tmp = tmpBuf_.Get<uint8_t>();
    SumParams sumParams{rows, alignedCols_, cols_};
    Sum(sumLocal, xLocal, tmp, sumParams);
    MeanParams meanParams;
    meanParams.outter = rows;
    meanParams.inner = alignedCols_;
    meanParams.n = cols_;
    Mean(meanLocal, xLocal, meanParams);
    sumQueue_.EnQue(sumLocal);
    meanQueue_.EnQue(meanLocal);
    inQueue_.FreeTensor(xLocal);
  }

  __aicore__ inline void CopyOut(uint32_t i, uint32_t rows) {
    LocalTensor<T> sumLocal = sumQueue_.DeQue<T>();
    LocalTensor<T> meanLocal = meanQueue_.DeQue<T>();
    DataCopyExtParams copy{1, (uint32_t)(rows * sizeof(T)), 0, 0, 0};
    DataCopyPad(sumGm_[i * tileRows_], sumLocal, copy);
    DataCopyPad(meanGm_[i * tileRows_], meanLocal, copy);
    sumQueue_.FreeTensor(sumLocal);
    meanQueue_.FreeTensor(meanLocal);
  }

  TPipe pipe_;
  TQue<QuePosition::VECIN, BUFFER_NUM> inQueue_;
  TQue<QuePosition::VECOUT, BUFFER_NUM> sumQueue_, meanQueue_;
  TBuf<TPosition::VECCALC> tmpBuf_;
  GlobalTensor<T> xGm_, sumGm_, meanGm_;
  uint32_t rows_ = 0, cols_ = 0, tileRows_ = 0, alignedCols_ = 0;
};
}  // namespace

extern "C" __global__ __aicore__ void reduce_rows(GM_ADDR x, GM_ADDR sum, GM_ADDR mean, GM_ADDR workspace,
                                                  GM_ADDR tiling) {
  GET_TILING_DATA(tilingData, tiling);
  KernelReduceRows<DTYPE_X> op;
  op.Init(x, sum, mean, tilingData);
  op.Process();
}
