// Corpus kernels of the high-level ("advanced") APIs (see corpus.h): activations, the SoftMax
// family, lib/math's element-wise APIs, CumSum, Where/IsFinite/LogicalAnd (kernels in
// kernels/adv_api). The kernels compute in float and round once to the output type; the
// references below compute the documented formula in float (double where the kernel does) and
// the comparison rounds them to the output type. Tolerances: float outputs of exp/log based APIs
// rtol 1e-5 (the kernel's and the reference's float operations may be ordered differently, a few
// ulp), half/bfloat16 outputs one unit in the last place of the type (a float result within a
// few float ulp of a rounding boundary may round either way); exact ops (rounding, clamps,
// bitwise, selection, fmod) bit-exact.
#include <algorithm>
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
double unitInputs(std::mt19937& rng, const std::string&) { return uniformIn(rng, -0.99, 0.99); }
// Lgamma and Digamma: both sides of 0, at least 0.1 from the poles (0, -1, -2, ...).
double gammaInputs(std::mt19937& rng, const std::string&) {
  return std::uniform_int_distribution<int>(-4, 7)(rng) + uniformIn(rng, 0.1, 0.9);
}
// digamma as the derivative of ln|gamma| (a central difference in double: an independent reference).
double digammaRef(double x) {
  const double h = 1e-5 * std::max(1.0, std::fabs(x));
  return (std::lgamma(x + h) - std::lgamma(x - h)) / (2 * h);
}
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

// ---- quantisation (adv_quant): the instruction sequence's half steps where the API has them ----
double hq(double v) { return roundTo("float16", v); }
double rintSat8(double v) {
  double r = std::nearbyint(v);
  return r > 127 ? 127 : r < -128 ? -128 : r;
}
template <int KEY> void quantRef(Tensors& t) {
  size_t rows = t.shapes["x"][0], cols = t.shapes["x"][1];
  const float scale = t.tilingField<float>(8);
  for (size_t r = 0; r < rows; ++r)
    for (size_t j = 0; j < cols; ++j) {
      size_t i = r * cols + j;
      if (KEY == 1) t["q"][i] = rintSat8(hq(hq(hq(t["x"][i]) * hq(scale)) + hq(0.5)));
      if (KEY == 2) t["q"][i] = rintSat8(hq(hq(hq(t["xf"][i]) * hq(t["sc"][j])) + hq(t["of"][j])));
      if (KEY == 3) t["dq"][i] = j < cols - 16 ? (double)((float)t["xi"][i] * (float)t["ds"][j]) : 0.0;
      if (KEY == 4) {  // two groups of rows / 2 rows each
        size_t g = r / (rows / 2);
        t["aq"][i] = hq(hq(t["w8"][i] + t["qo"][g * cols + j]) * t["qs"][g * cols + j]);
      }
    }
}
double quantInputs(std::mt19937& rng, const std::string& p) {
  auto ints = [&](int lo, int hi) { return (double)std::uniform_int_distribution<int>(lo, hi)(rng); };
  if (p == "x") return uniformIn(rng, -80, 80);  // * 2 + 0.5 saturates int8 at both ends
  if (p == "xf") return uniformIn(rng, -40, 40);
  if (p == "sc") return uniformIn(rng, 0.5, 3);
  if (p == "xi") return ints(-1000, 1000);
  if (p == "w8") return ints(-100, 100);
  if (p == "qo") return uniformIn(rng, -8, 8);
  return uniformIn(rng, -2, 2);
}

// ---- the [A, R] APIs' binary accumulation (sk_ascendc/adv_common.h binarySum), for the references ----
template <typename F> float binarySumRef(size_t n, F term) {
  size_t head = 1;
  while (head * 2 <= n) head *= 2;
  std::vector<float> buf(head);
  for (size_t j = 0; j < head; ++j) buf[j] = term(j) + (head + j < n ? term(head + j) : 0.0f);
  for (size_t w = head / 2; w >= 1; w /= 2)
    for (size_t j = 0; j < w; ++j) buf[j] += buf[j + w];
  return buf[0];
}
// 64 lanes accumulated repeat by repeat, folded in halves (laneSum).
template <typename F> float laneSumRef(size_t n, F term) {
  float lane[64] = {};
  for (size_t k = 0; k < n; ++k) lane[k % 64] += term(k);
  for (size_t w = 32; w >= 1; w /= 2)
    for (size_t j = 0; j < w; ++j) lane[j] += lane[j + w];
  return lane[0];
}

