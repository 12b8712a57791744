// moe_gating_topk: per token (a row of E logits), float32 scores (sigmoid, or softmax over the
// row), then with groups each group's score (its best plus its second best: ReduceMax with the
// index, the best masked, ReduceMax again) and the groupSelect best groups by the scalar unit,
// the experts of the others set to -inf (Duplicate); then k rounds of ReduceMax with its index
// (the first of equal maxima, so ties go to the lower expert) over the row, each masking the
// expert it found. The row lands in UB group by group, each group in a slot of whole 32-byte
// blocks (DataCopyPad padding with -inf), so every group starts aligned for the vector unit;
// pads score 0 and are set to -inf before the choice. Tokens are split over the cores; each
// token's weights and ids leave as soon as they are known.
#include "kernel_operator.h"
#include "moe_gating_topk_tiling.h"

namespace {
using namespace AscendC;

template <HardEvent E>
__aicore__ inline void WaitPipe() {
  event_t id = static_cast<event_t>(GetTPipePtr()->FetchEventID(E));
  SetFlag<E>(id);
  WaitFlag<E>(id);
}

template <typename T>
class MoeGatingTopK {
 public:
  static constexpr bool kCast = !std::is_same_v<T, float>;
  static constexpr uint32_t kBlock = ONE_BLK_SIZE / sizeof(T);  // elements of T in 32 bytes

  __aicore__ inline void Init(GM_ADDR logits, GM_ADDR weights, GM_ADDR ids, const MoeGatingTopKTilingData& t) {
    t_ = t;
    size_ = t.experts / t.groupCount;
    slot_ = AlignUp(size_, kBlock);
    width_ = t.groupCount * slot_;
    uint32_t first = GetBlockIdx() * t.rowsPerCore;
    rows_ = first >= t.rows ? 0 : (first + t.rowsPerCore > t.rows ? t.rows - first : t.rowsPerCore);
    logitsGm_.SetGlobalBuffer((__gm__ T*)logits + (uint64_t)first * t.experts);
    weightsGm_.SetGlobalBuffer((__gm__ float*)weights + (uint64_t)first * t.k);
    idsGm_.SetGlobalBuffer((__gm__ int32_t*)ids + (uint64_t)first * t.k);
    pipe_.InitBuffer(inQueue_, 2, width_ * sizeof(T));
    if constexpr (kCast) pipe_.InitBuffer(scoresBuf_, width_ * sizeof(float));
    pipe_.InitBuffer(workBuf_, width_ * sizeof(float));
    pipe_.InitBuffer(redBuf_, 2 * t.groupCount * ONE_BLK_SIZE);  // a 32-byte result slot per group, twice
    pipe_.InitBuffer(groupBuf_, AlignUp(t.groupCount * sizeof(float), ONE_BLK_SIZE));
    pipe_.InitBuffer(weightBuf_, AlignUp(t.k * sizeof(float), ONE_BLK_SIZE));
    pipe_.InitBuffer(idBuf_, AlignUp(t.k * sizeof(int32_t), ONE_BLK_SIZE));
  }

  __aicore__ inline void Process() {
    for (uint32_t r = 0; r < rows_; ++r) {
      LocalTensor<T> in = inQueue_.AllocTensor<T>();
      DataCopyPad(in, logitsGm_[(uint64_t)r * t_.experts],
                  {(uint16_t)t_.groupCount, (uint32_t)(size_ * sizeof(T)), 0, 0, 0},
                  {true, 0, (uint8_t)(slot_ - size_), (T)-INFINITY});
      inQueue_.EnQue(in);
      in = inQueue_.DeQue<T>();
      LocalTensor<float> scores;
      if constexpr (kCast) {
        scores = scoresBuf_.Get<float>();
        Cast(scores, in, RoundMode::CAST_NONE, width_);
        PipeBarrier<PIPE_V>();
      } else {
        scores = in;
      }
      Scores(scores);
      WaitPipe<HardEvent::V_S>();
      if (slot_ != size_) {  // the pads' scores (0) must not compete with real experts
        for (uint32_t g = 0; g < t_.groupCount; ++g)
          for (uint32_t e = size_; e < slot_; ++e) scores.SetValue(g * slot_ + e, -INFINITY);
        WaitPipe<HardEvent::S_V>();
      }
      if (t_.groupCount > 1) MaskGroups(scores);
      TopK(scores, r);
      inQueue_.FreeTensor(in);
    }
  }

 private:
  __aicore__ inline void Scores(const LocalTensor<float>& s) {
    uint32_t n = width_;
    LocalTensor<float> red = redBuf_.Get<float>();
    if (t_.sigmoid) {  // 1 / (1 + exp(-x))
      Muls(s, s, -1.0f, n);
      PipeBarrier<PIPE_V>();
      Exp(s, s, n);
      PipeBarrier<PIPE_V>();
      Adds(s, s, 1.0f, n);
      PipeBarrier<PIPE_V>();
      Reciprocal(s, s, n);
      return;
    }
    // exp(x - max) * (1 / sum); the pads (-inf) add exp(-inf) = 0
    ReduceMax(red, s, workBuf_.Get<float>(), (int32_t)n, false);
    WaitPipe<HardEvent::V_S>();
    Adds(s, s, -red.GetValue(0), n);
    PipeBarrier<PIPE_V>();
    Exp(s, s, n);
    PipeBarrier<PIPE_V>();
    ReduceSum(red, s, workBuf_.Get<float>(), (int32_t)n);
    WaitPipe<HardEvent::V_S>();
    Muls(s, s, 1.0f / red.GetValue(0), n);
  }

