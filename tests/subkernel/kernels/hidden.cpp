// Compiled with -fvisibility=hidden: the entry symbol becomes STV_HIDDEN, which a JITDylib
// lookup of exported symbols does not find.
#include <sk/kernel.h>

extern "C" void hidden_kernel(uint8_t* out) { out[sk_block_idx()] = 1; }
