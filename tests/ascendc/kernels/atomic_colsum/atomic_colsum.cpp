// Column sums of a float32 matrix, y[c] = sum_r x[r][c], and the grand total, across cores: each
// core adds up its rows in UB, then all cores add their partial rows into y (and their partial
// totals into total) with the DMA's atomic add. Block 0 zeroes the outputs first; SyncAll keeps
// the other cores' atomic adds behind that.
#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;

class AtomicColsum {
 public:
  __aicore__ inline AtomicColsum() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR total, const AtomicColsumTilingData& tiling) {
    cols_ = tiling.cols;
    tileRows_ = tiling.tileRows;
    uint32_t blockIdx = GetBlockIdx();
    uint32_t firstRow;
    if (blockIdx < tiling.formerNum) {
      rows_ = tiling.formerRows;
      firstRow = blockIdx * tiling.formerRows;
    } else {
      rows_ = tiling.tailRows;
      firstRow = tiling.formerNum * tiling.formerRows + (blockIdx - tiling.formerNum) * tiling.tailRows;
    }
    xGm_.SetGlobalBuffer((__gm__ float*)x + (uint64_t)firstRow * cols_, rows_ * cols_);
    yGm_.SetGlobalBuffer((__gm__ float*)y, cols_);
    totalGm_.SetGlobalBuffer((__gm__ float*)total, 1);
    pipe_.InitBuffer(inQueue_, BUFFER_NUM, tileRows_ * cols_ * sizeof(float));
    pipe_.InitBuffer(accBuf_, cols_ * sizeof(float));
    pipe_.InitBuffer(totalBuf_, ONE_BLK_SIZE);
    pipe_.InitBuffer(workBuf_, cols_ * sizeof(float));
  }

  __aicore__ inline void Process() {
    if (GetBlockIdx() == 0) {
      InitGlobalMemory(yGm_, cols_, 0.0f);
      InitGlobalMemory(totalGm_, 1, 0.0f);
    }
    LocalTensor<float> acc = accBuf_.Get<float>();
    Duplicate(acc, 0.0f, cols_);

    uint32_t tiles = (rows_ + tileRows_ - 1) / tileRows_;
    for (uint32_t i = 0; i < tiles; ++i) {
      uint32_t rows = i + 1 == tiles ? rows_ - i * tileRows_ : tileRows_;
      LocalTensor<float> xLocal = inQueue_.AllocTensor<float>();
      DataCopy(xLocal, xGm_[i * tileRows_ * cols_], rows * cols_);
      inQueue_.EnQue(xLocal);
      xLocal = inQueue_.DeQue<float>();
      for (uint32_t r = 0; r < rows; ++r) {
        Add(acc, acc, xLocal[r * cols_], cols_);
        PipeBarrier<PIPE_V>();
      }
      inQueue_.FreeTensor(xLocal);
    }
    LocalTensor<float> partialTotal = totalBuf_.Get<float>();
    ReduceSum(partialTotal, acc, workBuf_.Get<float>(), cols_);

    // Every core's partials land on zeroed outputs.
    SyncAll();
    event_t vToMte3 = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::V_MTE3));
    SetFlag<HardEvent::V_MTE3>(vToMte3);
    WaitFlag<HardEvent::V_MTE3>(vToMte3);
    SetAtomicAdd<float>();
    DataCopy(yGm_, acc, cols_);
    DataCopyExtParams oneFloat{1, sizeof(float), 0, 0, 0};
    DataCopyPad(totalGm_, partialTotal, oneFloat);
    SetAtomicNone();
  }

 private:
  TPipe pipe_;
  TQue<QuePosition::VECIN, BUFFER_NUM> inQueue_;
  TBuf<TPosition::VECCALC> accBuf_, totalBuf_, workBuf_;
  GlobalTensor<float> xGm_, yGm_, totalGm_;
  uint32_t rows_ = 0, cols_ = 0, tileRows_ = 0;
};
}  // namespace

extern "C" __global__ __aicore__ void atomic_colsum(GM_ADDR x, GM_ADDR y, GM_ADDR total, GM_ADDR workspace, GM_ADDR tiling) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIV_1_0);
  GET_TILING_DATA(tilingData, tiling);
  AtomicColsum op;
  op.Init(x, y, total, tilingData);
  op.Process();
}
