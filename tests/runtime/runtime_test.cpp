// The runtime and the simulated device, driven through sk::rt with small test kernels
// (tests/runtime/kernels/*.cpp, compiled by clang-19 at build time).
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <thread>
#include <tuple>

#include "llvm/Support/FileSystem.h"
#include "sk/error.h"
#include "sk/kernel_runner.h"
#include "sk/file_io.h"
#include "sk/model_optimizer.h"
#include "sk/reuse_analysis.h"
#include "sk/runtime.h"
#include "sk/super_kernel.h"
#include "test_support.h"
#include "sk/arch.h"
#include "sk/sim/float16.h"

using sk::rt::Function;
using sk::rt::Runtime;
using sk::TaskRation;

namespace {

const TaskRation kAiv{0, 1}, kAic{1, 0}, kMix11{1, 1}, kMix12{1, 2};

std::string kernelPath(const std::string& name) { return std::string(SK_RT_KERNEL_DIR) + "/rt_" + name + ".o"; }

// The code and message of a device error (or "ok").
struct Outcome {
  int code = 0;
  std::string message;
};
Outcome outcome(llvm::Error e) {
  Outcome o;
  llvm::handleAllErrors(
      std::move(e), [&](const sk::DeviceError& d) { o = {d.code(), d.text()}; },
      [&](const sk::InputError& d) { o = {2, d.text()}; },
      [&](const llvm::ErrorInfoBase& d) { o = {-1, d.message()}; });
  return o;
}

class Device : public ::testing::Test {
 protected:
  void SetUp() override { rt = make(opts()); }
  virtual sk::sim::DeviceOptions opts() {
    sk::sim::DeviceOptions o;
    o.echoPrintf = false;
    return o;
  }
  static std::unique_ptr<Runtime> make(const sk::sim::DeviceOptions& o, const std::string& arch = "dav-2201") {
    auto a = sk::arch::loadArch(arch);
    EXPECT_TRUE(!!a);
    auto r = Runtime::create(*a, o);
    EXPECT_TRUE(!!r) << llvm::toString(r.takeError());
    return std::move(*r);
  }
  Function* fn(const std::string& obj, const std::string& sym, Runtime* on = nullptr) {
    Runtime& r = on ? *on : *rt;
    auto b = r.loadBinaryFile(kernelPath(obj));
    EXPECT_TRUE(!!b) << llvm::toString(b.takeError());
    auto f = r.getFunction(*b, sym);
    EXPECT_TRUE(!!f) << llvm::toString(f.takeError());
    return *f;
  }
  void* alloc(uint64_t bytes, int fill = 0) {
    auto p = rt->device().malloc(bytes);
    EXPECT_TRUE(!!p);
    llvm::cantFail(rt->device().memset(*p, fill, bytes));
    return *p;
  }
  template <typename T> std::vector<T> read(void* dev, size_t n) {
    std::vector<T> v(n);
    llvm::cantFail(rt->device().memcpy(v.data(), dev, n * sizeof(T), sk::sim::CopyKind::DeviceToHost));
    return v;
  }
  // add_custom of the ops (z = x + y in half, 8 blocks of 2,048) with its tiling on the device,
  // and half tensors of its size holding f(i).
  static constexpr size_t kAddElems = 8 * 2048, kAddBytes = kAddElems * 2;
  struct AddKernel {
    Function* fn;
    void* tiling;
  };
  AddKernel addKernel() {
    auto bin = rt->loadBinaryFile(std::string(SK_OPS_DIR) + "/add_custom.o");
    EXPECT_TRUE(!!bin) << llvm::toString(bin.takeError());
    uint32_t tiling[2] = {(uint32_t)kAddElems, 256};
    void* t = alloc(8);
    llvm::cantFail(rt->device().memcpy(t, tiling, 8, sk::sim::CopyKind::HostToDevice));
    return {llvm::cantFail(rt->getFunction(*bin, "add_custom")), t};
  }
  template <typename F> void* halfTensor(F f) {
    std::vector<uint16_t> h(kAddElems);
    for (size_t i = 0; i < kAddElems; ++i) h[i] = sk::floatToHalf(f(i));
    void* p = alloc(kAddBytes);
    llvm::cantFail(rt->device().memcpy(p, h.data(), kAddBytes, sk::sim::CopyKind::HostToDevice));
    return p;
  }
  Outcome launchAndSync(Function* f, uint32_t blocks, std::vector<uint64_t> args, TaskRation r = kAiv) {
    if (llvm::Error e = rt->launch(f, blocks, std::move(args), sk::sim::kDefaultStream, r)) return outcome(std::move(e));
    return outcome(rt->device().synchronizeStream(sk::sim::kDefaultStream));
  }
  std::unique_ptr<Runtime> rt;
};

TEST_F(Device, OutOfBoundsWriteIsDeviceExceptionNamingKernelBlockAndAddress) {
  void* x = alloc(4 * 64 * 4);
  void* y = alloc(4 * 64 * 4);
  Outcome o = launchAndSync(fn("oob_write", "oob_write"), 4, {(uint64_t)x, (uint64_t)y});
  EXPECT_EQ(o.code, 507035);  // vector core exception
  EXPECT_NE(o.message.find("oob_write"), std::string::npos) << o.message;
  EXPECT_NE(o.message.find("block 3"), std::string::npos) << o.message;
  char addr[32];
  std::snprintf(addr, sizeof addr, "0x%llx", (unsigned long long)((uint64_t)y + (3 * 64 + 9) * 4));
  EXPECT_NE(o.message.find(addr), std::string::npos) << o.message << " should name " << addr;
  EXPECT_NE(o.message.find("36 bytes past the end"), std::string::npos) << o.message;
}

TEST_F(Device, AfterADeviceExceptionTheNextLaunchSucceeds) {
  void* x = alloc(4 * 64 * 4);
  void* y = alloc(4 * 64 * 4);
  ASSERT_EQ(launchAndSync(fn("oob_write", "oob_write"), 4, {(uint64_t)x, (uint64_t)y}).code, 507035);
  void* slots = alloc(8 * 32);
  void* out = alloc(8 * 32);
  Outcome o = launchAndSync(fn("barrier_exchange", "barrier_exchange"), 8, {(uint64_t)slots, (uint64_t)out});
  EXPECT_EQ(o.code, 0) << o.message;
  auto v = read<int32_t>(out, 8 * 8);
  for (int b = 0; b < 8; ++b) EXPECT_EQ(v[8 * b], 100 + (b + 1) % 8) << "block " << b;
}

// The timing replay reports what nothing orders (docs/simulator.md, "Races"): a kernel that
// leaves out the flag between two pipes sharing a local buffer is a device exception naming the
// memory, the range and both pipes; the same kernel with the flag runs clean and computes; the
// device goes on after the report.
TEST_F(Device, AMissingFlagBetweenCopyInAndComputeIsAReadAfterWriteRace) {
  std::vector<float> xs(1024), ys(1024);
  for (int i = 0; i < 1024; ++i) xs[i] = (float)i, ys[i] = 0.5f * (float)i;
  void *x = alloc(4096), *y = alloc(4096), *z = alloc(4096);
  llvm::cantFail(rt->device().memcpy(x, xs.data(), 4096, sk::sim::CopyKind::HostToDevice));
  llvm::cantFail(rt->device().memcpy(y, ys.data(), 4096, sk::sim::CopyKind::HostToDevice));
  Outcome o = launchAndSync(fn("races", "race_copy_add"), 1, {(uint64_t)x, (uint64_t)y, (uint64_t)z});
  EXPECT_EQ(o.code, 507035) << o.message;  // vector core exception
  EXPECT_NE(o.message.find("race_copy_add: block 0 on aiv0: race on UB [0x0, +4096): V (add) reads what MTE2 (copy in) "
                           "is still writing; no SetFlag/WaitFlag (or TQue EnQue/DeQue) orders them"),
            std::string::npos)
      << o.message;
  o = launchAndSync(fn("races", "synced_copy_add"), 1, {(uint64_t)x, (uint64_t)y, (uint64_t)z});
  EXPECT_EQ(o.code, 0) << "with SetFlag/WaitFlag<MTE2_V>: " << o.message;
  std::vector<float> v = read<float>(z, 1024);
  for (int i = 0; i < 1024; i += 97) EXPECT_EQ(v[i], 1.5f * (float)i) << i;
}

TEST_F(Device, ADoubleBufferWithoutTheFlagBackIsAWriteAfterReadRace) {
  std::vector<float> xs(1024);
  for (int i = 0; i < 1024; ++i) xs[i] = (float)i;
  void *x = alloc(4096), *z = alloc(4 * 4096);
  llvm::cantFail(rt->device().memcpy(x, xs.data(), 4096, sk::sim::CopyKind::HostToDevice));
  Outcome o = launchAndSync(fn("races", "race_copy_out"), 1, {(uint64_t)x, (uint64_t)z});
  EXPECT_EQ(o.code, 507035) << o.message;
  EXPECT_NE(o.message.find("race on UB [0x1000, +4096): V (adds) overwrites what MTE3 (copy out) is still reading"),
            std::string::npos)
      << o.message;
  o = launchAndSync(fn("races", "synced_copy_out"), 1, {(uint64_t)x, (uint64_t)z});
  EXPECT_EQ(o.code, 0) << "with the MTE3 -> V flag back: " << o.message;
  std::vector<float> v = read<float>(z, 4 * 1024);
  for (int t = 0; t < 4; ++t) EXPECT_EQ(v[t * 1024 + 5], 5.0f + (float)t) << "tile " << t;
}

// An op's footprint is the elements it takes, not whole repeats: writing 64 bytes into one buffer
// while the buffer right after it is still being copied out is no race.
TEST_F(Device, ACountFormOpBesideABufferStillCopiedOutIsNoRace) {
  std::vector<uint16_t> xs(32);
  for (int i = 0; i < 32; ++i) xs[i] = sk::floatToHalf((float)(i - 16));
  void *x = alloc(64), *z = alloc(256);
  llvm::cantFail(rt->device().memcpy(x, xs.data(), 64, sk::sim::CopyKind::HostToDevice));
  Outcome o = launchAndSync(fn("races", "synced_adjacent_buffers"), 1, {(uint64_t)x, (uint64_t)z});
  ASSERT_EQ(o.code, 0) << o.message;
  std::vector<uint16_t> v = read<uint16_t>(z, 128);
  for (int t = 0; t < 4; ++t)
    for (int i = 0; i < 32; i += 7) EXPECT_EQ(sk::halfToFloat(v[32 * t + i]), std::fabs((float)(i - 16)) + (float)t);
}

TEST_F(Device, AGatherMaskBesideABufferStillCopiedOutIsNoRace) {
  std::vector<uint16_t> xs(64);
  for (int i = 0; i < 64; ++i) xs[i] = sk::floatToHalf((float)(i - 32));
  void *x = alloc(128), *z = alloc(256);
  llvm::cantFail(rt->device().memcpy(x, xs.data(), 128, sk::sim::CopyKind::HostToDevice));
  Outcome o = launchAndSync(fn("races", "synced_adjacent_gather"), 1, {(uint64_t)x, (uint64_t)z});
  ASSERT_EQ(o.code, 0) << o.message;
  std::vector<uint16_t> v = read<uint16_t>(z, 128);
  for (int t = 0; t < 4; ++t)
    for (int i = 0; i < 32; i += 5) EXPECT_EQ(sk::halfToFloat(v[32 * t + i]), (float)(2 * i - 32) + (float)t) << t << " " << i;
}

TEST_F(Device, AnL0LoadOfL1ThatACopyStillWritesIsARaceOnTheCube) {
  void* x = alloc(512);
  Outcome o = launchAndSync(fn("races", "race_l1_load"), 1, {(uint64_t)x}, kAic);
  EXPECT_EQ(o.code, 507015) << o.message;  // AI Core exception
  EXPECT_NE(o.message.find("race_l1_load: block 0 on aic0: race on L1 [0x0, +512): MTE1 (load L0A) reads what MTE2 "
                           "(copy in) is still writing"),
            std::string::npos)
      << o.message;
  o = launchAndSync(fn("races", "synced_l1_load"), 1, {(uint64_t)x}, kAic);
  EXPECT_EQ(o.code, 0) << "with SetFlag/WaitFlag<MTE2_MTE1>: " << o.message;
}

TEST_F(Device, AnL1ToGmCopyRunsOnMte3AfterTheMte2ToMte3Flag) {
  void* x = alloc(512, 0x3c);
  void* z = alloc(512);
  Outcome o = launchAndSync(fn("races", "synced_l1_round_trip"), 1, {(uint64_t)x, (uint64_t)z}, kAic);
  ASSERT_EQ(o.code, 0) << "with SetFlag/WaitFlag<MTE2_MTE3>: " << o.message;
  EXPECT_EQ(read<uint8_t>(z, 512), std::vector<uint8_t>(512, 0x3c));
  o = launchAndSync(fn("races", "race_l1_round_trip"), 1, {(uint64_t)x, (uint64_t)z}, kAic);
  EXPECT_EQ(o.code, 507015) << o.message;
  EXPECT_NE(o.message.find("MTE3 (copy out) reads what MTE2 (copy in) is still writing"), std::string::npos) << o.message;
}

TEST_F(Device, SyncAllOnSomeBlocksIsReportedAsDeadlockNamingTheWaitingCores) {
  void* out = alloc(64);
  Outcome o = launchAndSync(fn("partial_sync", "partial_sync"), 8, {(uint64_t)out});
  EXPECT_EQ(o.code, 507034) << o.message;
  EXPECT_NE(o.message.find("deadlock in kernel 'partial_sync'"), std::string::npos) << o.message;
  for (int b : {0, 2, 4, 6})
    EXPECT_NE(o.message.find("aiv" + std::to_string(b) + " (block " + std::to_string(b) + ") waits in sk_sync_all"),
              std::string::npos)
        << o.message;
  EXPECT_NE(o.message.find("4 of 8 cores arrived"), std::string::npos) << o.message;
  EXPECT_EQ(o.message.find("aiv1 (block 1) waits"), std::string::npos) << o.message;
}

TEST_F(Device, SyncAllReleasesEveryBlockAfterAllWrites) {
  void* slots = alloc(16 * 32);
  void* out = alloc(16 * 32);
  ASSERT_EQ(launchAndSync(fn("barrier_exchange", "barrier_exchange"), 16, {(uint64_t)slots, (uint64_t)out}).code, 0);
  auto v = read<int32_t>(out, 16 * 8);
  for (int b = 0; b < 16; ++b) EXPECT_EQ(v[8 * b], 100 + (b + 1) % 16) << "block " << b;
}

TEST_F(Device, BlockDimAboveTheCoreCountRunsInWaves) {
  const int blocks = 100;  // dav-2201 has 48 AIV cores
  void* out = alloc(blocks * 32, 0xff);
  int32_t mix = 0;
  void* flag = alloc(32);
  llvm::cantFail(rt->device().memcpy(flag, &mix, 4, sk::sim::CopyKind::HostToDevice));
  ASSERT_EQ(launchAndSync(fn("core_ids", "core_ids"), blocks, {(uint64_t)out, (uint64_t)flag}).code, 0);
  auto v = read<int32_t>(out, blocks * 8);
  for (int b = 0; b < blocks; ++b) {
    EXPECT_EQ(v[8 * b + 0], 1) << "block " << b << " ran on an AIV";
    EXPECT_EQ(v[8 * b + 1], b);
    EXPECT_EQ(v[8 * b + 3], blocks);
  }
}

TEST_F(Device, SyncAllInAWaveLaunchIsDeviceException) {
  void* slots = alloc(60 * 32);
  void* out = alloc(60 * 32);
  Outcome o = launchAndSync(fn("barrier_exchange", "barrier_exchange"), 60, {(uint64_t)slots, (uint64_t)out});
  EXPECT_EQ(o.code, 507035);
  EXPECT_NE(o.message.find("blocks run in waves"), std::string::npos) << o.message;
}

TEST_F(Device, Mix12BlocksUseOneAicAndTwoAivWithAscendCIndices) {
  const int n = 4;
  void* out = alloc(4 * n * 32, 0xff);  // AIC slots [0, n), AIV slots [2n, 4n)
  int32_t mix = 1;
  void* flag = alloc(32);
  llvm::cantFail(rt->device().memcpy(flag, &mix, 4, sk::sim::CopyKind::HostToDevice));
  ASSERT_EQ(launchAndSync(fn("core_ids", "core_ids"), n, {(uint64_t)out, (uint64_t)flag}, kMix12).code, 0);
  auto v = read<int32_t>(out, 4 * n * 8);
  for (int b = 0; b < n; ++b) {  // AIC slots
    EXPECT_EQ(v[8 * b + 0], 0);
    EXPECT_EQ(v[8 * b + 1], b);
    EXPECT_EQ(v[8 * b + 3], n);
    EXPECT_EQ(v[8 * b + 4], 1);
  }
  for (int i = 0; i < 2 * n; ++i) {  // AIV slots: GetBlockIdx in [0, 2N), sub block alternates
    const int32_t* s = &v[8 * (2 * n + i)];
    EXPECT_EQ(s[0], 1) << i;
    EXPECT_EQ(s[1], i);
    EXPECT_EQ(s[2], i % 2);
    EXPECT_EQ(s[3], n);
    EXPECT_EQ(s[4], 2);
  }
}

TEST_F(Device, Mix11BlocksUseOneAicAndOneAiv) {
  const int n = 3;
  void* out = alloc(3 * n * 32, 0xff);
  int32_t mix = 1;
  void* flag = alloc(32);
  llvm::cantFail(rt->device().memcpy(flag, &mix, 4, sk::sim::CopyKind::HostToDevice));
  ASSERT_EQ(launchAndSync(fn("core_ids", "core_ids"), n, {(uint64_t)out, (uint64_t)flag}, kMix11).code, 0);
  auto v = read<int32_t>(out, 3 * n * 8);
  for (int b = 0; b < n; ++b) {
    EXPECT_EQ(v[8 * b + 0], 0);
    EXPECT_EQ(v[8 * b + 1], b);
    const int32_t* s = &v[8 * (2 * n + b)];
    EXPECT_EQ(s[0], 1);
    EXPECT_EQ(s[1], b);
    EXPECT_EQ(s[2], 0);
    EXPECT_EQ(s[4], 1);
  }
}

class ShortTimeout : public Device {
  sk::sim::DeviceOptions opts() override {
    auto o = Device::opts();
    o.launchTimeoutMs = 200;
    return o;
  }
};

// A host out of memory for the cores' fiber stacks fails the launch on its stream (it used to
// abort the process); the process goes on.
class HugeStacks : public Device {
  sk::sim::DeviceOptions opts() override {
    auto o = Device::opts();
    o.stackBytes = 1ull << 40;  // 1 TiB per core: more than the host can map
    return o;
  }
};

TEST_F(HugeStacks, ALaunchTheHostHasNoStacksForFailsOnItsStream) {
  void* out = alloc(8 * 32);
  void* flag = alloc(32);
  Outcome o = launchAndSync(fn("core_ids", "core_ids"), 8, {(uint64_t)out, (uint64_t)flag});
  EXPECT_EQ(o.code, 207001) << o.message;  // ACL_ERROR_RT_MEMORY_ALLOCATION
  EXPECT_NE(o.message.find("cannot map a 1073741824 KiB fiber stack for aiv0"), std::string::npos) << o.message;
  EXPECT_EQ(read<int32_t>(out, 64), std::vector<int32_t>(64, 0)) << "nothing ran";
}

TEST_F(ShortTimeout, ALaunchThatNeverEndsTimesOut) {
  void* out = alloc(64);
  Outcome o = launchAndSync(fn("spin_forever", "spin_forever"), 2, {(uint64_t)out});
  EXPECT_EQ(o.code, 507034);
  EXPECT_NE(o.message.find("timed out after 200 ms"), std::string::npos) << o.message;
}

TEST_F(ShortTimeout, AScalarLoopThatNeverEndsTimesOutAndTheNextLaunchWorks) {
  // No intrinsic in the loop: the sk_scalar calls sk_cc puts at loop headers are where the
  // scheduler stops the core.
  void* out = alloc(8 * 2);
  Outcome o = launchAndSync(fn("scalar_loop", "scalar_loop"), 2, {(uint64_t)out, UINT64_MAX});
  EXPECT_EQ(o.code, 507034);
  EXPECT_NE(o.message.find("timed out after 200 ms"), std::string::npos) << o.message;
  EXPECT_EQ(launchAndSync(fn("scalar_loop", "scalar_loop"), 2, {(uint64_t)out, 10}).code, 0);
  std::vector<uint64_t> v = read<uint64_t>(out, 2);
  EXPECT_NE(v[0], v[1]) << "both blocks ran the short loop";
}

TEST_F(Device, ScalarCodeCostsVirtualTimeInProportionToItsInstructions) {
  void* out = alloc(8 * 4);
  auto deviceUs = [&](uint64_t rounds) {
    double before = rt->device().stats().deviceTimeUs;
    EXPECT_EQ(launchAndSync(fn("scalar_loop", "scalar_loop"), 4, {(uint64_t)out, rounds}).code, 0);
    return rt->device().stats().deviceTimeUs - before;
  };
  double base = deviceUs(0), small = deviceUs(1000000) - base, large = deviceUs(4000000) - base;
  // ~8 counted instructions per round at 1 cycle each, 1.8 GHz: ~4.4 ms per million rounds.
  EXPECT_GT(small, 2000.0);
  EXPECT_NEAR(large / small, 4.0, 0.2) << small << " us vs " << large << " us";
}

TEST_F(Device, APrintfWithAHugeFieldWidthIsADeviceExceptionNotMinutesOfPadding) {
  void* x = alloc(64);
  auto t0 = std::chrono::steady_clock::now();
  Outcome o = launchAndSync(fn("misuse", "huge_printf"), 1, {(uint64_t)x});
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(5));
  EXPECT_EQ(o.code, 507035);
  EXPECT_NE(o.message.find("sk_printf: a field width or precision of 2147483600 (at most 1024)"), std::string::npos)
      << o.message;
}

