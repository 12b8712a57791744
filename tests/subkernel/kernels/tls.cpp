// Breaks the contract: thread_local state (R_X86_64_TLSLD, .tbss); per-core state must come
// from intrinsics such as sk_block_idx().
#include <sk/kernel.h>

static thread_local int64_t calls;

extern "C" void tls_kernel(uint8_t* out) {
  calls += sk_block_idx();
  out[0] = static_cast<uint8_t>(calls);
}
