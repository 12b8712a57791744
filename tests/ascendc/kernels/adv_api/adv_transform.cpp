// Tensor transforms on half data, chosen by the tiling key (y is zeroed first):
// 1 Pad of dense [16, 15] rows to [16, 16] (right 1, value 7); 2 Pad of [16, 16] rows holding 13
// valid columns (right 3, value -1); 3 UnPad of [16, 16] to dense [16, 14]; 4 Transpose
// TRANSPOSE_NZ2ND_0213 of [B 1, N 2, S 32, H/N 16]; 5 TRANSPOSE_NZ2NZ_012_WITH_N of [1, 2, 16, 32];
// 6 TransData NCDHW -> NDC1HWC0 of [1, 20, 2, 2, 8]; 7 TransData FRACTAL_Z_3D -> NCDHW of
// [10, 16, 1, 2, 1]. The API tilings are filled in the kernel as the host helpers would.
#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr TransDataConfig kToNdc1hwc0 = {DataFormat::NCDHW, DataFormat::NDC1HWC0};
constexpr TransDataConfig kFromZ3d = {DataFormat::FRACTAL_Z_3D, DataFormat::NCDHW};
}  // namespace

extern "C" __global__ __aicore__ void adv_transform(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  REGISTER_TILING_DEFAULT(AdvTilingData);
  GET_TILING_DATA_WITH_STRUCT(AdvTilingData, t, tiling);
  const uint32_t n = t.cols;
  TPipe pipe;
  TQue<QuePosition::VECIN, 1> inQ;
  TQue<QuePosition::VECOUT, 1> outQ;
  pipe.InitBuffer(inQ, 1, n * sizeof(half));
  pipe.InitBuffer(outQ, 1, n * sizeof(half));
  GlobalTensor<half> xg, yg;
  xg.SetGlobalBuffer((__gm__ half*)x, n);
  yg.SetGlobalBuffer((__gm__ half*)y, n);
  LocalTensor<half> xl = inQ.AllocTensor<half>();
  DataCopy(xl, xg, n);
  inQ.EnQue(xl);
  xl = inQ.DeQue<half>();
  LocalTensor<half> yl = outQ.AllocTensor<half>();
  Duplicate(yl, (half)0, (int32_t)n);
  if (TILING_KEY_IS(1) || TILING_KEY_IS(2)) {
    PadTiling pt{};
    pt.srcHeight = 16, pt.srcWidth = TILING_KEY_IS(1) ? 15 : 16, pt.srcOriWidth = TILING_KEY_IS(1) ? 15 : 13;
    PadParams pp = TILING_KEY_IS(1) ? PadParams{0, 1, 7} : PadParams{0, 3, -1};
    Pad(yl, xl, pp, pt);
  } else if (TILING_KEY_IS(3)) {
    UnPadTiling ut{};
    ut.srcHeight = 16, ut.srcWidth = 16;
    UnPadParams up;
    up.rightPad = 2;
    UnPad(yl, xl, up, ut);
  } else if (TILING_KEY_IS(4) || TILING_KEY_IS(5)) {
    ConfusionTransposeTiling ct{};
    ct.param0 = TILING_KEY_IS(4) ? 1 : 3, ct.param1 = 4, ct.param2 = 1, ct.param3 = 2;
    ct.param4 = TILING_KEY_IS(4) ? 32 : 16, ct.param5 = TILING_KEY_IS(4) ? 16 : 32;
    Transpose(yl, xl, TILING_KEY_IS(4) ? TransposeType::TRANSPOSE_NZ2ND_0213 : TransposeType::TRANSPOSE_NZ2NZ_012_WITH_N, ct);
  } else if (TILING_KEY_IS(6)) {
    auto ncdhw = MakeLayout(MakeShape(1, 20, 2, 2, 8), MakeStride());
    auto ndc1hwc0 = MakeLayout(MakeShape(1, 2, 2, 2, 8, 16), MakeStride());
    TransDataParams<decltype(ncdhw), decltype(ndc1hwc0)> params = {ncdhw, ndc1hwc0};
    TransData<kToNdc1hwc0>(yl, xl, params);
  } else if (TILING_KEY_IS(7)) {
    auto z3d = MakeLayout(MakeShape(1, 1, 2, 1, 1, 16, 16), MakeStride());
    auto ncdhw = MakeLayout(MakeShape(10, 16, 1, 2, 1), MakeStride());
    static_assert(is_layout<decltype(z3d)>::value, "a Layout");
    TransDataParams<decltype(z3d), decltype(ncdhw)> params = {z3d, ncdhw};
    TransData<kFromZ3d>(yl, xl, params);
  }
  outQ.EnQue(yl);
  inQ.FreeTensor(xl);
  yl = outQ.DeQue<half>();
  DataCopy(yg, yl, n);
  outQ.FreeTensor(yl);
}
