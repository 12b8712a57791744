// Per-tensor int4 quantisation both ways, as a W4A16 weight path does it: an int4 x is
// dequantised to half (Cast int4 -> half, exact, then Muls by the scale); a half x is quantised
// to int4 (Muls by 1 / scale, then Cast half -> int4 with CAST_RINT, saturating to -8..7). The
// int4 tensors are AscendC's int4b_t: two to a byte, so their UB tiles take tileLength / 2 bytes
// and a DataCopy of tileLength of them moves tileLength / 2 bytes.
#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;

template <typename X, typename Y>
class W4Quant {
 public:
  __aicore__ inline W4Quant() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const W4QuantTilingData& tiling) {
    blockLength_ = tiling.blockLength;
    tileLength_ = tiling.tileLength;
    scale_ = tiling.scale;
    uint64_t offset = (uint64_t)GetBlockIdx() * blockLength_;
    xGm_.SetGlobalBuffer((__gm__ X*)x, (uint64_t)GetBlockNum() * blockLength_);
    yGm_.SetGlobalBuffer((__gm__ Y*)y, (uint64_t)GetBlockNum() * blockLength_);
    xGm_ = xGm_[offset];
    yGm_ = yGm_[offset];
    pipe_.InitBuffer(inQueue_, BUFFER_NUM, BytesOf<X>(tileLength_));
    pipe_.InitBuffer(outQueue_, BUFFER_NUM, BytesOf<Y>(tileLength_));
  }

  __aicore__ inline void Process() {
    for (uint32_t i = 0; i < blockLength_ / tileLength_; ++i) {
      LocalTensor<X> xLocal = inQueue_.AllocTensor<X>();
      DataCopy(xLocal, xGm_[i * tileLength_], tileLength_);
      inQueue_.EnQue(xLocal);
      Compute();
      LocalTensor<Y> yLocal = outQueue_.DeQue<Y>();
      DataCopy(yGm_[i * tileLength_], yLocal, tileLength_);
      outQueue_.FreeTensor(yLocal);
    }
  }

 private:
  template <typename T>
  __aicore__ static inline uint32_t BytesOf(uint32_t count) {
    if constexpr (std::is_same_v<T, int4b_t>) return count / 2;
    else return count * sizeof(T);
  }

  __aicore__ inline void Compute() {
    LocalTensor<X> xLocal = inQueue_.DeQue<X>();
    LocalTensor<Y> yLocal = outQueue_.AllocTensor<Y>();
    if constexpr (std::is_same_v<X, int4b_t>) {
      Cast(yLocal, xLocal, RoundMode::CAST_NONE, tileLength_);
      PipeBarrier<PIPE_V>();
      Muls(yLocal, yLocal, (half)scale_, tileLength_);
    } else {
      Muls(xLocal, xLocal, (half)(1.0f / scale_), tileLength_);
      PipeBarrier<PIPE_V>();
      Cast(yLocal, xLocal, RoundMode::CAST_RINT, tileLength_);
    }
    outQueue_.EnQue(yLocal);
    inQueue_.FreeTensor(xLocal);
  }

  TPipe pipe_;
  TQue<QuePosition::VECIN, BUFFER_NUM> inQueue_;
  TQue<QuePosition::VECOUT, BUFFER_NUM> outQueue_;
  GlobalTensor<X> xGm_;
  GlobalTensor<Y> yGm_;
  uint32_t blockLength_ = 0, tileLength_ = 0;
  float scale_ = 1.0f;
};
}  // namespace

extern "C" __global__ __aicore__ void w4_quant(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  GET_TILING_DATA(tilingData, tiling);
  W4Quant<DTYPE_X, DTYPE_Y> op;
  op.Init(x, y, tilingData);
  op.Process();
}
