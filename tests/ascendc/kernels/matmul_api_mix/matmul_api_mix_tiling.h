// op_host tiling data of matmul_api_mix: the Matmul API's tiling and the activation's slope.
#ifndef MATMUL_API_MIX_TILING_H
#define MATMUL_API_MIX_TILING_H
#include "register/tilingdata_base.h"
#include "tiling/tiling_api.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(MatmulApiMixTilingData)
TILING_DATA_FIELD_DEF_STRUCT(TCubeTiling, cubeTilingData);
TILING_DATA_FIELD_DEF(float, alpha);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(MatmulApiMix, MatmulApiMixTilingData)
}  // namespace optiling
#endif
