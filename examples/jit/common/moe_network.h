// The seed's two MoE networks on the op library, shared by the JIT examples and the benchmark:
//   SeedNetwork (superkernel_scope.py): scopes sk1 and sk2 with ops outside them;
//   SixScopeNetwork (superkernel_compare.py): a MoE layer in scopes sp1…sp6.
// run(fused) issues the ops on the stream, with their scopes as sk::jit scopes when fused.
#pragma once
#include <sys/stat.h>

#include <optional>
#include <string>
#include <vector>

#include "sk/jit.h"
#include "tensors.h"

namespace example {

// The seed's super_kernel_scope(enable, scope, options): a real scope, or nothing.
template <typename F>
void scope(bool fused, const char* name, const char* options, aclrtStream s, F&& ops) {
  std::optional<sk::jit::Scope> sc;
  if (fused) sc.emplace(name, options, s);
  ops();
  if (sc) CHECK_ACL(sc->end());
}

//   sk1: gmm1 = grouped_matmul(x, w1, groups)           x [16, 2048] fp16, w1 [4, 2048, 256]
//        gmm2 = grouped_matmul(gmm1, w2, groups)        router logits [16, 64]
//        weights, ids = moe_gating_topk(gmm2)           8 of 64 experts, 8 groups, 4 chosen, sigmoid
//   outside any scope: ids.reshape(2, 8, 8) (a view), sq = square(gmm1), cat = concat(sq, gmm1)
//   sk2: q, qscale = dequant_swiglu_quant(h, wscale, ascale)   h [16, 1024] int32 -> q [16, 512] int8
//        out = quant_matmul(q, w3, scale3, qscale)              [16, 512] x [512, 256] -> fp16
struct SeedNetwork {
  static constexpr int64_t T = 16, H = 2048, I = 256, E = 64, K = 8, S = 512, N = 256;
  static constexpr int kLaunches = 7, kScopes = 2;
  Reseed reseed;
  Tensor x = uniform(DType::Float16, {T, H}, -1, 1);
  Tensor w1 = uniform(DType::Float16, {4, H, I}, -0.05, 0.05);
  Tensor w2 = uniform(DType::Float16, {4, I, E}, -0.1, 0.1);
  Tensor groups = upload(DType::Int64, {4}, std::vector<int64_t>{3, 8, 8, T});  // 3, 5, 0, 8 tokens
  Tensor h = uniform(DType::Int32, {T, 2 * S}, -2000, 2000);
  Tensor wscale = uniform(DType::Float32, {2 * S}, 0.0005, 0.002);
  Tensor ascale = uniform(DType::Float32, {T}, 0.5, 1.5);
  Tensor w3 = uniform(DType::Int8, {S, N}, -127, 127);
  Tensor scale3 = uniform(DType::Float32, {N}, 0.0001, 0.001);
  Tensor gmm1 = zeros(DType::Float16, {T, I}), gmm2 = zeros(DType::Float16, {T, E});
  Tensor weights = zeros(DType::Float32, {T, K}), ids = zeros(DType::Int32, {T, K});
  Tensor sq = zeros(DType::Float16, {T, I}), cat = zeros(DType::Float16, {T, 2 * I});
  Tensor q = zeros(DType::Int8, {T, S}), qscale = zeros(DType::Float32, {T});
  Tensor out = zeros(DType::Float16, {T, N});

