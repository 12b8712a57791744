// z = x + alpha * y over a length that does not split evenly: every core but the last takes
// elemsPerCore, the last takes the rest; tiles stream through double-buffered queues and the
// last partial tile of a core goes through DataCopyPad. Tiling key 1: half computed in half;
// key 2: half computed in float (Cast up, Axpy in float, Cast down with CAST_RINT).
#include "kernel_operator.h"

namespace {
constexpr int32_t kQueueDepth = 2;

template <typename T, bool viaFloat>
class VaddTail {
 public:
  __aicore__ inline VaddTail() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, const VaddTailTilingData& t) {
    uint32_t core = AscendC::GetBlockIdx();
    bool last = core == AscendC::GetBlockNum() - 1;
    length_ = last ? t.tailCoreElems : t.elemsPerCore;
    tile_ = t.tileElems;
    alpha_ = t.alpha;
    uint64_t start = (uint64_t)core * t.elemsPerCore;
    xGm_.SetGlobalBuffer((__gm__ T*)x + start, length_);
    yGm_.SetGlobalBuffer((__gm__ T*)y + start, length_);
    zGm_.SetGlobalBuffer((__gm__ T*)z + start, length_);
    pipe_.InitBuffer(xQue_, kQueueDepth, tile_ * sizeof(T));
    pipe_.InitBuffer(yQue_, kQueueDepth, tile_ * sizeof(T));
    pipe_.InitBuffer(zQue_, kQueueDepth, tile_ * sizeof(T));
    if constexpr (viaFloat) {
      pipe_.InitBuffer(xf_, tile_ * sizeof(float));
      pipe_.InitBuffer(yf_, tile_ * sizeof(float));
    }
  }
  __aicore__ inline void Process() {
    uint32_t tiles = (length_ + tile_ - 1) / tile_;
    for (uint32_t i = 0; i < tiles; ++i) {
      uint32_t n = i + 1 == tiles ? length_ - i * tile_ : tile_;
      CopyIn(i, n);
      Compute(n);
      CopyOut(i, n);
    }
  }

 private:
  __aicore__ inline void CopyIn(uint32_t i, uint32_t n) {
    AscendC::LocalTensor<T> x = xQue_.template AllocTensor<T>();
    AscendC::LocalTensor<T> y = yQue_.template AllocTensor<T>();
    if (n == tile_) {
      AscendC::DataCopy(x, xGm_[i * tile_], n);
      AscendC::DataCopy(y, yGm_[i * tile_], n);
    } else {
      AscendC::DataCopyExtParams copy{1, (uint32_t)(n * sizeof(T)), 0, 0, 0};
      AscendC::DataCopyPadExtParams<T> pad{false, 0, 0, 0};
      AscendC::DataCopyPad(x, xGm_[i * tile_], copy, pad);
      AscendC::DataCopyPad(y, yGm_[i * tile_], copy, pad);
    }
    xQue_.EnQue(x);
    yQue_.EnQue(y);
  }
  __aicore__ inline void Compute(uint32_t n) {
    AscendC::LocalTensor<T> x = xQue_.template DeQue<T>();
    AscendC::LocalTensor<T> y = yQue_.template DeQue<T>();
    AscendC::LocalTensor<T> z = zQue_.template AllocTensor<T>();
    if constexpr (viaFloat) {
      AscendC::LocalTensor<float> xf = xf_.Get<float>();
      AscendC::LocalTensor<float> yf = yf_.Get<float>();
      AscendC::Cast(xf, x, AscendC::RoundMode::CAST_NONE, n);
      AscendC::Cast(yf, y, AscendC::RoundMode::CAST_NONE, n);
      AscendC::PipeBarrier<PIPE_V>();
      AscendC::Axpy(xf, yf, alpha_, n);
      AscendC::PipeBarrier<PIPE_V>();
      AscendC::Cast(z, xf, AscendC::RoundMode::CAST_RINT, n);
    } else {
      AscendC::Muls(z, y, (T)alpha_, n);
      AscendC::PipeBarrier<PIPE_V>();
      AscendC::Add(z, z, x, n);
    }
    zQue_.EnQue(z);
    xQue_.FreeTensor(x);
    yQue_.FreeTensor(y);
  }
  __aicore__ inline void CopyOut(uint32_t i, uint32_t n) {
    AscendC::LocalTensor<T> z = zQue_.template DeQue<T>();
    if (n == tile_) {
      AscendC::DataCopy(zGm_[i * tile_], z, n);
    } else {
      AscendC::DataCopyExtParams copy{1, (uint32_t)(n * sizeof(T)), 0, 0, 0};
      AscendC::DataCopyPad(zGm_[i * tile_], z, copy);
    }
    zQue_.FreeTensor(z);
  }

  AscendC::TPipe pipe_;
  AscendC::TQue<AscendC::QuePosition::VECIN, kQueueDepth> xQue_, yQue_;
  AscendC::TQue<AscendC::QuePosition::VECOUT, kQueueDepth> zQue_;
  AscendC::TBuf<AscendC::TPosition::VECCALC> xf_, yf_;
  AscendC::GlobalTensor<T> xGm_, yGm_, zGm_;
  uint32_t length_ = 0, tile_ = 0;
  float alpha_ = 0;
};
}  // namespace

extern "C" __global__ __aicore__ void vadd_tail(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling) {
  GET_TILING_DATA(tilingData, tiling);
  if (TILING_KEY_IS(1)) {
    VaddTail<DTYPE_X, false> op;
    op.Init(x, y, z, tilingData);
    op.Process();
  } else if (TILING_KEY_IS(2)) {
    VaddTail<DTYPE_X, true> op;
    op.Init(x, y, z, tilingData);
    op.Process();
  }
}

#ifndef ASCENDC_CPU_DEBUG
// The host-side launcher of the op project; sk_cc compiles device code only.
void vadd_tail_do(uint32_t blockDim, void* stream, uint8_t* x, uint8_t* y, uint8_t* z, uint8_t* workspace, uint8_t* tiling) {
  vadd_tail<<<blockDim, nullptr, stream>>>(x, y, z, workspace, tiling);
}
#endif
