// A super kernel's program three ways: eager launches of its sub-kernels, the same launches
// captured once and replayed (graph replay), and the super kernel itself; compared in one table
// (sk_run --compare-unfused, docs/simulator.md).
#pragma once
#include <string>
#include <vector>

#include "sk/kernel_runner.h"
#include "sk/subkernel.h"

namespace sk::rt {

struct ModeRuns {
  RunResult fused, eager, replay;
};

// Runs the super kernel, then its sub-kernels eagerly, then graph-replayed (runKernel,
// runUnfused), each from a cold L2 (Device::dropCaches) and, when the device traces, in a trace
// section of its own: "fused", "eager", "replay". Stops at the first failing mode.
llvm::Expected<ModeRuns> runModes(Runtime& rt, const subkernel::SubKernel& sk, const RunOptions& opts);

struct Comparison {
  struct Mode {
    std::string name;  // "eager", "graph replay", "fused"
    const RunResult* run = nullptr;
    double fusedSpeedup = 0;  // this mode's end-to-end time over the fused one's
  };
  std::vector<Mode> modes;  // eager, graph replay, fused
  // Per sub-kernel instance, mean over the repeats: its task's duration unfused, and from its
  // first start to its last end on any core inside the super kernel.
  struct SubKernel {
    std::string label;
    double eagerUs = 0, replayUs = 0, fusedUs = 0;
  };
  std::vector<SubKernel> subKernels;
  // Inside the super kernel, per core and launch: the time spent waiting at task boundaries
  // (sk_task_wait) and in SyncAll (sk_sync_all), and its share of the fused device time.
  double syncUs = 0, syncShare = 0;
};

// The figures of `runs` (which must outlive the result).
Comparison compareModes(const subkernel::SuperKernelSection& sk, const ModeRuns& runs);

// The comparison as text (virtual time; wall times are the caller's to add).
std::string comparisonTable(const Comparison& c);

}  // namespace sk::rt
