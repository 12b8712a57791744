// The host half of the row-sum program (row_sum_kernel.asc launches the kernel).
#include <cstdio>
#include <vector>

#include "acl/acl.h"

void launch_row_sum(uint32_t blocks, aclrtStream stream, uint8_t* x, uint8_t* y, uint32_t rowsPerBlock, uint32_t cols);

int main() {
  const uint32_t blocks = 4, rowsPerBlock = 5, cols = 1024, rows = blocks * rowsPerBlock;
  std::vector<float> x((size_t)rows * cols), y(rows);
  for (size_t i = 0; i < x.size(); ++i) x[i] = (float)((i * 7 + i / cols) % 8);  // small integers: exact sums
  if (aclInit(nullptr) || aclrtSetDevice(0)) return 1;
  aclrtStream stream;
  uint8_t *xd, *yd;
  if (aclrtCreateStream(&stream) || aclrtMalloc((void**)&xd, x.size() * 4, ACL_MEM_MALLOC_HUGE_FIRST) ||
      aclrtMalloc((void**)&yd, rows * 4, ACL_MEM_MALLOC_HUGE_FIRST) ||
      aclrtMemcpy(xd, x.size() * 4, x.data(), x.size() * 4, ACL_MEMCPY_HOST_TO_DEVICE))
    return 1;
  launch_row_sum(blocks, stream, xd, yd, rowsPerBlock, cols);
  if (aclrtSynchronizeStream(stream) || aclrtMemcpy(y.data(), rows * 4, yd, rows * 4, ACL_MEMCPY_DEVICE_TO_HOST)) {
    std::fprintf(stderr, "row_sum: %s\n", aclGetRecentErrMsg());
    return 1;
  }
  int wrong = 0;
  for (uint32_t r = 0; r < rows; ++r) {
    float expect = 0;
    for (uint32_t c = 0; c < cols; ++c) expect += x[(size_t)r * cols + c];
    if (y[r] != expect) ++wrong;
  }
  aclrtFree(xd);
  aclrtFree(yd);
  aclrtDestroyStream(stream);
  aclrtResetDevice(0);
  aclFinalize();
  std::printf("row_sum: %u rows of %u, %d wrong\n", rows, cols, wrong);
  return wrong == 0 ? 0 : 1;
}
