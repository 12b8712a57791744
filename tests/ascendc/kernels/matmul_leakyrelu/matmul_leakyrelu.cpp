// A MIX kernel (1 AIC + 2 AIV per block): y = half(leaky_relu(a x b)). The AIC of a block
// computes each of its C tiles with the basic cube API into the block's slot of the workspace
// (fp32, ND) and tells its AIVs (CrossCoreSetFlag mode 2 from PIPE_FIX); each AIV waits, applies
// the leaky relu to its half of the tile's rows in UB, casts to half, writes y, and tells the AIC
// the slot is free again (mode 2 from the AIVs: the AIC's wait needs both).
#include "kernel_operator.h"

using namespace AscendC;

namespace {

constexpr uint16_t TILE_READY = 1;  // AIC -> AIVs
constexpr uint16_t SLOT_FREE = 2;   // AIVs -> AIC

class CubePart {
 public:
  __aicore__ inline void Init(GM_ADDR a, GM_ADDR b, GM_ADDR slot, const MatmulLeakyreluTilingData& t) {
    t_ = t;
    aGm_.SetGlobalBuffer((__gm__ half*)a, (uint64_t)t.m * t.k);
    bGm_.SetGlobalBuffer((__gm__ half*)b, (uint64_t)t.k * t.n);
    slotGm_.SetGlobalBuffer((__gm__ float*)slot, t.baseM * t.baseN);
    pipe_.InitBuffer(a1_, 1, t.baseM * t.k * sizeof(half));
    pipe_.InitBuffer(b1_, 1, t.k * t.baseN * sizeof(half));
    pipe_.InitBuffer(a2_, 1, t.baseM * t.k * sizeof(half));
    pipe_.InitBuffer(b2_, 1, t.k * t.baseN * sizeof(half));
    pipe_.InitBuffer(c1_, 1, t.baseM * t.baseN * sizeof(float));
  }
  __aicore__ inline void Process() {
    uint32_t tilesN = t_.n / t_.baseN, iter = 0;
    for (uint32_t tile = GetBlockIdx(); tile < (t_.m / t_.baseM) * tilesN; tile += GetBlockNum(), ++iter) {
      if (iter > 0) CrossCoreWaitFlag(SLOT_FREE);
      Tile(tile / tilesN, tile % tilesN);
      CrossCoreSetFlag<0x2, PIPE_FIX>(TILE_READY);
    }
  }

 private:
  __aicore__ inline void Tile(uint32_t tm, uint32_t tn) {
    uint32_t mBlocks = t_.baseM / 16, nBlocks = t_.baseN / 16, kBlocks = t_.k / 16;
    LocalTensor<half> a1 = a1_.AllocTensor<half>(), b1 = b1_.AllocTensor<half>();
    DataCopy(a1, aGm_[(uint64_t)tm * t_.baseM * t_.k], Nd2NzParams(1, t_.baseM, t_.k, 0, t_.k, t_.baseM, 1, 0));
    DataCopy(b1, bGm_[tn * t_.baseN], Nd2NzParams(1, t_.k, t_.baseN, 0, t_.n, t_.k, 1, 0));
    a1_.EnQue(a1);
    b1_.EnQue(b1);
    a1 = a1_.DeQue<half>();
    b1 = b1_.DeQue<half>();
    LocalTensor<half> a2 = a2_.AllocTensor<half>(), b2 = b2_.AllocTensor<half>();
    for (uint32_t i = 0; i < mBlocks; ++i) LoadData(a2[i * kBlocks * 256], a1, LoadData2DParams(i, kBlocks, mBlocks, 0, 0, false, 0));
    for (uint32_t i = 0; i < kBlocks; ++i) LoadData(b2[i * nBlocks * 256], b1, LoadData2DParams(i, nBlocks, kBlocks, 0, 0, true, 0));
    a1_.FreeTensor(a1);
    b1_.FreeTensor(b1);
    a2_.EnQue(a2);
    b2_.EnQue(b2);
    a2 = a2_.DeQue<half>();
    b2 = b2_.DeQue<half>();
    LocalTensor<float> c1 = c1_.AllocTensor<float>();
    Mmad(c1, a2, b2, MmadParams(t_.baseM, t_.baseN, t_.k, 0, false, true));
    a2_.FreeTensor(a2);
    b2_.FreeTensor(b2);
    c1_.EnQue(c1);
    c1 = c1_.DeQue<float>();
    Fixpipe(slotGm_, c1, FixpipeParamsV220(t_.baseN, t_.baseM, t_.baseM, t_.baseN, false));
    c1_.FreeTensor(c1);
  }

