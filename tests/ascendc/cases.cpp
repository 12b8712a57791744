// The corpus: every kernel of tests/ascendc/kernels with its metadata variants and host
// reference. References compute as the kernel does (the same element type per step, float
// where the kernel casts up), so most cases compare bit for bit.
#include <algorithm>
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
double bf(double v) { return roundTo("bfloat16", v); }
float f(double v) { return (float)v; }

// ---- rounding modes of Cast, as the simulated vector unit applies them -----------------------

// float -> half with ties away from zero (CAST_ROUND): nearest, a tie goes to the larger magnitude.
double halfRoundAway(float v) {
  uint16_t n = sk::floatToHalf(v);
  float nv = sk::halfToFloat(n);
  if (nv == v || std::isinf(nv)) return nv;
  // The neighbour on v's other side of nv.
  bool towardZero = std::fabs(nv) > std::fabs(v);
  uint16_t o = (uint16_t)(towardZero ? n - 1 : n + 1);
  float ov = sk::halfToFloat(o);
  if (std::fabs((double)v - nv) == std::fabs((double)ov - v)) return std::fabs(nv) > std::fabs(ov) ? nv : ov;
  return nv;
}
// float -> half with round-to-odd (CAST_ODD): an inexact result takes the neighbour with an odd
// mantissa.
double halfRoundOdd(float v) {
  uint16_t n = sk::floatToHalf(v);
  float nv = sk::halfToFloat(n);
  if (nv == v || std::isinf(nv)) return nv;
  if (n & 1) return nv;
  bool towardZero = std::fabs(nv) > std::fabs(v);
  return sk::halfToFloat((uint16_t)(towardZero ? n - 1 : n + 1));
}
// Saturating conversion of an already rounded value to an integer type's range.
double saturate(double v, double lo, double hi) { return std::min(hi, std::max(lo, v)); }

// ---- reductions in the vector unit's order ---------------------------------------------------

// Pairwise tree of one repeat: level by level, element 2i with 2i+1, an odd tail carried up.
float treeSum(std::vector<float> v) {
  if (v.empty()) return 0;
  size_t n = v.size();
  while (n > 1) {
    size_t half = n / 2;
    for (size_t i = 0; i < half; ++i) v[i] = v[2 * i] + v[2 * i + 1];
    if (n % 2) v[half] = v[n - 1];
    n = half + n % 2;
  }
  return v[0];
}
// One repeat's sum with every position of the repeat taken part (masked ones as 0).
float repeatSum(const float* p, size_t taken, size_t perRepeat) {
  std::vector<float> v(perRepeat, 0.0f);
  for (size_t i = 0; i < taken; ++i) v[i] = p[i];
  return treeSum(v);
}
// Count-form ReduceSum of n elements: a tree in each 256-byte repeat, the repeats added in order.
float reduceSumCount(const float* p, size_t n, size_t perRepeat) {
  float total = 0;
  for (size_t r = 0; r * perRepeat < n; ++r) {
    float s = repeatSum(p + r * perRepeat, std::min(perRepeat, n - r * perRepeat), perRepeat);
    total = r == 0 ? s : total + s;
  }
  return total;
}
// Max with the index of its first occurrence.
std::pair<float, size_t> argMax(const float* p, size_t n) {
  size_t best = 0;
  for (size_t i = 1; i < n; ++i)
    if (p[i] > p[best]) best = i;
  return {p[best], best};
}

// vadd_tail: z = x + alpha * y, in half (key 1) or through float (key 2).
void vaddTailHalf(Tensors& t) {
  double alpha = h(t.tilingField<float>(12));
  for (size_t i = 0; i < t["z"].size(); ++i) t["z"][i] = h(h(t["y"][i] * alpha) + t["x"][i]);
}
void vaddTailFloat(Tensors& t) {
  float alpha = t.tilingField<float>(12);
  for (size_t i = 0; i < t["z"].size(); ++i) t["z"][i] = h(f(alpha * f(t["y"][i])) + f(t["x"][i]));
}

// scale_byval: y = x * scale + bias in float, the tiling struct passed by value (scale and bias at
// its offsets 4, 8 in the small struct and 8, 12 in the large one).
template <size_t SCALE> void scaleByval(Tensors& t) {
  float scale = t.tilingField<float>(SCALE), bias = t.tilingField<float>(SCALE + 4);
  for (size_t i = 0; i < t["y"].size(); ++i) t["y"][i] = f(f(f(t["x"][i]) * scale) + bias);
}

// scale_cast: y = x * scale + bias in float; half rounds ties away (CAST_ROUND), bf16 to even.
void scaleCast(Tensors& t, bool bf16) {
  float scale = t.tilingField<float>(20), bias = t.tilingField<float>(24);
  for (size_t i = 0; i < t["y"].size(); ++i) {
    float v = f(t["x"][i]) * scale;
    v = v + bias;
    t["y"][i] = bf16 ? bf(v) : halfRoundAway(v);
  }
}
void scaleCastHalf(Tensors& t) { scaleCast(t, false); }
void scaleCastBf16(Tensors& t) { scaleCast(t, true); }

// relu_where: the activation of each tiling key, the bounds and slope in the element type.
template <int KEY> void reluWhere(Tensors& t, double (*rt)(double)) {
  double lo = rt(t.tilingField<float>(12)), hi = rt(t.tilingField<float>(16)), k = rt(t.tilingField<float>(20));
  for (size_t i = 0; i < t["y"].size(); ++i) {
    double x = t["x"][i];
    if (KEY == 1) t["y"][i] = x > 0 ? x : 0.0;
    if (KEY == 2 || KEY == 4) t["y"][i] = std::min(std::max(x, lo), hi);
    if (KEY == 3) t["y"][i] = x >= 0 ? x : rt(f(x) * f(k));
  }
}
double asFloat(double v) { return (float)v; }
void reluWhereKey1(Tensors& t) { reluWhere<1>(t, h); }
void reluWhereKey2(Tensors& t) { reluWhere<2>(t, h); }
void reluWhereKey3(Tensors& t) { reluWhere<3>(t, asFloat); }
void reluWhereKey4(Tensors& t) { reluWhere<4>(t, asFloat); }

// softmax_rows: float per row; the sum in the count-form ReduceSum order.
void softmaxRows(Tensors& t) {
  size_t cols = t.shapes["x"][1], rows = t.shapes["x"][0];
  std::vector<float> e(cols);
  for (size_t r = 0; r < rows; ++r) {
    const double* x = &t["x"][r * cols];
    float m = f(x[0]);
    for (size_t c = 0; c < cols; ++c) m = std::max(m, f(x[c]));
    for (size_t c = 0; c < cols; ++c) e[c] = std::exp(f(x[c]) + -m);
    float sum = reduceSumCount(e.data(), cols, 64);
    for (size_t c = 0; c < cols; ++c) t["y"][r * cols + c] = h(e[c] / sum);
  }
}

// dequant_uint8: in half, each step rounded to half.
void dequantUint8(Tensors& t) {
  double negZp = h(-t.tilingField<float>(8)), scale = h(t.tilingField<float>(12));
  for (size_t i = 0; i < t["x"].size(); ++i) t["x"][i] = h(h(t["q"][i] + negZp) * scale);
}

// rms_norm: float per row; the sum of squares as two WholeReduceSum passes (a tree per repeat).
void rmsNorm(Tensors& t) {
  size_t rows = t.shapes["x"][0], cols = t.shapes["x"][1];
  float avg = t.tilingField<float>(16), eps = t.tilingField<float>(20);
  std::vector<float> sq(cols), partial(cols / 64);
  for (size_t r = 0; r < rows; ++r) {
    const double* x = &t["x"][r * cols];
    for (size_t c = 0; c < cols; ++c) sq[c] = f(x[c]) * f(x[c]);
    for (size_t j = 0; j < partial.size(); ++j) partial[j] = repeatSum(&sq[j * 64], 64, 64);
    float v = repeatSum(partial.data(), partial.size(), 64) * avg;
    v = v + eps;
    float rstd = 1.0f / std::sqrt(v);
    for (size_t c = 0; c < cols; ++c) {
      float y = f(x[c]) * rstd;
      t["y"][r * cols + c] = h(y * f(t["gamma"][c]));
    }
  }
}

