// Row-wise ops over the last axis (ops/rmsnorm, ops/softmax, ops/concat).
#pragma once
#include "sk/ops/tensor.h"

namespace sk::ops {

// rmsnorm and softmax keep a row whole in one vector core's UB: on dav-2201 (192 KiB) rows up to
// 9728 elements for rmsnorm, 12224 float32 / 16256 float16 or bfloat16 elements for softmax
// (more on dav-3510); a longer row is refused (ACL_ERROR_INVALID_PARAM naming x).

// rmsnorm: y = x * rsqrt(mean(x^2) + epsilon) * gamma over the last axis, computed in float32.
//   x [..., H] float16 or bfloat16, gamma [H] the same dtype, y like x.
aclError inferRmsnorm(const TensorSpec& x, const TensorSpec& gamma, TensorSpec& y);
aclError rmsnorm(const Tensor& x, const Tensor& gamma, float epsilon, const Tensor& y, aclrtStream stream);

// softmax over the last axis, computed in float32 (max subtracted first).
//   x [..., N] float16, bfloat16 or float32; y like x.
aclError inferSoftmax(const TensorSpec& x, TensorSpec& y);
aclError softmax(const Tensor& x, const Tensor& y, aclrtStream stream);

// concat along the last axis: y[..., :Na] = a, y[..., Na:] = b.
//   a [..., Na], b [..., Nb] with the same leading dims and dtype (any of float16, bfloat16,
//   float32, int8, int32); y [..., Na + Nb].
aclError inferConcat(const TensorSpec& a, const TensorSpec& b, TensorSpec& y);
aclError concat(const Tensor& a, const Tensor& b, const Tensor& y, aclrtStream stream);

}  // namespace sk::ops
