// op_host tiling data of add_custom (the op build passes it with -include).
#ifndef ACLGRAPH_ADD_CUSTOM_TILING_H
#define ACLGRAPH_ADD_CUSTOM_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(AddCustomTilingData)
TILING_DATA_FIELD_DEF(uint32_t, totalLength);
TILING_DATA_FIELD_DEF(uint32_t, tileLength);
END_TILING_DATA_DEF;
}  // namespace optiling
#endif
