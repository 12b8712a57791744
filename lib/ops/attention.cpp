// attention: shape checks and the tiling of ops/attention (tasks of up to 32 queries of one
// batch dealt to the AIVs, keys in blocks of up to 128, the Matmul API's tilings of the two
// products of a block).
#include "attention/attention_tiling.h"
#include "op_launch.h"

#include <algorithm>
#include <cmath>

namespace sk::ops {

namespace {

const char* const kOp = "attention";
constexpr uint32_t kMaxRowsPerTask = 32;  // the kernel's per-row state (MAX_ROWS)
constexpr uint32_t kMaxKeysPerBlock = 128;
constexpr int64_t kMaxDim = 256;          // the kernel's UB buffers of rows x D floats
constexpr uint64_t kSystemWorkspace = 16 * 1024 * 1024;  // the Matmul API's (RESERVED_WORKSPACE)

uint32_t align16(uint64_t v) { return (uint32_t)((v + 15) / 16 * 16); }

// The two objects of a block share its AIC's buffers: each gets half of L1, and fixed base
// blocks (at most 32 x 128 x 64, double-buffered: 32 KiB of L0B, 8 KiB of L0A, 32 KiB of L0C).
aclError cubeTiling(uint32_t m, uint32_t n, uint32_t k, bool transB, uint64_t l1Bytes, optiling::TCubeTiling& out) {
  matmul_tiling::MatmulApiTiling tiler;
  using matmul_tiling::CubeFormat;
  using matmul_tiling::DataType;
  using matmul_tiling::TPosition;
  tiler.SetAType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
  tiler.SetBType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16, transB);
  tiler.SetCType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT);
  tiler.SetShape((int32_t)m, (int32_t)n, (int32_t)k);
  tiler.SetOrgShape((int32_t)m, (int32_t)n, (int32_t)k);
  tiler.SetBias(false);
  tiler.SetBufferSpace((int32_t)(l1Bytes / 2), -1, -1);
  tiler.SetFixSplit((int32_t)m, (int32_t)std::min(n, 128u), (int32_t)std::min(align16(k), 64u));
  if (tiler.GetTiling(out) == -1)
    return detail::invalid(kOp, "no Matmul tiling for " + std::to_string(m) + " x " + std::to_string(n) + " x " +
                                    std::to_string(k));
  return ACL_SUCCESS;
}

}  // namespace

aclError inferAttention(const TensorSpec& q, const TensorSpec& k, const TensorSpec& v, TensorSpec& out) {
  for (const auto& [name, t] : {std::pair<const char*, const TensorSpec*>{"q", &q}, {"k", &k}, {"v", &v}})
    if (t->shape.size() != 3 || t->dtype != DType::Float16)
      return detail::invalid(kOp, std::string(name) + " is " + detail::describe(*t) + "; the op takes float16[B, *, D]");
  if (k.shape != v.shape)
    return detail::invalid(kOp, "k " + detail::describe(k) + " and v " + detail::describe(v) + " differ: both are [B, L, D]");
  if (k.shape[0] != q.shape[0] || k.shape[2] != q.shape[2])
    return detail::invalid(kOp, "q " + detail::describe(q) + " and k " + detail::describe(k) + " differ in B or D");
  int64_t d = q.shape[2];
  if (d % 16 || d > kMaxDim)
    return detail::invalid(kOp, "q " + detail::describe(q) + ": D must be a multiple of 16, at most " + std::to_string(kMaxDim));
  out = q;
  return ACL_SUCCESS;
}

aclError attention(const Tensor& q, const Tensor& k, const Tensor& v, const AttentionOptions& options, const Tensor& out,
                   aclrtStream stream) {
  const std::vector<DType> halves = {DType::Float16};
  if (aclError rc = detail::checkTensor(kOp, "q", q, halves)) return rc;
  if (aclError rc = detail::checkTensor(kOp, "k", k, halves)) return rc;
  if (aclError rc = detail::checkTensor(kOp, "v", v, halves)) return rc;
  if (aclError rc = detail::checkTensor(kOp, "out", out, halves)) return rc;
  TensorSpec inferred;
  if (aclError rc = inferAttention(q, k, v, inferred)) return rc;
  if (aclError rc = detail::checkOutput(kOp, "out", out, inferred)) return rc;
  uint32_t b = (uint32_t)q.shape[0], s = (uint32_t)q.shape[1], l = (uint32_t)k.shape[1], d = (uint32_t)q.shape[2];
  if (options.causal && l < s)
    return detail::invalid(kOp, "causal attention needs L >= S (k " + detail::describe(k) + ", q " + detail::describe(q) +
                                    "): the first S - L queries would see no key");
  if (!(options.scale >= 0) || !std::isfinite(options.scale))
    return detail::invalid(kOp, "scale " + std::to_string(options.scale) + " must be finite and >= 0 (0: 1 / sqrt(D))");
  detail::Cores cores;
  if (aclError rc = detail::cores(kOp, cores)) return rc;
  optiling::AttentionTilingData t;
  uint32_t rows = std::min(kMaxRowsPerTask, align16(s)), keys = std::min(kMaxKeysPerBlock, align16(l));
  uint32_t tasks = b * ((s + rows - 1) / rows);
  uint32_t blocks = std::min(cores.aic, (tasks + 1) / 2);
  if (aclError rc = cubeTiling(rows, keys, d, true, cores.l1Bytes, t.scoreMm)) return rc;
  if (aclError rc = cubeTiling(rows, d, keys, false, cores.l1Bytes, t.pvMm)) return rc;
  t.set_batch(b);
  t.set_queries(s);
  t.set_keys(l);
  t.set_dim(d);
  t.set_rowsPerTask(rows);
  t.set_keysPerBlock(keys);
  t.set_tasks(tasks);
  t.set_workers(2 * blocks);
  t.set_scale(options.scale > 0 ? options.scale : 1.0f / std::sqrt((float)d));
  t.set_causal(options.causal);
  detail::OpLaunch launch;
  launch.op = kOp;
  launch.inputs = {&q, &k, &v};
  launch.outputs = {&out};
  launch.tiling = detail::tilingBytes(t);
  launch.blockDim = blocks;
  // Per AIV: the scores block (float), P (half) and P · v (float).
  uint64_t perWorker = (uint64_t)rows * keys * (4 + 2) + (uint64_t)rows * d * 4;
  launch.workspaceBytes = kSystemWorkspace + 2ull * blocks * perWorker;
  return detail::launch(launch, stream);
}

}  // namespace sk::ops
