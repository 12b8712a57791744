// The MoE ops (include/sk/ops/moe.h) against host references in float32 that follow the
// contract step by step: moe_gating_topk (softmax and sigmoid scores, groups, ties),
// dequant_swiglu_quant and dynamic_quant (round half away from zero, clamp, an all-zero row,
// rows longer than one UB chunk); bad input refused naming the operand; the three fused.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>
#include <string>
#include <vector>

#include "ops_test_support.h"
#include "sk/jit.h"

namespace {

using namespace sk_ops_test;
using sk::DType;
using sk::ops::GatingTopKOptions;
using sk::ops::Tensor;

const DType kFloatTypes[] = {DType::Float16, DType::BFloat16, DType::Float32};

// The fixture's helpers, public for the free run* functions below.
class MoeOps : public Ops {
 public:
  using Ops::randoms;
  using Ops::read;
  using Ops::s;
  using Ops::tensor;
  using Ops::raw;
  using Ops::refused;
  template <typename V>
  std::vector<V> readAs(const Tensor& t) {
    EXPECT_EQ(aclrtSynchronizeStream(s), ACL_SUCCESS) << aclGetRecentErrMsg();
    std::vector<V> v(t.bytes() / sizeof(V));
    EXPECT_EQ(aclrtMemcpy(v.data(), t.bytes(), t.data, t.bytes(), ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    return v;
  }
  using Ops::bytes;
};

// ---- moe_gating_topk ---------------------------------------------------------------------------

struct Routing {
  std::vector<float> scores;   // [T, E], before the group masking
  std::vector<float> weights;  // [T, k]
  std::vector<int32_t> ids;    // [T, k]
};

std::vector<float> scoresOf(const float* x, int e, bool sigmoid) {
  std::vector<float> s(e);
  if (sigmoid) {
    for (int i = 0; i < e; ++i) s[i] = 1.0f / (1.0f + std::exp(-x[i]));
    return s;
  }
  float m = *std::max_element(x, x + e), sum = 0.0f;
  for (int i = 0; i < e; ++i) sum += s[i] = std::exp(x[i] - m);
  for (float& v : s) v *= 1.0f / sum;
  return s;
}

// The experts the groupSelect best groups keep (group score: the sum of its two best).
std::vector<bool> eligibleOf(const std::vector<float>& s, const GatingTopKOptions& o) {
  int size = (int)s.size() / o.groupCount;
  std::vector<float> group(o.groupCount);
  for (int g = 0; g < o.groupCount; ++g) {
    std::vector<float> v(s.begin() + g * size, s.begin() + (g + 1) * size);
    std::sort(v.begin(), v.end(), std::greater<float>());
    group[g] = size == 1 ? v[0] : v[0] + v[1];
  }
  std::vector<int> order(o.groupCount);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return group[a] > group[b]; });
  std::vector<bool> keep(s.size(), false);
  for (int i = 0; i < o.groupSelect; ++i) std::fill_n(keep.begin() + order[i] * size, size, true);
  return keep;
}

Routing route(const std::vector<float>& logits, int t, int e, const GatingTopKOptions& o) {
  Routing r;
  for (int row = 0; row < t; ++row) {
    std::vector<float> s = scoresOf(&logits[(size_t)row * e], e, o.sigmoid);
    r.scores.insert(r.scores.end(), s.begin(), s.end());
    std::vector<bool> keep = eligibleOf(s, o);
    std::vector<int> order;
    for (int i = 0; i < e; ++i)
      if (keep[i]) order.push_back(i);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return s[a] > s[b]; });  // ties: lower id
    float sum = 0.0f;
    for (int j = 0; j < o.k; ++j) sum += s[order[j]];
    for (int j = 0; j < o.k; ++j) {
      r.ids.push_back(order[j]);
      r.weights.push_back((o.renormalize ? s[order[j]] / sum : s[order[j]]) * o.routedScalingFactor);
    }
  }
  return r;
}

