/* Breaks the contract when compiled with -fcommon: an uninitialised tentative definition
   becomes a COMMON symbol (SHN_COMMON) that has no section to be loaded from. */
#include <sk/kernel.h>

int counter;

void common_kernel(uint8_t* out) {
  counter += (int)sk_block_idx();
  out[0] = (uint8_t)counter;
}
