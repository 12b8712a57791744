// Element-wise ops (ops/elementwise): float16, bfloat16, float32; the same shapes.
#pragma once
#include "sk/ops/tensor.h"

namespace sk::ops {

aclError inferElementwise(const TensorSpec& x, const TensorSpec& y, TensorSpec& z);
aclError add(const Tensor& x, const Tensor& y, const Tensor& z, aclrtStream stream);  // z = x + y
aclError mul(const Tensor& x, const Tensor& y, const Tensor& z, aclrtStream stream);  // z = x * y
aclError square(const Tensor& x, const Tensor& y, aclrtStream stream);                // y = x * x


}  // namespace sk::ops
