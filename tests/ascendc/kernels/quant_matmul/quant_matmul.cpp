// y = dequant(x int8 x w^T int8) as half: int32 accumulation in L0C, then the Fixpipe's
// per-channel dequantization (VDEQF16) with one uint64 scale per output column (the scale's
// float bits in the low word, as the host packs them), read from L1. The weight is stored n x k,
// so its Nz image in L1 is already the Zn layout L0B wants: one LoadData moves it all.
// Tiling key 2 hands the scales over as DataCopy's L0C -> GM form does: L1 -> the fixpipe
// buffer (C2PIPE2GM, 128-byte bursts), SetFixPipeConfig, then DataCopy with
// DataCopyCO12DstParams; key 4 the same way to a Fixpipe without cbufWorkspace, which reads the
// fixpipe buffer's tensor SetFixPipeConfig named. Key 3 dequantizes into L1 over its own scales (the Fixpipe reads them
// first) and copies each tile out as it lies there: y holds the tiles one after another, each
// Nz (column blocks of 16, baseM rows).
#include "kernel_operator.h"

using namespace AscendC;

namespace {

class QuantMatmul {
 public:
  __aicore__ inline QuantMatmul() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR w, GM_ADDR scale, GM_ADDR y, const QuantMatmulTilingData& t) {
    m_ = t.m;
    n_ = t.n;
    k_ = t.k;
    baseM_ = t.baseM;
    baseN_ = t.baseN;
    baseK_ = t.baseK;
    xGm_.SetGlobalBuffer((__gm__ int8_t*)x, (uint64_t)m_ * k_);
    wGm_.SetGlobalBuffer((__gm__ int8_t*)w, (uint64_t)n_ * k_);
    scaleGm_.SetGlobalBuffer((__gm__ uint64_t*)scale, n_);
    yGm_.SetGlobalBuffer((__gm__ half*)y, (uint64_t)m_ * n_);
    pipe_.InitBuffer(inQueueA1_, 2, baseM_ * baseK_);
    pipe_.InitBuffer(inQueueB1_, 2, baseN_ * baseK_);
    pipe_.InitBuffer(inQueueA2_, 1, baseM_ * baseK_);
    pipe_.InitBuffer(inQueueB2_, 1, baseN_ * baseK_);
    pipe_.InitBuffer(outQueueCO1_, 1, baseM_ * baseN_ * sizeof(int32_t));
    pipe_.InitBuffer(scaleBuf_, baseN_ * sizeof(uint64_t));
    if (TILING_KEY_IS(2) || TILING_KEY_IS(4)) pipe_.InitBuffer(fixpipeBuf_, baseN_ * sizeof(uint64_t));
    if (TILING_KEY_IS(3)) pipe_.InitBuffer(yL1Buf_, baseM_ * baseN_ * sizeof(half));
  }

  __aicore__ inline void Process() {
    uint32_t tilesN = n_ / baseN_;
    for (uint32_t tile = GetBlockIdx(); tile < (m_ / baseM_) * tilesN; tile += GetBlockNum()) {
      uint32_t tm = tile / tilesN, tn = tile % tilesN;
      LocalTensor<int32_t> c1 = outQueueCO1_.AllocTensor<int32_t>();
      for (uint32_t kk = 0; kk < k_; kk += baseK_) {
        CopyIn(tm, tn, kk);
        Split();
        Compute(c1, kk == 0);
      }
      outQueueCO1_.EnQue(c1);
      CopyOut(tm, tn);
    }
  }

 private:
  __aicore__ inline void CopyIn(uint32_t tm, uint32_t tn, uint32_t kk) {
    LocalTensor<int8_t> a1 = inQueueA1_.AllocTensor<int8_t>();
    LocalTensor<int8_t> b1 = inQueueB1_.AllocTensor<int8_t>();
    DataCopy(a1, xGm_[(uint64_t)tm * baseM_ * k_ + kk], Nd2NzParams(1, baseM_, baseK_, 0, k_, baseM_, 1, 0));
    DataCopy(b1, wGm_[(uint64_t)tn * baseN_ * k_ + kk], Nd2NzParams(1, baseN_, baseK_, 0, k_, baseN_, 1, 0));
    inQueueA1_.EnQue(a1);
    inQueueB1_.EnQue(b1);
  }

  __aicore__ inline void Split() {
    LocalTensor<int8_t> a1 = inQueueA1_.DeQue<int8_t>();
    LocalTensor<int8_t> b1 = inQueueB1_.DeQue<int8_t>();
    LocalTensor<int8_t> a2 = inQueueA2_.AllocTensor<int8_t>();
    LocalTensor<int8_t> b2 = inQueueB2_.AllocTensor<int8_t>();
    uint32_t mBlocks = baseM_ / 16, kBlocks = baseK_ / 32;
    for (uint32_t i = 0; i < mBlocks; ++i) LoadData(a2[i * kBlocks * 512], a1, LoadData2DParams(i, kBlocks, mBlocks, 0, 0, false, 0));
    LoadData(b2, b1, LoadData2DParams(0, kBlocks * (baseN_ / 16), 1, 0, 0, false, 0));
    inQueueA2_.EnQue(a2);
    inQueueB2_.EnQue(b2);
    inQueueA1_.FreeTensor(a1);
    inQueueB1_.FreeTensor(b1);
  }

  __aicore__ inline void Compute(const LocalTensor<int32_t>& c1, bool first) {
    LocalTensor<int8_t> a2 = inQueueA2_.DeQue<int8_t>();
    LocalTensor<int8_t> b2 = inQueueB2_.DeQue<int8_t>();
    Mmad(c1, a2, b2, MmadParams(baseM_, baseN_, baseK_, 0, false, first));
    inQueueA2_.FreeTensor(a2);
    inQueueB2_.FreeTensor(b2);
  }

