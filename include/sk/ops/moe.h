// Mixture-of-experts routing and quantisation ops (ops/moe_gating_topk, ops/dequant_swiglu_quant,
// ops/dynamic_quant).
#pragma once
#include "sk/ops/tensor.h"

namespace sk::ops {

struct GatingTopKOptions {
  int k = 8;                  // experts per token
  int groupCount = 1;         // experts split into this many equal groups (E % groupCount == 0)
  int groupSelect = 1;        // tokens choose experts only in this many best groups
  bool sigmoid = false;       // scores: sigmoid(logit); else softmax over all E logits
  bool renormalize = true;    // the k weights divided by their sum
  float routedScalingFactor = 1.0f;  // the weights multiplied by it, last
};

// moe_gating_topk: per token, scores from the logits (in float32); each group's score is the
// sum of its two best scores (its best when a group has one expert); the groupSelect best groups
// (ties: the lower group index) keep their experts, the others are out; the k best remaining
// experts (ties: the lower expert index), in descending score order, are ids, their scores
// (renormalised, scaled) the weights.
//   logits [T, E] float16, bfloat16 or float32; weights [T, k] float32; ids [T, k] int32.
aclError inferMoeGatingTopK(const TensorSpec& logits, const GatingTopKOptions& options, TensorSpec& weights,
                            TensorSpec& ids);
aclError moeGatingTopK(const Tensor& logits, const GatingTopKOptions& options, const Tensor& weights, const Tensor& ids,
                       aclrtStream stream);

// dequant_swiglu_quant: v = x * weightScale[c] * activationScale[t] (float32); with a = v[:, :H],
// b = v[:, H:], s = silu(a) * b (silu(a) = a / (1 + exp(-a))); per token, scale[t] = max|s| / 127
// (1 when the row is all zero) and y = round-half-away-from-zero(s / scale[t]) clamped to
// [-127, 127].
//   x [T, 2H] int32, weightScale [2H] float32, activationScale [T] float32; y [T, H] int8,
//   scale [T] float32.
aclError inferDequantSwigluQuant(const TensorSpec& x, const TensorSpec& weightScale, const TensorSpec& activationScale,
                                 TensorSpec& y, TensorSpec& scale);
aclError dequantSwigluQuant(const Tensor& x, const Tensor& weightScale, const Tensor& activationScale, const Tensor& y,
                            const Tensor& scale, aclrtStream stream);

// dynamic_quant: per token (row), scale[t] = max|x| / 127 (1 when the row is all zero), y as
// above.   x [T, H] float16 or bfloat16; y [T, H] int8; scale [T] float32.
aclError inferDynamicQuant(const TensorSpec& x, TensorSpec& y, TensorSpec& scale);
aclError dynamicQuant(const Tensor& x, const Tensor& y, const Tensor& scale, aclrtStream stream);

}  // namespace sk::ops
