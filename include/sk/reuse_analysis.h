// lib/reuse_analysis: the plan of a super kernel (docs/sk_compile.md). The op list is a program — the
// order one host thread would launch the sub-kernels in — and the plan says what the fused
// kernel must respect to compute exactly what that program computes: tensors by (bound)
// name, hazards and stream/event order as dependency edges, a memory plan for the SK
// workspace, core ranges, and the SK's kernel type and blockDim.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "llvm/Support/Error.h"
#include "sk/subkernel.h"

namespace sk::reuse {

// ---- input ----

// One entry of the op list (anchor-compatible: bin_path, json_path, stream_id,
// send_event_list, recv_event_list, bind). Unset fields come from the sub-kernel's metadata.
struct OpSpec {
  std::string objPath;
  std::string jsonPath;  // empty: the .json beside the .o
  std::optional<int64_t> streamId;
  std::optional<std::vector<int64_t>> sendEvents, recvEvents;
  std::map<std::string, std::string> bind;  // param name -> graph tensor name
  // scalar param name -> its value for this instance ("scalars": hex or a number,
  // subkernel::encodeScalar); wins over the metadata's "data".
  std::map<std::string, nlohmann::json> scalars;
  // A sub-kernel already in memory (fusing in process, e.g. a captured launch): used instead
  // of reading objPath/jsonPath.
  std::shared_ptr<const subkernel::SubKernel> kernel;
  std::string where;  // "list.json: op_list[3]", for messages (empty: an op of --ops)
};

struct OpList {
  std::vector<OpSpec> ops;
  std::string options;  // "super_kernel_options"
  std::vector<std::string> keepOutputs;  // "keep_outputs": intermediates kept as SK outputs (as --keep-output)
};

// Reads an op-list JSON file; errors name the file and the field (op_list[3].bind.x).
llvm::Expected<OpList> readOpList(const std::string& path);
// The same from the file's text; `path` names it in errors and is the base of relative paths.
llvm::Expected<OpList> parseOpList(const std::string& text, const std::string& path);
// The op list as JSON text, in the format readOpList reads (paths written as they are).
std::string writeOpList(const OpList& list);
// --ops a.o,b.o: each X.o with X.json beside it.
OpList opListFromObjects(const std::vector<std::string>& objects);

// The SK options, `key=value:key=value`, strict (docs/sk_compile.md lists what each does).
struct Options {
  bool earlyStart = true;    // early-start: honour the sub-kernels' declared early-start points
  bool streamFusion = true;  // stream-fusion: tasks of independent streams may run concurrently
  bool debugSyncAll = false; // debug-sync-all: an all-core barrier after every task
  bool feedSyncAll = false;  // feed-sync-all: accepted; barriers are per task here (no effect)
  bool preloadCode = true;   // preload-code: prefetch each core's next sub-kernel code
  uint32_t splitMode = 1;    // split-mode: accepted (1..64); the simulated I-cache gains nothing
  bool profiling = false;    // profiling: per-task start/end records in the workspace
  bool autoOpParallel = false;  // auto-op-parallel: order the task table to interleave cube and vector work of streams
  std::string text() const;  // canonical "key=value:..." of every option
};
llvm::Expected<Options> parseOptions(const std::string& text);
// The op list's own options ("super_kernel_options") with `extra` (sk_compile --options)
// appended after them, parsed.
llvm::Expected<Options> listOptions(const OpList& list, const std::string& extra);
const std::vector<std::string>& optionKeys();

// ---- the plan ----

struct Instance {
  uint32_t index = 0;
  std::shared_ptr<const subkernel::SubKernel> kernel;  // shared when the same .o appears again
  const subkernel::KernelMeta& meta() const { return kernel->meta; }
  std::string label;                    // "add_custom (op 1)"
  int64_t stream = 0;
  std::vector<int64_t> sendEvents, recvEvents;
  std::vector<std::string> boundNames;  // per param; empty for workspace, tiling and scalar
  std::vector<std::vector<uint8_t>> scalarValues;  // per param: a scalar's bytes (op list, else metadata); else empty
  uint32_t textBytes = 0;               // st_size of the entry
};

using subkernel::TensorKind;
using subkernel::tensorKindName;

struct Access {
  uint32_t op;
  bool write;
};

struct Tensor {
  std::string name;
  sk::DType dtype = sk::DType::Float32;
  std::vector<int64_t> shape;
  uint64_t bytes = 0;
  TensorKind kind = TensorKind::Input;
  bool keptAsOutput = false;  // an intermediate the user asked to keep
  std::vector<Access> accesses;  // in program order
  std::string firstSeenIn;       // label of the op that first mentions it (for messages)
};

struct Edge {
  uint32_t from = 0, to = 0;
  std::vector<std::string> reasons;  // "RAW on x", "WAR on y", "WAW on z", "stream 1", "event 3", "reuse ..."
};

// Something placed in the SK workspace: an intermediate tensor or a sub-kernel workspace.
struct MemoryItem {
  std::string what;             // "intermediate t1", "workspace of add_custom (op 2)"
  std::string tensor;           // an intermediate: its name
  int32_t workspaceParam = -1;  // a sub-kernel workspace: the param index in its op
  uint64_t bytes = 0;
  uint64_t offset = 0;          // in the SK workspace
  std::vector<uint32_t> users;  // ops that touch it
  bool shareable = true;        // false: touched by an early-release task (never shares bytes)
  std::optional<uint32_t> sharesWith;  // an earlier item whose bytes it reuses (for --explain)
};

struct CoreRange {
  uint32_t aicBegin = 0, aicCount = 0;
  uint32_t aivBegin = 0, aivCount = 0;
};

// Where each argument of a task comes from: SK parameter `param` + `offset`.
struct TaskArg {
  int32_t param = -1;  // -1: null (a 0-byte workspace)
  uint64_t offset = 0;
};

struct Plan {
  std::string name;
  arch::ArchSpec arch;
  Options options;
  std::vector<Instance> ops;
  std::vector<Tensor> tensors;
  std::vector<Edge> edges;                   // sorted by (to, from)
  std::vector<std::vector<uint32_t>> preds;  // per op: the ops it waits for (sorted)
  std::vector<MemoryItem> memory;
  uint64_t workspaceBytes = 0;               // with reuse, before the profiling area
  uint64_t workspaceBytesNoReuse = 0;
  uint64_t profileOffset = 0, profileBytes = 0;
  std::vector<CoreRange> ranges;             // per op
  std::vector<uint32_t> firstRecord;         // per op (profiling)
  sk::TaskRation ration;                  // the SK's kernel type
  uint32_t blockDim = 0;
  std::vector<subkernel::Param> params;      // inputs (inout: also written), outputs, workspace, tiling
  std::vector<std::vector<TaskArg>> args;    // per op, per param
  std::vector<std::string> notes;            // e.g. "x is written by op 1 and again by op 3: the later write wins"
};

struct PlanRequest {
  std::string name;                       // the SK name (a C identifier)
  OpList ops;
  Options options;
  arch::ArchSpec arch;
  std::vector<std::string> keepOutputs;   // intermediates to keep as SK outputs
};

// check_name → read_sub_kernels → bind_tensors → build_dependencies → order_tasks → plan_memory → place_cores
// → add_params → assign_args.
// Bad input is an InputError naming the op (file) and the field or tensor.
llvm::Expected<Plan> makePlan(const PlanRequest& request);

// The plan for a person (sk_compile --explain).
std::string explain(const Plan& plan);

}  // namespace sk::reuse
