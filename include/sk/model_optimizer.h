// aclskOptimize: fusing the scopes of a captured model into super kernels, in process, with the
// planner and linker sk_compile uses (docs/acl_api.md, "Fusing a captured model").
#pragma once
#include <string>
#include <vector>

#include "llvm/Support/Error.h"
#include "sk/runtime.h"

namespace sk::rt {

struct OptimizeReport {
  std::vector<std::string> lines;  // what each scope became, and why a task was left out
  size_t superKernels = 0;         // super kernels made
  size_t kernelsFused = 0;         // captured launches they replaced
};

// Each run of two or more kernels on one stream inside a named scope (innermost scope wins; a
// scope begun with a null name is not fused) becomes one super kernel launch in the model.
// A kernel must come from a file loaded with loadBinaryFile with its .json beside it; its
// tiling is read from the device as captured. Anything else in a scope (copies, events, a
// kernel without metadata, tensors that overlap without being the same) splits it there.
// `options`: sk_compile's --options grammar.
llvm::Expected<OptimizeReport> optimizeModel(Runtime& rt, sim::ModelId model, const std::string& options);

}  // namespace sk::rt