TEST_F(Device, VectorOpOnGmOperandsIsDeviceException) {
  void* x = alloc(256);
  Outcome o = launchAndSync(fn("misuse", "vector_on_gm"), 1, {(uint64_t)x});
  EXPECT_EQ(o.code, 507035);
  EXPECT_NE(o.message.find("vector and cube ops work on local memory only"), std::string::npos) << o.message;
}

TEST_F(Device, CubeOpOnAivIsDeviceException) {
  void* x = alloc(256);
  Outcome o = launchAndSync(fn("misuse", "cube_on_aiv"), 1, {(uint64_t)x});
  EXPECT_EQ(o.code, 507035);
  EXPECT_NE(o.message.find("mmad is a cube op: it runs on AIC cores only"), std::string::npos) << o.message;
}

TEST_F(Device, DataCopyOfAPartialBlockTraps) {
  void* x = alloc(256);
  Outcome o = launchAndSync(fn("misuse", "unaligned_copy"), 1, {(uint64_t)x});
  EXPECT_EQ(o.code, 507035);
  EXPECT_NE(o.message.find("multiple of 32 bytes"), std::string::npos) << o.message;
}

TEST_F(Device, GmToGmCopyIsDeviceException) {
  void* x = alloc(256);
  void* y = alloc(256);
  Outcome o = launchAndSync(fn("misuse", "gm_to_gm"), 1, {(uint64_t)x, (uint64_t)y});
  EXPECT_EQ(o.code, 507035);
  EXPECT_NE(o.message.find("GM to GM copy"), std::string::npos) << o.message;
}

