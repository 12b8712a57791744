// op_host tiling data of matmul_api: the Matmul API's TCubeTiling, as the host tiling library
// fills it.
#ifndef MATMUL_API_TILING_H
#define MATMUL_API_TILING_H
#include "register/tilingdata_base.h"
#include "tiling/tiling_api.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(MatmulApiTilingData)
TILING_DATA_FIELD_DEF_STRUCT(TCubeTiling, cubeTilingData);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(MatmulApi, MatmulApiTilingData)
}  // namespace optiling
#endif
