// The sum of a float vector across cores, in the style of the norm family's reduce helpers:
// each tile is summed by vcadd into the accumulator register only (dst nullptr; GetAccVal reads
// it back), under AscendCUtils masks: whole repeats then the tail (key 1), or one counter-mode
// pass (key 2). partial[b] is block b's sum. Key 1: after SyncAll block 0 loads the partials and
// sums them the same way into total. Key 2: block 0 zeroes total (InitOutput) and every block
// adds its sum into it with the DMA's atomic add. Copies use the DataCopyPad*Impl spellings.
// With bfloat16 outputs (key 1) the sums stay float and each result is stored as a scalar,
// SetValue(ToBfloat16(sum)).
#include "kernel_operator.h"

namespace ReduceSumAllNs {
using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t BLOCK_BYTES = 32;
constexpr int32_t ELEM_PER_REP_FP32 = ONE_REPEAT_FLOAT_SIZE;

// The accumulator of the last vcadd as a float.
__aicore__ inline float ReadAcc() {
  event_t eventVS = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::V_S));
  SetFlag<HardEvent::V_S>(eventVS);
  WaitFlag<HardEvent::V_S>(eventVS);
  uint64_t accVal = GetAccVal();
  return *reinterpret_cast<float*>(&accVal);
}

// count <= 255 * 64: whole repeats under a full mask, then the tail under a mask of its length.
__aicore__ inline float ReduceSumFP32(const LocalTensor<float>& src, int32_t count) {
  int32_t repeatTimes = count / ELEM_PER_REP_FP32;
  int32_t tailCount = count % ELEM_PER_REP_FP32;
  int32_t bodyCount = repeatTimes * ELEM_PER_REP_FP32;
  float value = 0.0f;
  if (likely(repeatTimes > 0)) {
    AscendCUtils::SetMask<float>(ELEM_PER_REP_FP32);
    vcadd(nullptr, (__ubuf__ float*)src.GetPhyAddr(), repeatTimes, 1, 1, 8, true);
    value = ReadAcc();
  }
  if (unlikely(tailCount != 0)) {
    AscendCUtils::SetMask<float>(tailCount);
    vcadd(nullptr, (__ubuf__ float*)src[bodyCount].GetPhyAddr(), 1, 1, 1, 8, true);
    value += ReadAcc();
  }
  AscendCUtils::ResetMask();
  return value;
}

// The same in counter mode: one vcadd takes count elements, its repeats summed in order.
__aicore__ inline float ReduceSumCounter(const LocalTensor<float>& src, int32_t count) {
  AscendCUtils::SetMaskCount<float>();
  SetVectorMask<float, MaskMode::COUNTER>(0, count);
  vcadd(nullptr, (__ubuf__ float*)src.GetPhyAddr(), 1, 1, 1, 8, true);
  float value = ReadAcc();
  SetMaskNorm();
  AscendCUtils::ResetMask();
  return value;
}

