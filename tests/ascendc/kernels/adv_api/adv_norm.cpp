// The normalisation APIs on a [rows, cols] float tile (rows = B·S of one batch, H = cols),
// chosen by the tiling key: 1 LayerNorm, then LayerNormGrad with its mean and variance and
// LayerNormGradBeta; 2 DeepNorm (alpha = the tiling's scalar); 3 RmsNorm; 4 LayerNorm of [A, R]
// rows (LayerNormPara, rstd out); 5 its variance form, then Normalize; 6 WelfordUpdate per row and
// WelfordFinalize. The API tilings are filled in the kernel from the shape; every output is
// zeroed first.
#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void adv_norm(GM_ADDR x, GM_ADDR gx, GM_ADDR gamma, GM_ADDR beta, GM_ADDR dy, GM_ADDR y, GM_ADDR mean,
                                               GM_ADDR var, GM_ADDR pdx, GM_ADDR res, GM_ADDR pdg, GM_ADDR pdb, GM_ADDR workspace,
                                               GM_ADDR tiling) {
  REGISTER_TILING_DEFAULT(AdvTilingData);
  GET_TILING_DATA_WITH_STRUCT(AdvTilingData, t, tiling);
  const uint32_t rows = t.rows, h = t.cols, n = rows * h;
  TPipe pipe;
  TBuf<TPosition::VECCALC> ins, outs, tmpBuf;
  // inputs: x, gx, dy (n each), gamma, beta (h each); outputs: y, pdx, res (n), mean, var (rows
  // rounded to 8), pdg, pdb (h)
  const uint32_t r8 = (rows + 7) / 8 * 8;
  pipe.InitBuffer(ins, (3 * n + 2 * h) * sizeof(float));
  pipe.InitBuffer(outs, (3 * n + 2 * r8 + 2 * h) * sizeof(float));
  pipe.InitBuffer(tmpBuf, 1024);
  LocalTensor<float> in = ins.Get<float>(), out = outs.Get<float>();
  LocalTensor<float> xl = in, gxl = in[n], dyl = in[2 * n], gal = in[3 * n], bel = in[3 * n + h];
  LocalTensor<float> yl = out, pdxl = out[n], resl = out[2 * n], ml = out[3 * n], vl = out[3 * n + r8], pgl = out[3 * n + 2 * r8],
                     pbl = out[3 * n + 2 * r8 + h];
  GlobalTensor<float> g;
  GM_ADDR srcs[5] = {x, gx, dy, gamma, beta};
  LocalTensor<float> dsts[5] = {xl, gxl, dyl, gal, bel};
  for (int i = 0; i < 5; ++i) {
    uint32_t len = i < 3 ? n : h;
    g.SetGlobalBuffer((__gm__ float*)srcs[i], len);
    DataCopy(dsts[i], g, len);
  }
  Duplicate(out, 0.0f, (int32_t)(3 * n + 2 * r8 + 2 * h));
  event_t mte2ToV = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::MTE2_V));
  SetFlag<HardEvent::MTE2_V>(mte2ToV);
  WaitFlag<HardEvent::MTE2_V>(mte2ToV);
  LocalTensor<uint8_t> tmp = tmpBuf.Get<uint8_t>();
  const float eps = 1e-5f;
  if (TILING_KEY_IS(1)) {
    LayerNormTiling lt{};
    lt.bLength = 1, lt.sLength = rows, lt.hLength = h, lt.originalHLength = h;
    LayerNorm<float, false>(yl, ml, vl, xl, gal, bel, eps, lt);
    PipeBarrier<PIPE_V>();
    LayerNormGradTiling gt{};
    gt.bLength = 1, gt.sLength = rows, gt.hLength = h, gt.originalHLength = h;
    LayerNormGrad<float, false>(pdxl, resl, dyl, xl, vl, ml, gal, tmp, eps, gt);
    PipeBarrier<PIPE_V>();
    LayerNormGradBetaTiling bt{};
    bt.bLength = 1, bt.sLength = rows, bt.hLength = h, bt.originalHLength = h;
    LayerNormGradBeta<float, false>(pgl, pbl, resl, dyl, tmp, bt);
  } else if (TILING_KEY_IS(2)) {
    DeepNormTiling dt{};
    dt.bLength = 1, dt.sLength = rows, dt.hLength = h, dt.originalHLength = h;
    DeepNorm<float, false, false>(yl, ml, vl, xl, gxl, bel, gal, tmp, t.scalar, eps, dt);
  } else if (TILING_KEY_IS(3)) {
    RmsNormTiling rt{};
    rt.bLength = 1, rt.sLength = rows, rt.hLength = h, rt.originalHLength = h;
    RmsNorm<float>(yl, xl, gal, tmp, eps, rt);
  } else if (TILING_KEY_IS(4)) {  // [A, R] LayerNorm: y, mean, rstd (in var)
    LayerNormSeparateTiling st{};
    LayerNorm<float, float, false>(yl, ml, vl, xl, gal, bel, eps, tmp, LayerNormPara{rows, h, h}, st);
  } else if (TILING_KEY_IS(5)) {  // its variance form into res/mean/var, then Normalize from them: y, rstd (in pdg)
    static constexpr LayerNormConfig kVariance = {false, false, false, false};
    LayerNormSeparateTiling st{};
    LayerNorm<float, float, false, kVariance>(resl, ml, vl, xl, gal, bel, eps, LayerNormPara{rows, h, h}, st);
    PipeBarrier<PIPE_V>();
    Normalize<float, float>(yl, pgl, ml, vl, xl, gal, bel, tmp, eps, NormalizePara{rows, h, h});
  } else if (TILING_KEY_IS(6)) {  // WelfordUpdate row by row (lanes in pdg/pdb), WelfordFinalize into mean[0], var[0]
    LocalTensor<float> mean[2] = {pgl, resl}, m2[2] = {pbl, resl[h]};
    Duplicate(resl, 0.0f, (int32_t)(2 * h));
    for (uint32_t r = 0; r < rows; ++r) {
      const uint32_t from = r % 2, to = 1 - from;
      WelfordUpdateParam para{1, h, h, 1.0f / (float)(r + 1)};
      WelfordUpdate<float, float>(mean[to], m2[to], mean[from], m2[from], xl[r * h], tmp, para);
      PipeBarrier<PIPE_V>();
    }
    if (rows % 2 == 1) {  // the last update landed in res: the lanes go to pdg/pdb
      DataCopy(pgl, resl, h);
      DataCopy(pbl, resl[h], h);
      PipeBarrier<PIPE_V>();
    }
    Duplicate(resl, 0.0f, (int32_t)(2 * h));
    PipeBarrier<PIPE_V>();
    WelfordFinalizePara fp{rows, h, rows, h, 0, 0, 1.0f / (float)h, 1.0f / (float)(rows * h), 0.0f};
    WelfordFinalize<false>(ml, vl, pgl, pbl, tmp, fp);
  }
  event_t vToMte3 = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::V_MTE3));
  SetFlag<HardEvent::V_MTE3>(vToMte3);
  WaitFlag<HardEvent::V_MTE3>(vToMte3);
  GM_ADDR outsGm[7] = {y, pdx, res, mean, var, pdg, pdb};
  LocalTensor<float> outsL[7] = {yl, pdxl, resl, ml, vl, pgl, pbl};
  uint32_t lens[7] = {n, n, n, r8, r8, h, h};
  for (int i = 0; i < 7; ++i) {
    g.SetGlobalBuffer((__gm__ float*)outsGm[i], lens[i]);
    DataCopy(g, outsL[i], lens[i]);
  }
}
