// op_host tiling data of matmul_api_iter: the Matmul API's TCubeTiling.
#ifndef MATMUL_API_ITER_TILING_H
#define MATMUL_API_ITER_TILING_H
#include "register/tilingdata_base.h"
#include "tiling/tiling_api.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(MatmulApiIterTilingData)
TILING_DATA_FIELD_DEF_STRUCT(TCubeTiling, cubeTilingData);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(MatmulApiIter, MatmulApiIterTilingData)
}  // namespace optiling
#endif
