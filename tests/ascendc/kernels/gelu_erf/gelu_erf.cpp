// The exact GELU, y = 0.5 * x * (1 + erf(x / sqrt(2))), with the high-level Erf (given a
// temporary buffer); every step in the element type.
#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr float SQRT1_2 = 0.70710678118654752f;
constexpr uint32_t ERF_TMP_BYTES = 16 * 1024;

template <typename T>
class KernelGeluErf {
 public:
  __aicore__ inline KernelGeluErf() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const GeluErfTilingData& tiling) {
    blockLength_ = tiling.blockLength;
    tileLength_ = tiling.tileLength;
    xGm_.SetGlobalBuffer((__gm__ T*)x + (uint64_t)GetBlockIdx() * blockLength_, blockLength_);
    yGm_.SetGlobalBuffer((__gm__ T*)y + (uint64_t)GetBlockIdx() * blockLength_, blockLength_);
    pipe_.InitBuffer(inQueue_, BUFFER_NUM, tileLength_ * sizeof(T));
    pipe_.InitBuffer(outQueue_, BUFFER_NUM, tileLength_ * sizeof(T));
    pipe_.InitBuffer(tmpBuf_, ERF_TMP_BYTES);
  }
  __aicore__ inline void Process() {
    for (uint32_t i = 0; i < blockLength_ / tileLength_; ++i) {
      LocalTensor<T> xLocal = inQueue_.AllocTensor<T>();
      DataCopy(xLocal, xGm_[i * tileLength_], tileLength_);
      inQueue_.EnQue(xLocal);
      Compute();
      LocalTensor<T> yLocal = outQueue_.DeQue<T>();
      DataCopy(yGm_[i * tileLength_], yLocal, tileLength_);
      outQueue_.FreeTensor(yLocal);
    }
  }

 private:
  __aicore__ inline void Compute() {
    LocalTensor<T> xLocal = inQueue_.DeQue<T>();
    LocalTensor<T> yLocal = outQueue_.AllocTensor<T>();
    LocalTensor<uint8_t> tmp = tmpBuf_.Get<uint8_t>();
    Muls(yLocal, xLocal, (T)SQRT1_2, tileLength_);
    PipeBarrier<PIPE_V>();
    Erf(yLocal, yLocal, tmp, tileLength_);
    PipeBarrier<PIPE_V>();
    Adds(yLocal, yLocal, (T)1.0f, tileLength_);
    PipeBarrier<PIPE_V>();
    Mul(yLocal, yLocal, xLocal, tileLength_);
    PipeBarrier<PIPE_V>();
    Muls(yLocal, yLocal, (T)0.5f, tileLength_);
    outQueue_.EnQue(yLocal);
    inQueue_.FreeTensor(xLocal);
  }

  TPipe pipe_;
  TQue<QuePosition::VECIN, BUFFER_NUM> inQueue_;
  TQue<QuePosition::VECOUT, BUFFER_NUM> outQueue_;
  TBuf<TPosition::VECCALC> tmpBuf_;
  GlobalTensor<T> xGm_, yGm_;
  uint32_t blockLength_ = 0, tileLength_ = 0;
};
}  // namespace

extern "C" __global__ __aicore__ void gelu_erf(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  GET_TILING_DATA(tilingData, tiling);
  KernelGeluErf<DTYPE_X> op;
  op.Init(x, y, tilingData);
  op.Process();
}
