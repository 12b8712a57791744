// softmax over the last axis in float32: y = exp(x - max) * (1 / sum(exp(x - max))) per row.
// Each core takes a range of rows; a row (any N, copied with DataCopyPad) is computed whole in
// UB, double-buffered: ReduceMax and ReduceSum hand their result to the scalar unit, which
// sends back -max (Adds) and the reciprocal of the sum (Muls). float32 rows go from the
// input buffer into the output buffer; half and bfloat16 in a float row, rounded once at the end.
#include "kernel_operator.h"
#include "softmax_tiling.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t FLOATS_PER_REPEAT = ONE_REPEAT_BYTE_SIZE / sizeof(float);

template <typename T>
class SoftmaxKernel {
 public:
  static constexpr bool kCast = !std::is_same_v<T, float>;

  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const SoftmaxTilingData& t) {
    uint32_t first = GetBlockIdx() * t.rowsPerCore;
    rows_ = first >= t.rows ? 0 : (first + t.rowsPerCore > t.rows ? t.rows - first : t.rowsPerCore);
    cols_ = t.cols;
    xGm_.SetGlobalBuffer((__gm__ T*)x + (uint64_t)first * cols_);
    yGm_.SetGlobalBuffer((__gm__ T*)y + (uint64_t)first * cols_);
    // Every buffer in whole 256-byte repeats: a vector op's last (partial) repeat stays inside.
    pipe_.InitBuffer(inQueue_, BUFFER_NUM, AlignUp(cols_ * sizeof(T), ONE_REPEAT_BYTE_SIZE));
    pipe_.InitBuffer(outQueue_, BUFFER_NUM, AlignUp(cols_ * sizeof(T), ONE_REPEAT_BYTE_SIZE));
    if constexpr (kCast) pipe_.InitBuffer(rowBuf_, AlignUp(cols_ * sizeof(float), ONE_REPEAT_BYTE_SIZE));
    // The reductions' work: one partial per repeat.
    pipe_.InitBuffer(workBuf_, AlignUp(DivCeil(cols_, FLOATS_PER_REPEAT) * sizeof(float), ONE_REPEAT_BYTE_SIZE));
    pipe_.InitBuffer(scalarBuf_, ONE_REPEAT_BYTE_SIZE);
  }

  __aicore__ inline void Process() {
    for (uint32_t row = 0; row < rows_; ++row) {
      CopyIn(row);
      Compute();
      CopyOut(row);
    }
  }

 private:
  __aicore__ inline void CopyIn(uint32_t row) {
    LocalTensor<T> in = inQueue_.AllocTensor<T>();
    DataCopyPad(in, xGm_[(uint64_t)row * cols_], {1, (uint32_t)(cols_ * sizeof(T)), 0, 0, 0}, {false, 0, 0, (T)0});
    inQueue_.EnQue(in);
  }

  // The vector unit's result in element 0, handed to the scalar unit.
  __aicore__ inline float ToScalar(const LocalTensor<float>& v) {
    event_t vToS = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::V_S));
    SetFlag<HardEvent::V_S>(vToS);
    WaitFlag<HardEvent::V_S>(vToS);
    float value = v.GetValue(0);
    event_t sToV = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::S_V));
    SetFlag<HardEvent::S_V>(sToV);
    WaitFlag<HardEvent::S_V>(sToV);
    return value;
  }

  __aicore__ inline void Compute() {
    LocalTensor<T> in = inQueue_.DeQue<T>();
    LocalTensor<T> out = outQueue_.AllocTensor<T>();
    LocalTensor<float> s = scalarBuf_.Get<float>(), work = workBuf_.Get<float>();
    // row: where the float row is computed; src: the float row as read.
    LocalTensor<float> row, src;
    if constexpr (kCast) {
      row = src = rowBuf_.Get<float>();
      Cast(row, in, RoundMode::CAST_NONE, cols_);
      PipeBarrier<PIPE_V>();
    } else {
      row = out;
      src = in;
    }
    ReduceMax(s, src, work, cols_);
    float rowMax = ToScalar(s);
    Adds(row, src, -rowMax, cols_);
    inQueue_.FreeTensor(in);
    PipeBarrier<PIPE_V>();
    Exp(row, row, cols_);
    PipeBarrier<PIPE_V>();
    ReduceSum(s, row, work, cols_);
    float inverse = 1.0f / ToScalar(s);
    Muls(row, row, inverse, cols_);
    if constexpr (kCast) {
      PipeBarrier<PIPE_V>();
      Cast(out, row, RoundMode::CAST_RINT, cols_);
    }
    outQueue_.EnQue(out);
  }

  __aicore__ inline void CopyOut(uint32_t row) {
    LocalTensor<T> out = outQueue_.DeQue<T>();
    DataCopyPad(yGm_[(uint64_t)row * cols_], out, {1, (uint32_t)(cols_ * sizeof(T)), 0, 0, 0});
    outQueue_.FreeTensor(out);
  }

  TPipe pipe_;
  TQue<QuePosition::VECIN, BUFFER_NUM> inQueue_;
  TQue<QuePosition::VECOUT, BUFFER_NUM> outQueue_;
  TBuf<TPosition::VECCALC> rowBuf_, workBuf_, scalarBuf_;
  GlobalTensor<T> xGm_, yGm_;
  uint32_t rows_ = 0, cols_ = 0;
};
}  // namespace

extern "C" __global__ __aicore__ void softmax(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  GET_TILING_DATA_WITH_STRUCT(SoftmaxTilingData, t, tiling);
  SoftmaxKernel<DTYPE_X> op;
  op.Init(x, y, t);
  op.Process();
}
