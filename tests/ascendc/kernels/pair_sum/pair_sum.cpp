// y[i] = x[2i] + x[2i + 1] with ReducePairElem<ReduceType::SUM> (CANN 9's name of
// PairReduceSum): one 64-float repeat per call, its 32 sums written in order.
#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t FLOATS_PER_REPEAT = 64, ROWS = 4;
}  // namespace

extern "C" __global__ __aicore__ void pair_sum(GM_ADDR x, GM_ADDR y) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
  TPipe pipe;
  TQue<TPosition::VECIN, 1> inQueue;
  TQue<TPosition::VECOUT, 1> outQueue;
  pipe.InitBuffer(inQueue, 1, ROWS * FLOATS_PER_REPEAT * sizeof(float));
  pipe.InitBuffer(outQueue, 1, ROWS * FLOATS_PER_REPEAT / 2 * sizeof(float));
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ float*)x, ROWS * FLOATS_PER_REPEAT);
  yGm.SetGlobalBuffer((__gm__ float*)y, ROWS * FLOATS_PER_REPEAT / 2);
  LocalTensor<float> xLocal = inQueue.AllocTensor<float>();
  DataCopy(xLocal, xGm, ROWS * FLOATS_PER_REPEAT);
  inQueue.EnQue(xLocal);
  xLocal = inQueue.DeQue<float>();
  LocalTensor<float> yLocal = outQueue.AllocTensor<float>();
  for (int32_t r = 0; r < ROWS; ++r)
    ReducePairElem<ReduceType::SUM, float>(yLocal[r * FLOATS_PER_REPEAT / 2], xLocal[r * FLOATS_PER_REPEAT], FLOATS_PER_REPEAT,
                                           1, 1, 1, DEFAULT_REPEAT_STRIDE);
  outQueue.EnQue(yLocal);
  inQueue.FreeTensor(xLocal);
  yLocal = outQueue.DeQue<float>();
  DataCopy(yGm, yLocal, ROWS * FLOATS_PER_REPEAT / 2);
  outQueue.FreeTensor(yLocal);
}
