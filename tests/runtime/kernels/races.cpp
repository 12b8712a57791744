// Kernels that leave out (race_*) or keep (synced_*) the flag between two pipes touching the same
// local buffer. Functionally the simulator runs every kernel in program order, so the
// data is right either way; the timing replay must report the unsynchronised ones as races.
#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr uint32_t kElems = 1024;  // 4 KiB of float per tile
}

// z = x + y through one TBuf: MTE2 copies x and y in, V adds, MTE3 copies z out. Without the
// MTE2 -> V flag the Add starts while the copies are still writing UB.
template <bool synced> __aicore__ inline void copyAdd(GM_ADDR x, GM_ADDR y, GM_ADDR z) {
  GlobalTensor<float> xGm, yGm, zGm;
  xGm.SetGlobalBuffer((__gm__ float*)x, kElems);
  yGm.SetGlobalBuffer((__gm__ float*)y, kElems);
  zGm.SetGlobalBuffer((__gm__ float*)z, kElems);
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 3 * kElems * sizeof(float));
  LocalTensor<float> xs = buf.Get<float>();
  LocalTensor<float> ys = xs[kElems], zs = xs[2 * kElems];
  DataCopy(xs, xGm, kElems);
  DataCopy(ys, yGm, kElems);
  if constexpr (synced) {
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
  }
  Add(zs, xs, ys, kElems);
  SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
  WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
  DataCopy(zGm, zs, kElems);
}

// z[i] = x + i for 4 tiles, double-buffered output: V writes out[i % 2] while MTE3 copies the
// other one out. Without the MTE3 -> V flag back, tile 2's Adds overwrites out[0] while MTE3
// is still reading it for tile 0.
template <bool synced> __aicore__ inline void copyOut(GM_ADDR x, GM_ADDR z) {
  GlobalTensor<float> xGm, zGm;
  xGm.SetGlobalBuffer((__gm__ float*)x, kElems);
  zGm.SetGlobalBuffer((__gm__ float*)z, 4 * kElems);
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 3 * kElems * sizeof(float));
  LocalTensor<float> in = buf.Get<float>();
  LocalTensor<float> out[2] = {in[kElems], in[2 * kElems]};
  DataCopy(in, xGm, kElems);
  SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
  WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
  for (int32_t i = 0; i < 4; ++i) {
    if (synced && i >= 2) WaitFlag<HardEvent::MTE3_V>(i % 2);
    Adds(out[i % 2], in, (float)i, kElems);
    SetFlag<HardEvent::V_MTE3>(i % 2);
    WaitFlag<HardEvent::V_MTE3>(i % 2);
    DataCopy(zGm[i * kElems], out[i % 2], kElems);
    if (synced && i < 2) SetFlag<HardEvent::MTE3_V>(i % 2);
  }
}

// An AIC: MTE2 copies a 16 x 16 half fractal into L1, MTE1 loads it into L0A. Without the
// MTE2 -> MTE1 flag the load reads L1 while the copy is still writing it.
template <bool synced> __aicore__ inline void l1Load(GM_ADDR x) {
  GlobalTensor<half> xGm;
  xGm.SetGlobalBuffer((__gm__ half*)x, 256);
  TPipe pipe;
  TBuf<TPosition::A1> l1;
  TBuf<TPosition::A2> l0a;
  pipe.InitBuffer(l1, 512);
  pipe.InitBuffer(l0a, 512);
  LocalTensor<half> a1 = l1.Get<half>(), a2 = l0a.Get<half>();
  DataCopy(a1, xGm, 256);
  if constexpr (synced) {
    SetFlag<HardEvent::MTE2_MTE1>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_MTE1>(EVENT_ID0);
  }
  LoadData(a2, a1, LoadData2DParams(0, 1, 0, 0, 0, false, 0));
}