// layer_norm: the mean by count-form ReduceSum, the variance by BlockReduceSum + ReduceSum.
void layerNorm(Tensors& t) {
  size_t rows = t.shapes["x"][0], cols = t.shapes["x"][1];
  float inv = t.tilingField<float>(8), eps = t.tilingField<float>(12);
  std::vector<float> x(cols), xc(cols), sq(cols), blocks(cols / 8);
  for (size_t r = 0; r < rows; ++r) {
    for (size_t c = 0; c < cols; ++c) x[c] = f(t["x"][r * cols + c]);
    float mean = reduceSumCount(x.data(), cols, 64) * inv;
    for (size_t c = 0; c < cols; ++c) xc[c] = x[c] + -mean;
    for (size_t c = 0; c < cols; ++c) sq[c] = xc[c] * xc[c];
    for (size_t b = 0; b < blocks.size(); ++b) blocks[b] = treeSum(std::vector<float>(&sq[b * 8], &sq[b * 8] + 8));
    float var = reduceSumCount(blocks.data(), blocks.size(), 64) * inv;
    float std = std::sqrt(var + eps);
    for (size_t c = 0; c < cols; ++c) {
      float y = xc[c] / std;
      y = y * f(t["gamma"][c]);
      t["y"][r * cols + c] = y + f(t["beta"][c]);
    }
  }
}

// atomic_colsum: the inputs are multiples of 1/8, so every partial sum is exact and the order
// in which the cores' atomic adds land does not matter.
void atomicColsum(Tensors& t) {
  size_t rows = t.shapes["x"][0], cols = t.shapes["x"][1];
  double total = 0;
  for (size_t c = 0; c < cols; ++c) {
    double s = 0;
    for (size_t r = 0; r < rows; ++r) s += t["x"][r * cols + c];
    t["y"][c] = s;
    total += s;
  }
  t["total"][0] = total;
}
double eighths(std::mt19937& rng, const std::string&) { return std::uniform_int_distribution<int>(-16, 16)(rng) / 8.0; }

// cast_modes: float -> int32 with the key's rounding; quarters make ties common.
template <int KEY> void castModes(Tensors& t) {
  for (size_t i = 0; i < t["y"].size(); ++i) {
    double x = t["x"][i];
    t["y"][i] = KEY == 1 ? std::floor(x) : KEY == 2 ? std::ceil(x) : KEY == 3 ? std::trunc(x) : KEY == 4 ? std::round(x)
                                                                                             : std::nearbyint(x);
  }
}
double quarters(std::mt19937& rng, const std::string&) { return std::uniform_int_distribution<int>(-32, 32)(rng) / 4.0; }

// quant_int8: half scales in half; float scales in float and narrows to half by round-to-odd;
// then rint to int8 with saturation.
void quantInt8Half(Tensors& t) {
  double inv = h(t.tilingField<float>(8));
  for (size_t i = 0; i < t["y"].size(); ++i) t["y"][i] = saturate(std::nearbyint(h(t["x"][i] * inv)), -128, 127);
}
void quantInt8Float(Tensors& t) {
  float inv = t.tilingField<float>(8);
  for (size_t i = 0; i < t["y"].size(); ++i)
    t["y"][i] = saturate(std::nearbyint(halfRoundOdd(f(t["x"][i]) * inv)), -128, 127);
}

// w4_quant: int4 -> half exactly, then times the scale in half; half times 1 / scale in half,
// then rint to int4 with saturation to -8..7.
void w4Dequant(Tensors& t) {
  double scale = h(t.tilingField<float>(8));
  for (size_t i = 0; i < t["y"].size(); ++i) t["y"][i] = h(t["x"][i] * scale);
}
void w4Quant(Tensors& t) {
  double inv = h(1.0f / t.tilingField<float>(8));
  for (size_t i = 0; i < t["y"].size(); ++i) t["y"][i] = saturate(std::nearbyint(h(t["x"][i] * inv)), -8, 7);
}

// bitwise16: z = ((x & y) | (~x << l)) >> r in 16 bits. For int16 the left shift keeps the sign
// bit (the simulated unit's ShiftLeft on signed types) and the right shift is arithmetic.
template <bool isSigned> void bitwise16(Tensors& t) {
  int l = (int)t.tilingField<uint32_t>(8), r = (int)t.tilingField<uint32_t>(12);
  for (size_t i = 0; i < t["z"].size(); ++i) {
    uint16_t x = (uint16_t)(int64_t)t["x"][i], y = (uint16_t)(int64_t)t["y"][i];
    uint16_t notx = (uint16_t)~x;
    uint16_t shifted = (uint16_t)(notx << l);
    if (isSigned) shifted = (uint16_t)((shifted & 0x7fff) | (notx & 0x8000));
    uint16_t v = (uint16_t)((x & y) | shifted);
    t["z"][i] = isSigned ? (double)(int16_t)((int16_t)v >> r) : (double)(uint16_t)(v >> r);
  }
}
double anyInt16(std::mt19937& rng, const std::string&) { return std::uniform_int_distribution<int>(-32768, 32767)(rng); }
double anyUint16(std::mt19937& rng, const std::string&) { return std::uniform_int_distribution<int>(0, 65535)(rng); }

// transpose_ext: ya = a [2, 3, 4, 8] (NCHW) as NHWC, yb = b [2, 4, 8, 3] (NHWC) as NCHW, yc = c^T.
void transposeExt(Tensors& t) {
  const size_t N = 2, C = 3, H = 4, W = 8;
  for (size_t n = 0; n < N; ++n)
    for (size_t c = 0; c < C; ++c)
      for (size_t h = 0; h < H; ++h)
        for (size_t w = 0; w < W; ++w) {
          size_t nchw = ((n * C + c) * H + h) * W + w, nhwc = ((n * H + h) * W + w) * C + c;
          t["ya"][nhwc] = t["a"][nchw];
          t["yb"][nchw] = t["b"][nhwc];
        }
  for (size_t i = 0; i < 16; ++i)
    for (size_t j = 0; j < 16; ++j) t["yc"][j * 16 + i] = t["c"][i * 16 + j];
}
double transposeExtInputs(std::mt19937& rng, const std::string& p) {
  return p == "c" ? anyUint16(rng, p) : std::uniform_real_distribution<double>(-2, 2)(rng);
}

// gather_reverse: y = flip(x).
void gatherReverse(Tensors& t) {
  size_t n = t["y"].size();
  for (size_t i = 0; i < n; ++i) t["y"][i] = t["x"][n - 1 - i];
}

// complex_split: re, im and |z| = sqrt(re * re + im * im) in float.
void complexSplit(Tensors& t) {
  for (size_t i = 0; i < t["re"].size(); ++i) {
    float re = f(t["x"][2 * i]), im = f(t["x"][2 * i + 1]);
    float m = re * re, q = im * im;
    t["re"][i] = re;
    t["im"][i] = im;
    t["absz"][i] = std::sqrt(m + q);
  }
}

// mask_ops: even lanes x + y, odd lanes x * y, then * scale twice, each step in half.
void maskOps(Tensors& t) {
  double scale = h(t.tilingField<float>(8));
  for (size_t i = 0; i < t["z"].size(); ++i) {
    double x = t["x"][i], y = t["y"][i];
    t["z"][i] = h(h(h(i % 2 == 0 ? x + y : x * y) * scale) * scale);
  }
}

