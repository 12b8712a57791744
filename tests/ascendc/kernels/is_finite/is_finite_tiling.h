// op_host tiling data of is_finite.
#ifndef IS_FINITE_TILING_H
#define IS_FINITE_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(IsFiniteTilingData)
TILING_DATA_FIELD_DEF(uint32_t, totalLength);  // elements of x
TILING_DATA_FIELD_DEF(uint32_t, blockLength);  // elements per core; the last core takes the rest
TILING_DATA_FIELD_DEF(uint32_t, tileLength);   // elements per tile, a multiple of 256
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(IsFinite, IsFiniteTilingData)
}  // namespace optiling
#endif