// Tolerances (relative): sigmoid scores take the same float ops in the same order, up to exp
// and the reciprocal, which the hardware may round differently from the host by an ulp or so:
// 1e-6 (~8 ulp after the division and renormalisation). Softmax also sums E exps in the vector
// unit's tree order, not the host's sequential one: 1e-5. An id may differ from the reference's
// only where the two experts' scores differ yet are that close (a near-tie the rounding may break
// either way); an exact tie of the reference (equal logits) is one in the kernel too, and must go
// by the tie rule.
void expectRouting(const Routing& ref, const std::vector<float>& weights, const std::vector<int32_t>& ids, int e,
                   const GatingTopKOptions& o) {
  float tol = o.sigmoid ? 1e-6f : 1e-5f;
  ASSERT_EQ(ids.size(), ref.ids.size());
  size_t badIds = 0, badWeights = 0;
  for (size_t i = 0; i < ids.size(); ++i) {
    size_t row = i / o.k;
    const float* s = &ref.scores[row * e];
    bool inRange = ids[i] >= 0 && ids[i] < e;
    float diff = inRange ? std::fabs(s[ids[i]] - s[ref.ids[i]]) : INFINITY;
    if (ids[i] != ref.ids[i] && !(diff > 0 && diff <= tol * s[ref.ids[i]])) ++badIds;  // exact ties: the rule
    if (std::fabs(weights[i] - ref.weights[i]) > tol * std::fabs(ref.weights[i])) ++badWeights;
  }
  EXPECT_EQ(badIds, 0u);
  EXPECT_EQ(badWeights, 0u);
}

struct GatingCase {
  int t, e;
  GatingTopKOptions o;
};

void runGating(MoeOps& f, DType d, const GatingCase& c, std::vector<float> logits) {
  for (float& v : logits) v = roundTo(v, d);
  Tensor x = f.tensor(d, {c.t, c.e}, logits);
  Tensor w = f.tensor(DType::Float32, {c.t, c.o.k}),
         ids = f.raw(DType::Int32, {c.t, c.o.k}, std::vector<int32_t>(c.t * c.o.k, -1));
  ASSERT_EQ(sk::ops::moeGatingTopK(x, c.o, w, ids, f.s), ACL_SUCCESS) << aclGetRecentErrMsg();
  expectRouting(route(logits, c.t, c.e, c.o), f.read(w), f.readAs<int32_t>(ids), c.e, c.o);
}

GatingTopKOptions options(int k, int groups, int select, bool sigmoid, bool renormalize, float factor) {
  GatingTopKOptions o;
  o.k = k, o.groupCount = groups, o.groupSelect = select, o.sigmoid = sigmoid, o.renormalize = renormalize;
  o.routedScalingFactor = factor;
  return o;
}

// DeepSeek-V3-like decode (256 experts, 8 groups, 4 chosen, sigmoid, scaled by 2.5), a softmax
// router without groups, tails: tokens not a multiple of the cores, groups that are not whole
// 32-byte blocks of logits (the kernel pads them in UB).
TEST_F(MoeOps, MoeGatingTopKMatchesTheReferenceInEveryDtype) {
  const GatingCase cases[] = {
      {64, 256, options(8, 8, 4, true, true, 2.5f)},
      {8, 64, options(8, 1, 1, false, true, 1.0f)},
      {37, 160, options(6, 8, 3, false, false, 1.0f)},
      {21, 72, options(4, 24, 5, true, false, 0.5f)},  // groups of 3 experts
      {5, 16, options(3, 16, 7, true, true, 1.0f)},    // groups of one expert: its score
      {9, 100, options(8, 1, 1, false, true, 1.0f)},   // a row of whole 32-byte blocks plus a tail
      {9, 64, options(8, 8, 4, true, true, 1.0f)},     // groups of 8 (half: slots of 16)
  };
  for (DType d : kFloatTypes)
    for (const GatingCase& c : cases) {
      SCOPED_TRACE(std::string(sk::dtypeName(d)) + " T=" + std::to_string(c.t) + " E=" + std::to_string(c.e));
      runGating(*this, d, c, randoms((size_t)c.t * c.e, c.t * 7 + c.e));
    }
}