  __aicore__ inline void CopyOut(uint32_t tm, uint32_t tn) {
    if (TILING_KEY_IS(2) || TILING_KEY_IS(4)) return CopyOutThroughFixpipeBuffer(tm, tn);
    if (TILING_KEY_IS(3)) return CopyOutThroughL1(tm, tn);
    LocalTensor<uint64_t> scaleL1 = scaleBuf_.Get<uint64_t>();
    DataCopy(scaleL1, scaleGm_[tn * baseN_], baseN_);
    SetFlag<HardEvent::MTE2_FIX>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_FIX>(EVENT_ID0);
    LocalTensor<int32_t> c1 = outQueueCO1_.DeQue<int32_t>();
    FixpipeParamsV220 p(baseN_, baseM_, baseM_, n_, false);
    p.quantPre = QuantMode_t::VDEQF16;
    Fixpipe(yGm_[(uint64_t)tm * baseM_ * n_ + tn * baseN_], c1, scaleL1, p);
    outQueueCO1_.FreeTensor(c1);
    SetFlag<HardEvent::FIX_MTE2>(EVENT_ID0);
    WaitFlag<HardEvent::FIX_MTE2>(EVENT_ID0);
  }

  __aicore__ inline void CopyOutThroughFixpipeBuffer(uint32_t tm, uint32_t tn) {
    LocalTensor<uint64_t> scaleL1 = scaleBuf_.Get<uint64_t>();
    DataCopy(scaleL1, scaleGm_[tn * baseN_], baseN_);
    SetFlag<HardEvent::MTE2_FIX>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_FIX>(EVENT_ID0);
    LocalTensor<uint64_t> scaleFb = fixpipeBuf_.Get<uint64_t>();
    DataCopy(scaleFb, scaleL1, DataCopyParams(1, baseN_ * sizeof(uint64_t) / 128, 0, 0));
    SetFixPipeConfig(scaleFb);
    LocalTensor<int32_t> c1 = outQueueCO1_.DeQue<int32_t>();
    if (TILING_KEY_IS(4)) {
      FixpipeParamsV220 p(baseN_, baseM_, baseM_, n_, false);
      p.quantPre = QuantMode_t::VDEQF16;
      Fixpipe(yGm_[(uint64_t)tm * baseM_ * n_ + tn * baseN_], c1, p);
    } else {
      SetFixpipeNz2ndFlag(1, 0, 0);
      DataCopyCO12DstParams p(baseN_, baseM_, n_, baseM_, QuantMode_t::VDEQF16, 0, false, true);
      DataCopy(yGm_[(uint64_t)tm * baseM_ * n_ + tn * baseN_], c1, p);
    }
    outQueueCO1_.FreeTensor(c1);
    SetFlag<HardEvent::FIX_MTE2>(EVENT_ID0);
    WaitFlag<HardEvent::FIX_MTE2>(EVENT_ID0);
  }

  __aicore__ inline void CopyOutThroughL1(uint32_t tm, uint32_t tn) {
    LocalTensor<uint64_t> scales = yL1Buf_.Get<uint64_t>();  // where the tile's first columns will land
    DataCopy(scales, scaleGm_[tn * baseN_], baseN_);
    SetFlag<HardEvent::MTE2_FIX>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_FIX>(EVENT_ID0);
    LocalTensor<half> yL1 = yL1Buf_.Get<half>();
    LocalTensor<int32_t> c1 = outQueueCO1_.DeQue<int32_t>();
    FixpipeParamsV220 p(baseN_, baseM_, baseM_, baseM_ * 16 * sizeof(half) / ONE_BLK_SIZE, false);  // column blocks baseM rows apart
    p.quantPre = QuantMode_t::VDEQF16;
    Fixpipe<half, int32_t, CFG_NZ>(yL1, c1, scales, p);
    outQueueCO1_.FreeTensor(c1);
    SetFlag<HardEvent::FIX_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::FIX_MTE3>(EVENT_ID0);
    DataCopy(yGm_[((uint64_t)tm * (n_ / baseN_) + tn) * baseM_ * baseN_], yL1, baseM_ * baseN_);
    SetFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
    WaitFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
  }

  TPipe pipe_;
  TQue<TPosition::A1, 2> inQueueA1_;
  TQue<TPosition::B1, 2> inQueueB1_;
  TQue<TPosition::A2, 1> inQueueA2_;
  TQue<TPosition::B2, 1> inQueueB2_;
  TQue<TPosition::CO1, 1> outQueueCO1_;
  TBuf<TPosition::C1> scaleBuf_;
  TBuf<TPosition::C2PIPE2GM> fixpipeBuf_;
  TBuf<TPosition::C1> yL1Buf_;
  GlobalTensor<int8_t> xGm_, wGm_;
  GlobalTensor<uint64_t> scaleGm_;
  GlobalTensor<half> yGm_;
  uint32_t m_ = 0, n_ = 0, k_ = 0, baseM_ = 0, baseN_ = 0, baseK_ = 0;
};

}  // namespace

extern "C" __global__ __aicore__ void quant_matmul(GM_ADDR x, GM_ADDR w, GM_ADDR scale, GM_ADDR y, GM_ADDR workspace,
                                                   GM_ADDR tiling) {
  GET_TILING_DATA(tilingData, tiling);
  QuantMatmul op;
  op.Init(x, w, scale, y, tilingData);
  op.Process();
}
