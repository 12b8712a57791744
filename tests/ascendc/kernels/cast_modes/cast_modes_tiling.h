// op_host tiling data of cast_modes.
#ifndef CAST_MODES_TILING_H
#define CAST_MODES_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(CastModesTilingData)
TILING_DATA_FIELD_DEF(uint32_t, blockLength);  // elements per core
TILING_DATA_FIELD_DEF(uint32_t, tileLength);   // elements per tile (a multiple of 8)
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(CastModes, CastModesTilingData)
}  // namespace optiling
#endif
