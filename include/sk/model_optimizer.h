// aclskOptimize: fusing the scopes of a captured model into super kernels, in process, with the
// planner and linker sk_compile uses (docs/acl_api.md, "Fusing a captured model").
#pragma once
#include <map>
#include <string>
#include <vector>

#include "llvm/Support/Error.h"
#include "sk/fusion_cache.h"
#include "sk/runtime.h"

namespace sk::rt {

struct OptimizeReport {
  std::vector<std::string> lines;  // what each scope became, and why a task was left out
  size_t superKernels = 0;         // super kernels made
  size_t kernelsFused = 0;         // captured launches they replaced
  std::string options;             // the options used, canonical (reuse::Options::text)
};

// Each run of two or more kernels inside a named scope (innermost scope wins; a scope begun with
// a null name is not fused) becomes one super kernel launch in the model. A scope holds the
// tasks of its stream and of the streams forked from it inside it; the events between them
// become the super kernel's (its sub-kernels keep their streams), provided at most one of its
// streams has work outside the run (the launch goes there). A kernel must come from a file
// loaded with loadBinaryFile with its .json beside it or its metadata embedded; its tiling is
// read from the device as captured. A copy, a wait on an event recorded outside, a kernel
// without metadata or tensors that overlap without being the same split a scope there.
// `options`: sk_compile's --options grammar, keys also in the anchor's AOT spelling
// (stream_fusion, debug_sync_all, early_start, split_mode, preload_code); `preload_code` takes
// the AOT's numbers: 0 max, 1 per-func, 2 none (max preloads as per-func does).
struct OptimizeConfig {
  // Options of the scopes with these names, instead of `options` (same grammar).
  std::map<std::string, std::string> scopeOptions;
  // Where built super kernels are looked up first and kept (null: build every one).
  FusionCache* cache = nullptr;
};
llvm::Expected<OptimizeReport> optimizeModel(Runtime& rt, sim::ModelId model, const std::string& options,
                                             const OptimizeConfig& config = {});

// AOT from a capture: each run optimizeModel would fuse, written as an op list sk_compile takes
// (`sk_compile --op-list <dir>/<name>/op_list.json --package`), in `dir`/<name>/ (the name
// optimizeModel would give the super kernel): op_list.json, each kernel's object and each
// launch's metadata with its shapes, grid and the tiling and scalar bytes it was captured with.
// Tensors are named by `names` (device address -> a C identifier) where given, else t0, t1, ...
// in order of first use; every tensor written in the run and named by the caller, or read by a
// kernel after the run, is kept as an output ("keep_outputs"); without names every output is.
struct ExportConfig {
  std::map<uint64_t, std::string> names;
};
struct ExportReport {
  std::vector<std::string> lines;    // what each run became, and why a task was left out
  std::vector<std::string> opLists;  // the op lists written
};
llvm::Expected<ExportReport> exportModel(Runtime& rt, sim::ModelId model, const std::string& dir,
                                         const ExportConfig& config = {});

// `options` (either spelling) in canonical form; bad input is an InputError naming the key.
llvm::Expected<std::string> canonicalOptions(const std::string& options);

// A hash of everything fusing the model reads: its tasks (kernels by their code address, their
// arguments, the captured tiling bytes), streams, events and scopes. Two captures with the same
// fingerprint optimize to the same model. Empty when the model holds work it cannot tell apart
// (copies, memsets).
llvm::Expected<std::string> modelFingerprint(Runtime& rt, sim::ModelId model);

}  // namespace sk::rt
