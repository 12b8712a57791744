// One 16 x 16 x 16 half product per block, C = A x B in float: A straight from GM into L0A, B
// through L1 into L0B (each operand one 512-byte fractal, as GM holds it: A row-major, B
// transposed), the product through Fixpipe to GM. The cube code is the operator's AIC
// specialisation; the AIV one does nothing, so only the cube-core compile says what it is.
#pragma once
#include "tl/macros.h"

namespace tl {
struct BlockMatmul {
  static constexpr uint32_t kSide = 16, kElems = kSide * kSide;
  struct Params {
    GM_ADDR a;  // per block: kElems of each of a, bT and c
    GM_ADDR bT;
    GM_ADDR c;
    uint32_t tiles;    // blocks' products
  };

  template <int32_t CORE_TYPE = g_coreType> TL_DEVICE void operator()(Params const& params);

  template <> TL_DEVICE void operator()<AscendC::AIV>(Params const& params) {}

  template <> TL_DEVICE void operator()<AscendC::AIC>(Params const& params) {
    using namespace AscendC;
    icache_preload(1);
    uint32_t block = GetBlockIdx();
    // The tiles after this block's: none on the last block, where the next tile's index is
    // taken modulo 0 and then not used (the AI Core's scalar unit does not trap on it).
    uint32_t after = params.tiles - 1 - block;
    volatile uint32_t nextTile = (block + 1) % after;
    (void)nextTile;
    GlobalTensor<half> aGm, bGm;
    GlobalTensor<float> cGm;
    aGm.SetGlobalBuffer((__gm__ half*)params.a + block * kElems, kElems);
    bGm.SetGlobalBuffer((__gm__ half*)params.bT + block * kElems, kElems);
    cGm.SetGlobalBuffer((__gm__ float*)params.c + block * kElems, kElems);
    TPipe pipe;
    TBuf<TPosition::B1> b1Buf;
    TBuf<TPosition::A2> a2Buf;
    TBuf<TPosition::B2> b2Buf;
    TBuf<TPosition::CO1> c1Buf;
    pipe.InitBuffer(b1Buf, kElems * sizeof(half));
    pipe.InitBuffer(a2Buf, kElems * sizeof(half));
    pipe.InitBuffer(b2Buf, kElems * sizeof(half));
    pipe.InitBuffer(c1Buf, kElems * sizeof(float));
    LocalTensor<half> b1 = b1Buf.Get<half>(), a2 = a2Buf.Get<half>(), b2 = b2Buf.Get<half>();
    LocalTensor<float> c1 = c1Buf.Get<float>();
    LoadData2DParams one;
    one.repeatTimes = CeilDiv<uint32_t>(kElems * sizeof(half), 512);
    LoadData(a2, aGm, one);  // GM -> L0A
    LoadData(b1, bGm, one);  // GM -> L1
    SetFlag<HardEvent::MTE2_MTE1>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_MTE1>(EVENT_ID0);
    LoadData(b2, b1, one);   // L1 -> L0B
    SetFlag<HardEvent::MTE1_M>(EVENT_ID0);
    WaitFlag<HardEvent::MTE1_M>(EVENT_ID0);
    SetFlag<HardEvent::MTE2_M>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_M>(EVENT_ID0);
    MmadParams mp;
    mp.m = kSide, mp.n = kSide, mp.k = kSide;
    Mmad(c1, a2, b2, mp);
    SetFlag<HardEvent::M_FIX>(EVENT_ID0);
    WaitFlag<HardEvent::M_FIX>(EVENT_ID0);
    FixpipeParamsV220 fp;
    fp.nSize = kSide, fp.mSize = kSide, fp.srcStride = kSide, fp.dstStride = kSide, fp.ndNum = 1;
    Fixpipe(cGm, c1, fp);
  }
};
}  // namespace tl
