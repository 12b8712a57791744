// Corpus kernels of the high-level ("advanced") APIs (see corpus.h): activations, the SoftMax
// family, lib/math's element-wise APIs, CumSum, Where/IsFinite/LogicalAnd (kernels in
// kernels/adv_api). The kernels compute in float and round once to the output type; the
// references below compute the documented formula in float (double where the kernel does) and
// the comparison rounds them to the output type. Tolerances: float outputs of exp/log based APIs
// rtol 1e-5 (the kernel's and the reference's float operations may be ordered differently, a few
// ulp), half/bfloat16 outputs one unit in the last place of the type (a float result within a
// few float ulp of a rounding boundary may round either way); exact ops (rounding, clamps,
// bitwise, selection, fmod) bit-exact.
#include <cmath>
#include <cstring>

#include "corpus.h"

namespace sk::corpus {

namespace {

// Element-wise: y[i] = f(x[i]) in float.
template <typename F> std::function<void(Tensors&)> unary(F f) {
  return [f](Tensors& t) {
    for (size_t i = 0; i < t["x"].size(); ++i) t["y"][i] = f((float)t["x"][i]);
  };
}
template <typename F> std::function<void(Tensors&)> binary(F f) {
  return [f](Tensors& t) {
    for (size_t i = 0; i < t["x0"].size(); ++i) t["y"][i] = f(t["x0"][i], t["x1"][i], t["x2"][i]);
  };
}
float gelu(float x) { return x / (1.0f + std::exp(-1.5957691216057308f * (x + 0.044715f * x * x * x))); }
float swish(float x, float b) { return x / (1.0f + std::exp(-b * x)); }

double uniformIn(std::mt19937& rng, double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); }

// The adv_rows tile: rows x cols of x; per-row blocks of `pb` elements.
struct RowsView {
  size_t rows, cols, pb;
};
RowsView rowsOf(Tensors& t) { return {(size_t)t.shapes["x"][0], (size_t)t.shapes["x"][1], (size_t)t.shapes["s"][1]}; }
void putRow(std::vector<double>& v, const RowsView& r, size_t i, double x) {
  for (size_t j = 0; j < r.pb; ++j) v[i * r.pb + j] = x;
}

// SoftMax with sum/max of T, then the rows whose max equals row 2's become `to` (-1).
template <bool HALF> void softmaxAdjust(Tensors& t) {
  RowsView r = rowsOf(t);
  std::vector<float> maxima(r.rows);
  for (size_t i = 0; i < r.rows; ++i) {
    const double* x = &t["x"][i * r.cols];
    float m = -INFINITY, s = 0;
    for (size_t k = 0; k < r.cols; ++k) m = std::max(m, (float)x[k]);
    for (size_t k = 0; k < r.cols; ++k) s += std::exp((float)x[k] - m);
    for (size_t k = 0; k < r.cols; ++k) t["y"][i * r.cols + k] = std::exp((float)x[k] - m) / s;
    putRow(t["s"], r, i, s);
    putRow(t["m"], r, i, m);
    maxima[i] = m;
  }
  for (size_t i = 0; i < r.rows; ++i)
    if (maxima[i] == maxima[2])
      for (size_t k = 0; k < r.cols; ++k) t["y"][i * r.cols + k] = -1.0;
}
void logSoftmax(Tensors& t) {
  RowsView r = rowsOf(t);
  for (size_t i = 0; i < r.rows; ++i) {
    const double* x = &t["x"][i * r.cols];
    float m = -INFINITY, s = 0;
    for (size_t k = 0; k < r.cols; ++k) m = std::max(m, (float)x[k]);
    for (size_t k = 0; k < r.cols; ++k) s += std::exp((float)x[k] - m);
    for (size_t k = 0; k < r.cols; ++k) t["y"][i * r.cols + k] = std::log10((double)(std::exp((float)x[k] - m) / s));
    putRow(t["s"], r, i, s);
    putRow(t["m"], r, i, m);
  }
}
template <bool UPDATE> void flashV2(Tensors& t) {
  RowsView r = rowsOf(t);
  for (size_t i = 0; i < r.rows; ++i) {
    const double* x = &t["x"][i * r.cols];
    float m = -INFINITY;
    for (size_t k = 0; k < r.cols; ++k) m = std::max(m, (float)x[k]);
    float inM = (float)t["pm"][i * r.pb], inS = (float)t["ps"][i * r.pb];
    if (UPDATE) m = std::max(m, inM);
    float s = 0;
    for (size_t k = 0; k < r.cols; ++k) {
      float e = std::exp((float)x[k] - m);
      s += e;
      t["y"][i * r.cols + k] = e;
    }
    if (UPDATE) {
      float em = std::exp(inM - m);
      s += em * inS;
      putRow(t["e"], r, i, em);
    }
    putRow(t["s"], r, i, s);
    putRow(t["m"], r, i, m);
  }
}
void simpleSoftmax(Tensors& t) {
  RowsView r = rowsOf(t);
  for (size_t i = 0; i < r.rows; ++i)
    for (size_t k = 0; k < r.cols; ++k)
      t["y"][i * r.cols + k] = std::exp((float)t["x"][i * r.cols + k] - (float)t["pm"][i * r.pb]) / (float)t["ps"][i * r.pb];
}
template <bool FRONT> void softmaxGrad(Tensors& t) {
  RowsView r = rowsOf(t);
  for (size_t i = 0; i < r.rows; ++i) {
    // the kernel's order: 64 lanes accumulated repeat by repeat, then folded in halves
    float lane[64] = {};
    for (size_t k = 0; k < r.cols; ++k) lane[k % 64] += (float)t["g"][i * r.cols + k] * (float)t["x"][i * r.cols + k];
    for (size_t w = 32; w >= 1; w /= 2)
      for (size_t j = 0; j < w; ++j) lane[j] += lane[j + w];
    float s = lane[0];
    if (FRONT) {
      putRow(t["s"], r, i, s);
      continue;
    }
    for (size_t k = 0; k < r.cols; ++k)
      t["y"][i * r.cols + k] = ((float)t["g"][i * r.cols + k] - s) * (float)t["x"][i * r.cols + k];
  }
}
// CumSum in float in index order, each partial sum rounded to the output type as the kernel
// stores it (the running sum itself stays float).
template <bool LAST_AXIS> void cumsum(Tensors& t) {
  RowsView r = rowsOf(t);
  if (LAST_AXIS) {
    for (size_t i = 0; i < r.rows; ++i) {
      float acc = 0;
      for (size_t k = 0; k < r.cols; ++k) t["y"][i * r.cols + k] = acc += (float)t["x"][i * r.cols + k];
    }
  } else {
    for (size_t k = 0; k < r.cols; ++k) {
      float acc = 0;
      for (size_t i = 0; i < r.rows; ++i) t["y"][i * r.cols + k] = acc += (float)t["x"][i * r.cols + k];
      t["s"][k] = acc;
    }
  }
}


// The norms (adv_norm): rows of H, float, sums in index order as the kernel does.
template <int KEY> void norms(Tensors& t) {
  size_t rows = t.shapes["x"][0], h = t.shapes["x"][1];
  const float eps = 1e-5f, alpha = t.tilingField<float>(8);
  std::vector<float> xin(rows * h);
  for (size_t i = 0; i < rows * h; ++i) xin[i] = KEY == 2 ? alpha * (float)t["x"][i] + (float)t["gx"][i] : (float)t["x"][i];
  if (KEY == 3) {
    for (size_t r = 0; r < rows; ++r) {
      float s = 0;
      for (size_t k = 0; k < h; ++k) s += xin[r * h + k] * xin[r * h + k];
      float rr = 1.0f / std::sqrt(s / (float)h + eps);
      for (size_t k = 0; k < h; ++k) t["y"][r * h + k] = xin[r * h + k] * rr * (float)t["gamma"][k];
    }
    return;
  }
  for (size_t r = 0; r < rows; ++r) {
    float s = 0;
    for (size_t k = 0; k < h; ++k) s += xin[r * h + k];
    float mean = s / (float)h, v = 0;
    for (size_t k = 0; k < h; ++k) v += (xin[r * h + k] - mean) * (xin[r * h + k] - mean);
    float var = v / (float)h, rstd = 1.0f / std::sqrt(var + eps);
    t["mean"][r] = mean;
    t["var"][r] = var;
    for (size_t k = 0; k < h; ++k) t["y"][r * h + k] = (xin[r * h + k] - mean) * rstd * (float)t["gamma"][k] + (float)t["beta"][k];
    if (KEY != 1) continue;
    float sDxhXm = 0, sDxh = 0, sXm = 0;
    for (size_t k = 0; k < h; ++k) {
      float xm = xin[r * h + k] - mean, dxh = (float)t["dy"][r * h + k] * (float)t["gamma"][k];
      sDxhXm += dxh * xm, sDxh += dxh, sXm += xm;
    }
    float pdVar = -0.5f * rstd * rstd * rstd * sDxhXm, pdMean = -rstd * sDxh - 2.0f * pdVar * sXm / (float)h;
    for (size_t k = 0; k < h; ++k) {
      float xm = xin[r * h + k] - mean, dxh = (float)t["dy"][r * h + k] * (float)t["gamma"][k];
      t["pdx"][r * h + k] = dxh * rstd + pdVar * 2.0f * xm / (float)h + pdMean / (float)h;
      t["res"][r * h + k] = xm * rstd;
    }
  }
  if (KEY != 1) return;
  for (size_t k = 0; k < h; ++k) {
    float g = 0, b = 0;
    for (size_t r = 0; r < rows; ++r) {
      float dy = (float)t["dy"][r * h + k];
      g += dy * (float)t["res"][r * h + k];
      b += dy;
    }
    t["pdg"][k] = g;
    t["pdb"][k] = b;
  }
}

// Where / IsFinite / LogicalAnd.
template <int KEY> void selectRef(Tensors& t) {
  float scalar = t.tilingField<float>(8);
  for (size_t i = 0; i < t["x0"].size(); ++i) {
    bool c = t["c"][i] != 0;
    if (KEY == 1) {
      t["y"][i] = c ? t["x0"][i] : t["x1"][i];
      t["f"][i] = std::isfinite(t["x0"][i]) ? 1 : 0;
    } else {
      t["y"][i] = c ? scalar : t["x1"][i];
      t["f"][i] = (c && t["c2"][i] != 0) ? 1 : 0;
    }
  }
}

// Inputs: x0 with some infinities and NaNs (IsFinite), bool conditions of 0 and 1.
double selectInputs(std::mt19937& rng, const std::string& p) {
  if (p == "c" || p == "c2") return (double)std::uniform_int_distribution<int>(0, 1)(rng);
  if (p == "x0") {
    int k = std::uniform_int_distribution<int>(0, 9)(rng);
    if (k == 0) return INFINITY;
    if (k == 1) return -INFINITY;
    if (k == 2) return NAN;
  }
  return uniformIn(rng, -2, 2);
}
// Acosh's domain is [1, inf).
double acoshInputs(std::mt19937& rng, const std::string&) { return uniformIn(rng, 1.0, 5.0); }
// Rounding APIs: values with fractions, halves included.
double roundingInputs(std::mt19937& rng, const std::string&) {
  return std::uniform_int_distribution<int>(-40, 40)(rng) * 0.25 + (std::uniform_int_distribution<int>(0, 3)(rng) == 0 ? 0.1 : 0.0);
}
// Fmod's divisor stays away from 0.
double fmodInputs(std::mt19937& rng, const std::string& p) {
  if (p == "x1") return uniformIn(rng, 0.3, 1.5) * (std::uniform_int_distribution<int>(0, 1)(rng) ? 1 : -1);
  return uniformIn(rng, -8, 8);
}
double integers16(std::mt19937& rng, const std::string&) { return (double)std::uniform_int_distribution<int>(-30000, 30000)(rng); }
// SimpleSoftMax's given sums must be positive; flash update's previous maxima around the data's.
double rowsInputs(std::mt19937& rng, const std::string& p) {
  if (p == "ps") return uniformIn(rng, 0.5, 40);
  return uniformIn(rng, -2, 2);
}

}  // namespace

