// The host side of the Matmul tiling struct: optiling::TCubeTiling, which is the kernel's
// AscendC::tiling::TCubeTiling (kernel_tiling/kernel_tiling.h) with the accessors of CANN's host
// tiling class, so the bytes SaveToBuffer writes are the bytes the kernel reads; an op's
//   TILING_DATA_FIELD_DEF_STRUCT(TCubeTiling, cubeTilingData);
// inside namespace optiling names it on either side, and a file that includes both the kernel
// headers and tiling_api.h (a single-source program) may write plain TCubeTiling anywhere: every
// spelling names the one struct.
#ifndef SK_ASCENDC_TILING_MATMUL_TILINGDATA_H
#define SK_ASCENDC_TILING_MATMUL_TILINGDATA_H

#include "kernel_tiling/kernel_tiling.h"
#include "register/tilingdata_base.h"

namespace optiling {
using TCubeTiling = AscendC::tiling::TCubeTiling;
}  // namespace optiling

#endif /* SK_ASCENDC_TILING_MATMUL_TILINGDATA_H */
