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
// [-1, 1), signed integers in [-8, 8), uint8 in [0, 16), all little-endian.
TensorBytes seededInput(const subkernel::Param& p, uint64_t seed);

struct RunOptions {
  std::map<std::string, TensorBytes> inputs;  // by param name; missing inputs are seeded
  uint64_t seed = 1;
  uint32_t repeat = 1;
  sim::StreamId stream = sim::kDefaultStream;
};

struct RunResult {
  std::map<std::string, TensorBytes> outputs;  // by param name
  double deviceUs = 0;  // virtual time of the launches (first start to last end)
  double wallMs = 0;    // host wall time of launch + synchronize
};

// Registers the kernel's object (if not yet), runs it `repeat` times and returns its
// outputs. Inputs of the wrong size are InputErrors naming the parameter.
llvm::Expected<RunResult> runKernel(Runtime& rt, const subkernel::SubKernel& k, const RunOptions& opts);

// "float16[8, 2048]"
std::string describeTensor(const subkernel::Param& p);
// First values and a checksum, for people.
std::string summarizeTensor(const subkernel::Param& p, const TensorBytes& bytes, size_t maxValues = 8);

}  // namespace sk::rt
