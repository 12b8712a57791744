// op_host tiling data of matmul_api_batch and matmul_api_batch_cube: the Matmul API's
// TCubeTiling for one batch (M, N, K = the single-core sizes, as SetBatchInfoForNormal makes it)
// and the batch counts.
#ifndef MATMUL_API_BATCH_TILING_H
#define MATMUL_API_BATCH_TILING_H
#include "register/tilingdata_base.h"
#include "tiling/tiling_api.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(MatmulApiBatchTilingData)
TILING_DATA_FIELD_DEF_STRUCT(TCubeTiling, cubeTilingData);
TILING_DATA_FIELD_DEF(uint32_t, batchA);
TILING_DATA_FIELD_DEF(uint32_t, batchB);
TILING_DATA_FIELD_DEF(uint32_t, matrixStrideA);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(MatmulApiBatch, MatmulApiBatchTilingData)
}  // namespace optiling
#endif
