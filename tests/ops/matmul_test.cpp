// The cube ops (include/sk/ops/matmul.h) against host references, bad input refused naming
// the operand, and the ops fused inside a jit scope.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "ops_test_support.h"
#include "sk/jit.h"

namespace {

using namespace sk_ops_test;
using sk::DType;
using sk::ops::Tensor;

const DType kHalfTypes[] = {DType::Float16, DType::BFloat16};

class Matmul : public Ops {};

std::vector<float> rounded(std::vector<float> v, DType d) {
  for (float& x : v) x = roundTo(x, d);
  return v;
}

std::vector<int64_t> cumulative(const std::vector<int64_t>& sizes) {
  std::vector<int64_t> c(sizes.size());
  for (size_t e = 0, sum = 0; e < sizes.size(); ++e) c[e] = (int64_t)(sum += sizes[e]);
  return c;
}

// y[m] = x[m] . w[e] for the rows of group e, in float32 summed in ascending k (the simulated
// cube's order), rounded once to d; rows after the last group keep `y`'s values.
void groupedReference(const std::vector<float>& x, const std::vector<float>& w, const std::vector<int64_t>& groupList,
                      size_t k, size_t n, DType d, std::vector<float>& y) {
  size_t start = 0;
  for (size_t e = 0; e < groupList.size(); ++e) {
    for (size_t m = start; m < (size_t)groupList[e]; ++m)
      for (size_t j = 0; j < n; ++j) {
        float acc = 0;
        for (size_t i = 0; i < k; ++i) acc += x[m * k + i] * w[(e * k + i) * n + j];
        y[m * n + j] = roundTo(acc, d);
      }
    start = (size_t)groupList[e];
  }
}

struct GroupedCase {
  const char* name;
  size_t m, k, n;
  std::vector<int64_t> sizes;  // rows per group; their sum may stay below m
};

// MoE decode (16 experts, K 2048, groups of 0 and of sizes that are not multiples of 16, rows
// after the last group, N not a multiple of the unit), a small one (M 37) and a small prefill
// (a group of more rows than one unit).
const GroupedCase kGroupedCases[] = {
    {"decode", 64, 2048, 272, {0, 5, 0, 1, 17, 3, 0, 9, 2, 0, 7, 4, 0, 6, 3, 4}},
    {"small", 37, 512, 96, {5, 0, 17, 3, 12, 0}},
    {"prefill", 300, 128, 160, {130, 0, 101, 60}},
};

// The simulated cube multiplies exactly and sums in float32 in ascending k, as the reference
// does, and both round once: bit-exact.
TEST_F(Matmul, GroupedMatmulMatchesTheFloat32ReferenceBitExactly) {
  for (const GroupedCase& c : kGroupedCases)
    for (DType d : kHalfTypes) {
      SCOPED_TRACE(std::string(c.name) + " " + sk::dtypeName(d));
      size_t e = c.sizes.size();
      std::vector<int64_t> groupList = cumulative(c.sizes);
      std::vector<float> xs = rounded(randoms(c.m * c.k, 11, -1, 1), d);
      std::vector<float> ws = rounded(randoms(e * c.k * c.n, 12, -1, 1), d);
      std::vector<float> sentinel(c.m * c.n, 7.0f);
      Tensor x = tensor(d, {(int64_t)c.m, (int64_t)c.k}, xs), w = tensor(d, {(int64_t)e, (int64_t)c.k, (int64_t)c.n}, ws);
      Tensor g = raw(DType::Int64, {(int64_t)e}, groupList), y = tensor(d, {(int64_t)c.m, (int64_t)c.n}, sentinel);
      ASSERT_EQ(sk::ops::groupedMatmul(x, w, g, y, s), ACL_SUCCESS) << aclGetRecentErrMsg();
      std::vector<float> want = sentinel;
      groupedReference(xs, ws, groupList, c.k, c.n, d, want);
      std::vector<float> got = read(y);
      size_t bad = 0;
      for (size_t i = 0; i < got.size(); ++i) bad += got[i] != want[i];
      EXPECT_EQ(bad, 0u) << "first: y[0] " << got[0] << " want " << want[0];
    }
}

TEST_F(Matmul, GroupedMatmulRefusesBadOperandsNamingThem) {
  Tensor x = tensor(DType::Float16, {8, 64}), w = tensor(DType::Float16, {2, 64, 32}), y = tensor(DType::Float16, {8, 32});
  Tensor g = raw(DType::Int64, {2}, std::vector<int64_t>{4, 8});
  Tensor xF32 = tensor(DType::Float32, {8, 64}), wBf16 = tensor(DType::BFloat16, {2, 64, 32});
  Tensor wK = tensor(DType::Float16, {2, 48, 32}), w2d = tensor(DType::Float16, {64, 32});
  Tensor g32 = raw(DType::Int32, {2}, std::vector<int32_t>{4, 8}), g3 = raw(DType::Int64, {3}, std::vector<int64_t>{4, 8, 8});
  Tensor yN = tensor(DType::Float16, {8, 16});
  Tensor none;
  none.shape = {8, 64};
  refused(sk::ops::groupedMatmul(xF32, w, g, y, s), "grouped_matmul: x is float32; supported: float16, bfloat16");
  refused(sk::ops::groupedMatmul(none, w, g, y, s), "grouped_matmul: x has no device memory");
  refused(sk::ops::groupedMatmul(x, wBf16, g, y, s), "grouped_matmul: weight bfloat16[2, 64, 32] and x float16[8, 64] differ");
  refused(sk::ops::groupedMatmul(x, wK, g, y, s), "grouped_matmul: weight float16[2, 48, 32] has K 48");
  refused(sk::ops::groupedMatmul(x, w2d, g, y, s), "grouped_matmul: weight float16[64, 32] must be 3-D");
  refused(sk::ops::groupedMatmul(x, w, g32, y, s), "grouped_matmul: groupList is int32; supported: int64");
  refused(sk::ops::groupedMatmul(x, w, g3, y, s), "grouped_matmul: groupList int64[3] must have one entry per expert");
  refused(sk::ops::groupedMatmul(x, w, g, yN, s), "grouped_matmul: y is float16[8, 16]; the op gives float16[8, 32]");
}

std::vector<int8_t> int8s(size_t n, uint32_t seed) {
  std::mt19937 g(seed);
  std::uniform_int_distribution<int> u(-128, 127);
  std::vector<int8_t> v(n);
  for (int8_t& x : v) x = (int8_t)u(g);
  return v;
}

// The sums exactly in int32, then (float(acc) * scale[n]) * pertokenScale[m] in float32 (the
// kernel's order), rounded once to d.
std::vector<float> quantReference(const std::vector<int8_t>& x, const std::vector<int8_t>& w, const std::vector<float>& scale,
                                  const std::vector<float>& pertoken, size_t m, size_t k, size_t n, DType d) {
  std::vector<float> y(m * n);
  for (size_t r = 0; r < m; ++r)
    for (size_t j = 0; j < n; ++j) {
      int32_t acc = 0;
      for (size_t i = 0; i < k; ++i) acc += (int32_t)x[r * k + i] * (int32_t)w[i * n + j];
      float v = (float)acc * scale[j];
      v = v * pertoken[r];
      y[r * n + j] = roundTo(v, d);
    }
  return y;
}

struct QuantCase {
  const char* name;
  size_t m, k, n;
};

// MoE decode (K 7168; M and N not multiples of the tiles) and a small prefill with K not a
// multiple of 32.
const QuantCase kQuantCases[] = {{"decode", 40, 7168, 200}, {"prefill", 300, 200, 160}};

// The int32 sums are exact on both sides and the dequantisation is the same two float32
// multiplications in the same order with one rounding: bit-exact.
TEST_F(Matmul, QuantMatmulMatchesTheInt32AndFloat32ReferenceBitExactly) {
  for (const QuantCase& c : kQuantCases)
    for (DType d : kHalfTypes) {
      SCOPED_TRACE(std::string(c.name) + " " + sk::dtypeName(d));
      std::vector<int8_t> xs = int8s(c.m * c.k, 21), ws = int8s(c.k * c.n, 22);
      std::vector<float> scale = randoms(c.n, 23, -2e-3f, 2e-3f), pertoken = randoms(c.m, 24, 0.01f, 0.05f);
      int64_t m = (int64_t)c.m, k = (int64_t)c.k, n = (int64_t)c.n;
      Tensor x = raw(DType::Int8, {m, k}, xs), w = raw(DType::Int8, {k, n}, ws);
      Tensor sc = tensor(DType::Float32, {n}, scale), pt = tensor(DType::Float32, {m}, pertoken), y = tensor(d, {m, n});
      ASSERT_EQ(sk::ops::quantMatmul(x, w, sc, pt, y, s), ACL_SUCCESS) << aclGetRecentErrMsg();
      std::vector<float> want = quantReference(xs, ws, scale, pertoken, c.m, c.k, c.n, d), got = read(y);
      size_t bad = 0;
      for (size_t i = 0; i < got.size(); ++i) bad += got[i] != want[i];
      EXPECT_EQ(bad, 0u) << "y[0] " << got[0] << " want " << want[0];
    }
}

TEST_F(Matmul, QuantMatmulRefusesBadOperandsNamingThem) {
  Tensor x = raw(DType::Int8, {8, 64}, std::vector<int8_t>(8 * 64)), w = raw(DType::Int8, {64, 32}, std::vector<int8_t>(64 * 32));
  Tensor sc = tensor(DType::Float32, {32}), pt = tensor(DType::Float32, {8}), y = tensor(DType::Float16, {8, 32});
  Tensor xF16 = tensor(DType::Float16, {8, 64}), wK = raw(DType::Int8, {48, 32}, std::vector<int8_t>(48 * 32));
  Tensor scF16 = tensor(DType::Float16, {32}), sc16 = tensor(DType::Float32, {16}), pt4 = tensor(DType::Float32, {4});
  Tensor yF32 = tensor(DType::Float32, {8, 32}), yN = tensor(DType::BFloat16, {8, 16});
  Tensor none;
  none.shape = {64, 32};
  refused(sk::ops::quantMatmul(xF16, w, sc, pt, y, s), "quant_matmul: x is float16; supported: int8");
  refused(sk::ops::quantMatmul(x, none, sc, pt, y, s), "quant_matmul: w has no device memory");
  refused(sk::ops::quantMatmul(x, wK, sc, pt, y, s), "quant_matmul: w int8[48, 32] must be [K, N] with K 64 of x");
  refused(sk::ops::quantMatmul(x, w, scF16, pt, y, s), "quant_matmul: scale is float16; supported: float32");
  refused(sk::ops::quantMatmul(x, w, sc16, pt, y, s), "quant_matmul: scale float32[16] must be [N] = [32]");
  refused(sk::ops::quantMatmul(x, w, sc, pt4, y, s), "quant_matmul: pertokenScale float32[4] must be [M] = [8]");
  refused(sk::ops::quantMatmul(x, w, sc, pt, yF32, s), "quant_matmul: y is float32; supported: float16, bfloat16");
  refused(sk::ops::quantMatmul(x, w, sc, pt, yN, s), "quant_matmul: y is bfloat16[8, 16]; the op gives bfloat16[8, 32]");
  sk::ops::TensorSpec inferred;
  refused(sk::ops::inferQuantMatmul(x, w, sc, pt, DType::Int32, inferred), "quant_matmul: y's dtype int32 is not float16");
  EXPECT_EQ(sk::ops::inferQuantMatmul(x, w, sc, pt, DType::BFloat16, inferred), ACL_SUCCESS);
  EXPECT_EQ(inferred.dtype, DType::BFloat16);
  EXPECT_EQ(inferred.shape, (std::vector<int64_t>{8, 32}));
}

// Two chained grouped_matmuls and a quant_matmul inside a scope are one super kernel; the
// bytes are the eager run's.
TEST_F(Matmul, CubeOpsInsideAJitScopeFuseToTheBytesOfTheEagerRun) {
  sk::jit::setCacheDir("");
  for (DType d : kHalfTypes) {
    SCOPED_TRACE(sk::dtypeName(d));
    std::vector<int64_t> groupList = cumulative({3, 0, 9, 12});
    Tensor x = tensor(d, {24, 256}, rounded(randoms(24 * 256, 31, -1, 1), d));
    Tensor w1 = tensor(d, {4, 256, 128}, rounded(randoms(4 * 256 * 128, 32, -0.2f, 0.2f), d));
    Tensor w2 = tensor(d, {4, 128, 64}, rounded(randoms(4 * 128 * 64, 33, -0.2f, 0.2f), d));
    Tensor g = raw(DType::Int64, {4}, groupList);
    Tensor xq = raw(DType::Int8, {24, 256}, int8s(24 * 256, 34)), wq = raw(DType::Int8, {256, 96}, int8s(256 * 96, 35));
    Tensor sc = tensor(DType::Float32, {96}, randoms(96, 36, -1e-3f, 1e-3f)), pt = tensor(DType::Float32, {24}, randoms(24, 37, 0.01f, 0.1f));
    Tensor h = tensor(d, {24, 128}), y = tensor(d, {24, 64}), q = tensor(d, {24, 96});
    expectFusedEqualsEager("cube_ops", {&h, &y, &q}, [&] {
      ASSERT_EQ(sk::ops::groupedMatmul(x, w1, g, h, s), ACL_SUCCESS) << aclGetRecentErrMsg();
      ASSERT_EQ(sk::ops::groupedMatmul(h, w2, g, y, s), ACL_SUCCESS) << aclGetRecentErrMsg();
      ASSERT_EQ(sk::ops::quantMatmul(xq, wq, sc, pt, q, s), ACL_SUCCESS) << aclGetRecentErrMsg();
    });
  }
}

}  // namespace
