// attention: out = softmax(scale * q · kᵀ + mask) · v, flash-style, as a MIX kernel driven from
// the vector cores. Each AIV takes tasks (rowsPerTask queries of one batch) and walks the keys
// in blocks: its AIC computes the block's scores (Matmul API, k given transposed) into the
// AIV's workspace; the AIV loads them, scales, masks (causal), updates the online softmax (row
// max m, row sum l, rescale factor alpha = exp(m_old - m_new)), rounds P to half into the
// workspace, and the AIC computes P · v_block, which the AIV folds into its float accumulator:
// acc = acc * alpha + P · v. At the end out = acc * (1 / l), rounded once.
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
#include "attention_tiling.h"

using namespace AscendC;

namespace {
constexpr uint32_t MAX_ROWS = 32;  // rowsPerTask's upper bound (the per-row state below)
constexpr uint32_t RED_STRIDE = ONE_BLK_SIZE / sizeof(float);  // one 32-byte slot per row's reduction
// Added per key past a row's causal limit, times the distance: exp(score - m) is then exactly 0.
constexpr float MASK_SLOPE = -1e30f;

__aicore__ inline uint32_t Min(uint32_t a, uint32_t b) { return a < b ? a : b; }

class AttentionKernel {
 public:
  using QType = MatmulType<TPosition::GM, CubeFormat::ND, half>;
  using KType = MatmulType<TPosition::GM, CubeFormat::ND, half, true>;
  using VType = MatmulType<TPosition::GM, CubeFormat::ND, half>;
  using SType = MatmulType<TPosition::GM, CubeFormat::ND, float>;
  Matmul<QType, KType, SType> scoreMm;
  Matmul<QType, VType, SType> pvMm;

  __aicore__ inline void Init(GM_ADDR q, GM_ADDR k, GM_ADDR v, GM_ADDR out, GM_ADDR workspace,
                              const AttentionTilingData& t, TPipe* pipe) {
    t_ = t;
    sq_ = t.rowsPerTask, lb_ = t.keysPerBlock, d_ = t.dim;
    qGm_.SetGlobalBuffer((__gm__ half*)q);
    kGm_.SetGlobalBuffer((__gm__ half*)k);
    vGm_.SetGlobalBuffer((__gm__ half*)v);
    outGm_.SetGlobalBuffer((__gm__ half*)out);
    // This AIV's workspace: the scores block, P, and P · v.
    uint64_t scoreBytes = (uint64_t)sq_ * lb_ * sizeof(float), pBytes = (uint64_t)sq_ * lb_ * sizeof(half);
    uint64_t pvBytes = (uint64_t)sq_ * d_ * sizeof(float);
    GM_ADDR mine = GetUserWorkspace(workspace) + GetBlockIdx() * (scoreBytes + pBytes + pvBytes);
    scoreWs_.SetGlobalBuffer((__gm__ float*)mine);
    pWs_.SetGlobalBuffer((__gm__ half*)(mine + scoreBytes));
    pvWs_.SetGlobalBuffer((__gm__ float*)(mine + scoreBytes + pBytes));
    pipe->InitBuffer(scoreQue_, 1, scoreBytes);
    pipe->InitBuffer(pQue_, 1, pBytes);
    pipe->InitBuffer(pvQue_, 1, pvBytes);
    pipe->InitBuffer(outQue_, 1, (uint64_t)sq_ * d_ * sizeof(half));
    pipe->InitBuffer(accBuf_, pvBytes);
    pipe->InitBuffer(indexBuf_, AlignUp(lb_ * sizeof(float), ONE_REPEAT_BYTE_SIZE));
    pipe->InitBuffer(maskBuf_, AlignUp(lb_ * sizeof(float), ONE_REPEAT_BYTE_SIZE));
    pipe->InitBuffer(redBuf_, MAX_ROWS * ONE_BLK_SIZE);
    pipe->InitBuffer(alphaBuf_, ONE_REPEAT_BYTE_SIZE);  // MAX_ROWS floats, a whole repeat
    pipe->InitBuffer(workBuf_, AlignUp(DivCeil(lb_, ONE_REPEAT_BYTE_SIZE / sizeof(float)) * sizeof(float), ONE_REPEAT_BYTE_SIZE));
    CreateVecIndex(indexBuf_.Get<float>(), 0.0f, lb_);
  }

  __aicore__ inline void Process() {
    uint32_t perBatch = DivCeil(t_.queries, sq_);
    for (uint32_t task = GetBlockIdx(); task < t_.tasks; task += t_.workers) {
      uint32_t b = task / perBatch, r0 = task % perBatch * sq_;
      RunTask(b, r0, Min(sq_, t_.queries - r0));
    }
  }

