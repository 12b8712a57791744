// op_host tiling data of relu_where (force-included by the op build).
#ifndef RELU_WHERE_TILING_H
#define RELU_WHERE_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(ReluWhereTilingData)
TILING_DATA_FIELD_DEF(uint32_t, totalLength);  // elements of x and y
TILING_DATA_FIELD_DEF(uint32_t, blockLength);  // elements per core (the last core takes the rest)
TILING_DATA_FIELD_DEF(uint32_t, tileLength);   // elements per tile, a multiple of one 256-byte repeat
TILING_DATA_FIELD_DEF(float, lower);           // clamp bounds (keys 2 and 4)
TILING_DATA_FIELD_DEF(float, upper);
TILING_DATA_FIELD_DEF(float, negativeSlope);   // leaky relu (key 3)
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(ReluWhere, ReluWhereTilingData)
}  // namespace optiling
#endif
