// Per-thread state in a kernel: the contract forbids thread_local.
#include "sk/kernel.h"

static thread_local int calls;

extern "C" void tls_kernel(uint8_t* x, uint8_t* y) {
  ++calls;
  sk_data_copy(y, &calls, 4);
}
