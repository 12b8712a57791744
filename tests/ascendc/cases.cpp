// The corpus: every kernel of tests/ascendc/kernels with its metadata variants and host
// reference. References compute as the kernel does (the same element type per step, float
// where the kernel casts up), so most cases compare bit for bit.
#include <cmath>

#include "corpus.h"
#include "sk/sim/float16.h"

namespace sk::corpus {

double roundTo(const std::string& dtype, double v) {
  if (dtype == "float16") return sk::halfToFloat(sk::floatToHalf((float)v));
  if (dtype == "bfloat16") return sk::bf16ToFloat(sk::floatToBf16((float)v));
  if (dtype == "float32") return (float)v;
  return v;  // integers: the reference computes exact values
}

namespace {

double h(double v) { return roundTo("float16", v); }
float f(double v) { return (float)v; }

// vadd_tail: z = x + alpha * y, in half (key 1) or through float (key 2).
void vaddTailHalf(Tensors& t) {
  double alpha = h(t.tilingField<float>(12));
  for (size_t i = 0; i < t["z"].size(); ++i) t["z"][i] = h(h(t["y"][i] * alpha) + t["x"][i]);
}
void vaddTailFloat(Tensors& t) {
  float alpha = t.tilingField<float>(12);
  for (size_t i = 0; i < t["z"].size(); ++i) t["z"][i] = h(f(alpha * f(t["y"][i])) + f(t["x"][i]));
}

}  // namespace

const std::vector<Case>& cases() {
  static const std::vector<Case> all = {
      {"vadd_tail_half", "vadd_tail", "vadd_tail.cpp", "vadd_tail_key1.json", {"vadd_tail_tiling.h"}, vaddTailHalf},
      {"vadd_tail_float", "vadd_tail", "vadd_tail.cpp", "vadd_tail_key2.json", {"vadd_tail_tiling.h"}, vaddTailFloat},
  };
  return all;
}

const std::vector<Fusion>& fusions() {
  static const std::vector<Fusion> all = {};
  return all;
}

}  // namespace sk::corpus