TEST_F(Device, TrapReportsItsCodeMessageAndBlock) {
  void* x = alloc(256);
  Outcome o = launchAndSync(fn("misuse", "trap_kernel"), 4, {(uint64_t)x});
  EXPECT_EQ(o.code, 507035);
  EXPECT_NE(o.message.find("trap_kernel: block 1"), std::string::npos) << o.message;
  EXPECT_NE(o.message.find("sk_trap(42): bad tiling"), std::string::npos) << o.message;
}

TEST_F(Device, AnIBWaitNoBlockSetsIsADeadlockNamingTheFlag) {
  void* x = alloc(256);
  Outcome o = launchAndSync(fn("misuse", "ib_wait_unset"), 2, {(uint64_t)x});
  EXPECT_EQ(o.code, 507034) << o.message;
  EXPECT_NE(o.message.find("deadlock in kernel 'ib_wait_unset'"), std::string::npos) << o.message;
  EXPECT_NE(o.message.find("IBWait(block 0, event 3): wait 1 of this block, 0 IBSet(s) arrived"), std::string::npos)
      << o.message;
}

TEST_F(Device, AnIBSetOfAnEventOutsideTheRangeIsADeviceException) {
  void* x = alloc(256);
  Outcome o = launchAndSync(fn("misuse", "ib_set_bad_event"), 2, {(uint64_t)x});
  EXPECT_EQ(o.code, 507035) << o.message;
  EXPECT_NE(o.message.find("IBSet: block 0, event 40: blocks 0..4095 and events 0..31 are simulated"),
            std::string::npos)
      << o.message;
}

TEST_F(Device, AGroupBarrierWaitSomeArriverNeverReachesIsADeadlockNamingIt) {
  void* x = alloc(1024);
  Outcome o = launchAndSync(fn("misuse", "group_wait_unarrived"), 2, {(uint64_t)x});
  EXPECT_EQ(o.code, 507034) << o.message;
  EXPECT_NE(o.message.find("deadlock in kernel 'group_wait_unarrived'"), std::string::npos) << o.message;
  EXPECT_NE(o.message.find("GroupBarrier at workspace "), std::string::npos) << o.message;
  EXPECT_NE(o.message.find(": Wait round 1 of this block needs Arrive(1) 1 time(s), 0 arrived"), std::string::npos)
      << o.message;
}

TEST_F(Device, AGroupBarrierArriveOutsideItsGroupIsADeviceException) {
  void* x = alloc(1024);
  Outcome o = launchAndSync(fn("misuse", "group_arrive_bad_index"), 2, {(uint64_t)x});
  EXPECT_EQ(o.code, 507035) << o.message;
  EXPECT_NE(o.message.find(", 2, 1).Arrive(5): the index must be in 0..1"), std::string::npos) << o.message;
}

// The AI Core's scalar unit does not trap on an integer division by zero (CATLASS's kernels take
// `i % 0` on their last block); sk_cc's guard gives x / 0 = -1 and x % 0 = x, and INT_MIN / -1
// wraps, as the host CPU would trap on both.
TEST_F(Device, IntegerDivisionsByZeroOrMinusOneDoNotTrapAndGiveFixedResults) {
  int32_t in[16] = {0, -1};
  in[12] = 7;
  void* x = alloc(sizeof in);
  llvm::cantFail(rt->device().memcpy(x, in, sizeof in, sk::sim::CopyKind::HostToDevice));
  Outcome o = launchAndSync(fn("crashes", "divide_by_zero"), 1, {(uint64_t)x});
  ASSERT_EQ(o.code, 0) << o.message;
  int32_t out[16];
  llvm::cantFail(rt->device().memcpy(out, x, sizeof out, sk::sim::CopyKind::DeviceToHost));
  EXPECT_EQ(out[2], -1);        // 1000 / 0
  EXPECT_EQ(out[3], 1000);      // 1000 % 0
  EXPECT_EQ(out[4], -1);        // 7u / 0u: all ones
  EXPECT_EQ(out[5], 7);         // 7u % 0u
  EXPECT_EQ(out[6], INT32_MIN); // INT_MIN / -1 wraps
  EXPECT_EQ(out[7], 0);         // INT_MIN % -1
  EXPECT_EQ(out[8], -1000);     // 1000 / -1
  EXPECT_EQ(out[9], -1);        // 64-bit: (1 << 40) / 0 = all ones
  EXPECT_EQ(out[10], -142);     // the ordinary path: -1000 / 7
  EXPECT_EQ(out[11], -6);       // -1000 % 7
}

// A kernel bug that raises a signal on a real CPU is a device exception naming the signal, the
// kernel, the block and the code it was in; the process goes on, and the next launch works.
TEST_F(Device, SignalsOfKernelCodeAreDeviceExceptionsAndTheNextLaunchWorks) {
  struct Case {
    const char* entry;
    const char* says;
  };
  for (const Case& k : {Case{"wild_store", "invalid memory access at address 0x10 (nothing mapped there) (SIGSEGV)"},
                        Case{"trap", "illegal instruction"},
                        Case{"overflow_stack", "stack overflow"},
                        Case{"write_past_buffer", "bytes past the end of buffer #"}}) {
    SCOPED_TRACE(k.entry);
    void* x = alloc(256);  // zeros: trap traps
    Outcome o = launchAndSync(fn("crashes", k.entry), 4, {(uint64_t)x});
    EXPECT_EQ(o.code, 507035) << o.message;
    EXPECT_NE(o.message.find(std::string(k.entry) + ": block "), std::string::npos) << o.message;
    EXPECT_NE(o.message.find(k.says), std::string::npos) << o.message;
    if (std::string(k.entry) != "overflow_stack") {  // (a recursion's pc may be anywhere in deeper)
      EXPECT_NE(o.message.find(" in " + std::string(k.entry) + "+0x"), std::string::npos) << o.message;
      EXPECT_NE(o.message.find("rt_crashes.o)"), std::string::npos) << "the object it was in: " << o.message;
    }
    void* out = alloc(8 * 32);
    void* flag = alloc(32);
    EXPECT_EQ(launchAndSync(fn("core_ids", "core_ids"), 8, {(uint64_t)out, (uint64_t)flag}).code, 0)
        << "the device works after the fault";
  }
}

// The concurrency contract (docs/acl_api.md): threads launching, copying and recording events on
// streams of their own while another thread loads and unloads the binary they launch from. Every
// launch either runs or fails with the invalid-handle code (never a use of freed code or
// handles), every copy arrives, and the device works afterwards.
TEST_F(Device, LaunchesRacingAnUnloadOfTheirBinaryRunOrFailNeverCrash) {
  auto& d = rt->device();
  std::atomic<Function*> current{nullptr};
  std::atomic<bool> done{false};
  std::atomic<int> ran{0}, refused{0}, other{0};
  std::thread loader([&] {
    for (int i = 0; i < 40; ++i) {
      auto b = rt->loadBinaryFile(kernelPath("core_ids"));
      ASSERT_TRUE(!!b) << llvm::toString(b.takeError());
      current = llvm::cantFail(rt->getFunction(*b, "core_ids"));
      std::this_thread::sleep_for(std::chrono::microseconds(300));
      llvm::cantFail(rt->unloadBinary(*b));
    }
    done = true;
  });
  std::vector<std::thread> launchers;
  for (int t = 0; t < 3; ++t)
    launchers.emplace_back([&, t] {
      sk::sim::StreamId s = llvm::cantFail(d.createStream());
      sk::sim::EventId e = llvm::cantFail(d.createEvent());
      void *out = alloc(8 * 32), *flag = alloc(32), *copy = alloc(8 * 32);
      std::vector<int32_t> pattern(64, t + 1);
      while (!done) {
        Function* f = current;
        if (!f) continue;
        Outcome o = outcome(rt->launch(f, 8, {(uint64_t)out, (uint64_t)flag}, s));
        (o.code == 0 ? ran : o.code == 107017 /* ACL_ERROR_RT_INVALID_HANDLE */ ? refused : other)++;
        llvm::cantFail(d.memcpyAsync(s, copy, pattern.data(), 256, sk::sim::CopyKind::HostToDevice));
        llvm::cantFail(d.recordEvent(e, s));
        Outcome sync = outcome(d.synchronizeEvent(e));
        EXPECT_EQ(sync.code, 0) << sync.message;
        EXPECT_EQ(read<int32_t>(copy, 64), pattern);
      }
    });
  loader.join();
  for (auto& t : launchers) t.join();
  EXPECT_EQ(other.load(), 0) << "only success or the invalid-handle code";
  EXPECT_GT(ran.load(), 0);
  void* out = alloc(8 * 32);
  void* flag = alloc(32);
  EXPECT_EQ(launchAndSync(fn("core_ids", "core_ids"), 8, {(uint64_t)out, (uint64_t)flag}).code, 0);
}

