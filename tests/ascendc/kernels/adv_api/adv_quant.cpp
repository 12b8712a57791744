// The quantisation APIs, chosen by the tiling key: 1 AscendQuant per tensor (half -> int8, scale
// the tiling's scalar, offset 0.5), 2 AscendQuant per channel (float -> int8, scale and offset
// tensors of `cols`), 3 AscendDequant (int32 -> float, per-column float scales, the first
// cols - 16 of each row), 4 AscendAntiQuant per channel (int8 -> half, offset and scale of two
// groups of rows). Every output is zeroed first; each key writes one.
#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void adv_quant(GM_ADDR x, GM_ADDR xf, GM_ADDR sc, GM_ADDR of, GM_ADDR xi, GM_ADDR ds, GM_ADDR w8,
                                                GM_ADDR qs, GM_ADDR qo, GM_ADDR q, GM_ADDR dq, GM_ADDR aq, GM_ADDR workspace,
                                                GM_ADDR tiling) {
  REGISTER_TILING_DEFAULT(AdvTilingData);
  GET_TILING_DATA_WITH_STRUCT(AdvTilingData, t, tiling);
  const uint32_t rows = t.rows, cols = t.cols, n = rows * cols;
  TPipe pipe;
  TBuf<TPosition::VECCALC> bx, bxf, bsc, bof, bxi, bds, bw8, bqs, bqo, bq, bdq, baq, btmp;
  pipe.InitBuffer(bx, n * 2);
  pipe.InitBuffer(bxf, n * 4);
  pipe.InitBuffer(bsc, cols * 4);
  pipe.InitBuffer(bof, cols * 4);
  pipe.InitBuffer(bxi, n * 4);
  pipe.InitBuffer(bds, cols * 4);
  pipe.InitBuffer(bw8, n);
  pipe.InitBuffer(bqs, 2 * cols * 2);
  pipe.InitBuffer(bqo, 2 * cols * 2);
  pipe.InitBuffer(bq, n);
  pipe.InitBuffer(bdq, n * 4);
  pipe.InitBuffer(baq, n * 2);
  pipe.InitBuffer(btmp, 1024);
  LocalTensor<half> lx = bx.Get<half>(), lqs = bqs.Get<half>(), lqo = bqo.Get<half>(), laq = baq.Get<half>();
  LocalTensor<float> lxf = bxf.Get<float>(), lsc = bsc.Get<float>(), lof = bof.Get<float>(), lds = bds.Get<float>(), ldq = bdq.Get<float>();
  LocalTensor<int32_t> lxi = bxi.Get<int32_t>();
  LocalTensor<int8_t> lw8 = bw8.Get<int8_t>(), lq = bq.Get<int8_t>();
  GlobalTensor<half> gh;
  GlobalTensor<float> gf;
  GlobalTensor<int32_t> gi;
  GlobalTensor<int8_t> g8;
  gh.SetGlobalBuffer((__gm__ half*)x, n), DataCopy(lx, gh, n);
  gf.SetGlobalBuffer((__gm__ float*)xf, n), DataCopy(lxf, gf, n);
  gf.SetGlobalBuffer((__gm__ float*)sc, cols), DataCopy(lsc, gf, cols);
  gf.SetGlobalBuffer((__gm__ float*)of, cols), DataCopy(lof, gf, cols);
  gi.SetGlobalBuffer((__gm__ int32_t*)xi, n), DataCopy(lxi, gi, n);
  gf.SetGlobalBuffer((__gm__ float*)ds, cols), DataCopy(lds, gf, cols);
  g8.SetGlobalBuffer((__gm__ int8_t*)w8, n), DataCopy(lw8, g8, n);
  gh.SetGlobalBuffer((__gm__ half*)qs, 2 * cols), DataCopy(lqs, gh, 2 * cols);
  gh.SetGlobalBuffer((__gm__ half*)qo, 2 * cols), DataCopy(lqo, gh, 2 * cols);
  Duplicate(lq.ReinterpretCast<int16_t>(), (int16_t)0, (int32_t)(n / 2));
  Duplicate(ldq, 0.0f, (int32_t)n);
  Duplicate(laq, (half)0, (int32_t)n);
  event_t mte2ToV = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::MTE2_V));
  SetFlag<HardEvent::MTE2_V>(mte2ToV);
  WaitFlag<HardEvent::MTE2_V>(mte2ToV);
  LocalTensor<uint8_t> tmp = btmp.Get<uint8_t>();
  if (TILING_KEY_IS(1)) {
    AscendQuant<half>(lq, lx, tmp, t.scalar, 0.5f, n);
  } else if (TILING_KEY_IS(2)) {
    AscendQuant<float>(lq, lxf, lsc, lof, cols, cols, n);
  } else if (TILING_KEY_IS(3)) {
    AscendDequant(ldq, lxi, lds, tmp, {rows, cols, cols - 16});
  } else if (TILING_KEY_IS(4)) {
    uint32_t shape[2] = {2, cols};
    lqo.SetShapeInfo(ShapeInfo(2, shape, DataFormat::ND));
    lqs.SetShapeInfo(ShapeInfo(2, shape, DataFormat::ND));
    AscendAntiQuant<int8_t, half, false>(laq, lw8, lqo, lqs, tmp, rows);
  }
  event_t vToMte3 = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::V_MTE3));
  SetFlag<HardEvent::V_MTE3>(vToMte3);
  WaitFlag<HardEvent::V_MTE3>(vToMte3);
  g8.SetGlobalBuffer((__gm__ int8_t*)q, n), DataCopy(g8, lq, n);
  gf.SetGlobalBuffer((__gm__ float*)dq, n), DataCopy(gf, ldq, n);
  gh.SetGlobalBuffer((__gm__ half*)aq, n), DataCopy(gh, laq, n);
}
