// Tiling of the element-wise ops (add, mul, square): each core takes blockLength elements (the
// last one the rest), in tiles of tileLength through a double-buffered pipeline.
#ifndef SK_OPS_ELEMENTWISE_TILING_H
#define SK_OPS_ELEMENTWISE_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(ElementwiseTilingData)
TILING_DATA_FIELD_DEF(uint64_t, totalLength);  // elements of the output
TILING_DATA_FIELD_DEF(uint64_t, blockLength);  // elements per core (a multiple of 64)
TILING_DATA_FIELD_DEF(uint32_t, tileLength);   // elements per tile (a multiple of 64)
TILING_DATA_FIELD_DEF(uint32_t, reserved);
END_TILING_DATA_DEF;
}  // namespace optiling
#endif