// A fault of a launch still queued when its binary is unloaded is not lost: the stream's next
// synchronisation reports it (the unload used to synchronise the device and drop it).
TEST_F(Device, AFaultIsReportedAfterItsBinaryIsUnloaded) {
  auto& d = rt->device();
  auto b = llvm::cantFail(rt->loadBinaryFile(kernelPath("crashes")));
  Function* trap = llvm::cantFail(rt->getFunction(b, "trap"));
  void* x = alloc(256);
  auto s = llvm::cantFail(d.createStream());
  llvm::cantFail(rt->launch(trap, 2, {(uint64_t)x}, s));
  llvm::cantFail(rt->unloadBinary(b));
  Outcome o = outcome(d.synchronizeStream(s));
  EXPECT_EQ(o.code, 507035) << o.message;
  EXPECT_NE(o.message.find("illegal instruction"), std::string::npos) << o.message;
}

TEST_F(Device, AicKernelFaultsReportAiCoreException) {
  void* x = alloc(256);
  Outcome o = launchAndSync(fn("misuse", "trap_kernel"), 2, {(uint64_t)x}, kAic);
  EXPECT_EQ(o.code, 507015);
  EXPECT_NE(o.message.find("on aic1"), std::string::npos) << o.message;
}

TEST_F(Device, PrintfIsOrderedByVirtualTimeNotBlockOrder) {
  void* x = alloc(256);
  ASSERT_EQ(launchAndSync(fn("printer", "printer"), 4, {(uint64_t)x}).code, 0);
  std::string out = rt->device().takePrintfOutput();
  size_t p3 = out.find("block 3 says hello"), p0 = out.find("block 0 says hello");
  ASSERT_NE(p3, std::string::npos) << out;
  ASSERT_NE(p0, std::string::npos) << out;
  EXPECT_LT(p3, p0) << "block 3 did the least work, so it prints first\n" << out;
  EXPECT_NE(out.find("[printer aiv2 (block 2)] block 2 says hello"), std::string::npos) << out;
}

TEST_F(Device, ScalarHalfAndBf16ArithmeticUsesTheSimulatorsConversions) {
  uint16_t in[4] = {sk::floatToHalf(1.5f), sk::floatToHalf(2.25f), sk::floatToHalf(-3.0f), sk::floatToHalf(0.5f)};
  void* din = alloc(64);
  void* dout = alloc(64);
  llvm::cantFail(rt->device().memcpy(din, in, sizeof in, sk::sim::CopyKind::HostToDevice));
  ASSERT_EQ(launchAndSync(fn("half_scalar", "half_scalar"), 1, {(uint64_t)din, (uint64_t)dout}).code, 0);
  auto v = read<uint16_t>(dout, 4);
  EXPECT_EQ(sk::halfToFloat(v[0]), 3.75f);
  EXPECT_EQ(sk::halfToFloat(v[1]), -1.5f);
  EXPECT_EQ(sk::halfToFloat(v[2]), 4.5f);
  EXPECT_EQ(v[3], sk::floatToHalf(sk::bf16ToFloat(sk::floatToBf16(0.5f))));
}

TEST_F(Device, ImportingAHostFunctionOutsideTheAllowListIsRejectedNamingIt) {
  auto b = rt->loadBinaryFile(kernelPath("imports_getenv"));
  ASSERT_FALSE(!!b);
  Outcome o = outcome(b.takeError());
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.message.find("undefined symbol 'getenv'"), std::string::npos) << o.message;
  EXPECT_NE(o.message.find("allow-list"), std::string::npos) << o.message;
}

TEST_F(Device, GetFunctionOfAnUnknownSymbolIsAnError) {
  auto b = rt->loadBinaryFile(kernelPath("printer"));
  ASSERT_TRUE(!!b);
  auto f = rt->getFunction(*b, "no_such_kernel");
  ASSERT_FALSE(!!f);
  Outcome o = outcome(f.takeError());
  EXPECT_EQ(o.code, 107000);
  EXPECT_NE(o.message.find("no kernel named 'no_such_kernel'"), std::string::npos);
}

TEST_F(Device, UnloadedFunctionsCannotBeLaunched) {
  auto b = rt->loadBinaryFile(kernelPath("printer"));
  ASSERT_TRUE(!!b);
  auto f = rt->getFunction(*b, "printer");
  ASSERT_TRUE(!!f);
  llvm::cantFail(rt->unloadBinary(*b));
  Outcome o = outcome(rt->launch(*f, 1, {0}, sk::sim::kDefaultStream));
  EXPECT_EQ(o.code, 107017);
}

TEST_F(Device, FreeOfAPointerThatWasNotAllocatedIsAnError) {
  void* x = alloc(256);
  Outcome o = outcome(rt->device().free((char*)x + 64));
  EXPECT_EQ(o.code, 207002);
  EXPECT_EQ(outcome(rt->device().free(x)).code, 0);
  EXPECT_EQ(outcome(rt->device().free(x)).code, 207002) << "double free";
}

TEST_F(Device, CopiesOutsideAnAllocationAreRejected) {
  void* x = alloc(256);
  std::vector<uint8_t> host(512);
  Outcome o = outcome(rt->device().memcpy(x, host.data(), 512, sk::sim::CopyKind::HostToDevice));
  EXPECT_EQ(o.code, 107000);
  EXPECT_NE(o.message.find("runs past the end of a 256-byte device allocation"), std::string::npos) << o.message;
}

// A dav-2201 runtime with `workers` host threads that records a trace.
std::unique_ptr<Runtime> tracingRuntime(unsigned workers, uint64_t replayBatchBytes = sk::sim::DeviceOptions{}.replayBatchBytes) {
  sk::sim::DeviceOptions o;
  o.workerThreads = workers;
  o.replayBatchBytes = replayBatchBytes;
  o.trace = true;
  o.echoPrintf = false;
  return llvm::cantFail(Runtime::create(llvm::cantFail(sk::arch::loadArch("dav-2201")), o));
}

// The test kernel `name` (tests/runtime/kernels/<name>.cpp), whose entry is `name`.
Function* testKernel(Runtime& rt, const std::string& name) {
  return llvm::cantFail(rt.getFunction(llvm::cantFail(rt.loadBinaryFile(kernelPath(name))), name));
}

// The barrier_exchange and core_ids kernels with their buffers (48 slots, 48 results, 100 ids,
// a zeroed flag).
struct ExchangeAndIds {
  Function *ex, *ids;
  void *slots, *out, *ids1, *flag;
};
ExchangeAndIds exchangeAndIds(Runtime& rt) {
  auto& d = rt.device();
  ExchangeAndIds k{testKernel(rt, "barrier_exchange"), testKernel(rt, "core_ids"), llvm::cantFail(d.malloc(48 * 32)),
                   llvm::cantFail(d.malloc(48 * 32)),  llvm::cantFail(d.malloc(100 * 32)), llvm::cantFail(d.malloc(32))};
  llvm::cantFail(d.memset(k.flag, 0, 32));
  return k;
}

// A workload with two streams, an event between them, barriers, waves and a long launch.
std::string traceOfWorkload(unsigned workers) {
  auto rt = tracingRuntime(workers);
  auto& d = rt->device();
  auto [ex, ids, slots, out, ids1, flag] = exchangeAndIds(*rt);
  auto s1 = llvm::cantFail(d.createStream());
  auto ev = llvm::cantFail(d.createEvent());
  llvm::cantFail(rt->launch(ex, 40, {(uint64_t)slots, (uint64_t)out}, 0));
  llvm::cantFail(rt->launch(ids, 100, {(uint64_t)ids1, (uint64_t)flag}, s1));
  // Tens of milliseconds of wall time: the pool's threads join in (after 50 us).
  auto busy = testKernel(*rt, "busy");
  void* src = llvm::cantFail(d.malloc(4096));
  int32_t iters = 2000;
  void* it = llvm::cantFail(d.malloc(32));
  llvm::cantFail(d.memcpy(it, &iters, 4, sk::sim::CopyKind::HostToDevice));
  llvm::cantFail(rt->launch(busy, 48, {(uint64_t)src, (uint64_t)it}, s1));
  llvm::cantFail(d.recordEvent(ev, s1));
  llvm::cantFail(d.streamWaitEvent(0, ev));
  llvm::cantFail(rt->launch(ex, 48, {(uint64_t)slots, (uint64_t)out}, 0));
  llvm::cantFail(d.synchronizeDevice());
  return d.traceJson();
}

TEST(Trace, IsByteIdenticalWithOneTwoAndFourWorkerThreads) {
  std::string t1 = traceOfWorkload(1);
  EXPECT_NE(t1.find("\"name\":\"barrier_exchange\""), std::string::npos);
  EXPECT_NE(t1.find("\"thread_name\""), std::string::npos);
  EXPECT_EQ(t1, traceOfWorkload(2));
  EXPECT_EQ(t1, traceOfWorkload(4));
}

// Launches queued on one stream without a synchronisation, timed in batches of at most
// `batchBytes` of recorded instructions: the trace and the results.
std::pair<std::string, std::vector<int32_t>> oneStreamQueue(uint64_t batchBytes) {
  auto rt = tracingRuntime(2, batchBytes);
  auto& d = rt->device();
  auto [ex, ids, slots, out, ids1, flag] = exchangeAndIds(*rt);
  for (int round = 0; round < 6; ++round) {
    llvm::cantFail(rt->launch(ex, 8 + 8 * round, {(uint64_t)slots, (uint64_t)out}, 0));
    llvm::cantFail(rt->launch(ids, 100 - 10 * round, {(uint64_t)ids1, (uint64_t)flag}, 0));
  }
  llvm::cantFail(d.synchronizeDevice());
  std::vector<int32_t> results(48 * 8 + 100 * 8);
  llvm::cantFail(d.memcpy(results.data(), out, 48 * 32, sk::sim::CopyKind::DeviceToHost));
  llvm::cantFail(d.memcpy(results.data() + 48 * 8, ids1, 100 * 32, sk::sim::CopyKind::DeviceToHost));
  return {d.traceJson(), results};
}

TEST(Trace, WorkQueuedOnOneStreamTimesTheSameInSmallReplayBatches) {
  auto whole = oneStreamQueue(sk::sim::DeviceOptions{}.replayBatchBytes);
  auto batched = oneStreamQueue(1);  // every task timed on its own
  EXPECT_NE(whole.first.find("\"name\":\"core_ids\""), std::string::npos);
  EXPECT_EQ(whole.first, batched.first);
  EXPECT_EQ(whole.second, batched.second);
}

