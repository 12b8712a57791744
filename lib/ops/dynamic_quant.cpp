// dynamic_quant: the tiling of ops/dynamic_quant (rows over the AIV cores, columns in chunks
// that fit UB).
#include "dynamic_quant/row_quant_tiling.h"
#include "op_launch.h"

namespace sk::ops {

namespace {
constexpr const char* kOp = "dynamic_quant";
// UB bytes per column: x (2 buffers of 2 bytes), y (2 of 1), float values and scratch, half.
constexpr uint32_t kColumnBytes = 2 * 2 + 2 * 1 + 4 + 4 + 2;
}  // namespace

aclError inferDynamicQuant(const TensorSpec& x, TensorSpec& y, TensorSpec& scale) {
  if (x.shape.size() != 2) return detail::invalid(kOp, "x " + detail::describe(x) + " must be [T, H]");
  if (x.dtype != DType::Float16 && x.dtype != DType::BFloat16)
    return detail::invalid(kOp, "x is " + detail::describe(x) + "; supported: float16, bfloat16");
  y = {DType::Int8, x.shape};
  scale = {DType::Float32, {x.shape[0]}};
  return ACL_SUCCESS;
}

aclError dynamicQuant(const Tensor& x, const Tensor& y, const Tensor& scale, aclrtStream stream) {
  if (aclError rc = detail::checkTensor(kOp, "x", x, {DType::Float16, DType::BFloat16})) return rc;
  if (aclError rc = detail::checkTensor(kOp, "y", y, {DType::Int8})) return rc;
  if (aclError rc = detail::checkTensor(kOp, "scale", scale, {DType::Float32})) return rc;
  TensorSpec yWant, scaleWant;
  if (aclError rc = inferDynamicQuant(x, yWant, scaleWant)) return rc;
  if (aclError rc = detail::checkOutput(kOp, "y", y, yWant)) return rc;
  if (aclError rc = detail::checkOutput(kOp, "scale", scale, scaleWant)) return rc;
  detail::Cores cores;
  if (aclError rc = detail::cores(kOp, cores)) return rc;
  detail::OpLaunch l;
  optiling::RowQuantTilingData t = sk_ops::rowQuantTiling((uint32_t)x.shape[0], (uint32_t)x.shape[1], cores.aiv,
                                                          cores.ubBytes, kColumnBytes, l.blockDim);
  if (t.get_chunk() == 0) return detail::invalid(kOp, "x " + detail::describe(x) + ": too many rows per core for UB");
  l.op = kOp;
  l.inputs = {&x};
  l.outputs = {&y, &scale};
  l.tiling = detail::tilingBytes(t);
  return detail::launch(l, stream);
}

}  // namespace sk::ops
