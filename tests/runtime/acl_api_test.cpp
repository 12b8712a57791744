// The ACL-style C API: the call flow of CANN samples and the documented error codes.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

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
  testing::internal::CaptureStderr();
  EXPECT_EQ(aclrtSynchronizeStream(nullptr), ACL_ERROR_RT_VECTOR_CORE_EXCEPTION);
  std::string printed = testing::internal::GetCapturedStderr();
  std::string msg = aclGetRecentErrMsg();
  EXPECT_NE(msg.find("oob_write: block 1"), std::string::npos) << msg;
  EXPECT_EQ(printed, "[SuperKernel] device error 507035: " + msg + "\n")
      << "a fault is also printed, for programs that ignore the result";
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
  // A file that cannot be read, a bad binary, an unknown function: a code each.
  EXPECT_EQ(aclrtBinaryLoadFromFile("/nonexistent/kernel.o", nullptr, &bin), ACL_ERROR_RT_FILE_OPEN);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("/nonexistent/kernel.o"), std::string::npos);
  EXPECT_EQ(aclrtBinaryLoadFromFile("/tmp", nullptr, &bin), ACL_ERROR_RT_FILE_OPEN) << "a directory";
  EXPECT_EQ(aclrtBinaryLoadFromFile(opsFile("add_custom.json").c_str(), nullptr, &bin), ACL_ERROR_RT_INTERNAL_ERROR)
      << "not an object: a bad binary";
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("not a valid ELF64 relocatable object"), std::string::npos);
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

// The samples' context calls: a context is a reference to device 0 that becomes current; the
// device stays open until the last reference (aclrtSetDevice's or a context's) goes.
TEST_F(Acl, ContextsReferenceTheDeviceAndBecomeCurrent) {
  aclrtContext ctx = nullptr, current = nullptr;
  ASSERT_EQ(aclrtCreateContext(&ctx, 0), ACL_SUCCESS) << aclGetRecentErrMsg();
  ASSERT_NE(ctx, nullptr);
  ASSERT_EQ(aclrtGetCurrentContext(&current), ACL_SUCCESS);
  EXPECT_EQ(current, ctx);
  EXPECT_EQ(aclrtSetCurrentContext(ctx), ACL_SUCCESS);
  EXPECT_EQ(aclrtCreateContext(nullptr, 0), ACL_ERROR_INVALID_PARAM);
  aclrtContext other = nullptr;
  EXPECT_EQ(aclrtCreateContext(&other, 1), ACL_ERROR_RT_INVALID_DEVICEID);
  EXPECT_EQ(aclrtDestroyContext(ctx), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyContext(ctx), ACL_ERROR_INVALID_PARAM) << "destroyed twice";
  EXPECT_EQ(aclrtSetCurrentContext(ctx), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtGetCurrentContext(&current), ACL_ERROR_RT_CONTEXT_NULL);
  void* p = nullptr;
  EXPECT_EQ(aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS) << "aclrtSetDevice's reference keeps the device";
  EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
}

