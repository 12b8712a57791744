// Bit manipulation on 16-bit integers (int16 or uint16 by DTYPE_X):
//   z = ((x & y) | (~x << leftShift)) >> rightShift
// with the LocalTensor operators for & and |, Not, ShiftLeft and ShiftRight (arithmetic for
// int16, logical for uint16).
#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;

template <typename T>
class Bitwise16 {
 public:
  __aicore__ inline Bitwise16() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, const Bitwise16TilingData& tiling) {
    blockLength_ = tiling.blockLength;
    tileLength_ = tiling.tileLength;
    leftShift_ = (T)tiling.leftShift;
    rightShift_ = (T)tiling.rightShift;
    uint64_t offset = (uint64_t)GetBlockIdx() * blockLength_;
    xGm_.SetGlobalBuffer((__gm__ T*)x + offset, blockLength_);
    yGm_.SetGlobalBuffer((__gm__ T*)y + offset, blockLength_);
    zGm_.SetGlobalBuffer((__gm__ T*)z + offset, blockLength_);
    pipe_.InitBuffer(inQueueX_, BUFFER_NUM, tileLength_ * sizeof(T));
    pipe_.InitBuffer(inQueueY_, BUFFER_NUM, tileLength_ * sizeof(T));
    pipe_.InitBuffer(outQueueZ_, BUFFER_NUM, tileLength_ * sizeof(T));
    pipe_.InitBuffer(tmpBuf_, tileLength_ * sizeof(T));
  }

  __aicore__ inline void Process() {
    for (uint32_t i = 0; i < blockLength_ / tileLength_; ++i) {
      CopyIn(i);
      Compute();
      CopyOut(i);
    }
  }

 private:
  __aicore__ inline void CopyIn(uint32_t i) {
    LocalTensor<T> xLocal = inQueueX_.AllocTensor<T>();
    LocalTensor<T> yLocal = inQueueY_.AllocTensor<T>();
    DataCopy(xLocal, xGm_[i * tileLength_], tileLength_);
    DataCopy(yLocal, yGm_[i * tileLength_], tileLength_);
    inQueueX_.EnQue(xLocal);
    inQueueY_.EnQue(yLocal);
  }

  __aicore__ inline void Compute() {
    LocalTensor<T> xLocal = inQueueX_.DeQue<T>();
    LocalTensor<T> yLocal = inQueueY_.DeQue<T>();
    LocalTensor<T> zLocal = outQueueZ_.AllocTensor<T>();
    LocalTensor<T> notX = tmpBuf_.Get<T>();

    zLocal = xLocal & yLocal;
    Not(notX, xLocal, tileLength_);
    PipeBarrier<PIPE_V>();
    ShiftLeft(notX, notX, leftShift_, tileLength_);
    PipeBarrier<PIPE_V>();
    zLocal = zLocal | notX;
    PipeBarrier<PIPE_V>();
    ShiftRight(zLocal, zLocal, rightShift_, tileLength_);

    outQueueZ_.EnQue(zLocal);
    inQueueX_.FreeTensor(xLocal);
    inQueueY_.FreeTensor(yLocal);
  }

  __aicore__ inline void CopyOut(uint32_t i) {
    LocalTensor<T> zLocal = outQueueZ_.DeQue<T>();
    DataCopy(zGm_[i * tileLength_], zLocal, tileLength_);
    outQueueZ_.FreeTensor(zLocal);
  }

  TPipe pipe_;
  TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX_, inQueueY_;
  TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueZ_;
  TBuf<TPosition::VECCALC> tmpBuf_;
  GlobalTensor<T> xGm_, yGm_, zGm_;
  uint32_t blockLength_ = 0, tileLength_ = 0;
  T leftShift_ = 0, rightShift_ = 0;
};
}  // namespace

extern "C" __global__ __aicore__ void bitwise16(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling) {
  GET_TILING_DATA(tilingData, tiling);
  Bitwise16<DTYPE_X> op;
  op.Init(x, y, z, tilingData);
  op.Process();
}
