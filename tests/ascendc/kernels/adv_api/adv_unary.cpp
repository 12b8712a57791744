// High-level element-wise APIs on one tile of DTYPE_X (half, bfloat16 or float), chosen by the
// tiling key: the activations (Gelu, FasterGelu, Silu, Swish) and the math of lib/math (Acosh,
// Ceil, Floor, Trunc, Frac, Rint, ClampMin, ClampMax, Asin, Acos, Atan, Sinh, Cosh, Tan, Asinh,
// Atanh, Erfc, Lgamma, Digamma, Sign, Round), in the forms with and without a sharedTmpBuffer
// sized by the host helpers.
#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr AtanConfig kPolynomialAtan = {AtanAlgo::POLYNOMIAL_APPROXIMATION};
constexpr RintConfig kRintConfig = {false};

class AdvUnary {
 public:
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const AdvTilingData& t) {
    n_ = t.rows * t.cols;
    scalar_ = t.scalar;
    xGm_.SetGlobalBuffer((__gm__ DTYPE_X*)x, n_);
    yGm_.SetGlobalBuffer((__gm__ DTYPE_Y*)y, n_);
    pipe_.InitBuffer(inQueue_, 1, n_ * sizeof(DTYPE_X));
    pipe_.InitBuffer(outQueue_, 1, n_ * sizeof(DTYPE_Y));
    pipe_.InitBuffer(tmpBuf_, 1024);
  }
  __aicore__ inline void Process() {
    LocalTensor<DTYPE_X> x = inQueue_.AllocTensor<DTYPE_X>();
    DataCopy(x, xGm_, n_);
    inQueue_.EnQue(x);
    x = inQueue_.DeQue<DTYPE_X>();
    LocalTensor<DTYPE_Y> y = outQueue_.AllocTensor<DTYPE_Y>();
    LocalTensor<uint8_t> tmp = tmpBuf_.Get<uint8_t>();
    const DTYPE_X s = (DTYPE_X)scalar_;
    if (TILING_KEY_IS(1)) Gelu(y, x, tmp, n_);
    else if (TILING_KEY_IS(2)) FasterGelu(y, x, n_);
    else if (TILING_KEY_IS(3)) Silu<DTYPE_X, false>(y, x, n_);
    else if (TILING_KEY_IS(4)) Swish(y, x, n_, s);
    else if (TILING_KEY_IS(5)) Acosh<DTYPE_X>(y, x, tmp, n_);
    else if (TILING_KEY_IS(6)) Ceil<DTYPE_X, false>(y, x, tmp, n_);
    else if (TILING_KEY_IS(7)) Floor(y, x, n_);
    else if (TILING_KEY_IS(8)) Trunc(y, x);
    else if (TILING_KEY_IS(9)) Frac<DTYPE_X, false>(y, x, tmp);
    else if (TILING_KEY_IS(10)) Rint(y, x, tmp, n_);
    else if (TILING_KEY_IS(11)) ClampMin<DTYPE_X, false>(y, x, tmp, s, n_);
    else if (TILING_KEY_IS(12)) ClampMax(y, x, s, n_);
    else if (TILING_KEY_IS(13)) Asin(y, x, tmp, n_);
    else if (TILING_KEY_IS(14)) Acos<DTYPE_X, false>(y, x, n_);
    else if (TILING_KEY_IS(15)) Atan<DTYPE_X, false, kPolynomialAtan>(y, x, tmp);
    else if (TILING_KEY_IS(16)) Sinh(y, x);
    else if (TILING_KEY_IS(17)) Cosh(y, x, tmp, n_);
    else if (TILING_KEY_IS(18)) Tan(y, x, n_);
    else if (TILING_KEY_IS(19)) Asinh<DTYPE_X>(y, x, tmp, n_);
    else if (TILING_KEY_IS(20)) Atanh(y, x, n_);
    else if (TILING_KEY_IS(21)) Erfc(y, x, tmp);
    else if (TILING_KEY_IS(22)) Lgamma(y, x, tmp, n_);
    else if (TILING_KEY_IS(23)) Digamma(y, x, n_);
    else if (TILING_KEY_IS(24)) Sign(y, x, n_);
    else if (TILING_KEY_IS(25)) Round(y, x, tmp, n_);
    else if (TILING_KEY_IS(26)) Rint<kRintConfig, DTYPE_X>(y, x, tmp, n_);
    outQueue_.EnQue(y);
    inQueue_.FreeTensor(x);
    y = outQueue_.DeQue<DTYPE_Y>();
    DataCopy(yGm_, y, n_);
    outQueue_.FreeTensor(y);
  }

 private:
  TPipe pipe_;
  TQue<QuePosition::VECIN, 1> inQueue_;
  TQue<QuePosition::VECOUT, 1> outQueue_;
  TBuf<TPosition::VECCALC> tmpBuf_;
  GlobalTensor<DTYPE_X> xGm_;
  GlobalTensor<DTYPE_Y> yGm_;
  uint32_t n_ = 0;
  float scalar_ = 0;
};
}  // namespace

extern "C" __global__ __aicore__ void adv_unary(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  REGISTER_TILING_DEFAULT(AdvTilingData);
  GET_TILING_DATA_WITH_STRUCT(AdvTilingData, t, tiling);
  AdvUnary op;
  op.Init(x, y, t);
  op.Process();
}
