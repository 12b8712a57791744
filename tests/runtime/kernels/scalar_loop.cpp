// Scalar work only: `rounds` steps of a xorshift per block, no intrinsic inside the loop, so
// its cost reaches the timeline only through the sk_scalar calls sk_cc inserts. The result
// goes to out[block] so the loop cannot be folded away. With rounds = UINT64_MAX it spins
// (a kernel that forgot its exit condition): the launch timeout must still stop it.
#include "sk/kernel.h"

extern "C" void scalar_loop(uint64_t* out, uint64_t rounds) {
  uint64_t x = 0x9e3779b97f4a7c15ull + (uint64_t)sk_block_idx();
  for (uint64_t i = 0; i < rounds; ++i) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
  }
  out[sk_block_idx()] = x;
}
