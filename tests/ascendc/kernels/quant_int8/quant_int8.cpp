// Symmetric per-tensor quantisation to int8: y = saturate(rint(x * invScale)). The vector unit
// converts to int8 from half only, so a float32 input is scaled in float and narrowed to half
// with round-to-odd first (CAST_ODD keeps the second rounding from creating false ties); a half
// input is scaled in half.
#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;

template <typename T>
class QuantInt8 {
 public:
  __aicore__ inline QuantInt8() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const QuantInt8TilingData& tiling) {
    blockLength_ = tiling.blockLength;
    tileLength_ = tiling.tileLength;
    invScale_ = tiling.invScale;
    uint64_t offset = (uint64_t)GetBlockIdx() * blockLength_;
    xGm_.SetGlobalBuffer((__gm__ T*)x + offset, blockLength_);
    yGm_.SetGlobalBuffer((__gm__ int8_t*)y + offset, blockLength_);
    pipe_.InitBuffer(inQueue_, BUFFER_NUM, tileLength_ * sizeof(T));
    pipe_.InitBuffer(outQueue_, BUFFER_NUM, tileLength_ * sizeof(int8_t));
    if constexpr (std::is_same_v<T, float>) {
      pipe_.InitBuffer(halfBuf_, tileLength_ * sizeof(half));
    }
  }

  __aicore__ inline void Process() {
    for (uint32_t i = 0; i < blockLength_ / tileLength_; ++i) {
      LocalTensor<T> xLocal = inQueue_.AllocTensor<T>();
      DataCopy(xLocal, xGm_[i * tileLength_], tileLength_);
      inQueue_.EnQue(xLocal);
      Compute();
      LocalTensor<int8_t> yLocal = outQueue_.DeQue<int8_t>();
      DataCopy(yGm_[i * tileLength_], yLocal, tileLength_);
      outQueue_.FreeTensor(yLocal);
    }
  }

 private:
  __aicore__ inline void Compute() {
    LocalTensor<T> xLocal = inQueue_.DeQue<T>();
    LocalTensor<int8_t> yLocal = outQueue_.AllocTensor<int8_t>();
    if constexpr (std::is_same_v<T, float>) {
      LocalTensor<half> xHalf = halfBuf_.Get<half>();
      Muls(xLocal, xLocal, invScale_, tileLength_);
      PipeBarrier<PIPE_V>();
      Cast(xHalf, xLocal, RoundMode::CAST_ODD, tileLength_);
      PipeBarrier<PIPE_V>();
      Cast(yLocal, xHalf, RoundMode::CAST_RINT, tileLength_);
    } else {
      Muls(xLocal, xLocal, (T)invScale_, tileLength_);
      PipeBarrier<PIPE_V>();
      Cast(yLocal, xLocal, RoundMode::CAST_RINT, tileLength_);
    }
    outQueue_.EnQue(yLocal);
    inQueue_.FreeTensor(xLocal);
  }

  TPipe pipe_;
  TQue<QuePosition::VECIN, BUFFER_NUM> inQueue_;
  TQue<QuePosition::VECOUT, BUFFER_NUM> outQueue_;
  TBuf<TPosition::VECCALC> halfBuf_;
  GlobalTensor<T> xGm_;
  GlobalTensor<int8_t> yGm_;
  uint32_t blockLength_ = 0, tileLength_ = 0;
  float invScale_ = 1.0f;
};
}  // namespace

extern "C" __global__ __aicore__ void quant_int8(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  GET_TILING_DATA(tilingData, tiling);
  QuantInt8<DTYPE_X> op;
  op.Init(x, y, tilingData);
  op.Process();
}
