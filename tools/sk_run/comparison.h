// sk_run --compare-unfused: eager launches, graph replay and the super kernel side by side.
// Computed once, printed as a table and drawn in the report, so both show the same figures.
#pragma once
#include <string>
#include <vector>

#include "sk/kernel_runner.h"
#include "sk/subkernel.h"

namespace skrun {

struct Comparison {
  struct Mode {
    std::string name;  // "eager", "graph replay", "fused"
    const sk::rt::RunResult* run = nullptr;
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

Comparison compareModes(const sk::subkernel::SuperKernelSection& sk, const sk::rt::RunResult& eager,
                        const sk::rt::RunResult& replay, const sk::rt::RunResult& fused);

// The comparison as text for stdout (virtual time; wall times are the caller's to add).
std::string comparisonTable(const Comparison& c);

}  // namespace skrun
