// What the per-token int8 quantisation kernels share: the row's max |s| and the quantisation
// y = round-half-away-from-zero(s / scale) clamped to [-127, 127]. The vector unit converts to
// int8 from half only: s / scale is clamped in float, narrowed to half with round-to-odd (half
// keeps 4 fraction bits below 128, so the second rounding sees the true tie-or-not, as with
// any round-to-odd to at least two more bits) and converted to int8 with CAST_ROUND (ties away
// from zero).
#ifndef SK_OPS_ROW_QUANT_H
#define SK_OPS_ROW_QUANT_H
#include "kernel_operator.h"
#include "row_quant_tiling.h"

namespace sk_ops {
using namespace AscendC;

// Waits in `to` until `from` has done what was issued so far.
template <HardEvent E>
__aicore__ inline void WaitPipe() {
  event_t id = static_cast<event_t>(GetTPipePtr()->FetchEventID(E));
  SetFlag<E>(id);
  WaitFlag<E>(id);
}

// max |s[0, n)|; `work` (n floats) and `red` (32 bytes) are scratch.
__aicore__ inline float AbsMax(const LocalTensor<float>& s, const LocalTensor<float>& work,
                               const LocalTensor<float>& red, uint32_t n) {
  Abs(work, s, n);
  PipeBarrier<PIPE_V>();
  ReduceMax(red, work, work, (int32_t)n, false);
  WaitPipe<HardEvent::V_S>();
  return red.GetValue(0);
}

// The contract's scale: max / 127, or 1 for an all-zero row.
__aicore__ inline float ScaleOf(float absMax) { return absMax == 0.0f ? 1.0f : absMax / 127.0f; }

// y[0, n) from s[0, n) (s is overwritten); `work` n floats, `narrow` n halves.
__aicore__ inline void Quantise(const LocalTensor<int8_t>& y, const LocalTensor<float>& s,
                                const LocalTensor<float>& work, const LocalTensor<half>& narrow, float scale,
                                uint32_t n) {
  Duplicate(work, scale, n);
  PipeBarrier<PIPE_V>();
  Div(s, s, work, n);  // s / scale exactly as the contract states (not s * (1 / scale))
  PipeBarrier<PIPE_V>();
  Mins(s, s, 127.0f, n);  // also bounds an overflowed quotient (a tiny scale)
  PipeBarrier<PIPE_V>();
  Maxs(s, s, -127.0f, n);
  PipeBarrier<PIPE_V>();
  Cast(narrow, s, RoundMode::CAST_ODD, n);
  PipeBarrier<PIPE_V>();
  Cast(y, narrow, RoundMode::CAST_ROUND, n);
}

// Columns [0, n) of the chunk `c` of a row: chunk * c is where it starts.
__aicore__ inline uint32_t ChunkLength(uint32_t cols, uint32_t chunk, uint32_t c) {
  return c * chunk + chunk > cols ? cols - c * chunk : chunk;
}
}  // namespace sk_ops
#endif
