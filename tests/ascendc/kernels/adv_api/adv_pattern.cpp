// The reduce APIs with a pattern on a [rows, cols] float tile (cols 32-byte aligned), chosen by
// the tiling key: 1 ReduceMax AR, 2 ReduceMin RA, 3 ReduceSum AR, 4 ReduceSum RA, 5 ReduceMean AR,
// 6 ReduceProd RA, 7 ReduceAny AR (x > 0 as 1 / 0 first). AR writes rows values, RA cols; the
// rest of y stays 0.
#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void adv_pattern(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  REGISTER_TILING_DEFAULT(AdvTilingData);
  GET_TILING_DATA_WITH_STRUCT(AdvTilingData, t, tiling);
  const uint32_t rows = t.rows, cols = t.cols, n = rows * cols, outN = rows > cols ? rows : cols;
  TPipe pipe;
  TQue<QuePosition::VECIN, 1> inQ;
  TQue<QuePosition::VECOUT, 1> outQ;
  TBuf<TPosition::VECCALC> tmpBuf;
  pipe.InitBuffer(inQ, 1, n * sizeof(float));
  pipe.InitBuffer(outQ, 1, (outN + 7) / 8 * 8 * sizeof(float));
  pipe.InitBuffer(tmpBuf, 2048);
  GlobalTensor<float> xg, yg;
  xg.SetGlobalBuffer((__gm__ float*)x, n);
  yg.SetGlobalBuffer((__gm__ float*)y, outN);
  LocalTensor<float> xl = inQ.AllocTensor<float>();
  DataCopy(xl, xg, n);
  inQ.EnQue(xl);
  xl = inQ.DeQue<float>();
  LocalTensor<float> yl = outQ.AllocTensor<float>();
  Duplicate(yl, 0.0f, (int32_t)outN);
  LocalTensor<uint8_t> tmp = tmpBuf.Get<uint8_t>();
  uint32_t ar[2] = {rows, cols}, ra[2] = {rows, cols};
  if (TILING_KEY_IS(1)) ReduceMax<float, Pattern::Reduce::AR, false>(yl, xl, tmp, ar, true);
  else if (TILING_KEY_IS(2)) ReduceMin<float, Pattern::Reduce::RA>(yl, xl, ra, true);
  else if (TILING_KEY_IS(3)) ReduceSum<float, Pattern::Reduce::AR>(yl, xl, tmp, ar, true);
  else if (TILING_KEY_IS(4)) ReduceSum<float, Pattern::Reduce::RA, true>(yl, xl, ra, true);
  else if (TILING_KEY_IS(5)) ReduceMean<float, Pattern::Reduce::AR>(yl, xl, tmp, ar, true);
  else if (TILING_KEY_IS(6)) ReduceProd<float, Pattern::Reduce::RA>(yl, xl, tmp, ra, true);
  else if (TILING_KEY_IS(7)) {
    Maxs(xl, xl, 0.0f, (int32_t)n);  // negatives -> 0: Any sees the positives
    ReduceAny<float, Pattern::Reduce::AR>(yl, xl, tmp, ar, true);
  }
  outQ.EnQue(yl);
  inQ.FreeTensor(xl);
  yl = outQ.DeQue<float>();
  DataCopy(yg, yl, (outN + 7) / 8 * 8);
  outQ.FreeTensor(yl);
}
