// Built with -fno-pic: indexing a static array emits R_X86_64_32S, which the linker rejects.
#include "sk/kernel.h"

static int32_t gSlots[64];

extern "C" void nopic(uint8_t* out, uint8_t* arg) {
  int32_t i;
  sk_data_copy(&i, arg, 4);
  gSlots[i & 63] = i;
  int32_t v = gSlots[(i + 1) & 63];
  sk_data_copy(out, &v, 4);
}
