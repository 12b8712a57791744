// op_host tiling data of complex_split.
#ifndef COMPLEX_SPLIT_TILING_H
#define COMPLEX_SPLIT_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(ComplexSplitTilingData)
TILING_DATA_FIELD_DEF(uint32_t, blockComplex);  // complex values per core
TILING_DATA_FIELD_DEF(uint32_t, tileComplex);   // complex values per tile (a multiple of 32)
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(ComplexSplit, ComplexSplitTilingData)
}  // namespace optiling
#endif
