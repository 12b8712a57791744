// y = x * scale + bias for half or bfloat16 tensors, computed in float32: each tile is cast up
// (CAST_NONE), scaled and shifted in float, and cast back down. bfloat16 rounds to nearest even
// (CAST_RINT); half rounds ties away from zero (CAST_ROUND). Work is split between "former"
// cores (one block more) and "tail" cores; the last core's partial tile goes through
// DataCopyPad, padded with zeros on the way in.
#include "kernel_operator.h"
#include "scale_cast_tiling.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;

#if ORIG_DTYPE_X == DT_BF16
constexpr RoundMode DOWN_CAST_MODE = RoundMode::CAST_RINT;
#else
constexpr RoundMode DOWN_CAST_MODE = RoundMode::CAST_ROUND;
#endif

template <typename T>
class ScaleCastKernel {
 public:
  __aicore__ inline ScaleCastKernel() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const ScaleCastTilingData& tiling) {
    uint32_t coreIdx = GetBlockIdx();
    uint32_t start;
    if (coreIdx < tiling.formerNum) {
      coreLength_ = tiling.formerLength;
      start = coreIdx * tiling.formerLength;
    } else {
      coreLength_ = tiling.tailLength;
      start = tiling.formerNum * tiling.formerLength + (coreIdx - tiling.formerNum) * tiling.tailLength;
    }
    // Blocks are rounded up on the host: the last core ends at the tensor's end.
    if (start + coreLength_ > tiling.totalLength) coreLength_ = tiling.totalLength - start;
    tileLength_ = tiling.tileLength;
    scale_ = tiling.scale;
    bias_ = tiling.bias;

    xGm_.SetGlobalBuffer((__gm__ T*)x + start, coreLength_);
    yGm_.SetGlobalBuffer((__gm__ T*)y + start, coreLength_);
    pipe_.InitBuffer(inQueue_, BUFFER_NUM, tileLength_ * sizeof(T));
    pipe_.InitBuffer(outQueue_, BUFFER_NUM, tileLength_ * sizeof(T));
    pipe_.InitBuffer(floatBuf_, tileLength_ * sizeof(float));
  }

  __aicore__ inline void Process() {
    uint32_t tileNum = (coreLength_ + tileLength_ - 1) / tileLength_;
    for (uint32_t i = 0; i < tileNum; ++i) {
      uint32_t count = (i == tileNum - 1) ? coreLength_ - i * tileLength_ : tileLength_;
      CopyIn(i, count);
      Compute(count);
      CopyOut(i, count);
    }
  }

 private:
  __aicore__ inline bool Aligned(uint32_t count) const { return (count * sizeof(T)) % ONE_BLK_SIZE == 0; }

  __aicore__ inline void CopyIn(uint32_t progress, uint32_t count) {
    LocalTensor<T> xLocal = inQueue_.AllocTensor<T>();
    if (Aligned(count)) {
      DataCopy(xLocal, xGm_[progress * tileLength_], count);
    } else {
      // Pad the last 32-byte block with zeros so the whole block computes on defined data.
      uint32_t blockElems = ONE_BLK_SIZE / sizeof(T);
      uint8_t rightPad = (uint8_t)(blockElems - count % blockElems);
      DataCopyExtParams copyParams{1, (uint32_t)(count * sizeof(T)), 0, 0, 0};
      DataCopyPadExtParams<T> padParams{true, 0, rightPad, (T)0};
      DataCopyPad(xLocal, xGm_[progress * tileLength_], copyParams, padParams);
    }
    inQueue_.EnQue(xLocal);
  }

  __aicore__ inline void Compute(uint32_t count) {
    LocalTensor<T> xLocal = inQueue_.DeQue<T>();
    LocalTensor<T> yLocal = outQueue_.AllocTensor<T>();
    LocalTensor<float> work = floatBuf_.Get<float>();
    Cast(work, xLocal, RoundMode::CAST_NONE, count);
    PipeBarrier<PIPE_V>();
    Muls(work, work, scale_, count);
    PipeBarrier<PIPE_V>();
    Adds(work, work, bias_, count);
    PipeBarrier<PIPE_V>();
    Cast(yLocal, work, DOWN_CAST_MODE, count);
    outQueue_.EnQue(yLocal);
    inQueue_.FreeTensor(xLocal);
  }

  __aicore__ inline void CopyOut(uint32_t progress, uint32_t count) {
    LocalTensor<T> yLocal = outQueue_.DeQue<T>();
    if (Aligned(count)) {
      DataCopy(yGm_[progress * tileLength_], yLocal, count);
    } else {
      DataCopyExtParams copyParams{1, (uint32_t)(count * sizeof(T)), 0, 0, 0};
      DataCopyPad(yGm_[progress * tileLength_], yLocal, copyParams);
    }
    outQueue_.FreeTensor(yLocal);
  }

  TPipe pipe_;
  TQue<QuePosition::VECIN, BUFFER_NUM> inQueue_;
  TQue<QuePosition::VECOUT, BUFFER_NUM> outQueue_;
  TBuf<TPosition::VECCALC> floatBuf_;
  GlobalTensor<T> xGm_, yGm_;
  uint32_t coreLength_ = 0;
  uint32_t tileLength_ = 0;
  float scale_ = 1.0f;
  float bias_ = 0.0f;
};
}  // namespace

extern "C" __global__ __aicore__ void scale_cast(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  REGISTER_TILING_DEFAULT(ScaleCastTilingData);
  GET_TILING_DATA_WITH_STRUCT(ScaleCastTilingData, tilingData, tiling);
  ScaleCastKernel<DTYPE_X> op;
  op.Init(x, y, tilingData);
  op.Process();
}