TEST_F(MoeOps, MoeGatingTopKPrefillOf512Tokens) {
  runGating(*this, DType::BFloat16, {512, 256, options(8, 8, 4, true, true, 2.5f)}, randoms(512 * 256, 11));
}

// Equal logits give equal scores in the kernel and the reference alike: the ties are exact, and
// the lower expert and the lower group must win them.
TEST_F(MoeOps, MoeGatingTopKTiesGoToTheLowerExpertAndGroup) {
  const int t = 4, e = 32;
  std::vector<float> logits(t * e);
  for (int i = 0; i < t * e; ++i) logits[i] = (float)((i * 7) % 5) * 0.25f;  // each value many times
  for (int i = 0; i < e; ++i) logits[i] = 1.0f;                              // token 0: all equal
  for (DType d : kFloatTypes) {
    SCOPED_TRACE(sk::dtypeName(d));
    runGating(*this, d, {t, e, options(8, 1, 1, false, true, 1.0f)}, logits);
    runGating(*this, d, {t, e, options(5, 4, 2, true, true, 1.0f)}, logits);
    runGating(*this, d, {t, e, options(3, 8, 2, true, false, 1.0f)}, logits);
  }
}

// ---- dynamic_quant and dequant_swiglu_quant ----------------------------------------------------

struct Quantised {
  std::vector<int8_t> y;
  std::vector<float> scale;
  std::vector<float> q;  // s / scale before rounding, for the tolerance
};

void quantiseRow(const float* s, int h, Quantised& out) {
  float m = 0.0f;
  for (int i = 0; i < h; ++i) m = std::max(m, std::fabs(s[i]));
  float scale = m == 0.0f ? 1.0f : m / 127.0f;
  out.scale.push_back(scale);
  for (int i = 0; i < h; ++i) {
    float q = s[i] / scale;
    out.q.push_back(q);
    out.y.push_back((int8_t)std::min(127.0f, std::max(-127.0f, std::round(q))));  // ties away from zero
  }
}

Quantised dynamicQuantRef(const std::vector<float>& x, int t, int h) {
  Quantised r;
  for (int row = 0; row < t; ++row) quantiseRow(&x[(size_t)row * h], h, r);
  return r;
}

Quantised dequantSwigluQuantRef(const std::vector<int32_t>& x, const std::vector<float>& ws,
                                const std::vector<float>& act, int t, int h) {
  Quantised r;
  std::vector<float> s(h);
  for (int row = 0; row < t; ++row) {
    for (int c = 0; c < h; ++c) {
      float a = (float)x[(size_t)row * 2 * h + c] * ws[c] * act[row];
      float b = (float)x[(size_t)row * 2 * h + h + c] * ws[h + c] * act[row];
      s[c] = a / (1.0f + std::exp(-a)) * b;
    }
    quantiseRow(s.data(), h, r);
  }
  return r;
}

// dynamic_quant has no transcendental: the same float division and a correctly rounded int8
// (round-to-odd to half, then ties away) make it bit-exact.
void expectExact(const Quantised& ref, const std::vector<int8_t>& y, const std::vector<float>& scale) {
  EXPECT_EQ(scale, ref.scale);
  size_t bad = 0;
  for (size_t i = 0; i < y.size(); ++i) bad += y[i] != ref.y[i];
  EXPECT_EQ(bad, 0u);
}

