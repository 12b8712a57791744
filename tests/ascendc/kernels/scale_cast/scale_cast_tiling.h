// Tiling of scale_cast as a plain C++ struct shared by the host tiling function and the kernel
// (the kernel names it with REGISTER_TILING_DEFAULT). Lengths are in elements; the per-core
// lengths are multiples of one 32-byte block, and the last core is trimmed to totalLength.
#ifndef SCALE_CAST_TILING_H
#define SCALE_CAST_TILING_H
#include <cstdint>

struct ScaleCastTilingData {
  uint32_t totalLength;   // elements of x and y
  uint32_t formerNum;     // cores that take formerLength elements; the rest take tailLength
  uint32_t formerLength;
  uint32_t tailLength;
  uint32_t tileLength;    // elements per UB tile
  float scale;            // y = x * scale + bias
  float bias;
};
#endif
