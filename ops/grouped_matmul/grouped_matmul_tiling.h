// Tiling of grouped_matmul: the Matmul API's tiling for one work unit (at most mTile rows of a
// group x nTile columns, K whole) and the problem's sizes; the kernel reads the group sizes
// from groupList at run time and deals the units of the non-empty groups out to the AICs.
#ifndef SK_OPS_GROUPED_MATMUL_TILING_H
#define SK_OPS_GROUPED_MATMUL_TILING_H
#include "register/tilingdata_base.h"
// The host fills the tiling library's TCubeTiling; the kernel reads it as the Matmul API's
// struct (with both in view the name would be ambiguous in the kernel).
#ifdef __CCE_AICORE__
#include "kernel_tiling/kernel_tiling.h"
#else
#include "tiling/tiling_api.h"
#endif

namespace optiling {
BEGIN_TILING_DATA_DEF(GroupedMatmulTilingData)
TILING_DATA_FIELD_DEF_STRUCT(TCubeTiling, cube);  // base blocks of one unit (org shape M x N x K)
TILING_DATA_FIELD_DEF(uint32_t, m);               // rows of x and y
TILING_DATA_FIELD_DEF(uint32_t, k);
TILING_DATA_FIELD_DEF(uint32_t, n);
TILING_DATA_FIELD_DEF(uint32_t, e);               // experts (groups)
TILING_DATA_FIELD_DEF(uint32_t, mTile);           // rows per unit (a group's last unit: the rest)
TILING_DATA_FIELD_DEF(uint32_t, nTile);           // columns per unit (the last: the rest)
END_TILING_DATA_DEF;
}  // namespace optiling
#endif
