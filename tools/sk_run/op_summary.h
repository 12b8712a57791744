// sk_run --op-summary: the device tasks of a run as a CSV with the columns of msprof's
// op_summary that apply here, so scripts written for Ascend profiles read it.
#pragma once
#include <string>
#include <vector>

#include "sk/sim/device.h"

namespace skrun {

// One run of the program: its tasks are timings[begin, end) of Device::taskTimings().
struct ModeSpan {
  std::string mode;  // "fused", "eager", "replay"
  size_t begin = 0, end = 0;
};

std::string opSummaryCsv(const std::vector<sk::sim::Device::TaskTiming>& timings, const std::vector<ModeSpan>& modes);

}  // namespace skrun
