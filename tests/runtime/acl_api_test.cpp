// The ACL-style C API: the call flow of CANN samples and the documented error codes.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "sk/sim/float16.h"

namespace {

std::string opsFile(const std::string& name) { return std::string(SK_OPS_DIR) + "/" + name; }
std::string rtKernel(const std::string& name) { return std::string(SK_RT_KERNEL_DIR) + "/rt_" + name + ".o"; }

std::vector<char> readFile(const std::string& path) {
  FILE* f = std::fopen(path.c_str(), "rb");
  std::vector<char> v;
  if (!f) return v;
  char buf[4096];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) v.insert(v.end(), buf, buf + n);
  std::fclose(f);
  return v;
}

class Acl : public ::testing::Test {
 protected:
  void SetUp() override {
    aclInit(nullptr);
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS) << aclGetRecentErrMsg();
  }
  void TearDown() override {
    EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
    aclFinalize();
  }
};

// The CANN sample flow: load from file, get the function, pack device pointers into device
// memory, launch, synchronize, copy back.
TEST_F(Acl, AddCustomRunsThroughTheCannCallFlow) {
  const size_t n = 8 * 2048, bytes = n * 2;
  std::vector<uint16_t> x(n), y(n), z(n);
  for (size_t i = 0; i < n; ++i) {
    x[i] = sk::floatToHalf((float)(i % 97) * 0.25f);
    y[i] = sk::floatToHalf((float)(i % 13) - 6.0f);
  }
  aclrtStream stream;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  aclrtBinHandle bin;
  ASSERT_EQ(aclrtBinaryLoadFromFile(opsFile("add_custom.o").c_str(), nullptr, &bin), ACL_SUCCESS)
      << aclGetRecentErrMsg();
  aclrtFuncHandle fn;
  ASSERT_EQ(aclrtBinaryGetFunction(bin, "add_custom", &fn), ACL_SUCCESS);
  void *dx, *dy, *dz, *dt, *dargs;
  ASSERT_EQ(aclrtMalloc(&dx, bytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMalloc(&dy, bytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMalloc(&dz, bytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMalloc(&dt, 8, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMalloc(&dargs, 32, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  uint32_t tiling[2] = {(uint32_t)n, 256};
  ASSERT_EQ(aclrtMemcpy(dx, bytes, x.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpy(dy, bytes, y.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpy(dt, 8, tiling, 8, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  void* args[4] = {dx, dy, dz, dt};
  ASSERT_EQ(aclrtMemcpy(dargs, 32, args, 32, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  ASSERT_EQ(aclrtLaunchKernel(fn, 8, dargs, 32, stream), ACL_SUCCESS) << aclGetRecentErrMsg();
  ASSERT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS) << aclGetRecentErrMsg();
  ASSERT_EQ(aclrtMemcpy(z.data(), bytes, dz, bytes, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  for (size_t i = 0; i < n; ++i)
    ASSERT_EQ(z[i], sk::floatToHalf(sk::halfToFloat(x[i]) + sk::halfToFloat(y[i]))) << "element " << i;
  for (void* p : {dx, dy, dz, dt, dargs}) EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
  EXPECT_EQ(aclrtBinaryUnLoad(bin), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
}

// The legacy path: register the ELF, bind a stub, launch with host-side arguments.
TEST_F(Acl, LegacyRegistrationPathLaunchesWithHostArgs) {
  std::vector<char> obj = readFile(rtKernel("barrier_exchange"));
  ASSERT_FALSE(obj.empty());
  rtDevBinary_t bin{RT_DEV_BINARY_MAGIC_ELF_AIVEC, 0, obj.data(), obj.size()};
  void* h = nullptr;
  ASSERT_EQ(rtDevBinaryRegister(&bin, &h), RT_ERROR_NONE) << aclGetRecentErrMsg();
  static const char stub = 0;
  ASSERT_EQ(rtFunctionRegister(h, &stub, "barrier_exchange", "barrier_exchange", 0), RT_ERROR_NONE);
  EXPECT_EQ(rtFunctionRegister(h, &stub, "barrier_exchange", "barrier_exchange", 0), ACL_ERROR_RT_KERNEL_DUPLICATE);
  void *slots, *out;
  ASSERT_EQ(aclrtMalloc(&slots, 4 * 32, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMalloc(&out, 4 * 32, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  void* args[2] = {slots, out};
  ASSERT_EQ(rtKernelLaunch(&stub, 4, args, sizeof args, nullptr, nullptr), RT_ERROR_NONE) << aclGetRecentErrMsg();
  ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
  int32_t v[4 * 8];
  ASSERT_EQ(aclrtMemcpy(v, sizeof v, out, sizeof v, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  for (int b = 0; b < 4; ++b) EXPECT_EQ(v[8 * b], 100 + (b + 1) % 4);
  static const char unknown = 0;
  EXPECT_EQ(rtKernelLaunch(&unknown, 4, args, sizeof args, nullptr, nullptr), ACL_ERROR_RT_KERNEL_LOOKUP);
  EXPECT_EQ(rtDevBinaryUnRegister(h), RT_ERROR_NONE);
  EXPECT_EQ(rtKernelLaunch(&stub, 4, args, sizeof args, nullptr, nullptr), ACL_ERROR_RT_KERNEL_LOOKUP)
      << "unregistering drops the binary's stubs";
}

TEST_F(Acl, DeviceFaultsSurfaceAtSynchronizeWithAMessage) {
  std::vector<char> obj = readFile(rtKernel("oob_write"));
  aclrtBinaryLoadOption opt{ACL_RT_BINARY_LOAD_OPT_MAGIC, {}};
  opt.value.magic = ACL_RT_BINARY_MAGIC_ELF_VECTOR_CORE;
  aclrtBinaryLoadOptions opts{&opt, 1};
  aclrtBinHandle bin;
  ASSERT_EQ(aclrtBinaryLoadFromData(obj.data(), obj.size(), &opts, &bin), ACL_SUCCESS) << aclGetRecentErrMsg();
  aclrtFuncHandle fn;
  ASSERT_EQ(aclrtBinaryGetFunction(bin, "oob_write", &fn), ACL_SUCCESS);
  void *x, *y, *args;
  ASSERT_EQ(aclrtMalloc(&x, 2 * 256, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMalloc(&y, 2 * 256, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMalloc(&args, 16, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  void* a[2] = {x, y};
  ASSERT_EQ(aclrtMemcpy(args, 16, a, 16, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  ASSERT_EQ(aclrtLaunchKernel(fn, 2, args, 16, nullptr), ACL_SUCCESS) << "faults are asynchronous";
  EXPECT_EQ(aclrtSynchronizeStream(nullptr), ACL_ERROR_RT_VECTOR_CORE_EXCEPTION);
  std::string msg = aclGetRecentErrMsg();
  EXPECT_NE(msg.find("oob_write: block 1"), std::string::npos) << msg;
  EXPECT_STREQ(aclGetRecentErrMsg(), "") << "reading the message clears it";
  EXPECT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS) << "the fault is reported once";
}

TEST_F(Acl, ParameterErrorsUseTheDocumentedCodes) {
  void* p = nullptr;
  EXPECT_EQ(aclrtMalloc(nullptr, 16, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtMalloc(&p, 0, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtFree(nullptr), ACL_ERROR_INVALID_PARAM);
  ASSERT_EQ(aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  char host[128] = {};
  EXPECT_EQ(aclrtMemcpy(p, 64, host, 128, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_RT_PARAM_INVALID) << "count > destMax";
  EXPECT_EQ(aclrtMemcpy(p, 64, host, 64, ACL_MEMCPY_INNER_DEVICE_TO_DEVICE), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtMemset(p, 32, 0, 64), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_EQ(aclrtSetDevice(1), ACL_ERROR_RT_INVALID_DEVICEID);
  EXPECT_EQ(aclInit(nullptr), ACL_ERROR_REPEAT_INITIALIZE);
  aclrtFuncHandle bogus = &p;
  EXPECT_EQ(aclrtLaunchKernel(bogus, 1, p, 8, nullptr), ACL_ERROR_RT_INVALID_HANDLE);
  aclrtStream bogusStream = &p;
  EXPECT_EQ(aclrtSynchronizeStream(bogusStream), ACL_ERROR_RT_INVALID_HANDLE);
  aclrtBinHandle bin;
  EXPECT_EQ(aclrtBinaryLoadFromFile("/nonexistent/kernel.o", nullptr, &bin), ACL_ERROR_RT_INTERNAL_ERROR);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("/nonexistent/kernel.o"), std::string::npos);
  ASSERT_EQ(aclrtBinaryLoadFromFile(opsFile("add_custom.o").c_str(), nullptr, &bin), ACL_SUCCESS);
  aclrtFuncHandle fn;
  EXPECT_EQ(aclrtBinaryGetFunction(bin, "nope", &fn), ACL_ERROR_RT_PARAM_INVALID);
  ASSERT_EQ(aclrtBinaryGetFunction(bin, "add_custom", &fn), ACL_SUCCESS);
  EXPECT_EQ(aclrtLaunchKernel(fn, 0, p, 8, nullptr), ACL_ERROR_RT_PARAM_INVALID) << "numBlocks 0";
  char hostArgs[8] = {};
  EXPECT_EQ(aclrtLaunchKernel(fn, 1, hostArgs, 8, nullptr), ACL_ERROR_RT_PARAM_INVALID)
      << "argsData must be device memory";
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("argsData must be device memory"), std::string::npos);
  EXPECT_EQ(aclrtBinaryUnLoad(bin), ACL_SUCCESS);
  EXPECT_EQ(aclrtBinaryUnLoad(bin), ACL_ERROR_RT_INVALID_HANDLE);
  EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
}

TEST(AclNoDevice, CallsBeforeSetDeviceFailWithContextNull) {
  void* p = nullptr;
  EXPECT_EQ(aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_CONTEXT_NULL);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("aclrtSetDevice"), std::string::npos);
  EXPECT_EQ(aclrtResetDevice(0), ACL_ERROR_RT_CONTEXT_RELEASE_ERROR);
  EXPECT_EQ(aclFinalize(), ACL_ERROR_REPEAT_FINALIZE);
  EXPECT_STREQ(aclrtGetSocName(), "Ascend910B2");
}

TEST_F(Acl, EventsOrderWorkAcrossStreams) {
  aclrtStream s1, s2;
  ASSERT_EQ(aclrtCreateStream(&s1), ACL_SUCCESS);
  ASSERT_EQ(aclrtCreateStream(&s2), ACL_SUCCESS);
  aclrtEvent ev;
  ASSERT_EQ(aclrtCreateEvent(&ev), ACL_SUCCESS);
  void *a, *b;
  ASSERT_EQ(aclrtMalloc(&a, 256, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMalloc(&b, 256, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  void* pinned;
  ASSERT_EQ(aclrtMallocHost(&pinned, 256), ACL_SUCCESS);
  std::memset(pinned, 7, 256);
  ASSERT_EQ(aclrtMemcpyAsync(a, 256, pinned, 256, ACL_MEMCPY_HOST_TO_DEVICE, s1), ACL_SUCCESS);
  ASSERT_EQ(aclrtRecordEvent(ev, s1), ACL_SUCCESS);
  ASSERT_EQ(aclrtStreamWaitEvent(s2, ev), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpyAsync(b, 256, a, 256, ACL_MEMCPY_DEVICE_TO_DEVICE, s2), ACL_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(s2), ACL_SUCCESS);
  unsigned char out[256];
  ASSERT_EQ(aclrtMemcpy(out, 256, b, 256, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  for (unsigned char c : out) ASSERT_EQ(c, 7);
  EXPECT_EQ(aclrtSynchronizeEvent(ev), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyEvent(ev), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyEvent(ev), ACL_ERROR_RT_INVALID_HANDLE);
  EXPECT_EQ(aclrtFreeHost(pinned), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyStream(s1), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyStream(s2), ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(a), ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(b), ACL_SUCCESS);
}

}  // namespace