// An AIC: MTE2 copies 256 halves GM -> L1, MTE3 copies them L1 -> GM (copy_cbuf_to_gm runs on
// MTE3, not FIX): with the MTE2 -> MTE3 flag nothing races; without it the copy out reads L1
// while the copy in is still writing it.
template <bool synced> __aicore__ inline void l1RoundTrip(GM_ADDR x, GM_ADDR z) {
  GlobalTensor<half> xGm, zGm;
  xGm.SetGlobalBuffer((__gm__ half*)x, 256);
  zGm.SetGlobalBuffer((__gm__ half*)z, 256);
  TPipe pipe;
  TBuf<TPosition::A1> l1;
  pipe.InitBuffer(l1, 512);
  LocalTensor<half> a1 = l1.Get<half>();
  DataCopy(a1, xGm, 256);
  if constexpr (synced) {
    SetFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
  }
  DataCopy(zGm, a1, 256);
}

// Two 64-byte output buffers side by side, four tiles: V computes 32 halves into the lower one
// while MTE3 still copies the upper one out. A count-form op touches its 64 bytes, not the whole
// 256-byte repeat, and GatherMask (even elements of 64) the 32 it keeps: no race.
template <bool GATHER> __aicore__ inline void adjacentBuffers(GM_ADDR x, GM_ADDR z) {
  constexpr int32_t inCount = GATHER ? 64 : 32;
  GlobalTensor<half> xGm, zGm;
  xGm.SetGlobalBuffer((__gm__ half*)x, inCount);
  zGm.SetGlobalBuffer((__gm__ half*)z, 128);
  TPipe pipe;
  TQue<TPosition::VECIN, 1> inQueue;
  TQue<TPosition::VECOUT, 2> outQueue;
  pipe.InitBuffer(inQueue, 1, inCount * sizeof(half));
  pipe.InitBuffer(outQueue, 2, 64);
  LocalTensor<half> in = inQueue.AllocTensor<half>();
  DataCopy(in, xGm, inCount);
  inQueue.EnQue(in);
  in = inQueue.DeQue<half>();
  for (int32_t i = 0; i < 4; ++i) {
    LocalTensor<half> out = outQueue.AllocTensor<half>();
    if constexpr (GATHER) {
      uint64_t kept = 0;
      GatherMask(out, in, (uint8_t)1, true, inCount, GatherMaskParams{1, 1, 8, 0}, kept);
    } else {
      Abs(out, in, 32);
    }
    Adds(out, out, (half)i, 32);
    outQueue.EnQue(out);
    out = outQueue.DeQue<half>();
    DataCopy(zGm[32 * i], out, 32);
    outQueue.FreeTensor(out);
  }
  inQueue.FreeTensor(in);
}

extern "C" __global__ __aicore__ void synced_adjacent_buffers(GM_ADDR x, GM_ADDR z) { adjacentBuffers<false>(x, z); }
extern "C" __global__ __aicore__ void synced_adjacent_gather(GM_ADDR x, GM_ADDR z) { adjacentBuffers<true>(x, z); }

extern "C" __global__ __aicore__ void race_copy_add(GM_ADDR x, GM_ADDR y, GM_ADDR z) { copyAdd<false>(x, y, z); }
extern "C" __global__ __aicore__ void synced_copy_add(GM_ADDR x, GM_ADDR y, GM_ADDR z) { copyAdd<true>(x, y, z); }

extern "C" __global__ __aicore__ void race_copy_out(GM_ADDR x, GM_ADDR z) { copyOut<false>(x, z); }
extern "C" __global__ __aicore__ void synced_copy_out(GM_ADDR x, GM_ADDR z) { copyOut<true>(x, z); }

extern "C" __global__ __aicore__ void race_l1_load(GM_ADDR x) { l1Load<false>(x); }
extern "C" __global__ __aicore__ void synced_l1_load(GM_ADDR x) { l1Load<true>(x); }
extern "C" __global__ __aicore__ void race_l1_round_trip(GM_ADDR x, GM_ADDR z) { l1RoundTrip<false>(x, z); }
extern "C" __global__ __aicore__ void synced_l1_round_trip(GM_ADDR x, GM_ADDR z) { l1RoundTrip<true>(x, z); }
