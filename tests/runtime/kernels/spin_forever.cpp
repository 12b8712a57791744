// Never returns, but keeps calling an intrinsic, so a launch timeout can stop it.
#include "sk/kernel.h"

extern "C" void spin_forever(uint8_t* out) {
  volatile uint64_t sink = 0;
  for (;;) sink = sink + sk_cycles();
}
