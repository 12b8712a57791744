// op_host tiling data of gather_reverse.
#ifndef GATHER_REVERSE_TILING_H
#define GATHER_REVERSE_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(GatherReverseTilingData)
TILING_DATA_FIELD_DEF(uint32_t, totalLength);
TILING_DATA_FIELD_DEF(uint32_t, formerNum);     // cores with formerLength elements, then tailLength
TILING_DATA_FIELD_DEF(uint32_t, formerLength);  // at most what one UB tile holds
TILING_DATA_FIELD_DEF(uint32_t, tailLength);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(GatherReverse, GatherReverseTilingData)
}  // namespace optiling
#endif
