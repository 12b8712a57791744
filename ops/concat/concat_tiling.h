// Tiling of concat: rows split over the AIV cores (rowsPerCore each, the last core the rest);
// the kernel moves bytes, so one tiling serves every dtype.
#ifndef SK_OPS_CONCAT_TILING_H
#define SK_OPS_CONCAT_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(ConcatTilingData)
TILING_DATA_FIELD_DEF(uint32_t, rows);  // rows (product of the leading dims)
TILING_DATA_FIELD_DEF(uint32_t, rowsPerCore);
TILING_DATA_FIELD_DEF(uint32_t, aBytes);  // bytes of a row of a (Na elements)
TILING_DATA_FIELD_DEF(uint32_t, bBytes);  // bytes of a row of b (Nb elements)
TILING_DATA_FIELD_DEF(uint32_t, tileBytes);  // UB bytes per buffer (a multiple of 32)
TILING_DATA_FIELD_DEF(uint32_t, reserved);
END_TILING_DATA_DEF;
}  // namespace optiling
#endif
