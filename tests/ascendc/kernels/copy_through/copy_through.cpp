// A tensor copy (identity / TensorMove) of any element type through UB, with one bound queue
// (TQueBind<VECIN, VECOUT>) so that no vector instruction touches the data: MTE2 fills a buffer,
// MTE3 drains it. The last core's partial block goes through DataCopyPad in both directions.
#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;

template <typename T>
class CopyThrough {
 public:
  __aicore__ inline CopyThrough() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const CopyThroughTilingData& tiling) {
    uint64_t offset = (uint64_t)GetBlockIdx() * tiling.blockLength;
    length_ = GetBlockIdx() + 1 == GetBlockNum() ? (uint32_t)(tiling.totalLength - offset) : tiling.blockLength;
    tileLength_ = tiling.tileLength;
    xGm_.SetGlobalBuffer((__gm__ T*)x + offset, length_);
    yGm_.SetGlobalBuffer((__gm__ T*)y + offset, length_);
    pipe_.InitBuffer(queue_, BUFFER_NUM, tileLength_ * sizeof(T));
  }

  __aicore__ inline void Process() {
    uint32_t tiles = (length_ + tileLength_ - 1) / tileLength_;
    for (uint32_t i = 0; i < tiles; ++i) {
      uint32_t count = i + 1 == tiles ? length_ - i * tileLength_ : tileLength_;
      bool whole = count * sizeof(T) % ONE_BLK_SIZE == 0;
      DataCopyExtParams params{1, (uint32_t)(count * sizeof(T)), 0, 0, 0};

      LocalTensor<T> buf = queue_.AllocTensor<T>();
      if (whole) {
        DataCopy(buf, xGm_[i * tileLength_], count);
      } else {
        DataCopyPad(buf, xGm_[i * tileLength_], params, DataCopyPadExtParams<T>{false, 0, 0, 0});
      }
      queue_.EnQue(buf);
      buf = queue_.DeQue<T>();
      if (whole) {
        DataCopy(yGm_[i * tileLength_], buf, count);
      } else {
        DataCopyPad(yGm_[i * tileLength_], buf, params);
      }
      queue_.FreeTensor(buf);
    }
  }

 private:
  TPipe pipe_;
  TQueBind<TPosition::VECIN, TPosition::VECOUT, BUFFER_NUM> queue_;
  GlobalTensor<T> xGm_, yGm_;
  uint32_t length_ = 0, tileLength_ = 0;
};
}  // namespace

extern "C" __global__ __aicore__ void copy_through(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  GET_TILING_DATA(tilingData, tiling);
  CopyThrough<DTYPE_X> op;
  op.Init(x, y, tilingData);
  op.Process();
}
