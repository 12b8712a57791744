// The device tasks of a run as a CSV with the columns of msprof's op_summary that apply here, so
// scripts written for Ascend profiles read it: sk_run --op-summary and the ACL profiling API
// (aclprofStop, acl/acl_prof.h).
#pragma once
#include <string>
#include <vector>

#include "sk/sim/device.h"

namespace sk::rt {

// One block of rows: the tasks of one run in execution order, its mode in the last column
// ("fused", "eager", "replay", "acl"). opNames/opTypes, where given and not empty, override a
// task's Op Name / OP Type (the names aclprofRangePushEx reported); otherwise the task's name,
// and for a sub-kernel entry of a super kernel (<sk>__<i>__<kernel>) the type <kernel>.
struct OpSummaryBlock {
  std::string mode;
  std::vector<sim::Device::TaskTiming> tasks;
  std::vector<std::string> opNames, opTypes;
};

// Tasks are numbered across the blocks in order.
std::string opSummaryCsv(const std::vector<OpSummaryBlock>& blocks);

}  // namespace sk::rt
