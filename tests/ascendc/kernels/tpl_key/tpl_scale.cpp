// A kernel written as a template over its tiling-key parameters (tiling templates): y = x * TILES,
// negated when NEG, in TILES tiles, x half or float by D_T. sk_cc's entry instantiates every
// ASCENDC_TPL_SEL combination and runs the one of the launch's tiling key (GET_TPL_TILING_KEY).
#include "kernel_operator.h"
#include "tpl_scale_key.h"

using namespace AscendC;

struct TplScaleTiling {
  uint32_t totalLength;
};

template <typename T, uint32_t TILES, bool NEG>
__aicore__ inline void Scale(GM_ADDR x, GM_ADDR y, uint32_t total) {
  const uint32_t tile = total / TILES;
  TPipe pipe;
  TQue<QuePosition::VECIN, 1> inQ;
  TQue<QuePosition::VECOUT, 1> outQ;
  pipe.InitBuffer(inQ, 1, tile * sizeof(T));
  pipe.InitBuffer(outQ, 1, tile * sizeof(T));
  GlobalTensor<T> xg, yg;
  xg.SetGlobalBuffer((__gm__ T*)x, total);
  yg.SetGlobalBuffer((__gm__ T*)y, total);
  for (uint32_t i = 0; i < TILES; ++i) {
    LocalTensor<T> xl = inQ.AllocTensor<T>();
    DataCopy(xl, xg[i * tile], tile);
    inQ.EnQue(xl);
    xl = inQ.DeQue<T>();
    LocalTensor<T> yl = outQ.AllocTensor<T>();
    Muls(yl, xl, (T)(NEG ? -(float)TILES : (float)TILES), (int32_t)tile);
    outQ.EnQue(yl);
    inQ.FreeTensor(xl);
    yl = outQ.DeQue<T>();
    DataCopy(yg[i * tile], yl, tile);
    outQ.FreeTensor(yl);
  }
}

// The template line as a preprocessor choice, as vllm-ascend's compressor writes it (its other
// branch has another parameter list): sk_cc's entry still sees a template kernel.
#if defined(__CCE_AICORE__) && __CCE_AICORE__ >= 220
template <int D_T, int TILES, int NEG>
#else
template <int D_T, int TILES, int NEG, int OTHER_CHIP>
#endif
__global__ __aicore__ void tpl_scale(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  REGISTER_TILING_DEFAULT(TplScaleTiling);
  GET_TILING_DATA_WITH_STRUCT(TplScaleTiling, t, tiling);
  if constexpr (D_T == TPL_SCALE_FP16) Scale<half, TILES, NEG != 0>(x, y, t.totalLength);
  else Scale<float, TILES, NEG != 0>(x, y, t.totalLength);
}
