// op_host tiling data of add_cases: z = x + y over a rows x cols half matrix, rows split over
// the cores (the first rows % blockDim cores take one row more), dataCopyLen elements per tile.
#ifndef ADD_CASES_TILING_H
#define ADD_CASES_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(AddCasesTilingData)
TILING_DATA_FIELD_DEF(uint32_t, rows);
TILING_DATA_FIELD_DEF(uint32_t, cols);
TILING_DATA_FIELD_DEF(uint32_t, dataCopyLen);  // elements per DataCopy, a multiple of 128
TILING_DATA_FIELD_DEF(uint32_t, conflictFree);  // 1: the UB layout of Case 6 (y 256 B off the 32 KiB stride)
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(AddCases, AddCasesTilingData)
}  // namespace optiling
#endif
