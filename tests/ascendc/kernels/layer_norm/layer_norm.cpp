// LayerNorm over the last axis of a float32 matrix: y = (x - mean) / sqrt(var + eps) * gamma + beta.
// The mean is a count-form ReduceSum read back as a scalar; the variance sums the squared
// deviations with ReduceDataBlock<ReduceType::SUM> (BlockReduceSum: one sum per 32-byte block) and a ReduceSum of those; the
// deviation is divided by a row of sqrt(var + eps) (Duplicate, Adds, Sqrt, Div). Rows come in
// through a double-buffered queue; results go out through a VECOUT queue.
#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t FLOATS_PER_BLOCK = ONE_BLK_SIZE / sizeof(float);
constexpr uint32_t FLOATS_PER_REPEAT = ONE_REPEAT_BYTE_SIZE / sizeof(float);

class LayerNormKernel {
 public:
  __aicore__ inline LayerNormKernel() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR gamma, GM_ADDR beta, GM_ADDR y, const LayerNormTilingData& tiling) {
    rows_ = tiling.rowsPerCore;
    cols_ = tiling.cols;
    invCols_ = tiling.invCols;
    epsilon_ = tiling.epsilon;
    uint64_t offset = (uint64_t)GetBlockIdx() * rows_ * cols_;
    xGm_.SetGlobalBuffer((__gm__ float*)x + offset, rows_ * cols_);
    yGm_.SetGlobalBuffer((__gm__ float*)y + offset, rows_ * cols_);
    gammaGm_.SetGlobalBuffer((__gm__ float*)gamma, cols_);
    betaGm_.SetGlobalBuffer((__gm__ float*)beta, cols_);

    pipe_.InitBuffer(inQueue_, BUFFER_NUM, cols_ * sizeof(float));
    pipe_.InitBuffer(outQueue_, BUFFER_NUM, cols_ * sizeof(float));
    pipe_.InitBuffer(paramBuf_, 2 * cols_ * sizeof(float));    // gamma, beta
    pipe_.InitBuffer(centredBuf_, cols_ * sizeof(float));
    pipe_.InitBuffer(squareBuf_, cols_ * sizeof(float));
    pipe_.InitBuffer(blockSumBuf_, cols_ / FLOATS_PER_BLOCK * sizeof(float));
    pipe_.InitBuffer(reduceBuf_, ONE_BLK_SIZE);
    pipe_.InitBuffer(workBuf_, cols_ * sizeof(float));
  }

  __aicore__ inline void Process() {
    LoadParams();
    for (uint32_t row = 0; row < rows_; ++row) {
      LocalTensor<float> xLocal = inQueue_.AllocTensor<float>();
      DataCopy(xLocal, xGm_[row * cols_], cols_);
      inQueue_.EnQue(xLocal);
      Compute();
      LocalTensor<float> yLocal = outQueue_.DeQue<float>();
      DataCopy(yGm_[row * cols_], yLocal, cols_);
      outQueue_.FreeTensor(yLocal);
    }
  }

 private:
  __aicore__ inline void LoadParams() {
    LocalTensor<float> params = paramBuf_.Get<float>();
    DataCopy(params, gammaGm_, cols_);
    DataCopy(params[cols_], betaGm_, cols_);
    event_t mte2ToV = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::MTE2_V));
    SetFlag<HardEvent::MTE2_V>(mte2ToV);
    WaitFlag<HardEvent::MTE2_V>(mte2ToV);
  }

  __aicore__ inline float ReadScalar(const LocalTensor<float>& t) {
    event_t vToS = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::V_S));
    SetFlag<HardEvent::V_S>(vToS);
    WaitFlag<HardEvent::V_S>(vToS);
    float v = t.GetValue(0);
    event_t sToV = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::S_V));
    SetFlag<HardEvent::S_V>(sToV);
    WaitFlag<HardEvent::S_V>(sToV);
    return v;
  }

  __aicore__ inline void Compute() {
    LocalTensor<float> xLocal = inQueue_.DeQue<float>();
    LocalTensor<float> yLocal = outQueue_.AllocTensor<float>();
    LocalTensor<float> gamma = paramBuf_.Get<float>();
    LocalTensor<float> beta = gamma[cols_];
    LocalTensor<float> centred = centredBuf_.Get<float>();
    LocalTensor<float> square = squareBuf_.Get<float>();
    LocalTensor<float> blockSum = blockSumBuf_.Get<float>();
    LocalTensor<float> reduced = reduceBuf_.Get<float>();
    LocalTensor<float> work = workBuf_.Get<float>();

    ReduceSum(reduced, xLocal, work, cols_);
    float mean = ReadScalar(reduced) * invCols_;
    Adds(centred, xLocal, -mean, cols_);
    inQueue_.FreeTensor(xLocal);
    PipeBarrier<PIPE_V>();
    Mul(square, centred, centred, cols_);
    PipeBarrier<PIPE_V>();
    ReduceDataBlock<ReduceType::SUM, float>(blockSum, square, FLOATS_PER_REPEAT, cols_ / FLOATS_PER_REPEAT, 1, 1, DEFAULT_REPEAT_STRIDE);
    PipeBarrier<PIPE_V>();
    ReduceSum(reduced, blockSum, work, cols_ / FLOATS_PER_BLOCK);
    float variance = ReadScalar(reduced) * invCols_;

    // yLocal holds sqrt(var + eps) first, then the result.
    Duplicate(yLocal, variance, cols_);
    PipeBarrier<PIPE_V>();
    Adds(yLocal, yLocal, epsilon_, cols_);
    PipeBarrier<PIPE_V>();
    Sqrt(yLocal, yLocal, cols_);
    PipeBarrier<PIPE_V>();
    Div(yLocal, centred, yLocal, cols_);
    PipeBarrier<PIPE_V>();
    Mul(yLocal, yLocal, gamma, cols_);
    PipeBarrier<PIPE_V>();
    Add(yLocal, yLocal, beta, cols_);
    outQueue_.EnQue(yLocal);
  }

  TPipe pipe_;
  TQue<QuePosition::VECIN, BUFFER_NUM> inQueue_;
  TQue<QuePosition::VECOUT, BUFFER_NUM> outQueue_;
  TBuf<TPosition::VECCALC> paramBuf_, centredBuf_, squareBuf_, blockSumBuf_, reduceBuf_, workBuf_;
  GlobalTensor<float> xGm_, gammaGm_, betaGm_, yGm_;
  uint32_t rows_ = 0, cols_ = 0;
  float invCols_ = 0, epsilon_ = 0;
};
}  // namespace

extern "C" __global__ __aicore__ void layer_norm(GM_ADDR x, GM_ADDR gamma, GM_ADDR beta, GM_ADDR y, GM_ADDR workspace,
                                                 GM_ADDR tiling) {
  GET_TILING_DATA(tilingData, tiling);
  LayerNormKernel op;
  op.Init(x, gamma, beta, y, tilingData);
  op.Process();
}
