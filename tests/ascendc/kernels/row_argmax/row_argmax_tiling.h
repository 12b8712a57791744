// op_host tiling data of row_argmax.
#ifndef ROW_ARGMAX_TILING_H
#define ROW_ARGMAX_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(RowArgmaxTilingData)
TILING_DATA_FIELD_DEF(uint32_t, rowsPerCore);  // a multiple of 16
TILING_DATA_FIELD_DEF(uint32_t, cols);         // key 1: a multiple of 16; key 2: 128
TILING_DATA_FIELD_DEF(uint32_t, tileRows);     // key 2: rows per tile, a multiple of 64
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(RowArgmax, RowArgmaxTilingData)
}  // namespace optiling
#endif
