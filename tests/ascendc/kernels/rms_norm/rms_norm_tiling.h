// op_host tiling data of rms_norm.
#ifndef RMS_NORM_TILING_H
#define RMS_NORM_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(RmsNormTilingData)
TILING_DATA_FIELD_DEF(uint32_t, cols);        // row length: a multiple of 64, at most 64 * 64
TILING_DATA_FIELD_DEF(uint32_t, formerNum);   // cores with formerRows rows; the others take tailRows
TILING_DATA_FIELD_DEF(uint32_t, formerRows);
TILING_DATA_FIELD_DEF(uint32_t, tailRows);
TILING_DATA_FIELD_DEF(float, avgFactor);      // 1 / cols
TILING_DATA_FIELD_DEF(float, epsilon);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(RmsNorm, RmsNormTilingData)
}  // namespace optiling
#endif
