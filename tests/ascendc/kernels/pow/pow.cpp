// The Pow op in the three forms of the high-level Power, picked by the tiling key: key 1
// z = x ^ y (tensor ^ tensor, with a shared temporary buffer), key 2 z = x ^ exponent (tensor ^
// scalar), key 3 z = base ^ y (scalar ^ tensor, the whole tile). The entry is named like the C
// library's pow. POW_TMP_BUFFER_BYTES comes from the op_host tiling header (its macros are
// seen); the kernel names its own POW_BUFFER_NUM, as the header's constants are not seen.
#include "kernel_operator.h"

using namespace AscendC;

constexpr int32_t POW_BUFFER_NUM = 2;

template <typename T, uint32_t MODE>
class KernelPow {
 public:
  __aicore__ inline KernelPow() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, const PowTilingData& tiling) {
    blockLength_ = tiling.blockLength;
    tileLength_ = tiling.tileLength;
    scalar_ = (T)tiling.scalar;
    uint64_t offset = (uint64_t)GetBlockIdx() * blockLength_;
    xGm_.SetGlobalBuffer((__gm__ T*)x + offset, blockLength_);
    yGm_.SetGlobalBuffer((__gm__ T*)y + offset, blockLength_);
    zGm_.SetGlobalBuffer((__gm__ T*)z + offset, blockLength_);
    pipe_.InitBuffer(inQueueX_, POW_BUFFER_NUM, tileLength_ * sizeof(T));
    pipe_.InitBuffer(inQueueY_, POW_BUFFER_NUM, tileLength_ * sizeof(T));
    pipe_.InitBuffer(outQueueZ_, POW_BUFFER_NUM, tileLength_ * sizeof(T));
    if constexpr (MODE == 1) pipe_.InitBuffer(tmpBuf_, POW_TMP_BUFFER_BYTES);
  }
  __aicore__ inline void Process() {
    uint32_t loops = blockLength_ / tileLength_;
    for (uint32_t i = 0; i < loops; ++i) {
      CopyIn(i);
      Compute();
      CopyOut(i);
    }
  }

 private:
  __aicore__ inline void CopyIn(uint32_t i) {
    if constexpr (MODE != 3) {
      LocalTensor<T> xLocal = inQueueX_.template AllocTensor<T>();
      DataCopy(xLocal, xGm_[i * tileLength_], tileLength_);
      inQueueX_.EnQue(xLocal);
    }
    if constexpr (MODE != 2) {
      LocalTensor<T> yLocal = inQueueY_.template AllocTensor<T>();
      DataCopy(yLocal, yGm_[i * tileLength_], tileLength_);
      inQueueY_.EnQue(yLocal);
    }
  }
  __aicore__ inline void Compute() {
    LocalTensor<T> zLocal = outQueueZ_.template AllocTensor<T>();
    if constexpr (MODE == 1) {
      LocalTensor<T> xLocal = inQueueX_.template DeQue<T>();
      LocalTensor<T> yLocal = inQueueY_.template DeQue<T>();
      LocalTensor<uint8_t> tmp = tmpBuf_.Get<uint8_t>();
      Power(zLocal, xLocal, yLocal, tmp, tileLength_);
      inQueueX_.FreeTensor(xLocal);
      inQueueY_.FreeTensor(yLocal);
    } else if constexpr (MODE == 2) {
      LocalTensor<T> xLocal = inQueueX_.template DeQue<T>();
      Power<T, false>(zLocal, xLocal, scalar_, tileLength_);
      inQueueX_.FreeTensor(xLocal);
    } else {
      LocalTensor<T> yLocal = inQueueY_.template DeQue<T>();
      Power(zLocal, scalar_, yLocal);
      inQueueY_.FreeTensor(yLocal);
    }
    outQueueZ_.EnQue(zLocal);
  }
  __aicore__ inline void CopyOut(uint32_t i) {
    LocalTensor<T> zLocal = outQueueZ_.template DeQue<T>();
    DataCopy(zGm_[i * tileLength_], zLocal, tileLength_);
    outQueueZ_.FreeTensor(zLocal);
  }

  TPipe pipe_;
  TQue<QuePosition::VECIN, POW_BUFFER_NUM> inQueueX_, inQueueY_;
  TQue<QuePosition::VECOUT, POW_BUFFER_NUM> outQueueZ_;
  TBuf<TPosition::VECCALC> tmpBuf_;
  GlobalTensor<T> xGm_, yGm_, zGm_;
  uint32_t blockLength_ = 0, tileLength_ = 0;
  T scalar_ = 0;
};

extern "C" __global__ __aicore__ void pow(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling) {
  GET_TILING_DATA(tilingData, tiling);
  if (TILING_KEY_IS(1)) {
    KernelPow<DTYPE_X, 1> op;
    op.Init(x, y, z, tilingData);
    op.Process();
  } else if (TILING_KEY_IS(2)) {
    KernelPow<DTYPE_X, 2> op;
    op.Init(x, y, z, tilingData);
    op.Process();
  } else if (TILING_KEY_IS(3)) {
    KernelPow<DTYPE_X, 3> op;
    op.Init(x, y, z, tilingData);
    op.Process();
  }
}
