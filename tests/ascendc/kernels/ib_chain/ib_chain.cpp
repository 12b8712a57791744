// Running sums across blocks ordered by IBSet / IBWait through a zeroed GM sync tensor:
//   y[b] = y[b - 1] + x[b]  (block b waits for block b - 1's event 0, reads its row from GM)
//   z    = y[3]             (block 0 waits for block 3's event 1 after its own part)
// Without the waits a block could read a row its predecessor has not written yet.
#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t ROW = 256;
constexpr int32_t LAST_BLOCK = 3;

class IbChain {
 public:
  __aicore__ inline IbChain() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR sync, GM_ADDR y, GM_ADDR z) {
    blockIdx_ = GetBlockIdx();
    xGm_.SetGlobalBuffer((__gm__ float*)x + blockIdx_ * ROW, ROW);
    yGm_.SetGlobalBuffer((__gm__ float*)y, (LAST_BLOCK + 1) * ROW);
    zGm_.SetGlobalBuffer((__gm__ float*)z, ROW);
    syncGm_.SetGlobalBuffer((__gm__ int32_t*)sync, 256);
    pipe_.InitBuffer(inQueueX_, 1, ROW * sizeof(float));
    pipe_.InitBuffer(inQueuePrev_, 1, ROW * sizeof(float));
    pipe_.InitBuffer(outQueueY_, 1, ROW * sizeof(float));
    pipe_.InitBuffer(vecIn_, 1, 8 * sizeof(int32_t));
  }

  __aicore__ inline void Process() {
    if (blockIdx_ > 0) Wait(blockIdx_ - 1, 0);
    LocalTensor<float> xLocal = inQueueX_.AllocTensor<float>();
    LocalTensor<float> prevLocal = inQueuePrev_.AllocTensor<float>();
    DataCopy(xLocal, xGm_, ROW);
    if (blockIdx_ > 0) {
      DataCopy(prevLocal, yGm_[(blockIdx_ - 1) * ROW], ROW);
    } else {
      Duplicate(prevLocal, 0.0f, ROW);
    }
    inQueueX_.EnQue(xLocal);
    inQueuePrev_.EnQue(prevLocal);

    xLocal = inQueueX_.DeQue<float>();
    prevLocal = inQueuePrev_.DeQue<float>();
    LocalTensor<float> yLocal = outQueueY_.AllocTensor<float>();
    Add(yLocal, prevLocal, xLocal, ROW);
    outQueueY_.EnQue(yLocal);
    inQueueX_.FreeTensor(xLocal);
    inQueuePrev_.FreeTensor(prevLocal);

    yLocal = outQueueY_.DeQue<float>();
    DataCopy(yGm_[blockIdx_ * ROW], yLocal, ROW);
    outQueueY_.FreeTensor(yLocal);
    Set(blockIdx_, 0);

    if (blockIdx_ == LAST_BLOCK) Set(LAST_BLOCK, 1);
    if (blockIdx_ == 0) {  // the total, once the last block has written it
      Wait(LAST_BLOCK, 1);
      LocalTensor<float> totalLocal = inQueuePrev_.AllocTensor<float>();
      DataCopy(totalLocal, yGm_[LAST_BLOCK * ROW], ROW);
      inQueuePrev_.EnQue(totalLocal);
      totalLocal = inQueuePrev_.DeQue<float>();
      event_t eventId = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::MTE2_MTE3));
      SetFlag<HardEvent::MTE2_MTE3>(eventId);
      WaitFlag<HardEvent::MTE2_MTE3>(eventId);
      DataCopy(zGm_, totalLocal, ROW);
      inQueuePrev_.FreeTensor(totalLocal);
    }
  }

 private:
  __aicore__ inline void Wait(int32_t block, int32_t eventID) {
    LocalTensor<int32_t> syncBuf = vecIn_.AllocTensor<int32_t>();
    IBWait(syncGm_, syncBuf, block, eventID);
    vecIn_.FreeTensor(syncBuf);
  }
  __aicore__ inline void Set(int32_t block, int32_t eventID) {
    LocalTensor<int32_t> syncBuf = vecIn_.AllocTensor<int32_t>();
    IBSet(syncGm_, syncBuf, block, eventID);
    vecIn_.FreeTensor(syncBuf);
  }

  TPipe pipe_;
  TQue<QuePosition::VECIN, 1> inQueueX_, inQueuePrev_, vecIn_;
  TQue<QuePosition::VECOUT, 1> outQueueY_;
  GlobalTensor<float> xGm_, yGm_, zGm_;
  GlobalTensor<int32_t> syncGm_;
  int32_t blockIdx_ = 0;
};
}  // namespace

extern "C" __global__ __aicore__ void ib_chain(GM_ADDR x, GM_ADDR sync, GM_ADDR y, GM_ADDR z, GM_ADDR workspace,
                                               GM_ADDR tiling) {
  IbChain op;
  op.Init(x, sync, y, z);
  op.Process();
}