template <typename Y, bool ATOMIC>
class ReduceSumAll {
 public:
  __aicore__ inline ReduceSumAll() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR partial, GM_ADDR total, const ReduceSumAllTilingData& tiling) {
    ASSERT(GetBlockNum() != 0 && "block dim can not be zero!");
    blockIdx_ = GetBlockIdx();
    blockNum_ = GetBlockNum();
    uint64_t offset = (uint64_t)blockIdx_ * tiling.blockLength;
    blockLength_ = blockIdx_ + 1 == blockNum_ ? tiling.totalLength - offset : tiling.blockLength;
    tileLength_ = tiling.tileLength;
    xGm_.SetGlobalBuffer((__gm__ float*)x + offset, blockLength_);
    partialGm_.SetGlobalBuffer((__gm__ Y*)partial, blockNum_);
    totalGm_.SetGlobalBuffer((__gm__ Y*)total, 1);
    pipe_.InitBuffer(inQueue_, BUFFER_NUM, tileLength_ * sizeof(float));
    pipe_.InitBuffer(syncQueue_, 1, BLOCK_BYTES);
    pipe_.InitBuffer(resultBuf_, ONE_BLK_FLOAT_NUM * sizeof(float));
    // Room for every block's partial, in whole 32-byte blocks.
    pipe_.InitBuffer(gatherBuf_, (blockNum_ + ONE_BLK_FLOAT_NUM - 1) / ONE_BLK_FLOAT_NUM * BLOCK_BYTES);
    pipe_.InitBuffer(gatherOutBuf_, (blockNum_ + ONE_BLK_FLOAT_NUM - 1) / ONE_BLK_FLOAT_NUM * BLOCK_BYTES);
  }

  __aicore__ inline void Process() {
    if constexpr (ATOMIC) {
      if (blockIdx_ == 0) InitOutput<Y>(totalGm_, 1, (Y)0.0f);
      PipeBarrier<PIPE_ALL>();
      SyncAll();
    }
    float blockSum = 0.0f;
    uint32_t tiles = (blockLength_ + tileLength_ - 1) / tileLength_;
    for (uint32_t i = 0; i < tiles; ++i) {
      uint32_t n = i + 1 == tiles ? blockLength_ - i * tileLength_ : tileLength_;
      LocalTensor<float> xLocal = inQueue_.AllocTensor<float>();
      DataCopyParams copy{1, (uint16_t)(n * sizeof(float)), 0, 0};
      DataCopyPadParams pad{false, 0, 0, 0};
      DataCopyPadGm2UBImpl((__ubuf__ float*)xLocal.GetPhyAddr(), (__gm__ float*)xGm_[i * tileLength_].GetPhyAddr(), copy, pad);
      inQueue_.EnQue(xLocal);
      inQueue_.DeQue();  // the buffer-handle form: the vector pipe waits for the copy; xLocal stays valid
      blockSum += ATOMIC ? ReduceSumCounter(xLocal, n) : ReduceSumFP32(xLocal, n);
      inQueue_.template FreeTensor(xLocal);
    }
    WriteOne(partialGm_[blockIdx_], blockSum);
    if constexpr (ATOMIC) {
      SetAtomicAdd<float>();
      WriteOne(totalGm_, blockSum);
      SetAtomicNone();
    } else {
      PipeBarrier<PIPE_ALL>();
      SyncAll();
      if (blockIdx_ == 0) SumPartials();
    }
  }

 private:
  // One float to GM: a vector write into UB, a queue token from the vector pipe to MTE3 (the
  // buffer-handle forms: AllocBuffer, EnQue(TBufHandle), DeQue(), FreeBuffer), a 4-byte copy.
  // A bfloat16 result is a scalar store, SetValue(ToBfloat16(value)), behind an S_MTE3 flag.
  __aicore__ inline void WriteOne(const GlobalTensor<Y>& dst, float value) {
    LocalTensor<Y> result = resultBuf_.Get<Y>();
    DataCopyParams copy{1, (uint16_t)sizeof(Y), 0, 0};
    if constexpr (std::is_same_v<Y, bfloat16_t>) {
      result.SetValue(0, ToBfloat16(value));
      event_t eventSMte3 = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::S_MTE3));
      SetFlag<HardEvent::S_MTE3>(eventSMte3);
      WaitFlag<HardEvent::S_MTE3>(eventSMte3);
      DataCopyPadUB2GMImpl((__gm__ Y*)dst.GetPhyAddr(), (__ubuf__ Y*)result.GetPhyAddr(), copy);
    } else {
      TBufHandle token = syncQueue_.AllocBuffer();
      Duplicate(result, value, ONE_BLK_FLOAT_NUM);
      syncQueue_.EnQue(token);
      token = syncQueue_.DeQue();
      DataCopyPadUB2GMImpl((__gm__ Y*)dst.GetPhyAddr(), (__ubuf__ Y*)result.GetPhyAddr(), copy);
      syncQueue_.FreeBuffer(token);
    }
  }

  __aicore__ inline void SumPartials() {
    LocalTensor<float> partials = gatherBuf_.Get<float>();
    LocalTensor<Y> loaded = std::is_same_v<Y, float> ? gatherBuf_.Get<Y>() : gatherOutBuf_.Get<Y>();
    uint32_t perBlock = BLOCK_BYTES / sizeof(Y);
    uint32_t padded = (blockNum_ + perBlock - 1) / perBlock * perBlock;
    DataCopyParams copy{1, (uint16_t)(blockNum_ * sizeof(Y)), 0, 0};
    DataCopyPadParams pad{true, 0, (uint8_t)(padded - blockNum_), 0};
    DataCopyPadGm2UBImpl((__ubuf__ Y*)loaded.GetPhyAddr(), (__gm__ Y*)partialGm_.GetPhyAddr(), copy, pad);
    event_t eventMte2V = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::MTE2_V));
    SetFlag<HardEvent::MTE2_V>(eventMte2V);
    WaitFlag<HardEvent::MTE2_V>(eventMte2V);
    if constexpr (!std::is_same_v<Y, float>) {
      Cast(partials, loaded, RoundMode::CAST_NONE, blockNum_);
      PipeBarrier<PIPE_V>();
    }
    WriteOne(totalGm_, ReduceSumCounter(partials, blockNum_));
  }

  TPipe pipe_;
  TQue<QuePosition::VECIN, BUFFER_NUM> inQueue_;
  TQue<QuePosition::VECOUT, 1> syncQueue_;
  TBuf<TPosition::VECCALC> resultBuf_, gatherBuf_, gatherOutBuf_;
  GlobalTensor<float> xGm_;
  GlobalTensor<Y> partialGm_, totalGm_;
  uint32_t blockIdx_ = 0, blockNum_ = 1, blockLength_ = 0, tileLength_ = 0;
};
}  // namespace ReduceSumAllNs

extern "C" __global__ __aicore__ void reduce_sum_all(GM_ADDR x, GM_ADDR partial, GM_ADDR total, GM_ADDR workspace,
                                                     GM_ADDR tiling) {
  GET_TILING_DATA(tilingData, tiling);
  if (TILING_KEY_IS(1)) {
    ReduceSumAllNs::ReduceSumAll<DTYPE_PARTIAL, false> op;
    op.Init(x, partial, total, tilingData);
    op.Process();
  } else if (TILING_KEY_IS(2)) {
    ReduceSumAllNs::ReduceSumAll<DTYPE_PARTIAL, true> op;
    op.Init(x, partial, total, tilingData);
    op.Process();
  }
}