// adv_pattern: x [rows, cols]; AR reduces rows, RA columns.
template <int KEY> void patternRef(Tensors& t) {
  size_t rows = t.shapes["x"][0], cols = t.shapes["x"][1];
  const bool ar = KEY == 1 || KEY == 3 || KEY == 5 || KEY == 7;
  size_t a = ar ? rows : cols, r = ar ? cols : rows;
  for (size_t i = 0; i < a; ++i) {
    auto at = [&](size_t k) { return (float)(ar ? t["x"][i * cols + k] : t["x"][k * cols + i]); };
    float v = at(0);
    if (KEY == 1) for (size_t k = 1; k < r; ++k) v = std::fmax(v, at(k));
    if (KEY == 2) for (size_t k = 1; k < r; ++k) v = std::fmin(v, at(k));
    if (KEY == 3 || KEY == 4) v = binarySumRef(r, at);
    if (KEY == 5) v = binarySumRef(r, at) * (1.0f / (float)r);
    if (KEY == 6) {  // pairwise halving, the odd one carried
      std::vector<float> buf(r);
      for (size_t k = 0; k < r; ++k) buf[k] = at(k);
      size_t m = r;
      while (m > 1) {
        size_t h = m / 2;
        for (size_t k = 0; k < h; ++k) buf[k] *= buf[m - h + k];
        m -= h;
      }
      v = buf[0];
    }
    if (KEY == 7) {
      bool any = false;
      for (size_t k = 0; k < r; ++k) any |= at(k) > 0;
      v = any ? 1.0f : 0.0f;
    }
    t["y"][i] = v;
  }
}

// adv_sort: (score, index) pairs sorted by score, descending; ties keep the earlier element.
template <int KEY> void sortRef(Tensors& t) {
  auto stableBy = [&](size_t base, size_t n, float sign) {
    std::vector<size_t> o(n);
    for (size_t i = 0; i < n; ++i) o[i] = base + i;
    std::stable_sort(o.begin(), o.end(), [&](size_t a, size_t b) { return sign * (float)t["x"][a] > sign * (float)t["x"][b]; });
    return o;
  };
  if (KEY == 1 || KEY == 2) {
    for (size_t run = 0; run < (KEY == 1 ? 1u : 4u); ++run) {
      size_t base = KEY == 1 ? 0 : run * 32, n = KEY == 1 ? 128 : 32;
      std::vector<size_t> o = stableBy(base, n, 1.0f);
      for (size_t k = 0; k < n; ++k) t["sv"][base + k] = t["x"][o[k]], t["si"][base + k] = t["idx"][o[k]];
    }
  } else if (KEY == 3) {  // 4 rows of 64, the 5 largest, indices 0..63, rows of 8
    for (size_t r = 0; r < 4; ++r) {
      std::vector<size_t> o = stableBy(r * 64, 64, 1.0f);
      for (size_t k = 0; k < 5; ++k) t["sv"][r * 8 + k] = t["x"][o[k]], t["si"][r * 8 + k] = (double)(o[k] - r * 64);
    }
  } else {  // 8 rows of 32, the 4 smallest, the given indices, rows of 4
    for (size_t r = 0; r < 8; ++r) {
      std::vector<size_t> o = stableBy(r * 32, 32, -1.0f);
      for (size_t k = 0; k < 4; ++k) t["sv"][r * 4 + k] = t["x"][o[k]], t["si"][r * 4 + k] = t["idx"][o[k]];
    }
  }
}
double sortInputs(std::mt19937& rng, const std::string& p) {
  if (p == "idx") return (double)std::uniform_int_distribution<int>(0, 1000)(rng);
  return (double)std::uniform_int_distribution<int>(-8, 8)(rng);  // ties
}

