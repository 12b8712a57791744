// The element-wise op kernels: z = f(x[, y]) over flat tensors, one block of elements per core,
// tiles double-buffered between MTE2, V and MTE3; tails copied with DataCopyPad. half and float
// compute in their own type; bfloat16 in float (cast up exactly, down with CAST_RINT), as the
// vector unit has no bfloat16 arithmetic.
#ifndef SK_OPS_ELEMENTWISE_H
#define SK_OPS_ELEMENTWISE_H
#include "kernel_operator.h"
#include "elementwise_tiling.h"

namespace sk_ops {
using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;

// Op::Apply(LocalTensor<C> out, LocalTensor<C> a, LocalTensor<C> b, n); Op::kInputs is 1 or 2.
template <typename T, typename Op>
class ElementwiseKernel {
 public:
  using C = std::conditional_t<std::is_same_v<T, bfloat16_t>, float, T>;
  static constexpr bool kCast = !std::is_same_v<T, C>;

  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, const ElementwiseTilingData& t) {
    uint64_t offset = (uint64_t)GetBlockIdx() * t.blockLength;
    if (offset >= t.totalLength) return;  // more cores than blocks: nothing to do
    length_ = offset + t.blockLength > t.totalLength ? t.totalLength - offset : t.blockLength;
    tile_ = t.tileLength;
    xGm_.SetGlobalBuffer((__gm__ T*)x + offset, length_);
    if constexpr (Op::kInputs == 2) yGm_.SetGlobalBuffer((__gm__ T*)y + offset, length_);
    zGm_.SetGlobalBuffer((__gm__ T*)z + offset, length_);
    pipe_.InitBuffer(inQueue_, BUFFER_NUM, Op::kInputs * tile_ * sizeof(T));
    pipe_.InitBuffer(outQueue_, BUFFER_NUM, tile_ * sizeof(T));
    if constexpr (kCast) pipe_.InitBuffer(calcBuf_, 3 * tile_ * sizeof(C));
  }

  __aicore__ inline void Process() {
    uint32_t tiles = (uint32_t)((length_ + tile_ - 1) / tile_);
    for (uint32_t i = 0; i < tiles; ++i) {
      uint32_t n = i + 1 == tiles ? (uint32_t)(length_ - (uint64_t)i * tile_) : tile_;
      CopyIn(i, n);
      Compute(n);
      CopyOut(i, n);
    }
  }

 private:
  __aicore__ inline void CopyIn(uint32_t i, uint32_t n) {
    LocalTensor<T> in = inQueue_.AllocTensor<T>();
    DataCopyExtParams copy{1, (uint32_t)(n * sizeof(T)), 0, 0, 0};
    DataCopyPad(in, xGm_[(uint64_t)i * tile_], copy, {false, 0, 0, (T)0});
    if constexpr (Op::kInputs == 2) DataCopyPad(in[tile_], yGm_[(uint64_t)i * tile_], copy, {false, 0, 0, (T)0});
    inQueue_.EnQue(in);
  }

  __aicore__ inline void Compute(uint32_t n) {
    LocalTensor<T> in = inQueue_.DeQue<T>();
    LocalTensor<T> out = outQueue_.AllocTensor<T>();
    if constexpr (kCast) {
      LocalTensor<C> calc = calcBuf_.Get<C>();
      LocalTensor<C> a = calc, b = calc[tile_], c = calc[2 * tile_];
      Cast(a, in, RoundMode::CAST_NONE, n);
      if constexpr (Op::kInputs == 2) Cast(b, in[tile_], RoundMode::CAST_NONE, n);
      PipeBarrier<PIPE_V>();
      Op::Apply(c, a, b, n);
      PipeBarrier<PIPE_V>();
      Cast(out, c, RoundMode::CAST_RINT, n);
    } else {
      Op::Apply(out, in, in[Op::kInputs == 2 ? tile_ : 0], n);
    }
    outQueue_.EnQue(out);
    inQueue_.FreeTensor(in);
  }

  __aicore__ inline void CopyOut(uint32_t i, uint32_t n) {
    LocalTensor<T> out = outQueue_.DeQue<T>();
    DataCopyPad(zGm_[(uint64_t)i * tile_], out, {1, (uint32_t)(n * sizeof(T)), 0, 0, 0});
    outQueue_.FreeTensor(out);
  }

  TPipe pipe_;
  TQue<QuePosition::VECIN, BUFFER_NUM> inQueue_;
  TQue<QuePosition::VECOUT, BUFFER_NUM> outQueue_;
  TBuf<TPosition::VECCALC> calcBuf_;
  GlobalTensor<T> xGm_, yGm_, zGm_;
  uint64_t length_ = 0;
  uint32_t tile_ = 0;
};

struct AddOp {
  static constexpr int kInputs = 2;
  template <typename C>
  __aicore__ static inline void Apply(const LocalTensor<C>& out, const LocalTensor<C>& a, const LocalTensor<C>& b, uint32_t n) {
    Add(out, a, b, n);
  }
};
struct MulOp {
  static constexpr int kInputs = 2;
  template <typename C>
  __aicore__ static inline void Apply(const LocalTensor<C>& out, const LocalTensor<C>& a, const LocalTensor<C>& b, uint32_t n) {
    Mul(out, a, b, n);
  }
};
struct SquareOp {
  static constexpr int kInputs = 1;
  template <typename C>
  __aicore__ static inline void Apply(const LocalTensor<C>& out, const LocalTensor<C>& a, const LocalTensor<C>&, uint32_t n) {
    Mul(out, a, a, n);
  }
};

template <typename Op>
__aicore__ inline void RunElementwise(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR tiling) {
  GET_TILING_DATA_WITH_STRUCT(ElementwiseTilingData, t, tiling);
  ElementwiseKernel<DTYPE_X, Op> op;
  op.Init(x, y, z, t);
  op.Process();
}
}  // namespace sk_ops
#endif
