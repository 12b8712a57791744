// High-level APIs with two or three tile inputs of DTYPE_X0 (half, bfloat16 or float), chosen by
// the tiling key: SwiGLU, GeGLU, Fmod, Fma, Clamp (tensor bounds, scalar bounds) and Xor /
// BitwiseAnd on integer tiles.
#include "kernel_operator.h"

using namespace AscendC;

namespace {
class AdvBinary {
 public:
  __aicore__ inline void Init(GM_ADDR x0, GM_ADDR x1, GM_ADDR x2, GM_ADDR y, const AdvTilingData& t) {
    n_ = t.rows * t.cols;
    scalar_ = t.scalar;
    g0_.SetGlobalBuffer((__gm__ T*)x0, n_);
    g1_.SetGlobalBuffer((__gm__ T*)x1, n_);
    g2_.SetGlobalBuffer((__gm__ T*)x2, n_);
    gy_.SetGlobalBuffer((__gm__ T*)y, n_);
    pipe_.InitBuffer(inQueue_, 3, n_ * sizeof(T));
    pipe_.InitBuffer(outQueue_, 1, n_ * sizeof(T));
    pipe_.InitBuffer(tmpBuf_, 1024);
  }
  __aicore__ inline void Process() {
    LocalTensor<T> a = inQueue_.AllocTensor<T>(), b = inQueue_.AllocTensor<T>(), c = inQueue_.AllocTensor<T>();
    DataCopy(a, g0_, n_);
    DataCopy(b, g1_, n_);
    DataCopy(c, g2_, n_);
    inQueue_.EnQue(a);
    inQueue_.EnQue(b);
    inQueue_.EnQue(c);
    a = inQueue_.DeQue<T>();
    b = inQueue_.DeQue<T>();
    c = inQueue_.DeQue<T>();
    LocalTensor<T> y = outQueue_.AllocTensor<T>();
    LocalTensor<uint8_t> tmp = tmpBuf_.Get<uint8_t>();
    if constexpr (std::is_integral_v<T>) {
      if (TILING_KEY_IS(21)) Xor<T, false>(y, a, b, tmp, n_);
      else if (TILING_KEY_IS(22)) BitwiseAnd(y, a, b, n_);
    } else {
      const T s = (T)scalar_;
      if (TILING_KEY_IS(1)) SwiGLU<T, false>(y, a, b, scalar_, tmp, n_);
      else if (TILING_KEY_IS(2)) GeGLU(y, a, b, n_);
      else if (TILING_KEY_IS(3)) Fmod(y, a, b, tmp, n_);
      else if (TILING_KEY_IS(4)) Fma(y, a, b, c, n_);
      else if (TILING_KEY_IS(5)) Clamp(y, a, b, c, n_);
      else if (TILING_KEY_IS(6)) Clamp(y, a, (T)-s, s, n_);
    }
    outQueue_.EnQue(y);
    inQueue_.FreeTensor(a);
    inQueue_.FreeTensor(b);
    inQueue_.FreeTensor(c);
    y = outQueue_.DeQue<T>();
    DataCopy(gy_, y, n_);
    outQueue_.FreeTensor(y);
  }

 private:
  using T = DTYPE_X0;
  TPipe pipe_;
  TQue<QuePosition::VECIN, 3> inQueue_;
  TQue<QuePosition::VECOUT, 1> outQueue_;
  TBuf<TPosition::VECCALC> tmpBuf_;
  GlobalTensor<T> g0_, g1_, g2_, gy_;
  uint32_t n_ = 0;
  float scalar_ = 0;
};
}  // namespace

extern "C" __global__ __aicore__ void adv_binary(GM_ADDR x0, GM_ADDR x1, GM_ADDR x2, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  REGISTER_TILING_DEFAULT(AdvTilingData);
  GET_TILING_DATA_WITH_STRUCT(AdvTilingData, t, tiling);
  AdvBinary op;
  op.Init(x0, x1, x2, y, t);
  op.Process();
}
