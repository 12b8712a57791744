// y = log_base(x * scale + shift), the Log op with its three attributes. The natural logarithm
// goes through the high-level Log with a shared temporary buffer, base 2 through Log2, base 10
// through Log10 over the whole tile, any other base through Log and a multiply by 1 / ln(base).
// half and float compute in their own type; bfloat16 is cast to float (CAST_NONE) and back
// (CAST_RINT). The entry is named like the C library's log (sk_cc renames it internally).
#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr float LOG_BASE_E = -1.0f;
// Bytes of the temporary buffer the high-level Log may use.
constexpr uint32_t LOG_TMP_BYTES = 8 * 1024;

template <typename T>
class KernelLog {
 public:
  using C = std::conditional_t<std::is_same_v<T, bfloat16_t>, float, T>;

  __aicore__ inline KernelLog() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const LogTilingData& tiling) {
    uint32_t blockIdx = GetBlockIdx();
    uint64_t offset;
    if (blockIdx < tiling.formerNum) {
      blockLength_ = tiling.formerLength;
      offset = (uint64_t)blockIdx * tiling.formerLength;
    } else {
      blockLength_ = tiling.tailLength;
      offset = (uint64_t)tiling.formerNum * tiling.formerLength + (uint64_t)(blockIdx - tiling.formerNum) * tiling.tailLength;
    }
    tileLength_ = tiling.tileLength;
    base_ = tiling.base;
    scale_ = tiling.scale;
    shift_ = tiling.shift;
    invLnBase_ = tiling.invLnBase;
    xGm_.SetGlobalBuffer((__gm__ T*)x + offset, blockLength_);
    yGm_.SetGlobalBuffer((__gm__ T*)y + offset, blockLength_);
    pipe_.InitBuffer(inQueue_, BUFFER_NUM, tileLength_ * sizeof(T));
    pipe_.InitBuffer(outQueue_, BUFFER_NUM, tileLength_ * sizeof(T));
    pipe_.InitBuffer(tmpBuf_, LOG_TMP_BYTES);
    if constexpr (!std::is_same_v<C, T>) {
      pipe_.InitBuffer(xcBuf_, tileLength_ * sizeof(C));
      pipe_.InitBuffer(ycBuf_, tileLength_ * sizeof(C));
    }
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
    LocalTensor<T> xLocal = inQueue_.DeQue<T>();
    LocalTensor<T> yLocal = outQueue_.AllocTensor<T>();
    LocalTensor<C> xc, yc;
    if constexpr (std::is_same_v<C, T>) {
      xc = xLocal;
      yc = yLocal;
    } else {
      xc = xcBuf_.Get<C>();
      yc = ycBuf_.Get<C>();
      Cast(xc, xLocal, RoundMode::CAST_NONE, n);
      PipeBarrier<PIPE_V>();
    }
    if (scale_ != 1.0f) {
      Muls(xc, xc, (C)scale_, n);
      PipeBarrier<PIPE_V>();
    }
    if (shift_ != 0.0f) {
      Adds(xc, xc, (C)shift_, n);
      PipeBarrier<PIPE_V>();
    }
    if (base_ == LOG_BASE_E) {
      LocalTensor<uint8_t> tmp = tmpBuf_.Get<uint8_t>();
      Log(yc, xc, tmp, n);
    } else if (base_ == 2.0f) {
      Log2(yc, xc, n);
    } else if (base_ == 10.0f) {
      Log10(yc, xc);  // the whole tile: the elements past n are never copied out
    } else {
      Log<C, false>(yc, xc, n);
      PipeBarrier<PIPE_V>();
      Muls(yc, yc, (C)invLnBase_, n);
    }
    if constexpr (!std::is_same_v<C, T>) {
      PipeBarrier<PIPE_V>();
      Cast(yLocal, yc, RoundMode::CAST_RINT, n);
    }
    outQueue_.EnQue(yLocal);
    inQueue_.FreeTensor(xLocal);
  }

  __aicore__ inline void CopyOut(uint32_t i, uint32_t n) {
    LocalTensor<T> yLocal = outQueue_.DeQue<T>();
    DataCopyExtParams copy{1, (uint32_t)(n * sizeof(T)), 0, 0, 0};
    DataCopyPad(yGm_[i * tileLength_], yLocal, copy);
    outQueue_.FreeTensor(yLocal);
  }

  TPipe pipe_;
  TQue<QuePosition::VECIN, BUFFER_NUM> inQueue_;
  TQue<QuePosition::VECOUT, BUFFER_NUM> outQueue_;
  TBuf<TPosition::VECCALC> tmpBuf_, xcBuf_, ycBuf_;
  GlobalTensor<T> xGm_, yGm_;
  uint32_t blockLength_ = 0, tileLength_ = 0;
  float base_ = LOG_BASE_E, scale_ = 1.0f, shift_ = 0.0f, invLnBase_ = 1.0f;
};
}  // namespace

extern "C" __global__ __aicore__ void log(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  GET_TILING_DATA(tilingData, tiling);
  KernelLog<DTYPE_X> op;
  op.Init(x, y, tilingData);
  op.Process();
}
