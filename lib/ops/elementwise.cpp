// add, mul, square: the tiling of ops/elementwise (blocks of whole 64-element repeats per core,
// tiles of at most 4096 elements, double-buffered).
#include "elementwise/elementwise_tiling.h"
#include "op_launch.h"

#include <algorithm>

namespace sk::ops {

namespace {

const std::vector<DType> kFloats = {DType::Float16, DType::BFloat16, DType::Float32};

constexpr uint64_t kRepeat = 64;      // elements per block boundary: whole repeats of any dtype
constexpr uint32_t kMaxTile = 4096;   // 2 inputs x 2 buffers + output + float staging fit in UB

aclError inferBinary(const char* op, const TensorSpec& x, const TensorSpec& y, TensorSpec& z) {
  if (x.dtype != y.dtype || x.shape != y.shape)
    return detail::invalid(op, "x " + detail::describe(x) + " and y " + detail::describe(y) +
                                   " differ: the op takes the same dtype and shape");
  z = x;
  return ACL_SUCCESS;
}

aclError launchElementwise(const char* op, std::vector<const Tensor*> inputs, const Tensor& out, aclrtStream stream) {
  for (size_t i = 0; i < inputs.size(); ++i)
    if (aclError rc = detail::checkTensor(op, i ? "y" : "x", *inputs[i], kFloats)) return rc;
  if (aclError rc = detail::checkTensor(op, inputs.size() == 2 ? "z" : "y", out, kFloats)) return rc;
  TensorSpec inferred;
  if (inputs.size() == 2) {
    if (aclError rc = inferBinary(op, *inputs[0], *inputs[1], inferred)) return rc;
  } else {
    inferred = *inputs[0];
  }
  if (aclError rc = detail::checkOutput(op, inputs.size() == 2 ? "z" : "y", out, inferred)) return rc;
  detail::Cores cores;
  if (aclError rc = detail::cores(op, cores)) return rc;
  uint64_t total = (uint64_t)out.numel();
  uint64_t perCore = (total + cores.aiv - 1) / cores.aiv;
  perCore = (perCore + kRepeat - 1) / kRepeat * kRepeat;
  optiling::ElementwiseTilingData t;
  t.set_totalLength(total);
  t.set_blockLength(perCore);
  t.set_tileLength((uint32_t)std::min<uint64_t>(perCore, kMaxTile));
  detail::OpLaunch l;
  l.op = op;
  l.inputs = std::move(inputs);
  l.outputs = {&out};
  l.tiling = detail::tilingBytes(t);
  l.blockDim = (uint32_t)((total + perCore - 1) / perCore);
  return detail::launch(l, stream);
}

}  // namespace

aclError inferElementwise(const TensorSpec& x, const TensorSpec& y, TensorSpec& z) {
  return inferBinary("sk::ops::inferElementwise", x, y, z);
}

aclError add(const Tensor& x, const Tensor& y, const Tensor& z, aclrtStream stream) {
  return launchElementwise("add", {&x, &y}, z, stream);
}

aclError mul(const Tensor& x, const Tensor& y, const Tensor& z, aclrtStream stream) {
  return launchElementwise("mul", {&x, &y}, z, stream);
}

aclError square(const Tensor& x, const Tensor& y, aclrtStream stream) { return launchElementwise("square", {&x}, y, stream); }

}  // namespace sk::ops
