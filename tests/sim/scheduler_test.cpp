// The simulated device's scheduler through sk::sim::Device, with kernels that are host
// functions of this test (no JIT): every block runs once with its own index, barriers release
// at the latest arrival plus their cost, deadlocks and faults are reported with the cores they
// concern, blocks beyond the cores run in waves, and the timeline does not depend on how many
// host threads run the cores.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "acl/acl_base.h"
#include "sk/arch.h"
#include "sk/error.h"
#include "sk/sim/device.h"

#define SK_KERNEL_C_ONLY
#include "sk/kernel.h"

namespace {

using sk::sim::Device;
using sk::sim::KernelLaunch;

// Each block writes its block index to out[block] (8 bytes apart).
extern "C" void write_block_idx(uint8_t* out) {
  int64_t b = sk_block_idx();
  sk_data_copy(out + 8 * b, &b, 8);
}

// Block b copies (b + 1) KiB inside its local memory, then waits at the barrier, then records
// its clock after the barrier and the clock it arrived with.
extern "C" void uneven_barrier(uint8_t* out) {
  int64_t b = sk_block_idx();
  uint8_t* ub = (uint8_t*)sk_ub_base();
  sk_data_copy(ub, ub + 65536, (uint64_t)(b + 1) * 1024);
  uint64_t arrived = sk_cycles();
  sk_sync_all();
  uint64_t after = sk_cycles();
  sk_data_copy(out + 16 * b, &arrived, 8);
  sk_data_copy(out + 16 * b + 8, &after, 8);
}

// Block 0 leaves without the barrier the others wait in.
extern "C" void partial_barrier(uint8_t*) {
  if (sk_block_idx() != 0) sk_sync_all();
}

// Writes 16 bytes into `out` (8 bytes): a device fault.
extern "C" void write_past_end(uint8_t* out) {
  int64_t v[2] = {1, 2};
  sk_data_copy(out, v, 16);
}

// Reads 64 KiB of `in` into local memory 100 times: a kernel long enough to overlap others.
extern "C" void long_reads(uint8_t* in) {
  for (int i = 0; i < 100; ++i) sk_data_copy(sk_ub_base(), in, 65536);
}

std::unique_ptr<Device> device(unsigned workers = 0, bool trace = false) {
  auto arch = sk::arch::loadArch("dav-2201");
  EXPECT_TRUE((bool)arch);
  sk::sim::DeviceOptions o;
  o.workerThreads = workers;
  o.trace = trace;
  o.echoPrintf = false;
  auto d = Device::create(*arch, o);
  EXPECT_TRUE((bool)d);
  return std::move(*d);
}

KernelLaunch kernel(const char* name, void (*entry)(uint8_t*), uint32_t blockDim, void* arg) {
  KernelLaunch k;
  k.name = name;
  k.entry = (void*)entry;
  k.ration = {0, 1};
  k.blockDim = blockDim;
  k.args = {(uint64_t)arg};
  return k;
}

struct Outcome {
  int code = 0;
  std::string text;
};
Outcome outcome(llvm::Error e) {
  Outcome o;
  llvm::handleAllErrors(std::move(e), [&](const sk::DeviceError& d) { o = {d.code(), d.text()}; },
                        [&](const llvm::ErrorInfoBase& d) { o = {-1, d.message()}; });
  return o;
}

template <typename T> std::vector<T> readBack(Device& d, void* p, size_t n) {
  std::vector<T> v(n);
  EXPECT_FALSE((bool)d.memcpy(v.data(), p, n * sizeof(T), sk::sim::CopyKind::DeviceToHost));
  return v;
}

TEST(Scheduler, EveryBlockRunsOnceWithItsIndex) {
  auto d = device();
  void* out = *d->malloc(48 * 8);
  ASSERT_FALSE((bool)d->launch(0, kernel("write_block_idx", write_block_idx, 48, out)));
  ASSERT_FALSE((bool)d->synchronizeStream(0));
  auto v = readBack<int64_t>(*d, out, 48);
  for (int64_t i = 0; i < 48; ++i) EXPECT_EQ(v[i], i);
}

TEST(Scheduler, BlocksBeyondTheCoresRunInWaves) {
  auto d = device();
  void* out = *d->malloc(100 * 8);
  ASSERT_FALSE((bool)d->launch(0, kernel("write_block_idx", write_block_idx, 100, out)));
  ASSERT_FALSE((bool)d->synchronizeStream(0));
  auto v = readBack<int64_t>(*d, out, 100);
  for (int64_t i = 0; i < 100; ++i) EXPECT_EQ(v[i], i);
}

TEST(Scheduler, BarrierReleasesEveryCoreAtTheLatestArrivalPlusItsCost) {
  auto d = device();
  void* out = *d->malloc(16 * 16);
  ASSERT_FALSE((bool)d->launch(0, kernel("uneven_barrier", uneven_barrier, 16, out)));
  ASSERT_FALSE((bool)d->synchronizeStream(0));
  auto v = readBack<uint64_t>(*d, out, 32);
  uint64_t latest = 0;
  for (int b = 0; b < 16; ++b) latest = std::max(latest, v[2 * b]);
  EXPECT_GT(v[2 * 15], v[0]);  // more work, later arrival
  for (int b = 0; b < 16; ++b) EXPECT_EQ(v[2 * b + 1], latest + d->arch().syncAllCycles) << "block " << b;
}

TEST(Scheduler, DeadlockNamesTheWaitingCoresAndTheOneThatLeft) {
  auto d = device();
  ASSERT_FALSE((bool)d->launch(0, kernel("partial_barrier", partial_barrier, 4, nullptr)));
  Outcome o = outcome(d->synchronizeStream(0));
  EXPECT_EQ(o.code, ACL_ERROR_RT_VECTOR_CORE_TIMEOUT);
  EXPECT_NE(o.text.find("deadlock in kernel 'partial_barrier'"), std::string::npos) << o.text;
  EXPECT_NE(o.text.find("aiv1 (block 1) waits in sk_sync_all: 3 of 4 cores arrived"), std::string::npos) << o.text;
  EXPECT_NE(o.text.find("exited without releasing them: aiv0 (block 0)"), std::string::npos) << o.text;
}

TEST(Scheduler, SyncAllInWavesIsAFaultNotAHang) {
  auto d = device();
  void* out = *d->malloc(100 * 16);
  ASSERT_FALSE((bool)d->launch(0, kernel("uneven_barrier", uneven_barrier, 100, out)));
  Outcome o = outcome(d->synchronizeStream(0));
  EXPECT_EQ(o.code, ACL_ERROR_RT_VECTOR_CORE_EXCEPTION);
  EXPECT_NE(o.text.find("blocks run in waves"), std::string::npos) << o.text;
}

TEST(Scheduler, AFaultIsReportedAndTheNextLaunchRuns) {
  auto d = device();
  void* small = *d->malloc(8);
  ASSERT_FALSE((bool)d->launch(0, kernel("write_past_end", write_past_end, 1, small)));
  Outcome o = outcome(d->synchronizeStream(0));
  EXPECT_EQ(o.code, ACL_ERROR_RT_VECTOR_CORE_EXCEPTION);
  EXPECT_NE(o.text.find("write_past_end: block 0 on aiv0"), std::string::npos) << o.text;
  EXPECT_NE(o.text.find("runs 8 bytes past the end"), std::string::npos) << o.text;
  void* out = *d->malloc(48 * 8);
  ASSERT_FALSE((bool)d->launch(0, kernel("write_block_idx", write_block_idx, 48, out)));
  EXPECT_FALSE((bool)d->synchronizeStream(0));
}

TEST(Scheduler, TheTimelineIsTheSameForAnyWorkerCount) {
  std::string first;
  for (unsigned workers : {1u, 2u, 4u}) {
    auto d = device(workers, /*trace=*/true);
    void* out = *d->malloc(48 * 16);
    for (int i = 0; i < 3; ++i) ASSERT_FALSE((bool)d->launch(0, kernel("uneven_barrier", uneven_barrier, 48, out)));
    ASSERT_FALSE((bool)d->synchronizeStream(0));
    std::string trace = d->traceJson();
    if (first.empty()) first = trace;
    else EXPECT_EQ(trace, first) << workers << " workers";
  }
}

TEST(Scheduler, StreamsOverlapInVirtualTimeOnDisjointCores) {
  auto d = device();
  auto s1 = d->createStream();
  ASSERT_TRUE((bool)s1);
  void* in = *d->malloc(65536);
  ASSERT_FALSE((bool)d->launch(0, kernel("a", long_reads, 24, in)));
  ASSERT_FALSE((bool)d->launch(*s1, kernel("b", long_reads, 24, in)));
  ASSERT_FALSE((bool)d->synchronizeDevice());
  auto t = d->taskTimings();
  ASSERT_EQ(t.size(), 2u);
  EXPECT_LT(t[1].beginUs, t[0].endUs);  // 24 + 24 of 48 cores: side by side
}

}  // namespace
