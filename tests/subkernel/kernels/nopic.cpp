// Breaks the contract when compiled with -fno-pic: &table[i] is an absolute 32-bit address
// (R_X86_64_32S), which cannot reach a kernel loaded above 2 GB.
#include <sk/kernel.h>

static float table[256];

extern "C" void nopic_kernel(uint8_t* out) {
  int64_t i = sk_block_idx();
  table[i] += 1.0f;
  *reinterpret_cast<float**>(out) = &table[i];
}