// Kernels that talk through GM: a flag polled with scalar reads, and atomic adds of floats
// from 48 blocks (whose bits depend on their order). Long enough that the pool joins in.
struct GmTalk {
  std::string trace;
  int32_t polls = 0;
  std::vector<float> sum;
};
GmTalk gmTalk(unsigned workers) {
  auto rt = tracingRuntime(workers);
  auto& d = rt->device();
  auto poll = testKernel(*rt, "gm_poll");
  auto sum = testKernel(*rt, "atomic_sum");
  const int32_t rounds = 64, blocks = 8;
  void* flag = llvm::cantFail(d.malloc(32));
  void* polls = llvm::cantFail(d.malloc(32));
  void* data = llvm::cantFail(d.malloc(blocks * rounds * 4096));
  void* r = llvm::cantFail(d.malloc(32));
  llvm::cantFail(d.memset(flag, 0, 32));
  llvm::cantFail(d.memset(data, 1, blocks * rounds * 4096));
  llvm::cantFail(d.memcpy(r, &rounds, 4, sk::sim::CopyKind::HostToDevice));
  std::vector<float> in(48 * 64);
  for (size_t i = 0; i < in.size(); ++i) in[i] = 1.0f / (float)(i + 1) * (i % 3 ? 1e4f : 1e-3f);
  void* inDev = llvm::cantFail(d.malloc(in.size() * 4));
  void* out = llvm::cantFail(d.malloc(64 * 4));
  llvm::cantFail(d.memcpy(inDev, in.data(), in.size() * 4, sk::sim::CopyKind::HostToDevice));
  llvm::cantFail(d.memset(out, 0, 64 * 4));
  llvm::cantFail(rt->launch(poll, blocks, {(uint64_t)flag, (uint64_t)polls, (uint64_t)data, (uint64_t)r}, 0));
  llvm::cantFail(rt->launch(sum, 48, {(uint64_t)out, (uint64_t)inDev}, 0));
  llvm::cantFail(d.synchronizeDevice());
  GmTalk t;
  t.trace = d.traceJson();
  llvm::cantFail(d.memcpy(&t.polls, polls, 4, sk::sim::CopyKind::DeviceToHost));
  t.sum.resize(64);
  llvm::cantFail(d.memcpy(t.sum.data(), out, 64 * 4, sk::sim::CopyKind::DeviceToHost));
  return t;
}

TEST(Trace, KernelsTalkingThroughGmGiveTheSameTraceAndBitsWithOneTwoAndFourWorkers) {
  GmTalk one = gmTalk(1);
  EXPECT_GT(one.polls, 1) << "block 0 polls while the last block copies";
  for (unsigned workers : {2u, 4u, 2u, 4u}) {
    GmTalk other = gmTalk(workers);
    EXPECT_EQ(other.polls, one.polls) << workers << " workers";
    EXPECT_EQ(std::memcmp(other.sum.data(), one.sum.data(), 64 * 4), 0) << workers << " workers";
    EXPECT_TRUE(other.trace == one.trace) << workers << " workers: the traces differ";
  }
}

// msprof's Task Duration of a small op can be shorter than a kernel's start-up (1.66 us in CANN's
// SuperKernel profiling sample), so the task begins after it; device time still pays it.
TEST_F(Device, AKernelsTaskBeginsAfterItsStartUp) {
  auto& d = rt->device();
  Function* f = fn("first_block_copies", "first_block_copies");
  const int32_t iters = 1;
  void* src = alloc(65536);
  void* it = alloc(32);
  llvm::cantFail(d.memcpy(it, &iters, 4, sk::sim::CopyKind::HostToDevice));
  EXPECT_EQ(launchAndSync(f, 1, {(uint64_t)src, (uint64_t)it}).code, 0);
  const auto t = d.taskTimings().back();  // a copy: the vector is a temporary
  const auto& a = d.arch();
  const double startupUs = (double)a.kernelStartupCycles / a.clockMHz;
  EXPECT_NEAR(t.beginUs - t.launchUs, startupUs, 0.01);
  EXPECT_LT(t.endUs - t.beginUs, startupUs) << "a one-copy kernel's task is shorter than its start-up";
}

TEST_F(Device, OneCoreCopyingAloneInA48BlockLaunchGetsItsFullPerCoreRate) {
  // HBM is shared by the transfers in flight, not split among the launch's cores.
  auto& d = rt->device();
  Function* f = fn("first_block_copies", "first_block_copies");
  const int32_t iters = 256;  // 16 MiB
  void* src = alloc((uint64_t)iters * 65536);
  void* it = alloc(32);
  llvm::cantFail(d.memcpy(it, &iters, 4, sk::sim::CopyKind::HostToDevice));
  auto duration = [&](uint32_t blocks) {
    EXPECT_EQ(launchAndSync(f, blocks, {(uint64_t)src, (uint64_t)it}).code, 0);
    auto t = d.taskTimings();
    return t.back().endUs - t.back().beginUs;
  };
  double alone = duration(1), among48 = duration(48);
  EXPECT_NEAR(among48, alone, 0.02 * alone) << "one block copying among 48 blocks";
  const auto& a = d.arch();
  double copyUs = (double)iters * 65536 / (a.gmToUbGiBps * (1ull << 30)) * 1e6;
  double latencyUs = (double)iters * a.dataCopyLatencyCycles / a.clockMHz;
  EXPECT_GT(alone, copyUs + latencyUs) << "the copies at the per-core rate";
  EXPECT_LT(alone, 1.05 * (copyUs + latencyUs) + 20.0) << "plus start-up and dispatch only";
}

TEST_F(Device, AnNd2NzCopyWhoseRowsAreNot256ByteAlignedMovesAtTheUnalignedRate) {
  // The same 64 x 256 half block into L1, its rows 4096 or 4095 halves apart in GM: the
  // on-the-fly ND2NZ of an inner axis that is not 256-byte aligned is the slow one.
  auto& d = rt->device();
  Function* f = fn("nd2nz_rows", "nd2nz_rows");
  void* src = alloc(64 * 4096 * 2);
  void* args = alloc(32);
  auto duration = [&](int32_t pitch) {
    int32_t a[2] = {64, pitch};
    llvm::cantFail(d.memcpy(args, a, 8, sk::sim::CopyKind::HostToDevice));
    EXPECT_EQ(launchAndSync(f, 1, {(uint64_t)src, (uint64_t)args}, kAic).code, 0);
    auto t = d.taskTimings();
    return t.back().endUs - t.back().beginUs;
  };
  const auto& a = d.arch();
  const double bytes = 64.0 * 64 * 256 * 2;
  double aligned = duration(4096), unaligned = duration(4095);
  EXPECT_LT(aligned, 1.2 * bytes / (a.gmToL1GiBps * (1ull << 30)) * 1e6 + 20.0);
  EXPECT_GT(unaligned, bytes / (a.nd2nzUnalignedGiBps * (1ull << 30)) * 1e6) << "aligned: " << aligned << " us";
}

TEST_F(Device, AReplayedModelPaysOneHostSubmitAndComputesWhatEagerLaunchesDo) {
  auto& d = rt->device();
  Function* ids = fn("core_ids", "core_ids");
  const int n = 24;
  std::vector<void*> outs;
  for (int i = 0; i < n; ++i) outs.push_back(alloc(8 * 32));
  void* flag = alloc(32);
  auto s = llvm::cantFail(d.createStream());
  auto launchAll = [&] {
    for (int i = 0; i < n; ++i) llvm::cantFail(rt->launch(ids, 8, {(uint64_t)outs[i], (uint64_t)flag}, s));
  };
  double h0 = d.stats().hostUs;
  launchAll();
  double eagerHostUs = d.stats().hostUs - h0;
  llvm::cantFail(d.synchronizeStream(s));
  std::vector<std::vector<int32_t>> eager;
  for (void* o : outs) eager.push_back(read<int32_t>(o, 64));

  for (void* o : outs) llvm::cantFail(d.memset(o, 0, 8 * 32));
  llvm::cantFail(d.captureBegin(s, sk::sim::CaptureMode::Global));
  launchAll();
  auto model = d.captureEnd(s);
  ASSERT_TRUE(!!model) << llvm::toString(model.takeError());
  EXPECT_EQ(llvm::cantFail(d.modelTasks(*model)).size(), (size_t)n);
  for (void* o : outs) EXPECT_EQ(read<int32_t>(o, 64), std::vector<int32_t>(64, 0)) << "nothing ran at capture";
  double h1 = d.stats().hostUs;
  llvm::cantFail(d.executeModel(*model, s));
  double replayHostUs = d.stats().hostUs - h1;
  llvm::cantFail(d.synchronizeStream(s));
  for (int i = 0; i < n; ++i) EXPECT_EQ(read<int32_t>(outs[i], 64), eager[i]) << "launch " << i;
  const auto& a = d.arch();
  EXPECT_NEAR(eagerHostUs, n * a.launchHostNs / 1000.0, 1e-6) << "eager: one host launch per kernel";
  EXPECT_NEAR(replayHostUs, a.launchHostNs / 1000.0, 1e-6) << "replay: one submit for the model";
  llvm::cantFail(d.destroyModel(*model));
}

// aclskOptimize in C++: a scope of three chained add_custom launches becomes one super kernel
// in the captured model; replaying it computes what the eager launches computed.
TEST_F(Device, OptimizingACapturedModelFusesAScopeAndComputesTheSameBytes) {
  auto& d = rt->device();
  AddKernel k = addKernel();
  Function* add = k.fn;
  void* t = k.tiling;
  const size_t n = kAddElems, bytes = kAddBytes;
  void* x = halfTensor([](size_t i) { return (float)(i % 17) * 0.5f; });
  void* y = halfTensor([](size_t i) { return (float)(i % 5) - 2.0f; });
  void *a = alloc(bytes), *b = alloc(bytes), *c = alloc(bytes), *copy = alloc(bytes);
  auto s = llvm::cantFail(d.createStream());
  auto program = [&] {  // a = x + y; b = a + y; c = b + x, then copy = c (outside the scope)
    for (auto [p, q, r] : {std::tuple{x, y, a}, std::tuple{a, y, b}, std::tuple{b, x, c}})
      llvm::cantFail(rt->launch(add, 8, {(uint64_t)p, (uint64_t)q, (uint64_t)r, (uint64_t)t}, s));
  };
  program();
  llvm::cantFail(d.synchronizeStream(s));
  std::vector<uint16_t> eager = read<uint16_t>(c, n);

  llvm::cantFail(d.memset(c, 0, bytes));
  llvm::cantFail(d.captureBegin(s, sk::sim::CaptureMode::Global));
  llvm::cantFail(d.captureScope(s, true, std::string("sk1")));
  program();
  llvm::cantFail(d.captureScope(s, false, std::string("sk1")));
  llvm::cantFail(d.memcpyAsync(s, copy, c, bytes, sk::sim::CopyKind::DeviceToDevice));
  sk::sim::ModelId m = llvm::cantFail(d.captureEnd(s));
  auto report = sk::rt::optimizeModel(*rt, m, "");
  ASSERT_TRUE(!!report) << llvm::toString(report.takeError());
  EXPECT_EQ(report->superKernels, 1u);
  EXPECT_EQ(report->kernelsFused, 3u);
  auto tasks = llvm::cantFail(d.modelTasks(m));
  size_t kernels = 0;
  for (const auto& task : tasks) kernels += task.kind == sk::sim::Device::ModelTask::Kind::Kernel;
  EXPECT_EQ(kernels, 1u) << "the scope is one launch";
  for (int rep = 0; rep < 2; ++rep) {
    llvm::cantFail(d.executeModel(m, s));
    llvm::cantFail(d.synchronizeStream(s));
    EXPECT_EQ(read<uint16_t>(c, n), eager);
    EXPECT_EQ(read<uint16_t>(copy, n), eager) << "the task after the scope sees the fused result";
  }
  llvm::cantFail(d.destroyModel(m));
}

