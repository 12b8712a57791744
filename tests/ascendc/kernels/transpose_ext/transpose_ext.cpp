// The basic API's enhanced Transpose (TransposeParamsExt) in its three documented types:
//   ya = a [N=2, C=3, H=4, W=8] (half) as [N, H, W, C]   (TRANSPOSE_NCHW2NHWC)
//   yb = b [N=2, H=4, W=8, C=3] (float) as [N, C, H, W]  (TRANSPOSE_NHWC2NCHW)
//   yc = c [16, 16] (uint16) transposed, in place         (TRANSPOSE_ND2ND_B16)
// Sizes that differ per axis, so a permutation of the wrong axes does not match.
#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr uint16_t N = 2, C = 3, H = 4, W = 8;
constexpr uint32_t COUNT = N * C * H * W;  // 192
constexpr uint32_t SQUARE = 16 * 16;

class TransposeExt {
 public:
  __aicore__ inline TransposeExt() {}
  __aicore__ inline void Init(GM_ADDR a, GM_ADDR b, GM_ADDR c, GM_ADDR ya, GM_ADDR yb, GM_ADDR yc) {
    aGm_.SetGlobalBuffer((__gm__ half*)a, COUNT);
    bGm_.SetGlobalBuffer((__gm__ float*)b, COUNT);
    cGm_.SetGlobalBuffer((__gm__ uint16_t*)c, SQUARE);
    yaGm_.SetGlobalBuffer((__gm__ half*)ya, COUNT);
    ybGm_.SetGlobalBuffer((__gm__ float*)yb, COUNT);
    ycGm_.SetGlobalBuffer((__gm__ uint16_t*)yc, SQUARE);
    pipe_.InitBuffer(inA_, 1, COUNT * sizeof(half));
    pipe_.InitBuffer(inB_, 1, COUNT * sizeof(float));
    pipe_.InitBuffer(inC_, 1, SQUARE * sizeof(uint16_t));
    pipe_.InitBuffer(outA_, 1, COUNT * sizeof(half));
    pipe_.InitBuffer(outB_, 1, COUNT * sizeof(float));
    pipe_.InitBuffer(outC_, 1, SQUARE * sizeof(uint16_t));
    pipe_.InitBuffer(tmp_, (2 * C + 1) * 512);  // the larger documented size (NHWC2NCHW, 4-byte)
  }

  __aicore__ inline void Process() {
    LocalTensor<half> a = inA_.AllocTensor<half>();
    LocalTensor<float> b = inB_.AllocTensor<float>();
    LocalTensor<uint16_t> c = inC_.AllocTensor<uint16_t>();
    DataCopy(a, aGm_, COUNT);
    DataCopy(b, bGm_, COUNT);
    DataCopy(c, cGm_, SQUARE);
    inA_.EnQue(a);
    inB_.EnQue(b);
    inC_.EnQue(c);
    a = inA_.DeQue<half>();
    b = inB_.DeQue<float>();
    c = inC_.DeQue<uint16_t>();
    LocalTensor<uint8_t> tmp = tmp_.Get<uint8_t>();

    LocalTensor<half> ya = outA_.AllocTensor<half>();
    TransposeParamsExt toNhwc(N, C, H, W, TransposeType::TRANSPOSE_NCHW2NHWC);
    Transpose(ya, a, tmp, toNhwc);
    outA_.EnQue(ya);

    LocalTensor<float> yb = outB_.AllocTensor<float>();
    TransposeParamsExt toNchw;
    toNchw.nSize = N;
    toNchw.cSize = C;
    toNchw.hSize = H;
    toNchw.wSize = W;
    toNchw.transposeType = TransposeType::TRANSPOSE_NHWC2NCHW;
    Transpose(yb, b, tmp, toNchw);
    outB_.EnQue(yb);

    Transpose(c, c, tmp, TransposeParamsExt(1, 1, 16, 16, TransposeType::TRANSPOSE_ND2ND_B16));  // in place
    LocalTensor<uint16_t> yc = outC_.AllocTensor<uint16_t>();
    DataCopy(yc, c, SQUARE);
    outC_.EnQue(yc);
    inA_.FreeTensor(a);
    inB_.FreeTensor(b);
    inC_.FreeTensor(c);

    ya = outA_.DeQue<half>();
    yb = outB_.DeQue<float>();
    yc = outC_.DeQue<uint16_t>();
    DataCopy(yaGm_, ya, COUNT);
    DataCopy(ybGm_, yb, COUNT);
    DataCopy(ycGm_, yc, SQUARE);
    outA_.FreeTensor(ya);
    outB_.FreeTensor(yb);
    outC_.FreeTensor(yc);
  }

 private:
  TPipe pipe_;
  TQue<QuePosition::VECIN, 1> inA_, inB_, inC_;
  TQue<QuePosition::VECOUT, 1> outA_, outB_, outC_;
  TBuf<TPosition::VECCALC> tmp_;
  GlobalTensor<half> aGm_, yaGm_;
  GlobalTensor<float> bGm_, ybGm_;
  GlobalTensor<uint16_t> cGm_, ycGm_;
};
}  // namespace

extern "C" __global__ __aicore__ void transpose_ext(GM_ADDR a, GM_ADDR b, GM_ADDR c, GM_ADDR ya, GM_ADDR yb, GM_ADDR yc,
                                                    GM_ADDR workspace, GM_ADDR tiling) {
  TransposeExt op;
  op.Init(a, b, c, ya, yb, yc);
  op.Process();
}
