// Tiling data definitions of op_host tiling headers, for both sides of an op:
//   namespace optiling {
//   BEGIN_TILING_DATA_DEF(AddCustomTilingData)
//     TILING_DATA_FIELD_DEF(uint32_t, totalLength);
//     TILING_DATA_FIELD_DEF_ARR(int64_t, 8, dims);
//     TILING_DATA_FIELD_DEF_STRUCT(OtherTiling, other);
//   END_TILING_DATA_DEF;
//   REGISTER_TILING_DATA_CLASS(AddCustom, AddCustomTilingData)
//   }
// declares one struct with the fields in declaration order and C layout (what the kernel reads
// with GET_TILING_DATA) and the host accessors of CANN's TilingDef: set_<field>, get_<field>,
// SaveToBuffer, GetDataSize. Nested structs are 8-byte aligned, as the op build lays them out.
#ifndef SK_ASCENDC_REGISTER_TILINGDATA_BASE_H
#define SK_ASCENDC_REGISTER_TILINGDATA_BASE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "sk_ascendc/tiling_registry.h"

#define BEGIN_TILING_DATA_DEF(class_name) \
  class class_name {                       \
   public:                                 \
    using SkTilingSelf = class_name;

#define TILING_DATA_FIELD_DEF(data_type, field_name)                       \
  data_type field_name = 0;                                                \
  void set_##field_name(data_type value) { field_name = value; }           \
  data_type get_##field_name() const { return field_name; }

#define TILING_DATA_FIELD_DEF_ARR(arr_type, arr_size, field_name)                                              \
  arr_type field_name[arr_size] = {};                                                                          \
  void set_##field_name(const arr_type* value) { memcpy(field_name, value, sizeof(field_name)); }              \
  arr_type* get_##field_name() { return field_name; }

#define TILING_DATA_FIELD_DEF_STRUCT(struct_type, field_name) \
  alignas(8) struct_type field_name;

#define END_TILING_DATA_DEF                                                             \
  /* CANN's TilingDef: the bytes the kernel receives */                                 \
  void SaveToBuffer(void* data, size_t capacity) const {                                \
    if (data && capacity >= sizeof(SkTilingSelf)) memcpy(data, this, sizeof(SkTilingSelf)); \
  }                                                                                     \
  size_t GetDataSize() const { return sizeof(SkTilingSelf); }                           \
  };

// Registers the struct of an op (op_type), of a nested struct (S##Op) or of one tiling key
// (OpType_<key>); GET_TILING_DATA takes the op's (sk_ascendc/tiling.h).
#define REGISTER_TILING_DATA_CLASS(op_type, class_name) SK_ASCENDC_REGISTER_TILING(op_type, class_name);

namespace optiling {}
#if defined(__CCE_AICORE__) && defined(SK_ASCENDC_OP_BUILD_MACROS_H)
// Op kernels name the op's tiling struct unqualified, as the op build's generated header declares
// it. Not in single-source programs (no op build): they declare their own kernel-side struct of
// the same name beside optiling's (asc-devkit's broadcast sample).
using namespace optiling;
#endif

#endif /* SK_ASCENDC_REGISTER_TILINGDATA_BASE_H */
