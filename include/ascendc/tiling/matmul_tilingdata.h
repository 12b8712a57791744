// The host side of the Matmul tiling struct: optiling::TCubeTiling, a tiling data class
// (register/tilingdata_base.h) with the 50 int32_t fields of the kernel's
// AscendC::tiling::TCubeTiling (kernel_tiling/kernel_tiling.h) in the same order, so the bytes
// SaveToBuffer writes are the bytes the kernel reads, and an op's
//   TILING_DATA_FIELD_DEF_STRUCT(TCubeTiling, cubeTilingData);
// inside namespace optiling names this class on the host and the kernel struct in the kernel
// (whose device view has no optiling::TCubeTiling; docs/sk_cc.md).
#ifndef SK_ASCENDC_TILING_MATMUL_TILINGDATA_H
#define SK_ASCENDC_TILING_MATMUL_TILINGDATA_H

#include <cstddef>
#include <cstdint>

#include "kernel_tiling/kernel_tiling.h"
#include "register/tilingdata_base.h"

// The fields in CANN's order; one list for the class, the layout checks and the conversions.
#define SK_TCUBE_TILING_FIELDS(X)                                                                   \
  X(usedCoreNum) X(M) X(N) X(Ka) X(Kb) X(singleCoreM) X(singleCoreN) X(singleCoreK) X(baseM)        \
  X(baseN) X(baseK) X(depthA1) X(depthB1) X(stepM) X(stepN) X(isBias) X(transLength) X(iterateOrder) \
  X(shareMode) X(shareL1Size) X(shareL0CSize) X(shareUbSize) X(batchM) X(batchN) X(singleBatchM)     \
  X(singleBatchN) X(stepKa) X(stepKb) X(depthAL1CacheUB) X(depthBL1CacheUB) X(dbL0A) X(dbL0B)         \
  X(dbL0C) X(ALayoutInfoB) X(ALayoutInfoS) X(ALayoutInfoN) X(ALayoutInfoG) X(ALayoutInfoD)          \
  X(BLayoutInfoB) X(BLayoutInfoS) X(BLayoutInfoN) X(BLayoutInfoG) X(BLayoutInfoD) X(CLayoutInfoB)    \
  X(CLayoutInfoS1) X(CLayoutInfoN) X(CLayoutInfoG) X(CLayoutInfoS2) X(BatchNum) X(mxTypePara)

namespace optiling {

#define SK_TCUBE_TILING_DEFINE_FIELD(name) TILING_DATA_FIELD_DEF(int32_t, name);
BEGIN_TILING_DATA_DEF(TCubeTiling)
SK_TCUBE_TILING_FIELDS(SK_TCUBE_TILING_DEFINE_FIELD)
END_TILING_DATA_DEF;
#undef SK_TCUBE_TILING_DEFINE_FIELD

}  // namespace optiling

namespace matmul_tiling {
namespace detail {
// Same size and every field at the kernel struct's offset: the layout contract.
static_assert(sizeof(optiling::TCubeTiling) == sizeof(AscendC::tiling::TCubeTiling),
              "host and kernel TCubeTiling differ in size");
static_assert(sizeof(AscendC::tiling::TCubeTiling) == 50 * sizeof(int32_t), "TCubeTiling is 50 int32_t");
#define SK_TCUBE_TILING_CHECK_OFFSET(name)                                                          \
  static_assert(offsetof(optiling::TCubeTiling, name) == offsetof(AscendC::tiling::TCubeTiling, name), \
                "TCubeTiling field " #name " is not where the kernel reads it");
SK_TCUBE_TILING_FIELDS(SK_TCUBE_TILING_CHECK_OFFSET)
#undef SK_TCUBE_TILING_CHECK_OFFSET

inline void CopyTiling(const AscendC::tiling::TCubeTiling& from, optiling::TCubeTiling& to) {
#define SK_TCUBE_TILING_COPY(name) to.set_##name(from.name);
  SK_TCUBE_TILING_FIELDS(SK_TCUBE_TILING_COPY)
#undef SK_TCUBE_TILING_COPY
}

inline void CopyTiling(const optiling::TCubeTiling& from, AscendC::tiling::TCubeTiling& to) {
#define SK_TCUBE_TILING_COPY(name) to.name = from.get_##name();
  SK_TCUBE_TILING_FIELDS(SK_TCUBE_TILING_COPY)
#undef SK_TCUBE_TILING_COPY
}
}  // namespace detail
}  // namespace matmul_tiling

#endif /* SK_ASCENDC_TILING_MATMUL_TILINGDATA_H */
