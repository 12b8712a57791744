// assert in a kernel: block 1 fails it. ASSERT is empty, as in CANN's device builds (the
// unqualified name in it would not even compile otherwise).
#include "kernel_operator.h"

extern "C" __global__ __aicore__ void failing_assert(GM_ADDR x) {
  int64_t block = AscendC::GetBlockIdx();
  ASSERT(GetBlockNum() != 0 && "block dim can not be zero!");
  assert(block != 1, "block %d must not get here", (int)block);
}
