// The kernels a device adapter launches: one template per operator, overloaded on whether the
// host passes the cube/vector sync address (aclrtGetHardwareSyncAddr).
#pragma once
#include "tl/macros.h"

namespace tl {
template <class Operator> TL_GLOBAL void KernelAdapter(typename Operator::Params params) {
  Operator op;
  op(params);
}
template <class Operator> TL_GLOBAL void KernelAdapter(typename Operator::Params params, uint64_t syncAddr) {
  AscendC::SetSyncBaseAddr(syncAddr);
  Operator op;
  op(params);
}
}  // namespace tl
