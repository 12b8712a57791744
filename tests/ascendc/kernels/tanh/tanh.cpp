// y = tanh(x) with the high-level Tanh. With a temporary buffer size in the tiling the kernel
// lends Tanh that buffer (the sharedTmpBuffer form); without, Tanh<T, false> finds its own. The
// entry is named like the C library's tanh.
#include "kernel_operator.h"

using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;

template <typename T>
class KernelTanh {
 public:
  __aicore__ inline KernelTanh() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint32_t blockLength, uint32_t tileNum, uint32_t tmpBufferSize) {
    blockLength_ = blockLength;
    tileNum_ = tileNum;
    tileLength_ = blockLength / tileNum / BUFFER_NUM;
    tmpBufferSize_ = tmpBufferSize;
    xGm_.SetGlobalBuffer((__gm__ T*)x + blockLength_ * GetBlockIdx(), blockLength_);
    yGm_.SetGlobalBuffer((__gm__ T*)y + blockLength_ * GetBlockIdx(), blockLength_);
    pipe_.InitBuffer(inQueueX_, BUFFER_NUM, tileLength_ * sizeof(T));
    pipe_.InitBuffer(outQueueY_, BUFFER_NUM, tileLength_ * sizeof(T));
    if (tmpBufferSize_ != 0) pipe_.InitBuffer(tmpBuf_, tmpBufferSize_);
  }
  __aicore__ inline void Process() {
    int32_t loopCount = tileNum_ * BUFFER_NUM;
    for (int32_t i = 0; i < loopCount; i++) {
      CopyIn(i);
      Compute(i);
      CopyOut(i);
    }
  }

 private:
  __aicore__ inline void CopyIn(int32_t progress) {
    LocalTensor<T> xLocal = inQueueX_.AllocTensor<T>();
    DataCopy(xLocal, xGm_[progress * tileLength_], tileLength_);
    inQueueX_.EnQue(xLocal);
  }
  __aicore__ inline void Compute(int32_t progress) {
    LocalTensor<T> xLocal = inQueueX_.DeQue<T>();
    LocalTensor<T> yLocal = outQueueY_.AllocTensor<T>();
    if (tmpBufferSize_ != 0) {
      LocalTensor<uint8_t> tmp = tmpBuf_.Get<uint8_t>();
      Tanh<T, false>(yLocal, xLocal, tmp, tileLength_);
    } else {
      Tanh<T, false>(yLocal, xLocal, tileLength_);
    }
    outQueueY_.EnQue<T>(yLocal);
    inQueueX_.FreeTensor(xLocal);
  }
  __aicore__ inline void CopyOut(int32_t progress) {
    LocalTensor<T> yLocal = outQueueY_.DeQue<T>();
    DataCopy(yGm_[progress * tileLength_], yLocal, tileLength_);
    outQueueY_.FreeTensor(yLocal);
  }

  TPipe pipe_;
  TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX_;
  TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueY_;
  TBuf<QuePosition::VECCALC> tmpBuf_;
  GlobalTensor<T> xGm_, yGm_;
  uint32_t blockLength_ = 0, tileNum_ = 0, tileLength_ = 0, tmpBufferSize_ = 0;
};

extern "C" __global__ __aicore__ void tanh(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  GET_TILING_DATA(tilingData, tiling);
  KernelTanh<DTYPE_X> op;
  op.Init(x, y, tilingData.blockLength, tilingData.tileNum, tilingData.tmpBufferSize);
  op.Process();
}
