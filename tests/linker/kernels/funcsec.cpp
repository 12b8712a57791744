// Built with -ffunction-sections -fdata-sections: one .text.<name> per function, one
// .rodata/.data/.bss.<name> per variable, a jump table, a weak and a hidden definition.
//   out[0] = classify(x), out[1] = fs_weak(x), out[2] = fs_hidden(x), out[3] = calls so far.
#include "sk/kernel.h"

static int32_t gFsCalls;
int32_t gFsBias = 7;

static __attribute__((noinline)) int32_t classify(int32_t x) {
  switch (x & 7) {
    case 0: return 10 + gFsBias;
    case 1: return 21;
    case 2: return 32 * x;
    case 3: return 43 - x;
    case 4: return 54 ^ x;
    case 5: return 65 + 2 * x;
    case 6: return 76 / (x | 1);
    default: return 87;
  }
}

extern "C" __attribute__((weak, noinline)) int32_t fs_weak(int32_t x) { return x + 1000; }
extern "C" __attribute__((visibility("hidden"), noinline)) int32_t fs_hidden(int32_t x) { return x + 2000; }

extern "C" void funcsec(uint8_t* out, uint8_t* arg) {
  int32_t x;
  sk_data_copy(&x, arg, 4);
  int32_t* ub = (int32_t*)sk_ub_base();
  ub[0] = classify(x);
  ub[1] = fs_weak(x);
  ub[2] = fs_hidden(x);
  ub[3] = ++gFsCalls;
  sk_data_copy(out, ub, 16);
}
