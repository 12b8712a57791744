// Breaks the contract: the entry lacks extern "C", so its symbol is _Z14mangled_kernelPh.
#include <sk/kernel.h>

void mangled_kernel(uint8_t* out) { out[sk_block_idx()] = 1; }
