// quant_matmul as a MIX kernel (1 AIC + 2 AIVs per block). The AICs compute the baseM x baseN
// tiles of x . w exactly in int32 (int8 Mmad into L0C, K in baseK slices; tile t on block
// t % blockDim) into an M x N int32 workspace; after a barrier over all the kernel's cores
// (SyncAll: every AIV may need every AIC's sums) the AIVs dequantise it in pieces of vecRows x
// vecCols (piece p on AIV p % AIVs), in float32:
//   y[m][n] = round((float(acc[m][n]) * scale[n]) * pertokenScale[m])
// the two multiplications in that order, one rounding (RINT) to y's dtype at the end.
// (Not per-tile mode-2 flags between an AIC and its AIVs: inside a fused super kernel a 1:2
// sub-kernel may run on 1:1 blocks, where those flags do not pair the same cores.)
// w is stored K x N: its L1 Nz image (column blocks of 32 over N) becomes L0B's Zn through
// LoadDataWithTranspose, one 32 x 32 square per repeat. Tails (M, N, K not multiples of the
// base sizes) run padded in L0: the padded rows and columns are never written out, and the
// padded part of K is zero in A (Nd2Nz zero-fills a row's last 32-byte block).
#include "kernel_operator.h"
#include "quant_matmul_tiling.h"

using namespace AscendC;

namespace {

__aicore__ inline uint32_t MinU(uint32_t a, uint32_t b) { return a < b ? a : b; }
__aicore__ inline uint32_t AlignU(uint32_t a, uint32_t b) { return (a + b - 1) / b * b; }

class CubePart {
 public:
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR w, GM_ADDR acc, const QuantMatmulTilingData& t) {
    t_ = t;
    xGm_.SetGlobalBuffer((__gm__ int8_t*)x, (uint64_t)t.m * t.k);
    wGm_.SetGlobalBuffer((__gm__ int8_t*)w, (uint64_t)t.k * t.n);
    accGm_.SetGlobalBuffer((__gm__ int32_t*)acc, (uint64_t)t.m * t.n);
    pipe_.InitBuffer(a1_, 2, t.baseM * t.baseK);
    pipe_.InitBuffer(b1_, 2, t.baseK * t.baseN);
    pipe_.InitBuffer(a2_, 1, t.baseM * t.baseK);
    pipe_.InitBuffer(b2_, 1, t.baseK * t.baseN);
    pipe_.InitBuffer(c1_, 1, t.baseM * t.baseN * sizeof(int32_t));
  }

  __aicore__ inline void Process() {
    uint32_t tilesN = (t_.n + t_.baseN - 1) / t_.baseN, tiles = (t_.m + t_.baseM - 1) / t_.baseM * tilesN;
    for (uint32_t tile = GetBlockIdx(); tile < tiles; tile += GetBlockNum()) {
      uint32_t m0 = tile / tilesN * t_.baseM, n0 = tile % tilesN * t_.baseN;
      curM_ = MinU(t_.baseM, t_.m - m0), curN_ = MinU(t_.baseN, t_.n - n0);
      LocalTensor<int32_t> c1 = c1_.AllocTensor<int32_t>();
      for (uint32_t k0 = 0; k0 < t_.k; k0 += t_.baseK) {
        curK_ = MinU(t_.baseK, t_.k - k0);
        CopyIn(m0, n0, k0);
        Split();
        Compute(c1, k0 == 0);
      }
      c1_.EnQue(c1);
      CopyOut(m0, n0);
    }
  }

 private:
  // The padded block sizes: 16-row fractals of A, 32 x 32 squares of B, K in 32s.
  __aicore__ inline uint32_t RowsM() const { return AlignU(curM_, 16); }
  __aicore__ inline uint32_t ColsN() const { return AlignU(curN_, 32); }
  __aicore__ inline uint32_t RowsK() const { return AlignU(curK_, 32); }

  __aicore__ inline void CopyIn(uint32_t m0, uint32_t n0, uint32_t k0) {
    LocalTensor<int8_t> a1 = a1_.AllocTensor<int8_t>(), b1 = b1_.AllocTensor<int8_t>();
    DataCopy(a1, xGm_[(uint64_t)m0 * t_.k + k0], Nd2NzParams(1, curM_, curK_, 0, t_.k, RowsM(), 1, 0));
    DataCopy(b1, wGm_[(uint64_t)k0 * t_.n + n0], Nd2NzParams(1, curK_, curN_, 0, t_.n, RowsK(), 1, 0));
    a1_.EnQue(a1);
    b1_.EnQue(b1);
  }

