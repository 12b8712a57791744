// Tiling of softmax: rows split over the AIV cores (rowsPerCore each, the last core the rest);
// each row of cols elements is computed whole in UB.
#ifndef SK_OPS_SOFTMAX_TILING_H
#define SK_OPS_SOFTMAX_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(SoftmaxTilingData)
TILING_DATA_FIELD_DEF(uint32_t, rows);  // rows of x (product of the leading dims)
TILING_DATA_FIELD_DEF(uint32_t, rowsPerCore);
TILING_DATA_FIELD_DEF(uint32_t, cols);  // N
TILING_DATA_FIELD_DEF(uint32_t, reserved);
END_TILING_DATA_DEF;
}  // namespace optiling
#endif
