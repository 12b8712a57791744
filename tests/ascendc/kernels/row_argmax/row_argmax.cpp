// Row maximum and its (first) column index of a half matrix: values[r] = max_c x[r][c],
// indices[r] = argmax_c x[r][c].
//   key 1 (long rows): one count-form ReduceMax per row with calIndex; the index comes back in
//     the second element's bits (ReinterpretCast to uint16_t) and both go to the scalar unit.
//   key 2 (rows of one repeat, 128 halves): one WholeReduceMax per tile of rows in
//     ORDER_INDEX_VALUE order; GatherMask (odd elements) packs the values, the scalar unit
//     unpacks the indices.
// Results collect in UB and leave once per core after an S -> MTE3 flag.
#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint8_t PATTERN_ODD = 2;

class RowArgmax {
 public:
  __aicore__ inline RowArgmax() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR values, GM_ADDR indices, const RowArgmaxTilingData& tiling,
                              uint32_t tileRows) {
    rows_ = tiling.rowsPerCore;
    cols_ = tiling.cols;
    tileRows_ = tileRows;
    uint64_t firstRow = (uint64_t)GetBlockIdx() * rows_;
    xGm_.SetGlobalBuffer((__gm__ DTYPE_X*)x + firstRow * cols_, rows_ * cols_);
    valuesGm_.SetGlobalBuffer((__gm__ DTYPE_VALUES*)values + firstRow, rows_);
    indicesGm_.SetGlobalBuffer((__gm__ DTYPE_INDICES*)indices + firstRow, rows_);
    pipe_.InitBuffer(inQueue_, BUFFER_NUM, tileRows_ * cols_ * sizeof(DTYPE_X));
    pipe_.InitBuffer(valuesBuf_, rows_ * sizeof(DTYPE_VALUES));
    pipe_.InitBuffer(indicesBuf_, rows_ * sizeof(DTYPE_INDICES));
    pipe_.InitBuffer(reduceBuf_, 2 * tileRows_ * sizeof(DTYPE_X) < ONE_BLK_SIZE ? ONE_BLK_SIZE
                                                                               : 2 * tileRows_ * sizeof(DTYPE_X));
    pipe_.InitBuffer(workBuf_, cols_ * sizeof(DTYPE_X));
  }

  // key 1: one row per tile.
  __aicore__ inline void ProcessLongRows() {
    LocalTensor<DTYPE_X> reduced = reduceBuf_.Get<DTYPE_X>();
    LocalTensor<DTYPE_VALUES> values = valuesBuf_.Get<DTYPE_VALUES>();
    LocalTensor<DTYPE_INDICES> indices = indicesBuf_.Get<DTYPE_INDICES>();
    for (uint32_t r = 0; r < rows_; ++r) {
      LocalTensor<DTYPE_X> row = CopyIn(r, 1);
      ReduceMax(reduced, row, workBuf_.Get<DTYPE_X>(), cols_, true);
      inQueue_.FreeTensor(row);
      event_t vToS = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::V_S));
      SetFlag<HardEvent::V_S>(vToS);
      WaitFlag<HardEvent::V_S>(vToS);
      values.SetValue(r, reduced.GetValue(0));
      indices.SetValue(r, (int32_t)reduced.ReinterpretCast<uint16_t>().GetValue(1));
      event_t sToV = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::S_V));
      SetFlag<HardEvent::S_V>(sToV);
      WaitFlag<HardEvent::S_V>(sToV);
    }
    CopyOut();
  }

  // key 2: tileRows rows of 128 halves per WholeReduceMax.
  __aicore__ inline void ProcessShortRows() {
    LocalTensor<DTYPE_X> pairs = reduceBuf_.Get<DTYPE_X>();
    LocalTensor<DTYPE_VALUES> values = valuesBuf_.Get<DTYPE_VALUES>();
    LocalTensor<DTYPE_INDICES> indices = indicesBuf_.Get<DTYPE_INDICES>();
    for (uint32_t t = 0; t < rows_ / tileRows_; ++t) {
      LocalTensor<DTYPE_X> tile = CopyIn(t, tileRows_);
      WholeReduceMax<DTYPE_X>(pairs, tile, (int32_t)cols_, (int32_t)tileRows_, 1, 1, DEFAULT_REPEAT_STRIDE,
                              ReduceOrder::ORDER_INDEX_VALUE);
      inQueue_.FreeTensor(tile);
      PipeBarrier<PIPE_V>();
      uint64_t kept = 0;
      uint16_t repeats = (uint16_t)DivCeil(2 * tileRows_ * sizeof(DTYPE_X), ONE_REPEAT_BYTE_SIZE);
      GatherMask(values[t * tileRows_], pairs, PATTERN_ODD, false, 0, GatherMaskParams{1, repeats, 8, 0}, kept);
      event_t vToS = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::V_S));
      SetFlag<HardEvent::V_S>(vToS);
      WaitFlag<HardEvent::V_S>(vToS);
      LocalTensor<uint16_t> bits = pairs.ReinterpretCast<uint16_t>();
      for (uint32_t r = 0; r < tileRows_; ++r) indices.SetValue(t * tileRows_ + r, (int32_t)bits.GetValue(2 * r));
      event_t sToV = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::S_V));
      SetFlag<HardEvent::S_V>(sToV);
      WaitFlag<HardEvent::S_V>(sToV);
    }
    CopyOut();
  }

 private:
  __aicore__ inline LocalTensor<DTYPE_X> CopyIn(uint32_t tile, uint32_t rows) {
    LocalTensor<DTYPE_X> xLocal = inQueue_.AllocTensor<DTYPE_X>();
    DataCopy(xLocal, xGm_[tile * rows * cols_], rows * cols_);
    inQueue_.EnQue(xLocal);
    return inQueue_.DeQue<DTYPE_X>();
  }

  __aicore__ inline void CopyOut() {
    // Scalar stores and GatherMask results both precede the copies.
    event_t sToMte3 = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::S_MTE3));
    SetFlag<HardEvent::S_MTE3>(sToMte3);
    WaitFlag<HardEvent::S_MTE3>(sToMte3);
    event_t vToMte3 = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::V_MTE3));
    SetFlag<HardEvent::V_MTE3>(vToMte3);
    WaitFlag<HardEvent::V_MTE3>(vToMte3);
    DataCopy(valuesGm_, valuesBuf_.Get<DTYPE_VALUES>(), rows_);
    DataCopy(indicesGm_, indicesBuf_.Get<DTYPE_INDICES>(), rows_);
  }

  TPipe pipe_;
  TQue<QuePosition::VECIN, BUFFER_NUM> inQueue_;
  TBuf<TPosition::VECCALC> valuesBuf_, indicesBuf_, reduceBuf_, workBuf_;
  GlobalTensor<DTYPE_X> xGm_;
  GlobalTensor<DTYPE_VALUES> valuesGm_;
  GlobalTensor<DTYPE_INDICES> indicesGm_;
  uint32_t rows_ = 0, cols_ = 0, tileRows_ = 1;
};
}  // namespace

extern "C" __global__ __aicore__ void row_argmax(GM_ADDR x, GM_ADDR values, GM_ADDR indices, GM_ADDR workspace,
                                                 GM_ADDR tiling) {
  GET_TILING_DATA(tilingData, tiling);
  RowArgmax op;
  if (TILING_KEY_IS(1)) {
    op.Init(x, values, indices, tilingData, 1);
    op.ProcessLongRows();
  } else if (TILING_KEY_IS(2)) {
    op.Init(x, values, indices, tilingData, tilingData.tileRows);
    op.ProcessShortRows();
  }
}
