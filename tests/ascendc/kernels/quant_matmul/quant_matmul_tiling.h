// op_host tiling data of quant_matmul.
#ifndef QUANT_MATMUL_TILING_H
#define QUANT_MATMUL_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(QuantMatmulTilingData)
TILING_DATA_FIELD_DEF(uint32_t, m);      // y is m x n; x m x k; the weight n x k (stored transposed)
TILING_DATA_FIELD_DEF(uint32_t, n);
TILING_DATA_FIELD_DEF(uint32_t, k);
TILING_DATA_FIELD_DEF(uint32_t, baseM);  // multiples of 16
TILING_DATA_FIELD_DEF(uint32_t, baseN);
TILING_DATA_FIELD_DEF(uint32_t, baseK);  // a multiple of 32 (one int8 fractal row)
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(QuantMatmul, QuantMatmulTilingData)
}  // namespace optiling
#endif
