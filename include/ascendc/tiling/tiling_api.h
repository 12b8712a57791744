// What op host tiling code includes for the high-level API tilings (CANN's "tiling/tiling_api.h"):
// the platform information (tiling/platform/platform_ascendc.h), the host TCubeTiling
// (tiling/matmul_tilingdata.h) and the Matmul tiling classes (tiling/matmul_tiling.h).
// Header-only, standard library only; docs/ascendc.md, "Host tiling library".
#ifndef SK_ASCENDC_TILING_TILING_API_H
#define SK_ASCENDC_TILING_TILING_API_H

#include "tiling/platform/platform_ascendc.h"
#include "tiling/matmul_tilingdata.h"
#include "tiling/matmul_tiling.h"
#include "tiling/adv_api_tiling.h"

#endif /* SK_ASCENDC_TILING_TILING_API_H */
