// Scales each row of a [rows, 64] float32 matrix by its own factor: y[r][c] = x[r][c] * s[r].
// Brcb spreads each factor over one 32-byte block (8 factors per repeat); one Mul then covers a
// tile of rows, one row per repeat, reading the factor block with block stride 0 (the same 8
// copies for all 8 blocks of the row) and repeat stride 1 (the next row's block).
#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t COLS = 64;  // one repeat of float32
constexpr uint32_t FLOATS_PER_BLOCK = ONE_BLK_SIZE / sizeof(float);

class BrcbRowscale {
 public:
  __aicore__ inline BrcbRowscale() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR s, GM_ADDR y, const BrcbRowscaleTilingData& tiling) {
    rows_ = tiling.rowsPerCore;
    tileRows_ = tiling.tileRows;
    uint64_t firstRow = (uint64_t)GetBlockIdx() * rows_;
    xGm_.SetGlobalBuffer((__gm__ float*)x + firstRow * COLS, rows_ * COLS);
    sGm_.SetGlobalBuffer((__gm__ float*)s + firstRow, rows_);
    yGm_.SetGlobalBuffer((__gm__ float*)y + firstRow * COLS, rows_ * COLS);
    pipe_.InitBuffer(inQueueX_, BUFFER_NUM, tileRows_ * COLS * sizeof(float));
    pipe_.InitBuffer(inQueueS_, BUFFER_NUM, tileRows_ * sizeof(float));
    pipe_.InitBuffer(outQueueY_, BUFFER_NUM, tileRows_ * COLS * sizeof(float));
    pipe_.InitBuffer(blockBuf_, tileRows_ * ONE_BLK_SIZE);
  }

  __aicore__ inline void Process() {
    for (uint32_t i = 0; i < rows_ / tileRows_; ++i) {
      LocalTensor<float> xLocal = inQueueX_.AllocTensor<float>();
      LocalTensor<float> sLocal = inQueueS_.AllocTensor<float>();
      DataCopy(xLocal, xGm_[i * tileRows_ * COLS], tileRows_ * COLS);
      DataCopy(sLocal, sGm_[i * tileRows_], tileRows_);
      inQueueX_.EnQue(xLocal);
      inQueueS_.EnQue(sLocal);
      Compute();
      LocalTensor<float> yLocal = outQueueY_.DeQue<float>();
      DataCopy(yGm_[i * tileRows_ * COLS], yLocal, tileRows_ * COLS);
      outQueueY_.FreeTensor(yLocal);
    }
  }

 private:
  __aicore__ inline void Compute() {
    LocalTensor<float> xLocal = inQueueX_.DeQue<float>();
    LocalTensor<float> sLocal = inQueueS_.DeQue<float>();
    LocalTensor<float> yLocal = outQueueY_.AllocTensor<float>();
    LocalTensor<float> sBlocks = blockBuf_.Get<float>();

    Brcb(sBlocks, sLocal, (uint8_t)(tileRows_ / FLOATS_PER_BLOCK), {1, DEFAULT_REPEAT_STRIDE});
    PipeBarrier<PIPE_V>();
    // dst and src0: contiguous rows; src1: the row's factor block, re-read for every block.
    BinaryRepeatParams rowParams(1, 1, 0, DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE, 1);
    Mul(yLocal, xLocal, sBlocks, (uint64_t)COLS, (uint8_t)tileRows_, rowParams);

    outQueueY_.EnQue(yLocal);
    inQueueX_.FreeTensor(xLocal);
    inQueueS_.FreeTensor(sLocal);
  }

  TPipe pipe_;
  TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX_, inQueueS_;
  TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueY_;
  TBuf<TPosition::VECCALC> blockBuf_;
  GlobalTensor<float> xGm_, sGm_, yGm_;
  uint32_t rows_ = 0, tileRows_ = 0;
};
}  // namespace

extern "C" __global__ __aicore__ void brcb_rowscale(GM_ADDR x, GM_ADDR s, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  GET_TILING_DATA(tilingData, tiling);
  BrcbRowscale op;
  op.Init(x, s, y, tilingData);
  op.Process();
}
