// softmax: the tiling of ops/softmax (rows split evenly over the AIV cores, a row whole in UB).
#include "softmax/softmax_tiling.h"
#include "op_launch.h"

namespace sk::ops {

namespace {

using detail::align256;

const std::vector<DType> kTypes = {DType::Float16, DType::BFloat16, DType::Float32};

// The kernel's UB for a row of `cols` elements of `bytes` each: input and output queues of two
// buffers, a float row unless the dtype is float32, the reductions' work, the scalar block.
uint64_t ubNeeded(uint64_t cols, uint64_t bytes) {
  return 4 * align256(cols * bytes) + (bytes == 4 ? 0 : align256(cols * 4)) + align256((cols + 63) / 64 * 4) + 256;
}

aclError infer(const char* op, const TensorSpec& x, TensorSpec& y) {
  if (x.shape.empty()) return detail::invalid(op, "x " + detail::describe(x) + " has no last axis to reduce");
  y = x;
  return ACL_SUCCESS;
}

}  // namespace

aclError inferSoftmax(const TensorSpec& x, TensorSpec& y) { return infer("sk::ops::inferSoftmax", x, y); }

aclError softmax(const Tensor& x, const Tensor& y, aclrtStream stream) {
  const char* op = "softmax";
  if (aclError rc = detail::checkTensor(op, "x", x, kTypes)) return rc;
  if (aclError rc = detail::checkTensor(op, "y", y, kTypes)) return rc;
  TensorSpec inferred;
  if (aclError rc = infer(op, x, inferred)) return rc;
  if (aclError rc = detail::checkOutput(op, "y", y, inferred)) return rc;
  detail::RowSplit split;
  if (aclError rc = detail::splitRows(op, x, ubNeeded((uint64_t)x.shape.back(), dtypeBytes(x.dtype)), split)) return rc;
  optiling::SoftmaxTilingData t;
  t.set_rows(split.rows);
  t.set_rowsPerCore(split.rowsPerCore);
  t.set_cols(split.cols);
  detail::OpLaunch l;
  l.op = op;
  l.inputs = {&x};
  l.outputs = {&y};
  l.tiling = detail::tilingBytes(t);
  l.blockDim = split.blockDim;
  return detail::launch(l, stream);
}

}  // namespace sk::ops
