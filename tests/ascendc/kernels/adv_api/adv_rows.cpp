// The row-wise high-level APIs on a [rows, cols] tile of DTYPE_X, chosen by the tiling key:
// SoftMax (sum and max of T, flags after T) + AdjustSoftMaxRes, LogSoftMax, SoftmaxFlashV2
// without and with update, SimpleSoftMax, SoftmaxGrad, SoftmaxGradFront, CumSum along either
// axis. Per-row values (s, m, e and the previous pm, ps) take one 32-byte block per row. Every
// output is zeroed first, so a key leaves the outputs it does not compute at zero.
#include "kernel_operator.h"

using namespace AscendC;

namespace {
using T = DTYPE_X;
constexpr uint32_t PER_BLOCK = 32 / sizeof(T);

__aicore__ inline void CopyIn(TPipe& pipe, TQue<QuePosition::VECIN, 1>& q, LocalTensor<T>& t, GM_ADDR gm, uint32_t n) {
  pipe.InitBuffer(q, 1, n * sizeof(T));
  GlobalTensor<T> g;
  g.SetGlobalBuffer((__gm__ T*)gm, n);
  t = q.AllocTensor<T>();
  DataCopy(t, g, n);
  q.EnQue(t);
  t = q.DeQue<T>();
}
__aicore__ inline void CopyOut(const LocalTensor<T>& t, GM_ADDR gm, uint32_t n) {
  GlobalTensor<T> g;
  g.SetGlobalBuffer((__gm__ T*)gm, n);
  DataCopy(g, t, n);
}
}  // namespace

extern "C" __global__ __aicore__ void adv_rows(GM_ADDR x, GM_ADDR g, GM_ADDR pm, GM_ADDR ps, GM_ADDR y, GM_ADDR s, GM_ADDR m,
                                               GM_ADDR e, GM_ADDR workspace, GM_ADDR tiling) {
  REGISTER_TILING_DEFAULT(AdvTilingData);
  GET_TILING_DATA_WITH_STRUCT(AdvTilingData, t, tiling);
  const uint32_t rows = t.rows, cols = t.cols, n = rows * cols, nb = rows * PER_BLOCK;
  TPipe pipe;
  TQue<QuePosition::VECIN, 1> qx, qg, qpm, qps;
  TBuf<TPosition::VECCALC> outs, tmpBuf;
  LocalTensor<T> xl, gl, pml, psl;
  CopyIn(pipe, qx, xl, x, n);
  CopyIn(pipe, qg, gl, g, n);
  CopyIn(pipe, qpm, pml, pm, nb);
  CopyIn(pipe, qps, psl, ps, nb);
  pipe.InitBuffer(outs, (n + 3 * nb) * sizeof(T));
  pipe.InitBuffer(tmpBuf, 4096);
  LocalTensor<T> all = outs.Get<T>();
  LocalTensor<T> yl = all, sl = all[n], ml = all[n + nb], el = all[n + 2 * nb];
  yl.SetSize(n);
  sl.SetSize(nb);
  ml.SetSize(nb);
  el.SetSize(nb);
  Duplicate(all, (T)0, (int32_t)(n + 3 * nb));
  PipeBarrier<PIPE_V>();
  LocalTensor<uint8_t> tmp = tmpBuf.Get<uint8_t>();
  SoftMaxShapeInfo shape = {rows, cols, rows, cols};
  SoftMaxTiling st;
  st.srcM = rows;
  st.srcK = cols;
  LogSoftMaxTiling lt;
  if (TILING_KEY_IS(1)) {
    SoftMax<T, false, false>(yl, sl, ml, xl, tmp, st, shape);
    // rows whose max equals row 2's max (its bits) become t.scalar
    event_t vToS = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::V_S));
    SetFlag<HardEvent::V_S>(vToS);
    WaitFlag<HardEvent::V_S>(vToS);
    T row2 = ml.GetValue(2 * PER_BLOCK);
    uint32_t bits = 0;
    for (uint32_t b = 0; b < sizeof(T); ++b) bits |= (uint32_t)((uint8_t*)&row2)[b] << (8 * b);
    // flags 2: the maxima one after another (max shaped (rows, 1)), read with stepSizeMode 1
    LocalTensor<T> compact = tmp.ReinterpretCast<T>();
    if (t.flags & 2)
      for (uint32_t i = 0; i < rows; ++i) compact.SetValue(i, ml.GetValue(i * PER_BLOCK));
    event_t sToV = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::S_V));
    SetFlag<HardEvent::S_V>(sToV);
    WaitFlag<HardEvent::S_V>(sToV);
    if (t.flags & 2) AdjustSoftMaxRes<T, T, false, 1>(yl, compact, bits, (T)t.scalar, shape);
    else AdjustSoftMaxRes<T, T>(yl, ml, bits, (T)t.scalar, shape);
  } else if (TILING_KEY_IS(2)) {
    LogSoftMax<T, false>(yl, sl, ml, xl, tmp, lt, shape);
  } else if (TILING_KEY_IS(3)) {
    SoftmaxFlashV2<T, false>(yl, sl, ml, xl, el, psl, pml, tmp, st, shape);
  } else if (TILING_KEY_IS(4)) {
    // the tiling the kernel computes itself (the kernel-side SoftMaxFlashV2TilingFunc)
    constexpr uint32_t kTmpBytes = 4096;
    SoftMaxTiling own = SoftMaxFlashV2TilingFunc(shape, sizeof(T), sizeof(T), kTmpBytes, true);
    SoftmaxFlashV2<T, true>(yl, sl, ml, xl, el, psl, pml, tmp, own, shape);
  } else if (TILING_KEY_IS(5)) {
    SimpleSoftMax<T>(yl, psl, pml, xl, st, shape);
  } else if (TILING_KEY_IS(6)) {
    SoftmaxGrad<T, false>(yl, gl, xl, tmp, st, false, shape);
  } else if (TILING_KEY_IS(7)) {
    SoftmaxGradFront<T>(sl, gl, xl, tmp, st, shape);
  } else if (TILING_KEY_IS(8)) {
    static constexpr CumSumConfig firstAxis{false, false, true};
    sl.SetSize(cols);  // rows * PER_BLOCK == cols in this variant
    CumSum<T, firstAxis>(yl, sl, xl, tmp, CumSumInfo{rows, cols});
  } else if (TILING_KEY_IS(9)) {
    static constexpr CumSumConfig lastAxis{true, false, false};
    CumSum<T, lastAxis>(yl, sl, xl, CumSumInfo{rows, cols});
  }
  event_t vToMte3 = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::V_MTE3));
  SetFlag<HardEvent::V_MTE3>(vToMte3);
  WaitFlag<HardEvent::V_MTE3>(vToMte3);
  CopyOut(yl, y, n);
  CopyOut(sl, s, nb);
  CopyOut(ml, m, nb);
  CopyOut(el, e, nb);
}
