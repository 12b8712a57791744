// A translation unit that sees the kernel headers' DT_* macros (sk_ascendc/base.h defines them
// for #if in kernels) before tiling_api.h, as a single-source program does: the header must
// still declare matmul_tiling::DataType and give the macros back unchanged. (The kernel
// headers themselves need clang, so their two macros are written out here.)
#define DT_FLOAT16 1
#define DT_BF16 27
#include "tiling/tiling_api.h"

#if DT_FLOAT16 != 1 || DT_BF16 != 27
#error "tiling_api.h changed the DT_* macros"
#endif

int32_t DtMacroCompatValue() {
  // With the macros in force DataType::DT_FLOAT16 would read DataType::1: name the codes by value.
  matmul_tiling::DataType fp16 = static_cast<matmul_tiling::DataType>(DT_FLOAT16);
  matmul_tiling::DataType bf16 = static_cast<matmul_tiling::DataType>(DT_BF16);
  return matmul_tiling::detail::BitsOf(fp16) == 16 && matmul_tiling::detail::BitsOf(bf16) == 16 ? fp16 + bf16 : -1;
}