// cmp_mask_select: the bits of x < y (GetCmpMask), and selects by them: lo = min (CMPMASK's
// bits), xf = x or the tiling's fill (mode 1, the scalar from CMPMASK), hi = max (mode 2, the
// bits' address in CMPMASK).
void cmpMaskSelect(Tensors& t) {
  double fill = h(t.tilingField<float>(8));
  std::vector<double>& bits = t["bits"];
  std::fill(bits.begin(), bits.end(), 0.0);
  for (size_t i = 0; i < t["x"].size(); ++i) {
    double x = t["x"][i], y = t["y"][i];
    bool lt = x < y;
    t["lo"][i] = lt ? x : y;
    t["hi"][i] = lt ? y : x;
    t["xf"][i] = lt ? x : fill;
    if (lt) bits[i / 8] += (double)(1 << (i % 8));
  }
}

// gatherb_rows: each core's 256 rows of 8 floats gathered by local row indices.
void gatherbRows(Tensors& t) {
  const size_t cols = 8, rowsPerCore = t.tilingField<uint32_t>(0);
  for (size_t r = 0; r < t["idx"].size(); ++r) {
    size_t src = r / rowsPerCore * rowsPerCore + (size_t)t["idx"][r];
    for (size_t c = 0; c < cols; ++c) t["y"][r * cols + c] = t["x"][src * cols + c];
  }
}
double rowIndex(std::mt19937& rng, const std::string& p) {
  if (p == "idx") return std::uniform_int_distribution<int>(0, 255)(rng);
  return std::uniform_real_distribution<double>(-2, 2)(rng);
}

// slice_copy: per core, rows 1, 3, 5 of a [6, 100] matrix, three 16-float segments each from
// columns 8, 28, 48, into [3, 64] rows at columns 0, 24, 48; the rest stays -1.
void sliceCopy(Tensors& t) {
  std::vector<double>& y = t["y"];
  std::fill(y.begin(), y.end(), -1.0);
  for (size_t b = 0; b < 2; ++b)
    for (size_t r = 0; r < 3; ++r)
      for (size_t j = 0; j < 3; ++j)
        for (size_t c = 0; c < 16; ++c)
          y[(b * 3 + r) * 64 + 24 * j + c] = t["x"][(b * 6 + 1 + 2 * r) * 100 + 8 + 20 * j + c];
}

// gm_bypass: y = 3 x + the core's index, rows of 10 per core.
void gmBypass(Tensors& t) {
  for (size_t i = 0; i < t["y"].size(); ++i) t["y"][i] = 3 * t["x"][i] + (double)(i / 10);
}

// ib_chain: running sums of the rows in float, block by block; z = the last.
void ibChain(Tensors& t) {
  const size_t row = 256;
  for (size_t c = 0; c < row; ++c) {
    float acc = 0;
    for (size_t b = 0; b < 4; ++b) {
      acc = acc + f(t["x"][b * row + c]);
      t["y"][b * row + c] = acc;
    }
    t["z"][c] = acc;
  }
}
// group_barrier: round r's rows x[a] * (r + 1); y[w][r] = their sum (in order) + w, p = round 1's.
void groupBarrier(Tensors& t) {
  const size_t row = 256;
  for (size_t r = 0; r < 2; ++r) {
    for (size_t a = 0; a < 3; ++a)
      for (size_t c = 0; c < row; ++c) t["p"][a * row + c] = f(f(t["x"][a * row + c]) * (float)(r + 1));
    for (size_t w = 0; w < 5; ++w)
      for (size_t c = 0; c < row; ++c) {
        float s = f(t["p"][c]) + f(t["p"][row + c]);
        s = s + f(t["p"][2 * row + c]);
        t["y"][(w * 2 + r) * row + c] = s + (float)w;
      }
  }
}
double zeroSync(std::mt19937& rng, const std::string& p) {
  return p == "sync" ? 0.0 : std::uniform_real_distribution<double>(-2, 2)(rng);
}

// brcb_rowscale: y[r][c] = x[r][c] * s[r].
void brcbRowscale(Tensors& t) {
  size_t cols = t.shapes["x"][1];
  for (size_t i = 0; i < t["y"].size(); ++i) t["y"][i] = f(t["x"][i]) * f(t["s"][i / cols]);
}

// col_slice: y = |x[:, off : off + 128]| * scale in half.
void colSlice(Tensors& t) {
  size_t inCols = t.shapes["x"][1], outCols = t.shapes["y"][1], off = t.tilingField<uint32_t>(12);
  double scale = h(t.tilingField<float>(16));
  for (size_t i = 0; i < t["y"].size(); ++i)
    t["y"][i] = h(std::fabs(t["x"][i / outCols * inCols + off + i % outCols]) * scale);
}

// pad_rows: rows of 31 padded to 32 with SetPadValue's 37.
void padRows(Tensors& t) {
  for (size_t r = 0; r < 64; ++r)
    for (size_t c = 0; c < 32; ++c) t["y"][r * 32 + c] = c < 31 ? t["x"][r * 31 + c] : 37.0;
}

// copy_through: y = x.
void copyThrough(Tensors& t) { t["y"] = t["x"]; }

// aicore_marks: y = x * scale + bias in float (the tiling's fields at bytes 4 and 8), each
// operation rounded to float.
void scaleBias(Tensors& t) {
  float scale = t.tilingField<float>(4), bias = t.tilingField<float>(8);
  for (size_t i = 0; i < t["y"].size(); ++i) t["y"][i] = (float)((float)t["x"][i] * scale) + bias;
}

// index (the kernel named like glibc's index()): y[i] = x[indices[i]].
void gatherByIndex(Tensors& t) {
  for (size_t i = 0; i < t["y"].size(); ++i) t["y"][i] = t["x"][(size_t)t["indices"][i]];
}
double indexInputs(std::mt19937& rng, const std::string& p) {
  if (p == "indices") return std::uniform_int_distribution<int>(0, 255)(rng);
  return std::uniform_real_distribution<double>(-2, 2)(rng);
}

// softplus: half computes in half (each op rounded); bf16 in float, rounded once at the end.
void softplusHalf(Tensors& t) {
  for (size_t i = 0; i < t["y"].size(); ++i) {
    float x = f(t["x"][i]);
    double e = h(h(std::exp(x)) + 1.0);
    t["y"][i] = h(std::log(f(e)));
    double es = h(h(std::exp(f(-x))) + 1.0);
    t["z"][i] = h(1.0f / f(es));
  }
}
void softplusBf16(Tensors& t) {
  for (size_t i = 0; i < t["y"].size(); ++i) {
    float x = f(t["x"][i]);
    float e = std::exp(x) + 1.0f;
    t["y"][i] = bf(std::log(e));
    float es = std::exp(x * -1.0f) + 1.0f;
    t["z"][i] = bf(1.0f / es);
  }
}

// row_argmax: the row maximum and the index of its first occurrence.
void rowArgmax(Tensors& t) {
  size_t rows = t.shapes["x"][0], cols = t.shapes["x"][1];
  std::vector<float> row(cols);
  for (size_t r = 0; r < rows; ++r) {
    for (size_t c = 0; c < cols; ++c) row[c] = f(t["x"][r * cols + c]);
    auto [v, i] = argMax(row.data(), cols);
    t["values"][r] = v;
    t["indices"][r] = (double)i;
  }
}


// ---- kernels of the high-level math, utilities and op_host-style headers ----------------------

// The element type's rounding, and the type the kernel computes in (bfloat16 computes in float).
using Round = double (*)(double);
Round computeRound(const std::string& dtype) { return dtype == "float16" ? h : asFloat; }
Round outputRound(const std::string& dtype) { return dtype == "float16" ? h : dtype == "bfloat16" ? bf : asFloat; }

