// The host side of an operator: its kernel launched from this header, not from the program's
// source.
#pragma once
#include <acl/acl.h>

#include "tl/kernel_adapter.h"

namespace tl {
template <class Operator> struct DeviceOp {
  typename Operator::Params params;
  void Run(aclrtStream stream, uint32_t blockDim, uint64_t syncAddr) {
    if (syncAddr == 0) {
      tl::KernelAdapter<Operator><<<blockDim, nullptr, stream>>>(params);
    } else {
      tl::KernelAdapter<Operator><<<blockDim, nullptr, stream>>>(params, syncAddr);
    }
  }
};
}  // namespace tl
