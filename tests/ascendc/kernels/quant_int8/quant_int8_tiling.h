// op_host tiling data of quant_int8.
#ifndef QUANT_INT8_TILING_H
#define QUANT_INT8_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(QuantInt8TilingData)
TILING_DATA_FIELD_DEF(uint32_t, blockLength);  // elements per core
TILING_DATA_FIELD_DEF(uint32_t, tileLength);   // elements per tile (a multiple of 256)
TILING_DATA_FIELD_DEF(float, invScale);        // y = round(x / scale)
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(QuantInt8, QuantInt8TilingData)
}  // namespace optiling
#endif