  __aicore__ inline void Split() {
    LocalTensor<int8_t> a1 = a1_.DeQue<int8_t>(), b1 = b1_.DeQue<int8_t>();
    LocalTensor<int8_t> a2 = a2_.AllocTensor<int8_t>(), b2 = b2_.AllocTensor<int8_t>();
    uint32_t mBlocks = RowsM() / 16, kSquares = RowsK() / 32, nSquares = ColsN() / 32;
#if __NPU_ARCH__ == 3510
    // Ascend 950's L0A holds A in Nz, as L1 does: the whole block in one 2D load.
    LoadData(a2, a1, LoadData2DParamsV2(0, 0, mBlocks, kSquares, mBlocks, mBlocks, false, 0));
#else
    // L0A wants Zz: per 16-row block its K fractals, mBlocks apart in L1.
    for (uint32_t i = 0; i < mBlocks; ++i)
      LoadData(a2[i * kSquares * 512], a1, LoadData2DParams(i, kSquares, mBlocks, 0, 0, false, 0));
#endif
    // Per 32-row block of K: its squares (one per column block, kSquares apart), each giving
    // two Zn fractals side by side.
    for (uint32_t kq = 0; kq < kSquares; ++kq)
      LoadDataWithTranspose(b2[kq * nSquares * 2 * 512], b1, LoadData2dTransposeParams(kq, nSquares, kSquares, 1, 0));
    a1_.FreeTensor(a1);
    b1_.FreeTensor(b1);
    a2_.EnQue(a2);
    b2_.EnQue(b2);
  }

  __aicore__ inline void Compute(const LocalTensor<int32_t>& c1, bool first) {
    LocalTensor<int8_t> a2 = a2_.DeQue<int8_t>(), b2 = b2_.DeQue<int8_t>();
    Mmad(c1, a2, b2, MmadParams(RowsM(), ColsN(), RowsK(), 0, false, first));
    a2_.FreeTensor(a2);
    b2_.FreeTensor(b2);
  }

  // The tile's curM x curN sums to their place in the workspace.
  __aicore__ inline void CopyOut(uint32_t m0, uint32_t n0) {
    LocalTensor<int32_t> c1 = c1_.DeQue<int32_t>();
    Fixpipe(accGm_[(uint64_t)m0 * t_.n + n0], c1, FixpipeParamsV220(curN_, curM_, RowsM(), t_.n, false));
    c1_.FreeTensor(c1);
  }

  TPipe pipe_;
  TQue<TPosition::A1, 2> a1_;
  TQue<TPosition::B1, 2> b1_;
  TQue<TPosition::A2, 1> a2_;
  TQue<TPosition::B2, 1> b2_;
  TQue<TPosition::CO1, 1> c1_;
  GlobalTensor<int8_t> xGm_, wGm_;
  GlobalTensor<int32_t> accGm_;
  QuantMatmulTilingData t_;
  uint32_t curM_ = 0, curN_ = 0, curK_ = 0;
};

template <typename T>
class VectorPart {
 public:
  __aicore__ inline void Init(GM_ADDR scale, GM_ADDR pertokenScale, GM_ADDR y, GM_ADDR acc, const QuantMatmulTilingData& t) {
    t_ = t;
    scaleGm_.SetGlobalBuffer((__gm__ float*)scale, t.n);
    tokenGm_.SetGlobalBuffer((__gm__ float*)pertokenScale, t.m);
    yGm_.SetGlobalBuffer((__gm__ T*)y, (uint64_t)t.m * t.n);
    accGm_.SetGlobalBuffer((__gm__ int32_t*)acc, (uint64_t)t.m * t.n);
    pipe_.InitBuffer(inQueue_, 1, t.vecRows * t.vecCols * sizeof(int32_t));
    pipe_.InitBuffer(scaleQueue_, 1, t.vecCols * sizeof(float));
    pipe_.InitBuffer(outQueue_, 1, t.vecRows * t.vecCols * sizeof(T));
    pipe_.InitBuffer(calcBuf_, t.vecRows * t.vecCols * sizeof(float));
  }

