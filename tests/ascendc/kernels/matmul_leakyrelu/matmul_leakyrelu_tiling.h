// op_host tiling data of matmul_leakyrelu.
#ifndef MATMUL_LEAKYRELU_TILING_H
#define MATMUL_LEAKYRELU_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(MatmulLeakyreluTilingData)
TILING_DATA_FIELD_DEF(uint32_t, m);      // y is m x n, a m x k, b k x n
TILING_DATA_FIELD_DEF(uint32_t, n);
TILING_DATA_FIELD_DEF(uint32_t, k);      // one L1 / L0 step: k * (baseM + baseN) halves fit L0A / L0B
TILING_DATA_FIELD_DEF(uint32_t, baseM);  // a C tile; each AIV of the block takes half its rows
TILING_DATA_FIELD_DEF(uint32_t, baseN);
TILING_DATA_FIELD_DEF(float, alpha);     // the leaky relu slope
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(MatmulLeakyrelu, MatmulLeakyreluTilingData)
}  // namespace optiling
#endif
