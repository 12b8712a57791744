// Runs a kernel described by its metadata: allocates every parameter on the device, fills
// inputs, launches, reads outputs back. Shared by sk_run, the examples and the tests.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "llvm/Support/Error.h"
#include "sk/runtime.h"
#include "sk/subkernel.h"

namespace sk::rt {

using TensorBytes = std::vector<uint8_t>;

// Deterministic input for `p` from `seed` (and the parameter's name): floats uniform in
// [-1, 1), signed integers in [-8, 8), unsigned ones in [0, 16), all little-endian (int4: two to
// a byte, element 2i in the low nibble).
TensorBytes seededInput(const subkernel::Param& p, uint64_t seed);

struct ReadBack {
  std::string param;
  uint64_t offset = 0, bytes = 0;
};

struct RunOptions {
  std::map<std::string, TensorBytes> inputs;  // by param name; missing inputs are seeded
  uint64_t seed = 1;
  uint32_t repeat = 1;
  sim::StreamId stream = sim::kDefaultStream;
  std::vector<ReadBack> readBack;  // extra device bytes to return (e.g. SK profiling records)
};

struct RunResult {
  std::map<std::string, TensorBytes> outputs;  // by param name (in-out parameters included)
  std::vector<TensorBytes> readBack;           // as RunOptions::readBack asked
  double deviceUs = 0;   // virtual time of the launches (first start-up to last end)
  double taskUs = 0;     // the tasks' durations summed (msprof's Task Duration: start-ups excluded)
  double endToEndUs = 0; // from the host's first call to the last task's end (virtual)
  double busyUs = 0;     // of deviceUs, the time some task was running (idle: the rest)
  double hostUs = 0;     // virtual host time spent issuing them (launches, events, submits)
  double wallMs = 0;     // host wall time of launch + synchronize
  size_t launches = 0;   // device tasks run
  std::vector<sim::Device::TaskTiming> tasks;  // what ran, in execution order
};

// Registers the kernel's object, runs it `repeat` times and returns its outputs. Inputs of
// the wrong size are InputErrors naming the parameter.
llvm::Expected<RunResult> runKernel(Runtime& rt, const subkernel::SubKernel& k, const RunOptions& opts);

// How the sub-kernels of a super kernel run unfused: launched from the host one by one (eager),
// or captured once as a model and replayed (graph replay, as CANN's graph mode and CUDA Graphs).
enum class UnfusedMode { Eager, Replay };

// Runs a super kernel unfused: each sub-kernel instance (its entry <sk>__<i>__<kernelName> in
// the same binary) on the same buffers, in program order on streams of its own as its metadata
// says, with an event for every dependency across streams (opts.stream is not used).
llvm::Expected<RunResult> runUnfused(Runtime& rt, const subkernel::SubKernel& sk, const RunOptions& opts,
                                     UnfusedMode mode = UnfusedMode::Eager);

// One line per output whose bytes differ between two runs (empty: identical).
std::vector<std::string> compareOutputs(const subkernel::KernelMeta& m, const RunResult& a, const RunResult& b);

// "float16[8, 2048]"
std::string describeTensor(const subkernel::Param& p);
// First values and a checksum, for people.
std::string summarizeTensor(const subkernel::Param& p, const TensorBytes& bytes, size_t maxValues = 8);

}  // namespace sk::rt
