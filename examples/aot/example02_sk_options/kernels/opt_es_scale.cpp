// y = x * s (s: the float32 in the tiling), 256 float32 per block, with early-start points.
// Before sk_wait_pre_task_end() it reads only its static tiling and prepares UB (standing in for
// the address and tiling setup of a real operator); after sk_set_next_task_start() it touches no
// buffer another task uses (it scrubs its UB). With early start on, a super kernel overlaps the
// prologue with the previous task and lets the next task start before the epilogue.
#include "sk/kernel.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void opt_es_scale(GM_ADDR x, GM_ADDR y, GM_ADDR tiling) {
  constexpr uint32_t kPerBlock = 256;
  float s;
  CopyTiling(&s, tiling);
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ float*)x + kPerBlock * GetBlockIdx(), kPerBlock);
  yGm.SetGlobalBuffer((__gm__ float*)y + kPerBlock * GetBlockIdx(), kPerBlock);
  TPipe pipe;
  TBuf<TPosition::VECCALC> data, scale;
  pipe.InitBuffer(data, kPerBlock * sizeof(float));
  pipe.InitBuffer(scale, kPerBlock * sizeof(float));
  LocalTensor<float> t = data.Get<float>(), sv = scale.Get<float>();
  for (int i = 0; i < 16; ++i) Duplicate(sv, s, kPerBlock);  // prologue

  WaitPreTaskEnd();
  DataCopy(t, xGm[0], kPerBlock);
  Mul(t, t, sv, kPerBlock);
  DataCopy(yGm[0], t, kPerBlock);
  SetNextTaskStart();

  for (int i = 0; i < 16; ++i) Duplicate(sv, 0.0f, kPerBlock);  // epilogue
}
