// op_host tiling data of reduce_sum_all.
#ifndef REDUCE_SUM_ALL_TILING_H
#define REDUCE_SUM_ALL_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(ReduceSumAllTilingData)
TILING_DATA_FIELD_DEF(uint32_t, totalLength);  // elements of x
TILING_DATA_FIELD_DEF(uint32_t, blockLength);  // elements per core; the last core takes the rest
TILING_DATA_FIELD_DEF(uint32_t, tileLength);   // elements per tile, at most 255 repeats of 64
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(ReduceSumAll, ReduceSumAllTilingData)
}  // namespace optiling
#endif