// log: y = log_base(x * scale + shift); each op rounded to the compute type, the result to the
// element type. The high-level Log/Log2/Log10 compute in float with the std:: functions.
void logOp(Tensors& t, const std::string& dtype) {
  Round rc = computeRound(dtype), ro = outputRound(dtype);
  float base = t.tilingField<float>(16), scale = t.tilingField<float>(20), shift = t.tilingField<float>(24);
  float invLnBase = t.tilingField<float>(28);
  for (size_t i = 0; i < t["y"].size(); ++i) {
    double v = t["x"][i];
    if (scale != 1.0f) v = rc(f(v) * f(rc(scale)));
    if (shift != 0.0f) v = rc(f(v) + f(rc(shift)));
    double y;
    if (base == -1.0f) y = rc(std::log(f(v)));
    else if (base == 2.0f) y = rc(std::log2(f(v)));
    else if (base == 10.0f) y = rc(std::log10(f(v)));
    else y = rc(f(rc(std::log(f(v)))) * f(rc(invLnBase)));
    t["y"][i] = ro(y);
  }
}
void logHalf(Tensors& t) { logOp(t, "float16"); }
void logFloat(Tensors& t) { logOp(t, "float32"); }
void logBf16(Tensors& t) { logOp(t, "bfloat16"); }
double positive(std::mt19937& rng, const std::string&) { return std::uniform_real_distribution<double>(0.05, 6.0)(rng); }


// is_finite: 1 where x is neither infinite nor NaN (bool bytes, or 1.0 / 0.0).
void isFinite(Tensors& t) {
  for (size_t i = 0; i < t["y"].size(); ++i) t["y"][i] = std::isfinite(t["x"][i]) ? 1.0 : 0.0;
}
// Infinities, NaN, values that overflow half (1e5) and the largest half next to ordinary ones.
double withSpecials(std::mt19937& rng, const std::string&) {
  switch (std::uniform_int_distribution<int>(0, 9)(rng)) {
    case 0: return INFINITY;
    case 1: return -INFINITY;
    case 2: return NAN;
    case 3: return std::uniform_int_distribution<int>(0, 1)(rng) ? 1e5 : -1e5;
    case 4: return 65504.0;
    default: return std::uniform_real_distribution<double>(-2.0, 2.0)(rng);
  }
}


// tanh: std::tanh in float, rounded once.
template <const char* DTYPE> void tanhOp(Tensors& t) {
  Round ro = outputRound(DTYPE);
  for (size_t i = 0; i < t["y"].size(); ++i) t["y"][i] = ro(std::tanh(f(t["x"][i])));
}
constexpr char kHalf[] = "float16", kFloat[] = "float32", kBf16[] = "bfloat16";

// The simulated Sigmoid: 1 / (1 + exp(-x)) in float.
float sigmoidOf(float x) { return 1.0f / (1.0f + std::exp(-x)); }

// swish: y = x * sigmoid(beta * x); half in half, bfloat16 in float.
template <const char* DTYPE> void swish(Tensors& t) {
  Round rc = computeRound(DTYPE), ro = outputRound(DTYPE);
  float beta = f(rc(t.tilingField<float>(12)));
  for (size_t i = 0; i < t["y"].size(); ++i) {
    float x = f(t["x"][i]);
    float s = f(rc(x * beta));
    s = f(rc(sigmoidOf(s)));
    t["y"][i] = ro(rc(x * s));
  }
}

// gelu_erf: each step in the element type, Erf as std::erf in float.
template <const char* DTYPE> void geluErf(Tensors& t) {
  Round rt = outputRound(DTYPE);
  float sqrt1_2 = f(rt(0.70710678118654752f));
  for (size_t i = 0; i < t["y"].size(); ++i) {
    float x = f(t["x"][i]);
    float v = f(rt(x * sqrt1_2));
    v = f(rt(std::erf(v)));
    v = f(rt(v + 1.0f));
    v = f(rt(v * x));
    t["y"][i] = rt(v * 0.5f);
  }
}


// pow: the high-level Power computes std::pow in float (the scalar in the element type),
// rounded once. Key 1 x ^ y, key 2 x ^ scalar, key 3 scalar ^ y.
template <int KEY, const char* DTYPE> void powOp(Tensors& t) {
  Round rt = outputRound(DTYPE);
  float k = f(rt(t.tilingField<float>(8)));
  for (size_t i = 0; i < t["z"].size(); ++i) {
    float x = f(t["x"][i]), y = f(t["y"][i]);
    t["z"][i] = rt(KEY == 1 ? std::pow(x, y) : KEY == 2 ? std::pow(x, k) : std::pow(k, y));
  }
}
// Positive bases, exponents in [-2, 2].
double powInputs(std::mt19937& rng, const std::string& p) {
  return p == "x" ? std::uniform_real_distribution<double>(0.05, 4.0)(rng) : std::uniform_real_distribution<double>(-2.0, 2.0)(rng);
}


// pair_sum: y[i] = x[2i] + x[2i + 1], rounded once in float.
void pairSum(Tensors& t) {
  for (size_t i = 0; i < t["y"].size(); ++i) t["y"][i] = f(t["x"][2 * i]) + f(t["x"][2 * i + 1]);
}

// reduce_rows: Sum is the count-form ReduceSum of each row (a tree per repeat in float, the
// repeats added in order, rounded once); Mean multiplies that rounded sum by 1/n in the element
// type.
template <const char* DTYPE> void reduceRows(Tensors& t) {
  Round rt = outputRound(DTYPE);
  size_t perRepeat = std::string(DTYPE) == "float16" ? 128 : 64;
  uint32_t dimNum = t.tilingField<uint32_t>(0);
  size_t cols = t.tilingField<uint32_t>(4 * dimNum);  // shape[dimNum - 1], after dimNum
  size_t rows = t["x"].size() / cols;
  float inv = f(rt(1.0f / (float)cols));
  std::vector<float> row(cols);
  for (size_t r = 0; r < rows; ++r) {
    for (size_t c = 0; c < cols; ++c) row[c] = f(t["x"][r * cols + c]);
    double sum = rt(reduceSumCount(row.data(), cols, perRepeat));
    t["sum"][r] = sum;
    t["mean"][r] = rt(f(sum) * inv);
  }
}


// reduce_sum_all: vcadd to the accumulator sums each repeat by a tree (masked lanes as 0) and
// adds the repeats in order; a block adds its tiles' sums in order. Key 1: total is the same
// sum over the partials; key 2 (atomic adds, eighths): the exact sum.
template <int KEY, bool bf16Outputs = false> void reduceSumAll(Tensors& t) {
  Round ro = bf16Outputs ? bf : asFloat;
  uint32_t totalLength = t.tilingField<uint32_t>(0), blockLength = t.tilingField<uint32_t>(4);
  uint32_t tileLength = t.tilingField<uint32_t>(8);
  size_t blocks = t["partial"].size();
  std::vector<float> x(t["x"].begin(), t["x"].end()), partials(blocks);
  double exact = 0;
  for (size_t b = 0; b < blocks; ++b) {
    size_t begin = b * blockLength, length = b + 1 == blocks ? totalLength - begin : blockLength;
    float sum = 0.0f;
    for (size_t at = 0; at < length; at += tileLength)
      sum += reduceSumCount(&x[begin + at], std::min<size_t>(tileLength, length - at), 64);
    partials[b] = f(ro(sum));
    t["partial"][b] = partials[b];
    exact += sum;
  }
  t["total"][0] = KEY == 1 ? ro(reduceSumCount(partials.data(), blocks, 64)) : exact;
}


// rope_table: float builds each tile's angles by Arange from its first angle (first + k * step,
// each op in float); half from int32 positions (cast, * step, + start); Sin and Cos in float.
template <const char* DTYPE> void ropeTable(Tensors& t) {
  uint32_t blockLength = t.tilingField<uint32_t>(0), tileLength = t.tilingField<uint32_t>(4);
  float start = t.tilingField<float>(8), step = t.tilingField<float>(12);
  bool isFloat = std::string(DTYPE) == "float32";
  Round ro = outputRound(DTYPE);
  for (size_t p = 0; p < t["sin"].size(); ++p) {
    float angle;
    if (isFloat) {
      size_t tileStart = p / blockLength * blockLength + (p % blockLength) / tileLength * tileLength;
      float first = f((float)tileStart * step) + start;
      angle = f((float)(p - tileStart) * step) + first;
    } else {
      angle = f((float)p * step) + start;
    }
    t["sin"][p] = ro(std::sin(angle));
    t["cos"][p] = ro(std::cos(angle));
  }
}