// dequant_swiglu_quant goes through exp, which may differ from std::exp by an ulp: s and so
// the scale are within 1e-6 relative (a few ulp), and q = s / scale within 127 * 3e-7 < 1e-4;
// an int8 may be one off only where q lies that close to a rounding boundary (k + 0.5).
void expectClose(const Quantised& ref, const std::vector<int8_t>& y, const std::vector<float>& scale) {
  ASSERT_EQ(scale.size(), ref.scale.size());
  for (size_t i = 0; i < scale.size(); ++i) EXPECT_NEAR(scale[i], ref.scale[i], 1e-6f * ref.scale[i]) << "row " << i;
  size_t bad = 0;
  for (size_t i = 0; i < y.size(); ++i) {
    float frac = std::fabs(ref.q[i]) - std::floor(std::fabs(ref.q[i]));
    bool nearTie = std::fabs(frac - 0.5f) < 1e-4f;
    bad += !(y[i] == ref.y[i] || (nearTie && std::abs(y[i] - ref.y[i]) == 1));
  }
  EXPECT_EQ(bad, 0u);
}

void runDynamicQuant(MoeOps& f, DType d, int t, int h, std::vector<float> x) {
  for (float& v : x) v = roundTo(v, d);
  Tensor xt = f.tensor(d, {t, h}, x), y = f.tensor(DType::Int8, {t, h}), scale = f.tensor(DType::Float32, {t});
  ASSERT_EQ(sk::ops::dynamicQuant(xt, y, scale, f.s), ACL_SUCCESS) << aclGetRecentErrMsg();
  expectExact(dynamicQuantRef(x, t, h), f.readAs<int8_t>(y), f.read(scale));
}

// Decode and prefill shapes, a row longer than one UB chunk on both arches (two passes), tails.
TEST_F(MoeOps, DynamicQuantMatchesTheReferenceBitExactly) {
  const int shapes[][2] = {{64, 7168}, {256, 2048}, {3, 17000}, {50, 1000}};
  for (DType d : {DType::Float16, DType::BFloat16})
    for (auto [t, h] : shapes) {
      SCOPED_TRACE(std::string(sk::dtypeName(d)) + " " + std::to_string(t) + "x" + std::to_string(h));
      runDynamicQuant(*this, d, t, h, randoms((size_t)t * h, t + h, -30, 30));
    }
}

// Row 0: max 127, so scale 1 and x / scale = x: halves must round away from zero (RINT would
// give 0, 2, -2, ...). Row 1 is all zero: scale 1, y 0. Row 2: one huge value, the rest small.
TEST_F(MoeOps, DynamicQuantRoundsHalvesAwayFromZeroAndGivesScaleOneForZeroRows) {
  const int h = 16;
  std::vector<float> x(3 * h, 0.0f);
  const float row0[h] = {127,     0.5f,  -0.5f,  1.5f, -1.5f, 2.5f,   -2.5f, 126.5f,
                         -126.5f, 3.25f, -3.75f, 0,    64.5f, -64.5f, 7,     -127};
  std::copy(row0, row0 + h, x.begin());
  for (int i = 0; i < h; ++i) x[2 * h + i] = i == 5 ? 60000.0f : 0.01f * (float)i;
  for (DType d : {DType::Float16, DType::BFloat16}) {
    SCOPED_TRACE(sk::dtypeName(d));
    runDynamicQuant(*this, d, 3, h, x);
  }
  Quantised ref = dynamicQuantRef(x, 3, h);  // the reference itself: ties away from zero
  EXPECT_EQ(ref.y[1], 1);
  EXPECT_EQ(ref.y[6], -3);
  EXPECT_EQ(ref.scale[1], 1.0f);
}

struct DequantInputs {
  std::vector<int32_t> x;
  std::vector<float> ws, act;
};

DequantInputs dequantInputs(int t, int h, uint32_t seed) {
  DequantInputs in;
  std::vector<float> r = MoeOps::randoms((size_t)t * 2 * h, seed, -2000, 2000);
  for (float v : r) in.x.push_back((int32_t)v);
  in.ws = MoeOps::randoms(2 * h, seed + 1, 0.0005f, 0.002f);
  in.act = MoeOps::randoms(t, seed + 2, 0.5f, 2.0f);
  return in;
}

