// y = x * factor over 1024 elements of T through one UB buffer: the body of this folder's
// tpl_typed, tpl_split, kt_entries, default_below, format_pick and tpl_pair kernels, which differ in how they are declared.
#ifndef SK_TEST_TPL_KEY_SCALE_COPY_H
#define SK_TEST_TPL_KEY_SCALE_COPY_H

#include "kernel_operator.h"

template <typename T> __aicore__ inline void ScaleCopy(GM_ADDR x, GM_ADDR y, T factor) {
  using namespace AscendC;
  constexpr uint32_t kTotal = 1024;
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
  Muls(t, t, factor, (int32_t)kTotal);
  SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
  WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
  DataCopy(yg, t, kTotal);
}

#endif