// Input generators.
double uint8Codes(std::mt19937& rng, const std::string&) { return std::uniform_int_distribution<int>(0, 255)(rng); }

// ---- the cube --------------------------------------------------------------------------------
//
// The simulated cube multiplies fp16/bf16 exactly in float and sums in float in ascending k from
// the bias (or 0); L0C accumulates the Matmul API's baseK steps in that same order. So these
// references are bit-exact; int8 sums are exact integers.

// Element (i, j) of a x b: a is m x k row-major, b k x n row-major or, bTransposed, n x k.
float cubeSum(const std::vector<double>& a, const std::vector<double>& b, size_t k, size_t n, size_t i, size_t j,
              bool bTransposed, float start = 0) {
  float acc = start;
  for (size_t p = 0; p < k; ++p) acc += f(a[i * k + p]) * f(b[bTransposed ? j * k + p : p * n + j]);
  return acc;
}
int64_t intSum(const std::vector<double>& a, const std::vector<double>& b, size_t k, size_t n, size_t i, size_t j,
               bool bTransposed) {
  int64_t acc = 0;
  for (size_t p = 0; p < k; ++p) acc += (int64_t)a[i * k + p] * (int64_t)b[bTransposed ? j * k + p : p * n + j];
  return acc;
}
// A per-channel dequant scale as the host packs it: the float's bits in a uint64's low word.
// A packed dequant scale as the Fixpipe reads it: the float's high 19 bits (scale & 0xFFFFE000).
float scaleOf(double packed) { return sk::bitsFloat((uint32_t)packed & 0xFFFFE000u); }

// mmad_basic: c rounded to its dtype by the Fixpipe (F322F16: to nearest even).
void matmul(Tensors& t, const std::string& cType) {
  size_t m = t.shapes["a"][0], k = t.shapes["a"][1], n = t.shapes["b"][1];
  for (size_t i = 0; i < m; ++i)
    for (size_t j = 0; j < n; ++j) t["c"][i * n + j] = roundTo(cType, cubeSum(t["a"], t["b"], k, n, i, j, false));
}
void matmulFloat(Tensors& t) { matmul(t, "float32"); }
void matmulHalf(Tensors& t) { matmul(t, "float16"); }

// matmul_api: B may be stored N x K; c is float with a bias (or FLOAT_C), else half.
template <bool TRANS_B, bool BIAS, bool FLOAT_C = BIAS> void matmulApi(Tensors& t) {
  const std::string cType = FLOAT_C ? "float32" : "float16";
  size_t m = t.shapes["a"][0], k = t.shapes["a"][1], n = t.shapes["c"][1];
  for (size_t i = 0; i < m; ++i)
    for (size_t j = 0; j < n; ++j)
      t["c"][i * n + j] = roundTo(cType, cubeSum(t["a"], t["b"], k, n, i, j, TRANS_B, BIAS ? f(t["bias"][j]) : 0.0f));
}

// matmul_api_order: 4 x 6 blocks of 16 x 16 visited as the Norm schedule does with stepM 2,
// stepN 4, ORDER_M: strips of 4 block columns, in each windows of 2 block rows, m then n inside.
void matmulApiOrder(Tensors& t) {
  const size_t k = 32, n = 96, blocksM = 4, blocksN = 6, stepM = 2, stepN = 4;
  size_t visit = 0;
  for (size_t nw = 0; nw * stepN < blocksN; ++nw)
    for (size_t mw = 0; mw * stepM < blocksM; ++mw)
      for (size_t bm = mw * stepM; bm < std::min(blocksM, (mw + 1) * stepM); ++bm)
        for (size_t bn = nw * stepN; bn < std::min(blocksN, (nw + 1) * stepN); ++bn, ++visit)
          for (size_t r = 0; r < 16; ++r)
            for (size_t col = 0; col < 16; ++col)
              t["c"][visit * 256 + r * 16 + col] = cubeSum(t["a"], t["b"], k, n, bm * 16 + r, bn * 16 + col, false);
}

// matmul_api_nz: a (M x K), b^T (N x K) and c (M x N) in NZ: element (r, col) of an R-row matrix
// at ((col / 16) * ceil16(R) + r) * 16 + col % 16; c's padding rows stay 0.
void matmulApiNz(Tensors& t) {
  const size_t m = 200, n = 192, k = 152, mPad = 208, nPad = 192;
  auto nz = [](size_t rowsPad, size_t r, size_t col) { return ((col / 16) * rowsPad + r) * 16 + col % 16; };
  for (size_t i = 0; i < m; ++i)
    for (size_t j = 0; j < n; ++j) {
      float acc = 0;
      for (size_t p = 0; p < k; ++p) acc += f(t["a"][nz(mPad, i, p)]) * f(t["b"][nz(nPad, j, p)]);
      t["c"][nz(mPad, i, j)] = acc;
    }
}

// matmul_leakyrelu and matmul_api_mix: leaky relu in float with the tiling's slope at byte
// `alphaAt`, rint to half.
template <size_t alphaAt, bool BIAS> void matmulLeakyrelu(Tensors& t) {
  size_t m = t.shapes["a"][0], k = t.shapes["a"][1], n = t.shapes["b"][1];
  float alpha = t.tilingField<float>(alphaAt);
  for (size_t i = 0; i < m; ++i)
    for (size_t j = 0; j < n; ++j) {
      float acc = cubeSum(t["a"], t["b"], k, n, i, j, false, BIAS ? f(t["bias"][j]) : 0.0f);
      t["y"][i * n + j] = h(acc >= 0 ? acc : acc * alpha);
    }
}

// mmad_int8_kn: x (M x K) times w (K x N), int32 out.
void int8MatmulKn(Tensors& t) {
  size_t m = t.shapes["x"][0], k = t.shapes["x"][1], n = t.shapes["w"][1];
  for (size_t i = 0; i < m; ++i)
    for (size_t j = 0; j < n; ++j) t["y"][i * n + j] = (double)intSum(t["x"], t["w"], k, n, i, j, false);
}
// The same requantised to int8 by 1/64 (round to nearest even, saturating), in NZ: element (i, j)
// at column block j / 32, row i, column j % 32.
void int8MatmulKnNz(Tensors& t) {
  size_t m = t.shapes["x"][0], k = t.shapes["x"][1], n = t.shapes["w"][1];
  for (size_t i = 0; i < m; ++i)
    for (size_t j = 0; j < n; ++j) {
      float v = std::nearbyint((float)intSum(t["x"], t["w"], k, n, i, j, false) * (1.0f / 64));
      t["y"][(j / 32) * m * 32 + i * 32 + j % 32] = std::min(127.0f, std::max(-128.0f, v));
    }
}
// quant_matmul (x times w^T, scales in `scale`) and matmul_api_int8 (a times b^T, scales in
// `bias`): the int32 sum times the column's scale in float (VDEQF16), rounded to half.
void quantMatmul(Tensors& t) {
  size_t m = t.shapes["x"][0], k = t.shapes["x"][1], n = t.shapes["w"][0];
  for (size_t i = 0; i < m; ++i)
    for (size_t j = 0; j < n; ++j)
      t["y"][i * n + j] = h((float)intSum(t["x"], t["w"], k, n, i, j, true) * scaleOf(t["scale"][j]));
}
// quant_matmul_l1: the same values, y as the tiles of quant_matmul_l1.json's tiling (32 x 64)
// one after another, each Nz (column blocks of 16 columns, 32 rows).
void quantMatmulNzTiles(Tensors& t) {
  constexpr size_t baseM = 32, baseN = 64;
  size_t m = t.shapes["x"][0], k = t.shapes["x"][1], n = t.shapes["w"][0];
  for (size_t i = 0; i < m; ++i)
    for (size_t j = 0; j < n; ++j) {
      size_t tile = (i / baseM) * (n / baseN) + j / baseN, r = i % baseM, col = j % baseN;
      t["y"][tile * baseM * baseN + (col / 16) * baseM * 16 + r * 16 + col % 16] =
          h((float)intSum(t["x"], t["w"], k, n, i, j, true) * scaleOf(t["scale"][j]));
    }
}
void matmulApiInt8(Tensors& t) {
  size_t m = t.shapes["a"][0], k = t.shapes["a"][1], n = t.shapes["b"][0];
  for (size_t i = 0; i < m; ++i)
    for (size_t j = 0; j < n; ++j)
      t["c"][i * n + j] = h((float)intSum(t["a"], t["b"], k, n, i, j, true) * scaleOf(t["bias"][j]));
}
// Inputs of the dequantising cases: int8 values in [-8, 8], and for the scale param packed
// scales of 1/1000 .. 16/1000 (mantissa bits below the 10 the Fixpipe reads).
double int8OrScale(std::mt19937& rng, const std::string& param, const char* scaleParam) {
  if (param != scaleParam) return std::uniform_int_distribution<int>(-8, 8)(rng);
  return sk::floatBits(std::uniform_int_distribution<int>(1, 16)(rng) / 1000.0f);
}
double quantScales(std::mt19937& rng, const std::string& param) { return int8OrScale(rng, param, "scale"); }
double int8Scales(std::mt19937& rng, const std::string& param) { return int8OrScale(rng, param, "bias"); }

}  // namespace

