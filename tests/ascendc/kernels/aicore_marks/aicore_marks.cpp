// y = x * scale + bias in float over each block's span, the span and tile sizes computed by
// helpers declared `[aicore]` (aicore_marks_utils.h); tails through DataCopyPad.
#include "kernel_operator.h"
#include "aicore_marks_utils.h"

using namespace AscendC;

namespace {
class ScaleBias {
 public:
  __aicore__ inline ScaleBias() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const AicoreMarksTilingData& tiling) {
    uint32_t perBlock = marks::RoundUp<8>(tiling.totalLength / GetBlockNum() + 1);
    span_ = marks::Span::OfBlock(tiling.totalLength, perBlock);
    scale_ = tiling.scale;
    bias_ = tiling.bias;
    xGm_.SetGlobalBuffer((__gm__ float*)x + span_.Begin(), span_.Count());
    yGm_.SetGlobalBuffer((__gm__ float*)y + span_.Begin(), span_.Count());
    pipe_.InitBuffer(in_, 2, kTile * sizeof(float));
    pipe_.InitBuffer(out_, 2, kTile * sizeof(float));
  }
  __aicore__ inline void Process() {
    for (uint32_t done = 0; done < span_.Count(); done += kTile) {
      uint32_t count = marks::Min(kTile, span_.Count() - done);
      DataCopyExtParams params{1, (uint32_t)(count * sizeof(float)), 0, 0, 0};
      LocalTensor<float> x = in_.AllocTensor<float>();
      DataCopyPad(x, xGm_[done], params, DataCopyPadExtParams<float>{false, 0, 0, 0});
      in_.EnQue(x);
      x = in_.DeQue<float>();
      LocalTensor<float> y = out_.AllocTensor<float>();
      uint32_t lanes = marks::RoundUp<8>(count);
      Muls(y, x, scale_, lanes);
      Adds(y, y, bias_, lanes);
      in_.FreeTensor(x);
      out_.EnQue(y);
      y = out_.DeQue<float>();
      DataCopyPad(yGm_[done], y, params);
      out_.FreeTensor(y);
    }
  }

 private:
  static constexpr uint32_t kTile = 512;
  TPipe pipe_;
  TQue<TPosition::VECIN, 2> in_;
  TQue<TPosition::VECOUT, 2> out_;
  GlobalTensor<float> xGm_, yGm_;
  marks::Span span_;
  float scale_ = 0, bias_ = 0;
};
}  // namespace

extern "C" __global__ __aicore__ void aicore_marks(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  GET_TILING_DATA(tilingData, tiling);
  ScaleBias op;
  op.Init(x, y, tilingData);
  op.Process();
}