  // Each group's best (with its index) into the first groupCount result slots, its second best
  // (the best masked meanwhile) into the others; then the groups not among the groupSelect best
  // get -inf everywhere.
  __aicore__ inline void MaskGroups(const LocalTensor<float>& s) {
    LocalTensor<float> red = redBuf_.Get<float>(), groups = groupBuf_.Get<float>(), work = workBuf_.Get<float>();
    uint32_t count = t_.groupCount, slotFloats = ONE_BLK_SIZE / sizeof(float);
    for (uint32_t g = 0; g < count; ++g) ReduceMax(red[g * slotFloats], s[g * slot_], work, (int32_t)size_, true);
    WaitPipe<HardEvent::V_S>();
    for (uint32_t g = 0; g < count; ++g)
      s.SetValue(g * slot_ + red.ReinterpretCast<uint32_t>().GetValue(g * slotFloats + 1), -INFINITY);
    WaitPipe<HardEvent::S_V>();
    if (size_ > 1)
      for (uint32_t g = 0; g < count; ++g)
        ReduceMax(red[(count + g) * slotFloats], s[g * slot_], work, (int32_t)size_, false);
    WaitPipe<HardEvent::V_S>();
    for (uint32_t g = 0; g < count; ++g) {
      float best = red.GetValue(g * slotFloats);
      s.SetValue(g * slot_ + red.ReinterpretCast<uint32_t>().GetValue(g * slotFloats + 1), best);
      groups.SetValue(g, size_ == 1 ? best : best + red.GetValue((count + g) * slotFloats));
    }
    for (uint32_t pick = 0; pick < t_.groupSelect; ++pick) {  // a chosen group's score becomes -inf
      uint32_t chosen = 0;
      float best = -INFINITY;
      for (uint32_t g = 0; g < count; ++g) {
        float v = groups.GetValue(g);
        if (v > best) {  // strictly: the lower group wins a tie
          best = v;
          chosen = g;
        }
      }
      groups.SetValue(chosen, -INFINITY);
    }
    WaitPipe<HardEvent::S_V>();
    for (uint32_t g = 0; g < count; ++g)
      if (groups.GetValue(g) != -INFINITY) Duplicate(s[g * slot_], -INFINITY, slot_);
    PipeBarrier<PIPE_V>();
  }

  __aicore__ inline void TopK(const LocalTensor<float>& s, uint32_t r) {
    LocalTensor<float> red = redBuf_.Get<float>(), w = weightBuf_.Get<float>();
    LocalTensor<int32_t> ids = idBuf_.Get<int32_t>();
    float sum = 0.0f;
    for (uint32_t j = 0; j < t_.k; ++j) {
      ReduceMax(red, s, workBuf_.Get<float>(), (int32_t)width_, true);
      WaitPipe<HardEvent::V_S>();
      float v = red.GetValue(0);
      uint32_t at = red.ReinterpretCast<uint32_t>().GetValue(1);
      w.SetValue(j, v);
      ids.SetValue(j, (int32_t)(at / slot_ * size_ + at % slot_));
      sum += v;
      s.SetValue(at, -INFINITY);
      WaitPipe<HardEvent::S_V>();
    }
    for (uint32_t j = 0; j < t_.k; ++j) {
      float v = t_.renormalize ? w.GetValue(j) / sum : w.GetValue(j);
      w.SetValue(j, v * t_.routedScalingFactor);
    }
    WaitPipe<HardEvent::S_MTE3>();
    DataCopyExtParams copy{1, (uint32_t)(t_.k * sizeof(float)), 0, 0, 0};
    DataCopyPad(weightsGm_[(uint64_t)r * t_.k], w, copy);
    DataCopyPad(idsGm_[(uint64_t)r * t_.k], ids, copy);
    WaitPipe<HardEvent::MTE3_S>();  // the next token writes w and ids again
  }

  TPipe pipe_;
  TQue<QuePosition::VECIN, 2> inQueue_;
  TBuf<TPosition::VECCALC> scoresBuf_, workBuf_, redBuf_, groupBuf_, weightBuf_, idBuf_;
  GlobalTensor<T> logitsGm_;
  GlobalTensor<float> weightsGm_;
  GlobalTensor<int32_t> idsGm_;
  MoeGatingTopKTilingData t_;
  uint32_t rows_ = 0, size_ = 0, slot_ = 0, width_ = 0;  // experts per group, its UB slot, the UB row
};
}  // namespace

extern "C" __global__ __aicore__ void moe_gating_topk(GM_ADDR logits, GM_ADDR weights, GM_ADDR ids, GM_ADDR workspace,
                                                      GM_ADDR tiling) {
  GET_TILING_DATA_WITH_STRUCT(MoeGatingTopKTilingData, t, tiling);
  MoeGatingTopK<DTYPE_LOGITS> op;
  op.Init(logits, weights, ids, t);
  op.Process();
}
