// op_host tiling data of bitwise16.
#ifndef BITWISE16_TILING_H
#define BITWISE16_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(Bitwise16TilingData)
TILING_DATA_FIELD_DEF(uint32_t, blockLength);  // elements per core
TILING_DATA_FIELD_DEF(uint32_t, tileLength);   // elements per tile
TILING_DATA_FIELD_DEF(uint32_t, leftShift);
TILING_DATA_FIELD_DEF(uint32_t, rightShift);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(Bitwise16, Bitwise16TilingData)
}  // namespace optiling
#endif
