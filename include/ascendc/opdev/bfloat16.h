// op::bfloat16: bfloat16 for host code (CANN's opdev/bfloat16.h; opdev/host_float16.h).
#pragma once
#include "opdev/host_float16.h"

namespace op {
using bfloat16 = detail::Float16<detail::bfloat16Bits, detail::bfloat16Value>;
}  // namespace op
