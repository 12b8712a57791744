// y = flip(x): y[i] = x[n - 1 - i]. Each core owns one slice of y, loads the mirrored slice of x
// (DataCopyPad: slices are not 32-byte multiples) and reverses it in UB with Gather, whose byte
// offsets come from CreateVecIndex scaled and shifted on the vector unit in int32 and then
// reinterpreted as the uint32 offsets Gather takes.
#include "kernel_operator.h"

using namespace AscendC;

namespace {
template <typename T>
class GatherReverse {
 public:
  __aicore__ inline GatherReverse() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const GatherReverseTilingData& tiling) {
    uint32_t blockIdx = GetBlockIdx();
    uint32_t start;
    if (blockIdx < tiling.formerNum) {
      length_ = tiling.formerLength;
      start = blockIdx * tiling.formerLength;
    } else {
      length_ = tiling.tailLength;
      start = tiling.formerNum * tiling.formerLength + (blockIdx - tiling.formerNum) * tiling.tailLength;
    }
    yGm_.SetGlobalBuffer((__gm__ T*)y + start, length_);
    xGm_.SetGlobalBuffer((__gm__ T*)x + (tiling.totalLength - start - length_), length_);
    uint32_t bufferBytes = AlignUp(tiling.formerLength * sizeof(T), ONE_BLK_SIZE);
    pipe_.InitBuffer(inQueue_, 1, bufferBytes);
    pipe_.InitBuffer(outQueue_, 1, bufferBytes);
    pipe_.InitBuffer(offsetBuf_, AlignUp(tiling.formerLength * sizeof(int32_t), ONE_BLK_SIZE));
  }

  __aicore__ inline void Process() {
    LocalTensor<T> xLocal = inQueue_.AllocTensor<T>();
    DataCopyExtParams copyParams{1, (uint32_t)(length_ * sizeof(T)), 0, 0, 0};
    DataCopyPadExtParams<T> padParams{false, 0, 0, 0};
    DataCopyPad(xLocal, xGm_, copyParams, padParams);
    inQueue_.EnQue(xLocal);

    // Byte offset of source element length - 1 - i, for every i.
    LocalTensor<int32_t> offsets = offsetBuf_.Get<int32_t>();
    CreateVecIndex(offsets, (int32_t)0, length_);
    PipeBarrier<PIPE_V>();
    Muls(offsets, offsets, -(int32_t)sizeof(T), length_);
    PipeBarrier<PIPE_V>();
    Adds(offsets, offsets, (int32_t)((length_ - 1) * sizeof(T)), length_);
    PipeBarrier<PIPE_V>();

    xLocal = inQueue_.DeQue<T>();
    LocalTensor<T> yLocal = outQueue_.AllocTensor<T>();
    Gather(yLocal, xLocal, offsets.ReinterpretCast<uint32_t>(), (uint32_t)0, length_);
    outQueue_.EnQue(yLocal);
    inQueue_.FreeTensor(xLocal);

    yLocal = outQueue_.DeQue<T>();
    DataCopyPad(yGm_, yLocal, copyParams);
    outQueue_.FreeTensor(yLocal);
  }

 private:
  TPipe pipe_;
  TQue<QuePosition::VECIN, 1> inQueue_;
  TQue<QuePosition::VECOUT, 1> outQueue_;
  TBuf<TPosition::VECCALC> offsetBuf_;
  GlobalTensor<T> xGm_, yGm_;
  uint32_t length_ = 0;
};
}  // namespace

extern "C" __global__ __aicore__ void gather_reverse(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  GET_TILING_DATA(tilingData, tiling);
  GatherReverse<DTYPE_X> op;
  op.Init(x, y, tilingData);
  op.Process();
}
