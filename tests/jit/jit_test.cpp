// sk::jit scopes: captured launches fused at scope end, the same bytes as eager, and the
// compile cache (memory, disk, other processes).
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "sk/jit.h"
#include "sk/sim/float16.h"

namespace {

namespace fs = std::filesystem;

constexpr size_t kElems = 8 * 2048, kBytes = kElems * 2;

// add_custom (z = x + y, fp16, 8 blocks) launches on buffers of their own.
struct Adds {
  aclrtBinHandle bin = nullptr;
  aclrtFuncHandle fn = nullptr;
  void* tiling = nullptr;
  std::vector<void*> buffers;

  void load() {
    ASSERT_EQ(aclrtBinaryLoadFromFile(SK_OPS_DIR "/add_custom.o", nullptr, &bin), ACL_SUCCESS) << aclGetRecentErrMsg();
    ASSERT_EQ(aclrtBinaryGetFunction(bin, "add_custom", &fn), ACL_SUCCESS);
    tiling = buffer();
    uint32_t t[2] = {(uint32_t)kElems, 256};
    ASSERT_EQ(aclrtMemcpy(tiling, 8, t, 8, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  }
  void* buffer(float base = 0) {
    void* p = nullptr;
    EXPECT_EQ(aclrtMalloc(&p, kBytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    std::vector<uint16_t> h(kElems);
    for (size_t i = 0; i < kElems; ++i) h[i] = sk::floatToHalf(base + (float)(i % 29) * 0.5f);
    EXPECT_EQ(aclrtMemcpy(p, kBytes, h.data(), kBytes, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
    buffers.push_back(p);
    return p;
  }
  // The packed arguments of z = x + y, in device memory (made before a capture: a synchronous
  // copy may not run during one).
  void* args(void* x, void* y, void* z) {
    void* a[4] = {x, y, z, tiling};
    void* p = nullptr;
    EXPECT_EQ(aclrtMalloc(&p, sizeof a, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    EXPECT_EQ(aclrtMemcpy(p, sizeof a, a, sizeof a, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
    return p;
  }
  void add(void* args, aclrtStream s) {
    ASSERT_EQ(aclrtLaunchKernel(fn, 8, args, 32, s), ACL_SUCCESS) << aclGetRecentErrMsg();
  }
  static std::vector<uint16_t> read(void* p) {
    std::vector<uint16_t> h(kElems);
    EXPECT_EQ(aclrtMemcpy(h.data(), kBytes, p, kBytes, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    return h;
  }
};

class Jit : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = fs::temp_directory_path() / ("sk_jit_test_" + std::to_string(getpid()));
    fs::remove_all(dir);
    sk::jit::setCacheDir(dir.string());
    start();
  }
  void TearDown() override {
    stop();
    fs::remove_all(dir);
  }
  void start() {
    aclInit(nullptr);
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS) << aclGetRecentErrMsg();
    ASSERT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
    ASSERT_NO_FATAL_FAILURE(k.load());
  }
  void stop() {
    EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
    aclFinalize();
    k = Adds{};
  }
  // a = x + y; b = a + y; out = b + x: three launches, run in a scope or eagerly.
  void program(void* x, void* y, void* a, void* b, void* out, const char* scope) {
    void *first = k.args(x, y, a), *second = k.args(a, y, b), *third = k.args(b, x, out);
    std::optional<sk::jit::Scope> sc;
    if (scope) sc.emplace(scope, "early-start=1", s);
    k.add(first, s);
    k.add(second, s);
    k.add(third, s);
    if (sc) {
      ASSERT_EQ(sc->end(), ACL_SUCCESS) << sc->error();
    }
  }
  std::vector<uint16_t> eagerAndScoped(const char* scope) {
    void *x = k.buffer(1), *y = k.buffer(-3), *a = k.buffer(), *b = k.buffer(), *out = k.buffer();
    program(x, y, a, b, out, nullptr);
    EXPECT_EQ(aclrtSynchronizeStream(s), ACL_SUCCESS);
    std::vector<uint16_t> eager = Adds::read(out);
    EXPECT_EQ(aclrtMemset(out, kBytes, 0, kBytes), ACL_SUCCESS);
    program(x, y, a, b, out, scope);
    EXPECT_EQ(aclrtSynchronizeStream(s), ACL_SUCCESS) << aclGetRecentErrMsg();
    EXPECT_EQ(Adds::read(out), eager);
    return eager;
  }
  size_t cacheEntries() const {
    size_t n = 0;
    if (fs::exists(dir))
      for (auto& e : fs::directory_iterator(dir)) n += e.path().extension() == ".o";
    return n;
  }
  fs::path dir;
  aclrtStream s = nullptr;
  Adds k;
};

TEST_F(Jit, AScopeFusesItsLaunchesIntoOneSuperKernelWithTheBytesOfTheEagerRun) {
  testing::internal::CaptureStderr();
  eagerAndScoped("sk1");
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("scope sk1: tasks 1..3 -> sk_sk1_1 (3 kernels, blockDim 8, built)"), std::string::npos) << err;
  sk::jit::Stats st = sk::jit::stats();
  EXPECT_EQ(st.built, 1u);
  EXPECT_EQ(cacheEntries(), 1u) << "the super kernel is written to the cache directory";
}

TEST_F(Jit, TheSameLaunchesAgainReplayTheOptimizedCaptureAndOtherBuffersHitTheCache) {
  void *x = k.buffer(1), *y = k.buffer(-3), *a = k.buffer(), *b = k.buffer(), *out = k.buffer();
  for (int i = 0; i < 3; ++i) program(x, y, a, b, out, "sk1");
  ASSERT_EQ(aclrtSynchronizeStream(s), ACL_SUCCESS);
  sk::jit::Stats st = sk::jit::stats();
  EXPECT_EQ(st.built, 1u);
  EXPECT_EQ(st.replays, 2u);
  // The same kernels on other buffers: another capture, the same super kernel, nothing linked.
  eagerAndScoped("sk1");
  st = sk::jit::stats();
  EXPECT_EQ(st.built, 1u);
  EXPECT_EQ(st.memoryHits, 1u);
}

TEST_F(Jit, ANewDeviceReadsTheSuperKernelFromTheCacheDirectory) {
  eagerAndScoped("sk1");
  stop();
  ASSERT_NO_FATAL_FAILURE(start());
  sk::jit::setCacheDir(dir.string());  // a fresh cache in memory, as in a new process
  testing::internal::CaptureStderr();
  eagerAndScoped("sk1");
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("from the cache on disk"), std::string::npos) << err;
  sk::jit::Stats st = sk::jit::stats();
  EXPECT_EQ(st.built, 0u);
  EXPECT_EQ(st.diskHits, 1u);
}

TEST_F(Jit, ADamagedCacheEntryIsReportedAndRebuilt) {
  eagerAndScoped("sk1");
  for (auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".o") std::ofstream(e.path(), std::ios::binary | std::ios::trunc) << "not an object";
  sk::jit::setCacheDir(dir.string());
  testing::internal::CaptureStderr();
  eagerAndScoped("sk1");
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("ignoring the cache entry"), std::string::npos) << err;
  EXPECT_EQ(sk::jit::stats().built, 1u);
  sk::jit::setCacheDir(dir.string());
  eagerAndScoped("sk1");  // rewritten: read back this time
  EXPECT_EQ(sk::jit::stats().diskHits, 1u);
}

TEST_F(Jit, NestedScopesFuseWithTheirOwnOptionsAndACopySplitsAScopeSayingWhy) {
  void *x = k.buffer(1), *y = k.buffer(-3), *a = k.buffer(), *b = k.buffer(), *c = k.buffer(), *d = k.buffer();
  void *ops[4] = {k.args(x, y, a), k.args(a, y, b), k.args(c, x, d), k.args(d, d, d)};
  auto run = [&](bool scoped) {
    std::optional<sk::jit::Scope> outer, inner;
    if (scoped) outer.emplace("outer", "early-start=0", s);
    k.add(ops[0], s);
    k.add(ops[1], s);
    ASSERT_EQ(aclrtMemcpyAsync(c, kBytes, b, kBytes, ACL_MEMCPY_DEVICE_TO_DEVICE, s), ACL_SUCCESS);
    if (scoped) inner.emplace("inner", "stream-fusion=0", s);
    k.add(ops[2], s);
    k.add(ops[3], s);
  };
  run(false);
  ASSERT_EQ(aclrtSynchronizeStream(s), ACL_SUCCESS);
  std::vector<uint16_t> eager = Adds::read(d);
  testing::internal::CaptureStderr();
  run(true);
  std::string err = testing::internal::GetCapturedStderr();
  ASSERT_EQ(aclrtSynchronizeStream(s), ACL_SUCCESS) << aclGetRecentErrMsg();
  EXPECT_EQ(Adds::read(d), eager);
  EXPECT_NE(err.find("scope outer: split at task 3: not a kernel launch"), std::string::npos) << err;
  EXPECT_NE(err.find("scope outer: tasks 1..2 -> sk_outer_1"), std::string::npos) << err;
  EXPECT_NE(err.find("scope inner: tasks 5..6 -> sk_inner_5"), std::string::npos) << err;
  EXPECT_EQ(sk::jit::stats().built, 2u);
}

TEST_F(Jit, MisuseIsRefusedWithACodeAndAMessage) {
  EXPECT_EQ(sk::jit::scopeEnd(s), ACL_ERROR_INVALID_PARAM);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("no scope is open on this stream"), std::string::npos);
  EXPECT_EQ(sk::jit::scopeBegin(nullptr, "", s), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(sk::jit::scopeBegin("", "", s), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(sk::jit::scopeBegin("sk1", "", nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(sk::jit::scopeBegin("sk1", "early-start=maybe", s), ACL_ERROR_INVALID_PARAM);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("scope sk1: "), std::string::npos);
  {
    testing::internal::CaptureStderr();
    sk::jit::Scope bad("sk1", "no-such-option=1", s);
    std::string err = testing::internal::GetCapturedStderr();
    EXPECT_EQ(bad.status(), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(bad.error().find("no-such-option"), std::string::npos) << bad.error();
    EXPECT_NE(err.find("no-such-option"), std::string::npos) << err;
  }
  {
    sk::jit::Scope outer("sk1", "early-start=1", s);
    ASSERT_EQ(outer.status(), ACL_SUCCESS);
    EXPECT_EQ(sk::jit::scopeBegin("sk1", "early-start=0", s), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(std::string(aclGetRecentErrMsg()).find("opened again with other options"), std::string::npos);
    aclrtStream other;
    ASSERT_EQ(aclrtCreateStream(&other), ACL_SUCCESS);
    EXPECT_EQ(sk::jit::scopeEnd(other), ACL_ERROR_INVALID_PARAM) << "scopes are per stream";
  }
  EXPECT_EQ(sk::jit::scopeEnd(s), ACL_ERROR_INVALID_PARAM) << "the scope closed";
  eagerAndScoped("sk1");  // and scopes still work
}

// Processes sharing the cache directory: each fuses the same scope at once; every one gets
// the eager bytes and the directory holds one whole entry.
TEST(JitProcesses, ConcurrentProcessesShareTheCacheDirectory) {
  fs::path dir = fs::temp_directory_path() / ("sk_jit_procs_" + std::to_string(getpid()));
  fs::remove_all(dir);
  std::vector<pid_t> kids;
  for (int i = 0; i < 4; ++i) {
    pid_t pid = fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      sk::jit::setCacheDir(dir.string());
      aclInit(nullptr);
      aclrtStream s;
      Adds k;
      if (aclrtSetDevice(0) || aclrtCreateStream(&s)) _exit(3);
      k.load();
      void *x = k.buffer(1), *y = k.buffer(2), *a = k.buffer(), *b = k.buffer();
      void *xy = k.args(x, y, a), *ay = k.args(a, y, a), *xyb = k.args(x, y, b), *by = k.args(b, y, b);
      k.add(xy, s);
      aclrtSynchronizeStream(s);
      std::vector<uint16_t> eager = Adds::read(a);
      {
        sk::jit::Scope sc("sk1", "", s);
        k.add(xyb, s);
        k.add(by, s);
      }
      k.add(ay, s);
      aclrtSynchronizeStream(s);
      _exit(Adds::read(a) == Adds::read(b) && eager != Adds::read(a) ? 0 : 1);
    }
    kids.push_back(pid);
  }
  for (pid_t pid : kids) {
    int status = 0;
    ASSERT_EQ(waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "status " << status;
  }
  std::vector<std::string> names;
  for (auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  ASSERT_EQ(names.size(), 2u) << "one .o and one .json, no temporaries";
  EXPECT_EQ(fs::path(names[0]).stem(), fs::path(names[1]).stem());
  fs::remove_all(dir);
}

}  // namespace
