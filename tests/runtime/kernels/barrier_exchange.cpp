// Barrier semantics: every block writes its id, syncs, then reads its right neighbour's
// value (written before the barrier) and stores it. Blocks do different amounts of work
// first, so their virtual clocks differ at the barrier.
#include "sk/kernel.h"

extern "C" void barrier_exchange(uint8_t* slots, uint8_t* out) {
  int64_t b = sk_block_idx(), n = sk_block_num();
  int32_t* ub = (int32_t*)sk_ub_base();
  for (int64_t i = 0; i <= b; ++i) sk_data_copy(ub, slots, 32);  // uneven work
  ub[0] = (int32_t)(100 + b);
  sk_data_copy((int32_t*)slots + 8 * b, ub, 4);
  sk_sync_all();
  sk_data_copy(ub, (int32_t*)slots + 8 * ((b + 1) % n), 4);
  sk_data_copy((int32_t*)out + 8 * b, ub, 4);
  sk_sync_all();
}
