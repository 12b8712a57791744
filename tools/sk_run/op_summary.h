// sk_run --op-summary: the device tasks of a run as a CSV with the columns of msprof's
// op_summary that apply here, so scripts written for Ascend profiles read it.
#pragma once
#include <string>
#include <vector>

#include "sk/kernel_runner.h"

namespace skrun {

// One block of rows per mode ("fused", "eager", "replay"): its run's tasks, numbered in order.
std::string opSummaryCsv(const std::vector<std::pair<std::string, const sk::rt::RunResult*>>& modes);

}  // namespace skrun
