// Tiling of rmsnorm: rows split over the AIV cores (rowsPerCore each, the last core the rest);
// each row of cols elements is normalised whole in UB.
#ifndef SK_OPS_RMSNORM_TILING_H
#define SK_OPS_RMSNORM_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(RmsnormTilingData)
TILING_DATA_FIELD_DEF(uint32_t, rows);         // rows of x (product of the leading dims)
TILING_DATA_FIELD_DEF(uint32_t, rowsPerCore);
TILING_DATA_FIELD_DEF(uint32_t, cols);         // H
TILING_DATA_FIELD_DEF(float, avgFactor);       // 1 / H
TILING_DATA_FIELD_DEF(float, epsilon);
TILING_DATA_FIELD_DEF(uint32_t, reserved);
END_TILING_DATA_DEF;
}  // namespace optiling
#endif
