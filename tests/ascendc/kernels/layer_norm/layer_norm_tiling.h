// op_host tiling data of layer_norm.
#ifndef LAYER_NORM_TILING_H
#define LAYER_NORM_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(LayerNormTilingData)
TILING_DATA_FIELD_DEF(uint32_t, rowsPerCore);
TILING_DATA_FIELD_DEF(uint32_t, cols);         // a multiple of 64, at most 2048
TILING_DATA_FIELD_DEF(float, invCols);         // 1 / cols
TILING_DATA_FIELD_DEF(float, epsilon);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(LayerNorm, LayerNormTilingData)
}  // namespace optiling
#endif
