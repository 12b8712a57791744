// AIC: `iters` Nd2Nz copies of one 64 x 256 half block into L1, its rows `pitch` elements apart
// in GM (iters and pitch from GM), one after another on MTE2.
#include "sk/kernel.h"

extern "C" void nd2nz_rows(uint8_t* src, uint8_t* argsPtr) {
  int32_t args[2];
  sk_data_copy(args, argsPtr, 8);
  struct sk_nd2nz p = {};
  p.nd_num = 1, p.n_value = 64, p.d_value = 256, p.src_d_value = (uint64_t)args[1];
  p.dst_c0_stride = 64, p.dst_n_stride = 1;
  for (int32_t i = 0; i < args[0]; ++i) sk_copy_nd2nz(sk_ub_base(), src, 2, &p);
}
