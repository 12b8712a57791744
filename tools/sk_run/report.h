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
  const sk::rt::RunResult* unfused = nullptr;  // --compare-unfused
  std::string traceJson;                       // Device::traceJson() of the run
};

// The report: a summary, fused vs unfused (when run), a per-core timeline in virtual time
// drawn by a small script from the embedded data, and the device tasks.
std::string htmlReport(const ReportInput& in);

}  // namespace skrun
