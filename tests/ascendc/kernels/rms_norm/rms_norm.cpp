// RMSNorm over the last axis: y = x * rsqrt(mean(x^2) + epsilon) * gamma, for half x and gamma,
// computed in float32. The sum of squares is two whole-repeat sums (WholeReduceSum: one partial
// per 64-float repeat; ReduceRepeat<ReduceType::SUM>, CANN 9's name: the partials); the
// reciprocal root is computed on the vector unit (Muls, Adds, Rsqrt on one element) and read
// back with GetValue to scale the row. A TBufPool lends the same UB first to gamma's staging
// copy, then to the row pipeline.
#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t FLOATS_PER_REPEAT = ONE_REPEAT_BYTE_SIZE / sizeof(float);

class KernelRmsNorm {
 public:
  __aicore__ inline KernelRmsNorm() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR gamma, GM_ADDR y, const RmsNormTilingData& tiling) {
    cols_ = tiling.cols;
    avgFactor_ = tiling.avgFactor;
    epsilon_ = tiling.epsilon;
    uint32_t blockIdx = GetBlockIdx();
    uint32_t firstRow;
    if (blockIdx < tiling.formerNum) {
      rows_ = tiling.formerRows;
      firstRow = blockIdx * tiling.formerRows;
    } else {
      rows_ = tiling.tailRows;
      firstRow = tiling.formerNum * tiling.formerRows + (blockIdx - tiling.formerNum) * tiling.tailRows;
    }
    xGm_.SetGlobalBuffer((__gm__ DTYPE_X*)x + (uint64_t)firstRow * cols_, rows_ * cols_);
    gammaGm_.SetGlobalBuffer((__gm__ DTYPE_GAMMA*)gamma, cols_);
    yGm_.SetGlobalBuffer((__gm__ DTYPE_Y*)y + (uint64_t)firstRow * cols_, rows_ * cols_);

    // gamma in float lives for the whole kernel; everything else comes from one pool that first
    // stages gamma's half copy, then (reset) holds the row pipeline.
    pipe_.InitBuffer(gammaBuf_, cols_ * sizeof(float));
    uint32_t poolBytes = BUFFER_NUM * cols_ * (sizeof(DTYPE_X) + sizeof(DTYPE_Y)) + 2 * cols_ * sizeof(float) +
                         FLOATS_PER_REPEAT * sizeof(float);
    pipe_.InitBufPool(pool_, poolBytes);
  }

  __aicore__ inline void Process() {
    LoadGamma();
    for (uint32_t row = 0; row < rows_; ++row) {
      LocalTensor<DTYPE_X> xLocal = inQueue_.AllocTensor<DTYPE_X>();
      DataCopy(xLocal, xGm_[row * cols_], cols_);
      inQueue_.EnQue(xLocal);
      Compute();
      LocalTensor<DTYPE_Y> yLocal = outQueue_.DeQue<DTYPE_Y>();
      DataCopy(yGm_[row * cols_], yLocal, cols_);
      outQueue_.FreeTensor(yLocal);
    }
  }

 private:
  // gamma once per core, kept in float; its staging buffer goes back to the pool.
  __aicore__ inline void LoadGamma() {
    pool_.InitBuffer(gammaQueue_, 1, cols_ * sizeof(DTYPE_GAMMA));
    LocalTensor<DTYPE_GAMMA> gammaHalf = gammaQueue_.AllocTensor<DTYPE_GAMMA>();
    DataCopy(gammaHalf, gammaGm_, cols_);
    gammaQueue_.EnQue(gammaHalf);
    gammaHalf = gammaQueue_.DeQue<DTYPE_GAMMA>();
    Cast(gammaBuf_.Get<float>(), gammaHalf, RoundMode::CAST_NONE, cols_);
    gammaQueue_.FreeTensor(gammaHalf);
    // The row loads overwrite the staging bytes: the cast must have read them.
    event_t vToMte2 = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::V_MTE2));
    SetFlag<HardEvent::V_MTE2>(vToMte2);
    WaitFlag<HardEvent::V_MTE2>(vToMte2);
    pool_.Reset();
    pool_.InitBuffer(inQueue_, BUFFER_NUM, cols_ * sizeof(DTYPE_X));
    pool_.InitBuffer(outQueue_, BUFFER_NUM, cols_ * sizeof(DTYPE_Y));
    pool_.InitBuffer(xFloatBuf_, cols_ * sizeof(float));
    pool_.InitBuffer(squareBuf_, cols_ * sizeof(float));
    pool_.InitBuffer(partialBuf_, FLOATS_PER_REPEAT * sizeof(float));
  }

  __aicore__ inline void Compute() {
    LocalTensor<DTYPE_X> xLocal = inQueue_.DeQue<DTYPE_X>();
    LocalTensor<float> xFloat = xFloatBuf_.Get<float>();
    LocalTensor<float> square = squareBuf_.Get<float>();
    LocalTensor<float> partial = partialBuf_.Get<float>();
    LocalTensor<float> gamma = gammaBuf_.Get<float>();

    Cast(xFloat, xLocal, RoundMode::CAST_NONE, cols_);
    inQueue_.FreeTensor(xLocal);
    PipeBarrier<PIPE_V>();
    Mul(square, xFloat, xFloat, cols_);
    PipeBarrier<PIPE_V>();
    // One partial sum per repeat of 64 floats, then the partials in one masked repeat.
    uint32_t repeats = cols_ / FLOATS_PER_REPEAT;
    WholeReduceSum<float>(partial, square, FLOATS_PER_REPEAT, repeats, 1, 1, DEFAULT_REPEAT_STRIDE);
    PipeBarrier<PIPE_V>();
    ReduceRepeat<ReduceType::SUM, float>(partial, partial, repeats, 1, 1, 1, DEFAULT_REPEAT_STRIDE);
    PipeBarrier<PIPE_V>();
    Muls(partial, partial, avgFactor_, 1);
    PipeBarrier<PIPE_V>();
    Adds(partial, partial, epsilon_, 1);
    PipeBarrier<PIPE_V>();
    Rsqrt(partial, partial, 1);

    event_t vToS = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::V_S));
    SetFlag<HardEvent::V_S>(vToS);
    WaitFlag<HardEvent::V_S>(vToS);
    float rstd = partial.GetValue(0);
    event_t sToV = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::S_V));
    SetFlag<HardEvent::S_V>(sToV);
    WaitFlag<HardEvent::S_V>(sToV);

    Muls(xFloat, xFloat, rstd, cols_);
    PipeBarrier<PIPE_V>();
    Mul(xFloat, xFloat, gamma, cols_);
    PipeBarrier<PIPE_V>();
    LocalTensor<DTYPE_Y> yLocal = outQueue_.AllocTensor<DTYPE_Y>();
    Cast(yLocal, xFloat, RoundMode::CAST_RINT, cols_);
    outQueue_.EnQue(yLocal);
  }

  TPipe pipe_;
  TBufPool<TPosition::VECCALC> pool_;
  TQue<QuePosition::VECIN, 1> gammaQueue_;
  TQue<QuePosition::VECIN, BUFFER_NUM> inQueue_;
  TQue<QuePosition::VECOUT, BUFFER_NUM> outQueue_;
  TBuf<TPosition::VECCALC> gammaBuf_, xFloatBuf_, squareBuf_, partialBuf_;
  GlobalTensor<DTYPE_X> xGm_;
  GlobalTensor<DTYPE_GAMMA> gammaGm_;
  GlobalTensor<DTYPE_Y> yGm_;
  uint32_t rows_ = 0, cols_ = 0;
  float avgFactor_ = 0, epsilon_ = 0;
};
}  // namespace

extern "C" __global__ __aicore__ void rms_norm(GM_ADDR x, GM_ADDR gamma, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  GET_TILING_DATA(tilingData, tiling);
  KernelRmsNorm op;
  op.Init(x, gamma, y, tilingData);
  op.Process();
}