// AOT from a capture: exportModel writes the scope as an op list (objects copied, each launch's
// metadata with its captured tiling) that the planner and linker turn into a super kernel
// computing what the eager launches computed; tensors take the caller's names, the unnamed
// intermediates stay in the workspace.
TEST_F(Device, ExportingACapturedModelWritesAnOpListThatFusesToTheSameBytes) {
  auto& d = rt->device();
  AddKernel k = addKernel();
  const size_t n = kAddElems, bytes = kAddBytes;
  void* x = halfTensor([](size_t i) { return (float)(i % 11) * 0.5f; });
  void* y = halfTensor([](size_t i) { return (float)(i % 7) - 3.0f; });
  void *a = alloc(bytes), *b = alloc(bytes), *c = alloc(bytes);
  auto s = llvm::cantFail(d.createStream());
  auto program = [&] {  // a = x + y; b = a + y; c = b + x
    for (auto [p, q, r] : {std::tuple{x, y, a}, std::tuple{a, y, b}, std::tuple{b, x, c}})
      llvm::cantFail(rt->launch(k.fn, 8, {(uint64_t)p, (uint64_t)q, (uint64_t)r, (uint64_t)k.tiling}, s));
  };
  program();
  llvm::cantFail(d.synchronizeStream(s));
  std::vector<uint16_t> eager = read<uint16_t>(c, n);
  llvm::cantFail(d.captureBegin(s, sk::sim::CaptureMode::Global));
  program();
  sk::sim::ModelId m = llvm::cantFail(d.captureEnd(s));

  sk::test::TempDir dir;
  sk::rt::ExportConfig config;
  config.names = {{(uint64_t)x, "x"}, {(uint64_t)y, "y"}, {(uint64_t)c, "c"}};
  auto report = sk::rt::exportModel(*rt, m, dir.path(), config);
  ASSERT_TRUE(!!report) << llvm::toString(report.takeError());
  ASSERT_EQ(report->opLists.size(), 1u);
  EXPECT_EQ(report->opLists[0], dir.path() + "/sk_model_0/op_list.json");
  auto list = sk::reuse::readOpList(report->opLists[0]);
  ASSERT_TRUE(!!list) << llvm::toString(list.takeError());
  ASSERT_EQ(list->ops.size(), 3u);
  EXPECT_EQ(list->ops[0].bind, (std::map<std::string, std::string>{{"x", "x"}, {"y", "y"}, {"z", "t2"}}));
  EXPECT_EQ(list->ops[2].bind, (std::map<std::string, std::string>{{"x", "t3"}, {"y", "x"}, {"z", "c"}}));
  EXPECT_EQ(list->keepOutputs, std::vector<std::string>{"c"}) << "the named output; t2 and t3 stay intermediates";
  EXPECT_TRUE(llvm::sys::fs::exists(dir.path() + "/sk_model_0/add_custom.o")) << "one copy of the one object";

  sk::reuse::PlanRequest req;
  req.name = "exported";
  req.arch = d.arch();
  req.ops = std::move(*list);
  auto plan = sk::reuse::makePlan(req);
  ASSERT_TRUE(!!plan) << llvm::toString(plan.takeError());
  auto built = sk::super_kernel::build(*plan);
  ASSERT_TRUE(!!built) << llvm::toString(built.takeError());
  llvm::MemoryBufferRef obj(llvm::StringRef((const char*)built->object.data(), built->object.size()), "exported.o");
  Function* fused = llvm::cantFail(rt->getFunction(llvm::cantFail(rt->loadBinary(obj, "exported.o", plan->ration)), "exported"));
  std::map<std::string, void*> tensors{{"x", x}, {"y", y}, {"c", alloc(bytes)}};
  std::vector<uint64_t> args;
  for (const sk::subkernel::Param& p : built->meta.params) {
    if (p.isTensor()) {
      args.push_back((uint64_t)tensors.at(p.name));
    } else {
      void* buf = alloc(p.bytes);
      if (!p.data.empty()) llvm::cantFail(d.memcpy(buf, p.data.data(), p.data.size(), sk::sim::CopyKind::HostToDevice));
      args.push_back((uint64_t)buf);
    }
  }
  ASSERT_EQ(built->meta.params.size(), 5u) << "x, y, c, the workspace and the tiling";
  Outcome o = launchAndSync(fused, plan->blockDim, args);
  ASSERT_EQ(o.code, 0) << o.message;
  EXPECT_EQ(read<uint16_t>(tensors["c"], n), eager);

  for (auto [names, message] : {std::pair{std::map<uint64_t, std::string>{{(uint64_t)x, "x"}, {(uint64_t)a, "x"}},
                                          "tensor name 'x' is given to two buffers"},
                                std::pair{std::map<uint64_t, std::string>{{(uint64_t)x, "9x"}}, "'9x' (at 0x"}}) {
    sk::test::TempDir empty;
    auto bad = sk::rt::exportModel(*rt, m, empty.path(), sk::rt::ExportConfig{names});
    ASSERT_FALSE(!!bad);
    EXPECT_NE(llvm::toString(bad.takeError()).find(message), std::string::npos);
    EXPECT_TRUE(std::filesystem::is_empty(empty.path())) << "nothing written";
  }
  llvm::cantFail(d.destroyModel(m));
}

// A scope that forks a second stream and joins it back inside becomes one super kernel whose
// sub-kernels keep the streams and the event between them; a scope whose second stream goes on
// after it is fused per stream, with the reason.
TEST_F(Device, OptimizingFusesAScopeThatSpansTwoStreamsJoinedByEvents) {
  auto& d = rt->device();
  AddKernel k = addKernel();
  Function* add = k.fn;
  void* t = k.tiling;
  const size_t n = kAddElems, bytes = kAddBytes;
  void* x = halfTensor([](size_t i) { return (float)(i % 13) * 0.25f; });
  void* y = halfTensor([](size_t i) { return (float)(i % 3) - 1.0f; });
  void *a = alloc(bytes), *b = alloc(bytes), *c = alloc(bytes), *e = alloc(bytes);
  auto s = llvm::cantFail(d.createStream()), s2 = llvm::cantFail(d.createStream());
  auto fork = llvm::cantFail(d.createEvent()), join = llvm::cantFail(d.createEvent());
  auto launch = [&](void* p, void* q, void* r, sk::sim::StreamId on) {
    llvm::cantFail(rt->launch(add, 8, {(uint64_t)p, (uint64_t)q, (uint64_t)r, (uint64_t)t}, on));
  };
  // s: a = x + y | s2: b = x + x, c = b + y | s: e = a + c (after the join)
  auto program = [&](bool s2GoesOn) {
    llvm::cantFail(d.recordEvent(fork, s));
    llvm::cantFail(d.streamWaitEvent(s2, fork));
    launch(x, y, a, s);
    launch(x, x, b, s2);
    launch(b, y, c, s2);
    llvm::cantFail(d.recordEvent(join, s2));
    llvm::cantFail(d.streamWaitEvent(s, join));
    launch(a, c, e, s);
    if (s2GoesOn) launch(x, y, b, s2);  // s2 has work after the scope
  };
  for (bool s2GoesOn : {false, true}) {
    SCOPED_TRACE(s2GoesOn ? "the second stream goes on after the scope" : "forked and joined inside the scope");
    for (void* p : {a, b, c, e}) llvm::cantFail(d.memset(p, 0, bytes));
    program(s2GoesOn);
    llvm::cantFail(d.synchronizeDevice());
    std::vector<uint16_t> eager = read<uint16_t>(e, n);
    for (void* p : {a, b, c, e}) llvm::cantFail(d.memset(p, 0, bytes));
    llvm::cantFail(d.captureBegin(s, sk::sim::CaptureMode::Global));
    llvm::cantFail(d.captureScope(s, true, std::string("both")));
    program(s2GoesOn);
    llvm::cantFail(d.captureScope(s, false, std::string("both")));
    if (s2GoesOn) {  // join s2 back for the capture to end
      llvm::cantFail(d.recordEvent(join, s2));
      llvm::cantFail(d.streamWaitEvent(s, join));
    }
    sk::sim::ModelId m = llvm::cantFail(d.captureEnd(s));
    auto report = sk::rt::optimizeModel(*rt, m, "");
    ASSERT_TRUE(!!report) << llvm::toString(report.takeError());
    std::string lines;
    for (const std::string& l : report->lines) lines += l + "\n";
    if (!s2GoesOn) {
      EXPECT_EQ(report->superKernels, 1u) << lines;
      EXPECT_EQ(report->kernelsFused, 4u) << lines;
      EXPECT_NE(lines.find("(4 kernels on 2 streams, blockDim 16)"), std::string::npos) << "b, c beside a: " << lines;
      size_t kernels = 0;
      for (const auto& task : llvm::cantFail(d.modelTasks(m))) kernels += task.kind == sk::sim::Device::ModelTask::Kind::Kernel;
      EXPECT_EQ(kernels, 1u);
    } else {
      EXPECT_NE(lines.find("not fused across streams"), std::string::npos) << lines;
      EXPECT_EQ(report->superKernels, 1u) << "s2's two chained kernels still fuse:\n" << lines;
    }
    for (int rep = 0; rep < 3; ++rep) {
      llvm::cantFail(d.memset(e, 0, bytes));
      llvm::cantFail(d.executeModel(m, s));
      llvm::cantFail(d.synchronizeDevice());
      EXPECT_EQ(read<uint16_t>(e, n), eager) << "replay " << rep;
    }
    llvm::cantFail(d.destroyModel(m));
  }
}

// A wait on an event recorded before the scope orders the scope's tasks after work it does not
// hold: the scope is split there, and each side fused.
TEST_F(Device, OptimizingSplitsAScopeAtAWaitOnAnEventRecordedOutsideIt) {
  auto& d = rt->device();
  AddKernel k = addKernel();
  Function* add = k.fn;
  void* t = k.tiling;
  const size_t bytes = kAddBytes;
  void *x = alloc(bytes), *a = alloc(bytes), *b = alloc(bytes), *c = alloc(bytes), *e = alloc(bytes);
  auto s = llvm::cantFail(d.createStream()), s2 = llvm::cantFail(d.createStream());
  auto fork = llvm::cantFail(d.createEvent()), done = llvm::cantFail(d.createEvent());
  auto launch = [&](void* p, void* r, sk::sim::StreamId on) {
    llvm::cantFail(rt->launch(add, 8, {(uint64_t)p, (uint64_t)x, (uint64_t)r, (uint64_t)t}, on));
  };
  llvm::cantFail(d.captureBegin(s, sk::sim::CaptureMode::Global));
  llvm::cantFail(d.recordEvent(fork, s));
  llvm::cantFail(d.streamWaitEvent(s2, fork));
  launch(x, e, s2);  // outside any scope
  llvm::cantFail(d.recordEvent(done, s2));
  llvm::cantFail(d.captureScope(s, true, std::string("sk")));
  launch(x, a, s);
  launch(a, b, s);
  llvm::cantFail(d.streamWaitEvent(s, done));
  launch(b, c, s);
  launch(c, a, s);
  llvm::cantFail(d.captureScope(s, false, std::string("sk")));
  sk::sim::ModelId m = llvm::cantFail(d.captureEnd(s));
  auto report = sk::rt::optimizeModel(*rt, m, "");
  ASSERT_TRUE(!!report) << llvm::toString(report.takeError());
  std::string lines;
  for (const std::string& l : report->lines) lines += l + "\n";
  EXPECT_NE(lines.find("scope sk: split at task 7: a wait on an event recorded outside the scope"), std::string::npos) << lines;
  EXPECT_EQ(report->superKernels, 2u) << lines;
  llvm::cantFail(d.destroyModel(m));
}