void runDequant(MoeOps& f, int t, int h, const DequantInputs& in) {
  Tensor x = f.raw(DType::Int32, {t, 2 * h}, in.x), ws = f.tensor(DType::Float32, {2 * h}, in.ws);
  Tensor act = f.tensor(DType::Float32, {t}, in.act), y = f.tensor(DType::Int8, {t, h}),
         scale = f.tensor(DType::Float32, {t});
  ASSERT_EQ(sk::ops::dequantSwigluQuant(x, ws, act, y, scale, f.s), ACL_SUCCESS) << aclGetRecentErrMsg();
  expectClose(dequantSwigluQuantRef(in.x, in.ws, in.act, t, h), f.readAs<int8_t>(y), f.read(scale));
}

// Decode and prefill shapes, a row longer than one UB chunk on both arches, an all-zero row.
TEST_F(MoeOps, DequantSwigluQuantMatchesTheReference) {
  const int shapes[][2] = {{16, 7168}, {256, 2048}, {3, 11000}, {50, 1000}};
  for (auto [t, h] : shapes) {
    SCOPED_TRACE(std::to_string(t) + "x" + std::to_string(h));
    DequantInputs in = dequantInputs(t, h, t * 3 + h);
    std::fill_n(in.x.begin() + (size_t)(t / 2) * 2 * h, 2 * h, 0);  // an all-zero row
    runDequant(*this, t, h, in);
  }
}

// ---- bad input and fusion -----------------------------------------------------------------------

TEST_F(MoeOps, MoeOpsRefuseBadInputNamingTheOperand) {
  Tensor logits = tensor(DType::Float16, {8, 64}), w = tensor(DType::Float32, {8, 8}),
         ids = tensor(DType::Int32, {8, 8});
  auto gating = [&](GatingTopKOptions o) { return sk::ops::moeGatingTopK(logits, o, w, ids, s); };
  refused(gating(options(8, 6, 1, false, true, 1)), "moe_gating_topk: groupCount 6 does not divide the 64 experts");
  refused(gating(options(65, 1, 1, false, true, 1)), "moe_gating_topk: k 65 must lie in [1, 64]");
  refused(gating(options(8, 4, 5, false, true, 1)), "moe_gating_topk: groupSelect 5 must lie in [1, groupCount 4]");
  refused(gating(options(12, 8, 1, false, true, 1)), "k 12 must lie in [1, 8], the experts of 1 of 8 groups");
  refused(gating(options(0, 1, 1, false, true, 1)), "moe_gating_topk: k 0 must lie in [1, 64]");
  Tensor i32 = tensor(DType::Int32, {8, 64}), w16 = tensor(DType::Float16, {8, 8}), w4 = tensor(DType::Float32, {8, 4});
  refused(sk::ops::moeGatingTopK(i32, options(8, 1, 1, false, true, 1), w, ids, s),
          "moe_gating_topk: logits is int32; supported: float16, bfloat16, float32");
  refused(sk::ops::moeGatingTopK(logits, options(8, 1, 1, false, true, 1), w16, ids, s),
          "moe_gating_topk: weights is float16; supported: float32");
  refused(sk::ops::moeGatingTopK(logits, options(8, 1, 1, false, true, 1), w4, ids, s),
          "moe_gating_topk: weights is float32[8, 4]; the op gives float32[8, 8]");
  refused(sk::ops::moeGatingTopK(logits, options(8, 1, 1, false, true, 1), w, w, s),
          "moe_gating_topk: ids is float32; supported: int32");
  Tensor flat = tensor(DType::Float16, {64});
  refused(sk::ops::moeGatingTopK(flat, options(8, 1, 1, false, true, 1), w, ids, s),
          "moe_gating_topk: logits float16[64] must be [T, E]");
  Tensor none;
  none.shape = {8, 64};
  refused(sk::ops::moeGatingTopK(none, options(8, 1, 1, false, true, 1), w, ids, s),
          "moe_gating_topk: logits has no device memory");

  Tensor x = tensor(DType::Float16, {4, 128}), y = tensor(DType::Int8, {4, 128}), scale = tensor(DType::Float32, {4});
  Tensor x3 = tensor(DType::Float16, {2, 2, 128}), y64 = tensor(DType::Int8, {4, 64}),
         x32 = tensor(DType::Float32, {4, 128});
  refused(sk::ops::dynamicQuant(x32, y, scale, s), "dynamic_quant: x is float32; supported: float16, bfloat16");
  refused(sk::ops::dynamicQuant(x3, y, scale, s), "dynamic_quant: x float16[2, 2, 128] must be [T, H]");
  refused(sk::ops::dynamicQuant(x, y64, scale, s), "dynamic_quant: y is int8[4, 64]; the op gives int8[4, 128]");
  refused(sk::ops::dynamicQuant(x, y, w, s), "dynamic_quant: scale is float32[8, 8]; the op gives float32[4]");
  refused(sk::ops::dynamicQuant(x, x, scale, s), "dynamic_quant: y is float16; supported: int8");

  Tensor xi = tensor(DType::Int32, {4, 128}), xodd = tensor(DType::Int32, {4, 127}), ws = tensor(DType::Float32, {128});
  Tensor ws64 = tensor(DType::Float32, {64}), act = tensor(DType::Float32, {4}), act8 = tensor(DType::Float32, {8});
  refused(sk::ops::dequantSwigluQuant(x, ws, act, y64, scale, s),
          "dequant_swiglu_quant: x is float16; supported: int32");
  refused(sk::ops::dequantSwigluQuant(xodd, ws, act, y64, scale, s),
          "dequant_swiglu_quant: x is int32[4, 127]; the op takes int32[T, 2H]");
  refused(sk::ops::dequantSwigluQuant(xi, ws64, act, y64, scale, s),
          "dequant_swiglu_quant: weightScale is float32[64]; x int32[4, 128] needs float32[128]");
  refused(sk::ops::dequantSwigluQuant(xi, ws, act8, y64, scale, s),
          "dequant_swiglu_quant: activationScale is float32[8]; x int32[4, 128] needs float32[4]");
  refused(sk::ops::dequantSwigluQuant(xi, ws, act, y, scale, s),
          "dequant_swiglu_quant: y is int8[4, 128]; the op gives int8[4, 64]");
  refused(sk::ops::dequantSwigluQuant(xi, ws, act, y64, y64, s),
          "dequant_swiglu_quant: scale is int8; supported: float32");
}

