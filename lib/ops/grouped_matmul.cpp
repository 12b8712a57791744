// grouped_matmul: shape checks, the work-unit sizes and the Matmul API's tiling of one unit
// (ops/grouped_matmul). The group sizes are device data, so the split over the AICs happens in
// the kernel; the host only fixes the unit: at most kMaxUnitRows rows x nTile columns, K whole.
#include "grouped_matmul/grouped_matmul_tiling.h"
#include "op_launch.h"

#include <algorithm>

namespace sk::ops {

namespace {

const char* const kOp = "grouped_matmul";
const std::vector<DType> kHalves = {DType::Float16, DType::BFloat16};

constexpr uint32_t kMaxUnitRows = 128;  // a prefill group's rows per unit (a decode group fits one)
constexpr uint32_t kMinUnitCols = 64;   // narrower units would reload x more than they save
constexpr uint32_t kMaxUnitCols = 256;

uint32_t align16(uint64_t v) { return (uint32_t)((v + 15) / 16 * 16); }

// Columns per unit: enough units per group for every AIC to have one when all E groups have
// rows (MoE decode: few rows per group, the weight traffic is the cost), within the bounds.
uint32_t unitCols(uint32_t n, uint32_t experts, uint32_t aic) {
  uint32_t unitsPerGroup = (aic + experts - 1) / experts;
  uint32_t cols = std::clamp(align16((n + unitsPerGroup - 1) / unitsPerGroup), kMinUnitCols, kMaxUnitCols);
  return std::min(cols, n);  // the tiler wants units inside the org shape
}

aclError cubeTiling(const char* op, DType d, uint32_t m, uint32_t n, uint32_t k, uint32_t mTile, uint32_t nTile,
                    optiling::TCubeTiling& out) {
  matmul_tiling::MatmulApiTiling tiler;
  using matmul_tiling::CubeFormat;
  using matmul_tiling::TPosition;
  auto type = d == DType::Float16 ? matmul_tiling::DataType::DT_FLOAT16 : matmul_tiling::DataType::DT_BF16;
  tiler.SetAType(TPosition::GM, CubeFormat::ND, type);
  tiler.SetBType(TPosition::GM, CubeFormat::ND, type);
  tiler.SetCType(TPosition::GM, CubeFormat::ND, type);
  tiler.SetShape((int32_t)mTile, (int32_t)nTile, (int32_t)k);
  tiler.SetOrgShape((int32_t)m, (int32_t)n, (int32_t)k);
  tiler.SetBias(false);
  tiler.SetBufferSpace(-1, -1, -1);
  if (tiler.GetTiling(out) == -1)
    return detail::invalid(op, "no Matmul tiling for units of " + std::to_string(mTile) + " x " + std::to_string(nTile) +
                                   " x K " + std::to_string(k));
  return ACL_SUCCESS;
}

}  // namespace

aclError inferGroupedMatmul(const TensorSpec& x, const TensorSpec& weight, const TensorSpec& groupList, TensorSpec& y) {
  if (x.shape.size() != 2) return detail::invalid(kOp, "x " + detail::describe(x) + " must be 2-D [M, K]");
  if (weight.shape.size() != 3) return detail::invalid(kOp, "weight " + detail::describe(weight) + " must be 3-D [E, K, N]");
  if (groupList.shape.size() != 1) return detail::invalid(kOp, "groupList " + detail::describe(groupList) + " must be 1-D [E]");
  if (weight.dtype != x.dtype)
    return detail::invalid(kOp, "weight " + detail::describe(weight) + " and x " + detail::describe(x) + " differ in dtype");
  if (groupList.dtype != DType::Int64) return detail::invalid(kOp, "groupList " + detail::describe(groupList) + " must be int64");
  if (weight.shape[1] != x.shape[1])
    return detail::invalid(kOp, "weight " + detail::describe(weight) + " has K " + std::to_string(weight.shape[1]) +
                                    ", x " + detail::describe(x) + " has K " + std::to_string(x.shape[1]));
  if (groupList.shape[0] != weight.shape[0])
    return detail::invalid(kOp, "groupList " + detail::describe(groupList) + " must have one entry per expert of weight " +
                                    detail::describe(weight));
  y.dtype = x.dtype;
  y.shape = {x.shape[0], weight.shape[2]};
  return ACL_SUCCESS;
}

aclError groupedMatmul(const Tensor& x, const Tensor& weight, const Tensor& groupList, const Tensor& y, aclrtStream stream) {
  if (aclError rc = detail::checkTensor(kOp, "x", x, kHalves)) return rc;
  if (aclError rc = detail::checkTensor(kOp, "weight", weight, kHalves)) return rc;
  if (aclError rc = detail::checkTensor(kOp, "groupList", groupList, {DType::Int64})) return rc;
  if (aclError rc = detail::checkTensor(kOp, "y", y, kHalves)) return rc;
  TensorSpec inferred;
  if (aclError rc = inferGroupedMatmul(x, weight, groupList, inferred)) return rc;
  if (aclError rc = detail::checkOutput(kOp, "y", y, inferred)) return rc;
  detail::Cores cores;
  if (aclError rc = detail::cores(kOp, cores)) return rc;
  uint32_t m = (uint32_t)x.shape[0], k = (uint32_t)x.shape[1], e = (uint32_t)weight.shape[0], n = (uint32_t)weight.shape[2];
  optiling::GroupedMatmulTilingData t;
  t.set_m(m);
  t.set_k(k);
  t.set_n(n);
  t.set_e(e);
  t.set_mTile(std::min(kMaxUnitRows, m));
  t.set_nTile(unitCols(n, e, cores.aic));
  if (aclError rc = cubeTiling(kOp, x.dtype, m, n, k, t.get_mTile(), t.get_nTile(), t.cube)) return rc;
  detail::OpLaunch l;
  l.op = kOp;
  l.inputs = {&x, &weight, &groupList};
  l.outputs = {&y};
  l.tiling = detail::tilingBytes(t);
  l.blockDim = cores.aic;
  return detail::launch(l, stream);
}

}  // namespace sk::ops
