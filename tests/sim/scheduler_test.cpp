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
// Writes 72 bytes into an 8-byte buffer: past its end and the 56 bytes aclrtMalloc pads it with.
extern "C" void write_past_end(uint8_t* out) {
  int64_t v[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
  sk_data_copy(out, v, sizeof v);
}

// Copies 1 KiB from `in` (a 40-byte buffer, or an address no buffer holds) through UB to
// out[1024 * block].
extern "C" void read_past_end(uint8_t* in, uint8_t* out) {
  uint8_t* ub = (uint8_t*)sk_ub_base();
  sk_data_copy(ub, in, 1024);
  sk_data_copy(out + 1024 * sk_block_idx(), ub, 1024);
}
// The AIC's ND -> NZ load of a 16 x 16 half matrix (512 bytes) from the same 40 bytes, out as loaded.
extern "C" void nd2nz_past_end(uint8_t* in, uint8_t* out) {
  uint8_t* l1 = (uint8_t*)sk_ub_base();
  sk_nd2nz p = {1, 16, 16, 16, 1, 0, 0, 16, 0};
  sk_copy_nd2nz(l1, in, 2, &p);
  sk_set_flag(SK_PIPE_MTE2, SK_PIPE_MTE3, 0);
  sk_wait_flag(SK_PIPE_MTE2, SK_PIPE_MTE3, 0);
  sk_data_copy(out, l1, 512);
}

// Reads 64 KiB of `in` into local memory 100 times: a kernel long enough to overlap others.
extern "C" void long_reads(uint8_t* in) {
  for (int i = 0; i < 100; ++i) sk_data_copy(sk_ub_base(), in, 65536);
}


// MIX 1:2, 4 rounds: the AIC writes the round into its block's slot and tells its AIVs (mode 2);
// each AIV waits, reads the slot into its own record and tells the AIC it is done (mode 2: the
// AIC's wait needs both). out: per block 8 words: slot, then 4 rounds x (aiv0, aiv1)... as int64.
extern "C" void cross_ping_pong(uint8_t* out) {
  bool aic = sk_core_type() == 0;
  int64_t block = aic ? sk_block_idx() : sk_block_idx() / 2, sub = sk_sub_block_idx();
  uint8_t* slot = out + 80 * block;
  for (int64_t r = 0; r < 4; ++r) {
    if (aic) {
      if (r) sk_cross_wait(5);
      sk_data_copy(slot, &r, 8);
      sk_cross_set(2, SK_PIPE_FIX, 3);
    } else {
      sk_cross_wait(3);
      int64_t seen;
      sk_data_copy(&seen, slot, 8);
      sk_data_copy(slot + 8 + 16 * r + 8 * sub, &seen, 8);
      sk_cross_set(2, SK_PIPE_MTE3, 5);
    }
  }
}

// MIX 1:2, mode 4: each AIV asks its AIC alone (flag 0; the AIC sees AIV 1's as 16) and gets
// its own answer (flag 1; the AIC names AIV 1's 17): answer = 100 * block + 10 * sub + round.
extern "C" void cross_per_aiv(uint8_t* out) {
  bool aic = sk_core_type() == 0;
  int64_t block = aic ? sk_block_idx() : sk_block_idx() / 2, sub = sk_sub_block_idx();
  uint8_t* rec = out + 64 * block;
  for (int64_t r = 0; r < 3; ++r) {
    if (aic) {
      for (int64_t s = 1; s >= 0; --s) {  // AIV 1 first: the two are independent
        sk_cross_wait((int32_t)(16 * s));
        int64_t answer = 100 * block + 10 * s + r;
        sk_data_copy(rec + 8 * s, &answer, 8);
        sk_cross_set(4, SK_PIPE_FIX, (int32_t)(1 + 16 * s));
      }
    } else {
      sk_cross_set(4, SK_PIPE_MTE3, 0);
      sk_cross_wait(1);
      int64_t answer;
      sk_data_copy(&answer, rec + 8 * sub, 8);
      sk_data_copy(rec + 16 + 24 * sub + 8 * r, &answer, 8);
    }
  }
}

// AIV only, mode 0: every AIV writes its index, then all meet; afterwards each sums what all
// wrote (all of them, or the flag released early).
extern "C" void cross_all_aivs(uint8_t* out) {
  int64_t b = sk_block_idx(), n = sk_block_num();
  sk_data_copy(out + 8 * b, &b, 8);
  sk_cross_set(0, SK_PIPE_MTE3, 7);
  sk_cross_wait(7);
  int64_t sum = 0;
  for (int64_t i = 0; i < n; ++i) {
    int64_t v;
    sk_data_copy(&v, out + 8 * i, 8);
    sum += v;
  }
  sk_data_copy(out + 8 * (n + b), &sum, 8);
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

// A GM read that starts in a buffer and runs past its end works as on the hardware, which reads
// whatever lies there: here those bytes are zeros (not the neighbouring buffer's), and a note
// says so once per launch. A read that starts in no buffer stays a device exception.
// Device buffers start on 512-byte boundaries, as the runtime hands kernels their buffers (and
// as the GM request grain of arch gmRequestAlignBytes assumes), whatever their sizes.
TEST(Scheduler, DeviceAllocationsAre512ByteAligned) {
  auto d = device();
  for (uint64_t bytes : {1ull, 40ull, 511ull, 512ull, 513ull, 4096ull, 100000ull}) {
    auto p = d->malloc(bytes);
    ASSERT_TRUE(!!p) << bytes;
    EXPECT_EQ((uint64_t)*p % 512, 0u) << bytes << " bytes at " << *p;
  }
}

TEST(Scheduler, AGmReadPastABuffersEndReadsZerosThereWithANote) {
  auto d = device();
  auto* in = (uint8_t*)*d->malloc(40);
  auto* neighbour = (uint8_t*)*d->malloc(4096);
  auto* out = (uint8_t*)*d->malloc(2 * 1024);
  std::vector<uint8_t> bytes(40), full(4096, 0xAB);
  for (int i = 0; i < 40; ++i) bytes[i] = (uint8_t)(i + 1);
  ASSERT_FALSE((bool)d->memcpy(in, bytes.data(), 40, sk::sim::CopyKind::HostToDevice));
  ASSERT_FALSE((bool)d->memcpy(neighbour, full.data(), 4096, sk::sim::CopyKind::HostToDevice));
  ASSERT_LT(neighbour - in, 1024) << "the test needs the neighbour within the read (allocations are 512-byte aligned)";
  KernelLaunch k = kernel("read_past_end", nullptr, 2, in);
  k.entry = (void*)read_past_end;
  k.args.push_back((uint64_t)out);
  testing::internal::CaptureStderr();
  ASSERT_FALSE((bool)d->launch(0, k));
  Outcome o = outcome(d->synchronizeStream(0));
  std::string err = testing::internal::GetCapturedStderr();
  ASSERT_EQ(o.code, 0) << o.text;
  auto v = readBack<uint8_t>(*d, out, 2 * 1024);
  for (int b = 0; b < 2; ++b) {
    for (int i = 0; i < 40; ++i) EXPECT_EQ(v[1024 * b + i], i + 1) << "block " << b << ", byte " << i;
    for (int i = 96; i < 1024; ++i) EXPECT_EQ(v[1024 * b + i], 0) << "block " << b << ", byte " << i << " (past the padding)";
  }
  const std::string note = "sk: note: kernel 'read_past_end' reads past the end of device buffer #1 (sk_data_copy, 928 bytes beyond";
  EXPECT_NE(err.find(note), std::string::npos) << err;
  EXPECT_EQ(err.find(note), err.rfind(note)) << "noted once per launch\n" << err;

  KernelLaunch cube = k;
  cube.name = "nd2nz_past_end";
  cube.entry = (void*)nd2nz_past_end;
  cube.ration = {1, 0};
  cube.blockDim = 1;
  testing::internal::CaptureStderr();
  ASSERT_FALSE((bool)d->launch(0, cube));
  o = outcome(d->synchronizeStream(0));
  err = testing::internal::GetCapturedStderr();
  ASSERT_EQ(o.code, 0) << o.text;
  auto nz = readBack<uint16_t>(*d, out, 256);  // NZ of one 16 x 16 fractal: row r at 16 r
  for (int r = 0; r < 16; ++r)
    for (int col = 0; col < 16; ++col) {
      size_t at = 32 * r + 2 * col;  // the element's byte in the source
      uint16_t want = 0;
      if (at < 40) {  // the buffer's bytes
        std::memcpy(&want, &bytes[at], 2);
        EXPECT_EQ(nz[16 * r + col], want) << "row " << r << ", col " << col;
      } else if (at >= 96) {  // past the padding
        EXPECT_EQ(nz[16 * r + col], 0) << "row " << r << ", col " << col;
      }
    }
  EXPECT_NE(err.find("reads past the end of device buffer #1 (DataCopy (Nd2NzParams), 416 bytes beyond"), std::string::npos) << err;

  k.args[0] = (uint64_t)(neighbour + (1 << 20));  // far past every buffer
  ASSERT_FALSE((bool)d->launch(0, k));
  o = outcome(d->synchronizeStream(0));
  EXPECT_EQ(o.code, ACL_ERROR_RT_VECTOR_CORE_EXCEPTION);
  EXPECT_NE(o.text.find("is not inside any live device allocation"), std::string::npos) << o.text;
}

TEST(Scheduler, AFaultIsReportedAndTheNextLaunchRuns) {
  auto d = device();
  void* small = *d->malloc(8);
  ASSERT_FALSE((bool)d->launch(0, kernel("write_past_end", write_past_end, 1, small)));
  Outcome o = outcome(d->synchronizeStream(0));
  EXPECT_EQ(o.code, ACL_ERROR_RT_VECTOR_CORE_EXCEPTION);
  EXPECT_NE(o.text.find("write_past_end: block 0 on aiv0"), std::string::npos) << o.text;
  EXPECT_NE(o.text.find("runs 64 bytes past the end of buffer #1 [0x"), std::string::npos) << o.text;
  EXPECT_NE(o.text.find(", +8) and its 56 bytes of aclrtMalloc padding"), std::string::npos) << o.text;
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


TEST(Scheduler, CrossCoreFlagsOrderAnAicAndItsAivsWhateverTheWorkerCount) {
  std::string first;
  for (unsigned workers : {1u, 2u, 4u}) {
    auto d = device(workers, /*trace=*/true);
    void* out = *d->malloc(24 * 80);
    KernelLaunch k = kernel("cross_ping_pong", cross_ping_pong, 24, out);
    k.ration = {1, 2};
    ASSERT_FALSE((bool)d->launch(0, k));
    ASSERT_FALSE((bool)d->synchronizeStream(0));
    auto v = readBack<int64_t>(*d, out, 24 * 10);
    for (int b = 0; b < 24; ++b)
      for (int r = 0; r < 4; ++r)
        for (int s = 0; s < 2; ++s) EXPECT_EQ(v[10 * b + 1 + 2 * r + s], r) << "block " << b << " round " << r << " aiv " << s;
    std::string trace = d->traceJson();
    if (first.empty()) first = trace;
    else EXPECT_EQ(trace, first) << workers << " workers";
  }
}

TEST(Scheduler, Mode4FlagsConnectOneAivWithItsAic) {
  auto d = device(2);
  void* out = *d->malloc(8 * 64);
  KernelLaunch k = kernel("cross_per_aiv", cross_per_aiv, 8, out);
  k.ration = {1, 2};
  ASSERT_FALSE((bool)d->launch(0, k));
  ASSERT_FALSE((bool)d->synchronizeStream(0));
  auto v = readBack<int64_t>(*d, out, 8 * 8);
  for (int b = 0; b < 8; ++b)
    for (int s = 0; s < 2; ++s)
      for (int r = 0; r < 3; ++r) EXPECT_EQ(v[8 * b + 2 + 3 * s + r], 100 * b + 10 * s + r) << b << " " << s << " " << r;
}

TEST(Scheduler, Mode0ReleasesEveryAivOnlyWhenAllHaveSet) {
  auto d = device(4);
  void* out = *d->malloc(2 * 48 * 8);
  ASSERT_FALSE((bool)d->launch(0, kernel("cross_all_aivs", cross_all_aivs, 48, out)));
  ASSERT_FALSE((bool)d->synchronizeStream(0));
  auto v = readBack<int64_t>(*d, out, 96);
  for (int b = 0; b < 48; ++b) EXPECT_EQ(v[48 + b], 47 * 48 / 2) << "block " << b;
  // Mode 4 (like 2) needs an AIC: outside a MIX launch it is a device exception, not a hang.
  KernelLaunch k = kernel("cross_per_aiv", cross_per_aiv, 4, out);
  ASSERT_FALSE((bool)d->launch(0, k));
  Outcome o = outcome(d->synchronizeStream(0));
  EXPECT_EQ(o.code, ACL_ERROR_RT_VECTOR_CORE_EXCEPTION);
  EXPECT_NE(o.text.find("mode 4 syncs an AIC with its AIVs, but this kernel runs AIV cores only"), std::string::npos) << o.text;
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
