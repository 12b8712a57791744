// Types the high-level APIs share between host tiling code and kernels (both include this):
// ReducePattern (and Pattern::Reduce), SortType/SortConfig, TopKMode, TensorDataType, DataFormat,
// TransDataConfig.
// Standard library only.
#ifndef SK_ASCENDC_TILING_ADV_API_TYPES_H
#define SK_ASCENDC_TILING_ADV_API_TYPES_H

#include <cstdint>

// Kernel op builds define DT_* as macros; TensorDataType's enumerators share the names (and
// values), so the macros are set aside while the enum is read.
#pragma push_macro("DT_FLOAT")
#pragma push_macro("DT_FLOAT16")
#pragma push_macro("DT_INT8")
#pragma push_macro("DT_INT16")
#pragma push_macro("DT_UINT16")
#pragma push_macro("DT_UINT8")
#pragma push_macro("DT_INT32")
#pragma push_macro("DT_INT64")
#pragma push_macro("DT_UINT32")
#pragma push_macro("DT_UINT64")
#pragma push_macro("DT_BOOL")
#pragma push_macro("DT_DOUBLE")
#pragma push_macro("DT_BF16")
#pragma push_macro("DT_INT4")
#undef DT_FLOAT
#undef DT_FLOAT16
#undef DT_INT8
#undef DT_INT16
#undef DT_UINT16
#undef DT_UINT8
#undef DT_INT32
#undef DT_INT64
#undef DT_UINT32
#undef DT_UINT64
#undef DT_BOOL
#undef DT_DOUBLE
#undef DT_BF16
#undef DT_INT4

// ge's data type codes (the values CANN's DT_* use), as CANN's graph headers declare them: an
// unscoped enum, so both ge::DT_FLOAT and ge::DataType::DT_FLOAT name a code.
namespace ge {
enum DataType : int32_t {
  DT_FLOAT = 0, DT_FLOAT16 = 1, DT_INT8 = 2, DT_INT32 = 3, DT_UINT8 = 4, DT_INT16 = 6, DT_UINT16 = 7,
  DT_UINT32 = 8, DT_INT64 = 9, DT_UINT64 = 10, DT_DOUBLE = 11, DT_BOOL = 12, DT_BF16 = 27, DT_INT4 = 29
};
}  // namespace ge

namespace AscendC {

// The codes by their bare names in AscendC too (CATLASS's kernels and host code write
// AscendC::DT_FLOAT, as CANN's headers allow). A kernel op build's DT_* macros shadow them.
using ge::DT_FLOAT, ge::DT_FLOAT16, ge::DT_INT8, ge::DT_INT32, ge::DT_UINT8, ge::DT_INT16, ge::DT_UINT16, ge::DT_UINT32,
    ge::DT_INT64, ge::DT_UINT64, ge::DT_DOUBLE, ge::DT_BOOL, ge::DT_BF16, ge::DT_INT4;

// The high-level API tiling functions take ge's codes.
using TensorDataType = ge::DataType;
inline uint32_t TensorDataTypeSize(TensorDataType t) {
  switch (t) {
    case TensorDataType::DT_INT8: case TensorDataType::DT_UINT8: case TensorDataType::DT_BOOL: case TensorDataType::DT_INT4: return 1;
    case TensorDataType::DT_FLOAT16: case TensorDataType::DT_BF16: case TensorDataType::DT_INT16: case TensorDataType::DT_UINT16: return 2;
    case TensorDataType::DT_INT64: case TensorDataType::DT_UINT64: case TensorDataType::DT_DOUBLE: return 8;
    default: return 4;
  }
}

// Reduce patterns of the [A, R] reductions: AR reduces the last axis, RA the first.
enum class ReducePattern : uint32_t { AR = 0, RA = 1 };
// The reduce APIs' pattern template argument (ReduceMax<T, Pattern::Reduce::AR>): types, as CANN
// declares them.
namespace Pattern {
namespace Reduce {
struct AR {
  static constexpr ReducePattern value = ReducePattern::AR;
};
struct RA {
  static constexpr ReducePattern value = ReducePattern::RA;
};
}  // namespace Reduce
}  // namespace Pattern

enum class SortType : uint8_t { RADIX_SORT = 0, MERGE_SORT = 1 };
struct SortConfig {
  SortType type = SortType::RADIX_SORT;
  bool isDescend = false;
};
constexpr SortConfig DEFAULT_SORT_CONFIG = {SortType::RADIX_SORT, false};

enum class TopKMode : uint8_t { TOPK_NORMAL = 0, TOPK_NSMALL = 1 };

// Data layouts of tensors and the high-level APIs (ShapeInfo, LogSoftMax, RmsNorm, TransData, ...).
enum class DataFormat : uint8_t {
  ND = 0, NZ, NCHW, NC1HWC0, NHWC, NCDHW, NDC1HWC0, FRACTAL_Z_3D, NDHWC, NDC, FRACTAL_Z_3D_TRANSPOSE
};
// TransData's conversion (kernel template argument and GetTransDataMaxMinTmpSize).
struct TransDataConfig {
  DataFormat srcFormat;
  DataFormat dstFormat;
};

}  // namespace AscendC

#pragma pop_macro("DT_FLOAT")
#pragma pop_macro("DT_FLOAT16")
#pragma pop_macro("DT_INT8")
#pragma pop_macro("DT_INT16")
#pragma pop_macro("DT_UINT16")
#pragma pop_macro("DT_UINT8")
#pragma pop_macro("DT_INT32")
#pragma pop_macro("DT_INT64")
#pragma pop_macro("DT_UINT32")
#pragma pop_macro("DT_UINT64")
#pragma pop_macro("DT_BOOL")
#pragma pop_macro("DT_DOUBLE")
#pragma pop_macro("DT_BF16")
#pragma pop_macro("DT_INT4")

#endif /* SK_ASCENDC_TILING_ADV_API_TYPES_H */
