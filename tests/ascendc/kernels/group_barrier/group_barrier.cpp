// Two rounds through a pair of GroupBarriers in one zeroed GM tensor sync: `full` (3 arriving,
// 5 waiting AIVs, 5 * 512 bytes at the start) and `empty` (5 arriving, 3 waiting, after it).
// Blocks 5..7 produce, blocks 0..4 consume, through one GM buffer p reused by both rounds:
//   round r, producer a (block 5 + a):  (r > 0: empty.Wait(a)), p[a] = x[a] * (r + 1), full.Arrive(a)
//   round r, consumer w (block w):      full.Wait(w), y[w][r] = p[0] + p[1] + p[2] + w, empty.Arrive(w)
// A consumer's second full.Wait must hold it until every producer's second Arrive: without it
// (or with a barrier that opens once and stays open) it reads round 0's rows again; without the
// waits at all the consumers, which run first, read rows not written yet.
#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t ROW = 256;
constexpr uint32_t ARRIVE_NUM = 3;
constexpr uint32_t WAIT_NUM = 5;
constexpr int32_t ROUNDS = 2;

class GroupBarrierRounds {
 public:
  __aicore__ inline GroupBarrierRounds() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR sync, GM_ADDR p, GM_ADDR y) {
    sync_ = sync;
    xGm_.SetGlobalBuffer((__gm__ float*)x, ARRIVE_NUM * ROW);
    pGm_.SetGlobalBuffer((__gm__ float*)p, ARRIVE_NUM * ROW);
    yGm_.SetGlobalBuffer((__gm__ float*)y, WAIT_NUM * ROUNDS * ROW);
    pipe_.InitBuffer(inQueue_, 1, ARRIVE_NUM * ROW * sizeof(float));
    pipe_.InitBuffer(outQueue_, 1, ROW * sizeof(float));
  }

  __aicore__ inline void Process() {
    GroupBarrier<PipeMode::MTE3_MODE> full(sync_, ARRIVE_NUM, WAIT_NUM);
    GroupBarrier<PipeMode::MTE3_MODE> empty(sync_ + full.GetWorkspaceLen(), WAIT_NUM, ARRIVE_NUM);
    uint32_t id = GetBlockIdx();
    for (int32_t r = 0; r < ROUNDS; ++r) {
      if (id >= WAIT_NUM) {
        uint32_t a = id - WAIT_NUM;
        if (r > 0) empty.Wait(a);  // every consumer has read the previous round
        LocalTensor<float> in = inQueue_.AllocTensor<float>();
        DataCopy(in, xGm_[a * ROW], ROW);
        inQueue_.EnQue(in);
        in = inQueue_.DeQue<float>();
        LocalTensor<float> out = outQueue_.AllocTensor<float>();
        Muls(out, in, (float)(r + 1), ROW);
        outQueue_.EnQue(out);
        inQueue_.FreeTensor(in);
        out = outQueue_.DeQue<float>();
        DataCopy(pGm_[a * ROW], out, ROW);
        outQueue_.FreeTensor(out);
        full.Arrive(a);
      } else {
        full.Wait(id);
        LocalTensor<float> in = inQueue_.AllocTensor<float>();
        DataCopy(in, pGm_, ARRIVE_NUM * ROW);
        inQueue_.EnQue(in);
        in = inQueue_.DeQue<float>();
        LocalTensor<float> out = outQueue_.AllocTensor<float>();
        Add(out, in, in[ROW], ROW);
        Add(out, out, in[2 * ROW], ROW);
        Adds(out, out, (float)id, ROW);
        outQueue_.EnQue(out);
        inQueue_.FreeTensor(in);
        out = outQueue_.DeQue<float>();
        DataCopy(yGm_[(id * ROUNDS + r) * ROW], out, ROW);
        outQueue_.FreeTensor(out);
        empty.Arrive(id);
      }
    }
  }

 private:
  TPipe pipe_;
  TQue<QuePosition::VECIN, 1> inQueue_;
  TQue<QuePosition::VECOUT, 1> outQueue_;
  GlobalTensor<float> xGm_, pGm_, yGm_;
  GM_ADDR sync_ = nullptr;
};
}  // namespace

extern "C" __global__ __aicore__ void group_barrier(GM_ADDR x, GM_ADDR sync, GM_ADDR p, GM_ADDR y, GM_ADDR workspace,
                                                    GM_ADDR tiling) {
  GroupBarrierRounds op;
  op.Init(x, sync, p, y);
  op.Process();
}
