// The op library: each op and dtype against a host reference (tolerances per dtype in
// docs/ops.md), bad input refused naming the operand, ops fused inside a jit scope.
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "sk/jit.h"
#include "ops_test_support.h"

namespace {

using namespace sk_ops_test;
using sk::DType;
using sk::ops::Tensor;

const DType kFloatTypes[] = {DType::Float16, DType::BFloat16, DType::Float32};

// Element-wise ops compute in their dtype (bfloat16: in float, rounded once), so each result is
// the correctly rounded value of the exact operation on the (rounded) inputs: bit-exact.
TEST_F(Ops, ElementwiseOpsGiveTheCorrectlyRoundedResultInEveryDtype) {
  struct Case {
    const char* name;
    std::function<aclError(const Tensor&, const Tensor&, const Tensor&, aclrtStream)> run;
    std::function<float(float, float)> ref;
  };
  const Case cases[] = {
      {"add", sk::ops::add, [](float a, float b) { return a + b; }},
      {"mul", sk::ops::mul, [](float a, float b) { return a * b; }},
      {"square", [](const Tensor& x, const Tensor&, const Tensor& z, aclrtStream st) { return sk::ops::square(x, z, st); },
       [](float a, float) { return a * a; }},
  };
  // 37 x 1000 elements: not a multiple of the cores, tiles or blocks (tails everywhere).
  for (DType d : kFloatTypes)
    for (const Case& c : cases) {
      SCOPED_TRACE(std::string(c.name) + " " + sk::dtypeName(d));
      std::vector<float> xs = randoms(37 * 1000, 1), ys = randoms(37 * 1000, 2);
      for (float& v : xs) v = roundTo(v, d);
      for (float& v : ys) v = roundTo(v, d);
      Tensor x = tensor(d, {37, 1000}, xs), y = tensor(d, {37, 1000}, ys), z = tensor(d, {37, 1000});
      ASSERT_EQ(c.run(x, y, z, s), ACL_SUCCESS) << aclGetRecentErrMsg();
      std::vector<float> got = read(z);
      size_t bad = 0;
      for (size_t i = 0; i < got.size(); ++i) bad += got[i] != roundTo(c.ref(xs[i], ys[i]), d);
      EXPECT_EQ(bad, 0u);
    }
}

TEST_F(Ops, BadTensorsAreRefusedNamingTheOperand) {
  Tensor x = tensor(DType::Float16, {8, 64}), y = tensor(DType::Float16, {8, 64}), z = tensor(DType::Float16, {8, 64});
  Tensor wrongShape = tensor(DType::Float16, {8, 32}), f32 = tensor(DType::Float32, {8, 64}), i8 = tensor(DType::Int8, {8, 64});
  refused(sk::ops::add(x, wrongShape, z, s), "add: x float16[8, 64] and y float16[8, 32] differ");
  refused(sk::ops::add(x, y, f32, s), "add: z is float32[8, 64]; the op gives float16[8, 64]");
  refused(sk::ops::mul(i8, i8, i8, s), "mul: x is int8; supported: float16, bfloat16, float32");
  Tensor none;
  none.shape = {8, 64};
  refused(sk::ops::square(none, z, s), "square: x has no device memory");
  Tensor neg;
  refused(sk::ops::alloc(neg, DType::Float16, {4, 0}), "every dimension must be positive");
  sk::ops::setBinaryDir("/nonexistent");
  refused(sk::ops::add(x, y, z, s), "no op binaries for dav-", ACL_ERROR_RT_KERNEL_LOOKUP);
  sk::ops::setBinaryDir(SK_BUILD_DIR "/oplib");
  EXPECT_EQ(sk::ops::add(x, y, z, s), ACL_SUCCESS) << aclGetRecentErrMsg();
}

// Ops inside a scope are one super kernel; the bytes are the eager run's.
TEST_F(Ops, OpsInsideAJitScopeFuseToTheBytesOfTheEagerRun) {
  sk::jit::setCacheDir("");
  for (DType d : kFloatTypes) {
    SCOPED_TRACE(sk::dtypeName(d));
    Tensor x = tensor(d, {16, 2048}, randoms(16 * 2048, 3)), y = tensor(d, {16, 2048}, randoms(16 * 2048, 4));
    Tensor a = tensor(d, {16, 2048}), b = tensor(d, {16, 2048}), c = tensor(d, {16, 2048});
    expectFusedEqualsEager("ops", {&a, &b, &c}, [&] {
      ASSERT_EQ(sk::ops::add(x, y, a, s), ACL_SUCCESS) << aclGetRecentErrMsg();
      ASSERT_EQ(sk::ops::square(a, b, s), ACL_SUCCESS) << aclGetRecentErrMsg();
      ASSERT_EQ(sk::ops::mul(b, x, c, s), ACL_SUCCESS) << aclGetRecentErrMsg();
    });
  }
}

}  // namespace