// A kernel loaded from a bare .o (no .json beside it) whose metadata is embedded in the object
// (SK_KERNEL_METADATA) is fused too.
TEST_F(Device, OptimizingFusesAKernelWhoseMetadataIsEmbeddedInItsObject) {
  auto& d = rt->device();
  ASSERT_FALSE(llvm::sys::fs::exists(std::string(SK_RT_KERNEL_DIR) + "/rt_embedded_scale.json"));
  Function* scale = fn("embedded_scale", "embedded_scale");
  const size_t n = 8 * 2048;
  std::vector<float> hx(n);
  for (size_t i = 0; i < n; ++i) hx[i] = (float)(i % 29) - 14.0f;
  void *x = alloc(n * 4), *a = alloc(n * 4), *b = alloc(n * 4);
  llvm::cantFail(d.memcpy(x, hx.data(), n * 4, sk::sim::CopyKind::HostToDevice));
  auto s = llvm::cantFail(d.createStream());
  llvm::cantFail(d.captureBegin(s, sk::sim::CaptureMode::Global));
  llvm::cantFail(rt->launch(scale, 8, {(uint64_t)x, (uint64_t)a}, s));
  llvm::cantFail(rt->launch(scale, 8, {(uint64_t)a, (uint64_t)b}, s));
  sk::sim::ModelId m = llvm::cantFail(d.captureEnd(s));
  auto report = sk::rt::optimizeModel(*rt, m, "");
  ASSERT_TRUE(!!report) << llvm::toString(report.takeError());
  std::string lines;
  for (const std::string& l : report->lines) lines += l + "\n";
  EXPECT_EQ(report->superKernels, 1u) << lines;
  llvm::cantFail(d.executeModel(m, s));
  llvm::cantFail(d.synchronizeStream(s));
  std::vector<float> got = read<float>(b, n);
  for (size_t i = 0; i < n; ++i) ASSERT_EQ(got[i], hx[i] * 4) << i;
  llvm::cantFail(d.destroyModel(m));
}

// What cannot be fused is left as captured, with the reason: a copy splits a scope, a kernel
// loaded from memory has no metadata, tensors that overlap without being the same are not
// fused, a no-fuse region (null name) is left alone.
TEST_F(Device, OptimizingReportsWhyTasksAreLeftOut) {
  auto& d = rt->device();
  std::string obj = std::string(SK_OPS_DIR) + "/add_custom.o";
  Function* add = llvm::cantFail(rt->getFunction(llvm::cantFail(rt->loadBinaryFile(obj)), "add_custom"));
  std::vector<char> bytes = [&] {
    std::ifstream in(obj, std::ios::binary);
    return std::vector<char>(std::istreambuf_iterator<char>(in), {});
  }();
  Function* bare = llvm::cantFail(rt->getFunction(
      llvm::cantFail(rt->loadBinary(llvm::MemoryBufferRef(llvm::StringRef(bytes.data(), bytes.size()), "in memory"), "in memory")),
      "add_custom"));
  const size_t tensor = 8 * 2048 * 2;
  void *x = alloc(tensor), *a = alloc(2 * tensor), *b = alloc(tensor), *t = alloc(8);
  uint32_t tiling[2] = {8 * 2048, 256};
  llvm::cantFail(d.memcpy(t, tiling, 8, sk::sim::CopyKind::HostToDevice));
  auto s = llvm::cantFail(d.createStream());
  auto launch = [&](Function* f, void* p, void* q, void* r) {
    llvm::cantFail(rt->launch(f, 8, {(uint64_t)p, (uint64_t)q, (uint64_t)r, (uint64_t)t}, s));
  };
  llvm::cantFail(d.captureBegin(s, sk::sim::CaptureMode::Global));
  llvm::cantFail(d.captureScope(s, true, std::string("split")));
  launch(add, x, x, a);
  llvm::cantFail(d.memcpyAsync(s, b, a, tensor, sk::sim::CopyKind::DeviceToDevice));
  launch(add, b, x, b);
  launch(bare, b, x, a);
  llvm::cantFail(d.captureScope(s, false, std::string("split")));
  llvm::cantFail(d.captureScope(s, true, std::string("overlap")));
  launch(add, x, x, a);
  launch(add, (uint8_t*)a + 64, x, b);  // reads bytes of `a` at another address
  llvm::cantFail(d.captureScope(s, false, std::string("overlap")));
  llvm::cantFail(d.captureScope(s, true, std::nullopt));
  launch(add, x, x, a);
  launch(add, a, x, b);
  llvm::cantFail(d.captureScope(s, false, std::nullopt));
  sk::sim::ModelId m = llvm::cantFail(d.captureEnd(s));
  auto report = sk::rt::optimizeModel(*rt, m, "");
  ASSERT_TRUE(!!report) << llvm::toString(report.takeError());
  std::string lines;
  for (const std::string& l : report->lines) lines += l + "\n";
  EXPECT_EQ(report->superKernels, 0u) << lines;
  EXPECT_NE(lines.find("scope split: split at task 2: not a kernel launch"), std::string::npos) << lines;
  EXPECT_NE(lines.find("(add_custom) left out: no metadata"), std::string::npos) << lines;
  EXPECT_NE(lines.find("scope overlap: tasks"), std::string::npos) << lines;
  EXPECT_NE(lines.find("overlap"), std::string::npos) << lines;
  EXPECT_EQ(report->lines.size(), 3u) << "the no-fuse region is not reported:\n" << lines;
  EXPECT_FALSE(!!sk::rt::optimizeModel(*rt, m, "bogus=1")) << "bad options are an error";
  // The anchor's AOT spellings: preload_code counts 0 max, 1 per-func, 2 none (max preloads
  // as per-func does here; sk_compile's preload-code=0 is none).
  for (auto [given, used] : {std::pair{"preload_code=0:stream_fusion=0", "stream-fusion=0:debug-sync-all=0:feed-sync-all=0:preload-code=per-func"},
                             {"preload_code=2:early_start=0", "early-start=0:stream-fusion=1"},
                             {"preload-code=none:split_mode=2", "preload-code=none:split-mode=2"}}) {
    auto r = sk::rt::optimizeModel(*rt, m, given);
    ASSERT_TRUE(!!r) << given << ": " << llvm::toString(r.takeError());
    EXPECT_NE(r->options.find(used), std::string::npos) << given << " -> " << r->options;
  }
  llvm::cantFail(d.destroyModel(m));
}

TEST_F(Device, IndependentStreamsOverlapInVirtualTimeAndEventsOrderThem) {
  auto& d = rt->device();
  Function* busy = fn("busy", "busy");
  void* src = alloc(4096);
  int32_t iters = 200;  // far longer than the host's launch cost
  void* it = alloc(32);
  llvm::cantFail(d.memcpy(it, &iters, 4, sk::sim::CopyKind::HostToDevice));
  auto s1 = llvm::cantFail(d.createStream());
  llvm::cantFail(rt->launch(busy, 8, {(uint64_t)src, (uint64_t)it}, 0));
  llvm::cantFail(rt->launch(busy, 8, {(uint64_t)src, (uint64_t)it}, s1));
  llvm::cantFail(d.synchronizeDevice());
  auto t = d.taskTimings();
  ASSERT_EQ(t.size(), 2u);
  EXPECT_LT(t[1].beginUs, t[0].endUs) << "8 + 8 blocks fit 48 cores: the kernels overlap";

  auto ev = llvm::cantFail(d.createEvent());
  llvm::cantFail(rt->launch(busy, 8, {(uint64_t)src, (uint64_t)it}, 0));
  llvm::cantFail(d.recordEvent(ev, 0));
  llvm::cantFail(d.streamWaitEvent(s1, ev));
  llvm::cantFail(rt->launch(busy, 8, {(uint64_t)src, (uint64_t)it}, s1));
  llvm::cantFail(d.synchronizeDevice());
  t = d.taskTimings();
  ASSERT_EQ(t.size(), 4u);
  EXPECT_GE(t[3].beginUs, t[2].endUs) << "the event orders the second pair";
}

TEST_F(Device, KernelsThatNeedTheSameCoresSerialiseInVirtualTime) {
  auto& d = rt->device();
  Function* busy = fn("busy", "busy");
  void* src = alloc(4096);
  int32_t iters = 200;
  void* it = alloc(32);
  llvm::cantFail(d.memcpy(it, &iters, 4, sk::sim::CopyKind::HostToDevice));
  auto s1 = llvm::cantFail(d.createStream());
  llvm::cantFail(rt->launch(busy, 48, {(uint64_t)src, (uint64_t)it}, 0));
  llvm::cantFail(rt->launch(busy, 48, {(uint64_t)src, (uint64_t)it}, s1));
  llvm::cantFail(d.synchronizeDevice());
  auto t = d.taskTimings();
  ASSERT_EQ(t.size(), 2u);
  // Each kernel needs all 48 AIV cores: the second starts on each core as the first frees it,
  // and the first kernel's cores free up within a few cycles of each other.
  EXPECT_GE(t[1].beginUs, t[0].endUs - 0.01) << "each kernel needs all 48 AIV cores";
  EXPECT_GE(t[1].endUs - t[0].endUs, 0.95 * (t[0].endUs - t[0].beginUs)) << "the second runs after the first";
}

TEST(DeviceOptionsTest, TooManyWorkerThreadsIsAnInputError) {
  sk::sim::DeviceOptions o;
  o.workerThreads = 100000;
  auto rt = Runtime::create(llvm::cantFail(sk::arch::loadArch("dav-2201")), o);
  ASSERT_FALSE(!!rt);
  Outcome out = outcome(rt.takeError());
  EXPECT_EQ(out.code, 2);
  EXPECT_NE(out.message.find("at most 256"), std::string::npos) << out.message;
}

TEST(Arch, UnknownArchIsAnInputErrorListingTheKnownOnes) {
  auto a = sk::arch::loadArch("dav-9999");
  ASSERT_FALSE(!!a);
  Outcome o = outcome(a.takeError());
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.message.find("unsupported NPU architecture 'dav-9999'"), std::string::npos);
  EXPECT_NE(o.message.find("dav-2201, dav-3510"), std::string::npos) << o.message;
}

