// dynamic_quant: per row, scale = max|x| / 127 (1 for an all-zero row), y = int8 of x / scale
// (row_quant.h). Rows are split over the cores; a row of one chunk is loaded once, a longer one
// twice (a pass for the maximum, one to quantise). x is cast to float (exact for half and
// bfloat16); the scales collect in UB and leave once per core.
#include "row_quant.h"

namespace {
using namespace AscendC;
using namespace sk_ops;

template <typename T>
class DynamicQuant {
 public:
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR scale, const RowQuantTilingData& t) {
    cols_ = t.cols;
    chunk_ = t.chunk;
    uint32_t first = GetBlockIdx() * t.rowsPerCore;
    rows_ = first >= t.rows ? 0 : (first + t.rowsPerCore > t.rows ? t.rows - first : t.rowsPerCore);
    xGm_.SetGlobalBuffer((__gm__ T*)x + (uint64_t)first * cols_);
    yGm_.SetGlobalBuffer((__gm__ int8_t*)y + (uint64_t)first * cols_);
    scaleGm_.SetGlobalBuffer((__gm__ float*)scale + first);
    pipe_.InitBuffer(inQueue_, 2, chunk_ * sizeof(T));
    pipe_.InitBuffer(outQueue_, 2, chunk_ * sizeof(int8_t));
    pipe_.InitBuffer(valuesBuf_, chunk_ * sizeof(float));
    pipe_.InitBuffer(workBuf_, chunk_ * sizeof(float));
    pipe_.InitBuffer(narrowBuf_, chunk_ * sizeof(half));
    pipe_.InitBuffer(redBuf_, ONE_BLK_SIZE);
    pipe_.InitBuffer(scaleBuf_, AlignUp(t.rowsPerCore * sizeof(float), ONE_BLK_SIZE));
  }

  __aicore__ inline void Process() {
    if (rows_ == 0) return;
    LocalTensor<float> scales = scaleBuf_.Get<float>();
    uint32_t chunks = (cols_ + chunk_ - 1) / chunk_;
    for (uint32_t r = 0; r < rows_; ++r) {
      float absMax = 0.0f;
      for (uint32_t c = 0; c < chunks; ++c) {  // one chunk: its values stay for the quantisation
        float m = AbsMax(Load(r, c), work(), red(), length(c));
        absMax = m > absMax ? m : absMax;
      }
      float scale = ScaleOf(absMax);
      scales.SetValue(r, scale);
      for (uint32_t c = 0; c < chunks; ++c) {
        LocalTensor<float> values = chunks > 1 ? Load(r, c) : valuesBuf_.Get<float>();
        LocalTensor<int8_t> y = outQueue_.AllocTensor<int8_t>();
        Quantise(y, values, work(), narrowBuf_.Get<half>(), scale, length(c));
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
  __aicore__ inline LocalTensor<float> work() { return workBuf_.Get<float>(); }
  __aicore__ inline LocalTensor<float> red() { return redBuf_.Get<float>(); }

  // Chunk c of row r, as floats in valuesBuf_.
  __aicore__ inline LocalTensor<float> Load(uint32_t r, uint32_t c) {
    uint32_t n = length(c);
    LocalTensor<T> in = inQueue_.AllocTensor<T>();
    DataCopyPad(in, xGm_[(uint64_t)r * cols_ + c * chunk_], {1, (uint32_t)(n * sizeof(T)), 0, 0, 0},
                {false, 0, 0, (T)0});
    inQueue_.EnQue(in);
    in = inQueue_.DeQue<T>();
    LocalTensor<float> values = valuesBuf_.Get<float>();
    Cast(values, in, RoundMode::CAST_NONE, n);
    PipeBarrier<PIPE_V>();
    inQueue_.FreeTensor(in);
    return values;
  }

  TPipe pipe_;
  TQue<QuePosition::VECIN, 2> inQueue_;
  TQue<QuePosition::VECOUT, 2> outQueue_;
  TBuf<TPosition::VECCALC> valuesBuf_, workBuf_, narrowBuf_, redBuf_, scaleBuf_;
  GlobalTensor<T> xGm_;
  GlobalTensor<int8_t> yGm_;
  GlobalTensor<float> scaleGm_;
  uint32_t rows_ = 0, cols_ = 0, chunk_ = 0;
};
}  // namespace

extern "C" __global__ __aicore__ void dynamic_quant(GM_ADDR x, GM_ADDR y, GM_ADDR scale, GM_ADDR workspace,
                                                    GM_ADDR tiling) {
  GET_TILING_DATA_WITH_STRUCT(RowQuantTilingData, t, tiling);
  DynamicQuant<DTYPE_X> op;
  op.Init(x, y, scale, t);
  op.Process();
}