  TPipe pipe_;
  TQue<TPosition::A1, 1> a1_;
  TQue<TPosition::B1, 1> b1_;
  TQue<TPosition::A2, 1> a2_;
  TQue<TPosition::B2, 1> b2_;
  TQue<TPosition::CO1, 1> c1_;
  GlobalTensor<half> aGm_, bGm_;
  GlobalTensor<float> slotGm_;
  MatmulLeakyreluTilingData t_;
};

class VectorPart {
 public:
  __aicore__ inline void Init(GM_ADDR y, GM_ADDR slot, const MatmulLeakyreluTilingData& t) {
    t_ = t;
    rows_ = t.baseM / 2;
    firstRow_ = GetSubBlockIdx() * rows_;
    yGm_.SetGlobalBuffer((__gm__ half*)y, (uint64_t)t.m * t.n);
    slotGm_.SetGlobalBuffer((__gm__ float*)slot + firstRow_ * t.baseN, rows_ * t.baseN);
    pipe_.InitBuffer(inQueue_, 1, rows_ * t.baseN * sizeof(float));
    pipe_.InitBuffer(outQueue_, 1, rows_ * t.baseN * sizeof(half));
  }
  __aicore__ inline void Process() {
    uint32_t tilesN = t_.n / t_.baseN;
    for (uint32_t tile = GetBlockIdx() / GetTaskRation(); tile < (t_.m / t_.baseM) * tilesN; tile += GetBlockNum()) {
      CrossCoreWaitFlag(TILE_READY);
      LocalTensor<float> x = inQueue_.AllocTensor<float>();
      DataCopy(x, slotGm_, rows_ * t_.baseN);
      inQueue_.EnQue(x);
      x = inQueue_.DeQue<float>();
      CrossCoreSetFlag<0x2, PIPE_MTE2>(SLOT_FREE);
      LeakyRelu(x, x, t_.alpha, rows_ * t_.baseN);
      LocalTensor<half> yLocal = outQueue_.AllocTensor<half>();
      Cast(yLocal, x, RoundMode::CAST_RINT, rows_ * t_.baseN);
      inQueue_.FreeTensor(x);
      outQueue_.EnQue(yLocal);
      yLocal = outQueue_.DeQue<half>();
      uint32_t tm = tile / tilesN, tn = tile % tilesN;
      DataCopyParams p(rows_, t_.baseN * sizeof(half) / ONE_BLK_SIZE, 0, (t_.n - t_.baseN) * sizeof(half) / ONE_BLK_SIZE);
      DataCopy(yGm_[((uint64_t)tm * t_.baseM + firstRow_) * t_.n + tn * t_.baseN], yLocal, p);
      outQueue_.FreeTensor(yLocal);
    }
  }

 private:
  TPipe pipe_;
  TQue<TPosition::VECIN, 1> inQueue_;
  TQue<TPosition::VECOUT, 1> outQueue_;
  GlobalTensor<half> yGm_;
  GlobalTensor<float> slotGm_;
  MatmulLeakyreluTilingData t_;
  uint32_t rows_ = 0, firstRow_ = 0;
};

}  // namespace

extern "C" __global__ __aicore__ void matmul_leakyrelu(GM_ADDR a, GM_ADDR b, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);
  GET_TILING_DATA(tilingData, tiling);
  uint32_t block = GetBlockIdx() / GetTaskRation();
  GM_ADDR slot = GetUserWorkspace(workspace) + (uint64_t)block * tilingData.baseM * tilingData.baseN * sizeof(float);
  if ASCEND_IS_AIC {
    CubePart op;
    op.Init(a, b, slot, tilingData);
    op.Process();
  }
  if ASCEND_IS_AIV {
    VectorPart op;
    op.Init(y, slot, tilingData);
    op.Process();
  }
}
