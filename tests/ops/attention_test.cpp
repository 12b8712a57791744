// attention against two host references: one that does the kernel's arithmetic in its order
// (blocks of keys, online softmax in float32, P rounded to half, float32 accumulation) and
// exact attention in double; bad input refused naming the operand; attention fused in a jit
// scope.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "sk/jit.h"
#include "ops_test_support.h"

namespace {

using namespace sk_ops_test;
using sk::DType;
using sk::ops::Tensor;

struct Shape {
  int64_t b, s, l, d;
};

float half(float v) { return roundTo(v, DType::Float16); }

float ulp16(float v) {
  int e;
  std::frexp(std::fabs(v), &e);
  return std::ldexp(1.0f, std::max(e - 1, -14) - 10);
}

bool visible(const Shape& sh, bool causal, int64_t i, int64_t j) { return !causal || j <= i + (sh.l - sh.s); }

// The kernel's order: keys in blocks of min(128, L rounded up to 16); per block the scores
// summed over D in ascending order in float32 (the cube's order), scaled, the row max, alpha =
// exp(m_old - m_new), e = exp(s - m_new), l = l * alpha + sum(e), P = half(e), acc = acc * alpha
// + P · v (ascending keys, float32); out = half(acc * (1 / l)). Masked keys contribute nothing.
std::vector<float> blockedRef(const Shape& sh, bool causal, float scale, const std::vector<float>& q,
                              const std::vector<float>& k, const std::vector<float>& v) {
  int64_t block = std::min<int64_t>(128, (sh.l + 15) / 16 * 16);
  std::vector<float> out(sh.b * sh.s * sh.d);
  for (int64_t b = 0; b < sh.b; ++b)
    for (int64_t i = 0; i < sh.s; ++i) {
      const float* qi = &q[(b * sh.s + i) * sh.d];
      float m = 0, l = 0;
      std::vector<float> acc(sh.d, 0.0f);
      for (int64_t j0 = 0; j0 < sh.l && visible(sh, causal, i, j0); j0 += block) {
        int64_t j1 = std::min(sh.l, j0 + block);
        std::vector<float> s(j1 - j0);
        float bm = -INFINITY;
        for (int64_t j = j0; j < j1; ++j) {
          float dot = 0;
          for (int64_t d = 0; d < sh.d; ++d) dot += qi[d] * k[(b * sh.l + j) * sh.d + d];
          s[j - j0] = dot * scale;
          if (visible(sh, causal, i, j)) bm = std::max(bm, s[j - j0]);
        }
        bool first = j0 == 0;
        float mNew = first ? bm : std::max(m, bm), alpha = first ? 0.0f : std::exp(m - mNew), sum = 0;
        m = mNew;
        std::vector<float> pv(sh.d, 0.0f);
        for (int64_t j = j0; j < j1; ++j) {
          if (!visible(sh, causal, i, j)) continue;
          float e = std::exp(s[j - j0] - mNew);
          sum += e;
          for (int64_t d = 0; d < sh.d; ++d) pv[d] += half(e) * v[(b * sh.l + j) * sh.d + d];
        }
        l = first ? sum : l * alpha + sum;
        for (int64_t d = 0; d < sh.d; ++d) acc[d] = first ? pv[d] : acc[d] * alpha + pv[d];
      }
      for (int64_t d = 0; d < sh.d; ++d) out[(b * sh.s + i) * sh.d + d] = half(acc[d] * (1.0f / l));
    }
  return out;
}

// softmax(scale q kᵀ + mask) v in double.
std::vector<double> exactRef(const Shape& sh, bool causal, double scale, const std::vector<float>& q,
                             const std::vector<float>& k, const std::vector<float>& v) {
  std::vector<double> out(sh.b * sh.s * sh.d, 0.0);
  for (int64_t b = 0; b < sh.b; ++b)
    for (int64_t i = 0; i < sh.s; ++i) {
      std::vector<double> s(sh.l, -INFINITY);
      double m = -INFINITY, sum = 0;
      for (int64_t j = 0; j < sh.l; ++j) {
        if (!visible(sh, causal, i, j)) continue;
        double dot = 0;
        for (int64_t d = 0; d < sh.d; ++d) dot += (double)q[(b * sh.s + i) * sh.d + d] * k[(b * sh.l + j) * sh.d + d];
        s[j] = dot * scale;
        m = std::max(m, s[j]);
      }
      for (int64_t j = 0; j < sh.l; ++j) sum += s[j] = std::exp(s[j] - m);
      for (int64_t j = 0; j < sh.l; ++j)
        for (int64_t d = 0; d < sh.d; ++d) out[(b * sh.s + i) * sh.d + d] += s[j] / sum * v[(b * sh.l + j) * sh.d + d];
    }
  return out;
}

TEST_F(Ops, AttentionMatchesTheBlockedOnlineSoftmaxReference) {
  struct Case {
    Shape sh;
    bool causal;
    float scale;  // 0: 1 / sqrt(D)
  };
  // Decode (S = 1) over a key count with a tail block; prefill with row and key tails (37
  // queries, 300 keys: a last block of 44); the largest MoE shape, causal; an explicit scale;
  // D = 32 with a last block of 2 keys; the largest D.
  const Case cases[] = {{{1, 1, 1000, 128}, false, 0},
                        {{2, 37, 300, 64}, true, 0},
                        {{4, 128, 1024, 128}, true, 0},
                        {{3, 16, 128, 64}, false, 0.5f},
                        {{2, 20, 200, 128}, false, 0},
                        {{1, 3, 130, 32}, true, 0},
                        {{1, 4, 128, 256}, false, 0}};
  for (const Case& c : cases) {
    const Shape& sh = c.sh;
    SCOPED_TRACE("B=" + std::to_string(sh.b) + " S=" + std::to_string(sh.s) + " L=" + std::to_string(sh.l) +
                 " D=" + std::to_string(sh.d) + (c.causal ? " causal" : ""));
    auto values = [&](size_t n, uint32_t seed) {
      std::vector<float> x = randoms(n, seed, -1, 1);
      for (float& f : x) f = half(f);
      return x;
    };
    std::vector<float> qs = values(sh.b * sh.s * sh.d, 61), ks = values(sh.b * sh.l * sh.d, 62),
                       vs = values(sh.b * sh.l * sh.d, 63);
    Tensor q = tensor(DType::Float16, {sh.b, sh.s, sh.d}, qs), k = tensor(DType::Float16, {sh.b, sh.l, sh.d}, ks);
    Tensor v = tensor(DType::Float16, {sh.b, sh.l, sh.d}, vs), out = tensor(DType::Float16, {sh.b, sh.s, sh.d});
    sk::ops::AttentionOptions options;
    options.scale = c.scale;
    options.causal = c.causal;
    ASSERT_EQ(sk::ops::attention(q, k, v, options, out, s), ACL_SUCCESS) << aclGetRecentErrMsg();
    std::vector<float> got = read(out);
    float scale = c.scale > 0 ? c.scale : 1.0f / std::sqrt((float)sh.d);
    std::vector<float> blocked = blockedRef(sh, c.causal, scale, qs, ks, vs);
    std::vector<double> exact = exactRef(sh, c.causal, scale, qs, ks, vs);
    size_t badBlocked = 0, badExact = 0;
    for (size_t i = 0; i < got.size(); ++i) {
      // <= 1 ulp of float16 against the kernel's order: only the row sums l differ (ReduceSum's
      // order against the reference's sequential one, a few float32 ulps), which can move the
      // final rounding to the neighbouring half.
      if (!(std::fabs(got[i] - blocked[i]) <= ulp16(blocked[i])) && badBlocked++ == 0)
        ADD_FAILURE() << "element " << i << ": got " << got[i] << ", blocked reference " << blocked[i];
      // <= 2e-3 against exact attention (|v| <= 1): P rounded to half moves each weight by at
      // most 2^-11 relatively (<= 4.9e-4 in total), the output's rounding <= 4.9e-4.
      if (!(std::fabs(got[i] - exact[i]) <= 2e-3) && badExact++ == 0)
        ADD_FAILURE() << "element " << i << ": got " << got[i] << ", exact " << exact[i];
    }
    EXPECT_EQ(badBlocked, 0u);
    EXPECT_EQ(badExact, 0u);
  }
}

TEST_F(Ops, AttentionRefusesBadInputNamingTheOperand) {
  Tensor q = tensor(DType::Float16, {2, 8, 64}), k = tensor(DType::Float16, {2, 128, 64}), v = tensor(DType::Float16, {2, 128, 64});
  Tensor out = tensor(DType::Float16, {2, 8, 64});
  Tensor q32 = tensor(DType::Float32, {2, 8, 64}), kShort = tensor(DType::Float16, {2, 64, 64});
  Tensor kOther = tensor(DType::Float16, {1, 128, 64}), q72 = tensor(DType::Float16, {2, 8, 72});
  Tensor k72 = tensor(DType::Float16, {2, 128, 72}), out72 = tensor(DType::Float16, {2, 8, 72});
  Tensor qLong = tensor(DType::Float16, {2, 256, 64}), outLong = tensor(DType::Float16, {2, 256, 64});
  Tensor outBad = tensor(DType::Float16, {2, 8, 32}), q2d = tensor(DType::Float16, {8, 64});
  sk::ops::AttentionOptions plain, causal;
  causal.causal = true;
  refused(sk::ops::attention(q32, k, v, plain, out, s), "attention: q is float32; supported: float16");
  refused(sk::ops::attention(q2d, k, v, plain, out, s), "attention: q is float16[8, 64]; the op takes float16[B, *, D]");
  refused(sk::ops::attention(q, kShort, v, plain, out, s), "attention: k float16[2, 64, 64] and v float16[2, 128, 64] differ");
  refused(sk::ops::attention(q, kOther, kOther, plain, out, s), "attention: q float16[2, 8, 64] and k float16[1, 128, 64] differ in B or D");
  refused(sk::ops::attention(q72, k72, k72, plain, out72, s), "attention: q float16[2, 8, 72]: D must be a multiple of 16");
  refused(sk::ops::attention(q, k, v, plain, outBad, s), "attention: out is float16[2, 8, 32]; the op gives float16[2, 8, 64]");
  refused(sk::ops::attention(qLong, k, v, causal, outLong, s), "attention: causal attention needs L >= S");
  sk::ops::AttentionOptions negative;
  negative.scale = -1;
  refused(sk::ops::attention(q, k, v, negative, out, s), "attention: scale -1.000000 must be finite and >= 0");
  Tensor none;
  none.shape = {2, 128, 64};
  refused(sk::ops::attention(q, k, none, plain, out, s), "attention: v has no device memory");
}

// attention (a MIX kernel) and softmax inside a scope are one super kernel with the eager bytes.
TEST_F(Ops, AttentionInsideAJitScopeFusesToTheBytesOfTheEagerRun) {
  sk::jit::setCacheDir("");
  Tensor q = tensor(DType::Float16, {2, 16, 64}, randoms(2 * 16 * 64, 71, -1, 1));
  Tensor k = tensor(DType::Float16, {2, 200, 64}, randoms(2 * 200 * 64, 72, -1, 1));
  Tensor v = tensor(DType::Float16, {2, 200, 64}, randoms(2 * 200 * 64, 73, -1, 1));
  Tensor o = tensor(DType::Float16, {2, 16, 64}), p = tensor(DType::Float16, {2, 16, 64});
  sk::ops::AttentionOptions causal;
  causal.causal = true;
  expectFusedEqualsEager("attn", {&o, &p}, [&] {
    ASSERT_EQ(sk::ops::attention(q, k, v, causal, o, s), ACL_SUCCESS) << aclGetRecentErrMsg();
    ASSERT_EQ(sk::ops::softmax(o, p, s), ACL_SUCCESS) << aclGetRecentErrMsg();
  });
}

}  // namespace
