// SoftmaxFlashV3 on [rows, cols] half rows (cols >= 512, a multiple of 64), alpha the tiling's
// scalar: key 1 without update, key 2 with update (loopCnt 2) from the previous mean, sum and max
// (one 32-byte block of float per row). Outputs: y, mean, sum, max and (update) expMax.
#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void adv_flash_v3(GM_ADDR x, GM_ADDR pmean, GM_ADDR psum, GM_ADDR pmax, GM_ADDR y, GM_ADDR mean,
                                                   GM_ADDR sum, GM_ADDR max, GM_ADDR emax, GM_ADDR workspace, GM_ADDR tiling) {
  REGISTER_TILING_DEFAULT(AdvTilingData);
  GET_TILING_DATA_WITH_STRUCT(AdvTilingData, t, tiling);
  const uint32_t rows = t.rows, cols = t.cols, n = rows * cols, nb = rows * 8;
  TPipe pipe;
  TBuf<TPosition::VECCALC> bx, by, bstat, bout, be, btmp;
  pipe.InitBuffer(bx, n * 2);
  pipe.InitBuffer(by, n * 2);
  pipe.InitBuffer(bstat, 3 * nb * 4);
  pipe.InitBuffer(bout, 3 * nb * 4);
  pipe.InitBuffer(be, rows * 16 * 2);
  pipe.InitBuffer(btmp, 4096);
  LocalTensor<half> xl = bx.Get<half>(), yl = by.Get<half>(), el = be.Get<half>();
  LocalTensor<float> st = bstat.Get<float>(), out = bout.Get<float>();
  GlobalTensor<half> gh;
  GlobalTensor<float> gf;
  gh.SetGlobalBuffer((__gm__ half*)x, n), DataCopy(xl, gh, n);
  GM_ADDR ins[3] = {pmean, psum, pmax};
  for (int i = 0; i < 3; ++i) gf.SetGlobalBuffer((__gm__ float*)ins[i], nb), DataCopy(st[i * nb], gf, nb);
  Duplicate(out, 0.0f, (int32_t)(3 * nb));
  Duplicate(el, (half)0, (int32_t)(rows * 16));
  event_t mte2ToV = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::MTE2_V));
  SetFlag<HardEvent::MTE2_V>(mte2ToV);
  WaitFlag<HardEvent::MTE2_V>(mte2ToV);
  SoftMaxTiling tilingData{};
  SoftMaxParams params = {rows, cols, rows, cols, 2, 8, t.scalar};
  if (TILING_KEY_IS(1))
    SoftmaxFlashV3<half, float, false>(yl, out, out[nb], out[2 * nb], xl, el, st, st[nb], st[2 * nb], btmp.Get<uint8_t>(), tilingData, params);
  else
    SoftmaxFlashV3<half, float, true>(yl, out, out[nb], out[2 * nb], xl, el, st, st[nb], st[2 * nb], tilingData, params);
  event_t vToMte3 = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::V_MTE3));
  SetFlag<HardEvent::V_MTE3>(vToMte3);
  WaitFlag<HardEvent::V_MTE3>(vToMte3);
  gh.SetGlobalBuffer((__gm__ half*)y, n), DataCopy(gh, yl, n);
  GM_ADDR outs[3] = {mean, sum, max};
  for (int i = 0; i < 3; ++i) gf.SetGlobalBuffer((__gm__ float*)outs[i], nb), DataCopy(gf, out[i * nb], nb);
  gh.SetGlobalBuffer((__gm__ half*)emax, rows * 16), DataCopy(gh, el, rows * 16);
}