 private:
  // The vector unit's writes, read by the scalar unit.
  __aicore__ inline void VectorToScalar() {
    event_t e = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::V_S));
    SetFlag<HardEvent::V_S>(e);
    WaitFlag<HardEvent::V_S>(e);
  }
  __aicore__ inline void ScalarToVector() {
    event_t e = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::S_V));
    SetFlag<HardEvent::S_V>(e);
    WaitFlag<HardEvent::S_V>(e);
  }

  __aicore__ inline void RunTask(uint32_t b, uint32_t r0, uint32_t rows) {
    // Causal: no row of the task sees a key past the last row's limit.
    uint32_t shift = t_.keys - t_.queries;
    uint32_t keyEnd = t_.causal ? Min(t_.keys, r0 + rows + shift) : t_.keys;
    for (uint32_t j0 = 0; j0 < keyEnd; j0 += lb_) {
      uint32_t cols = Min(lb_, keyEnd - j0), stride = AlignUp(cols, 16);
      LocalTensor<float> s = Scores(b, r0, rows, j0, cols, stride);
      if (t_.causal) Mask(s, r0, rows, j0, cols, stride, shift);
      Softmax(s, rows, cols, stride, j0 == 0);
      Accumulate(b, rows, j0, cols, j0 == 0);
    }
    Finish(b, r0, rows);
  }

  // The scaled scores of the block in UB, rows `stride` floats apart.
  __aicore__ inline LocalTensor<float> Scores(uint32_t b, uint32_t r0, uint32_t rows, uint32_t j0, uint32_t cols,
                                             uint32_t stride) {
    scoreMm.SetOrgShape(sq_, lb_, d_, d_);
    scoreMm.SetTensorA(qGm_[((uint64_t)b * t_.queries + r0) * d_]);
    scoreMm.SetTensorB(kGm_[((uint64_t)b * t_.keys + j0) * d_], true);
    scoreMm.SetTail(rows, cols, d_);
    scoreMm.IterateAll(scoreWs_);
    scoreMm.End();
    LocalTensor<float> s = scoreQue_.AllocTensor<float>();
    uint32_t gap = (stride * sizeof(float) - AlignUp(cols * sizeof(float), ONE_BLK_SIZE)) / ONE_BLK_SIZE;
    DataCopyPad(s, scoreWs_, {(uint16_t)rows, (uint32_t)(cols * sizeof(float)), (uint32_t)((lb_ - cols) * sizeof(float)), gap, 0},
                {false, 0, 0, 0.0f});
    scoreQue_.EnQue(s);
    s = scoreQue_.DeQue<float>();
    Muls(s, s, t_.scale, rows * stride);
    PipeBarrier<PIPE_V>();
    return s;
  }

  // Row r (query r0 + r) sees keys j <= r0 + r + shift: the rest get MASK_SLOPE x distance.
  __aicore__ inline void Mask(const LocalTensor<float>& s, uint32_t r0, uint32_t rows, uint32_t j0, uint32_t cols,
                              uint32_t stride, uint32_t shift) {
    LocalTensor<float> index = indexBuf_.Get<float>(), mask = maskBuf_.Get<float>();
    for (uint32_t r = 0; r < rows; ++r) {
      int32_t limit = (int32_t)(r0 + r + shift) - (int32_t)j0;  // the row's last visible column
      if (limit >= (int32_t)cols - 1) continue;
      Adds(mask, index, (float)-limit, cols);
      PipeBarrier<PIPE_V>();
      Maxs(mask, mask, 0.0f, cols);
      PipeBarrier<PIPE_V>();
      Muls(mask, mask, MASK_SLOPE, cols);
      PipeBarrier<PIPE_V>();
      Add(s[r * stride], s[r * stride], mask, cols);
      PipeBarrier<PIPE_V>();
    }
  }

  // The online softmax step: new row maxima, alpha, P = exp(s - m) (in place), l; P as half
  // into the workspace for the cube.
  __aicore__ inline void Softmax(LocalTensor<float>& s, uint32_t rows, uint32_t cols, uint32_t stride, bool first) {
    LocalTensor<float> red = redBuf_.Get<float>(), alpha = alphaBuf_.Get<float>(), work = workBuf_.Get<float>();
    for (uint32_t r = 0; r < rows; ++r) {
      ReduceMax(red[r * RED_STRIDE], s[r * stride], work, cols);
      PipeBarrier<PIPE_V>();
    }
    VectorToScalar();
    for (uint32_t r = 0; r < rows; ++r) {
      float blockMax = red.GetValue(r * RED_STRIDE);
      float m = first || blockMax > max_[r] ? blockMax : max_[r];
      alpha.SetValue(r, first ? 0.0f : max_[r] - m);
      max_[r] = m;
    }
    ScalarToVector();
    Exp(alpha, alpha, rows);
    for (uint32_t r = 0; r < rows; ++r) Adds(s[r * stride], s[r * stride], -max_[r], cols);
    PipeBarrier<PIPE_V>();
    Exp(s, s, rows * stride);
    PipeBarrier<PIPE_V>();
    for (uint32_t r = 0; r < rows; ++r) {
      ReduceSum(red[r * RED_STRIDE], s[r * stride], work, cols);
      PipeBarrier<PIPE_V>();
    }
    VectorToScalar();
    for (uint32_t r = 0; r < rows; ++r) {
      alpha_[r] = alpha.GetValue(r);
      float sum = red.GetValue(r * RED_STRIDE);
      sum_[r] = first ? sum : sum_[r] * alpha_[r] + sum;
    }
    ScalarToVector();
    LocalTensor<half> p = pQue_.AllocTensor<half>();
    Cast(p, s, RoundMode::CAST_RINT, rows * stride);
    scoreQue_.FreeTensor(s);
    pQue_.EnQue(p);
    p = pQue_.DeQue<half>();
    uint32_t gap = (stride * sizeof(half) - AlignUp(cols * sizeof(half), ONE_BLK_SIZE)) / ONE_BLK_SIZE;
    DataCopyPad(pWs_, p, {(uint16_t)rows, (uint32_t)(cols * sizeof(half)), gap, (uint32_t)((lb_ - cols) * sizeof(half)), 0});
    pQue_.FreeTensor(p);
    // P must be in GM before the AIC is asked to read it.
    event_t e = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::MTE3_S));
    SetFlag<HardEvent::MTE3_S>(e);
    WaitFlag<HardEvent::MTE3_S>(e);
  }

  // acc = acc * alpha + P · v_block (the first block: acc = P · v).
  __aicore__ inline void Accumulate(uint32_t b, uint32_t rows, uint32_t j0, uint32_t cols, bool first) {
    pvMm.SetOrgShape(sq_, d_, lb_, lb_);
    pvMm.SetTensorA(pWs_);
    pvMm.SetTensorB(vGm_[((uint64_t)b * t_.keys + j0) * d_]);
    pvMm.SetTail(rows, d_, cols);
    pvMm.IterateAll(pvWs_);
    pvMm.End();
    LocalTensor<float> pv = pvQue_.AllocTensor<float>();
    DataCopy(pv, pvWs_, rows * d_);
    pvQue_.EnQue(pv);
    pv = pvQue_.DeQue<float>();
    LocalTensor<float> acc = accBuf_.Get<float>();
    if (first) {
      DataCopy(acc, pv, rows * d_);
    } else {
      for (uint32_t r = 0; r < rows; ++r) Muls(acc[r * d_], acc[r * d_], alpha_[r], d_);
      PipeBarrier<PIPE_V>();
      Add(acc, acc, pv, rows * d_);
    }
    PipeBarrier<PIPE_V>();
    pvQue_.FreeTensor(pv);
  }

  __aicore__ inline void Finish(uint32_t b, uint32_t r0, uint32_t rows) {
    LocalTensor<float> acc = accBuf_.Get<float>();
    for (uint32_t r = 0; r < rows; ++r) Muls(acc[r * d_], acc[r * d_], 1.0f / sum_[r], d_);
    PipeBarrier<PIPE_V>();
    LocalTensor<half> o = outQue_.AllocTensor<half>();
    Cast(o, acc, RoundMode::CAST_RINT, rows * d_);
    PipeBarrier<PIPE_V>();
    outQue_.EnQue(o);
    o = outQue_.DeQue<half>();
    DataCopy(outGm_[((uint64_t)b * t_.queries + r0) * d_], o, rows * d_);
    outQue_.FreeTensor(o);
  }

  AttentionTilingData t_;
  uint32_t sq_ = 0, lb_ = 0, d_ = 0;
  float max_[MAX_ROWS], sum_[MAX_ROWS], alpha_[MAX_ROWS];
  TQue<TPosition::VECIN, 1> scoreQue_, pvQue_;
  TQue<TPosition::VECOUT, 1> pQue_, outQue_;
  TBuf<TPosition::VECCALC> accBuf_, indexBuf_, maskBuf_, redBuf_, alphaBuf_, workBuf_;
  GlobalTensor<half> qGm_, kGm_, vGm_, outGm_, pWs_;
  GlobalTensor<float> scoreWs_, pvWs_;
};
}  // namespace

extern "C" __global__ __aicore__ void attention(GM_ADDR q, GM_ADDR k, GM_ADDR v, GM_ADDR out, GM_ADDR workspace,
                                                GM_ADDR tiling) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);
  GET_TILING_DATA_WITH_STRUCT(AttentionTilingData, t, tiling);
  TPipe pipe;
  AttentionKernel op;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), op.scoreMm, &t.scoreMm, op.pvMm, &t.pvMm);
  op.Init(q, k, v, out, workspace, t, &pipe);
  op.Process();
}