  __aicore__ inline void Process() {
    uint32_t piecesN = (t_.n + t_.vecCols - 1) / t_.vecCols, pieces = (t_.m + t_.vecRows - 1) / t_.vecRows * piecesN;
    for (uint32_t p = GetBlockIdx(); p < pieces; p += GetBlockNum() * GetTaskRation()) {
      uint32_t m0 = p / piecesN * t_.vecRows, n0 = p % piecesN * t_.vecCols;
      rows_ = MinU(t_.vecRows, t_.m - m0), cols_ = MinU(t_.vecCols, t_.n - n0);
      CopyIn(m0, n0);
      Dequant(m0);
      CopyOut(m0, n0);
    }
  }

 private:
  // Row strides in UB: each row lands 32-byte aligned.
  __aicore__ inline uint32_t Stride32() const { return AlignU(cols_, 8); }
  __aicore__ inline uint32_t StrideT() const { return AlignU(cols_, 32 / sizeof(T)); }

  __aicore__ inline void CopyIn(uint32_t m0, uint32_t n0) {
    LocalTensor<int32_t> acc = inQueue_.AllocTensor<int32_t>();
    DataCopyExtParams p{(uint16_t)rows_, cols_ * 4, (t_.n - cols_) * 4, 0, 0};
    DataCopyPad(acc, accGm_[(uint64_t)m0 * t_.n + n0], p, {false, 0, 0, 0});
    inQueue_.EnQue(acc);
    LocalTensor<float> scale = scaleQueue_.AllocTensor<float>();
    DataCopyPad(scale, scaleGm_[n0], {1, cols_ * 4, 0, 0, 0}, {false, 0, 0, 0.0f});
    scaleQueue_.EnQue(scale);
  }

  __aicore__ inline void Dequant(uint32_t m0) {
    LocalTensor<int32_t> acc = inQueue_.DeQue<int32_t>();
    LocalTensor<float> scale = scaleQueue_.DeQue<float>();
    LocalTensor<float> f = calcBuf_.Get<float>();
    LocalTensor<T> out = outQueue_.AllocTensor<T>();
    Cast(f, acc, RoundMode::CAST_RINT, rows_ * Stride32());
    PipeBarrier<PIPE_V>();
    for (uint32_t r = 0; r < rows_; ++r) {
      LocalTensor<float> row = f[r * Stride32()];
      Mul(row, row, scale, cols_);
      PipeBarrier<PIPE_V>();
      Muls(row, row, tokenGm_.GetValue(m0 + r), cols_);
      PipeBarrier<PIPE_V>();
      Cast(out[r * StrideT()], row, RoundMode::CAST_RINT, cols_);
    }
    outQueue_.EnQue(out);
    inQueue_.FreeTensor(acc);
    scaleQueue_.FreeTensor(scale);
  }

  __aicore__ inline void CopyOut(uint32_t m0, uint32_t n0) {
    LocalTensor<T> out = outQueue_.DeQue<T>();
    DataCopyExtParams p{(uint16_t)rows_, (uint32_t)(cols_ * sizeof(T)), 0, (uint32_t)((t_.n - cols_) * sizeof(T)), 0};
    DataCopyPad(yGm_[(uint64_t)m0 * t_.n + n0], out, p);
    outQueue_.FreeTensor(out);
  }

  TPipe pipe_;
  TQue<TPosition::VECIN, 1> inQueue_, scaleQueue_;
  TQue<TPosition::VECOUT, 1> outQueue_;
  TBuf<TPosition::VECCALC> calcBuf_;
  GlobalTensor<float> scaleGm_, tokenGm_;
  GlobalTensor<T> yGm_;
  GlobalTensor<int32_t> accGm_;
  QuantMatmulTilingData t_;
  uint32_t rows_ = 0, cols_ = 0;
};

}  // namespace

extern "C" __global__ __aicore__ void quant_matmul(GM_ADDR x, GM_ADDR w, GM_ADDR scale, GM_ADDR pertokenScale, GM_ADDR y,
                                                   GM_ADDR workspace, GM_ADDR tiling) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);
  GET_TILING_DATA_WITH_STRUCT(QuantMatmulTilingData, t, tiling);
  GM_ADDR acc = GetUserWorkspace(workspace);
  if ASCEND_IS_AIC {
    CubePart op;
    op.Init(x, w, acc, t);
    op.Process();
    SyncAll<false>();
  }
  if ASCEND_IS_AIV {
    SyncAll<false>();
    VectorPart<DTYPE_Y> op;
    op.Init(scale, pertokenScale, y, acc, t);
    op.Process();
  }
}
