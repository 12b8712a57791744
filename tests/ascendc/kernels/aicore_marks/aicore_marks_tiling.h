// op_host tiling data of aicore_marks.
#ifndef AICORE_MARKS_TILING_H
#define AICORE_MARKS_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(AicoreMarksTilingData)
TILING_DATA_FIELD_DEF(uint32_t, totalLength);  // elements
TILING_DATA_FIELD_DEF(float, scale);
TILING_DATA_FIELD_DEF(float, bias);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(AicoreMarks, AicoreMarksTilingData)
}  // namespace optiling
#endif
