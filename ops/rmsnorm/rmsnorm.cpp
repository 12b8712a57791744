// rmsnorm: y = x * rsqrt(mean(x^2) + epsilon) * gamma per row, in float32. Each core takes a
// range of rows; a row (any H, copied with DataCopyPad) is normalised whole in UB: cast up,
// ReduceSum of the squares, the reciprocal root on the vector unit (one element) read back as a
// scalar, then x * rstd * gamma rounded once. gamma is cast to float once per core, staged
// through the input queue before the rows use it. Rows are double-buffered.
#include "kernel_operator.h"
#include "rmsnorm_tiling.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t FLOATS_PER_REPEAT = ONE_REPEAT_BYTE_SIZE / sizeof(float);

template <typename T>
class RmsnormKernel {
 public:
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR gamma, GM_ADDR y, const RmsnormTilingData& t) {
    uint32_t first = GetBlockIdx() * t.rowsPerCore;
    rows_ = first >= t.rows ? 0 : (first + t.rowsPerCore > t.rows ? t.rows - first : t.rowsPerCore);
    cols_ = t.cols;
    avgFactor_ = t.avgFactor;
    epsilon_ = t.epsilon;
    xGm_.SetGlobalBuffer((__gm__ T*)x + (uint64_t)first * cols_);
    gammaGm_.SetGlobalBuffer((__gm__ T*)gamma, cols_);
    yGm_.SetGlobalBuffer((__gm__ T*)y + (uint64_t)first * cols_);
    // Every buffer in whole 256-byte repeats: a vector op's last (partial) repeat stays inside.
    uint32_t floatBytes = AlignUp(cols_ * sizeof(float), ONE_REPEAT_BYTE_SIZE);
    pipe_.InitBuffer(inQueue_, BUFFER_NUM, AlignUp(cols_ * sizeof(T), ONE_REPEAT_BYTE_SIZE));
    pipe_.InitBuffer(outQueue_, BUFFER_NUM, AlignUp(cols_ * sizeof(T), ONE_REPEAT_BYTE_SIZE));
    pipe_.InitBuffer(gammaBuf_, floatBytes);
    pipe_.InitBuffer(rowBuf_, floatBytes);
    pipe_.InitBuffer(squareBuf_, floatBytes);
    // ReduceSum's work: one partial per repeat.
    pipe_.InitBuffer(workBuf_, AlignUp(DivCeil(cols_, FLOATS_PER_REPEAT) * sizeof(float), ONE_REPEAT_BYTE_SIZE));
    pipe_.InitBuffer(scalarBuf_, ONE_REPEAT_BYTE_SIZE);
  }

  __aicore__ inline void Process() {
    if (rows_ == 0) return;
    LoadGamma();
    for (uint32_t row = 0; row < rows_; ++row) {
      CopyIn(xGm_[(uint64_t)row * cols_]);
      Compute();
      CopyOut(row);
    }
  }

 private:
  __aicore__ inline void CopyIn(const GlobalTensor<T>& src) {
    LocalTensor<T> in = inQueue_.AllocTensor<T>();
    DataCopyPad(in, src, {1, (uint32_t)(cols_ * sizeof(T)), 0, 0, 0}, {false, 0, 0, (T)0});
    inQueue_.EnQue(in);
  }

  __aicore__ inline void LoadGamma() {
    CopyIn(gammaGm_);
    LocalTensor<T> g = inQueue_.DeQue<T>();
    Cast(gammaBuf_.Get<float>(), g, RoundMode::CAST_NONE, cols_);
    inQueue_.FreeTensor(g);
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
    LocalTensor<float> row = rowBuf_.Get<float>(), square = squareBuf_.Get<float>();
    LocalTensor<float> s = scalarBuf_.Get<float>();
    Cast(row, in, RoundMode::CAST_NONE, cols_);
    inQueue_.FreeTensor(in);
    PipeBarrier<PIPE_V>();
    Mul(square, row, row, cols_);
    PipeBarrier<PIPE_V>();
    ReduceSum(s, square, workBuf_.Get<float>(), cols_);
    PipeBarrier<PIPE_V>();
    Muls(s, s, avgFactor_, 1);
    PipeBarrier<PIPE_V>();
    Adds(s, s, epsilon_, 1);
    PipeBarrier<PIPE_V>();
    Rsqrt(s, s, 1);
    float rstd = ToScalar(s);
    Muls(row, row, rstd, cols_);
    PipeBarrier<PIPE_V>();
    Mul(row, row, gammaBuf_.Get<float>(), cols_);
    PipeBarrier<PIPE_V>();
    LocalTensor<T> out = outQueue_.AllocTensor<T>();
    Cast(out, row, RoundMode::CAST_RINT, cols_);
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
  TBuf<TPosition::VECCALC> gammaBuf_, rowBuf_, squareBuf_, workBuf_, scalarBuf_;
  GlobalTensor<T> xGm_, gammaGm_, yGm_;
  uint32_t rows_ = 0, cols_ = 0;
  float avgFactor_ = 0, epsilon_ = 0;
};
}  // namespace

extern "C" __global__ __aicore__ void rmsnorm(GM_ADDR x, GM_ADDR gamma, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  GET_TILING_DATA_WITH_STRUCT(RmsnormTilingData, t, tiling);
  RmsnormKernel<DTYPE_X> op;
  op.Init(x, gamma, y, t);
  op.Process();
}
