// The API tiling structs kernels receive inside their tiling data (CANN generates this header
// from the high-level API's tiling definitions): plain structs, 8-byte packed, in namespace
// AscendC::tiling and, for the older spellings, at global scope.
#ifndef SK_ASCENDC_KERNEL_TILING_H
#define SK_ASCENDC_KERNEL_TILING_H

#include <stddef.h>
#include <stdint.h>

namespace AscendC {
namespace tiling {
#pragma pack(push, 8)
// Matmul tiling: 50 int32 fields (sizes, single-core and base blocks, L1 steps, buffering), in
// CANN's order. One type for both sides: the host's optiling::TCubeTiling is this struct
// (tiling/matmul_tilingdata.h), so it also has the accessors of CANN's host tiling class
// (set_<field>, get_<field>, SaveToBuffer, GetDataSize); members add no bytes.
#define SK_TCUBE_TILING_FIELDS(X)                                                                   \
  X(usedCoreNum) X(M) X(N) X(Ka) X(Kb) X(singleCoreM) X(singleCoreN) X(singleCoreK) X(baseM)        \
  X(baseN) X(baseK) X(depthA1) X(depthB1) X(stepM) X(stepN) X(isBias) X(transLength) X(iterateOrder) \
  X(shareMode) X(shareL1Size) X(shareL0CSize) X(shareUbSize) X(batchM) X(batchN) X(singleBatchM)     \
  X(singleBatchN) X(stepKa) X(stepKb) X(depthAL1CacheUB) X(depthBL1CacheUB) X(dbL0A) X(dbL0B)         \
  X(dbL0C) X(ALayoutInfoB) X(ALayoutInfoS) X(ALayoutInfoN) X(ALayoutInfoG) X(ALayoutInfoD)          \
  X(BLayoutInfoB) X(BLayoutInfoS) X(BLayoutInfoN) X(BLayoutInfoG) X(BLayoutInfoD) X(CLayoutInfoB)    \
  X(CLayoutInfoS1) X(CLayoutInfoN) X(CLayoutInfoG) X(CLayoutInfoS2) X(BatchNum) X(mxTypePara)
#define SK_TCUBE_TILING_FIELD(name)                       \
  int32_t name = 0;                                       \
  void set_##name(int32_t value) { name = value; }        \
  int32_t get_##name() const { return name; }
struct TCubeTiling {
  SK_TCUBE_TILING_FIELDS(SK_TCUBE_TILING_FIELD)
  void SaveToBuffer(void* data, size_t capacity) const {
    if (data && capacity >= sizeof(TCubeTiling)) __builtin_memcpy(data, this, sizeof(TCubeTiling));
  }
  size_t GetDataSize() const { return sizeof(TCubeTiling); }
};
#undef SK_TCUBE_TILING_FIELD
static_assert(sizeof(TCubeTiling) == 50 * sizeof(int32_t), "TCubeTiling is 50 int32_t");
// SoftMax / SoftmaxFlash tiling.
struct SoftMaxTiling {
  uint32_t srcM = 0;
  uint32_t srcK = 0;
  uint32_t srcSize = 0;
  uint32_t outMaxM = 0;
  uint32_t outMaxK = 0;
  uint32_t outMaxSize = 0;
  uint32_t splitM = 0;
  uint32_t splitK = 0;
  uint32_t splitSize = 0;
  uint32_t reduceM = 0;
  uint32_t reduceK = 0;
  uint32_t reduceSize = 0;
  uint32_t rangeM = 0;
  uint32_t tailM = 0;
  uint32_t tailSplitSize = 0;
  uint32_t tailReduceSize = 0;
};
#pragma pack(pop)
}  // namespace tiling
}  // namespace AscendC

using AscendC::tiling::SoftMaxTiling;
using AscendC::tiling::TCubeTiling;

#endif /* SK_ASCENDC_KERNEL_TILING_H */
