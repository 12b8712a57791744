// rmsnorm, softmax and concat against float32 host references (the order of each reference
// and the tolerance with its reason next to each assertion), bad input refused naming the
// operand, and the three ops fused inside a jit scope.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "sk/jit.h"
#include "ops_test_support.h"

namespace {

using namespace sk_ops_test;
using sk::DType;
using sk::ops::Tensor;

// The spacing of `d`'s values at |v| (its unit in the last place; subnormal spacing below).
float ulp(float v, DType d) {
  int mantissa = d == DType::Float16 ? 10 : d == DType::BFloat16 ? 7 : 23;
  int minExp = d == DType::Float16 ? -14 : -126;
  int e;
  std::frexp(std::fabs(v), &e);  // |v| = m * 2^e, m in [0.5, 1)
  return std::ldexp(1.0f, std::max(e - 1, minExp) - mantissa);
}

std::vector<float> rounded(std::vector<float> v, DType d) {
  for (float& x : v) x = roundTo(x, d);
  return v;
}

// Elements whose |got - want| exceeds ulps units of the dtype at want; the first one reported.
size_t countBeyondUlps(const std::vector<float>& got, const std::vector<float>& want, DType d, float ulps) {
  size_t bad = 0;
  for (size_t i = 0; i < got.size(); ++i)
    if (!(std::fabs(got[i] - want[i]) <= ulps * ulp(want[i], d)) && bad++ == 0)
      ADD_FAILURE() << "element " << i << ": got " << got[i] << ", want " << want[i];
  return bad;
}

// float32: sum of squares accumulated in double then rounded, mean = sum * (1 / H), rstd =
// 1 / sqrt(mean + eps), y = (x * rstd) * gamma; not rounded to the dtype.
std::vector<float> rmsnormRef(const std::vector<float>& x, const std::vector<float>& g, float eps) {
  size_t h = g.size();
  std::vector<float> y(x.size());
  for (size_t r = 0; r < x.size() / h; ++r) {
    double ss = 0;
    for (size_t i = 0; i < h; ++i) ss += (double)x[r * h + i] * x[r * h + i];
    float rstd = 1.0f / std::sqrt((float)ss * (1.0f / (float)h) + eps);
    for (size_t i = 0; i < h; ++i) y[r * h + i] = x[r * h + i] * rstd * g[i];
  }
  return y;
}

// float32: max, e = exp(x - max), the sum of e accumulated in double then rounded, y = e / sum.
std::vector<float> softmaxRef(const std::vector<float>& x, size_t n) {
  std::vector<float> y(x.size());
  for (size_t r = 0; r < x.size() / n; ++r) {
    float m = x[r * n];
    for (size_t i = 1; i < n; ++i) m = std::max(m, x[r * n + i]);
    double sum = 0;
    for (size_t i = 0; i < n; ++i) sum += y[r * n + i] = std::exp(x[r * n + i] - m);
    for (size_t i = 0; i < n; ++i) y[r * n + i] /= (float)sum;
  }
  return y;
}

TEST_F(Ops, RmsnormMatchesTheFloat32ReferenceWithinOneUlp) {
  // MoE decode and prefill widths, and a row length of no whole repeats or blocks (1000).
  const std::vector<std::vector<int64_t>> shapes = {{8, 7168}, {2, 37, 2048}, {48, 1000}, {1, 4096}};
  for (DType d : {DType::Float16, DType::BFloat16})
    for (const auto& shape : shapes) {
      SCOPED_TRACE(std::string(sk::dtypeName(d)) + " H=" + std::to_string(shape.back()));
      int64_t h = shape.back(), n = 1;
      for (int64_t s : shape) n *= s;
      std::vector<float> xs = rounded(randoms(n, 11), d), gs = rounded(randoms(h, 12, 0.5f, 1.5f), d);
      Tensor x = tensor(d, shape, xs), g = tensor(d, {h}, gs), y = tensor(d, shape);
      ASSERT_EQ(sk::ops::rmsnorm(x, g, 1e-6f, y, s), ACL_SUCCESS) << aclGetRecentErrMsg();
      // <= 1 ulp of the dtype: the device's Rsqrt and tree-ordered ReduceSum differ from the
      // reference's 1 / sqrt and double sum by a few float32 ulps, which can move the one
      // rounding to the dtype to the neighbouring value (the rounding itself is 0.5 ulp).
      EXPECT_EQ(countBeyondUlps(read(y), rmsnormRef(xs, gs, 1e-6f), d, 1.0f), 0u);
    }
}

TEST_F(Ops, RmsnormEpsilonReachesTheKernel) {
  // A zero row normalises to 0 * rsqrt(eps); rows of 0.01 to 0.01 / sqrt(1e-4 + eps).
  std::vector<float> xs(2 * 512, 0.0f);
  for (size_t i = 512; i < xs.size(); ++i) xs[i] = roundTo(0.01f, DType::Float16);
  std::vector<float> gs(512, 1.0f);
  Tensor x = tensor(DType::Float16, {2, 512}, xs), g = tensor(DType::Float16, {512}, gs), y = tensor(DType::Float16, {2, 512});
  ASSERT_EQ(sk::ops::rmsnorm(x, g, 1e-2f, y, s), ACL_SUCCESS) << aclGetRecentErrMsg();
  // <= 1 ulp of float16, as above; with eps = 1e-2 the result is ~0.1, without it ~1.
  EXPECT_EQ(countBeyondUlps(read(y), rmsnormRef(xs, gs, 1e-2f), DType::Float16, 1.0f), 0u);
}

TEST_F(Ops, SoftmaxMatchesTheFloat32ReferenceInEveryDtype) {
  struct Case {
    std::vector<int64_t> shape;
    float range;  // inputs in [-range, range]
  };
  // N up to 8192; 1000 and 77 have partial repeats and blocks; +-200 overflows float32's exp
  // unless the row maximum is subtracted first.
  const Case cases[] = {{{16, 8192}, 8}, {{37, 1000}, 8}, {{2, 3, 77}, 200}, {{64, 128}, 4}};
  for (DType d : {DType::Float16, DType::BFloat16, DType::Float32})
    for (const Case& c : cases) {
      SCOPED_TRACE(std::string(sk::dtypeName(d)) + " N=" + std::to_string(c.shape.back()));
      int64_t n = 1;
      for (int64_t v : c.shape) n *= v;
      std::vector<float> xs = rounded(randoms(n, 21, -c.range, c.range), d);
      Tensor x = tensor(d, c.shape, xs), y = tensor(d, c.shape);
      ASSERT_EQ(sk::ops::softmax(x, y, s), ACL_SUCCESS) << aclGetRecentErrMsg();
      std::vector<float> want = softmaxRef(xs, c.shape.back());
      // float16/bfloat16: <= 1 ulp of the dtype (the rounding to it, 0.5 ulp, moved by the
      // float32 differences below). float32: <= 8 ulps: ReduceSum adds the N / 64 per-repeat
      // partials one after another (128 float32 roundings for N = 8192, a random walk of a
      // few ulps; measured up to ~3) where the reference sums in double, and the kernel
      // multiplies by 1 / sum (2 roundings) where the reference divides.
      float ulps = d == DType::Float32 ? 8.0f : 1.0f;
      EXPECT_EQ(countBeyondUlps(read(y), want, d, ulps), 0u);
    }
}

// The widest rows norm.h promises on dav-2201 (the UB the kernels carve, to the byte) run.
TEST_F(Ops, RmsnormAndSoftmaxRunTheWidestRowsTheHeaderPromises) {
  struct Case {
    bool rms;
    DType d;
    int64_t n;
  };
  const Case cases[] = {{true, DType::BFloat16, 9728}, {false, DType::Float32, 12224}, {false, DType::Float16, 16256}};
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(c.rms ? "rmsnorm " : "softmax ") + sk::dtypeName(c.d));
    std::vector<float> xs = rounded(randoms(2 * c.n, 51), c.d), gs = rounded(randoms(c.n, 52, 0.5f, 1.5f), c.d);
    Tensor x = tensor(c.d, {2, c.n}, xs), y = tensor(c.d, {2, c.n}), g = tensor(c.d, {c.n}, gs);
    ASSERT_EQ(c.rms ? sk::ops::rmsnorm(x, g, 1e-6f, y, s) : sk::ops::softmax(x, y, s), ACL_SUCCESS) << aclGetRecentErrMsg();
    // The tolerances of the two tests above, for the same reasons.
    float ulps = c.d == DType::Float32 ? 8.0f : 1.0f;
    EXPECT_EQ(countBeyondUlps(read(y), c.rms ? rmsnormRef(xs, gs, 1e-6f) : softmaxRef(xs, c.n), c.d, ulps), 0u);
  }
}

