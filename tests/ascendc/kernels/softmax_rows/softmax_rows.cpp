// Row softmax of a half matrix, computed in float32: y = exp(x - max(x)) / sum(exp(x - max(x)))
// per row. Rows stream through double-buffered queues; the row maximum and sum come back to the
// scalar unit (ReduceMax / ReduceSum, then GetValue behind a V->S flag) and go out again as
// Adds and Duplicate + Div operands (behind an S->V flag).
#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;

class SoftmaxRows {
 public:
  __aicore__ inline SoftmaxRows() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const SoftmaxRowsTilingData& tiling) {
    rows_ = tiling.rowsPerCore;
    cols_ = tiling.cols;
    uint64_t offset = (uint64_t)GetBlockIdx() * rows_ * cols_;
    xGm_.SetGlobalBuffer((__gm__ DTYPE_X*)x + offset, rows_ * cols_);
    yGm_.SetGlobalBuffer((__gm__ DTYPE_Y*)y + offset, rows_ * cols_);
    pipe_.InitBuffer(inQueue_, BUFFER_NUM, cols_ * sizeof(DTYPE_X));
    pipe_.InitBuffer(outQueue_, BUFFER_NUM, cols_ * sizeof(DTYPE_Y));
    pipe_.InitBuffer(rowBuf_, cols_ * sizeof(float));
    pipe_.InitBuffer(denomBuf_, cols_ * sizeof(float));
    pipe_.InitBuffer(reduceBuf_, ONE_BLK_SIZE);
    pipe_.InitBuffer(workBuf_, cols_ * sizeof(float));
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
    LocalTensor<DTYPE_X> xLocal = inQueue_.AllocTensor<DTYPE_X>();
    DataCopy(xLocal, xGm_[row * cols_], cols_);
    inQueue_.EnQue(xLocal);
  }

  // Reduces on the vector unit and hands the scalar result to the scalar unit.
  __aicore__ inline float ToScalar(const LocalTensor<float>& reduced) {
    event_t vToS = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::V_S));
    SetFlag<HardEvent::V_S>(vToS);
    WaitFlag<HardEvent::V_S>(vToS);
    float value = reduced.GetValue(0);
    event_t sToV = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::S_V));
    SetFlag<HardEvent::S_V>(sToV);
    WaitFlag<HardEvent::S_V>(sToV);
    return value;
  }

  __aicore__ inline void Compute() {
    LocalTensor<DTYPE_X> xLocal = inQueue_.DeQue<DTYPE_X>();
    LocalTensor<DTYPE_Y> yLocal = outQueue_.AllocTensor<DTYPE_Y>();
    LocalTensor<float> rowF = rowBuf_.Get<float>();
    LocalTensor<float> denom = denomBuf_.Get<float>();
    LocalTensor<float> reduced = reduceBuf_.Get<float>();
    LocalTensor<float> work = workBuf_.Get<float>();

    Cast(rowF, xLocal, RoundMode::CAST_NONE, cols_);
    PipeBarrier<PIPE_V>();
    ReduceMax(reduced, rowF, work, cols_);
    float rowMax = ToScalar(reduced);
    Adds(rowF, rowF, -rowMax, cols_);
    PipeBarrier<PIPE_V>();
    Exp(rowF, rowF, cols_);
    PipeBarrier<PIPE_V>();
    ReduceSum(reduced, rowF, work, cols_);
    float rowSum = ToScalar(reduced);
    Duplicate(denom, rowSum, cols_);
    PipeBarrier<PIPE_V>();
    Div(rowF, rowF, denom, cols_);
    PipeBarrier<PIPE_V>();
    Cast(yLocal, rowF, RoundMode::CAST_RINT, cols_);

    outQueue_.EnQue(yLocal);
    inQueue_.FreeTensor(xLocal);
  }

  __aicore__ inline void CopyOut(uint32_t row) {
    LocalTensor<DTYPE_Y> yLocal = outQueue_.DeQue<DTYPE_Y>();
    DataCopy(yGm_[row * cols_], yLocal, cols_);
    outQueue_.FreeTensor(yLocal);
  }

  TPipe pipe_;
  TQue<QuePosition::VECIN, BUFFER_NUM> inQueue_;
  TQue<QuePosition::VECOUT, BUFFER_NUM> outQueue_;
  TBuf<TPosition::VECCALC> rowBuf_, denomBuf_, reduceBuf_, workBuf_;
  GlobalTensor<DTYPE_X> xGm_;
  GlobalTensor<DTYPE_Y> yGm_;
  uint32_t rows_ = 0, cols_ = 0;
};
}  // namespace

extern "C" __global__ __aicore__ void softmax_rows(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  GET_TILING_DATA(tilingData, tiling);
  SoftmaxRows op;
  op.Init(x, y, tilingData);
  op.Process();
}
