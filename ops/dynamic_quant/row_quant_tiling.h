// Tiling of the per-token int8 quantisation ops (dynamic_quant, dequant_swiglu_quant): each core
// takes rowsPerCore rows (the last one the rest); a row goes through UB in chunks of `chunk`
// columns: one pass when the row is one chunk, else a pass for the maximum and one to quantise.
#ifndef SK_OPS_ROW_QUANT_TILING_H
#define SK_OPS_ROW_QUANT_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(RowQuantTilingData)
TILING_DATA_FIELD_DEF(uint32_t, rows);  // T
TILING_DATA_FIELD_DEF(uint32_t, cols);  // H: columns of y
TILING_DATA_FIELD_DEF(uint32_t, rowsPerCore);
TILING_DATA_FIELD_DEF(uint32_t, chunk);  // columns per pass (a multiple of 64, or cols)
END_TILING_DATA_DEF;
}  // namespace optiling

#ifndef __CCE_AICORE__
#include <algorithm>
#include <cstdint>
namespace sk_ops {
// Rows over `cores`, columns per pass from the UB bytes a column takes (columnBytes) beside two
// per-row floats of each core's rows (the scales, the activation scales) and 1 KiB of alignment
// slack; a chunk of 0 means not even 64 columns fit.
inline optiling::RowQuantTilingData rowQuantTiling(uint32_t rows, uint32_t cols, uint32_t cores, uint64_t ubBytes,
                                                   uint32_t columnBytes, uint32_t& blockDim) {
  uint32_t perCore = (rows + cores - 1) / cores;
  blockDim = (rows + perCore - 1) / perCore;
  uint64_t reserved = 2 * (uint64_t)perCore * sizeof(float) + 1024;
  uint64_t fit = ubBytes > reserved ? (ubBytes - reserved) / columnBytes / 64 * 64 : 0;
  optiling::RowQuantTilingData t;
  t.set_rows(rows);
  t.set_cols(cols);
  t.set_rowsPerCore(perCore);
  t.set_chunk((uint32_t)std::min<uint64_t>(cols, fit));
  return t;
}
}  // namespace sk_ops
#endif
#endif
