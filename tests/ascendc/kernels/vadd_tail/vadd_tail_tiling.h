// op_host tiling data of vadd_tail (force-included by sk_cc, as CANN's op build does).
#ifndef VADD_TAIL_TILING_H
#define VADD_TAIL_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(VaddTailTilingData)
TILING_DATA_FIELD_DEF(uint32_t, elemsPerCore);   // elements of each of the first cores
TILING_DATA_FIELD_DEF(uint32_t, tailCoreElems);  // elements of the last core
TILING_DATA_FIELD_DEF(uint32_t, tileElems);      // elements per UB tile (a multiple of 16)
TILING_DATA_FIELD_DEF(float, alpha);             // z = x + alpha * y
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(VaddTail, VaddTailTilingData)
}  // namespace optiling
#endif
