// op_host tiling data of mmad_basic.
#ifndef MMAD_BASIC_TILING_H
#define MMAD_BASIC_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(MmadBasicTilingData)
TILING_DATA_FIELD_DEF(uint32_t, m);      // C is m x n, A m x k, B k x n (all row-major in GM)
TILING_DATA_FIELD_DEF(uint32_t, n);
TILING_DATA_FIELD_DEF(uint32_t, k);
TILING_DATA_FIELD_DEF(uint32_t, baseM);  // one core's C tile, multiples of 16
TILING_DATA_FIELD_DEF(uint32_t, baseN);
TILING_DATA_FIELD_DEF(uint32_t, baseK);  // the K step through L1/L0, a multiple of 16
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(MmadBasic, MmadBasicTilingData)
}  // namespace optiling
#endif
