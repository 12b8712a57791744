// Breaks the contract: a global with a dynamic initialiser puts a constructor in .init_array,
// which the JIT would silently never run.
#include <sk/kernel.h>

struct Scale {
  int64_t v[4];
  Scale() {
    for (int i = 0; i < 4; ++i) v[i] = sk_block_num() * i;
  }
};

Scale table;

extern "C" void ctor_kernel(uint8_t* out) { out[0] = static_cast<uint8_t>(table.v[sk_block_idx() & 3]); }
