// The sine and cosine table of rotary position embeddings, sin[p] = sin(start + p * step) and
// cos[p] likewise, with the high-level Sin and Cos. The kernel has no input: each block makes the
// angles of its positions itself. float outputs: Arange(first angle, step). half outputs: the
// positions as int32 by ArithProgression (Arange's older name), cast to float, scaled and
// shifted, then Sin/Cos in float cast down with CAST_RINT. Launched with more logical blocks
// than the device has vector cores: the blocks run in waves.
#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;

template <typename T>
class KernelRopeTable {
 public:
  __aicore__ inline KernelRopeTable() {}
  __aicore__ inline void Init(GM_ADDR sinOut, GM_ADDR cosOut, const RopeTableTilingData& tiling) {
    blockLength_ = tiling.blockLength;
    tileLength_ = tiling.tileLength;
    start_ = tiling.start;
    step_ = tiling.step;
    firstPos_ = GetBlockIdx() * blockLength_;
    sinGm_.SetGlobalBuffer((__gm__ T*)sinOut + firstPos_, blockLength_);
    cosGm_.SetGlobalBuffer((__gm__ T*)cosOut + firstPos_, blockLength_);
    pipe_.InitBuffer(sinQueue_, BUFFER_NUM, tileLength_ * sizeof(T));
    pipe_.InitBuffer(cosQueue_, BUFFER_NUM, tileLength_ * sizeof(T));
    pipe_.InitBuffer(angleBuf_, tileLength_ * sizeof(float));
    if constexpr (!std::is_same_v<T, float>) {
      pipe_.InitBuffer(posBuf_, tileLength_ * sizeof(int32_t));
      pipe_.InitBuffer(valueBuf_, tileLength_ * sizeof(float));
    }
  }

  __aicore__ inline void Process() {
    for (uint32_t i = 0; i < blockLength_ / tileLength_; ++i) {
      Compute(firstPos_ + i * tileLength_);
      CopyOut(i);
    }
  }

 private:
  __aicore__ inline void Compute(uint32_t pos) {
    LocalTensor<T> sinLocal = sinQueue_.AllocTensor<T>();
    LocalTensor<T> cosLocal = cosQueue_.AllocTensor<T>();
    LocalTensor<float> angle = angleBuf_.Get<float>();
    if constexpr (std::is_same_v<T, float>) {
      float first = static_cast<float>(pos) * step_;
      first = first + start_;
      Arange(angle, first, step_, (int32_t)tileLength_);
      PipeBarrier<PIPE_V>();
      Sin(sinLocal, angle, tileLength_);
      Cos(cosLocal, angle, tileLength_);
    } else {
      LocalTensor<int32_t> positions = posBuf_.Get<int32_t>();
      LocalTensor<float> value = valueBuf_.Get<float>();
      ArithProgression<int32_t>(positions, (int32_t)pos, 1, (int32_t)tileLength_);
      PipeBarrier<PIPE_V>();
      Cast(angle, positions, RoundMode::CAST_NONE, tileLength_);
      PipeBarrier<PIPE_V>();
      Muls(angle, angle, step_, tileLength_);
      PipeBarrier<PIPE_V>();
      Adds(angle, angle, start_, tileLength_);
      PipeBarrier<PIPE_V>();
      Sin(value, angle, tileLength_);
      PipeBarrier<PIPE_V>();
      Cast(sinLocal, value, RoundMode::CAST_RINT, tileLength_);
      PipeBarrier<PIPE_V>();
      Cos(value, angle, tileLength_);
      PipeBarrier<PIPE_V>();
      Cast(cosLocal, value, RoundMode::CAST_RINT, tileLength_);
    }
    sinQueue_.EnQue(sinLocal);
    cosQueue_.EnQue(cosLocal);
  }

  __aicore__ inline void CopyOut(uint32_t i) {
    LocalTensor<T> sinLocal = sinQueue_.DeQue<T>();
    LocalTensor<T> cosLocal = cosQueue_.DeQue<T>();
    DataCopy(sinGm_[i * tileLength_], sinLocal, tileLength_);
    DataCopy(cosGm_[i * tileLength_], cosLocal, tileLength_);
    sinQueue_.FreeTensor(sinLocal);
    cosQueue_.FreeTensor(cosLocal);
  }

  TPipe pipe_;
  TQue<QuePosition::VECOUT, BUFFER_NUM> sinQueue_, cosQueue_;
  TBuf<TPosition::VECCALC> angleBuf_, posBuf_, valueBuf_;
  GlobalTensor<T> sinGm_, cosGm_;
  uint32_t blockLength_ = 0, tileLength_ = 0, firstPos_ = 0;
  float start_ = 0.0f, step_ = 0.0f;
};
}  // namespace

extern "C" __global__ __aicore__ void rope_table(GM_ADDR sin, GM_ADDR cos, GM_ADDR workspace, GM_ADDR tiling) {
  GET_TILING_DATA(tilingData, tiling);
  KernelRopeTable<DTYPE_SIN> op;
  op.Init(sin, cos, tilingData);
  op.Process();
}