// The kernels above, then those of cases_*.cpp.
std::vector<Case> baseCases() {
  return {
      {"mmad_basic_f32", "mmad_basic", "mmad_basic.cpp", "mmad_basic_f32.json", {"mmad_basic_tiling.h"}, matmulFloat},
      {"mmad_basic_f16", "mmad_basic", "mmad_basic.cpp", "mmad_basic_f16.json", {"mmad_basic_tiling.h"}, matmulHalf},
      // UnitFlag between Mmad and Fixpipe instead of a CO1 queue; two tiles per block reuse L0C.
      {"mmad_basic_unit_flag", "mmad_basic", "mmad_basic.cpp", "mmad_basic_unit_flag.json", {"mmad_basic_tiling.h"},
       matmulFloat},
      {"mmad_basic_f32_dav3510", "mmad_basic", "mmad_basic.cpp", "mmad_basic_f32.json", {"mmad_basic_tiling.h"}, matmulFloat,
       0, 0, nullptr, "", "dav-3510"},
      {"matmul_leakyrelu", "matmul_leakyrelu", "matmul_leakyrelu.cpp", "matmul_leakyrelu.json", {"matmul_leakyrelu_tiling.h"},
       matmulLeakyrelu<20, false>},
      {"matmul_api_bias", "matmul_api", "matmul_api.cpp", "matmul_api_bias.json", {"matmul_api_tiling.h"}, matmulApi<false, true>},
      {"matmul_api_bias_tail", "matmul_api", "matmul_api.cpp", "matmul_api_bias_tail.json", {"matmul_api_tiling.h"},
       matmulApi<false, true>},
      // A half bias: the kernel's L1 -> bias table copy converts it to float.
      {"matmul_api_bias_half", "matmul_api", "matmul_api.cpp", "matmul_api_bias_half.json", {"matmul_api_tiling.h"},
       matmulApi<false, true>},
      {"matmul_api_transb", "matmul_api", "matmul_api.cpp", "matmul_api_transb.json", {"matmul_api_tiling.h"},
       matmulApi<true, false>},
      // Float A and B, B K x N: its 16 x 16 squares transposed into L0B (LoadDataWithTranspose).
      {"matmul_api_float_kn", "matmul_api", "matmul_api.cpp", "matmul_api_float_kn.json", {"matmul_api_tiling.h"},
       matmulApi<false, true>},
      {"matmul_api_float_kn_dav3510", "matmul_api", "matmul_api.cpp", "matmul_api_float_kn.json", {"matmul_api_tiling.h"},
       matmulApi<false, true>, 0, 0, nullptr, "", "dav-3510"},
      {"matmul_api_int8", "matmul_api", "matmul_api.cpp", "matmul_api_int8.json", {"matmul_api_tiling.h"}, matmulApiInt8, 0, 0,
       int8Scales},
      {"matmul_api_static", "matmul_api", "matmul_api.cpp", "matmul_api_static.json", {"matmul_api_tiling.h"},
       matmulApi<false, false, true>},
      // Constant single-core sizes too: the edge blocks' SetTail(m, n) keeps the tiling's K.
      {"matmul_api_static_tail", "matmul_api", "matmul_api.cpp", "matmul_api_static_tail.json", {"matmul_api_tiling.h"},
       matmulApi<false, false, true>},
      {"matmul_api_order", "matmul_api", "matmul_api.cpp", "matmul_api_order.json", {"matmul_api_tiling.h"}, matmulApiOrder},
      {"matmul_api_nz", "matmul_api", "matmul_api.cpp", "matmul_api_nz.json", {"matmul_api_tiling.h"}, matmulApiNz},
      // The same kernel with the tiling the host tiling library computes (no hand-written bytes).
      {"matmul_api_host_tiling", "matmul_api", "matmul_api.cpp", "matmul_api_host.json", {"matmul_api_tiling.h"},
       matmulApi<true, false>, 0, 0, nullptr, "matmul_api_host_tiling"},
      {"matmul_api_mix", "matmul_api_mix", "matmul_api_mix.cpp", "matmul_api_mix.json", {"matmul_api_mix_tiling.h"},
       matmulLeakyrelu<200, true>},
      // On Ascend 950, whose Mmad reads A from L0A in Nz (the Matmul API loads it so).
      {"matmul_api_bias_dav3510", "matmul_api", "matmul_api.cpp", "matmul_api_bias.json", {"matmul_api_tiling.h"},
       matmulApi<false, true>, 0, 0, nullptr, "", "dav-3510"},
      {"matmul_api_mix_dav3510", "matmul_api_mix", "matmul_api_mix.cpp", "matmul_api_mix.json", {"matmul_api_mix_tiling.h"},
       matmulLeakyrelu<200, true>, 0, 0, nullptr, "", "dav-3510"},
      {"mmad_int8_kn", "mmad_int8_kn", "mmad_int8_kn.cpp", "mmad_int8_kn.json", {}, int8MatmulKn},
      {"mmad_int8_kn_nz", "mmad_int8_kn", "mmad_int8_kn.cpp", "mmad_int8_kn_nz.json", {}, int8MatmulKnNz},
      {"quant_matmul", "quant_matmul", "quant_matmul.cpp", "quant_matmul.json", {"quant_matmul_tiling.h"}, quantMatmul, 0, 0,
       quantScales},
      {"quant_matmul_fixpipe_buffer", "quant_matmul", "quant_matmul.cpp", "quant_matmul_fixpipe_buffer.json",
       {"quant_matmul_tiling.h"}, quantMatmul, 0, 0, quantScales},
      {"quant_matmul_fixpipe_config", "quant_matmul", "quant_matmul.cpp", "quant_matmul_fixpipe_config.json",
       {"quant_matmul_tiling.h"}, quantMatmul, 0, 0, quantScales},
      {"quant_matmul_l1", "quant_matmul", "quant_matmul.cpp", "quant_matmul_l1.json", {"quant_matmul_tiling.h"},
       quantMatmulNzTiles, 0, 0, quantScales},
      {"vadd_tail_half", "vadd_tail", "vadd_tail.cpp", "vadd_tail_key1.json", {"vadd_tail_tiling.h"}, vaddTailHalf},
      {"vadd_tail_float", "vadd_tail", "vadd_tail.cpp", "vadd_tail_key2.json", {"vadd_tail_tiling.h"}, vaddTailFloat},
      {"scale_cast_half", "scale_cast", "scale_cast.cpp", "scale_cast_half.json", {}, scaleCastHalf},
      // Kernel-launch style: the tiling struct by value, in registers (12 bytes) or byval (48 bytes).
      {"scale_byval_small", "scale_byval", "scale_byval.cpp", "scale_small.json", {}, scaleByval<4>},
      {"scale_byval_large", "scale_byval", "scale_byval.cpp", "scale_large.json", {}, scaleByval<8>},
      {"scale_cast_bf16", "scale_cast", "scale_cast.cpp", "scale_cast_bf16.json", {}, scaleCastBf16},
      {"relu_where_select", "relu_where", "relu_where.cpp", "relu_where_key1.json", {"relu_where_tiling.h"}, reluWhereKey1},
      {"relu_where_clamp_select", "relu_where", "relu_where.cpp", "relu_where_key2.json", {"relu_where_tiling.h"}, reluWhereKey2},
      {"relu_where_leaky", "relu_where", "relu_where.cpp", "relu_where_key3.json", {"relu_where_tiling.h"}, reluWhereKey3},
      {"relu_where_clamp_minmax", "relu_where", "relu_where.cpp", "relu_where_key4.json", {"relu_where_tiling.h"}, reluWhereKey4},
      {"softmax_rows", "softmax_rows", "softmax_rows.cpp", "softmax_rows.json", {"softmax_rows_tiling.h"}, softmaxRows},
      {"dequant_uint8", "dequant_uint8", "dequant_uint8.cpp", "dequant_uint8.json", {"dequant_uint8_tiling.h"}, dequantUint8,
       0, 0, uint8Codes},
      {"rms_norm", "rms_norm", "rms_norm.cpp", "rms_norm.json", {"rms_norm_tiling.h"}, rmsNorm},
      {"layer_norm", "layer_norm", "layer_norm.cpp", "layer_norm.json", {"layer_norm_tiling.h"}, layerNorm},
      {"atomic_colsum", "atomic_colsum", "atomic_colsum.cpp", "atomic_colsum.json", {"atomic_colsum_tiling.h"}, atomicColsum,
       0, 0, eighths},
      {"atomic_colsum_1024", "atomic_colsum", "atomic_colsum.cpp", "atomic_colsum_1024.json", {"atomic_colsum_tiling.h"},
       atomicColsum, 0, 0, eighths},
      {"cast_modes_floor", "cast_modes", "cast_modes.cpp", "cast_modes_floor.json", {"cast_modes_tiling.h"}, castModes<1>, 0, 0, quarters},
      {"cast_modes_ceil", "cast_modes", "cast_modes.cpp", "cast_modes_ceil.json", {"cast_modes_tiling.h"}, castModes<2>, 0, 0, quarters},
      {"cast_modes_trunc", "cast_modes", "cast_modes.cpp", "cast_modes_trunc.json", {"cast_modes_tiling.h"}, castModes<3>, 0, 0, quarters},
      {"cast_modes_round", "cast_modes", "cast_modes.cpp", "cast_modes_round.json", {"cast_modes_tiling.h"}, castModes<4>, 0, 0, quarters},
      {"cast_modes_rint", "cast_modes", "cast_modes.cpp", "cast_modes_rint.json", {"cast_modes_tiling.h"}, castModes<5>, 0, 0, quarters},
      {"quant_int8_half", "quant_int8", "quant_int8.cpp", "quant_int8_half.json", {"quant_int8_tiling.h"}, quantInt8Half},
      {"quant_int8_float", "quant_int8", "quant_int8.cpp", "quant_int8_float.json", {"quant_int8_tiling.h"}, quantInt8Float},
      {"w4_quant_dequant", "w4_quant", "w4_quant.cpp", "w4_quant_dequant.json", {"w4_quant_tiling.h"}, w4Dequant},
      {"w4_quant_quant", "w4_quant", "w4_quant.cpp", "w4_quant_quant.json", {"w4_quant_tiling.h"}, w4Quant},
      {"bitwise16_int16", "bitwise16", "bitwise16.cpp", "bitwise16_int16.json", {"bitwise16_tiling.h"}, bitwise16<true>, 0, 0, anyInt16},
      {"bitwise16_uint16", "bitwise16", "bitwise16.cpp", "bitwise16_uint16.json", {"bitwise16_tiling.h"}, bitwise16<false>, 0, 0,
       anyUint16},
      {"gather_reverse_float", "gather_reverse", "gather_reverse.cpp", "gather_reverse_float.json", {"gather_reverse_tiling.h"},
       gatherReverse},
      {"gather_reverse_int16", "gather_reverse", "gather_reverse.cpp", "gather_reverse_int16.json", {"gather_reverse_tiling.h"},
       gatherReverse, 0, 0, anyInt16},
      {"complex_split", "complex_split", "complex_split.cpp", "complex_split.json", {"complex_split_tiling.h"}, complexSplit},
      {"mask_ops", "mask_ops", "mask_ops.cpp", "mask_ops.json", {"mask_ops_tiling.h"}, maskOps},
      {"cmp_mask_select", "cmp_mask_select", "cmp_mask_select.cpp", "cmp_mask_select.json", {"cmp_mask_select_tiling.h"},
       cmpMaskSelect},
      {"gatherb_rows", "gatherb_rows", "gatherb_rows.cpp", "gatherb_rows.json", {}, gatherbRows, 0, 0, rowIndex},
      {"slice_copy", "slice_copy", "slice_copy.cpp", "slice_copy.json", {}, sliceCopy},
      {"gm_bypass", "gm_bypass", "gm_bypass.cpp", "gm_bypass.json", {}, gmBypass},
      {"ib_chain", "ib_chain", "ib_chain.cpp", "ib_chain.json", {}, ibChain, 0, 0, zeroSync},
      {"group_barrier", "group_barrier", "group_barrier.cpp", "group_barrier.json", {}, groupBarrier, 0, 0, zeroSync},
      {"transpose_ext", "transpose_ext", "transpose_ext.cpp", "transpose_ext.json", {}, transposeExt, 0, 0, transposeExtInputs},
      // Eighths keep the products exact multiples of 1/64, so column sums of them (fusion
      // rowscale_colsum) do not depend on the order of the atomic adds.
      {"brcb_rowscale", "brcb_rowscale", "brcb_rowscale.cpp", "brcb_rowscale.json", {"brcb_rowscale_tiling.h"}, brcbRowscale,
       0, 0, eighths},
      {"col_slice", "col_slice", "col_slice.cpp", "col_slice.json", {"col_slice_tiling.h"}, colSlice},
      {"pad_rows", "pad_rows", "pad_rows.cpp", "pad_rows.json", {}, padRows},
      {"index", "index", "index.cpp", "index.json", {}, gatherByIndex, 0, 0, indexInputs},
      {"copy_through_int64", "copy_through", "copy_through.cpp", "copy_through_int64.json", {"copy_through_tiling.h"}, copyThrough},
      {"copy_through_uint32", "copy_through", "copy_through.cpp", "copy_through_uint32.json", {"copy_through_tiling.h"}, copyThrough},
      {"copy_through_int8", "copy_through", "copy_through.cpp", "copy_through_int8.json", {"copy_through_tiling.h"}, copyThrough},
      // A header that redefines __aicore__ as CANN's compiler's `[aicore]` attribute syntax.
      {"aicore_marks", "aicore_marks", "aicore_marks.cpp", "aicore_marks.json", {"aicore_marks_tiling.h"}, scaleBias},
      {"softplus_half", "softplus", "softplus.cpp", "softplus_float16.json", {"softplus_tiling.h"}, softplusHalf},
      {"softplus_bf16", "softplus", "softplus.cpp", "softplus_bfloat16.json", {"softplus_tiling.h"}, softplusBf16},
      {"row_argmax_reduce", "row_argmax", "row_argmax.cpp", "row_argmax_key1.json", {"row_argmax_tiling.h"}, rowArgmax},
      {"row_argmax_whole", "row_argmax", "row_argmax.cpp", "row_argmax_key2.json", {"row_argmax_tiling.h"}, rowArgmax},
      // The entry is named log (a C library name): sk_cc compiles it under another name.
      {"log_half", "log", "log.cpp", "log_float16.json", {"log_tiling.h"}, logHalf, 0, 0, positive},
      {"log2_float", "log", "log.cpp", "log2_float32.json", {"log_tiling.h"}, logFloat, 0, 0, positive},
      {"log10_bf16", "log", "log.cpp", "log10_bfloat16.json", {"log_tiling.h"}, logBf16, 0, 0, positive},
      {"log_base3_half", "log", "log.cpp", "log_base3_float16.json", {"log_tiling.h"}, logHalf, 0, 0, positive},
      // bool output (bytes 0 and 1): DTYPE_Y = bool, ORIG_DTYPE_Y = DT_BOOL.
      {"is_finite_half", "is_finite", "is_finite.cpp", "is_finite_float16.json", {"is_finite_tiling.h"}, isFinite, 0, 0,
       withSpecials},
      {"is_finite_float", "is_finite", "is_finite.cpp", "is_finite_float32.json", {"is_finite_tiling.h"}, isFinite, 0, 0,
       withSpecials},
      {"is_finite_mask_half", "is_finite", "is_finite.cpp", "is_finite_mask_float16.json", {"is_finite_tiling.h"}, isFinite,
       0, 0, withSpecials},
      // The entry is named tanh (a C library name).
      {"tanh_half_tmpbuf", "tanh", "tanh.cpp", "tanh_float16.json", {"tanh_tiling.h"}, tanhOp<kHalf>},
      {"tanh_float", "tanh", "tanh.cpp", "tanh_float32.json", {"tanh_tiling.h"}, tanhOp<kFloat>},
      {"swish_half", "swish", "swish.cpp", "swish_float16.json", {"swish_tiling.h"}, swish<kHalf>},
      {"swish_bf16", "swish", "swish.cpp", "swish_bfloat16.json", {"swish_tiling.h"}, swish<kBf16>},
      {"swish_matmul_out", "swish", "swish.cpp", "swish_matmul_out.json", {"swish_tiling.h"}, swish<kHalf>},
      {"swish_mix_out", "swish", "swish.cpp", "swish_mix_out.json", {"swish_tiling.h"}, swish<kHalf>},
      {"gelu_erf_half", "gelu_erf", "gelu_erf.cpp", "gelu_erf_float16.json", {"gelu_erf_tiling.h"}, geluErf<kHalf>},
      {"gelu_erf_float", "gelu_erf", "gelu_erf.cpp", "gelu_erf_float32.json", {"gelu_erf_tiling.h"}, geluErf<kFloat>},
      // The entry is named pow (a C library name); the op_host header includes host headers and
      // holds host code (sk_cc compiles its device view).
      {"pow_tensor_tensor_half", "pow", "pow.cpp", "pow_key1_float16.json", {"pow_tiling.h"}, powOp<1, kHalf>, 0, 0,
       powInputs},
      {"pow_tensor_scalar_float", "pow", "pow.cpp", "pow_key2_float32.json", {"pow_tiling.h"}, powOp<2, kFloat>, 0, 0,
       powInputs},
      {"pow_scalar_tensor_half", "pow", "pow.cpp", "pow_key3_float16.json", {"pow_tiling.h"}, powOp<3, kHalf>, 0, 0,
       powInputs},
      // The op_host header: host includes, a tiling helper class, MAX_DIMS sizing the shape array,
      // a #define the kernel uses, END_TILING_DATA_DEF without ';', a registration over two lines.
      // ReducePairElem<ReduceType::SUM> (PairReduceSum), one repeat per call.
      {"pair_sum", "pair_sum", "pair_sum.cpp", "pair_sum.json", {}, pairSum},
      {"reduce_rows_float", "reduce_rows", "reduce_rows.cpp", "reduce_rows_float32.json", {"reduce_rows_tiling.h"},
       reduceRows<kFloat>},
      {"reduce_rows_half", "reduce_rows", "reduce_rows.cpp", "reduce_rows_float16.json", {"reduce_rows_tiling.h"},
       reduceRows<kHalf>},
      // AscendCUtils masks, vcadd(nullptr, ...) + GetAccVal(), likely/unlikely, the TQue
      // buffer-handle forms, DataCopyPad*Impl, InitOutput, GetTPipePtr from a namespace of its own.
      {"reduce_sum_all_vcadd", "reduce_sum_all", "reduce_sum_all.cpp", "reduce_sum_all_key1.json", {"reduce_sum_all_tiling.h"},
       reduceSumAll<1>},
      {"reduce_sum_all_atomic", "reduce_sum_all", "reduce_sum_all.cpp", "reduce_sum_all_key2.json", {"reduce_sum_all_tiling.h"},
       reduceSumAll<2>, 0, 0, eighths},
      {"reduce_sum_all_bf16_out", "reduce_sum_all", "reduce_sum_all.cpp", "reduce_sum_all_key1_bfloat16.json",
       {"reduce_sum_all_tiling.h"}, reduceSumAll<1, true>},
      // No inputs; more logical blocks (200, 120) than the 48 vector cores: they run in waves.
      {"rope_table_float_200_blocks", "rope_table", "rope_table.cpp", "rope_table_float32.json", {"rope_table_tiling.h"},
       ropeTable<kFloat>},
      {"rope_table_half_120_blocks", "rope_table", "rope_table.cpp", "rope_table_float16.json", {"rope_table_tiling.h"},
       ropeTable<kHalf>},
  };
}

