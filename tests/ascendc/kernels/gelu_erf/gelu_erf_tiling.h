// op_host tiling data of gelu_erf.
#ifndef GELU_ERF_TILING_H
#define GELU_ERF_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(GeluErfTilingData)
TILING_DATA_FIELD_DEF(uint32_t, blockLength);  // elements per core
TILING_DATA_FIELD_DEF(uint32_t, tileLength);   // elements per tile
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(GeluErf, GeluErfTilingData)
}  // namespace optiling
#endif
