// y = isfinite(x): |x| < inf is false for infinities and NaN. CompareScalar writes one bit per
// element, Select turns the bits into 1 or 0 in half, and Cast makes bytes of them: the op's
// output is bool, which sk_cc declares as DTYPE_Y = bool, ORIG_DTYPE_Y = DT_BOOL; the kernel
// moves it as uint8_t bytes. Built for another output type (the mask as numbers), Select writes
// y directly.
#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
// Compare and Select take whole 256-byte repeats.
constexpr uint32_t REPEAT_BYTES = 256;

#if ORIG_DTYPE_Y == DT_BOOL
using YType = uint8_t;
constexpr bool Y_IS_BOOL = true;
#else
using YType = DTYPE_Y;
constexpr bool Y_IS_BOOL = false;
#endif
// The type Select writes: half before the cast to bytes, else y's own.
using SelType = std::conditional_t<Y_IS_BOOL, half, YType>;

template <typename T>
class KernelIsFinite {
 public:
  __aicore__ inline KernelIsFinite() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const IsFiniteTilingData& tiling) {
    uint32_t blockIdx = GetBlockIdx();
    uint64_t offset = (uint64_t)blockIdx * tiling.blockLength;
    blockLength_ = blockIdx + 1 == GetBlockNum() ? tiling.totalLength - offset : tiling.blockLength;
    tileLength_ = tiling.tileLength;
    xGm_.SetGlobalBuffer((__gm__ T*)x + offset, blockLength_);
    yGm_.SetGlobalBuffer((__gm__ YType*)y + offset, blockLength_);
    pipe_.InitBuffer(inQueue_, BUFFER_NUM, tileLength_ * sizeof(T));
    pipe_.InitBuffer(outQueue_, BUFFER_NUM, tileLength_ * sizeof(YType));
    pipe_.InitBuffer(absBuf_, tileLength_ * sizeof(T));
    pipe_.InitBuffer(maskBuf_, tileLength_ / 8);
    pipe_.InitBuffer(onesBuf_, tileLength_ * sizeof(SelType));
    pipe_.InitBuffer(selBuf_, tileLength_ * sizeof(SelType));
    LocalTensor<SelType> ones = onesBuf_.Get<SelType>();
    Duplicate(ones, (SelType)1, tileLength_);
  }

  __aicore__ inline void Process() {
    uint32_t tiles = (blockLength_ + tileLength_ - 1) / tileLength_;
    for (uint32_t i = 0; i < tiles; ++i) {
      uint32_t n = i + 1 == tiles ? blockLength_ - i * tileLength_ : tileLength_;
      CopyIn(i, n);
      Compute(n);
      CopyOut(i, n);
    }
  }

 private:
  __aicore__ inline void CopyIn(uint32_t i, uint32_t n) {
    LocalTensor<T> xLocal = inQueue_.AllocTensor<T>();
    DataCopyExtParams copy{1, (uint32_t)(n * sizeof(T)), 0, 0, 0};
    DataCopyPadExtParams<T> pad{false, 0, 0, 0};
    DataCopyPad(xLocal, xGm_[i * tileLength_], copy, pad);
    inQueue_.EnQue(xLocal);
  }

  __aicore__ inline void Compute(uint32_t n) {
    // Whole repeats of the widest type: the lanes past n are computed and never copied out.
    constexpr uint32_t perRepeat = REPEAT_BYTES / (sizeof(T) > sizeof(SelType) ? sizeof(T) : sizeof(SelType));
    uint32_t aligned = (n + perRepeat - 1) / perRepeat * perRepeat;
    LocalTensor<T> xLocal = inQueue_.DeQue<T>();
    LocalTensor<YType> yLocal = outQueue_.AllocTensor<YType>();
    LocalTensor<T> absx = absBuf_.Get<T>();
    LocalTensor<uint8_t> mask = maskBuf_.Get<uint8_t>();
    Abs(absx, xLocal, aligned);
    PipeBarrier<PIPE_V>();
    CompareScalar(mask, absx, (T)__builtin_inff(), CMPMODE::LT, aligned);
    PipeBarrier<PIPE_V>();
    LocalTensor<SelType> ones = onesBuf_.Get<SelType>();
#if ORIG_DTYPE_Y == DT_BOOL
    LocalTensor<SelType> sel = selBuf_.Get<SelType>();
    Select(sel, mask, ones, (SelType)0, SELMODE::VSEL_TENSOR_SCALAR_MODE, aligned);
    PipeBarrier<PIPE_V>();
    Cast(yLocal, sel, RoundMode::CAST_NONE, aligned);
#else
    Select(yLocal, mask, ones, (SelType)0, SELMODE::VSEL_TENSOR_SCALAR_MODE, aligned);
#endif
    outQueue_.EnQue(yLocal);
    inQueue_.FreeTensor(xLocal);
  }

  __aicore__ inline void CopyOut(uint32_t i, uint32_t n) {
    LocalTensor<YType> yLocal = outQueue_.DeQue<YType>();
    DataCopyExtParams copy{1, (uint32_t)(n * sizeof(YType)), 0, 0, 0};
    DataCopyPad(yGm_[i * tileLength_], yLocal, copy);
    outQueue_.FreeTensor(yLocal);
  }

  TPipe pipe_;
  TQue<QuePosition::VECIN, BUFFER_NUM> inQueue_;
  TQue<QuePosition::VECOUT, BUFFER_NUM> outQueue_;
  TBuf<TPosition::VECCALC> absBuf_, maskBuf_, onesBuf_, selBuf_;
  GlobalTensor<T> xGm_;
  GlobalTensor<YType> yGm_;
  uint32_t blockLength_ = 0, tileLength_ = 0;
};
}  // namespace

extern "C" __global__ __aicore__ void is_finite(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  GET_TILING_DATA(tilingData, tiling);
  KernelIsFinite<DTYPE_X> op;
  op.Init(x, y, tilingData);
  op.Process();
}
