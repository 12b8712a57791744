// dequant_swiglu_quant: v = x * weightScale[c] * activationScale[t], s = silu(v[:, :H]) * v[:, H:],
// then per row the int8 quantisation of s (../dynamic_quant/row_quant.h). Rows are split over the
// cores; a chunk of columns brings both halves of x and of weightScale in one buffer (the a part
// at 0, the b part at `chunk`), converted and scaled in place. A row of one chunk is computed
// once; a longer one twice (a pass for the maximum, one to quantise).
#include "../dynamic_quant/row_quant.h"

namespace {
using namespace AscendC;
using namespace sk_ops;

class DequantSwigluQuant {
 public:
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR weightScale, GM_ADDR activationScale, GM_ADDR y, GM_ADDR scale,
                              const RowQuantTilingData& t) {
    cols_ = t.cols;
    chunk_ = t.chunk;
    uint32_t first = GetBlockIdx() * t.rowsPerCore;
    rows_ = first >= t.rows ? 0 : (first + t.rowsPerCore > t.rows ? t.rows - first : t.rowsPerCore);
    xGm_.SetGlobalBuffer((__gm__ int32_t*)x + (uint64_t)first * 2 * cols_);
    wGm_.SetGlobalBuffer((__gm__ float*)weightScale);
    actGm_.SetGlobalBuffer((__gm__ float*)activationScale + first);
    yGm_.SetGlobalBuffer((__gm__ int8_t*)y + (uint64_t)first * cols_);
    scaleGm_.SetGlobalBuffer((__gm__ float*)scale + first);
    pipe_.InitBuffer(inQueue_, 1, 4 * chunk_ * sizeof(float));  // x a, x b, weightScale a, b
    pipe_.InitBuffer(outQueue_, 2, chunk_ * sizeof(int8_t));
    pipe_.InitBuffer(workBuf_, chunk_ * sizeof(float));
    pipe_.InitBuffer(narrowBuf_, chunk_ * sizeof(half));
    pipe_.InitBuffer(redBuf_, ONE_BLK_SIZE);
    pipe_.InitBuffer(scaleBuf_, AlignUp(t.rowsPerCore * sizeof(float), ONE_BLK_SIZE));
    pipe_.InitBuffer(actBuf_, AlignUp(t.rowsPerCore * sizeof(float), ONE_BLK_SIZE));
  }

  __aicore__ inline void Process() {
    if (rows_ == 0) return;
    LocalTensor<float> act = actBuf_.Get<float>(), scales = scaleBuf_.Get<float>();
    DataCopyPad(act, actGm_, {1, (uint32_t)(rows_ * sizeof(float)), 0, 0, 0}, {false, 0, 0, 0.0f});
    WaitPipe<HardEvent::MTE2_S>();
    uint32_t chunks = (cols_ + chunk_ - 1) / chunk_;
    for (uint32_t r = 0; r < rows_; ++r) {
      float rowScale = act.GetValue(r), absMax = 0.0f;
      LocalTensor<float> s;
      for (uint32_t c = 0; c < chunks; ++c) {
        s = SwiGlu(r, c, rowScale);
        float m = AbsMax(s, workBuf_.Get<float>(), redBuf_.Get<float>(), length(c));
        absMax = m > absMax ? m : absMax;
        if (chunks > 1) inQueue_.FreeTensor(s);
      }
      float scale = ScaleOf(absMax);
      scales.SetValue(r, scale);
      for (uint32_t c = 0; c < chunks; ++c) {
        if (chunks > 1) s = SwiGlu(r, c, rowScale);
        LocalTensor<int8_t> y = outQueue_.AllocTensor<int8_t>();
        Quantise(y, s, workBuf_.Get<float>(), narrowBuf_.Get<half>(), scale, length(c));
        inQueue_.FreeTensor(s);
        outQueue_.EnQue(y);
        y = outQueue_.DeQue<int8_t>();
        DataCopyPad(yGm_[(uint64_t)r * cols_ + c * chunk_], y, {1, length(c), 0, 0, 0});
        outQueue_.FreeTensor(y);
      }
    }
    WaitPipe<HardEvent::S_MTE3>();
    DataCopyPad(scaleGm_, scales, {1, (uint32_t)(rows_ * sizeof(float)), 0, 0, 0});
  }

 private:
  __aicore__ inline uint32_t length(uint32_t c) { return ChunkLength(cols_, chunk_, c); }

  // s of chunk c of row r, in the first `chunk` floats of an input buffer the caller frees.
  __aicore__ inline LocalTensor<float> SwiGlu(uint32_t r, uint32_t c, float rowScale) {
    uint32_t n = length(c), col = c * chunk_;
    LocalTensor<int32_t> in = inQueue_.AllocTensor<int32_t>();
    DataCopyExtParams copy{1, (uint32_t)(n * sizeof(int32_t)), 0, 0, 0};
    uint64_t row = (uint64_t)r * 2 * cols_;
    DataCopyPad(in, xGm_[row + col], copy, {false, 0, 0, 0});
    DataCopyPad(in[chunk_], xGm_[row + cols_ + col], copy, {false, 0, 0, 0});
    LocalTensor<float> w = in.ReinterpretCast<float>()[2 * chunk_];
    DataCopyPad(w, wGm_[col], copy, {false, 0, 0, 0.0f});
    DataCopyPad(w[chunk_], wGm_[cols_ + col], copy, {false, 0, 0, 0.0f});
    inQueue_.EnQue(in);
    in = inQueue_.DeQue<int32_t>();
    LocalTensor<float> v = in.ReinterpretCast<float>(), a = v, b = v[chunk_], t = workBuf_.Get<float>();
    for (uint32_t i = 0; i < 2; ++i) {  // v = x * weightScale * activationScale, in place
      LocalTensor<float> part = i ? b : a;
      Cast(part, in[i * chunk_], RoundMode::CAST_RINT, n);
      PipeBarrier<PIPE_V>();
      Mul(part, part, w[i * chunk_], n);
      PipeBarrier<PIPE_V>();
      Muls(part, part, rowScale, n);
    }
    PipeBarrier<PIPE_V>();
    Muls(t, a, -1.0f, n);  // silu(a) = a / (1 + exp(-a))
    PipeBarrier<PIPE_V>();
    Exp(t, t, n);
    PipeBarrier<PIPE_V>();
    Adds(t, t, 1.0f, n);
    PipeBarrier<PIPE_V>();
    Div(t, a, t, n);
    PipeBarrier<PIPE_V>();
    Mul(a, t, b, n);
    PipeBarrier<PIPE_V>();
    return a;
  }

  TPipe pipe_;
  TQue<QuePosition::VECIN, 1> inQueue_;
  TQue<QuePosition::VECOUT, 2> outQueue_;
  TBuf<TPosition::VECCALC> workBuf_, narrowBuf_, redBuf_, scaleBuf_, actBuf_;
  GlobalTensor<int32_t> xGm_;
  GlobalTensor<float> wGm_, actGm_, scaleGm_;
  GlobalTensor<int8_t> yGm_;
  uint32_t rows_ = 0, cols_ = 0, chunk_ = 0;
};
}  // namespace

extern "C" __global__ __aicore__ void dequant_swiglu_quant(GM_ADDR x, GM_ADDR weightScale, GM_ADDR activationScale,
                                                           GM_ADDR y, GM_ADDR scale, GM_ADDR workspace,
                                                           GM_ADDR tiling) {
  GET_TILING_DATA_WITH_STRUCT(RowQuantTilingData, t, tiling);
  DequantSwigluQuant op;
  op.Init(x, weightScale, activationScale, y, scale, t);
  op.Process();
}
