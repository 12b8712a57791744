// moe_gating_topk: the tiling of ops/moe_gating_topk (tokens over the AIV cores; a token's row
// of logits, its float scores and a scratch row in UB).
#include "moe_gating_topk/moe_gating_topk_tiling.h"
#include "op_launch.h"

namespace sk::ops {

namespace {
constexpr const char* kOp = "moe_gating_topk";
const std::vector<DType> kLogitTypes = {DType::Float16, DType::BFloat16, DType::Float32};

aclError checkOptions(const TensorSpec& logits, const GatingTopKOptions& o) {
  if (logits.shape.size() != 2) return detail::invalid(kOp, "logits " + detail::describe(logits) + " must be [T, E]");
  int64_t e = logits.shape[1];
  auto bad = [&](const std::string& why) {
    return detail::invalid(kOp, why + " (logits " + detail::describe(logits) + ")");
  };
  if (o.groupCount < 1 || e % o.groupCount != 0)
    return bad("groupCount " + std::to_string(o.groupCount) + " does not divide the " + std::to_string(e) + " experts");
  if (o.groupSelect < 1 || o.groupSelect > o.groupCount)
    return bad("groupSelect " + std::to_string(o.groupSelect) + " must lie in [1, groupCount " +
               std::to_string(o.groupCount) + "]");
  int64_t eligible = e / o.groupCount * o.groupSelect;
  if (o.k < 1 || o.k > eligible)
    return bad("k " + std::to_string(o.k) + " must lie in [1, " + std::to_string(eligible) + "], the experts of " +
               std::to_string(o.groupSelect) + " of " + std::to_string(o.groupCount) + " groups");
  return ACL_SUCCESS;
}
}  // namespace

aclError inferMoeGatingTopK(const TensorSpec& logits, const GatingTopKOptions& options, TensorSpec& weights,
                            TensorSpec& ids) {
  bool floating = logits.dtype == DType::Float16 || logits.dtype == DType::BFloat16 || logits.dtype == DType::Float32;
  if (!floating)
    return detail::invalid(kOp, "logits is " + detail::describe(logits) + "; supported: float16, bfloat16, float32");
  if (aclError rc = checkOptions(logits, options)) return rc;
  weights = {DType::Float32, {logits.shape[0], options.k}};
  ids = {DType::Int32, {logits.shape[0], options.k}};
  return ACL_SUCCESS;
}

aclError moeGatingTopK(const Tensor& logits, const GatingTopKOptions& options, const Tensor& weights, const Tensor& ids,
                       aclrtStream stream) {
  if (aclError rc = detail::checkTensor(kOp, "logits", logits, kLogitTypes)) return rc;
  if (aclError rc = detail::checkTensor(kOp, "weights", weights, {DType::Float32})) return rc;
  if (aclError rc = detail::checkTensor(kOp, "ids", ids, {DType::Int32})) return rc;
  TensorSpec weightsWant, idsWant;
  if (aclError rc = inferMoeGatingTopK(logits, options, weightsWant, idsWant)) return rc;
  if (aclError rc = detail::checkOutput(kOp, "weights", weights, weightsWant)) return rc;
  if (aclError rc = detail::checkOutput(kOp, "ids", ids, idsWant)) return rc;
  detail::Cores cores;
  if (aclError rc = detail::cores(kOp, cores)) return rc;
  uint32_t rows = (uint32_t)logits.shape[0], experts = (uint32_t)logits.shape[1];
  // The kernel's UB row: each group in whole 32-byte blocks of logits; two input rows, float
  // scores and scratch; two 32-byte results and a score per group, a token's outputs, slack.
  uint64_t block = 32 / dtypeBytes(logits.dtype), size = experts / options.groupCount;
  uint64_t width = options.groupCount * ((size + block - 1) / block * block);
  uint64_t ub = width * (2 * dtypeBytes(logits.dtype) + 8) + 68ull * options.groupCount + 8ull * options.k + 1024;
  if (ub > cores.ubBytes)
    return detail::invalid(kOp, "logits " + detail::describe(logits) + " in " + std::to_string(options.groupCount) +
                                    " groups: a token's row does not fit UB");
  optiling::MoeGatingTopKTilingData t;
  uint32_t perCore = (rows + cores.aiv - 1) / cores.aiv;
  t.set_rows(rows);
  t.set_experts(experts);
  t.set_rowsPerCore(perCore);
  t.set_k((uint32_t)options.k);
  t.set_groupCount((uint32_t)options.groupCount);
  t.set_groupSelect((uint32_t)options.groupSelect);
  t.set_sigmoid(options.sigmoid ? 1 : 0);
  t.set_renormalize(options.renormalize ? 1 : 0);
  t.set_routedScalingFactor(options.routedScalingFactor);
  detail::OpLaunch l;
  l.op = kOp;
  l.inputs = {&logits};
  l.outputs = {&weights, &ids};
  l.tiling = detail::tilingBytes(t);
  l.blockDim = (rows + perCore - 1) / perCore;
  return detail::launch(l, stream);
}

}  // namespace sk::ops
