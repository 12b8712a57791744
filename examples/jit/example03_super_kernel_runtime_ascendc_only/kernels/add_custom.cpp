// add_custom: z = x + y (float32), the AscendC tutorial's vector add: each core takes
// totalLength / blockDim elements in tiles of tileLength, double-buffered.
#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;

class KernelAdd {
 public:
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, uint32_t totalLength, uint32_t tileLength) {
    blockLength_ = totalLength / GetBlockNum();
    tileLength_ = tileLength;
    uint64_t offset = (uint64_t)blockLength_ * GetBlockIdx();
    xGm_.SetGlobalBuffer((__gm__ float*)x + offset, blockLength_);
    yGm_.SetGlobalBuffer((__gm__ float*)y + offset, blockLength_);
    zGm_.SetGlobalBuffer((__gm__ float*)z + offset, blockLength_);
    pipe_.InitBuffer(inQueueX_, BUFFER_NUM, tileLength_ * sizeof(float));
    pipe_.InitBuffer(inQueueY_, BUFFER_NUM, tileLength_ * sizeof(float));
    pipe_.InitBuffer(outQueueZ_, BUFFER_NUM, tileLength_ * sizeof(float));
  }
  __aicore__ inline void Process() {
    for (uint32_t i = 0; i < blockLength_ / tileLength_; ++i) {
      LocalTensor<float> x = inQueueX_.AllocTensor<float>(), y = inQueueY_.AllocTensor<float>();
      DataCopy(x, xGm_[i * tileLength_], tileLength_);
      DataCopy(y, yGm_[i * tileLength_], tileLength_);
      inQueueX_.EnQue(x);
      inQueueY_.EnQue(y);
      x = inQueueX_.DeQue<float>();
      y = inQueueY_.DeQue<float>();
      LocalTensor<float> z = outQueueZ_.AllocTensor<float>();
      Add(z, x, y, tileLength_);
      outQueueZ_.EnQue(z);
      inQueueX_.FreeTensor(x);
      inQueueY_.FreeTensor(y);
      z = outQueueZ_.DeQue<float>();
      DataCopy(zGm_[i * tileLength_], z, tileLength_);
      outQueueZ_.FreeTensor(z);
    }
  }

 private:
  TPipe pipe_;
  TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX_, inQueueY_;
  TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueZ_;
  GlobalTensor<float> xGm_, yGm_, zGm_;
  uint32_t blockLength_ = 0, tileLength_ = 0;
};
}  // namespace

extern "C" __global__ __aicore__ void add_custom(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling) {
  GET_TILING_DATA_WITH_STRUCT(AddCustomTilingData, t, tiling);
  KernelAdd op;
  op.Init(x, y, z, t.totalLength, t.tileLength);
  op.Process();
}
