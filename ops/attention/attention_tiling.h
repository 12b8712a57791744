// Tiling of attention: the Matmul API's tilings of the two products of one task (scores =
// q_rows · k_blockᵀ, rowsPerTask x keysPerBlock x D; pv = P · v_block, rowsPerTask x D x
// keysPerBlock) and the problem's sizes. A task is rowsPerTask queries of one batch; the AIVs
// take tasks round robin, each with its own part of the user workspace.
#ifndef SK_OPS_ATTENTION_TILING_H
#define SK_OPS_ATTENTION_TILING_H
#include "register/tilingdata_base.h"
// The host fills the tiling library's TCubeTiling; the kernel reads it as the Matmul API's
// struct (with both in view the name would be ambiguous in the kernel).
#ifdef __CCE_AICORE__
#include "kernel_tiling/kernel_tiling.h"
#else
#include "tiling/tiling_api.h"
#endif

namespace optiling {
BEGIN_TILING_DATA_DEF(AttentionTilingData)
TILING_DATA_FIELD_DEF_STRUCT(TCubeTiling, scoreMm);  // q · kᵀ (B transposed), float out
TILING_DATA_FIELD_DEF_STRUCT(TCubeTiling, pvMm);     // P · v, float out
TILING_DATA_FIELD_DEF(uint32_t, batch);
TILING_DATA_FIELD_DEF(uint32_t, queries);       // S
TILING_DATA_FIELD_DEF(uint32_t, keys);          // L
TILING_DATA_FIELD_DEF(uint32_t, dim);           // D
TILING_DATA_FIELD_DEF(uint32_t, rowsPerTask);   // queries per task (a multiple of 16)
TILING_DATA_FIELD_DEF(uint32_t, keysPerBlock);  // keys per online-softmax block (a multiple of 16)
TILING_DATA_FIELD_DEF(uint32_t, tasks);         // batch x ceil(S / rowsPerTask)
TILING_DATA_FIELD_DEF(uint32_t, workers);       // AIVs (2 x blockDim)
TILING_DATA_FIELD_DEF(float, scale);
TILING_DATA_FIELD_DEF(uint32_t, causal);
END_TILING_DATA_DEF;
}  // namespace optiling
#endif
