// op_host tiling data of swish.
#ifndef SWISH_TILING_H
#define SWISH_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(SwishTilingData)
TILING_DATA_FIELD_DEF(uint32_t, totalLength);
TILING_DATA_FIELD_DEF(uint32_t, blockLength);  // elements per core; the last core takes the rest
TILING_DATA_FIELD_DEF(uint32_t, tileLength);
TILING_DATA_FIELD_DEF(float, beta);            // y = x * sigmoid(beta * x)
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(Swish, SwishTilingData)
}  // namespace optiling
#endif
