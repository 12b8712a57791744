// Scalar _Float16 / __bf16 arithmetic in kernel code: clang emits __extendhfsf2,
// __truncsfhf2 and __truncsfbf2 calls, which the simulator provides.
#include "sk/kernel.h"

extern "C" void half_scalar(uint8_t* in, uint8_t* out) {
  _Float16 v[4];
  sk_data_copy(v, in, sizeof v);
  _Float16 r[4];
  r[0] = v[0] + v[1];
  r[1] = v[2] * v[3];
  float f = (float)v[0];
  r[2] = (_Float16)(f * 3.0f);
  __bf16 b = (__bf16)(f / 3.0f);
  r[3] = (_Float16)(float)b;
  sk_data_copy(out, r, sizeof r);
}