// The smaller calls of the SDK's samples: events made with flags, the thread's last error, a
// captured model printed as JSON.
TEST_F(Acl, EventFlagsLastErrorAndModelJson) {
  aclrtEvent ev = nullptr;
  EXPECT_EQ(aclrtCreateEventExWithFlag(&ev, ACL_EVENT_SYNC), ACL_SUCCESS);
  EXPECT_EQ(aclrtGetLastError(ACL_RT_THREAD_LEVEL), ACL_SUCCESS);
  aclrtEvent bad = nullptr;
  EXPECT_EQ(aclrtCreateEventWithFlag(&bad, 0), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_EQ(aclrtCreateEventWithFlag(&bad, ACL_EVENT_EXTERNAL | ACL_EVENT_SYNC), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_EQ(aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL), ACL_ERROR_RT_PARAM_INVALID) << "peeking keeps it";
  EXPECT_EQ(aclrtGetLastError(ACL_RT_THREAD_LEVEL), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_EQ(aclrtGetLastError(ACL_RT_THREAD_LEVEL), ACL_SUCCESS) << "reading clears it";

  aclrtStream s = nullptr;
  ASSERT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
  ASSERT_EQ(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL), ACL_SUCCESS) << aclGetRecentErrMsg();
  ASSERT_EQ(aclrtRecordEvent(ev, s), ACL_SUCCESS) << aclGetRecentErrMsg();
  aclmdlRI model = nullptr;
  ASSERT_EQ(aclmdlRICaptureEnd(s, &model), ACL_SUCCESS) << aclGetRecentErrMsg();
  char dir[] = "/tmp/sk_acl_json_XXXXXX";
  ASSERT_NE(mkdtemp(dir), nullptr);
  std::string path = std::string(dir) + "/model.json";
  ASSERT_EQ(aclmdlRIDebugJsonPrint(model, path.c_str(), 0), ACL_SUCCESS) << aclGetRecentErrMsg();
  std::vector<char> text = readFile(path);
  std::string json(text.begin(), text.end());
  EXPECT_NE(json.find("\"type\": \"event_record\""), std::string::npos) << json;
  EXPECT_EQ(aclmdlRIDebugJsonPrint(model, (std::string(dir) + "/no/such/dir/m.json").c_str(), 0), ACL_ERROR_INVALID_FILE);
  std::remove(path.c_str());
  rmdir(dir);
  EXPECT_EQ(aclmdlRIDestroy(model), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyEvent(ev), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
}

TEST(AclFloat16, ConvertsAsIeeeHalfWithRoundingToNearestEven) {
  EXPECT_EQ(aclFloatToFloat16(1.0f), 0x3c00);
  EXPECT_EQ(aclFloatToFloat16(-2.5f), 0xc100);
  EXPECT_EQ(aclFloatToFloat16(1.0f + 1.0f / 4096), 0x3c00) << "halfway between 1 and the next half: to even";
  EXPECT_EQ(aclFloat16ToFloat(0x3555), 0.333251953125f);
  EXPECT_EQ(aclFloat16ToFloat(0x7c00), INFINITY);
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

struct AddOnDevice {
  aclrtFuncHandle fn = nullptr;
  aclrtBinHandle bin = nullptr;
  void *x = nullptr, *y = nullptr, *z = nullptr, *tiling = nullptr, *args = nullptr;
  static constexpr size_t n = 8 * 2048, bytes = n * 2;
  void setUp() {
    ASSERT_EQ(aclrtBinaryLoadFromFile(opsFile("add_custom.o").c_str(), nullptr, &bin), ACL_SUCCESS) << aclGetRecentErrMsg();
    ASSERT_EQ(aclrtBinaryGetFunction(bin, "add_custom", &fn), ACL_SUCCESS);
    for (void** p : {&x, &y, &z}) ASSERT_EQ(aclrtMalloc(p, bytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ASSERT_EQ(aclrtMalloc(&tiling, 8, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ASSERT_EQ(aclrtMalloc(&args, 32, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    uint32_t t[2] = {(uint32_t)n, 256};
    ASSERT_EQ(aclrtMemcpy(tiling, 8, t, 8, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
    void* a[4] = {x, y, z, tiling};
    ASSERT_EQ(aclrtMemcpy(args, 32, a, 32, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  }
  void fill(void* dev, float base) {
    std::vector<uint16_t> h(n);
    for (size_t i = 0; i < n; ++i) h[i] = sk::floatToHalf(base + (float)(i % 31));
    ASSERT_EQ(aclrtMemcpy(dev, bytes, h.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  }
  std::vector<uint16_t> read(void* dev) {
    std::vector<uint16_t> h(n);
    EXPECT_EQ(aclrtMemcpy(h.data(), bytes, dev, bytes, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    return h;
  }
  aclError launch(aclrtStream s) { return aclrtLaunchKernel(fn, 8, args, 32, s); }
};

// aclrtEventElapsedTime: the virtual time between two records (positive across work, additive,
// antisymmetric); unrecorded events and NULL are refused with the documented codes.
TEST_F(Acl, EventElapsedTimeMeasuresVirtualTimeBetweenRecords) {
  AddOnDevice k;
  ASSERT_NO_FATAL_FAILURE(k.setUp());
  aclrtStream s;
  ASSERT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
  aclrtEvent e0, e1, e2, never;
  for (aclrtEvent* e : {&e0, &e1, &e2, &never}) ASSERT_EQ(aclrtCreateEvent(e), ACL_SUCCESS);
  ASSERT_EQ(aclrtRecordEvent(e0, s), ACL_SUCCESS);
  ASSERT_EQ(k.launch(s), ACL_SUCCESS);
  ASSERT_EQ(aclrtRecordEvent(e1, s), ACL_SUCCESS);
  ASSERT_EQ(k.launch(s), ACL_SUCCESS);
  ASSERT_EQ(k.launch(s), ACL_SUCCESS);
  ASSERT_EQ(aclrtRecordEvent(e2, s), ACL_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(s), ACL_SUCCESS);
  float one = 0, two = 0, all = 0, back = 0;
  ASSERT_EQ(aclrtEventElapsedTime(&one, e0, e1), ACL_SUCCESS) << aclGetRecentErrMsg();
  ASSERT_EQ(aclrtEventElapsedTime(&two, e1, e2), ACL_SUCCESS);
  ASSERT_EQ(aclrtEventElapsedTime(&all, e0, e2), ACL_SUCCESS);
  ASSERT_EQ(aclrtEventElapsedTime(&back, e1, e0), ACL_SUCCESS);
  EXPECT_GT(one, 0.0f);
  EXPECT_GT(two, 0.0f);
  EXPECT_NEAR(all, one + two, 1e-3f * all);
  EXPECT_EQ(back, -one);
  EXPECT_EQ(aclrtEventElapsedTime(nullptr, e0, e1), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtEventElapsedTime(&one, e0, never), ACL_ERROR_RT_INTERNAL_ERROR);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("endEvent was never recorded"), std::string::npos);
  for (aclrtEvent e : {e0, e1, e2, never}) EXPECT_EQ(aclrtDestroyEvent(e), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
}

// The cube/vector sync address: device memory, the same on every call; NULL is refused.
TEST_F(Acl, TheHardwareSyncAddressIsOneRegionOfDeviceMemory) {
  EXPECT_EQ(aclrtGetHardwareSyncAddr(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("aclrtGetHardwareSyncAddr: addr is NULL"), std::string::npos);
  void *addr = nullptr, *again = nullptr;
  ASSERT_EQ(aclrtGetHardwareSyncAddr(&addr), ACL_SUCCESS) << aclGetRecentErrMsg();
  ASSERT_EQ(aclrtGetHardwareSyncAddr(&again), ACL_SUCCESS);
  EXPECT_EQ(again, addr);
  uint32_t word = 7;
  EXPECT_EQ(aclrtMemcpy(addr, 4, &word, 4, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS) << "device memory";
}

// CANN's MIX kernels take the C2C control address as a hidden first argument: a launch that
// passes it first runs as one without it.
TEST_F(Acl, TheC2cControlAddressPassedFirstIsDropped) {
  AddOnDevice k;
  ASSERT_NO_FATAL_FAILURE(k.setUp());
  k.fill(k.x, 2.0f);
  k.fill(k.y, 0.5f);
  uint64_t c2c = 0;
  uint32_t len = 0;
  EXPECT_EQ(rtGetC2cCtrlAddr(nullptr, &len), ACL_ERROR_RT_PARAM_INVALID);
  ASSERT_EQ(rtGetC2cCtrlAddr(&c2c, &len), RT_ERROR_NONE) << aclGetRecentErrMsg();
  EXPECT_NE(c2c, 0u);
  EXPECT_GT(len, 0u);
  uint64_t again = 0;
  ASSERT_EQ(rtGetC2cCtrlAddr(&again, &len), RT_ERROR_NONE);
  EXPECT_EQ(again, c2c) << "one region per device";
  void* args = nullptr;
  ASSERT_EQ(aclrtMalloc(&args, 40, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  uint64_t a[5] = {c2c, (uint64_t)k.x, (uint64_t)k.y, (uint64_t)k.z, (uint64_t)k.tiling};
  ASSERT_EQ(aclrtMemcpy(args, 40, a, 40, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  ASSERT_EQ(aclrtLaunchKernel(k.fn, 8, args, 40, nullptr), ACL_SUCCESS) << aclGetRecentErrMsg();
  ASSERT_EQ(aclrtSynchronizeDevice(), ACL_SUCCESS) << aclGetRecentErrMsg();
  std::vector<uint16_t> z = k.read(k.z);
  EXPECT_EQ(sk::halfToFloat(z[1]), 2.0f + 1 + 0.5f + 1) << "z = x + y";
}

// Freeing a buffer queued work still uses first finishes that work (as cudaFree does): the
// next allocation, likely at the same address, is not overwritten by the old kernel later.
TEST_F(Acl, FreeingABufferAQueuedKernelWritesRunsTheKernelFirst) {
  AddOnDevice k;
  ASSERT_NO_FATAL_FAILURE(k.setUp());
  k.fill(k.x, 1.0f);
  k.fill(k.y, 2.0f);
  aclrtStream s;
  ASSERT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
  ASSERT_EQ(k.launch(s), ACL_SUCCESS);
  void* freed = k.z;
  ASSERT_EQ(aclrtFree(k.z), ACL_SUCCESS);
  void* again;
  ASSERT_EQ(aclrtMalloc(&again, k.bytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(again, freed) << "the premise: the allocator hands the same bytes out again";
  ASSERT_EQ(aclrtMemset(again, k.bytes, 0, k.bytes), ACL_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(s), ACL_SUCCESS);
  for (uint16_t v : k.read(again)) ASSERT_EQ(v, 0) << "the freed kernel wrote into the new buffer";
  EXPECT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
}

TEST_F(Acl, LaunchAndLoadOptionsAreBounded) {
  AddOnDevice k;
  ASSERT_NO_FATAL_FAILURE(k.setUp());
  EXPECT_EQ(aclrtLaunchKernel(k.fn, 70000, k.args, 32, nullptr), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("not in [1, 65535]"), std::string::npos);
  EXPECT_EQ(aclrtLaunchKernel(k.fn, 8, k.args, 24, nullptr), ACL_ERROR_RT_PARAM_INVALID) << "3 addresses for 4 params";
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("3 arguments, but its metadata has 4 parameters"), std::string::npos);
  aclrtBinaryLoadOptions none{nullptr, 5};
  aclrtBinHandle bin;
  EXPECT_EQ(aclrtBinaryLoadFromFile(opsFile("add_custom.o").c_str(), &none, &bin), ACL_ERROR_INVALID_PARAM);
  std::vector<char> obj = readFile(opsFile("add_custom.o"));
  EXPECT_EQ(aclrtBinaryLoadFromData(obj.data(), obj.size(), &none, &bin), ACL_ERROR_INVALID_PARAM);
}

// ---- stream capture ----

// Forked onto a second stream and joined back: z = x + y on s2, then out = z on s; nothing
// runs until the model executes, and every execution reads the memory as it is then.
TEST_F(Acl, ACapturedMultiStreamSequenceRunsOnlyWhenExecutedAndEveryTimeItIs) {
  AddOnDevice k;
  ASSERT_NO_FATAL_FAILURE(k.setUp());
  void* out;
  ASSERT_EQ(aclrtMalloc(&out, k.bytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemset(out, k.bytes, 0, k.bytes), ACL_SUCCESS);
  k.fill(k.x, 1.0f);
  k.fill(k.y, 0.5f);
  aclrtStream s, s2;
  aclrtEvent fork, join;
  ASSERT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
  ASSERT_EQ(aclrtCreateStream(&s2), ACL_SUCCESS);
  ASSERT_EQ(aclrtCreateEvent(&fork), ACL_SUCCESS);
  ASSERT_EQ(aclrtCreateEvent(&join), ACL_SUCCESS);
  aclmdlRICaptureStatus status;
  aclmdlRI during = nullptr;
  ASSERT_EQ(aclmdlRICaptureGetInfo(s, &status, &during), ACL_SUCCESS);
  EXPECT_EQ(status, ACL_MODEL_RI_CAPTURE_STATUS_NONE);
  ASSERT_EQ(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL), ACL_SUCCESS) << aclGetRecentErrMsg();
  ASSERT_EQ(aclrtRecordEvent(fork, s), ACL_SUCCESS);
  ASSERT_EQ(aclrtStreamWaitEvent(s2, fork), ACL_SUCCESS);
  ASSERT_EQ(aclmdlRICaptureGetInfo(s2, &status, &during), ACL_SUCCESS);
  EXPECT_EQ(status, ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE) << "s2 joined the capture through the event";
  EXPECT_NE(during, nullptr);
  ASSERT_EQ(k.launch(s2), ACL_SUCCESS) << aclGetRecentErrMsg();
  ASSERT_EQ(aclrtRecordEvent(join, s2), ACL_SUCCESS);
  ASSERT_EQ(aclrtStreamWaitEvent(s, join), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpyAsync(out, k.bytes, k.z, k.bytes, ACL_MEMCPY_DEVICE_TO_DEVICE, s), ACL_SUCCESS);
  aclmdlRI model = nullptr;
  ASSERT_EQ(aclmdlRICaptureEnd(s, &model), ACL_SUCCESS) << aclGetRecentErrMsg();
  EXPECT_EQ(model, during);
  ASSERT_EQ(aclrtSynchronizeDevice(), ACL_SUCCESS);
  for (uint16_t v : k.read(out)) ASSERT_EQ(v, 0) << "captured work must not run at capture";

  for (float base : {1.0f, 7.0f, -3.0f}) {
    k.fill(k.x, base);
    ASSERT_EQ(aclmdlRIExecuteAsync(model, s), ACL_SUCCESS) << aclGetRecentErrMsg();
    ASSERT_EQ(aclrtSynchronizeStream(s), ACL_SUCCESS) << aclGetRecentErrMsg();
    std::vector<uint16_t> got = k.read(out);
    for (size_t i = 0; i < k.n; ++i)
      ASSERT_EQ(got[i], sk::floatToHalf((base + (float)(i % 31)) + (0.5f + (float)(i % 31)))) << base << " element " << i;
  }
  EXPECT_EQ(aclmdlRIDestroy(model), ACL_SUCCESS);
  EXPECT_EQ(aclmdlRIDestroy(model), ACL_ERROR_RT_INVALID_HANDLE);
  EXPECT_EQ(aclmdlRIExecuteAsync(model, s), ACL_ERROR_RT_INVALID_HANDLE);
  EXPECT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyStream(s2), ACL_SUCCESS);
}

// Each misuse returns its documented code and a message naming what to do.
TEST_F(Acl, CaptureMisuseReturnsTheDocumentedCodes) {
  aclrtStream s, s2;
  aclrtEvent ev, outside;
  ASSERT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
  ASSERT_EQ(aclrtCreateStream(&s2), ACL_SUCCESS);
  ASSERT_EQ(aclrtCreateEvent(&ev), ACL_SUCCESS);
  ASSERT_EQ(aclrtCreateEvent(&outside), ACL_SUCCESS);
  void* buf;
  ASSERT_EQ(aclrtMalloc(&buf, 256, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  auto expectCode = [](aclError got, aclError want, const char* what) {
    EXPECT_EQ(got, want) << what;
    EXPECT_STRNE(aclGetRecentErrMsg(), "") << what << ": a message";
  };
  aclmdlRI m = nullptr;
  expectCode(aclmdlRICaptureBegin(nullptr, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL), ACL_ERROR_INVALID_PARAM, "NULL stream");
  expectCode(aclmdlRICaptureEnd(s, &m), ACL_ERROR_RT_STREAM_NOT_CAPTURED, "end without begin");
  expectCode(aclmdlRIDestroy(nullptr), ACL_ERROR_INVALID_PARAM, "destroy NULL");

  // Begun twice; sync of the capturing stream invalidates the capture, which End reports.
  ASSERT_EQ(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL), ACL_SUCCESS);
  expectCode(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL), ACL_ERROR_RT_STREAM_CAPTURED, "begun twice");
  expectCode(aclrtSynchronizeStream(s), ACL_ERROR_RT_STREAM_CAPTURED, "sync of a capturing stream");
  expectCode(aclrtDestroyStream(s), ACL_ERROR_RT_STREAM_CAPTURED, "destroy of a capturing stream");
  aclmdlRICaptureStatus status;
  ASSERT_EQ(aclmdlRICaptureGetInfo(s, &status, nullptr), ACL_SUCCESS);
  EXPECT_EQ(status, ACL_MODEL_RI_CAPTURE_STATUS_INVALIDATED);
  expectCode(aclmdlRICaptureEnd(s, &m), ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED, "end of an invalidated capture");

  // A wait on an event recorded before the capture.
  ASSERT_EQ(aclrtRecordEvent(outside, s2), ACL_SUCCESS);
  ASSERT_EQ(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL), ACL_SUCCESS);
  expectCode(aclrtStreamWaitEvent(s, outside), ACL_ERROR_RT_CAPTURE_DEPENDENCY, "wait on an outside event");
  expectCode(aclmdlRICaptureEnd(s, &m), ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED, "after the outside wait");

  // A forked stream that never joins back; End on the forked stream; a captured event.
  ASSERT_EQ(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL), ACL_SUCCESS);
  ASSERT_EQ(aclrtRecordEvent(ev, s), ACL_SUCCESS);
  ASSERT_EQ(aclrtStreamWaitEvent(s2, ev), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemsetAsync(buf, 256, 1, 256, s2), ACL_SUCCESS);
  expectCode(aclmdlRICaptureEnd(s2, &m), ACL_ERROR_RT_STREAM_CAPTURE_UNMATCHED, "end on the forked stream");
  expectCode(aclmdlRIExecuteAsync(m, s), ACL_ERROR_INVALID_PARAM, "execute a NULL model");
  std::thread other([&] { EXPECT_EQ(aclmdlRICaptureEnd(s, &m), ACL_ERROR_RT_STREAM_CAPTURE_WRONG_THREAD); });
  other.join();
  expectCode(aclmdlRICaptureEnd(s, &m), ACL_ERROR_RT_STREAM_UNJOINED, "forked stream never joined");
  ASSERT_EQ(aclmdlRICaptureGetInfo(s2, &status, nullptr), ACL_SUCCESS);
  EXPECT_EQ(status, ACL_MODEL_RI_CAPTURE_STATUS_NONE) << "the failed capture released its streams";

  // Unsafe APIs: forbidden under GLOBAL until this thread is RELAXED; a captured event.
  ASSERT_EQ(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL), ACL_SUCCESS);
  ASSERT_EQ(aclrtRecordEvent(ev, s), ACL_SUCCESS);
  expectCode(aclrtSynchronizeEvent(ev), ACL_ERROR_RT_EVENT_CAPTURED, "sync of a captured event");
  ASSERT_EQ(aclmdlRICaptureEnd(s, &m), ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED);
  ASSERT_EQ(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL), ACL_SUCCESS);
  aclmdlRICaptureMode mode = ACL_MODEL_RI_CAPTURE_MODE_RELAXED;
  ASSERT_EQ(aclmdlRICaptureThreadExchangeMode(&mode), ACL_SUCCESS);
  EXPECT_EQ(mode, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL) << "the previous mode";
  EXPECT_EQ(aclrtMemset(buf, 256, 0, 256), ACL_SUCCESS) << "a RELAXED thread may";
  ASSERT_EQ(aclmdlRICaptureThreadExchangeMode(&mode), ACL_SUCCESS);
  expectCode(aclrtMemset(buf, 256, 0, 256), ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT, "memset under GLOBAL");
  ASSERT_EQ(aclmdlRICaptureEnd(s, &m), ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED);
  ASSERT_EQ(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_RELAXED), ACL_SUCCESS);
  std::vector<unsigned char> pageable(256);
  expectCode(aclrtMemcpyAsync(buf, 256, pageable.data(), 256, ACL_MEMCPY_HOST_TO_DEVICE, s),
             ACL_ERROR_RT_CAPTURE_MODE_BLOCK_ASYNC, "async copy from pageable memory");
  ASSERT_EQ(aclmdlRICaptureEnd(s, &m), ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED);

  // The default stream cannot be captured; a capturing stream cannot execute a model.
  // Modes outside the enumerators, as a C caller may pass them (checked without UB: UBSan build).
  expectCode(aclmdlRICaptureBegin(s, (aclmdlRICaptureMode)7), ACL_ERROR_INVALID_PARAM, "unknown mode");
  aclmdlRICaptureMode notAMode = (aclmdlRICaptureMode)-1;
  expectCode(aclmdlRICaptureThreadExchangeMode(&notAMode), ACL_ERROR_INVALID_PARAM, "exchange of an unknown mode");
  ASSERT_EQ(aclmdlRICaptureBegin(s2, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemsetAsync(buf, 256, 2, 256, s2), ACL_SUCCESS);
  ASSERT_EQ(aclmdlRICaptureEnd(s2, &m), ACL_SUCCESS) << aclGetRecentErrMsg();
  ASSERT_EQ(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL), ACL_SUCCESS);
  expectCode(aclmdlRIExecuteAsync(m, s), ACL_ERROR_RT_STREAM_CAPTURED, "execute on a capturing stream");
  ASSERT_EQ(aclmdlRICaptureEnd(s, &m), ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED);
  EXPECT_EQ(aclmdlRIDestroy(m), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyStream(s2), ACL_SUCCESS);
}

// aclskScopeBegin/End while capturing, aclskOptimize, replay: the bytes of the eager run.
TEST_F(Acl, AnOptimizedCapturedScopeReplaysToTheBytesOfTheEagerLaunches) {
  AddOnDevice k;
  ASSERT_NO_FATAL_FAILURE(k.setUp());
  k.fill(k.x, 1.0f);
  k.fill(k.y, 0.25f);
  void *w, *args2;  // a second launch: w = z + y
  ASSERT_EQ(aclrtMalloc(&w, k.bytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMalloc(&args2, 32, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  void* a2[4] = {k.z, k.y, w, k.tiling};
  ASSERT_EQ(aclrtMemcpy(args2, 32, a2, 32, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  aclrtStream s;
  ASSERT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
  auto program = [&] {
    ASSERT_EQ(k.launch(s), ACL_SUCCESS);
    ASSERT_EQ(aclrtLaunchKernel(k.fn, 8, args2, 32, s), ACL_SUCCESS);
  };
  program();
  ASSERT_EQ(aclrtSynchronizeStream(s), ACL_SUCCESS);
  std::vector<uint16_t> eager = k.read(w);
  ASSERT_EQ(aclrtMemset(w, k.bytes, 0, k.bytes), ACL_SUCCESS);

  EXPECT_EQ(aclskScopeBegin("sk1", s), ACL_ERROR_RT_STREAM_NOT_CAPTURED) << "scopes mark captured work";
  ASSERT_EQ(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL), ACL_SUCCESS);
  EXPECT_EQ(aclskScopeBegin("", s), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclskScopeBegin(std::string(256, 'n').c_str(), s), ACL_ERROR_INVALID_PARAM);
  ASSERT_EQ(aclskScopeBegin("sk1", s), ACL_SUCCESS) << aclGetRecentErrMsg();
  program();
  ASSERT_EQ(aclskScopeEnd("sk1", s), ACL_SUCCESS);
  aclmdlRI model;
  ASSERT_EQ(aclmdlRICaptureEnd(s, &model), ACL_SUCCESS) << aclGetRecentErrMsg();
  EXPECT_EQ(aclskOptimize(nullptr, nullptr), ACL_ERROR_INVALID_PARAM);
  aclskOptions bad{"no-such-option=1"};
  EXPECT_EQ(aclskOptimize(model, &bad), ACL_ERROR_INVALID_PARAM);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("no-such-option"), std::string::npos);
  aclskOptions opts{"early-start=0"};
  ASSERT_EQ(aclskOptimize(model, &opts), ACL_SUCCESS) << aclGetRecentErrMsg();
  for (int rep = 0; rep < 3; ++rep) {
    ASSERT_EQ(aclmdlRIExecuteAsync(model, s), ACL_SUCCESS) << aclGetRecentErrMsg();
    ASSERT_EQ(aclrtSynchronizeStream(s), ACL_SUCCESS) << aclGetRecentErrMsg();
    EXPECT_EQ(k.read(w), eager) << "replay " << rep;
  }
  EXPECT_EQ(aclmdlRIDestroy(model), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
}

}  // namespace
