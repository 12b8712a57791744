// op_host tiling data of log (force-included by the op build). y = log_base(x * scale + shift),
// the attributes of the Log op: base -1 means e.
#ifndef LOG_TILING_H
#define LOG_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(LogTilingData)
TILING_DATA_FIELD_DEF(uint32_t, formerNum);     // the first formerNum cores take formerLength elements
TILING_DATA_FIELD_DEF(uint32_t, formerLength);
TILING_DATA_FIELD_DEF(uint32_t, tailLength);    // the others take tailLength
TILING_DATA_FIELD_DEF(uint32_t, tileLength);    // elements per UB tile
TILING_DATA_FIELD_DEF(float, base);
TILING_DATA_FIELD_DEF(float, scale);
TILING_DATA_FIELD_DEF(float, shift);
TILING_DATA_FIELD_DEF(float, invLnBase);        // 1 / ln(base), for bases other than e, 2 and 10
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(Log, LogTilingData)
}  // namespace optiling
#endif