std::vector<Case> advCases() {
  const std::string dir = "adv_api";
  const std::vector<std::string> inc = {"adv_tiling.h"};
  const double fTol = 1e-5, hTol = 1e-3, bTol = 8e-3;  // rtol (and atol) per output type, see the file comment
  auto u = [&](const std::string& name, std::function<void(Tensors&)> ref, double tol,
               std::function<double(std::mt19937&, const std::string&)> in = nullptr) {
    return Case{"adv_unary_" + name, dir, "adv_unary.cpp", "adv_unary_" + name + ".json", inc, ref, tol, tol, in};
  };
  auto b = [&](const std::string& name, std::function<void(Tensors&)> ref, double tol,
               std::function<double(std::mt19937&, const std::string&)> in = nullptr) {
    return Case{"adv_binary_" + name, dir, "adv_binary.cpp", "adv_binary_" + name + ".json", inc, ref, tol, tol, in};
  };
  auto r = [&](const std::string& name, std::function<void(Tensors&)> ref, double tol) {
    return Case{"adv_rows_" + name, dir, "adv_rows.cpp", "adv_rows_" + name + ".json", inc, ref, tol, tol, rowsInputs};
  };
  return {
      u("gelu", unary([](float x) { return gelu(x); }), fTol),
      u("faster_gelu", unary([](float x) { return x / (1.0f + std::exp(-1.702f * x)); }), hTol),
      u("silu", unary([](float x) { return swish(x, 1.0f); }), bTol),
      u("swish", unary([](float x) { return swish(x, 1.702f); }), fTol),
      u("acosh", unary([](float x) { return std::acosh((double)x); }), fTol, acoshInputs),
      u("ceil", unary([](float x) { return std::ceil(x); }), 0, roundingInputs),
      u("floor", unary([](float x) { return std::floor(x); }), 0, roundingInputs),
      u("trunc", unary([](float x) { return std::trunc(x); }), 0, roundingInputs),
      u("frac", unary([](float x) { return x - std::trunc(x); }), 0, roundingInputs),
      u("rint", unary([](float x) { return std::nearbyint(x); }), 0, roundingInputs),
      u("clamp_min", unary([](float x) { return std::max(x, 0.5f); }), 0),
      u("clamp_max", unary([](float x) { return std::min(x, -0.25f); }), 0),
      b("swiglu", binary([](double a, double x, double) { return (float)a * swish((float)x, 1.0f); }), fTol),
      b("geglu", binary([](double a, double x, double) { return (float)a * gelu((float)x); }), hTol),
      b("fmod", binary([](double a, double x, double) { return std::fmod((float)a, (float)x); }), 0, fmodInputs),
      b("fma", binary([](double a, double x, double c) { return (float)(a * x + c); }), bTol),
      b("clamp_tensor", binary([](double a, double lo, double hi) { return std::fmin(std::fmax(a, lo), hi); }), 0),
      b("clamp_scalar", binary([](double a, double, double) { return std::fmin(std::fmax(a, -0.75), 0.75); }), 0),
      b("xor", binary([](double a, double x, double) { return (double)(int16_t)((int16_t)a ^ (int16_t)x); }), 0, integers16),
      b("bitwise_and", binary([](double a, double x, double) { return (double)((int32_t)a & (int32_t)x); }), 0),
      Case{"adv_select_where_isfinite", dir, "adv_select.cpp", "adv_select_where_isfinite.json", inc, selectRef<1>, 0, 0, selectInputs},
      Case{"adv_select_where_scalar_logical_and", dir, "adv_select.cpp", "adv_select_where_scalar_logical_and.json", inc, selectRef<2>,
           0, 0, selectInputs},
      r("softmax_adjust", softmaxAdjust<false>, fTol),
      r("log_softmax", logSoftmax, fTol),
      r("flash_v2", flashV2<false>, hTol),
      r("flash_v2_update", flashV2<true>, fTol),
      r("simple_softmax", simpleSoftmax, fTol),
      r("softmax_grad", softmaxGrad<false>, fTol),
      r("softmax_grad_front", softmaxGrad<true>, hTol),
      r("cumsum_first_axis", cumsum<false>, fTol),
      r("cumsum_last_axis", cumsum<true>, hTol),
      // the norms' outputs go through a few float operations more (rsqrt, the grad terms): 1e-4
      Case{"adv_norm_layer_norm_grad", dir, "adv_norm.cpp", "adv_norm_layer_norm_grad.json", inc, norms<1>, 1e-4, 1e-4},
      Case{"adv_norm_deep_norm", dir, "adv_norm.cpp", "adv_norm_deep_norm.json", inc, norms<2>, 1e-4, 1e-4},
      Case{"adv_norm_rms_norm", dir, "adv_norm.cpp", "adv_norm_rms_norm.json", inc, norms<3>, 1e-4, 1e-4},
  };
}

}  // namespace sk::corpus
