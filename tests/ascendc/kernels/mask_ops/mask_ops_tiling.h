// op_host tiling data of mask_ops.
#ifndef MASK_OPS_TILING_H
#define MASK_OPS_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(MaskOpsTilingData)
TILING_DATA_FIELD_DEF(uint32_t, blockLength);  // elements per core (even)
TILING_DATA_FIELD_DEF(uint32_t, tileLength);   // elements per tile, a multiple of 128
TILING_DATA_FIELD_DEF(float, scale);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(MaskOps, MaskOpsTilingData)
}  // namespace optiling
#endif
