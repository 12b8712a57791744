// y = x * sigmoid(beta * x) with the high-level Sigmoid. half computes in half and lends Sigmoid
// a temporary buffer; bfloat16 computes in float (cast up with CAST_NONE, down with CAST_RINT)
// and calls Sigmoid<float, false> without one.
#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;

template <typename T>
class KernelSwish {
 public:
  using C = std::conditional_t<std::is_same_v<T, bfloat16_t>, float, T>;

  __aicore__ inline KernelSwish() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const SwishTilingData& tiling) {
    uint64_t offset = (uint64_t)GetBlockIdx() * tiling.blockLength;
    blockLength_ = GetBlockIdx() + 1 == GetBlockNum() ? tiling.totalLength - offset : tiling.blockLength;
    tileLength_ = tiling.tileLength;
    beta_ = tiling.beta;
    xGm_.SetGlobalBuffer((__gm__ T*)x + offset, blockLength_);
    yGm_.SetGlobalBuffer((__gm__ T*)y + offset, blockLength_);
    pipe_.InitBuffer(inQueue_, BUFFER_NUM, tileLength_ * sizeof(T));
    pipe_.InitBuffer(outQueue_, BUFFER_NUM, tileLength_ * sizeof(T));
    pipe_.InitBuffer(calcBuf_, 2 * tileLength_ * sizeof(C));
    pipe_.InitBuffer(tmpBuf_, 4 * tileLength_ * sizeof(C));
  }

  __aicore__ inline void Process() {
    uint32_t tiles = (blockLength_ + tileLength_ - 1) / tileLength_;
    for (uint32_t i = 0; i < tiles; ++i) {
      uint32_t n = i + 1 == tiles ? blockLength_ - i * tileLength_ : tileLength_;
      LocalTensor<T> xLocal = inQueue_.AllocTensor<T>();
      DataCopyPad(xLocal, xGm_[i * tileLength_], {1, (uint32_t)(n * sizeof(T)), 0, 0, 0}, {false, 0, 0, 0});
      inQueue_.EnQue(xLocal);
      Compute(n);
      LocalTensor<T> yLocal = outQueue_.DeQue<T>();
      DataCopyPad(yGm_[i * tileLength_], yLocal, {1, (uint32_t)(n * sizeof(T)), 0, 0, 0});
      outQueue_.FreeTensor(yLocal);
    }
  }

 private:
  __aicore__ inline void Compute(uint32_t n) {
    LocalTensor<T> xLocal = inQueue_.DeQue<T>();
    LocalTensor<T> yLocal = outQueue_.AllocTensor<T>();
    LocalTensor<C> calc = calcBuf_.Get<C>();
    LocalTensor<C> xc = calc;
    LocalTensor<C> sig = calc[tileLength_];
    if constexpr (std::is_same_v<T, bfloat16_t>) {
      Cast(xc, xLocal, RoundMode::CAST_NONE, n);
    } else {
      DataCopy(xc, xLocal, tileLength_);
    }
    inQueue_.FreeTensor(xLocal);
    PipeBarrier<PIPE_V>();
    Muls(sig, xc, (C)beta_, n);
    PipeBarrier<PIPE_V>();
    if constexpr (std::is_same_v<T, bfloat16_t>) {
      Sigmoid<C, false>(sig, sig, n);
    } else {
      LocalTensor<uint8_t> tmp = tmpBuf_.Get<uint8_t>();
      Sigmoid(sig, sig, tmp, n);
    }
    PipeBarrier<PIPE_V>();
    Mul(sig, xc, sig, n);
    PipeBarrier<PIPE_V>();
    if constexpr (std::is_same_v<T, bfloat16_t>) {
      Cast(yLocal, sig, RoundMode::CAST_RINT, n);
    } else {
      DataCopy(yLocal, sig, tileLength_);
    }
    outQueue_.EnQue(yLocal);
  }

  TPipe pipe_;
  TQue<QuePosition::VECIN, BUFFER_NUM> inQueue_;
  TQue<QuePosition::VECOUT, BUFFER_NUM> outQueue_;
  TBuf<TPosition::VECCALC> calcBuf_, tmpBuf_;
  GlobalTensor<T> xGm_, yGm_;
  uint32_t blockLength_ = 0, tileLength_ = 0;
  float beta_ = 1.0f;
};
}  // namespace

extern "C" __global__ __aicore__ void swish(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  GET_TILING_DATA(tilingData, tiling);
  KernelSwish<DTYPE_X> op;
  op.Init(x, y, tilingData);
  op.Process();
}
