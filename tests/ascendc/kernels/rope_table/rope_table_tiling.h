// op_host tiling data of rope_table.
#ifndef ROPE_TABLE_TILING_H
#define ROPE_TABLE_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(RopeTableTilingData)
TILING_DATA_FIELD_DEF(uint32_t, blockLength);  // positions per block (logical blocks may outnumber the cores)
TILING_DATA_FIELD_DEF(uint32_t, tileLength);   // positions per tile
TILING_DATA_FIELD_DEF(float, start);           // angle of position p: start + p * step
TILING_DATA_FIELD_DEF(float, step);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(RopeTable, RopeTableTilingData)
}  // namespace optiling
#endif
