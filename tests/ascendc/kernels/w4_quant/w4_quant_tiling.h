// op_host tiling data of w4_quant.
#ifndef W4_QUANT_TILING_H
#define W4_QUANT_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(W4QuantTilingData)
TILING_DATA_FIELD_DEF(uint32_t, blockLength);  // elements per core
TILING_DATA_FIELD_DEF(uint32_t, tileLength);   // elements per tile (a multiple of 128)
TILING_DATA_FIELD_DEF(float, scale);           // dequantised = int4 x scale
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(W4Quant, W4QuantTilingData)
}  // namespace optiling
#endif
