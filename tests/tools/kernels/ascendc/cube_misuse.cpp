// Misuses of the cube path and of cross-core flags, one per tiling key; each must end in a device
// exception (or a deadlock report) naming what is wrong, never a crash.
#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void cube_misuse(GM_ADDR x) {
  GlobalTensor<float> xGm;
  xGm.SetGlobalBuffer((__gm__ float*)x, 1024);
  if ASCEND_IS_AIC {
    TPipe pipe;
    TBuf<TPosition::A1> l1;
    TBuf<TPosition::A2> l0a;
    TBuf<TPosition::B2> l0b;
    TBuf<TPosition::CO1> l0c;
    pipe.InitBuffer(l1, 4096);
    pipe.InitBuffer(l0a, 4096);
    pipe.InitBuffer(l0b, 4096);
    pipe.InitBuffer(l0c, 4096);
    LocalTensor<half> a = l0a.Get<half>(), b = l0b.Get<half>(), inL1 = l1.Get<half>();
    LocalTensor<float> c = l0c.Get<float>();
    if (TILING_KEY_IS(1)) Mmad(c, a[128], b, MmadParams(16, 16, 16, 0, false, true));  // 256 bytes into L0A
    if (TILING_KEY_IS(2)) Mmad(c, inL1, b, MmadParams(16, 16, 16, 0, false, true));
    if (TILING_KEY_IS(3)) {
      GlobalTensor<half> out;
      out.SetGlobalBuffer((__gm__ half*)x, 2048);
      Fixpipe(out, c, FixpipeParamsV220(16, 16, 16, 16, false));  // float to half without F322F16
    }
    if (TILING_KEY_IS(4)) CrossCoreSetFlag<0x2, PIPE_FIX>(1);
  }
  if ASCEND_IS_AIV {
    if (TILING_KEY_IS(5)) CrossCoreWaitFlag(3);  // nobody sets flag 3
  }
}
