// concat along the last axis: y[r, :Na] = a[r], y[r, Na:] = b[r]. A pure copy, so the kernel
// moves bytes whatever the dtype. Each core takes a range of rows and copies a's, then b's part
// of them as strided 2-D DMAs through UB (DataCopyPad: any row length, GM gaps in bytes): a
// column chunk of at most one tile per row, as many rows per copy as the tile holds, through a
// double-buffered VECIN -> VECOUT queue so MTE2 and MTE3 overlap.
#include "kernel_operator.h"
#include "concat_tiling.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t MAX_BLOCK_COUNT = 4095;  // DataCopyPad's blockCount limit

class ConcatKernel {
 public:
  __aicore__ inline void Init(GM_ADDR a, GM_ADDR b, GM_ADDR y, const ConcatTilingData& t) {
    first_ = GetBlockIdx() * t.rowsPerCore;
    rows_ = first_ >= t.rows ? 0 : (first_ + t.rowsPerCore > t.rows ? t.rows - first_ : t.rowsPerCore);
    aBytes_ = t.aBytes;
    bBytes_ = t.bBytes;
    tile_ = t.tileBytes;
    aGm_.SetGlobalBuffer((__gm__ uint8_t*)a);
    bGm_.SetGlobalBuffer((__gm__ uint8_t*)b);
    yGm_.SetGlobalBuffer((__gm__ uint8_t*)y);
    pipe_.InitBuffer(queue_, BUFFER_NUM, tile_);
  }

  __aicore__ inline void Process() {
    if (rows_ == 0) return;
    CopyPart(aGm_, aBytes_, 0);
    CopyPart(bGm_, bBytes_, aBytes_);
  }

 private:
  // src rows of width bytes into y's rows at byte column offset.
  __aicore__ inline void CopyPart(const GlobalTensor<uint8_t>& src, uint32_t width, uint32_t offset) {
    uint64_t yWidth = (uint64_t)aBytes_ + bBytes_;
    for (uint32_t c = 0; c < width; c += tile_) {
      uint32_t chunk = width - c < tile_ ? width - c : tile_;
      uint32_t perCopy = tile_ / AlignUp(chunk, ONE_BLK_SIZE);
      if (perCopy > MAX_BLOCK_COUNT) perCopy = MAX_BLOCK_COUNT;
      for (uint32_t r = 0; r < rows_; r += perCopy) {
        uint32_t n = rows_ - r < perCopy ? rows_ - r : perCopy;
        uint64_t row = (uint64_t)first_ + r;
        LocalTensor<uint8_t> buf = queue_.AllocTensor<uint8_t>();
        DataCopyPad(buf, src[row * width + c], {(uint16_t)n, chunk, width - chunk, 0, 0}, {false, 0, 0, (uint8_t)0});
        queue_.EnQue(buf);
        buf = queue_.DeQue<uint8_t>();
        DataCopyPad(yGm_[row * yWidth + offset + c], buf, {(uint16_t)n, chunk, 0, (uint32_t)(yWidth - chunk), 0});
        queue_.FreeTensor(buf);
      }
    }
  }

  TPipe pipe_;
  TQueBind<TPosition::VECIN, TPosition::VECOUT, BUFFER_NUM> queue_;
  GlobalTensor<uint8_t> aGm_, bGm_, yGm_;
  uint32_t first_ = 0, rows_ = 0, aBytes_ = 0, bBytes_ = 0, tile_ = 0;
};
}  // namespace

extern "C" __global__ __aicore__ void concat(GM_ADDR a, GM_ADDR b, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  GET_TILING_DATA_WITH_STRUCT(ConcatTilingData, t, tiling);
  ConcatKernel op;
  op.Init(a, b, y, t);
  op.Process();
}
