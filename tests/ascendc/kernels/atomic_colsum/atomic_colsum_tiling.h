// op_host tiling data of atomic_colsum.
#ifndef ATOMIC_COLSUM_TILING_H
#define ATOMIC_COLSUM_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(AtomicColsumTilingData)
TILING_DATA_FIELD_DEF(uint32_t, cols);         // row length: 64 floats (one repeat)
TILING_DATA_FIELD_DEF(uint32_t, formerNum);    // cores taking formerRows rows; the rest take tailRows
TILING_DATA_FIELD_DEF(uint32_t, formerRows);
TILING_DATA_FIELD_DEF(uint32_t, tailRows);
TILING_DATA_FIELD_DEF(uint32_t, tileRows);     // rows per UB tile
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(AtomicColsum, AtomicColsumTilingData)
}  // namespace optiling
#endif
