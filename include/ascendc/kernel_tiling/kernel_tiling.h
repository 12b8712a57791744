// The API tiling structs kernels receive inside their tiling data (CANN generates this header
// from the high-level API's tiling definitions): plain structs, 8-byte packed, in namespace
// AscendC::tiling and, for the older spellings, at global scope.
#ifndef SK_ASCENDC_KERNEL_TILING_H
#define SK_ASCENDC_KERNEL_TILING_H

#include <stdint.h>

namespace AscendC {
namespace tiling {
#pragma pack(push, 8)
// Matmul tiling: 50 int32 fields (sizes, single-core and base blocks, L1 steps, buffering).
struct TCubeTiling {
  int32_t usedCoreNum = 0;
  int32_t M = 0;
  int32_t N = 0;
  int32_t Ka = 0;
  int32_t Kb = 0;
  int32_t singleCoreM = 0;
  int32_t singleCoreN = 0;
  int32_t singleCoreK = 0;
  int32_t baseM = 0;
  int32_t baseN = 0;
  int32_t baseK = 0;
  int32_t depthA1 = 0;
  int32_t depthB1 = 0;
  int32_t stepM = 0;
  int32_t stepN = 0;
  int32_t isBias = 0;
  int32_t transLength = 0;
  int32_t iterateOrder = 0;
  int32_t shareMode = 0;
  int32_t shareL1Size = 0;
  int32_t shareL0CSize = 0;
  int32_t shareUbSize = 0;
  int32_t batchM = 0;
  int32_t batchN = 0;
  int32_t singleBatchM = 0;
  int32_t singleBatchN = 0;
  int32_t stepKa = 0;
  int32_t stepKb = 0;
  int32_t depthAL1CacheUB = 0;
  int32_t depthBL1CacheUB = 0;
  int32_t dbL0A = 0;
  int32_t dbL0B = 0;
  int32_t dbL0C = 0;
  int32_t ALayoutInfoB = 0;
  int32_t ALayoutInfoS = 0;
  int32_t ALayoutInfoN = 0;
  int32_t ALayoutInfoG = 0;
  int32_t ALayoutInfoD = 0;
  int32_t BLayoutInfoB = 0;
  int32_t BLayoutInfoS = 0;
  int32_t BLayoutInfoN = 0;
  int32_t BLayoutInfoG = 0;
  int32_t BLayoutInfoD = 0;
  int32_t CLayoutInfoB = 0;
  int32_t CLayoutInfoS1 = 0;
  int32_t CLayoutInfoN = 0;
  int32_t CLayoutInfoG = 0;
  int32_t CLayoutInfoS2 = 0;
  int32_t BatchNum = 0;
  int32_t mxTypePara = 0;
};
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
