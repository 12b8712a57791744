// ASSERT in a kernel: block 1 fails it.
#include "kernel_operator.h"

extern "C" __global__ __aicore__ void failing_assert(GM_ADDR x) {
  int64_t block = AscendC::GetBlockIdx();
  ASSERT(block != 1 && "block 1 must not get here");
  assert(block < 100, "block %d out of range", (int)block);
}
