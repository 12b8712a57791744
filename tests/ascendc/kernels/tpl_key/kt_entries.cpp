// A kernel whose CPU-test twin, a template, sits under `#ifdef __CCE_KT_TEST__` beside the real
// extern "C" one, as ops-nn's optim kernels write it (no tiling-template tables: a template entry
// would not compile). y = 3 x in float; sk_cc must compile the C entry as it stands.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t kTotal = 1024;

template <typename T> __aicore__ inline void Triple(GM_ADDR x, GM_ADDR y) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, kTotal * sizeof(T));
  GlobalTensor<T> xg, yg;
  xg.SetGlobalBuffer((__gm__ T*)x, kTotal);
  yg.SetGlobalBuffer((__gm__ T*)y, kTotal);
  LocalTensor<T> t = buf.Get<T>();
  DataCopy(t, xg, kTotal);
  SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
  WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
  Muls(t, t, (T)3, (int32_t)kTotal);
  SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
  WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
  DataCopy(yg, t, kTotal);
}

#ifdef __CCE_KT_TEST__
template <typename D_T>
__global__ __aicore__ void kt_entries(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  Triple<D_T>(x, y);
}
#else
extern "C" __global__ __aicore__ void kt_entries(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  Triple<float>(x, y);
}
#endif
