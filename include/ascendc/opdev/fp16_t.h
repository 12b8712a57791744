// op::fp16_t: IEEE binary16 for host code (CANN's opdev/fp16_t.h; opdev/host_float16.h).
#pragma once
#include "opdev/host_float16.h"

namespace op {
using fp16_t = detail::Float16<detail::halfBits, detail::halfValue>;
}  // namespace op
