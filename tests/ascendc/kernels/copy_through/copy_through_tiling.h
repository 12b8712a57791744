// op_host tiling data of copy_through.
#ifndef COPY_THROUGH_TILING_H
#define COPY_THROUGH_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(CopyThroughTilingData)
TILING_DATA_FIELD_DEF(uint64_t, totalLength);   // elements
TILING_DATA_FIELD_DEF(uint32_t, blockLength);   // elements per core, whole 32-byte blocks; the last core takes the rest
TILING_DATA_FIELD_DEF(uint32_t, tileLength);    // elements per tile, whole 32-byte blocks
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(CopyThrough, CopyThroughTilingData)
}  // namespace optiling
#endif
