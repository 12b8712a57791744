// op_host tiling data of softplus.
#ifndef SOFTPLUS_TILING_H
#define SOFTPLUS_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(SoftplusTilingData)
TILING_DATA_FIELD_DEF(uint32_t, blockLength);  // elements per core
TILING_DATA_FIELD_DEF(uint32_t, tileLength);   // elements per tile
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(Softplus, SoftplusTilingData)
}  // namespace optiling
#endif