  void run(bool fused, aclrtStream s) {
    scope(fused, "sk1", "", s, [&] {
      CHECK_ACL(sk::ops::groupedMatmul(x, w1, groups, gmm1, s));
      CHECK_ACL(sk::ops::groupedMatmul(gmm1, w2, groups, gmm2, s));
      sk::ops::GatingTopKOptions g;
      g.k = K;
      g.groupCount = 8;
      g.groupSelect = 4;
      g.sigmoid = true;
      CHECK_ACL(sk::ops::moeGatingTopK(gmm2, g, weights, ids, s));
    });
    Tensor view = ids;  // torch.reshape(ids, (2, 8, 8)): a view, no kernel
    view.shape = {2, 8, K};
    CHECK_ACL(sk::ops::square(gmm1, sq, s));
    CHECK_ACL(sk::ops::concat(sq, gmm1, cat, s));
    scope(fused, "sk2", "early-start=1", s, [&] {
      CHECK_ACL(sk::ops::dequantSwigluQuant(h, wscale, ascale, q, qscale, s));
      CHECK_ACL(sk::ops::quantMatmul(q, w3, scale3, qscale, out, s));
    });
  }
  std::vector<Tensor*> results() { return {&gmm1, &gmm2, &weights, &ids, &sq, &cat, &q, &qscale, &out}; }
  static std::vector<std::string> resultNames() { return {"gmm1", "gmm2", "weights", "ids", "sq", "cat", "q", "qscale", "out"}; }
};

//   sp1: xn = rmsnorm(x);            logits = grouped_matmul(xn, w_router)         (one group)
//   sp2: weights, ids = moe_gating_topk(logits);  probs = softmax(logits)
//   sp3: up = grouped_matmul(xn, w_up, groups);   up2 = square(up)
//   sp4: q, qs = dynamic_quant(up2);  down = quant_matmul(q, w_down, s_down, qs)
//   sp5: res = add(down, x);          y = rmsnorm(res)
//   sp6: q2, s2 = dequant_swiglu_quant(h, wscale, ascale);  out = quant_matmul(q2, w3, s3, s2)
struct SixScopeNetwork {
  static constexpr int64_t T = 16, H = 2048, E = 64, I = 512, K = 8;
  static constexpr int kLaunches = 12, kScopes = 6;
  Reseed reseed;
  Tensor x = uniform(DType::Float16, {T, H}, -1, 1), gamma = uniform(DType::Float16, {H}, 0.5, 1.5);
  Tensor wRouter = uniform(DType::Float16, {1, H, E}, -0.05, 0.05);
  Tensor oneGroup = upload(DType::Int64, {1}, std::vector<int64_t>{T});
  Tensor wUp = uniform(DType::Float16, {4, H, I}, -0.05, 0.05);
  Tensor groups = upload(DType::Int64, {4}, std::vector<int64_t>{4, 9, 9, T});
  Tensor wDown = uniform(DType::Int8, {I, H}, -127, 127), sDown = uniform(DType::Float32, {H}, 1e-5, 1e-4);
  Tensor h = uniform(DType::Int32, {T, 2 * I}, -2000, 2000), wscale = uniform(DType::Float32, {2 * I}, 5e-4, 2e-3);
  Tensor ascale = uniform(DType::Float32, {T}, 0.5, 1.5);
  Tensor w3 = uniform(DType::Int8, {I, H}, -127, 127), s3 = uniform(DType::Float32, {H}, 1e-4, 1e-3);
  Tensor xn = zeros(DType::Float16, {T, H}), logits = zeros(DType::Float16, {T, E});
  Tensor weights = zeros(DType::Float32, {T, K}), ids = zeros(DType::Int32, {T, K});
  Tensor probs = zeros(DType::Float16, {T, E});
  Tensor up = zeros(DType::Float16, {T, I}), up2 = zeros(DType::Float16, {T, I});
  Tensor q = zeros(DType::Int8, {T, I}), qs = zeros(DType::Float32, {T}), down = zeros(DType::Float16, {T, H});
  Tensor res = zeros(DType::Float16, {T, H}), y = zeros(DType::Float16, {T, H});
  Tensor q2 = zeros(DType::Int8, {T, I}), s2 = zeros(DType::Float32, {T}), out = zeros(DType::Float16, {T, H});

  void run(bool fused, aclrtStream s) {
    scope(fused, "sp1", "", s, [&] {
      CHECK_ACL(sk::ops::rmsnorm(x, gamma, 1e-6f, xn, s));
      CHECK_ACL(sk::ops::groupedMatmul(xn, wRouter, oneGroup, logits, s));
    });
    scope(fused, "sp2", "", s, [&] {
      sk::ops::GatingTopKOptions g;
      g.k = K;
      g.groupCount = 8;
      g.groupSelect = 4;
      CHECK_ACL(sk::ops::moeGatingTopK(logits, g, weights, ids, s));
      CHECK_ACL(sk::ops::softmax(logits, probs, s));
    });
    scope(fused, "sp3", "", s, [&] {
      CHECK_ACL(sk::ops::groupedMatmul(xn, wUp, groups, up, s));
      CHECK_ACL(sk::ops::square(up, up2, s));
    });
    scope(fused, "sp4", "", s, [&] {
      CHECK_ACL(sk::ops::dynamicQuant(up2, q, qs, s));
      CHECK_ACL(sk::ops::quantMatmul(q, wDown, sDown, qs, down, s));
    });
    scope(fused, "sp5", "", s, [&] {
      CHECK_ACL(sk::ops::add(down, x, res, s));
      CHECK_ACL(sk::ops::rmsnorm(res, gamma, 1e-6f, y, s));
    });
    scope(fused, "sp6", "", s, [&] {
      CHECK_ACL(sk::ops::dequantSwigluQuant(h, wscale, ascale, q2, s2, s));
      CHECK_ACL(sk::ops::quantMatmul(q2, w3, s3, s2, out, s));
    });
  }
  std::vector<Tensor*> results() {
    return {&xn, &logits, &weights, &ids, &probs, &up, &up2, &q, &qs, &down, &res, &y, &q2, &s2, &out};
  }
  static std::vector<std::string> resultNames() {
    return {"xn", "logits", "weights", "ids", "probs", "up", "up2", "q", "qs", "down", "res", "y", "q2", "s2", "out"};
  }
};

inline std::vector<std::vector<uint8_t>> downloadAll(const std::vector<Tensor*>& ts) {
  std::vector<std::vector<uint8_t>> r;
  for (Tensor* t : ts) r.push_back(download(*t));
  return r;
}

// $SK_EXAMPLE_DUMP=DIR: each result's bytes to DIR/<name>.bin (the Python twins write the same;
// a test compares them).
inline void dumpResults(const std::vector<std::string>& names, const std::vector<std::vector<uint8_t>>& bytes) {
  const char* dir = std::getenv("SK_EXAMPLE_DUMP");
  if (!dir || !*dir) return;
  mkdir(dir, 0755);
  for (size_t i = 0; i < names.size(); ++i) {
    std::string path = std::string(dir) + "/" + names[i] + ".bin";
    FILE* f = std::fopen(path.c_str(), "wb");
    if (!f || std::fwrite(bytes[i].data(), 1, bytes[i].size(), f) != bytes[i].size()) {
      std::fprintf(stderr, "ERROR: cannot write %s\n", path.c_str());
      std::exit(1);
    }
    std::fclose(f);
  }
}

}  // namespace example
