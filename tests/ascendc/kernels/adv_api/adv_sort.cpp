// Sorting, chosen by the tiling key: 1 Concat + Sort<float, isFullSort> + Extract over the first
// 128 scores and indices (one descending order), 2 the same without isFullSort (four sorted runs
// of 32), 3 TopK Normal mode (the 5 largest of each [4, 64] row, indices generated), 4 TopK Small
// mode with given indices (the 4 smallest of each [8, 32] row), 5 the four sorted runs of 2 merged
// by the lib form of MrgSort (the whole 128 in one order). Scores with many ties (integers) check
// that ties keep the earlier element first.
#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void adv_sort(GM_ADDR x, GM_ADDR idx, GM_ADDR sv, GM_ADDR si, GM_ADDR workspace, GM_ADDR tiling) {
  REGISTER_TILING_DEFAULT(AdvTilingData);
  GET_TILING_DATA_WITH_STRUCT(AdvTilingData, t, tiling);
  constexpr uint32_t n = 256;
  TPipe pipe;
  TBuf<TPosition::VECCALC> bx, bi, bsorted, bv, bo, btmp;
  pipe.InitBuffer(bx, n * 4);
  pipe.InitBuffer(bi, n * 4);
  pipe.InitBuffer(bsorted, n * 8);
  pipe.InitBuffer(bv, n * 4);
  pipe.InitBuffer(bo, n * 4);
  pipe.InitBuffer(btmp, n * 8);
  LocalTensor<float> lx = bx.Get<float>(), lv = bv.Get<float>(), sorted = bsorted.Get<float>(), tmpF = btmp.Get<float>();
  LocalTensor<uint32_t> li = bi.Get<uint32_t>(), lo = bo.Get<uint32_t>();
  GlobalTensor<float> gf;
  GlobalTensor<uint32_t> gu;
  gf.SetGlobalBuffer((__gm__ float*)x, n), DataCopy(lx, gf, n);
  gu.SetGlobalBuffer((__gm__ uint32_t*)idx, n), DataCopy(li, gu, n);
  Duplicate(lv, 0.0f, (int32_t)n);
  Duplicate(lo.ReinterpretCast<int32_t>(), 0, (int32_t)n);
  event_t mte2ToV = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::MTE2_V));
  SetFlag<HardEvent::MTE2_V>(mte2ToV);
  WaitFlag<HardEvent::MTE2_V>(mte2ToV);
  if (TILING_KEY_IS(1) || TILING_KEY_IS(2) || TILING_KEY_IS(5)) {
    LocalTensor<float> concat;
    Concat(concat, lx, tmpF, 128 / 16);
    if (TILING_KEY_IS(1)) Sort<float, true>(sorted, concat, li, tmpF, 128 / 32);
    else Sort<float, false>(sorted, concat, li, tmpF, 128 / 32);
    PipeBarrier<PIPE_V>();
    if (TILING_KEY_IS(5)) {  // the runs (8-byte entries, 32 each) merged into tmpF, then back
      const uint16_t counts[4] = {32, 32, 32, 32};
      uint32_t sortedNum[4] = {};
      MrgSortSrcList<float> runs(sorted, sorted[64], sorted[128], sorted[192]);
      MrgSort<float, false>(tmpF, runs, counts, sortedNum, 15, 1);
      PipeBarrier<PIPE_V>();
      Extract(lv, lo, tmpF, 128 / 32);
    } else {
      Extract(lv, lo, sorted, 128 / 32);
    }
  } else {
    LocalTensor<bool> finish;
    LocalTensor<int32_t> srcIndex = li.ReinterpretCast<int32_t>(), dstIndex = lo.ReinterpretCast<int32_t>();
    TopkTiling topkTiling{};
    TopKInfo info;
    if (TILING_KEY_IS(3)) {
      info.outter = 4, info.inner = 64, info.n = 64;
      TopK<float, false, false, false, TopKMode::TOPK_NORMAL>(lv, dstIndex, lx, srcIndex, finish, 5, topkTiling, info, true);
    } else {
      info.outter = 8, info.inner = 32, info.n = 32;
      TopK<float, true, false, false, TopKMode::TOPK_NSMALL>(lv, dstIndex, lx, srcIndex, finish, btmp.Get<uint8_t>(), 4, topkTiling,
                                                               info, false);
    }
  }
  event_t vToMte3 = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::V_MTE3));
  SetFlag<HardEvent::V_MTE3>(vToMte3);
  WaitFlag<HardEvent::V_MTE3>(vToMte3);
  gf.SetGlobalBuffer((__gm__ float*)sv, n), DataCopy(gf, lv, n);
  gu.SetGlobalBuffer((__gm__ uint32_t*)si, n), DataCopy(gu, lo, n);
}
