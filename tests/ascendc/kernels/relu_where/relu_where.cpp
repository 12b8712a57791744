// Element-wise activations selected by the tiling key, all on one double-buffered pipeline:
//   key 1: y = where(x > 0, x, 0)       CompareScalar + Select (tensor/scalar mode)
//   key 2: y = clamp(x, lower, upper)   Compare against bound tensors + Select (tensor/tensor mode)
//   key 3: y = leaky_relu(x)            LeakyRelu
//   key 4: y = clamp(x, lower, upper)   Maxs + Mins
// Compare and Select work on whole 256-byte repeats, so a partial last tile is padded with
// zeros on the way in (DataCopyPad) and the count is rounded up to a repeat.
#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t REPEAT_BYTES = 256;

enum class Activation { WHERE_RELU = 1, CLAMP_SELECT = 2, LEAKY_RELU = 3, CLAMP_MINMAX = 4 };

template <typename T, Activation ACT>
class ReluWhere {
 public:
  __aicore__ inline ReluWhere() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const ReluWhereTilingData& tiling) {
    uint32_t offset = GetBlockIdx() * tiling.blockLength;
    blockLength_ = GetBlockIdx() == GetBlockNum() - 1 ? tiling.totalLength - offset : tiling.blockLength;
    tileLength_ = tiling.tileLength;
    lower_ = (T)tiling.lower;
    upper_ = (T)tiling.upper;
    slope_ = (T)tiling.negativeSlope;
    xGm_.SetGlobalBuffer((__gm__ T*)x + offset, blockLength_);
    yGm_.SetGlobalBuffer((__gm__ T*)y + offset, blockLength_);
    pipe_.InitBuffer(inQueueX_, BUFFER_NUM, tileLength_ * sizeof(T));
    pipe_.InitBuffer(outQueueY_, BUFFER_NUM, tileLength_ * sizeof(T));
    if constexpr (ACT == Activation::WHERE_RELU || ACT == Activation::CLAMP_SELECT) {
      pipe_.InitBuffer(maskBuf_, tileLength_ / 8);  // one bit per element
    }
    if constexpr (ACT == Activation::CLAMP_SELECT) {
      pipe_.InitBuffer(boundBuf_, 2 * tileLength_ * sizeof(T));
      LocalTensor<T> bounds = boundBuf_.Get<T>();
      Duplicate(bounds, lower_, tileLength_);
      Duplicate(bounds[tileLength_], upper_, tileLength_);
    }
  }

  __aicore__ inline void Process() {
    uint32_t loops = (blockLength_ + tileLength_ - 1) / tileLength_;
    for (uint32_t i = 0; i < loops; ++i) {
      uint32_t count = i + 1 == loops ? blockLength_ - i * tileLength_ : tileLength_;
      CopyIn(i, count);
      Compute(count);
      CopyOut(i, count);
    }
  }

 private:
  __aicore__ inline void CopyIn(uint32_t progress, uint32_t count) {
    LocalTensor<T> xLocal = inQueueX_.AllocTensor<T>();
    if (count == tileLength_) {
      DataCopy(xLocal, xGm_[progress * tileLength_], count);
    } else {
      uint32_t padded = AlignUp(count * sizeof(T), ONE_BLK_SIZE) / sizeof(T);
      DataCopyExtParams copyParams{1, (uint32_t)(count * sizeof(T)), 0, 0, 0};
      DataCopyPadExtParams<T> padParams{true, 0, (uint8_t)(padded - count), (T)0};
      DataCopyPad(xLocal, xGm_[progress * tileLength_], copyParams, padParams);
      // The rest of the last repeat: zeros as well.
      uint32_t repeatElems = REPEAT_BYTES / sizeof(T);
      uint32_t full = AlignUp(count, repeatElems);
      if (full > padded) {
        SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
        WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
        Duplicate(xLocal[padded], (T)0, full - padded);
      }
    }
    inQueueX_.EnQue(xLocal);
  }

  __aicore__ inline void Compute(uint32_t count) {
    LocalTensor<T> xLocal = inQueueX_.DeQue<T>();
    LocalTensor<T> yLocal = outQueueY_.AllocTensor<T>();
    uint32_t calCount = AlignUp(count, REPEAT_BYTES / sizeof(T));
    if constexpr (ACT == Activation::WHERE_RELU) {
      LocalTensor<uint8_t> mask = maskBuf_.Get<uint8_t>();
      CompareScalar(mask, xLocal, (T)0, CMPMODE::GT, calCount);
      PipeBarrier<PIPE_V>();
      Select(yLocal, mask, xLocal, (T)0, SELMODE::VSEL_TENSOR_SCALAR_MODE, calCount);
    } else if constexpr (ACT == Activation::CLAMP_SELECT) {
      LocalTensor<uint8_t> mask = maskBuf_.Get<uint8_t>();
      LocalTensor<T> lowerT = boundBuf_.Get<T>();
      LocalTensor<T> upperT = lowerT[tileLength_];
      Compare(mask, xLocal, lowerT, CMPMODE::LT, calCount);
      PipeBarrier<PIPE_V>();
      Select(yLocal, mask, lowerT, xLocal, SELMODE::VSEL_TENSOR_TENSOR_MODE, calCount);
      PipeBarrier<PIPE_V>();
      Compare(mask, yLocal, upperT, CMPMODE::GT, calCount);
      PipeBarrier<PIPE_V>();
      Select(yLocal, mask, upperT, yLocal, SELMODE::VSEL_TENSOR_TENSOR_MODE, calCount);
    } else if constexpr (ACT == Activation::LEAKY_RELU) {
      LeakyRelu(yLocal, xLocal, slope_, count);
    } else {
      Maxs(yLocal, xLocal, lower_, count);
      PipeBarrier<PIPE_V>();
      Mins(yLocal, yLocal, upper_, count);
    }
    outQueueY_.EnQue<T>(yLocal);
    inQueueX_.FreeTensor(xLocal);
  }

  __aicore__ inline void CopyOut(uint32_t progress, uint32_t count) {
    LocalTensor<T> yLocal = outQueueY_.DeQue<T>();
    if (count == tileLength_) {
      DataCopy(yGm_[progress * tileLength_], yLocal, count);
    } else {
      DataCopyExtParams copyParams{1, (uint32_t)(count * sizeof(T)), 0, 0, 0};
      DataCopyPad(yGm_[progress * tileLength_], yLocal, copyParams);
    }
    outQueueY_.FreeTensor(yLocal);
  }

  TPipe pipe_;
  TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX_;
  TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueY_;
  TBuf<TPosition::VECCALC> maskBuf_, boundBuf_;
  GlobalTensor<T> xGm_, yGm_;
  uint32_t blockLength_ = 0, tileLength_ = 0;
  T lower_, upper_, slope_;
};

template <Activation ACT>
__aicore__ inline void RunReluWhere(GM_ADDR x, GM_ADDR y, const ReluWhereTilingData& tiling) {
  ReluWhere<DTYPE_X, ACT> op;
  op.Init(x, y, tiling);
  op.Process();
}
}  // namespace

extern "C" __global__ __aicore__ void relu_where(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  GET_TILING_DATA(tilingData, tiling);
  if (TILING_KEY_IS(1)) {
    RunReluWhere<Activation::WHERE_RELU>(x, y, tilingData);
  } else if (TILING_KEY_IS(2)) {
    RunReluWhere<Activation::CLAMP_SELECT>(x, y, tilingData);
  } else if (TILING_KEY_IS(3)) {
    RunReluWhere<Activation::LEAKY_RELU>(x, y, tilingData);
  } else if (TILING_KEY_IS(4)) {
    RunReluWhere<Activation::CLAMP_MINMAX>(x, y, tilingData);
  }
}