// adv_transform: element moves (see the kernel's comment for the shapes).
size_t nzAt(size_t rows, size_t r, size_t c) { return (c / 16) * ((rows + 15) / 16 * 16) * 16 + r * 16 + c % 16; }
template <int KEY> void transformRef(Tensors& t) {
  auto& x = t["x"];
  auto& y = t["y"];
  if (KEY == 1)
    for (size_t r = 0; r < 16; ++r)
      for (size_t j = 0; j < 16; ++j) y[r * 16 + j] = j < 15 ? x[r * 15 + j] : 7.0;
  if (KEY == 2)
    for (size_t r = 0; r < 16; ++r)
      for (size_t j = 0; j < 16; ++j) y[r * 16 + j] = j >= 13 ? -1.0 : x[r * 16 + j];
  if (KEY == 3)
    for (size_t r = 0; r < 16; ++r)
      for (size_t j = 0; j < 14; ++j) y[r * 14 + j] = x[r * 16 + j];
  if (KEY == 4)  // NZ [S 32, H/N 16] per n -> ND [S, N, H/N]
    for (size_t n = 0; n < 2; ++n)
      for (size_t sIdx = 0; sIdx < 32; ++sIdx)
        for (size_t h = 0; h < 16; ++h) y[(sIdx * 2 + n) * 16 + h] = x[n * 512 + nzAt(32, sIdx, h)];
  if (KEY == 5)  // NZ [S 16, H 64] -> NZ [S, H/N 32] per n
    for (size_t n = 0; n < 2; ++n)
      for (size_t sIdx = 0; sIdx < 16; ++sIdx)
        for (size_t h = 0; h < 32; ++h) y[n * 512 + nzAt(16, sIdx, h)] = x[nzAt(16, sIdx, n * 32 + h)];
  if (KEY == 6)  // NCDHW [1, 20, 2, 16 (hw)] -> NDC1HWC0 [1, 2, 2, 16, 16], channels 20..31 zero
    for (size_t c = 0; c < 32; ++c)
      for (size_t d = 0; d < 2; ++d)
        for (size_t k = 0; k < 16; ++k) y[((d * 2 + c / 16) * 16 + k) * 16 + c % 16] = c < 20 ? x[(c * 2 + d) * 16 + k] : 0.0;
  if (KEY == 7)  // FRACTAL_Z_3D [1, 1, 2 (hw), 1, 16, 16] -> NCDHW [10, 16, 1, 16 (hw padded)]
    for (size_t n = 0; n < 10; ++n)
      for (size_t c = 0; c < 16; ++c)
        for (size_t k = 0; k < 2; ++k) y[(n * 16 + c) * 16 + k] = x[k * 256 + n * 16 + c];
}

// adv_norm keys 4-6: the [A, R] LayerNorm, Normalize, Welford (float, the kernel's order).
template <int KEY> void normsAR(Tensors& t) {
  size_t rows = t.shapes["x"][0], h = t.shapes["x"][1];
  const float eps = 1e-5f;
  auto& x = t["x"];
  if (KEY == 6) {
    std::vector<float> m(h, 0.0f), v(h, 0.0f);
    for (size_t r = 0; r < rows; ++r) {
      const float nRec = 1.0f / (float)(r + 1);
      for (size_t k = 0; k < h; ++k) {
        float xv = (float)x[r * h + k], delta = xv - m[k];
        float nm = m[k] + delta * nRec;
        v[k] = v[k] + delta * (xv - nm);
        m[k] = nm;
      }
    }
    const float abRec = 1.0f / (float)h, rRec = 1.0f / (float)(rows * h);
    float mean = binarySumRef(h, [&](size_t k) { return m[k] * abRec; });
    float var = binarySumRef(h, [&](size_t k) {
      float d = m[k] - mean;
      return (d * d * (float)rows + v[k]) * rRec;
    });
    for (size_t k = 0; k < h; ++k) t["pdg"][k] = m[k], t["pdb"][k] = v[k];
    t["mean"][0] = mean;
    t["var"][0] = var;
    return;
  }
  const float rRec = 1.0f / (float)h;
  for (size_t r = 0; r < rows; ++r) {
    auto xr = [&](size_t k) { return (float)x[r * h + k]; };
    float mean = binarySumRef(h, [&](size_t k) { return xr(k) * rRec; });
    float var = binarySumRef(h, [&](size_t k) {
      float d = xr(k) - mean;
      return d * d * rRec;
    });
    float rstd = 1.0f / std::sqrt(var + eps);
    auto norm = [&](float rs, size_t k) { return ((xr(k) - mean) * rs) * (float)t["gamma"][k] + (float)t["beta"][k]; };
    t["mean"][r] = mean;
    if (KEY == 4) {
      t["var"][r] = rstd;
      for (size_t k = 0; k < h; ++k) t["y"][r * h + k] = norm(rstd, k);
    } else {
      t["var"][r] = var;
      float rstdN = 1.0f / std::sqrt(var + eps);
      t["pdg"][r] = rstdN;
      for (size_t k = 0; k < h; ++k) t["res"][r * h + k] = norm(rstd, k), t["y"][r * h + k] = norm(rstdN, k);
    }
  }
}

