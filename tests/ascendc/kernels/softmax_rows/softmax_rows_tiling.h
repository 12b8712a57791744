// op_host tiling data of softmax_rows.
#ifndef SOFTMAX_ROWS_TILING_H
#define SOFTMAX_ROWS_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(SoftmaxRowsTilingData)
TILING_DATA_FIELD_DEF(uint32_t, rowsPerCore);  // rows of each core (rows = blockDim * rowsPerCore)
TILING_DATA_FIELD_DEF(uint32_t, cols);         // row length, a multiple of 64
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(SoftmaxRows, SoftmaxRowsTilingData)
}  // namespace optiling
#endif
