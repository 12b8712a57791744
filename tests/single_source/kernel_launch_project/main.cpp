// The host program of a kernel-launch project: ACLRT_LAUNCH_KERNEL from the generated
// aclrtlaunch_scaled_add.h, and the kernel file's own scaled_add_do. Each launch's z is checked
// against alpha * x + y computed here; prints "kernel_launch: N wrong".
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclrtlaunch_scaled_add.h"

void scaled_add_do(uint32_t blockDim, void* l2ctrl, void* stream, uint8_t* x, uint8_t* y, uint8_t* z, float alpha,
                   uint32_t n);

namespace {
constexpr uint32_t kBlocks = 8, kN = kBlocks * 4 * 256;

float halfToFloat(uint16_t h) {
  int exp = (h >> 10) & 0x1F, mant = h & 0x3FF;
  float v = exp == 0 ? std::ldexp((float)mant, -24) : std::ldexp((float)(mant | 0x400), exp - 25);
  return (h & 0x8000) ? -v : v;
}
uint16_t floatToHalf(float f) {  // exact for the small integers used here
  if (f == 0) return 0;
  uint16_t sign = f < 0 ? 0x8000 : 0;
  f = std::fabs(f);
  int exp;
  float m = std::frexp(f, &exp);  // f = m * 2^exp, m in [0.5, 1)
  return (uint16_t)(sign | ((exp + 14) << 10) | ((uint16_t)std::lround((m * 2 - 1) * 1024) & 0x3FF));
}

int check(const std::vector<uint16_t>& x, const std::vector<uint16_t>& y, const std::vector<uint16_t>& z, float alpha) {
  int wrong = 0;
  for (uint32_t i = 0; i < kN; ++i) {
    float expect = alpha * halfToFloat(x[i]) + halfToFloat(y[i]);
    if (halfToFloat(z[i]) != expect && wrong++ < 3) std::printf("z[%u] = %g, expected %g\n", i, halfToFloat(z[i]), expect);
  }
  return wrong;
}
}  // namespace

int main() {
  std::vector<uint16_t> x(kN), y(kN), z(kN);
  for (uint32_t i = 0; i < kN; ++i) x[i] = floatToHalf((float)(i % 17) - 8), y[i] = floatToHalf((float)(i % 5));
  size_t bytes = kN * sizeof(uint16_t);
  aclrtStream stream = nullptr;
  void *xd, *yd, *zd;
  if (aclInit(nullptr) || aclrtSetDevice(0) || aclrtCreateStream(&stream) || aclrtMalloc(&xd, bytes, ACL_MEM_MALLOC_HUGE_FIRST) ||
      aclrtMalloc(&yd, bytes, ACL_MEM_MALLOC_HUGE_FIRST) || aclrtMalloc(&zd, bytes, ACL_MEM_MALLOC_HUGE_FIRST) ||
      aclrtMemcpy(xd, bytes, x.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE) ||
      aclrtMemcpy(yd, bytes, y.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE))
    return 1;
  int wrong = 0;
  // ACLRT_LAUNCH_KERNEL: 0 when queued
  if (ACLRT_LAUNCH_KERNEL(scaled_add)(kBlocks, stream, xd, yd, zd, 2.0f, kN) != 0) return 1;
  if (aclrtSynchronizeStream(stream) || aclrtMemcpy(z.data(), bytes, zd, bytes, ACL_MEMCPY_DEVICE_TO_HOST)) return 1;
  wrong += check(x, y, z, 2.0f);
  // the kernel file's own launcher
  scaled_add_do(kBlocks, nullptr, stream, (uint8_t*)xd, (uint8_t*)yd, (uint8_t*)zd, -3.0f, kN);
  if (aclrtSynchronizeStream(stream) || aclrtMemcpy(z.data(), bytes, zd, bytes, ACL_MEMCPY_DEVICE_TO_HOST)) return 1;
  wrong += check(x, y, z, -3.0f);
  // a launch the runtime refuses: its code comes back
  uint32_t refused = ACLRT_LAUNCH_KERNEL(scaled_add)(0, stream, xd, yd, zd, 1.0f, kN);
  std::printf("refused launch: %u (%s)\n", refused, refused ? aclGetRecentErrMsg() : "no error");
  if (refused == 0) ++wrong;
  aclrtFree(xd);
  aclrtFree(yd);
  aclrtFree(zd);
  aclrtDestroyStream(stream);
  aclrtResetDevice(0);
  aclFinalize();
  std::printf("kernel_launch: %d wrong\n", wrong);
  return wrong == 0 ? 0 : 1;
}
