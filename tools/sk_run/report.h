// sk_run --report: a self-contained HTML profile of one run (no network, no external files).
#pragma once
#include <optional>
#include <string>

#include "sk/mode_comparison.h"
#include "sk/kernel_runner.h"
#include "sk/subkernel.h"

namespace skrun {

struct ReportInput {
  const sk::subkernel::KernelMeta* meta = nullptr;
  std::string arch;
  const sk::rt::RunResult* fused = nullptr;  // the run of the kernel itself
  const sk::rt::Comparison* comparison = nullptr;  // --compare-unfused: the three modes
  std::string traceJson;                     // Device::traceJson() of the run(s)
};

// The report: a summary, eager / graph replay / fused (when compared) with the sub-kernels'
// times, per-core timelines (one per mode) in virtual time drawn by a small script from the
// embedded data, and the device tasks. Virtual
// figures only, so the same run gives the same bytes (wall time goes to stdout).
std::string htmlReport(const ReportInput& in);

}  // namespace skrun
