/*
 * op_host/pow_tiling.h: the tiling of the Pow op as the op project writes it, with its host
 * includes and host code. The op build (and sk_cc) compiles only its device view into the
 * kernel: the tiling data, the registration, and the macros; the kernel names the structs, not
 * the header's constants.
 */
#ifndef OPS_POW_TILING_H
#define OPS_POW_TILING_H

#include <cstdint>
#include "register/tilingdata_base.h"
#include "tiling/tiling_api.h"
#include "register/op_def_registry.h"

namespace optiling {
// Buffers per queue (the kernel has its own of the same name) and the tile buffer.
constexpr int32_t POW_BUFFER_NUM = 2;
#define POW_TMP_BUFFER_BYTES (16 * 1024)
// Host-side tiling choices.
static const uint32_t POW_TILE_ALIGN = 256;    // elements: tiles are whole repeats
constexpr uint32_t POW_MAX_TILE = 4096;
const char* const POW_OP_NAME = "Pow";

BEGIN_TILING_DATA_DEF(PowTilingData)
TILING_DATA_FIELD_DEF(uint32_t, blockLength);  // elements per core
TILING_DATA_FIELD_DEF(uint32_t, tileLength);   // elements per tile
TILING_DATA_FIELD_DEF(float, scalar);          // the exponent (key 2) or the base (key 3)
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(Pow, PowTilingData)

// Key 1: x ^ y; key 2: x ^ exponent; key 3: base ^ y.
enum class PowMode : uint32_t { TENSOR_TENSOR = 1, TENSOR_SCALAR = 2, SCALAR_TENSOR = 3 };

static ge::graphStatus PowTilingFunc(gert::TilingContext* context) {
  PowTilingData tiling;
  uint32_t total = context->GetInputShape(0)->GetStorageShape().GetShapeSize();
  uint32_t coreNum = context->GetPlatformInfo() == nullptr ? 8 : 48;
  uint32_t blockLength = (total + coreNum - 1) / coreNum;
  uint32_t tile = blockLength < POW_MAX_TILE ? blockLength : POW_MAX_TILE;
  tiling.set_blockLength(blockLength);
  tiling.set_tileLength((tile + POW_TILE_ALIGN - 1) / POW_TILE_ALIGN * POW_TILE_ALIGN);
  const float* attr = context->GetAttrs()->GetAttrPointer<float>(0);
  tiling.set_scalar(attr == nullptr ? 1.0f : *attr);
  context->SetTilingKey(static_cast<uint32_t>(context->GetInputDesc(1) == nullptr ? PowMode::TENSOR_SCALAR
                                                                                  : PowMode::TENSOR_TENSOR));
  context->SetBlockDim(coreNum);
  tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
  context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
  return ge::GRAPH_SUCCESS;
}
}  // namespace optiling
#endif  // OPS_POW_TILING_H
