// Touches every kind of data section, so linking it several times exercises relocations
// against .rodata (a const table), .data (a table it updates), .bss (a call counter) and
// .data.rel.ro (pointers into .rodata.str1.1). Run with one block.
//   out[0] = kTable[i % 8], out[1] = gScale[i % 4] after adding 1, out[2] = calls so far,
//   out[3] = the first 4 bytes of kWords[i % 4].
#include "sk/kernel.h"

static const int32_t kTable[8] = {11, 22, 33, 44, 55, 66, 77, 88};
static int32_t gScale[4] = {100, 200, 300, 400};
static int32_t gCalls;
static const char* const kWords[4] = {"alpha", "beta", "gamma", "delta"};

extern "C" void constant(uint8_t* out, uint8_t* arg) {
  int32_t i;
  sk_data_copy(&i, arg, 4);
  int32_t* ub = (int32_t*)sk_ub_base();
  ++gCalls;
  gScale[i & 3] += 1;
  ub[0] = kTable[i & 7];
  ub[1] = gScale[i & 3];
  ub[2] = gCalls;
  const char* w = kWords[i & 3];
  char* c = (char*)&ub[3];
  for (int k = 0; k < 4; ++k) c[k] = w[k];
  for (int k = 4; k < 8; ++k) ub[k] = 0;
  sk_data_copy(out, ub, 32);
}