// Raw tensors for concat: any dtype, its bytes random (a copy must keep every bit).
std::vector<uint8_t> randomBytes(size_t n, uint32_t seed) {
  std::mt19937 g(seed);
  std::vector<uint8_t> b(n);
  for (uint8_t& v : b) v = (uint8_t)g();
  return b;
}

TEST_F(Ops, ConcatCopiesBothInputsBitExactInEveryDtype) {
  struct Case {
    std::vector<int64_t> a, b;
  };
  // Row lengths that are no multiple of 16 or 32 bytes; rows longer than a UB tile (40000
  // float32 = 160 KB) copied in chunks; a 1-D pair.
  const Case cases[] = {{{37, 100}, {37, 13}}, {{2, 4, 5}, {2, 4, 3}}, {{3, 40000}, {3, 17}}, {{7}, {9}}, {{512, 512}, {512, 64}}};
  for (DType d : {DType::Float16, DType::BFloat16, DType::Float32, DType::Int8, DType::Int32})
    for (const Case& c : cases) {
      SCOPED_TRACE(std::string(sk::dtypeName(d)) + " Na=" + std::to_string(c.a.back()) + " Nb=" + std::to_string(c.b.back()));
      std::vector<int64_t> ys = c.a;
      ys.back() += c.b.back();
      Tensor a = tensor(d, c.a), b = tensor(d, c.b), y = tensor(d, ys);
      std::vector<uint8_t> ab = randomBytes(a.bytes(), 31), bb = randomBytes(b.bytes(), 32);
      ASSERT_EQ(aclrtMemcpy(a.data, ab.size(), ab.data(), ab.size(), ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
      ASSERT_EQ(aclrtMemcpy(b.data, bb.size(), bb.data(), bb.size(), ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
      ASSERT_EQ(sk::ops::concat(a, b, y, s), ACL_SUCCESS) << aclGetRecentErrMsg();
      ASSERT_EQ(aclrtSynchronizeStream(s), ACL_SUCCESS) << aclGetRecentErrMsg();
      std::vector<uint8_t> got(y.bytes()), want;
      ASSERT_EQ(aclrtMemcpy(got.data(), got.size(), y.data, got.size(), ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
      size_t aRow = a.bytes() / (a.numel() / c.a.back()), bRow = b.bytes() / (b.numel() / c.b.back());
      for (size_t r = 0; r < ab.size() / aRow; ++r) {
        want.insert(want.end(), ab.begin() + r * aRow, ab.begin() + (r + 1) * aRow);
        want.insert(want.end(), bb.begin() + r * bRow, bb.begin() + (r + 1) * bRow);
      }
      // Bit-exact: a copy.
      EXPECT_TRUE(got == want);
    }
}

TEST_F(Ops, RowOpsRefuseBadInputNamingTheOperand) {
  Tensor x = tensor(DType::Float16, {8, 64}), g = tensor(DType::Float16, {64}), y = tensor(DType::Float16, {8, 64});
  Tensor g32 = tensor(DType::Float16, {32}), gbf = tensor(DType::BFloat16, {64}), f32 = tensor(DType::Float32, {8, 64});
  Tensor i32 = tensor(DType::Int32, {8, 64}), y32 = tensor(DType::Float16, {8, 32});
  refused(sk::ops::rmsnorm(x, g32, 1e-6f, y, s), "rmsnorm: gamma is float16[32]; x float16[8, 64] needs float16[64]");
  refused(sk::ops::rmsnorm(x, gbf, 1e-6f, y, s), "rmsnorm: gamma is bfloat16[64]; x float16[8, 64] needs float16[64]");
  refused(sk::ops::rmsnorm(f32, g, 1e-6f, y, s), "rmsnorm: x is float32; supported: float16, bfloat16");
  refused(sk::ops::rmsnorm(x, g, 1e-6f, y32, s), "rmsnorm: y is float16[8, 32]; the op gives float16[8, 64]");
  refused(sk::ops::rmsnorm(x, g, -1.0f, y, s), "rmsnorm: epsilon -1.000000 must be >= 0");
  Tensor wide = tensor(DType::Float16, {1, 20000}), gWide = tensor(DType::Float16, {20000});
  refused(sk::ops::rmsnorm(wide, gWide, 1e-6f, wide, s), "rmsnorm: x float16[1, 20000]: a row of 20000 elements does not fit");
  Tensor none;
  none.shape = {8, 64};
  refused(sk::ops::rmsnorm(x, none, 1e-6f, y, s), "rmsnorm: gamma has no device memory");

  refused(sk::ops::softmax(i32, i32, s), "softmax: x is int32; supported: float16, bfloat16, float32");
  refused(sk::ops::softmax(x, f32, s), "softmax: y is float32[8, 64]; the op gives float16[8, 64]");
  Tensor huge = tensor(DType::Float32, {1, 16384});
  refused(sk::ops::softmax(huge, huge, s), "softmax: x float32[1, 16384]: a row of 16384 elements does not fit");
  refused(sk::ops::softmax(none, y, s), "softmax: x has no device memory");

  Tensor a = tensor(DType::Float16, {8, 5}), b3 = tensor(DType::Float16, {7, 3}), b = tensor(DType::Float16, {8, 3});
  Tensor y8 = tensor(DType::Float16, {8, 8}), bi8 = tensor(DType::Int8, {8, 3}), u8 = tensor(DType::UInt8, {8, 3});
  refused(sk::ops::concat(a, b3, y8, s), "concat: a float16[8, 5] and b float16[7, 3] differ in the leading dims");
  refused(sk::ops::concat(a, bi8, y8, s), "concat: a float16[8, 5] and b int8[8, 3] differ in dtype");
  refused(sk::ops::concat(a, b, y, s), "concat: y is float16[8, 64]; the op gives float16[8, 8]");
  refused(sk::ops::concat(u8, u8, u8, s), "concat: a is uint8; supported: float16, bfloat16, float32, int8, int32");
  EXPECT_EQ(sk::ops::concat(a, b, y8, s), ACL_SUCCESS) << aclGetRecentErrMsg();

  sk::ops::TensorSpec out;
  refused(sk::ops::inferRmsnorm(x, g32, out), "sk::ops::inferRmsnorm: gamma is float16[32]");
  refused(sk::ops::inferConcat(a, b3, out), "sk::ops::inferConcat: a float16[8, 5] and b float16[7, 3] differ");
  ASSERT_EQ(sk::ops::inferConcat(a, b, out), ACL_SUCCESS);
  EXPECT_EQ(out.shape, (std::vector<int64_t>{8, 8}));
}

// rmsnorm -> softmax -> concat inside a scope are one super kernel with the eager bytes.
TEST_F(Ops, RowOpsInsideAJitScopeFuseToTheBytesOfTheEagerRun) {
  sk::jit::setCacheDir("");
  for (DType d : {DType::Float16, DType::BFloat16}) {
    SCOPED_TRACE(sk::dtypeName(d));
    Tensor x = tensor(d, {16, 2048}, randoms(16 * 2048, 41)), g = tensor(d, {2048}, randoms(2048, 42));
    Tensor e = tensor(d, {16, 24}, randoms(16 * 24, 43));
    Tensor n = tensor(d, {16, 2048}), p = tensor(d, {16, 2048}), c = tensor(d, {16, 2072});
    expectFusedEqualsEager("rows", {&n, &p, &c}, [&] {
      ASSERT_EQ(sk::ops::rmsnorm(x, g, 1e-6f, n, s), ACL_SUCCESS) << aclGetRecentErrMsg();
      ASSERT_EQ(sk::ops::softmax(n, p, s), ACL_SUCCESS) << aclGetRecentErrMsg();
      ASSERT_EQ(sk::ops::concat(p, e, c, s), ACL_SUCCESS) << aclGetRecentErrMsg();
    });
  }
}

}  // namespace
