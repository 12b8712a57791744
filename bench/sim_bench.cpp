// Simulator and runtime benchmarks (not tests: results go to bench/README.md).
//
//   launch      launch + synchronize of an empty kernel on all AIV cores of dav-2201
//   datacopy    GM -> UB -> GM streaming through sk_data_copy, as a ratio to host memcpy of
//               the same bytes in the same chunks, measured side by side in this process
//   register    registration (contract check + JITLink) of one kernel binary
//   malloc      device malloc + free of one buffer with 1,000 and 32,000 others live
//   vector      wall time per element of vector ops: Add and Muls in half and Add in float; Exp
//
// Each figure is the median of several rounds; the machines are shared and noisy, so the
// ratios are the numbers to compare, not absolute times.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "llvm/Support/Error.h"
#include "sk/runtime.h"
#include "sk/arch.h"

using Clock = std::chrono::steady_clock;

namespace {

double usSince(Clock::time_point t0) { return std::chrono::duration<double, std::micro>(Clock::now() - t0).count(); }

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::unique_ptr<sk::rt::Runtime> makeRuntime(unsigned workers) {
  auto arch = llvm::cantFail(sk::arch::loadArch("dav-2201"));
  sk::sim::DeviceOptions o;
  o.workerThreads = workers;
  return llvm::cantFail(sk::rt::Runtime::create(arch, o));
}

sk::rt::Function* function(sk::rt::Runtime& rt, const std::string& obj, const std::string& sym) {
  auto b = llvm::cantFail(rt.loadBinaryFile(std::string(SK_BENCH_KERNEL_DIR) + "/" + obj));
  return llvm::cantFail(rt.getFunction(b, sym));
}

void benchLaunch(unsigned workers) {
  auto rt = makeRuntime(workers);
  auto* f = function(*rt, "empty_kernel.o", "empty_kernel");
  uint32_t cores = rt->device().arch().aivCores;
  std::vector<double> rounds;
  for (int round = 0; round < 7; ++round) {
    const int n = 2000;
    auto t0 = Clock::now();
    for (int i = 0; i < n; ++i) {
      llvm::cantFail(rt->launch(f, cores, {0}, 0));
      llvm::cantFail(rt->device().synchronizeStream(0));
    }
    rounds.push_back(usSince(t0) / n);
  }
  std::printf("launch+sync, empty kernel, %u AIV blocks, %u worker thread(s): %.2f us wall per launch (median of 7)\n",
              cores, rt->device().arch().aivCores ? workers : workers, median(rounds));
}

void benchDataCopy(unsigned workers) {
  auto rt = makeRuntime(workers);
  auto* f = function(*rt, "stream_copy.o", "stream_copy");
  auto& dev = rt->device();
  const uint32_t blocks = 48;
  const uint64_t perBlock = 4ull << 20, total = perBlock * blocks, chunk = 64 * 1024;
  void* src = llvm::cantFail(dev.malloc(total));
  void* dst = llvm::cantFail(dev.malloc(total));
  void* sz = llvm::cantFail(dev.malloc(8));
  llvm::cantFail(dev.memcpy(sz, &perBlock, 8, sk::sim::CopyKind::HostToDevice));
  llvm::cantFail(dev.memset(src, 1, total));
  llvm::cantFail(dev.memset(dst, 0, total));
  std::vector<uint8_t> hsrc(total, 1), hdst(total), ub(chunk);
  std::vector<double> sim, host;
  for (int round = 0; round < 7; ++round) {
    auto t0 = Clock::now();
    llvm::cantFail(rt->launch(f, blocks, {(uint64_t)src, (uint64_t)dst, (uint64_t)sz}, 0));
    llvm::cantFail(dev.synchronizeStream(0));
    sim.push_back(usSince(t0));
    t0 = Clock::now();  // the same bytes, the same chunks, plain host memcpy
    for (uint64_t off = 0; off < total; off += chunk) {
      std::memcpy(ub.data(), hsrc.data() + off, chunk);
      std::memcpy(hdst.data() + off, ub.data(), chunk);
    }
    host.push_back(usSince(t0));
  }
  double s = median(sim), h = median(host);
  std::printf("datacopy GM->UB->GM, %llu MiB in 64 KiB chunks, %u worker thread(s): simulator %.0f us, host memcpy "
              "%.0f us, ratio host/sim = %.2f (%.1f GB/s simulated copy throughput)\n",
              (unsigned long long)(total >> 20), workers, s, h, h / s, 2.0 * total / s / 1000.0);
}

void benchRegister() {
  auto rt = makeRuntime(1);
  std::string obj = readFile(std::string(SK_BENCH_KERNEL_DIR) + "/stream_copy.o");
  llvm::MemoryBufferRef ref(obj, "stream_copy.o");
  std::vector<double> rounds;
  for (int round = 0; round < 7; ++round) {
    const int n = 100;
    std::vector<sk::rt::Binary*> bins;
    auto t0 = Clock::now();
    for (int i = 0; i < n; ++i) bins.push_back(llvm::cantFail(rt->loadBinary(ref, "stream_copy.o")));
    rounds.push_back(usSince(t0) / n);
    for (auto* b : bins) llvm::cantFail(rt->unloadBinary(b));
  }
  std::printf("registration (contract check + JITLink) of a %zu-byte kernel object: %.1f us per binary (median of 7 "
              "rounds of 100)\n",
              obj.size(), median(rounds));
}

}  // namespace

