// quant_matmul: shape checks and the tile sizes of ops/quant_matmul (a MIX kernel: the AICs
// compute the int32 sums into the workspace, then the AIVs dequantise them). The binary is
// named by y's dtype, the inputs being int8 either way.
#include "quant_matmul/quant_matmul_tiling.h"
#include "op_launch.h"

#include <algorithm>

namespace sk::ops {

namespace {

const char* const kOp = "quant_matmul";
const std::vector<DType> kOutTypes = {DType::Float16, DType::BFloat16};

// L0A/L0B hold baseM x baseK and baseK x baseN int8 (32 KiB each at most), L0C baseM x baseN
// int32 (64 KiB); an AIV's piece is in UB as int32, float and y (80 KiB at most).
constexpr uint32_t kMaxBaseM = 128, kMaxBaseN = 128, kMinBaseN = 32, kMaxBaseK = 256;
constexpr uint32_t kVecRows = 16, kMaxVecCols = 512, kMinVecCols = 64;
constexpr uint64_t kSystemWorkspace = 16ull << 20;  // RESERVED_WORKSPACE: the user part starts after it

uint32_t alignUp(uint64_t v, uint32_t a) { return (uint32_t)((v + a - 1) / a * a); }
uint64_t ceilDiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

aclError checkShapes(const TensorSpec& x, const TensorSpec& w, const TensorSpec& scale, const TensorSpec& pertokenScale) {
  if (x.shape.size() != 2) return detail::invalid(kOp, "x " + detail::describe(x) + " must be 2-D [M, K]");
  if (w.shape.size() != 2 || w.shape[0] != x.shape[1])
    return detail::invalid(kOp, "w " + detail::describe(w) + " must be [K, N] with K " + std::to_string(x.shape[1]) + " of x");
  if (scale.shape != std::vector<int64_t>{w.shape[1]})
    return detail::invalid(kOp, "scale " + detail::describe(scale) + " must be [N] = [" + std::to_string(w.shape[1]) + "]");
  if (pertokenScale.shape != std::vector<int64_t>{x.shape[0]})
    return detail::invalid(kOp, "pertokenScale " + detail::describe(pertokenScale) + " must be [M] = [" +
                                    std::to_string(x.shape[0]) + "]");
  return ACL_SUCCESS;
}

}  // namespace

aclError inferQuantMatmul(const TensorSpec& x, const TensorSpec& w, const TensorSpec& scale, const TensorSpec& pertokenScale,
                          DType outDtype, TensorSpec& y) {
  const std::pair<const char*, const TensorSpec*> typed[] = {{"x", &x}, {"w", &w}};
  for (auto [name, t] : typed)
    if (t->dtype != DType::Int8) return detail::invalid(kOp, std::string(name) + " " + detail::describe(*t) + " must be int8");
  const std::pair<const char*, const TensorSpec*> scales[] = {{"scale", &scale}, {"pertokenScale", &pertokenScale}};
  for (auto [name, t] : scales)
    if (t->dtype != DType::Float32) return detail::invalid(kOp, std::string(name) + " " + detail::describe(*t) + " must be float32");
  if (outDtype != DType::Float16 && outDtype != DType::BFloat16)
    return detail::invalid(kOp, std::string("y's dtype ") + dtypeName(outDtype) + " is not float16 or bfloat16");
  if (aclError rc = checkShapes(x, w, scale, pertokenScale)) return rc;
  y.dtype = outDtype;
  y.shape = {x.shape[0], w.shape[1]};
  return ACL_SUCCESS;
}

aclError quantMatmul(const Tensor& x, const Tensor& w, const Tensor& scale, const Tensor& pertokenScale, const Tensor& y,
                     aclrtStream stream) {
  if (aclError rc = detail::checkTensor(kOp, "x", x, {DType::Int8})) return rc;
  if (aclError rc = detail::checkTensor(kOp, "w", w, {DType::Int8})) return rc;
  if (aclError rc = detail::checkTensor(kOp, "scale", scale, {DType::Float32})) return rc;
  if (aclError rc = detail::checkTensor(kOp, "pertokenScale", pertokenScale, {DType::Float32})) return rc;
  if (aclError rc = detail::checkTensor(kOp, "y", y, kOutTypes)) return rc;
  TensorSpec inferred;
  if (aclError rc = inferQuantMatmul(x, w, scale, pertokenScale, y.dtype, inferred)) return rc;
  if (aclError rc = detail::checkOutput(kOp, "y", y, inferred)) return rc;
  detail::Cores cores;
  if (aclError rc = detail::cores(kOp, cores)) return rc;
  uint32_t m = (uint32_t)x.shape[0], k = (uint32_t)x.shape[1], n = (uint32_t)w.shape[1];
  optiling::QuantMatmulTilingData t;
  t.set_m(m);
  t.set_n(n);
  t.set_k(k);
  t.set_baseM(std::min(kMaxBaseM, alignUp(m, 16)));
  t.set_baseK(std::min(kMaxBaseK, alignUp(k, 32)));
  // Narrower tiles while that leaves AICs idle (MoE decode: few rows, the weight is the cost).
  uint64_t tilesM = ceilDiv(m, t.get_baseM());
  uint32_t baseN = std::min(kMaxBaseN, alignUp(n, 32));
  while (baseN > kMinBaseN && tilesM * ceilDiv(n, baseN) < cores.aic) baseN = alignUp(baseN / 2, 32);
  t.set_baseN(baseN);
  uint32_t tiles = (uint32_t)(tilesM * ceilDiv(n, baseN));
  // The pieces likewise narrower until every AIV has one (or they are kMinVecCols wide).
  uint64_t rowPieces = ceilDiv(m, kVecRows);
  uint32_t vecCols = std::min(kMaxVecCols, alignUp(n, 32));
  while (vecCols > kMinVecCols && rowPieces * ceilDiv(n, vecCols) < cores.aiv) vecCols = alignUp(vecCols / 2, 32);
  t.set_vecRows(kVecRows);
  t.set_vecCols(vecCols);
  detail::OpLaunch l;
  l.op = kOp;
  l.variant = std::string(kOp) + "_" + dtypeName(y.dtype);
  l.inputs = {&x, &w, &scale, &pertokenScale};
  l.outputs = {&y};
  l.tiling = detail::tilingBytes(t);
  l.blockDim = std::min(cores.aic, tiles);
  l.workspaceBytes = kSystemWorkspace + (uint64_t)m * n * sizeof(int32_t);
  return detail::launch(l, stream);
}

}  // namespace sk::ops
