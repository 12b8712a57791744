// Two blocks talk through GM: block 0 polls a flag with scalar GM reads until the last block,
// after some copies of its own, sets it; block 0 then records how many polls it took. Every
// block also copies a slice (so the launch is long enough for several host threads to join).
// How many polls it takes depends on nothing but virtual time.
#include "sk/kernel.h"

extern "C" void gm_poll(int32_t* flag, int32_t* polls, uint8_t* data, int32_t* rounds) {
  int64_t b = sk_block_idx(), n = sk_block_num();
  int32_t r;
  sk_scalar_copy(&r, rounds, 4);
  uint8_t* ub = (uint8_t*)sk_ub_base();
  for (int32_t i = 0; i < r; ++i) sk_data_copy(ub, data + (b * r + i) * 4096, 4096);
  if (b == 0) {
    int32_t seen = 0, count = 0;
    do {
      sk_scalar_copy(&seen, flag, 4);
      ++count;
    } while (seen == 0);
    sk_scalar_copy(polls, &count, 4);
  } else if (b == n - 1) {
    for (int32_t i = 0; i < r; ++i) sk_data_copy(ub, data + i * 4096, 4096);
    int32_t one = 1;
    sk_scalar_copy(flag, &one, 4);
  }
}