// adv_misc: DropOut, Philox-4x32 (the published algorithm), FasterGeluV2.
void philoxRef(uint32_t c[4], const uint32_t k[2], int rounds, uint32_t out[4]) {
  uint32_t x[4] = {c[0], c[1], c[2], c[3]}, k0 = k[0], k1 = k[1];
  for (int r = 0; r < rounds; ++r) {
    uint64_t p0 = 0xD2511F53ull * x[0], p1 = 0xCD9E8D57ull * x[2];
    uint32_t y[4] = {(uint32_t)(p1 >> 32) ^ x[1] ^ k0, (uint32_t)p1, (uint32_t)(p0 >> 32) ^ x[3] ^ k1, (uint32_t)p0};
    for (int i = 0; i < 4; ++i) x[i] = y[i];
    k0 += 0x9E3779B9u, k1 += 0xBB67AE85u;
  }
  for (int i = 0; i < 4; ++i) out[i] = x[i];
  for (int i = 0; i < 4 && ++c[i] == 0; ++i) {  // the 128-bit counter's increment, with carry
  }
}
float philoxFloat(uint32_t w) {
  uint32_t bits = (127u << 23) | (w & 0x7FFFFFu);
  float f;
  std::memcpy(&f, &bits, 4);
  return f - 1.0f;
}
template <int KEY> void miscRef(Tensors& t) {
  size_t rows = t.shapes["x"][0], cols = t.shapes["x"][1], n = rows * cols;
  auto& x = t["x"];
  auto& y = t["y"];
  for (size_t i = 0; i < n; ++i) y[i] = x[i], t["u"][i] = 0;
  if (KEY == 1 || KEY == 2) {
    const float keep = t.tilingField<float>(8), div = 1.0f / keep;
    for (size_t r = 0; r < rows; ++r)
      for (size_t j = 0; j < cols; ++j) {
        size_t i = r * cols + j;
        bool kept = KEY == 1 ? t["m"][i] != 0 : (((int)t["m"][r * (cols / 8) + j / 8] >> (j % 8)) & 1) != 0;
        y[i] = kept ? (double)((float)x[i] * div) : 0.0;
      }
  }
  if (KEY == 3) {
    const uint32_t key[2] = {0x12345678u, 0x9abcdef0u};
    uint32_t c[4] = {0xfffffffeu, 0u, 7u, 0u};
    for (size_t i = 0; i < n; ++i) y[i] = 0;
    for (size_t r = 0; r < rows; ++r) {
      uint32_t rc[4] = {c[0], c[1], c[2], c[3]};
      for (size_t j = 0; j < 48; j += 4) {
        uint32_t w[4];
        philoxRef(rc, key, 10, w);
        for (size_t q = 0; q < 4; ++q) y[r * cols + j + q] = philoxFloat(w[q]);
      }
      for (size_t s = 0; s < cols / 4; ++s) {  // the next row's counter: stride / 4 on
        uint32_t w[4];
        philoxRef(c, key, 0, w);
      }
    }
  }
  if (KEY == 4) {
    const uint32_t key[2] = {1u, 2u};
    uint32_t c[4] = {3u, 4u, 5u, 6u};
    for (size_t i = 0; i < n; i += 4) {
      uint32_t w[4];
      philoxRef(c, key, 7, w);
      for (size_t q = 0; q < 4; ++q) t["u"][i + q] = w[q];
    }
  }
  if (KEY == 5)
    for (size_t i = 0; i < n; ++i) {
      float v = (float)x[i];
      float tt = std::fmin(std::fabs(0.7071f * v), 1.769f) - 1.769f;
      float e = v + 1e-12f;
      y[i] = v * ((e / std::fabs(e)) * (-0.1444f * tt * tt + 0.5f) + 0.5f);
    }
}
double miscInputs(std::mt19937& rng, const std::string& p) {
  if (p == "m") return (double)std::uniform_int_distribution<int>(0, 3)(rng);
  return uniformIn(rng, -4, 4);
}

