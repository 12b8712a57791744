// Tiling of moe_gating_topk: each core takes rowsPerCore tokens (the last one the rest); the
// options of sk::ops::GatingTopKOptions as they are.
#ifndef SK_OPS_MOE_GATING_TOPK_TILING_H
#define SK_OPS_MOE_GATING_TOPK_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(MoeGatingTopKTilingData)
TILING_DATA_FIELD_DEF(uint32_t, rows);     // T
TILING_DATA_FIELD_DEF(uint32_t, experts);  // E
TILING_DATA_FIELD_DEF(uint32_t, rowsPerCore);
TILING_DATA_FIELD_DEF(uint32_t, k);
TILING_DATA_FIELD_DEF(uint32_t, groupCount);
TILING_DATA_FIELD_DEF(uint32_t, groupSelect);
TILING_DATA_FIELD_DEF(uint32_t, sigmoid);      // 1: sigmoid scores, 0: softmax
TILING_DATA_FIELD_DEF(uint32_t, renormalize);  // 1: the k weights divided by their sum
TILING_DATA_FIELD_DEF(float, routedScalingFactor);
TILING_DATA_FIELD_DEF(uint32_t, reserved);  // pads the struct to 8 bytes
END_TILING_DATA_DEF;
}  // namespace optiling
#endif
