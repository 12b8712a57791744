// Tiling of the adv_api corpus kernels: a plain struct (REGISTER_TILING_DEFAULT in each kernel).
// rows x cols elements (cols a multiple of 16), a scalar operand, flags.
#ifndef ADV_API_TILING_H
#define ADV_API_TILING_H
#include <cstdint>

struct AdvTilingData {
  uint32_t rows;   // rows of the tile (1 for the element-wise kernels)
  uint32_t cols;   // elements per row
  float scalar;    // the API's scalar operand (Swish's beta, ClampMin's bound, ...)
  uint32_t flags;  // kernel-specific (adv_rows: 1 = the previous max/sum inputs are used, 2 = compact maxima)
};
#endif
