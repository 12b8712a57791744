// A small network of sub-kernels run two ways, in one process: eagerly (one launch per op,
// as a framework would) or with every "scope" of consecutive ops fused at run time into a
// super kernel (sk::reuse::makePlan + sk::super_kernel::build, then loaded from memory).
// The JIT examples use it to show that fusion computes the same bytes and what it saves.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "llvm/Support/Error.h"
#include "sk/runtime.h"

namespace example {

struct NetOp {
  std::string kernel;                       // <kernelDir>/<kernel>.o + .json
  std::map<std::string, std::string> bind;  // parameter -> tensor name
  std::string scope;                        // ops with the same scope, consecutive, are fused; "" = never
};

struct Network {
  std::vector<NetOp> ops;
  std::string output;  // the tensor to return
};

struct RunResult {
  std::vector<uint8_t> output;
  double deviceUs = 0;  // virtual, first task start to last task end
  size_t launches = 0;
  std::vector<sk::sim::Device::TaskTiming> tasks;
  std::string trace;    // Chrome trace JSON (when asked)
};

struct RunConfig {
  std::string arch = "dav-2201";
  std::string kernelDir;     // where the sub-kernel objects are
  bool fuse = false;
  std::string options;       // super-kernel options when fusing
  bool trace = false;
  uint64_t seed = 7;         // inputs are seeded by tensor name
  bool explain = false;      // print each fusion plan
};

llvm::Expected<RunResult> runNetwork(const Network& net, const RunConfig& cfg);

// Device build directory (SK_BUILD_DIR, else the one this example was built in).
std::string buildDir();

}  // namespace example