// adv_flash_v3: SoftmaxFlashV3 as the API describes it (see sk_ascendc/adv_activation.h).
template <bool UPDATE> void flashV3Ref(Tensors& t) {
  size_t rows = t.shapes["x"][0], n = t.shapes["x"][1], baseK = n / 8;
  const float alpha = t.tilingField<float>(8), s = alpha / (1.0f - alpha);
  const float loopCnt = 2.0f;
  for (size_t i = 0; i < rows; ++i) {
    auto x = [&](size_t k) { return (float)t["x"][i * n + k]; };
    float lane[64];
    for (size_t q = 0; q < 64; ++q) {
      float a = 0;
      for (size_t j = 0; j < 8; ++j) a += x(8 * q + j);
      lane[q] = a;
    }
    for (size_t k = 512; k < n; ++k) lane[(k - 512) % 64] += x(k);
    float local[8], g = 0;
    for (size_t j = 0; j < 8; ++j) {
      float a = 0;
      for (size_t q = 0; q < 8; ++q) a += lane[8 * j + q];
      local[j] = a / (float)baseK;
      g += local[j];
    }
    g /= 8.0f;
    const float inMean = UPDATE ? (float)t["pmean"][i * 8] : 0.0f, inMax = UPDATE ? (float)t["pmax"][i * 8] : 0.0f;
    const float inSum = UPDATE ? (float)t["psum"][i * 8] : 0.0f;
    const float mean = UPDATE ? (g + inMean * (loopCnt - 1.0f)) / loopCnt : g;
    float mx = -INFINITY;
    for (size_t k = 0; k < n; ++k) mx = std::fmax(mx, x(k) - (g - local[k / baseK]) * s);
    const float shiftCurr = (g - mean) * s, shiftPrev = (inMean - mean) * s;
    float rowMax = shiftCurr + mx;
    if (UPDATE) rowMax = std::fmax(rowMax, shiftPrev + inMax);
    const float sub = rowMax - shiftCurr;
    float sum = laneSumRef(n, [&](size_t k) {
      float e = std::exp(x(k) - (g - local[k / baseK]) * s - sub);
      t["y"][i * n + k] = e;
      return e;
    });
    if (UPDATE) {
      const float expMax = std::exp(inMax - rowMax + shiftPrev);
      sum = expMax * inSum + sum;
      for (size_t j = 0; j < 16; ++j) t["emax"][i * 16 + j] = expMax;
    }
    for (size_t j = 0; j < 8; ++j) t["mean"][i * 8 + j] = mean, t["max"][i * 8 + j] = rowMax, t["sum"][i * 8 + j] = sum;
  }
}
double flashV3Inputs(std::mt19937& rng, const std::string& p) {
  if (p == "x") return uniformIn(rng, 0, 10);
  return uniformIn(rng, 0.25, 2);
}

