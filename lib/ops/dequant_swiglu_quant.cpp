// dequant_swiglu_quant: the tiling of ops/dequant_swiglu_quant (rows over the AIV cores, columns
// in chunks that fit UB).
#include "dynamic_quant/row_quant_tiling.h"
#include "op_launch.h"

namespace sk::ops {

namespace {
constexpr const char* kOp = "dequant_swiglu_quant";
// UB bytes per column of y: x and weightScale, both halves (one buffer of 4 x 4 bytes), y (2
// buffers of 1), float scratch, half.
constexpr uint32_t kColumnBytes = 4 * 4 + 2 * 1 + 4 + 2;

aclError checkSpecs(const TensorSpec& x, const TensorSpec& weightScale, const TensorSpec& activationScale) {
  if (x.dtype != DType::Int32 || x.shape.size() != 2 || x.shape[1] % 2 != 0)
    return detail::invalid(kOp, "x is " + detail::describe(x) + "; the op takes int32[T, 2H]");
  if (weightScale.dtype != DType::Float32 || weightScale.shape != std::vector<int64_t>{x.shape[1]})
    return detail::invalid(kOp, "weightScale is " + detail::describe(weightScale) + "; x " + detail::describe(x) +
                                    " needs float32[" + std::to_string(x.shape[1]) + "]");
  if (activationScale.dtype != DType::Float32 || activationScale.shape != std::vector<int64_t>{x.shape[0]})
    return detail::invalid(kOp, "activationScale is " + detail::describe(activationScale) + "; x " +
                                    detail::describe(x) + " needs float32[" + std::to_string(x.shape[0]) + "]");
  return ACL_SUCCESS;
}
}  // namespace

aclError inferDequantSwigluQuant(const TensorSpec& x, const TensorSpec& weightScale, const TensorSpec& activationScale,
                                 TensorSpec& y, TensorSpec& scale) {
  if (aclError rc = checkSpecs(x, weightScale, activationScale)) return rc;
  y = {DType::Int8, {x.shape[0], x.shape[1] / 2}};
  scale = {DType::Float32, {x.shape[0]}};
  return ACL_SUCCESS;
}

aclError dequantSwigluQuant(const Tensor& x, const Tensor& weightScale, const Tensor& activationScale, const Tensor& y,
                            const Tensor& scale, aclrtStream stream) {
  if (aclError rc = detail::checkTensor(kOp, "x", x, {DType::Int32})) return rc;
  if (aclError rc = detail::checkTensor(kOp, "weightScale", weightScale, {DType::Float32})) return rc;
  if (aclError rc = detail::checkTensor(kOp, "activationScale", activationScale, {DType::Float32})) return rc;
  if (aclError rc = detail::checkTensor(kOp, "y", y, {DType::Int8})) return rc;
  if (aclError rc = detail::checkTensor(kOp, "scale", scale, {DType::Float32})) return rc;
  TensorSpec yWant, scaleWant;
  if (aclError rc = inferDequantSwigluQuant(x, weightScale, activationScale, yWant, scaleWant)) return rc;
  if (aclError rc = detail::checkOutput(kOp, "y", y, yWant)) return rc;
  if (aclError rc = detail::checkOutput(kOp, "scale", scale, scaleWant)) return rc;
  detail::Cores cores;
  if (aclError rc = detail::cores(kOp, cores)) return rc;
  detail::OpLaunch l;
  optiling::RowQuantTilingData t = sk_ops::rowQuantTiling((uint32_t)x.shape[0], (uint32_t)(x.shape[1] / 2), cores.aiv,
                                                          cores.ubBytes, kColumnBytes, l.blockDim);
  if (t.get_chunk() == 0) return detail::invalid(kOp, "x " + detail::describe(x) + ": too many rows per core for UB");
  l.op = kOp;
  l.inputs = {&x, &weightScale, &activationScale};
  l.outputs = {&y, &scale};
  l.tiling = detail::tilingBytes(t);
  return detail::launch(l, stream);
}

}  // namespace sk::ops
