// y = x * s over `perBlock` float32 per block, in UB tiles of up to 4,096 (tiling: s, perBlock):
// the same op at any size, for chains of small ops and fusions of large ones.
#include "sk/kernel.h"

struct FzStreamTiling {
  float s;
  uint32_t perBlock;
};

extern "C" void fz_stream(uint8_t* x, uint8_t* y, uint8_t* tiling) {
  FzStreamTiling t;
  sk_data_copy(&t, tiling, sizeof t);
  uint64_t first = (uint64_t)t.perBlock * (uint64_t)sk_block_idx();
  float* ub = (float*)sk_ub_base();
  for (uint32_t at = 0; at < t.perBlock; at += 4096) {
    uint32_t n = t.perBlock - at < 4096 ? t.perBlock - at : 4096;
    sk_data_copy(ub, (float*)x + first + at, n * 4);
    sk_vec_scalar(SK_VOP_MULS, SK_DT_FLOAT32, ub, ub, &t.s, n);
    sk_data_copy((float*)y + first + at, ub, n * 4);
  }
}
