// Loads the kernel this project built and runs it through the ACL C API of the installed
// SuperKernel; exits 0 when y = 2x + y holds for every element.
#include <cstdio>
#include <vector>

#include "acl/acl.h"

#define CHECK(call)                                                                   \
  do {                                                                                \
    aclError rc_ = (call);                                                            \
    if (rc_ != ACL_SUCCESS) {                                                         \
      std::fprintf(stderr, "%s failed: %d: %s\n", #call, rc_, aclGetRecentErrMsg()); \
      return 1;                                                                       \
    }                                                                                 \
  } while (0)

int main() {
  const size_t n = 2048, bytes = n * sizeof(float);
  CHECK(aclInit(nullptr));
  CHECK(aclrtSetDevice(0));
  aclrtStream stream;
  CHECK(aclrtCreateStream(&stream));
  std::vector<float> x(n), y(n), out(n);
  for (size_t i = 0; i < n; ++i) {
    x[i] = (float)i;
    y[i] = 1.0f;
  }
  void *dx, *dy, *args;
  CHECK(aclrtMalloc(&dx, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK(aclrtMalloc(&dy, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK(aclrtMemcpy(dx, bytes, x.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE));
  CHECK(aclrtMemcpy(dy, bytes, y.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE));
  void* packed[2] = {dx, dy};
  CHECK(aclrtMalloc(&args, sizeof packed, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK(aclrtMemcpy(args, sizeof packed, packed, sizeof packed, ACL_MEMCPY_HOST_TO_DEVICE));
  aclrtBinHandle bin;
  aclrtFuncHandle fn;
  CHECK(aclrtBinaryLoadFromFile(AXPY_OBJECT, nullptr, &bin));
  CHECK(aclrtBinaryGetFunction(bin, "axpy", &fn));
  CHECK(aclrtLaunchKernel(fn, 8, args, sizeof packed, stream));
  CHECK(aclrtSynchronizeStream(stream));
  CHECK(aclrtMemcpy(out.data(), bytes, dy, bytes, ACL_MEMCPY_DEVICE_TO_HOST));
  size_t bad = 0;
  for (size_t i = 0; i < n; ++i) bad += out[i] != 2.0f * x[i] + 1.0f;
  std::printf("axpy on the simulated NPU: %zu of %zu elements wrong\n", bad, n);
  CHECK(aclrtBinaryUnLoad(bin));
  CHECK(aclrtFree(dx));
  CHECK(aclrtFree(dy));
  CHECK(aclrtFree(args));
  CHECK(aclrtDestroyStream(stream));
  CHECK(aclrtResetDevice(0));
  CHECK(aclFinalize());
  return bad ? 3 : 0;
}