const std::vector<Case>& cases() {
  static const std::vector<Case> all = [] {
    std::vector<Case> v = baseCases();
    for (std::vector<Case> (*more)() : {img2colCases, matmulApiCases, advCases}) {
      std::vector<Case> m = more();
      v.insert(v.end(), m.begin(), m.end());
    }
    return v;
  }();
  return all;
}

const std::vector<Fusion>& fusions() {
  static const std::vector<Fusion> all = {
      // vadd -> scale -> relu: z = x + alpha * y, then s = z * scale + bias, then where(s > 0, s, 0).
      {"vadd_scale_relu", {"vadd_tail_half", "scale_cast_half", "relu_where_select"},
       {{}, {{"x", "z"}, {"y", "s"}}, {{"x", "s"}, {"y", "out"}}}},
      // uint8 codes -> half activations -> row softmax (the two kernels meet at x).
      {"dequant_softmax", {"dequant_uint8", "softmax_rows"}},
      // rms_norm's y feeds the int8 quantiser's x; its output is q.
      {"rmsnorm_quant", {"rms_norm", "quant_int8_half"}, {{}, {{"x", "y"}, {"y", "q"}}}},
      // Row scaling, then column sums by atomic adds behind a SyncAll inside the fused kernel.
      {"rowscale_colsum", {"brcb_rowscale", "atomic_colsum_1024"}, {{{"y", "scaled"}}, {{"x", "scaled"}, {"y", "colsum"}}}},
      // ln(x - 1) in half, then which of its results are finite (NaN below 1, -inf at 1): a bool
      // output of a fused kernel, and two entries (log, is_finite) of which one sk_cc renames.
      {"log_isfinite", {"log_half", "is_finite_half"}, {{{"y", "logx"}}, {{"x", "logx"}, {"y", "finite"}}}},
      // x ^ y in half, then its exact GELU: the high-level Power and Erf inside one super kernel.
      // A cube kernel (AIC) and a vector one (AIV) in one super kernel: the matmul's half output
      // is the activation's input.
      {"mmad_swish", {"mmad_basic_f16", "swish_matmul_out"}, {{{"c", "mm"}}, {{"x", "mm"}, {"y", "act"}}}},
      // A MIX kernel (the Matmul API served by the AICs for the AIVs) then a vector one.
      {"mix_matmul_swish", {"matmul_api_mix", "swish_mix_out"}, {{{"y", "mm"}}, {{"x", "mm"}, {"y", "act"}}}},
      {"pow_gelu", {"pow_tensor_tensor_half", "gelu_erf_half"}, {{{"z", "p"}}, {{"x", "p"}, {"y", "g"}}}},
  };
  return all;
}

}  // namespace sk::corpus
