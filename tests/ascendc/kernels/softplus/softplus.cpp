// Two smooth activations of one input: y = softplus(x) = ln(1 + exp(x)) and
// z = sigmoid(x) = 1 / (1 + exp(-x)). half is computed in half; bfloat16 has no arithmetic on
// the vector unit, so it is cast to float32 (CAST_NONE), computed there and rounded back
// (CAST_RINT).
#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;

template <typename T>
class Softplus {
 public:
  // The type the arithmetic runs in.
  using C = std::conditional_t<std::is_same_v<T, bfloat16_t>, float, T>;

  __aicore__ inline Softplus() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, const SoftplusTilingData& tiling) {
    blockLength_ = tiling.blockLength;
    tileLength_ = tiling.tileLength;
    uint64_t offset = (uint64_t)GetBlockIdx() * blockLength_;
    xGm_.SetGlobalBuffer((__gm__ T*)x + offset, blockLength_);
    yGm_.SetGlobalBuffer((__gm__ T*)y + offset, blockLength_);
    zGm_.SetGlobalBuffer((__gm__ T*)z + offset, blockLength_);
    pipe_.InitBuffer(inQueue_, BUFFER_NUM, tileLength_ * sizeof(T));
    pipe_.InitBuffer(outQueueY_, BUFFER_NUM, tileLength_ * sizeof(T));
    pipe_.InitBuffer(outQueueZ_, BUFFER_NUM, tileLength_ * sizeof(T));
    pipe_.InitBuffer(calcBuf_, 3 * tileLength_ * sizeof(C));
  }

  __aicore__ inline void Process() {
    for (uint32_t i = 0; i < blockLength_ / tileLength_; ++i) {
      LocalTensor<T> xLocal = inQueue_.AllocTensor<T>();
      DataCopy(xLocal, xGm_[i * tileLength_], tileLength_);
      inQueue_.EnQue(xLocal);
      Compute();
      LocalTensor<T> yLocal = outQueueY_.DeQue<T>();
      LocalTensor<T> zLocal = outQueueZ_.DeQue<T>();
      DataCopy(yGm_[i * tileLength_], yLocal, tileLength_);
      DataCopy(zGm_[i * tileLength_], zLocal, tileLength_);
      outQueueY_.FreeTensor(yLocal);
      outQueueZ_.FreeTensor(zLocal);
    }
  }

 private:
  __aicore__ inline void Compute() {
    LocalTensor<T> xLocal = inQueue_.DeQue<T>();
    LocalTensor<T> yLocal = outQueueY_.AllocTensor<T>();
    LocalTensor<T> zLocal = outQueueZ_.AllocTensor<T>();
    LocalTensor<C> calc = calcBuf_.Get<C>();
    LocalTensor<C> xc = calc;
    LocalTensor<C> soft = calc[tileLength_];
    LocalTensor<C> sig = calc[2 * tileLength_];
    uint32_t n = tileLength_;

    if constexpr (std::is_same_v<T, bfloat16_t>) {
      Cast(xc, xLocal, RoundMode::CAST_NONE, n);
    } else {
      DataCopy(xc, xLocal, n);
    }
    inQueue_.FreeTensor(xLocal);
    PipeBarrier<PIPE_V>();
    Exp(soft, xc, n);
    Muls(sig, xc, (C)-1, n);
    PipeBarrier<PIPE_V>();
    Adds(soft, soft, (C)1, n);
    Exp(sig, sig, n);
    PipeBarrier<PIPE_V>();
    Ln(soft, soft, n);
    Adds(sig, sig, (C)1, n);
    PipeBarrier<PIPE_V>();
    Reciprocal(sig, sig, n);
    PipeBarrier<PIPE_V>();

    if constexpr (std::is_same_v<T, bfloat16_t>) {
      Cast(yLocal, soft, RoundMode::CAST_RINT, n);
      Cast(zLocal, sig, RoundMode::CAST_RINT, n);
    } else {
      DataCopy(yLocal, soft, n);
      DataCopy(zLocal, sig, n);
    }
    outQueueY_.EnQue(yLocal);
    outQueueZ_.EnQue(zLocal);
  }

  TPipe pipe_;
  TQue<QuePosition::VECIN, BUFFER_NUM> inQueue_;
  TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueY_, outQueueZ_;
  TBuf<TPosition::VECCALC> calcBuf_;
  GlobalTensor<T> xGm_, yGm_, zGm_;
  uint32_t blockLength_ = 0, tileLength_ = 0;
};
}  // namespace

extern "C" __global__ __aicore__ void softplus(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling) {
  GET_TILING_DATA(tilingData, tiling);
  Softplus<DTYPE_X> op;
  op.Init(x, y, z, tilingData);
  op.Process();
}
