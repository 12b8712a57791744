// out[0] = mix<3>(x), out[1] = running total of x over calls of this instance.
#include "comdat.h"

extern "C" void comdat_a(uint8_t* out, uint8_t* arg) {
  int32_t x;
  sk_data_copy(&x, arg, 4);
  int32_t* ub = (int32_t*)sk_ub_base();
  ub[0] = mix<3>(x);
  ub[1] = bump(x);
  sk_data_copy(out, ub, 8);
}
