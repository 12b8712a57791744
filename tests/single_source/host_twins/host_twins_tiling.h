// The host side's helpers of host_twins.asc, as a sample keeps them in a header of its own: the
// same names and signatures as the kernel's __aicore__ ones.
#pragma once
#include <cstdint>

constexpr int64_t kHostBlockBytes = 32;

int64_t RoundUp(int64_t elements, int64_t bytes) {
  return (elements * bytes + kHostBlockBytes - 1) / kHostBlockBytes * kHostBlockBytes / bytes;
}
