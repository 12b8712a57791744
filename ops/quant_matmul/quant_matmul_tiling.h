// Tiling of quant_matmul: the int32 sums are cut into baseM x baseN tiles for the AICs (tile t
// on block t % blockDim; K through L1/L0 in baseK slices), their dequantisation into vecRows x
// vecCols pieces for the AIVs (piece p on AIV p % (2 blockDim)).
#ifndef SK_OPS_QUANT_MATMUL_TILING_H
#define SK_OPS_QUANT_MATMUL_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(QuantMatmulTilingData)
TILING_DATA_FIELD_DEF(uint32_t, m);      // x m x k, w k x n, y m x n
TILING_DATA_FIELD_DEF(uint32_t, n);
TILING_DATA_FIELD_DEF(uint32_t, k);
TILING_DATA_FIELD_DEF(uint32_t, baseM);  // a multiple of 16 (A's fractal rows)
TILING_DATA_FIELD_DEF(uint32_t, baseN);  // a multiple of 32 (int8 B squares are 32 x 32)
TILING_DATA_FIELD_DEF(uint32_t, baseK);  // a multiple of 32 (one int8 fractal row)
TILING_DATA_FIELD_DEF(uint32_t, vecRows);
TILING_DATA_FIELD_DEF(uint32_t, vecCols);
END_TILING_DATA_DEF;
}  // namespace optiling
#endif