void benchMalloc() {
  auto rt = makeRuntime(1);
  sk::sim::Device& dev = rt->device();
  for (int live : {1000, 32000}) {
    std::vector<void*> held;
    for (int i = 0; i < live; ++i) held.push_back(llvm::cantFail(dev.malloc(256 + 64 * (i % 7))));
    std::vector<double> rounds;
    for (int round = 0; round < 7; ++round) {
      const int n = 2000;
      auto t0 = Clock::now();
      for (int i = 0; i < n; ++i) llvm::cantFail(dev.free(llvm::cantFail(dev.malloc(4096))));
      rounds.push_back(usSince(t0) / n);
    }
    std::printf("malloc+free with %5d live allocations: %.2f us\n", live, median(rounds));
    for (void* p : held) llvm::cantFail(dev.free(p));
  }
}

void benchVector(unsigned workers, bool exp) {
  auto rt = makeRuntime(workers);
  auto* f = function(*rt, "vector_ops.o", "vector_ops");
  auto& dev = rt->device();
  const uint32_t blocks = 48;
  const int32_t params[2] = {exp ? 120 : 40, exp};
  void* r = llvm::cantFail(dev.malloc(8));
  llvm::cantFail(dev.memcpy(r, params, 8, sk::sim::CopyKind::HostToDevice));
  const double elements = (double)blocks * params[0] * (exp ? 1 : 3) * 8192;
  std::vector<double> ns;
  for (int round = 0; round < 7; ++round) {
    auto t0 = Clock::now();
    llvm::cantFail(rt->launch(f, blocks, {(uint64_t)r}, 0));
    if (llvm::Error e = dev.synchronizeStream(0)) {
      std::fprintf(stderr, "vector_ops: %s\n", llvm::toString(std::move(e)).c_str());
      return;
    }
    ns.push_back(usSince(t0) * 1000.0 / elements);
  }
  std::printf("vector %s, %.0f M elements, %u worker thread(s): %.2f ns wall per element\n",
              exp ? "Exp (half)" : "Add/Muls (half), Add (float)", elements / 1e6, workers, median(ns));
}

int main(int argc, char** argv) {
  std::string which = argc > 1 ? argv[1] : "all";
  if (which == "all" || which == "launch") {
    benchLaunch(1);
    benchLaunch(2);
  }
  if (which == "all" || which == "datacopy") {
    benchDataCopy(1);
    benchDataCopy(2);
  }
  if (which == "all" || which == "register") benchRegister();
  if (which == "all" || which == "malloc") benchMalloc();
  if (which == "all" || which == "vector")
    for (bool exp : {false, true}) {
      benchVector(1, exp);
      benchVector(2, exp);
    }
  return 0;
}
