// The user's own operator of AOT example 03, written in the device dialect (include/sk/kernel.h,
// docs/dialect.md) in the shape of an AscendC custom operator:
//
//   y = x >= 0 ? x : alpha * x       x, y: half; alpha from the tiling
//
// Each block takes totalLength / blockNum elements and streams them through double-buffered UB
// queues, tileLength elements at a time. run.sh compiles it with clang-19 when the example runs.
#include "sk/kernel.h"

using namespace AscendC;

namespace {

struct LeakyReluTiling {
  uint32_t totalLength;  // elements of x
  uint32_t tileLength;   // elements per UB tile
  float alpha;           // slope for x < 0
};

constexpr int32_t BUFFER_NUM = 2;

class KernelLeakyRelu {
 public:
  void Init(GM_ADDR x, GM_ADDR y, GM_ADDR tiling) {
    LeakyReluTiling t;
    CopyTiling(&t, tiling);
    blockLength_ = t.totalLength / GetBlockNum();
    tileLength_ = t.tileLength;
    tileNum_ = blockLength_ / tileLength_;
    alpha_ = (half)t.alpha;
    xGm_.SetGlobalBuffer((__gm__ half*)x + blockLength_ * GetBlockIdx(), blockLength_);
    yGm_.SetGlobalBuffer((__gm__ half*)y + blockLength_ * GetBlockIdx(), blockLength_);
    pipe_.InitBuffer(inQueueX_, BUFFER_NUM, tileLength_ * sizeof(half));
    pipe_.InitBuffer(outQueueY_, BUFFER_NUM, tileLength_ * sizeof(half));
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
    DataCopy(x, xGm_[i * tileLength_], tileLength_);
    inQueueX_.EnQue(x);
  }
  void Compute() {
    LocalTensor<half> x = inQueueX_.DeQue<half>();
    LocalTensor<half> y = outQueueY_.AllocTensor<half>();
    LeakyRelu(y, x, alpha_, tileLength_);
    outQueueY_.EnQue(y);
    inQueueX_.FreeTensor(x);
  }
  void CopyOut(uint32_t i) {
    LocalTensor<half> y = outQueueY_.DeQue<half>();
    DataCopy(yGm_[i * tileLength_], y, tileLength_);
    outQueueY_.FreeTensor(y);
  }

  TPipe pipe_;
  TQue<TPosition::VECIN, BUFFER_NUM> inQueueX_;
  TQue<TPosition::VECOUT, BUFFER_NUM> outQueueY_;
  GlobalTensor<half> xGm_, yGm_;
  uint32_t blockLength_ = 0, tileLength_ = 0, tileNum_ = 0;
  half alpha_ = 0;
};

}  // namespace

extern "C" __global__ __aicore__ void leaky_relu_custom(GM_ADDR x, GM_ADDR y, GM_ADDR tiling) {
  KernelLeakyRelu op;
  op.Init(x, y, tiling);
  op.Process();
}
