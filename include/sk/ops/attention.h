// Attention (ops/attention): out = softmax(scale * q · kᵀ + mask) · v per batch.
#pragma once
#include "sk/ops/tensor.h"

namespace sk::ops {

struct AttentionOptions {
  float scale = 0;      // 0: 1 / sqrt(D); negative or not finite: refused
  bool causal = false;  // query i (of S) sees keys j <= i + (L - S); needs L >= S
};

// q [B, S, D], k [B, L, D], v [B, L, D], out [B, S, D], all float16; D a multiple of 16, at most 256.
// Scores and softmax in float32 (online, flash-style, over blocks of keys), P rounded to
// float16 for P · v, accumulated in float32, out rounded once.
aclError inferAttention(const TensorSpec& q, const TensorSpec& k, const TensorSpec& v, TensorSpec& out);
aclError attention(const Tensor& q, const Tensor& k, const Tensor& v, const AttentionOptions& options, const Tensor& out,
                   aclrtStream stream);

}  // namespace sk::ops
