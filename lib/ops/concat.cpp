// concat: the tiling of ops/concat (rows split evenly over the AIV cores, copied through UB in
// double-buffered tiles).
#include "concat/concat_tiling.h"
#include "op_launch.h"

#include <algorithm>

namespace sk::ops {

namespace {

const std::vector<DType> kTypes = {DType::Float16, DType::BFloat16, DType::Float32, DType::Int8, DType::Int32};

constexpr uint64_t kMaxTile = 64 * 1024;  // two buffers of this fit the UB of every arch

aclError infer(const char* op, const TensorSpec& a, const TensorSpec& b, TensorSpec& y) {
  auto differ = [&](const std::string& what) {
    return detail::invalid(op, "a " + detail::describe(a) + " and b " + detail::describe(b) + " differ in " + what);
  };
  if (a.shape.empty() || b.shape.empty())
    return detail::invalid(op, "a " + detail::describe(a) + " and b " + detail::describe(b) + " need a last axis");
  if (a.dtype != b.dtype) return differ("dtype");
  if (a.shape.size() != b.shape.size() || !std::equal(a.shape.begin(), a.shape.end() - 1, b.shape.begin()))
    return differ("the leading dims");
  y = a;
  y.shape.back() += b.shape.back();
  return ACL_SUCCESS;
}

}  // namespace

aclError inferConcat(const TensorSpec& a, const TensorSpec& b, TensorSpec& y) {
  return infer("sk::ops::inferConcat", a, b, y);
}

aclError concat(const Tensor& a, const Tensor& b, const Tensor& y, aclrtStream stream) {
  const char* op = "concat";
  if (aclError rc = detail::checkTensor(op, "a", a, kTypes)) return rc;
  if (aclError rc = detail::checkTensor(op, "b", b, kTypes)) return rc;
  if (aclError rc = detail::checkTensor(op, "y", y, kTypes)) return rc;
  TensorSpec inferred;
  if (aclError rc = infer(op, a, b, inferred)) return rc;
  if (aclError rc = detail::checkOutput(op, "y", y, inferred)) return rc;
  detail::Cores cores;
  if (aclError rc = detail::cores(op, cores)) return rc;
  uint64_t es = dtypeBytes(a.dtype), rows = (uint64_t)a.numel() / (uint64_t)a.shape.back();
  uint64_t aBytes = (uint64_t)a.shape.back() * es, bBytes = (uint64_t)b.shape.back() * es;
  if (rows > UINT32_MAX || aBytes + bBytes > UINT32_MAX)
    return detail::invalid(op, "y " + detail::describe(y) + " has more than 2^32 rows or bytes per row");
  uint64_t perCore = (rows + cores.aiv - 1) / cores.aiv;
  optiling::ConcatTilingData t;
  t.set_rows((uint32_t)rows);
  t.set_rowsPerCore((uint32_t)perCore);
  t.set_aBytes((uint32_t)aBytes);
  t.set_bBytes((uint32_t)bBytes);
  t.set_tileBytes((uint32_t)std::min<uint64_t>(kMaxTile, cores.ubBytes / 2 / 32 * 32));
  detail::OpLaunch l;
  l.op = op;
  l.inputs = {&a, &b};
  l.outputs = {&y};
  l.tiling = detail::tilingBytes(t);
  l.blockDim = (uint32_t)((rows + perCore - 1) / perCore);
  return detail::launch(l, stream);
}

}  // namespace sk::ops
