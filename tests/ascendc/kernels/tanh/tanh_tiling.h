// op_host tiling data of tanh.
#ifndef TANH_TILING_H
#define TANH_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(TanhTilingData)
TILING_DATA_FIELD_DEF(uint32_t, blockLength);   // elements per core
TILING_DATA_FIELD_DEF(uint32_t, tileNum);       // tiles per core
TILING_DATA_FIELD_DEF(uint32_t, tmpBufferSize); // bytes of the shared temporary buffer (0: none)
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(Tanh, TanhTilingData)
}  // namespace optiling
#endif
