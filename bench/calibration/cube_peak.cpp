// The cube's peak on resident operands: each AIC multiplies the same baseM x baseK and baseK x
// baseN tiles, already in L0A / L0B, `loops` times into L0C (no data movement), then writes C
// once. Tiling: loops, baseM, baseN, baseK.
#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void cube_peak(GM_ADDR c, GM_ADDR workspace, GM_ADDR tiling) {
  GlobalTensor<uint32_t> t;
  t.SetGlobalBuffer((__gm__ uint32_t*)tiling, 4);
  uint32_t loops = t.GetValue(0), baseM = t.GetValue(1), baseN = t.GetValue(2), baseK = t.GetValue(3);
  TPipe pipe;
  TBuf<TPosition::A2> a2;
  TBuf<TPosition::B2> b2;
  TBuf<TPosition::CO1> c1;
  pipe.InitBuffer(a2, baseM * baseK * sizeof(half));
  pipe.InitBuffer(b2, baseK * baseN * sizeof(half));
  pipe.InitBuffer(c1, baseM * baseN * sizeof(float));
  LocalTensor<half> a = a2.Get<half>(), b = b2.Get<half>();
  LocalTensor<float> acc = c1.Get<float>();
  InitConstValue(a, InitConstValueParams<half>(1, baseM * baseK * sizeof(half) / 512, 0, (half)0.5f));
  InitConstValue(b, InitConstValueParams<half>(1, baseK * baseN * sizeof(half) / 512, 0, (half)0.25f));
  SetFlag<HardEvent::MTE1_M>(EVENT_ID0);
  WaitFlag<HardEvent::MTE1_M>(EVENT_ID0);
  for (uint32_t i = 0; i < loops; ++i) Mmad(acc, a, b, MmadParams(baseM, baseN, baseK, 0, false, i == 0));
  SetFlag<HardEvent::M_FIX>(EVENT_ID0);
  WaitFlag<HardEvent::M_FIX>(EVENT_ID0);
  GlobalTensor<float> cGm;
  cGm.SetGlobalBuffer((__gm__ float*)c + (uint64_t)GetBlockIdx() * baseM * baseN, baseM * baseN);
  Fixpipe(cGm, acc, FixpipeParamsV220(baseN, baseM, baseM, baseN, false));
}
