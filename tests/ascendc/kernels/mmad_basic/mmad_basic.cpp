// C = A x B on the cube with the basic API, fp16 in, fp32 accumulated in L0C, written as C's
// dtype (fp32, or fp16 through the Fixpipe's F322F16). Each block owns baseM x baseN tiles of C
// (round robin); for each it walks K in baseK steps: A and B tiles GM -> L1 (ND to Nz,
// double-buffered), L1 -> L0A (Zz) and L0B (Zn, each fractal transposed), Mmad accumulating
// in L0C, then one Fixpipe (Nz to ND) into C. Tiling key 3 (fp32) hands L0C from Mmad to
// Fixpipe and back with UnitFlag instead of a CO1 queue: one L0C buffer, the Mmads of a tile
// unitFlag 2 and the last 3, the Fixpipe 3, and no flag between them.
#include "kernel_operator.h"

using namespace AscendC;

namespace {

constexpr int32_t L1_BUFFERS = 2;

template <typename CType, bool kUnitFlag = false> class MmadBasic {
 public:
  __aicore__ inline MmadBasic() {}
  __aicore__ inline void Init(GM_ADDR a, GM_ADDR b, GM_ADDR c, const MmadBasicTilingData& t) {
    m_ = t.m;
    n_ = t.n;
    k_ = t.k;
    baseM_ = t.baseM;
    baseN_ = t.baseN;
    baseK_ = t.baseK;
    aGm_.SetGlobalBuffer((__gm__ half*)a, (uint64_t)m_ * k_);
    bGm_.SetGlobalBuffer((__gm__ half*)b, (uint64_t)k_ * n_);
    cGm_.SetGlobalBuffer((__gm__ CType*)c, (uint64_t)m_ * n_);
    pipe_.InitBuffer(inQueueA1_, L1_BUFFERS, baseM_ * baseK_ * sizeof(half));
    pipe_.InitBuffer(inQueueB1_, L1_BUFFERS, baseK_ * baseN_ * sizeof(half));
    pipe_.InitBuffer(inQueueA2_, 1, baseM_ * baseK_ * sizeof(half));
    pipe_.InitBuffer(inQueueB2_, 1, baseK_ * baseN_ * sizeof(half));
    if constexpr (kUnitFlag) pipe_.InitBuffer(c1Buf_, baseM_ * baseN_ * sizeof(float));
    else pipe_.InitBuffer(outQueueCO1_, 1, baseM_ * baseN_ * sizeof(float));
  }

  __aicore__ inline void Process() {
    uint32_t tilesM = m_ / baseM_, tilesN = n_ / baseN_;
    for (uint32_t tile = GetBlockIdx(); tile < tilesM * tilesN; tile += GetBlockNum()) {
      uint32_t tm = tile / tilesN, tn = tile % tilesN;
      for (uint32_t kk = 0; kk < k_; kk += baseK_) {
        CopyIn(tm, tn, kk);
        SplitA();
        SplitB();
        Compute(kk == 0, kk + baseK_ >= k_);
      }
      CopyOut(tm, tn);
    }
  }

 private:
  __aicore__ inline void CopyIn(uint32_t tm, uint32_t tn, uint32_t kk) {
    LocalTensor<half> a1 = inQueueA1_.AllocTensor<half>();
    LocalTensor<half> b1 = inQueueB1_.AllocTensor<half>();
    Nd2NzParams pa;
    pa.ndNum = 1;
    pa.nValue = baseM_;
    pa.dValue = baseK_;
    pa.srcNdMatrixStride = 0;
    pa.srcDValue = k_;
    pa.dstNzC0Stride = baseM_;
    pa.dstNzNStride = 1;
    pa.dstNzMatrixStride = 0;
    DataCopy(a1, aGm_[(uint64_t)tm * baseM_ * k_ + kk], pa);
    Nd2NzParams pb(1, baseK_, baseN_, 0, n_, baseK_, 1, 0);
    DataCopy(b1, bGm_[(uint64_t)kk * n_ + tn * baseN_], pb);
    inQueueA1_.EnQue(a1);
    inQueueB1_.EnQue(b1);
  }

  // L1 holds A in Nz (column blocks of 16 over K); L0A wants Zz: one LoadData per 16-row block,
  // gathering its K fractals, baseM / 16 fractals apart in L1 (dav-3510: Nz, one load).
  __aicore__ inline void SplitA() {
    LocalTensor<half> a1 = inQueueA1_.DeQue<half>();
    LocalTensor<half> a2 = inQueueA2_.AllocTensor<half>();
    uint32_t mBlocks = baseM_ / 16, kBlocks = baseK_ / 16;
#if __NPU_ARCH__ == 3510
    // Ascend 950's L0A holds A in Nz too: the whole block in one 2D load.
    LoadData(a2, a1, LoadData2DParamsV2(0, 0, mBlocks, kBlocks, mBlocks, mBlocks, false, 0));
#else
    LoadData2DParams p;
    p.repeatTimes = kBlocks;
    p.srcStride = mBlocks;
    p.ifTranspose = false;
    for (uint32_t i = 0; i < mBlocks; ++i) {
      p.startIndex = i;
      LoadData(a2[i * kBlocks * 256], a1, p);
    }
#endif
    inQueueA2_.EnQue(a2);
    inQueueA1_.FreeTensor(a1);
  }

  // L1 holds B in Nz (column blocks of 16 over N); L0B wants Zn: per 16-row block of K, its N
  // fractals, each transposed.
  __aicore__ inline void SplitB() {
    LocalTensor<half> b1 = inQueueB1_.DeQue<half>();
    LocalTensor<half> b2 = inQueueB2_.AllocTensor<half>();
    uint32_t kBlocks = baseK_ / 16, nBlocks = baseN_ / 16;
    for (uint32_t i = 0; i < kBlocks; ++i) {
      LoadData2DParams p(i, nBlocks, kBlocks, 0, 0, true, 0);
      LoadData(b2[i * nBlocks * 256], b1, p);
    }
    inQueueB2_.EnQue(b2);
    inQueueB1_.FreeTensor(b1);
  }

  __aicore__ inline void Compute(bool first, bool last) {
    LocalTensor<half> a2 = inQueueA2_.DeQue<half>();
    LocalTensor<half> b2 = inQueueB2_.DeQue<half>();
    if (first) c1_ = kUnitFlag ? c1Buf_.Get<float>() : outQueueCO1_.AllocTensor<float>();
    MmadParams p;
    if constexpr (kUnitFlag) p.unitFlag = last ? UFMode3 : UFMode2;  // the compiler's names of 3 and 2
    p.m = baseM_;
    p.n = baseN_;
    p.k = baseK_;
    p.cmatrixInitVal = first;
    p.cmatrixSource = false;
    Mmad(c1_, a2, b2, p);
    inQueueA2_.FreeTensor(a2);
    inQueueB2_.FreeTensor(b2);
  }

  __aicore__ inline void CopyOut(uint32_t tm, uint32_t tn) {
    if constexpr (!kUnitFlag) outQueueCO1_.EnQue(c1_);
    LocalTensor<float> c1 = kUnitFlag ? c1_ : outQueueCO1_.DeQue<float>();
    FixpipeParamsV220 p;
    if constexpr (kUnitFlag) p.unitFlag = 3;
    p.nSize = baseN_;
    p.mSize = baseM_;
    p.srcStride = baseM_;
    p.dstStride = n_;
    p.ndNum = 1;
    p.quantPre = std::is_same<CType, half>::value ? QuantMode_t::F322F16 : QuantMode_t::NoQuant;
    Fixpipe(cGm_[(uint64_t)tm * baseM_ * n_ + tn * baseN_], c1, p);
    if constexpr (!kUnitFlag) outQueueCO1_.FreeTensor(c1);
  }

  TPipe pipe_;
  TQue<TPosition::A1, L1_BUFFERS> inQueueA1_;
  TQue<TPosition::B1, L1_BUFFERS> inQueueB1_;
  TQue<TPosition::A2, 1> inQueueA2_;
  TQue<TPosition::B2, 1> inQueueB2_;
  TQue<TPosition::CO1, 1> outQueueCO1_;
  TBuf<TPosition::CO1> c1Buf_;
  GlobalTensor<half> aGm_, bGm_;
  GlobalTensor<CType> cGm_;
  LocalTensor<float> c1_;
  uint32_t m_ = 0, n_ = 0, k_ = 0, baseM_ = 0, baseN_ = 0, baseK_ = 0;
};

}  // namespace

extern "C" __global__ __aicore__ void mmad_basic(GM_ADDR a, GM_ADDR b, GM_ADDR c, GM_ADDR workspace, GM_ADDR tiling) {
  GET_TILING_DATA(tilingData, tiling);
  if (TILING_KEY_IS(1)) {
    MmadBasic<half> op;
    op.Init(a, b, c, tilingData);
    op.Process();
  } else if (TILING_KEY_IS(3)) {
    MmadBasic<float, true> op;
    op.Init(a, b, c, tilingData);
    op.Process();
  } else {
    MmadBasic<float> op;
    op.Init(a, b, c, tilingData);
    op.Process();
  }
}
