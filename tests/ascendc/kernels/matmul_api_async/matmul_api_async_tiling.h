// op_host tiling data of matmul_api_async: the Matmul API's TCubeTiling.
#ifndef MATMUL_API_ASYNC_TILING_H
#define MATMUL_API_ASYNC_TILING_H
#include "register/tilingdata_base.h"
#include "tiling/tiling_api.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(MatmulApiAsyncTilingData)
TILING_DATA_FIELD_DEF_STRUCT(TCubeTiling, cubeTilingData);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(MatmulApiAsync, MatmulApiAsyncTilingData)
}  // namespace optiling
#endif
