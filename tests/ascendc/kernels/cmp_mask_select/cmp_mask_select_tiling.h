// op_host tiling data of cmp_mask_select.
#ifndef CMP_MASK_SELECT_TILING_H
#define CMP_MASK_SELECT_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(CmpMaskSelectTilingData)
TILING_DATA_FIELD_DEF(uint32_t, blockLength);  // elements per core
TILING_DATA_FIELD_DEF(uint32_t, tileLength);   // elements per tile, a multiple of 128
TILING_DATA_FIELD_DEF(float, fill);            // the scalar of the tensor-scalar select
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(CmpMaskSelect, CmpMaskSelectTilingData)
}  // namespace optiling
#endif
