// Corpus kernels of the Matmul API's iteration (partial sums, the schedule's order), UB and L1
// positions (VECOUT A/B, TSCM A/B, VECIN C in NZ and ND_ALIGN) and batches; their host
// references.
// The simulated cube multiplies in float and sums in float in ascending k from the bias (or 0),
// so the references below do the same and compare bit for bit.
#include <algorithm>

#include "corpus.h"

namespace sk::corpus {
namespace {

// Element (i, j) of a x b (a m x k, b k x n, both row-major, at the given offsets) from `start`.
float dot(const std::vector<double>& a, size_t aPitch, const std::vector<double>& b, size_t bPitch, size_t k, size_t i,
          size_t j, float start = 0) {
  float acc = start;
  for (size_t p = 0; p < k; ++p) acc += (float)a[i * aPitch + p] * (float)b[p * bPitch + j];
  return acc;
}
double smallInts(std::mt19937& rng, const std::string&) { return std::uniform_int_distribution<int>(-8, 8)(rng); }

// matmul_api_iter key 1 (and matmul_api_tscm): c = a x b + bias; in matmul_api_iter K summed
// chunk by chunk in L0C (integer data: exact in any grouping, so this also checks that no chunk
// is lost or counted twice, and the bias once).
void partialSum(Tensors& t) {
  size_t m = t.shapes["a"][0], k = t.shapes["a"][1], n = t.shapes["b"][1];
  for (size_t i = 0; i < m; ++i)
    for (size_t j = 0; j < n; ++j) t["c"][i * n + j] = dot(t["a"], k, t["b"], n, k, i, j, (float)t["bias"][j]);
}

// The Norm schedule's block order (the asc-devkit scheduler's MoveOnIterateOrderM/N): windows
// of stepM x stepN blocks; ORDER_M walks the windows down each strip of stepN block columns
// (m then n inside a window), ORDER_N along each strip of stepM block rows (n then m).
std::vector<std::pair<size_t, size_t>> normOrder(size_t mIter, size_t nIter, size_t sM, size_t sN, bool orderN) {
  std::vector<std::pair<size_t, size_t>> v;
  auto windows = [](size_t iter, size_t step) { return (iter + step - 1) / step; };
  if (!orderN) {
    for (size_t nw = 0; nw < windows(nIter, sN); ++nw)
      for (size_t mw = 0; mw < windows(mIter, sM); ++mw)
        for (size_t m = mw * sM; m < std::min((mw + 1) * sM, mIter); ++m)
          for (size_t n = nw * sN; n < std::min((nw + 1) * sN, nIter); ++n) v.push_back({m, n});
  } else {
    for (size_t mw = 0; mw < windows(mIter, sM); ++mw)
      for (size_t nw = 0; nw < windows(nIter, sN); ++nw)
        for (size_t n = nw * sN; n < std::min((nw + 1) * sN, nIter); ++n)
          for (size_t m = mw * sM; m < std::min((mw + 1) * sM, mIter); ++m) v.push_back({m, n});
  }
  return v;
}

// matmul_api_iter keys 2 and 3: block after block in visit order, each packed (rows curN apart)
// at the start of its baseM x baseN slot; the rest of a tail block's slot stays 0.
template <size_t STEP_M, size_t STEP_N, bool ORDER_N> void blocksInOrder(Tensors& t) {
  const size_t base = 16;
  size_t m = t.shapes["a"][0], k = t.shapes["a"][1], n = t.shapes["b"][1];
  size_t visit = 0;
  for (auto [bm, bn] : normOrder((m + base - 1) / base, (n + base - 1) / base, STEP_M, STEP_N, ORDER_N)) {
    size_t curM = std::min(base, m - bm * base), curN = std::min(base, n - bn * base);
    for (size_t r = 0; r < curM; ++r)
      for (size_t col = 0; col < curN; ++col)
        t["c"][visit * base * base + r * curN + col] = dot(t["a"], k, t["b"], n, k, bm * base + r, bn * base + col);
    ++visit;
  }
}

// matmul_api_ub key 1: y = (2 x) b in ND_ALIGN rows of ceil8(N) floats, the padding 0; key 3
// (kEvenRows): the even rows so, the odd ones 7 (what the AIV filled its UB with).
template <bool kEvenRows = false> void vecoutANdAlign(Tensors& t) {
  size_t m = t.shapes["x"][0], k = t.shapes["x"][1], n = t.shapes["b"][1], pitch = t.shapes["y"][1];
  std::vector<double> a = t["x"];
  for (double& v : a) v = roundTo("float16", 2 * v);
  for (size_t i = 0; i < m; ++i)
    for (size_t j = 0; j < pitch; ++j)
      t["y"][i * pitch + j] = kEvenRows && i % 2 ? 7.0 : j < n ? dot(a, k, t["b"], n, k, i, j) : 0.0;
}
// matmul_api_ub key 2: y = x b as NZ (column blocks of 16 over N, M rows each).
void vecoutBNz(Tensors& t) {
  size_t m = t.shapes["x"][0], k = t.shapes["x"][1], n = t.shapes["b"][1];
  for (size_t i = 0; i < m; ++i)
    for (size_t j = 0; j < n; ++j) t["y"][(j / 16 * m + i) * 16 + j % 16] = dot(t["x"], k, t["b"], n, k, i, j);
}

// matmul_api_async: y = 2 (a x b).
void twiceProduct(Tensors& t) {
  size_t m = t.shapes["a"][0], k = t.shapes["a"][1], n = t.shapes["b"][1];
  for (size_t i = 0; i < m; ++i)
    for (size_t j = 0; j < n; ++j) t["y"][i * n + j] = 2 * dot(t["a"], k, t["b"], n, k, i, j);
}

// matmul_api_batch: per group of 4 A batches and 2 B batches (N x K), C_b = A_b B_{b/2}^T +
// bias_b. matmul_api_batch_cube: C_b = A_b B_{b/2}, A_b at b x 1536 elements.
void batchMatmul(Tensors& t) {
  const size_t m = 48, n = 32, k = 64, batchA = 4, batchB = 2, groups = 2;
  for (size_t g = 0; g < groups; ++g)
    for (size_t b = 0; b < batchA; ++b) {
      size_t ia = g * batchA + b, ib = g * batchB + b / (batchA / batchB);
      for (size_t i = 0; i < m; ++i)
        for (size_t j = 0; j < n; ++j) {
          float acc = (float)t["bias"][ia * n + j];
          for (size_t p = 0; p < k; ++p) acc += (float)t["a"][(ia * m + i) * k + p] * (float)t["b"][(ib * n + j) * k + p];
          t["c"][(ia * m + i) * n + j] = acc;
        }
    }
}
void batchMatmulStrided(Tensors& t) {
  const size_t m = 32, n = 48, k = 32, batchA = 4, batchB = 2, strideA = 1536;
  for (size_t b = 0; b < batchA; ++b) {
    size_t ib = b / (batchA / batchB);
    for (size_t i = 0; i < m; ++i)
      for (size_t j = 0; j < n; ++j) {
        float acc = 0;
        for (size_t p = 0; p < k; ++p) acc += (float)t["a"][b * strideA + i * k + p] * (float)t["b"][(ib * k + p) * n + j];
        t["c"][(b * m + i) * n + j] = acc;
      }
  }
}

}  // namespace

std::vector<Case> matmulApiCases() {
  const std::vector<std::string> iterTiling = {"matmul_api_iter_tiling.h"};
  std::vector<Case> v = {
      {"matmul_api_partial_sum", "matmul_api_iter", "matmul_api_iter.cpp", "matmul_api_iter_partial.json", iterTiling,
       partialSum, 0, 0, smallInts},
      {"matmul_api_step_n", "matmul_api_iter", "matmul_api_iter.cpp", "matmul_api_iter_stepn.json", iterTiling,
       blocksInOrder<1, 2, false>},
      {"matmul_api_order_n_config", "matmul_api_iter", "matmul_api_iter.cpp", "matmul_api_iter_ordern.json", iterTiling,
       blocksInOrder<2, 3, true>},
      {"matmul_api_partial_sum_mix", "matmul_api_iter", "matmul_api_iter_mix.cpp", "matmul_api_iter_mix.json", iterTiling,
       partialSum, 0, 0, smallInts},
      {"matmul_api_async_iterate", "matmul_api_async", "matmul_api_async.cpp", "matmul_api_async.json",
       {"matmul_api_async_tiling.h"}, twiceProduct},
      {"matmul_api_async_workspace_gm", "matmul_api_async", "matmul_api_async.cpp", "matmul_api_async_gm.json",
       {"matmul_api_async_tiling.h"}, twiceProduct},
      {"matmul_api_vecout_a_nd_align_c", "matmul_api_ub", "matmul_api_ub.cpp", "matmul_api_ub_nd_align.json",
       {"matmul_api_ub_tiling.h"}, vecoutANdAlign<>},
      {"matmul_api_vecout_a_get_tensor_c_do_pad", "matmul_api_ub", "matmul_api_ub.cpp", "matmul_api_ub_do_pad.json",
       {"matmul_api_ub_tiling.h"}, vecoutANdAlign<true>},
      {"matmul_api_vecout_b_nz_c", "matmul_api_ub", "matmul_api_ub.cpp", "matmul_api_ub_nz.json", {"matmul_api_ub_tiling.h"},
       vecoutBNz},
      // c = a x b + bias, a and b handed over in TSCM: the reference of the partial sums.
      {"matmul_api_tscm_a_b", "matmul_api_tscm", "matmul_api_tscm.cpp", "matmul_api_tscm.json", {"matmul_api_tscm_tiling.h"},
       partialSum},
      {"matmul_api_tscm_declared_nd", "matmul_api_tscm", "matmul_api_tscm.cpp", "matmul_api_tscm_nd.json",
       {"matmul_api_tscm_tiling.h"}, partialSum},
      {"matmul_api_batch_broadcast_bias", "matmul_api_batch", "matmul_api_batch.cpp", "matmul_api_batch.json",
       {"matmul_api_batch_tiling.h"}, batchMatmul},
      {"matmul_api_batch_cube_stride", "matmul_api_batch", "matmul_api_batch_cube.cpp", "matmul_api_batch_cube.json",
       {"matmul_api_batch_tiling.h"}, batchMatmulStrided},
  };
  // The same kernels on Ascend 950 (its Matmul loads A into L0A in Nz).
  for (size_t i = 0, count = v.size(); i < count; ++i) {
    Case c = v[i];
    c.name += "_dav3510";
    c.arch = "dav-3510";
    v.push_back(c);
  }
  return v;
}

}  // namespace sk::corpus
