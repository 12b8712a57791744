/*
 * op_host/reduce_rows_tiling.h: tiling of ReduceRows (the sum and the mean of every row of the
 * last axis), as an op project writes it: host headers, a tiling helper class working on the
 * gert::TilingContext, namespace-scope constants that size the tiling arrays, a #define.
 */
#ifndef OPS_REDUCE_ROWS_TILING_H
#define OPS_REDUCE_ROWS_TILING_H

#include <cstdint>
#include <string>
#include <vector>
#include "register/tilingdata_base.h"
#include "tiling/tiling_api.h"
#include "register/op_def_registry.h"

#define REDUCE_ROWS_MAX_TILE_ROWS 16  // rows one UB tile holds at most

namespace optiling {
constexpr uint32_t MAX_DIMS = 8;
static constexpr int32_t REDUCE_ROWS_BLOCK_BYTES = 32;
constexpr float REDUCE_ROWS_UB_RATIO = 0.8f;  // host only: not integral
const std::string REDUCE_ROWS_OP = "ReduceRows";

BEGIN_TILING_DATA_DEF(ReduceRowsTilingData)
TILING_DATA_FIELD_DEF(uint32_t, dimNum);              // dims of x
TILING_DATA_FIELD_DEF_ARR(uint32_t, MAX_DIMS, shape); // x's shape; the last axis is reduced
TILING_DATA_FIELD_DEF(uint32_t, rowsPerCore);         // rows of every core but the last
TILING_DATA_FIELD_DEF(uint32_t, tileRows);            // rows per UB tile, at most REDUCE_ROWS_MAX_TILE_ROWS
TILING_DATA_FIELD_DEF(uint32_t, alignedCols);         // the row pitch in UB: cols rounded up to 32 bytes
END_TILING_DATA_DEF

REGISTER_TILING_DATA_CLASS(ReduceRows,
                           ReduceRowsTilingData)

class ReduceRowsTilingHelper {
 public:
  explicit ReduceRowsTilingHelper(gert::TilingContext* context) : context_(context) {}
  ge::graphStatus DoTiling();

 private:
  static constexpr uint32_t DEFAULT_CORE_NUM = 8;  // inside a class: not a namespace-scope constant
  ge::graphStatus GetShapeInfo();
  gert::TilingContext* context_ = nullptr;
  ReduceRowsTilingData tilingData_;
  std::vector<int64_t> dims_;
  uint32_t rows_ = 1;
};

inline ge::graphStatus ReduceRowsTilingHelper::GetShapeInfo() {
  const gert::Shape& shape = context_->GetInputShape(0)->GetStorageShape();
  if (shape.GetDimNum() == 0 || shape.GetDimNum() > MAX_DIMS) return ge::GRAPH_FAILED;
  for (size_t i = 0; i < shape.GetDimNum(); ++i) dims_.push_back(shape.GetDim(i));
  for (size_t i = 0; i + 1 < dims_.size(); ++i) rows_ *= static_cast<uint32_t>(dims_[i]);
  return ge::GRAPH_SUCCESS;
}

inline ge::graphStatus ReduceRowsTilingHelper::DoTiling() {
  if (GetShapeInfo() != ge::GRAPH_SUCCESS) return ge::GRAPH_FAILED;
  uint32_t shape[MAX_DIMS] = {};
  for (size_t i = 0; i < dims_.size(); ++i) shape[i] = static_cast<uint32_t>(dims_[i]);
  uint32_t typeSize = context_->GetInputDesc(0)->GetDataType() == ge::DT_FLOAT ? 4 : 2;
  uint32_t cols = shape[dims_.size() - 1];
  uint32_t perBlock = REDUCE_ROWS_BLOCK_BYTES / typeSize;
  uint32_t rowsPerCore = (rows_ + DEFAULT_CORE_NUM - 1) / DEFAULT_CORE_NUM;
  tilingData_.set_dimNum(static_cast<uint32_t>(dims_.size()));
  tilingData_.set_shape(shape);
  tilingData_.set_rowsPerCore(rowsPerCore);
  tilingData_.set_tileRows(rowsPerCore < REDUCE_ROWS_MAX_TILE_ROWS ? rowsPerCore : REDUCE_ROWS_MAX_TILE_ROWS);
  tilingData_.set_alignedCols((cols + perBlock - 1) / perBlock * perBlock);
  context_->SetBlockDim((rows_ + rowsPerCore - 1) / rowsPerCore);
  tilingData_.SaveToBuffer(context_->GetRawTilingData()->GetData(), context_->GetRawTilingData()->GetCapacity());
  context_->GetRawTilingData()->SetDataSize(tilingData_.GetDataSize());
  return ge::GRAPH_SUCCESS;
}
}  // namespace optiling
#endif  // OPS_REDUCE_ROWS_TILING_H
