// Interleaved element-wise ops on half data with the vector unit's masks:
//   z[i] = (i even ? x[i] + y[i] : x[i] * y[i]) * scale
// The tile is cleared with the repeat form of Duplicate (continuous mask), the even and odd
// lanes are computed by Add and Mul under complementary bit masks (uint64_t mask[2], one bit per
// lane of a 128-lane repeat) over whole repeats and a truncated mask for the partial last
// repeat, and the scaling runs once over the tile in counter mode (SetMaskCount +
// SetVectorMask<half, MaskMode::COUNTER>, isSetMask = false) and again with the count as the
// call's own mask (isSetMask = true: in counter mode the whole tile's element count, beyond one
// repeat), after which the mask register is restored (SetMaskNorm, ResetMask).
#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t HALF_PER_REPEAT = ONE_REPEAT_BYTE_SIZE / sizeof(half);
constexpr uint64_t EVEN_LANES = 0x5555555555555555ull;
constexpr uint64_t ODD_LANES = 0xAAAAAAAAAAAAAAAAull;

// The first `n` lanes of a repeat (n < 128) as a mask pair.
__aicore__ inline void PrefixMask(uint32_t n, uint64_t mask[2]) {
  mask[0] = n >= 64 ? ~0ull : (1ull << n) - 1;
  mask[1] = n <= 64 ? 0ull : (1ull << (n - 64)) - 1;
}

class MaskOps {
 public:
  __aicore__ inline MaskOps() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, const MaskOpsTilingData& tiling) {
    blockLength_ = tiling.blockLength;
    tileLength_ = tiling.tileLength;
    scale_ = (half)tiling.scale;
    uint64_t offset = (uint64_t)GetBlockIdx() * blockLength_;
    xGm_.SetGlobalBuffer((__gm__ half*)x + offset, blockLength_);
    yGm_.SetGlobalBuffer((__gm__ half*)y + offset, blockLength_);
    zGm_.SetGlobalBuffer((__gm__ half*)z + offset, blockLength_);
    pipe_.InitBuffer(inQueueX_, BUFFER_NUM, tileLength_ * sizeof(half));
    pipe_.InitBuffer(inQueueY_, BUFFER_NUM, tileLength_ * sizeof(half));
    pipe_.InitBuffer(outQueueZ_, BUFFER_NUM, tileLength_ * sizeof(half));
  }

  __aicore__ inline void Process() {
    uint32_t tiles = (blockLength_ + tileLength_ - 1) / tileLength_;
    for (uint32_t i = 0; i < tiles; ++i) {
      uint32_t count = i + 1 == tiles ? blockLength_ - i * tileLength_ : tileLength_;
      CopyIn(i, count);
      Compute(count);
      CopyOut(i, count);
    }
  }

 private:
  __aicore__ inline void CopyIn(uint32_t i, uint32_t count) {
    LocalTensor<half> xLocal = inQueueX_.AllocTensor<half>();
    LocalTensor<half> yLocal = inQueueY_.AllocTensor<half>();
    DataCopyParams copyParams{1, (uint16_t)(count * sizeof(half)), 0, 0};
    DataCopyPadParams noPad{};
    DataCopyPad(xLocal, xGm_[i * tileLength_], copyParams, noPad);
    DataCopyPad(yLocal, yGm_[i * tileLength_], copyParams, noPad);
    inQueueX_.EnQue(xLocal);
    inQueueY_.EnQue(yLocal);
  }

  __aicore__ inline void Compute(uint32_t count) {
    LocalTensor<half> xLocal = inQueueX_.DeQue<half>();
    LocalTensor<half> yLocal = inQueueY_.DeQue<half>();
    LocalTensor<half> zLocal = outQueueZ_.AllocTensor<half>();

    uint32_t fullRepeats = count / HALF_PER_REPEAT;
    uint32_t rest = count % HALF_PER_REPEAT;
    Duplicate(zLocal, (half)0, (uint64_t)HALF_PER_REPEAT, (uint8_t)DivCeil(count, HALF_PER_REPEAT), 1,
              DEFAULT_REPEAT_STRIDE);
    PipeBarrier<PIPE_V>();

    BinaryRepeatParams repeatParams;  // contiguous: block stride 1, repeat stride 8
    if (fullRepeats > 0) {
      uint64_t even[2] = {EVEN_LANES, EVEN_LANES};
      uint64_t odd[2] = {ODD_LANES, ODD_LANES};
      Add(zLocal, xLocal, yLocal, even, (uint8_t)fullRepeats, repeatParams);
      PipeBarrier<PIPE_V>();
      Mul(zLocal, xLocal, yLocal, odd, (uint8_t)fullRepeats, repeatParams);
      PipeBarrier<PIPE_V>();
    }
    if (rest > 0) {
      uint32_t at = fullRepeats * HALF_PER_REPEAT;
      uint64_t prefix[2];
      PrefixMask(rest, prefix);
      uint64_t even[2] = {EVEN_LANES & prefix[0], EVEN_LANES & prefix[1]};
      uint64_t odd[2] = {ODD_LANES & prefix[0], ODD_LANES & prefix[1]};
      Add(zLocal[at], xLocal[at], yLocal[at], even, 1, repeatParams);
      PipeBarrier<PIPE_V>();
      Mul(zLocal[at], xLocal[at], yLocal[at], odd, 1, repeatParams);
      PipeBarrier<PIPE_V>();
    }

    SetMaskCount();
    SetVectorMask<half, MaskMode::COUNTER>(0, count);
    Muls<half, false>(zLocal, zLocal, scale_, MASK_PLACEHOLDER, 1, UnaryRepeatParams{});
    PipeBarrier<PIPE_V>();
    // the mask given in the call (isSetMask): in counter mode it counts the whole tile's elements
    Muls(zLocal, zLocal, scale_, (uint64_t)count, 1, UnaryRepeatParams{});
    SetMaskNorm();
    ResetMask();

    outQueueZ_.EnQue(zLocal);
    inQueueX_.FreeTensor(xLocal);
    inQueueY_.FreeTensor(yLocal);
  }

  __aicore__ inline void CopyOut(uint32_t i, uint32_t count) {
    LocalTensor<half> zLocal = outQueueZ_.DeQue<half>();
    DataCopyParams copyParams{1, (uint16_t)(count * sizeof(half)), 0, 0};
    DataCopyPad(zGm_[i * tileLength_], zLocal, copyParams);
    outQueueZ_.FreeTensor(zLocal);
  }

  TPipe pipe_;
  TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX_, inQueueY_;
  TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueZ_;
  GlobalTensor<half> xGm_, yGm_, zGm_;
  uint32_t blockLength_ = 0, tileLength_ = 0;
  half scale_ = 1;
};
}  // namespace

extern "C" __global__ __aicore__ void mask_ops(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling) {
  GET_TILING_DATA(tilingData, tiling);
  MaskOps op;
  op.Init(x, y, z, tilingData);
  op.Process();
}
