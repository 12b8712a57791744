// Matrix ops on the cube (ops/grouped_matmul, ops/quant_matmul).
#pragma once
#include "sk/ops/tensor.h"

namespace sk::ops {

// grouped_matmul: the rows of x are grouped by expert; group e is rows [groupList[e-1],
// groupList[e]) (cumulative counts, groupList[-1] = 0, non-decreasing, the last at most M) and
// y[m] = x[m] · weight[e]. Rows after groupList[E-1] are not written.
//   x [M, K], weight [E, K, N], y [M, N]: float16 or bfloat16, all the same; groupList [E] int64.
// Accumulates in float32, rounds once to y's dtype.
aclError inferGroupedMatmul(const TensorSpec& x, const TensorSpec& weight, const TensorSpec& groupList, TensorSpec& y);
aclError groupedMatmul(const Tensor& x, const Tensor& weight, const Tensor& groupList, const Tensor& y,
                       aclrtStream stream);

// quant_matmul: y[m][n] = (sum_k x[m][k] * w[k][n]) * scale[n] * pertokenScale[m], the sum in
// int32, the scaling in float32 in that order ((float(sum) * scale[n]) * pertokenScale[m]),
// rounded once (to nearest even) to y's dtype.
//   x [M, K] int8, w [K, N] int8, scale [N] float32 (per channel), pertokenScale [M] float32,
//   y [M, N] float16 or bfloat16 (`outDtype` for inference).
aclError inferQuantMatmul(const TensorSpec& x, const TensorSpec& w, const TensorSpec& scale,
                          const TensorSpec& pertokenScale, DType outDtype, TensorSpec& y);
aclError quantMatmul(const Tensor& x, const Tensor& w, const Tensor& scale, const Tensor& pertokenScale, const Tensor& y,
                     aclrtStream stream);

}  // namespace sk::ops
