// rmsnorm: the tiling of ops/rmsnorm (rows split evenly over the AIV cores, a row whole in UB).
#include "rmsnorm/rmsnorm_tiling.h"
#include "op_launch.h"

namespace sk::ops {

namespace {

using detail::align256;

const std::vector<DType> kTypes = {DType::Float16, DType::BFloat16};

// The kernel's UB for a row of `cols` elements of `bytes` each: input and output queues of two
// buffers, gamma, the row and its squares in float, ReduceSum's work, the scalar block.
uint64_t ubNeeded(uint64_t cols, uint64_t bytes) {
  return 4 * align256(cols * bytes) + 3 * align256(cols * 4) + align256((cols + 63) / 64 * 4) + 256;
}

aclError infer(const char* op, const TensorSpec& x, const TensorSpec& gamma, TensorSpec& y) {
  if (x.shape.empty()) return detail::invalid(op, "x " + detail::describe(x) + " has no last axis to normalise");
  int64_t h = x.shape.back();
  if (gamma.dtype != x.dtype || gamma.shape != std::vector<int64_t>{h})
    return detail::invalid(op, "gamma is " + detail::describe(gamma) + "; x " + detail::describe(x) + " needs " +
                                   dtypeName(x.dtype) + "[" + std::to_string(h) + "]");
  y = x;
  return ACL_SUCCESS;
}

}  // namespace

aclError inferRmsnorm(const TensorSpec& x, const TensorSpec& gamma, TensorSpec& y) {
  return infer("sk::ops::inferRmsnorm", x, gamma, y);
}

aclError rmsnorm(const Tensor& x, const Tensor& gamma, float epsilon, const Tensor& y, aclrtStream stream) {
  const char* op = "rmsnorm";
  if (aclError rc = detail::checkTensor(op, "x", x, kTypes)) return rc;
  if (aclError rc = detail::checkTensor(op, "gamma", gamma, kTypes)) return rc;
  if (aclError rc = detail::checkTensor(op, "y", y, kTypes)) return rc;
  TensorSpec inferred;
  if (aclError rc = infer(op, x, gamma, inferred)) return rc;
  if (aclError rc = detail::checkOutput(op, "y", y, inferred)) return rc;
  if (!(epsilon >= 0)) return detail::invalid(op, "epsilon " + std::to_string(epsilon) + " must be >= 0");
  detail::RowSplit split;
  if (aclError rc = detail::splitRows(op, x, ubNeeded((uint64_t)x.shape.back(), dtypeBytes(x.dtype)), split)) return rc;
  optiling::RmsnormTilingData t;
  t.set_rows(split.rows);
  t.set_rowsPerCore(split.rowsPerCore);
  t.set_cols(split.cols);
  t.set_avgFactor(1.0f / (float)split.cols);
  t.set_epsilon(epsilon);
  detail::OpLaunch l;
  l.op = op;
  l.inputs = {&x, &gamma};
  l.outputs = {&y};
  l.tiling = detail::tilingBytes(t);
  l.blockDim = split.blockDim;
  return detail::launch(l, stream);
}

}  // namespace sk::ops
