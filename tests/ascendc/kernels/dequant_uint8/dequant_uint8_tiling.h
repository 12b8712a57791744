// op_host tiling data of dequant_uint8.
#ifndef DEQUANT_UINT8_TILING_H
#define DEQUANT_UINT8_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(DequantUint8TilingData)
TILING_DATA_FIELD_DEF(uint32_t, blockLength);  // elements per core
TILING_DATA_FIELD_DEF(uint32_t, tileLength);   // elements per tile (a multiple of 32)
TILING_DATA_FIELD_DEF(float, zeroPoint);       // x = (q - zeroPoint) * scale
TILING_DATA_FIELD_DEF(float, scale);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(DequantUint8, DequantUint8TilingData)
}  // namespace optiling
#endif
