// op_host tiling data of col_slice.
#ifndef COL_SLICE_TILING_H
#define COL_SLICE_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(ColSliceTilingData)
TILING_DATA_FIELD_DEF(uint32_t, rowsPerCore);
TILING_DATA_FIELD_DEF(uint32_t, tileRows);
TILING_DATA_FIELD_DEF(uint32_t, inCols);     // a multiple of 16 (whole 32-byte blocks)
TILING_DATA_FIELD_DEF(uint32_t, colOffset);  // first column taken, a multiple of 16
TILING_DATA_FIELD_DEF(float, scale);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(ColSlice, ColSliceTilingData)
}  // namespace optiling
#endif
