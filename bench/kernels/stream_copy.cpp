// Streams `bytes` (from GM) per block GM -> UB -> GM in 64 KiB chunks: the DataCopy path.
#include "sk/kernel.h"

extern "C" void stream_copy(uint8_t* src, uint8_t* dst, uint8_t* bytesPtr) {
  uint64_t bytes;
  sk_data_copy(&bytes, bytesPtr, 8);
  const uint64_t chunk = 64 * 1024;
  uint64_t base = bytes * (uint64_t)sk_block_idx();
  uint8_t* ub = (uint8_t*)sk_ub_base();
  for (uint64_t off = 0; off < bytes; off += chunk) {
    sk_data_copy(ub, src + base + off, chunk);
    sk_data_copy(dst + base + off, ub, chunk);
  }
}
