// sk_run --report: a self-contained HTML profile of one run (no network, no external files).
#pragma once
#include <optional>
#include <string>

#include "sk/kernel_runner.h"
#include "sk/subkernel.h"

namespace skrun {

struct ReportInput {
  const sk::subkernel::KernelMeta* meta = nullptr;
  std::string arch;
  uint32_t clockMHz = 0;
  const sk::rt::RunResult* fused = nullptr;
  const sk::rt::RunResult* unfused = nullptr;  // --compare-unfused: eager launches
  const sk::rt::RunResult* replay = nullptr;   // --compare-unfused: the same, graph-replayed
  std::string traceJson;                       // Device::traceJson() of the run
};

// The report: a summary, eager / graph replay / fused (when run), a per-core timeline in
// virtual time drawn by a small script from the embedded data, and the device tasks. Virtual
// figures only, so the same run gives the same bytes (wall time goes to stdout).
std::string htmlReport(const ReportInput& in);

}  // namespace skrun