// The three ops inside one jit scope are one super kernel with the bytes of the eager run.
TEST_F(MoeOps, MoeOpsInsideAJitScopeFuseToTheBytesOfTheEagerRun) {
  sk::jit::setCacheDir("");
  const int t = 16, e = 256, h = 2048;
  Tensor logits = tensor(DType::BFloat16, {t, e}, randoms(t * e, 21));
  Tensor w = tensor(DType::Float32, {t, 8}), ids = tensor(DType::Int32, {t, 8});
  Tensor hidden = tensor(DType::BFloat16, {t, h}, randoms(t * h, 22)), hy = tensor(DType::Int8, {t, h});
  Tensor hs = tensor(DType::Float32, {t});
  DequantInputs in = dequantInputs(t, h, 23);
  Tensor x = raw(DType::Int32, {t, 2 * h}, in.x), ws = tensor(DType::Float32, {2 * h}, in.ws);
  Tensor act = tensor(DType::Float32, {t}, in.act), y = tensor(DType::Int8, {t, h}),
         scale = tensor(DType::Float32, {t});
  expectFusedEqualsEager("moe", {&w, &ids, &hy, &hs, &y, &scale}, [&] {
    ASSERT_EQ(sk::ops::moeGatingTopK(logits, options(8, 8, 4, true, true, 2.5f), w, ids, s), ACL_SUCCESS)
        << aclGetRecentErrMsg();
    ASSERT_EQ(sk::ops::dynamicQuant(hidden, hy, hs, s), ACL_SUCCESS) << aclGetRecentErrMsg();
    ASSERT_EQ(sk::ops::dequantSwigluQuant(x, ws, act, y, scale, s), ACL_SUCCESS) << aclGetRecentErrMsg();
  });
}

}  // namespace