// tpl_scale: y = x * TILES, negated when NEG (tiling key: fp16 TILES 2, fp32 TILES 4 negated).
template <bool FP32> void tplScaleRef(Tensors& t) {
  for (size_t i = 0; i < t["x"].size(); ++i) t["y"][i] = FP32 ? -4.0 * t["x"][i] : 2.0 * t["x"][i];
}
// tpl_typed, tpl_split: y = x * TILES (tiling key: half TILES 2, float TILES 1), the type a typename parameter;
// kt_entries, default_below, format_pick, tpl_pair: y = 3 x.
template <int TILES> void tplTypedRef(Tensors& t) {
  for (size_t i = 0; i < t["x"].size(); ++i) t["y"][i] = TILES * t["x"][i];
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
      u("asin", unary([](float x) { return std::asin((double)x); }), fTol, unitInputs),
      u("acos", unary([](float x) { return std::acos((double)x); }), hTol, unitInputs),
      u("atan", unary([](float x) { return std::atan((double)x); }), fTol),
      u("sinh", unary([](float x) { return std::sinh((double)x); }), fTol),
      u("cosh", unary([](float x) { return std::cosh((double)x); }), bTol),
      u("tan", unary([](float x) { return std::tan((double)x); }), fTol),
      u("asinh", unary([](float x) { return std::asinh((double)x); }), hTol),
      u("atanh", unary([](float x) { return std::atanh((double)x); }), fTol, unitInputs),
      u("erfc", unary([](float x) { return std::erfc((double)x); }), fTol),
      u("lgamma", unary([](float x) { return std::lgamma((double)x); }), fTol, gammaInputs),
      u("digamma", unary([](float x) { return digammaRef(x); }), fTol, gammaInputs),
      u("sign", unary([](float x) { return x > 0 ? 1.0f : x < 0 ? -1.0f : 0.0f; }), 0, roundingInputs),
      u("round", unary([](float x) { return std::nearbyint(x); }), 0, roundingInputs),
      u("rint_config", unary([](float x) { return std::nearbyint(x); }), 0, roundingInputs),
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
      r("softmax_adjust_compact", softmaxAdjust<false>, fTol),
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
      Case{"adv_quant_quant_tensor", dir, "adv_quant.cpp", "adv_quant_quant_tensor.json", inc, quantRef<1>, 0, 0, quantInputs},
      Case{"adv_quant_quant_channel", dir, "adv_quant.cpp", "adv_quant_quant_channel.json", inc, quantRef<2>, 0, 0, quantInputs},
      Case{"adv_quant_dequant", dir, "adv_quant.cpp", "adv_quant_dequant.json", inc, quantRef<3>, 0, 0, quantInputs},
      Case{"adv_quant_antiquant", dir, "adv_quant.cpp", "adv_quant_antiquant.json", inc, quantRef<4>, 0, 0, quantInputs},
      Case{"adv_pattern_reduce_max_ar", dir, "adv_pattern.cpp", "adv_pattern_reduce_max_ar.json", inc, patternRef<1>, 0, 0},
      Case{"adv_pattern_reduce_min_ra", dir, "adv_pattern.cpp", "adv_pattern_reduce_min_ra.json", inc, patternRef<2>, 0, 0},
      Case{"adv_pattern_reduce_sum_ar", dir, "adv_pattern.cpp", "adv_pattern_reduce_sum_ar.json", inc, patternRef<3>, 0, 0},
      Case{"adv_pattern_reduce_sum_ra", dir, "adv_pattern.cpp", "adv_pattern_reduce_sum_ra.json", inc, patternRef<4>, 0, 0},
      Case{"adv_pattern_reduce_mean_ar", dir, "adv_pattern.cpp", "adv_pattern_reduce_mean_ar.json", inc, patternRef<5>, 0, 0},
      Case{"adv_pattern_reduce_prod_ra", dir, "adv_pattern.cpp", "adv_pattern_reduce_prod_ra.json", inc, patternRef<6>, 0, 0},
      Case{"adv_pattern_reduce_any_ar", dir, "adv_pattern.cpp", "adv_pattern_reduce_any_ar.json", inc, patternRef<7>, 0, 0},
      Case{"adv_sort_sort_full", dir, "adv_sort.cpp", "adv_sort_sort_full.json", inc, sortRef<1>, 0, 0, sortInputs},
      Case{"adv_sort_sort_runs", dir, "adv_sort.cpp", "adv_sort_sort_runs.json", inc, sortRef<2>, 0, 0, sortInputs},
      Case{"adv_sort_topk_normal", dir, "adv_sort.cpp", "adv_sort_topk_normal.json", inc, sortRef<3>, 0, 0, sortInputs},
      Case{"adv_sort_topk_small", dir, "adv_sort.cpp", "adv_sort_topk_small.json", inc, sortRef<4>, 0, 0, sortInputs},
      Case{"adv_sort_mrgsort", dir, "adv_sort.cpp", "adv_sort_mrgsort.json", inc, sortRef<1>, 0, 0, sortInputs},
      Case{"adv_transform_pad_unaligned", dir, "adv_transform.cpp", "adv_transform_pad_unaligned.json", inc, transformRef<1>, 0, 0},
      Case{"adv_transform_pad_redundant", dir, "adv_transform.cpp", "adv_transform_pad_redundant.json", inc, transformRef<2>, 0, 0},
      Case{"adv_transform_unpad", dir, "adv_transform.cpp", "adv_transform_unpad.json", inc, transformRef<3>, 0, 0},
      Case{"adv_transform_transpose_nz2nd_0213", dir, "adv_transform.cpp", "adv_transform_transpose_nz2nd_0213.json", inc,
           transformRef<4>, 0, 0},
      Case{"adv_transform_transpose_nz2nz_with_n", dir, "adv_transform.cpp", "adv_transform_transpose_nz2nz_with_n.json", inc,
           transformRef<5>, 0, 0},
      Case{"adv_transform_transdata_to_ndc1hwc0", dir, "adv_transform.cpp", "adv_transform_transdata_to_ndc1hwc0.json", inc,
           transformRef<6>, 0, 0},
      Case{"adv_transform_transdata_from_fractal_z_3d", dir, "adv_transform.cpp", "adv_transform_transdata_from_fractal_z_3d.json",
           inc, transformRef<7>, 0, 0},
      // the same float operations in the same order as the kernel (1e-6: a compiler may fuse a multiply-add)
      Case{"adv_norm_layer_norm_rstd", dir, "adv_norm.cpp", "adv_norm_layer_norm_rstd.json", inc, normsAR<4>, 1e-6, 1e-6},
      Case{"adv_norm_normalize", dir, "adv_norm.cpp", "adv_norm_normalize.json", inc, normsAR<5>, 1e-6, 1e-6},
      Case{"adv_norm_welford", dir, "adv_norm.cpp", "adv_norm_welford.json", inc, normsAR<6>, 1e-6, 1e-6},
      Case{"adv_misc_dropout_bytes", dir, "adv_misc.cpp", "adv_misc_dropout_bytes.json", inc, miscRef<1>, 0, 0, miscInputs},
      Case{"adv_misc_dropout_bits", dir, "adv_misc.cpp", "adv_misc_dropout_bits.json", inc, miscRef<2>, 0, 0, miscInputs},
      Case{"adv_misc_philox_stride", dir, "adv_misc.cpp", "adv_misc_philox_stride.json", inc, miscRef<3>, 0, 0, miscInputs},
      Case{"adv_misc_philox_uint32", dir, "adv_misc.cpp", "adv_misc_philox_uint32.json", inc, miscRef<4>, 0, 0, miscInputs},
      Case{"adv_misc_faster_gelu_v2", dir, "adv_misc.cpp", "adv_misc_faster_gelu_v2.json", inc, miscRef<5>, fTol, fTol, miscInputs},
      // exp of the same float arguments; the output half, the sums float: a float ulp or two
      Case{"adv_flash_v3", dir, "adv_flash_v3.cpp", "adv_flash_v3.json", inc, flashV3Ref<false>, fTol, fTol, flashV3Inputs},
      Case{"adv_flash_v3_update", dir, "adv_flash_v3.cpp", "adv_flash_v3_update.json", inc, flashV3Ref<true>, fTol, fTol, flashV3Inputs},
      Case{"tpl_scale_fp16", "tpl_key", "tpl_scale.cpp", "tpl_scale_fp16.json", {}, tplScaleRef<false>, 0, 0},
      Case{"tpl_scale_fp32", "tpl_key", "tpl_scale.cpp", "tpl_scale_fp32.json", {}, tplScaleRef<true>, 0, 0},
      Case{"tpl_typed_fp16", "tpl_key", "tpl_typed.cpp", "tpl_typed_fp16.json", {}, tplTypedRef<2>, 0, 0},
      Case{"tpl_typed_fp32", "tpl_key", "tpl_typed.cpp", "tpl_typed_fp32.json", {}, tplTypedRef<1>, 0, 0},
      Case{"tpl_split_fp16", "tpl_key", "tpl_split.cpp", "tpl_split_fp16.json", {}, tplTypedRef<2>, 0, 0},
      Case{"tpl_split_fp32", "tpl_key", "tpl_split.cpp", "tpl_split_fp32.json", {}, tplTypedRef<1>, 0, 0},
      Case{"kt_test_entry_beside_c_entry", "tpl_key", "kt_entries.cpp", "kt_entries.json", {}, tplTypedRef<3>, 0, 0},
      Case{"tiling_default_registered_below", "tpl_key", "default_below.cpp", "default_below.json", {}, tplTypedRef<3>, 0, 0},
      Case{"format_from_metadata", "tpl_key", "format_pick.cpp", "format_pick.json", {}, tplTypedRef<3>, 0, 0},
      Case{"tpl_tables_of_three_ops", "tpl_key", "tpl_pair.cpp", "tpl_pair.json", {}, tplTypedRef<3>, 0, 0},
      Case{"tpl_scale_key_in_namespace", "tpl_key", "tpl_scale.cpp", "tpl_scale_fp32.json", {"key_in_namespace.h"},
           tplScaleRef<true>, 0, 0},
  };
}

}  // namespace sk::corpus