// An arch file's text with the field `name` replaced by `entry` (empty: left out).
std::string withArchField(std::string text, const std::string& name, const std::string& entry) {
  size_t at = text.find("\"" + name + "\"");
  EXPECT_NE(at, std::string::npos) << name;
  if (at == std::string::npos) return text;
  size_t end = text.find('}', at) + 1;
  if (text[end] == ',') ++end;
  return text.replace(at, end - at, entry);
}

std::string archText(const char* name) {
  return llvm::cantFail(sk::readFile(std::string(SK_SOURCE_DIR) + "/arch/" + name + ".json", 1 << 20, "arch"));
}

TEST(Arch, EveryNumberInTheBuiltinSpecsHasASource) {
  for (const std::string& name : sk::arch::builtinArchNames()) {
    auto a = sk::arch::loadArch(name);
    ASSERT_TRUE(!!a) << llvm::toString(a.takeError());
    EXPECT_EQ(a->name, name);
    EXPECT_GT(a->aivCores, 0u);
    EXPECT_GT(a->vectorOps.size(), 10u);
  }
  auto bad = sk::arch::parseArch(R"({"name":"x","socName":"y","clockMHz":{"value":1000}})", "x.json");
  ASSERT_FALSE(!!bad);
  Outcome o = outcome(bad.takeError());
  EXPECT_NE(o.message.find("x.json: clockMHz: needs a non-empty \"source\""), std::string::npos) << o.message;
  // A number too large for its field is refused, not converted (fuzz_arch found 8.9e40 for a count).
  std::string text = archText("dav-2201");
  const std::string count = "\"aicCores\": {\"value\": 24";
  size_t at = text.find(count);
  ASSERT_NE(at, std::string::npos);
  text.replace(at, count.size(), "\"aicCores\": {\"value\": 8.9e40");
  auto huge = sk::arch::parseArch(text, "big.json");
  ASSERT_FALSE(!!huge);
  o = outcome(huge.takeError());
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.message.find("big.json: aicCores: is too large"), std::string::npos) << o.message;
}

// A vector op's cost is checked like every other number; a fractional rate per repeat is kept.
TEST(Arch, VectorOpCostsAreBoundedAndMayBeFractional) {
  std::string text = archText("dav-2201");
  size_t at = text.find("\"add\":");
  ASSERT_NE(at, std::string::npos);
  size_t end = text.find('}', at);
  auto withAdd = [&](const std::string& cost) {
    std::string t = text;
    t.replace(at, end + 1 - at, "\"add\": {" + cost + ", \"source\": \"test\"}");
    return sk::arch::parseArch(t, "ops.json");
  };
  auto fractional = withAdd("\"head\": 10, \"perRepeat\": 1.25");
  ASSERT_TRUE(!!fractional) << llvm::toString(fractional.takeError());
  EXPECT_DOUBLE_EQ(fractional->vectorOp("add").perRepeat, 1.25);
  const std::pair<const char*, const char*> bad[] = {
      {"\"head\": -1, \"perRepeat\": 2", "ops.json: vectorOps.add.head: must be a whole number"},
      {"\"head\": 8.9e40, \"perRepeat\": 2", "ops.json: vectorOps.add.head: must be a whole number"},
      {"\"head\": 1.5, \"perRepeat\": 2", "ops.json: vectorOps.add.head: must be a whole number"},
      {"\"head\": 10, \"perRepeat\": -0.5", "ops.json: vectorOps.add.perRepeat: must be a number of cycles"},
      {"\"head\": 10, \"perRepeat\": 1e300", "ops.json: vectorOps.add.perRepeat: must be a number of cycles"},
      {"\"head\": 10, \"perRepeat\": \"2\"", "ops.json: vectorOps.add: needs numeric head, perRepeat and a source"},
  };
  for (const auto& [cost, message] : bad) {
    auto a = withAdd(cost);
    ASSERT_FALSE(!!a) << cost;
    Outcome o = outcome(a.takeError());
    EXPECT_EQ(o.code, 2) << cost;
    EXPECT_NE(o.message.find(message), std::string::npos) << cost << ": " << o.message;
  }
}

// The optional fields: 0 when absent; a bad value is refused with exit 2, naming the field.
// cubeHf32MantissaBits (0: no HF32) is at most 22 (fp32 keeps 23); gmRequestAlignBytes (0:
// byte-exact) a power of two.
TEST(Arch, OptionalFieldsDefaultToZeroAndAreChecked) {
  struct Field {
    const char* arch;
    const char* name;
    uint32_t sk::arch::ArchSpec::*member;
    uint32_t builtin;
    const char* bad;
    const char* message;
  };
  const Field fields[] = {
      {"dav-3510", "cubeHf32MantissaBits", &sk::arch::ArchSpec::cubeHf32MantissaBits, 10, "23",
       "a.json: cubeHf32MantissaBits must be 0 (no HF32) to 22"},
      {"dav-2201", "gmRequestAlignBytes", &sk::arch::ArchSpec::gmRequestAlignBytes, 512, "384",
       "a.json: gmRequestAlignBytes must be 0 (byte-exact) or a power of two, got 384"},
  };
  for (const Field& f : fields) {
    std::string text = archText(f.arch);
    auto builtin = sk::arch::parseArch(text, "a.json");
    ASSERT_TRUE(!!builtin) << llvm::toString(builtin.takeError());
    EXPECT_EQ((*builtin).*f.member, f.builtin) << f.name;
    auto absent = sk::arch::parseArch(withArchField(text, f.name, ""), "a.json");
    ASSERT_TRUE(!!absent) << llvm::toString(absent.takeError());
    EXPECT_EQ((*absent).*f.member, 0u) << f.name;
    std::string entry = std::string("\"") + f.name + "\": {\"value\": " + f.bad + ", \"source\": \"test\"},";
    auto bad = sk::arch::parseArch(withArchField(text, f.name, entry), "a.json");
    ASSERT_FALSE(!!bad) << f.name;
    Outcome o = outcome(bad.takeError());
    EXPECT_EQ(o.code, 2);
    EXPECT_NE(o.message.find(f.message), std::string::npos) << o.message;
  }
}

// l1FillPipe (the pipe an L1 fill runs on): MTE2 when absent, MTE1 ordered with MTE2 on
// dav-3510; anything but the three is refused with exit 2, naming the field.
TEST(Arch, L1FillPipeDefaultsToMte2AndIsChecked) {
  std::string text = archText("dav-3510");
  auto builtin = sk::arch::parseArch(text, "a.json");
  ASSERT_TRUE(!!builtin) << llvm::toString(builtin.takeError());
  EXPECT_EQ(builtin->l1FillPipe, "MTE1+MTE2");
  auto absent = sk::arch::parseArch(withArchField(text, "l1FillPipe", ""), "a.json");
  ASSERT_TRUE(!!absent) << llvm::toString(absent.takeError());
  EXPECT_EQ(absent->l1FillPipe, "MTE2");
  auto bad = sk::arch::parseArch(withArchField(text, "l1FillPipe", "\"l1FillPipe\": {\"value\": \"MTE3\", \"source\": \"t\"},"),
                                 "a.json");
  ASSERT_FALSE(!!bad);
  Outcome o = outcome(bad.takeError());
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.message.find("a.json: l1FillPipe must be \"MTE2\", \"MTE1\" or \"MTE1+MTE2\""), std::string::npos) << o.message;
}

// int4 tensors (metadata dtype "int4"): seeded two to a byte, element 2i in the low nibble,
// an odd count's last high nibble left 0; summaries sign-extend; comparisons go by nibble.
TEST(KernelRunner, Int4TensorsAreSeededSummarizedAndComparedByNibble) {
  sk::subkernel::Param p;
  p.name = "w", p.role = sk::subkernel::Role::Output, p.dtype = sk::DType::Int4, p.shape = {5}, p.bytes = 3;
  sk::rt::TensorBytes b = sk::rt::seededInput(p, 7);
  ASSERT_EQ(b.size(), 3u);
  EXPECT_EQ(b[2] >> 4, 0) << "the nibble past the fifth element";
  sk::rt::TensorBytes nibbles = {0x8f, 0x07, 0x01};  // -1, -8, 7, 0, 1
  std::string summary = sk::rt::summarizeTensor(p, nibbles);
  EXPECT_EQ(summary.substr(0, summary.find(']') + 1), "[-1, -8, 7, 0, 1]");
  sk::subkernel::KernelMeta m;
  m.params = {p};
  sk::rt::RunResult x, y;
  x.outputs["w"] = nibbles;
  y.outputs["w"] = nibbles;
  EXPECT_TRUE(sk::rt::compareOutputs(m, x, y).empty());
  y.outputs["w"][1] = 0x17;  // element 3: 0 -> 1
  std::vector<std::string> diffs = sk::rt::compareOutputs(m, x, y);
  ASSERT_EQ(diffs.size(), 1u);
  EXPECT_NE(diffs[0].find("w: 1 of 5 elements differ; first at element 3 (byte offset 1): fused 0"), std::string::npos) << diffs[0];
  y.outputs["w"] = nibbles;
  y.outputs["w"][2] = 0xf1;  // the padding nibble is no element
  EXPECT_TRUE(sk::rt::compareOutputs(m, x, y).empty());
}

// Ascend 950's low-precision floats (metadata "float8_e4m3fn" .. "float4_e1m2"): seeded with the
// codes nearest values in [-1, 1) (fp4 two to a byte), summarized by their values.
TEST(KernelRunner, MinifloatTensorsAreSeededAndSummarizedByValue) {
  sk::subkernel::Param p;
  p.name = "x", p.role = sk::subkernel::Role::Input, p.dtype = sk::DType::Float8E4M3, p.shape = {64}, p.bytes = 64;
  sk::rt::TensorBytes b = sk::rt::seededInput(p, 3);
  ASSERT_EQ(b.size(), 64u);
  int distinct = 0;
  for (size_t i = 0; i < b.size(); ++i) {
    float v = sk::minifloatToFloat(p.dtype, b[i]);
    EXPECT_TRUE(v >= -1.0f && v <= 1.0f) << "element " << i << " is " << v;
    distinct += i && b[i] != b[i - 1];
  }
  EXPECT_GT(distinct, 32) << "the seeds vary";
  p.shape = {3}, p.bytes = 3;
  std::string summary = sk::rt::summarizeTensor(p, {0x38, 0xb8, 0x7e});
  EXPECT_EQ(summary.substr(0, summary.find(']') + 1), "[1, -1, 448]");
  p.dtype = sk::DType::Float4E2M1, p.shape = {5}, p.bytes = 3;
  summary = sk::rt::summarizeTensor(p, {0x71, 0x0f, 0x02});  // 0.5, 6 | -6, 0 | 1
  EXPECT_EQ(summary.substr(0, summary.find(']') + 1), "[0.5, 6, -6, 0, 1]");
  b = sk::rt::seededInput(p, 3);
  ASSERT_EQ(b.size(), 3u);
  EXPECT_EQ(b[2] >> 4, 0) << "the nibble past the fifth element";
}

}  // namespace
