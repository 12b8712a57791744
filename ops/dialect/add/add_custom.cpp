// z = x + y on AIV cores, in the shape of the AscendC add_custom sample: each block takes
// totalLength / blockNum elements and streams them through double-buffered UB queues.
#include "sk/kernel.h"

using namespace AscendC;

namespace {

struct AddTiling {
  uint32_t totalLength;  // elements of x
  uint32_t tileLength;   // elements per UB tile
};

constexpr int32_t BUFFER_NUM = 2;

class KernelAdd {
 public:
  void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR tiling) {
    AddTiling t;
    CopyTiling(&t, tiling);
    blockLength_ = t.totalLength / GetBlockNum();
    tileLength_ = t.tileLength;
    tileNum_ = blockLength_ / tileLength_;
    xGm_.SetGlobalBuffer((__gm__ half*)x + blockLength_ * GetBlockIdx(), blockLength_);
    yGm_.SetGlobalBuffer((__gm__ half*)y + blockLength_ * GetBlockIdx(), blockLength_);
    zGm_.SetGlobalBuffer((__gm__ half*)z + blockLength_ * GetBlockIdx(), blockLength_);
    pipe_.InitBuffer(inQueueX_, BUFFER_NUM, tileLength_ * sizeof(half));
    pipe_.InitBuffer(inQueueY_, BUFFER_NUM, tileLength_ * sizeof(half));
    pipe_.InitBuffer(outQueueZ_, BUFFER_NUM, tileLength_ * sizeof(half));
  }
  void Process() {
    for (uint32_t i = 0; i < tileNum_; ++i) {
      CopyIn(i);
      Compute();
      CopyOut(i);
    }
  }

 private:
  void CopyIn(uint32_t i) {
    LocalTensor<half> x = inQueueX_.AllocTensor<half>();
    LocalTensor<half> y = inQueueY_.AllocTensor<half>();
    DataCopy(x, xGm_[i * tileLength_], tileLength_);
    DataCopy(y, yGm_[i * tileLength_], tileLength_);
    inQueueX_.EnQue(x);
    inQueueY_.EnQue(y);
  }
  void Compute() {
    LocalTensor<half> x = inQueueX_.DeQue<half>();
    LocalTensor<half> y = inQueueY_.DeQue<half>();
    LocalTensor<half> z = outQueueZ_.AllocTensor<half>();
    Add(z, x, y, tileLength_);
    outQueueZ_.EnQue(z);
    inQueueX_.FreeTensor(x);
    inQueueY_.FreeTensor(y);
  }
  void CopyOut(uint32_t i) {
    LocalTensor<half> z = outQueueZ_.DeQue<half>();
    DataCopy(zGm_[i * tileLength_], z, tileLength_);
    outQueueZ_.FreeTensor(z);
  }

  TPipe pipe_;
  TQue<TPosition::VECIN, BUFFER_NUM> inQueueX_, inQueueY_;
  TQue<TPosition::VECOUT, BUFFER_NUM> outQueueZ_;
  GlobalTensor<half> xGm_, yGm_, zGm_;
  uint32_t blockLength_ = 0, tileLength_ = 0, tileNum_ = 0;
};

}  // namespace

extern "C" __global__ __aicore__ void add_custom(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR tiling) {
  KernelAdd op;
  op.Init(x, y, z, tiling);
  op.Process();
}
