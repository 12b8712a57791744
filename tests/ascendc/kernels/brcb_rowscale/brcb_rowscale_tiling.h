// op_host tiling data of brcb_rowscale.
#ifndef BRCB_ROWSCALE_TILING_H
#define BRCB_ROWSCALE_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(BrcbRowscaleTilingData)
TILING_DATA_FIELD_DEF(uint32_t, rowsPerCore);
TILING_DATA_FIELD_DEF(uint32_t, tileRows);     // a multiple of 8
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(BrcbRowscale, BrcbRowscaleTilingData)
}  // namespace optiling
#endif
