// Asymmetric dequantisation of uint8 codes to half: x = (half(q) - zeroPoint) * scale, computed
// in half as the quantised-inference kernels do (Cast uint8 -> half is exact).
#include "kernel_operator.h"

namespace {
constexpr int32_t BUFFER_NUM = 2;

class DequantUint8 {
 public:
  __aicore__ inline DequantUint8() {}
  __aicore__ inline void Init(GM_ADDR q, GM_ADDR x, const DequantUint8TilingData& tiling) {
    blockLength_ = tiling.blockLength;
    tileLength_ = tiling.tileLength;
    negZeroPoint_ = (half)(-tiling.zeroPoint);
    scale_ = (half)tiling.scale;
    uint64_t offset = (uint64_t)AscendC::GetBlockIdx() * blockLength_;
    qGm_.SetGlobalBuffer((__gm__ DTYPE_Q*)q + offset, blockLength_);
    xGm_.SetGlobalBuffer((__gm__ DTYPE_X*)x + offset, blockLength_);
    pipe_.InitBuffer(inQueueQ_, BUFFER_NUM, tileLength_ * sizeof(DTYPE_Q));
    pipe_.InitBuffer(outQueueX_, BUFFER_NUM, tileLength_ * sizeof(DTYPE_X));
  }
  __aicore__ inline void Process() {
    for (uint32_t i = 0; i < blockLength_ / tileLength_; ++i) {
      AscendC::LocalTensor<DTYPE_Q> qLocal = inQueueQ_.AllocTensor<DTYPE_Q>();
      AscendC::DataCopy(qLocal, qGm_[i * tileLength_], tileLength_);
      inQueueQ_.EnQue(qLocal);

      qLocal = inQueueQ_.DeQue<DTYPE_Q>();
      AscendC::LocalTensor<DTYPE_X> xLocal = outQueueX_.AllocTensor<DTYPE_X>();
      AscendC::Cast(xLocal, qLocal, AscendC::RoundMode::CAST_NONE, tileLength_);
      AscendC::PipeBarrier<PIPE_V>();
      AscendC::Adds(xLocal, xLocal, negZeroPoint_, tileLength_);
      AscendC::PipeBarrier<PIPE_V>();
      AscendC::Muls(xLocal, xLocal, scale_, tileLength_);
      outQueueX_.EnQue(xLocal);
      inQueueQ_.FreeTensor(qLocal);

      xLocal = outQueueX_.DeQue<DTYPE_X>();
      AscendC::DataCopy(xGm_[i * tileLength_], xLocal, tileLength_);
      outQueueX_.FreeTensor(xLocal);
    }
  }

 private:
  AscendC::TPipe pipe_;
  AscendC::TQue<AscendC::QuePosition::VECIN, BUFFER_NUM> inQueueQ_;
  AscendC::TQue<AscendC::QuePosition::VECOUT, BUFFER_NUM> outQueueX_;
  AscendC::GlobalTensor<DTYPE_Q> qGm_;
  AscendC::GlobalTensor<DTYPE_X> xGm_;
  uint32_t blockLength_ = 0, tileLength_ = 0;
  half negZeroPoint_ = 0, scale_ = 1;
};
}  // namespace

extern "C" __global__ __aicore__ void dequant_uint8(GM_ADDR q, GM_ADDR x, GM_ADDR workspace, GM_ADDR tiling) {
  GET_TILING_DATA(tilingData, tiling);
  DequantUint8 op;
  op.Init(q, x, tilingData);
  op.Process();
}
