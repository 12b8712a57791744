// float32 -> int32 conversion with the rounding mode chosen by the tiling key (1 floor, 2 ceil,
// 3 trunc, 4 round half away from zero, 5 round half to even). A single-buffered pipeline
// without queues: the kernel orders the pipes itself with SetFlag/WaitFlag (MTE2 -> V before the
// cast, V -> MTE3 before the store, MTE3 -> MTE2 before the next load reuses the buffers).
// Per-core lengths are not a multiple of 32 bytes: every copy is a DataCopyPad.
#include "kernel_operator.h"

using namespace AscendC;

namespace {
template <RoundMode MODE>
class CastModes {
 public:
  __aicore__ inline CastModes() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const CastModesTilingData& tiling) {
    blockLength_ = tiling.blockLength;
    tileLength_ = tiling.tileLength;
    uint64_t offset = (uint64_t)GetBlockIdx() * blockLength_;
    xGm_.SetGlobalBuffer((__gm__ DTYPE_X*)x + offset, blockLength_);
    yGm_.SetGlobalBuffer((__gm__ DTYPE_Y*)y + offset, blockLength_);
    pipe_.InitBuffer(xBuf_, tileLength_ * sizeof(DTYPE_X));
    pipe_.InitBuffer(yBuf_, tileLength_ * sizeof(DTYPE_Y));
  }

  __aicore__ inline void Process() {
    LocalTensor<DTYPE_X> xLocal = xBuf_.Get<DTYPE_X>();
    LocalTensor<DTYPE_Y> yLocal = yBuf_.Get<DTYPE_Y>();
    event_t mte2ToV = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::MTE2_V));
    event_t vToMte3 = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::V_MTE3));
    event_t mte3ToMte2 = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::MTE3_MTE2));
    uint32_t tiles = (blockLength_ + tileLength_ - 1) / tileLength_;
    for (uint32_t i = 0; i < tiles; ++i) {
      uint32_t count = i + 1 == tiles ? blockLength_ - i * tileLength_ : tileLength_;
      DataCopyExtParams inParams{1, (uint32_t)(count * sizeof(DTYPE_X)), 0, 0, 0};
      DataCopyPadExtParams<DTYPE_X> noPad{false, 0, 0, 0};
      DataCopyPad(xLocal, xGm_[i * tileLength_], inParams, noPad);
      SetFlag<HardEvent::MTE2_V>(mte2ToV);
      WaitFlag<HardEvent::MTE2_V>(mte2ToV);

      Cast(yLocal, xLocal, MODE, count);
      SetFlag<HardEvent::V_MTE3>(vToMte3);
      WaitFlag<HardEvent::V_MTE3>(vToMte3);

      DataCopyExtParams outParams{1, (uint32_t)(count * sizeof(DTYPE_Y)), 0, 0, 0};
      DataCopyPad(yGm_[i * tileLength_], yLocal, outParams);
      SetFlag<HardEvent::MTE3_MTE2>(mte3ToMte2);
      WaitFlag<HardEvent::MTE3_MTE2>(mte3ToMte2);
    }
  }

 private:
  TPipe pipe_;
  TBuf<TPosition::VECCALC> xBuf_, yBuf_;
  GlobalTensor<DTYPE_X> xGm_;
  GlobalTensor<DTYPE_Y> yGm_;
  uint32_t blockLength_ = 0, tileLength_ = 0;
};

template <RoundMode MODE>
__aicore__ inline void RunCast(GM_ADDR x, GM_ADDR y, const CastModesTilingData& tiling) {
  CastModes<MODE> op;
  op.Init(x, y, tiling);
  op.Process();
}
}  // namespace

extern "C" __global__ __aicore__ void cast_modes(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  GET_TILING_DATA(tilingData, tiling);
  if (TILING_KEY_IS(1)) {
    RunCast<RoundMode::CAST_FLOOR>(x, y, tilingData);
  } else if (TILING_KEY_IS(2)) {
    RunCast<RoundMode::CAST_CEIL>(x, y, tilingData);
  } else if (TILING_KEY_IS(3)) {
    RunCast<RoundMode::CAST_TRUNC>(x, y, tilingData);
  } else if (TILING_KEY_IS(4)) {
    RunCast<RoundMode::CAST_ROUND>(x, y, tilingData);
  } else if (TILING_KEY_IS(5)) {
    RunCast<RoundMode::CAST_RINT>(x, y, tilingData);
  }
}
