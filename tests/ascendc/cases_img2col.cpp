// Corpus kernels of one cube API area (see corpus.h); their host references.
// The img2col area: the 3D load (LoadData3DParamsV2 / V2Pro, SetFmatrix, SetLoadDataPaddingValue,
// SetLoadDataRepeat, SetLoadDataBoundary) used as a 2D load and for a convolution.
#include "corpus.h"

namespace sk::corpus {

namespace {

// img2col_matmul: c = a x b with a M x K and b K x N in half, summed in fp32 in ascending k as the
// cube does (the loads only move elements, so the 3D and 2D loads must give the same bits).
void img2colMatmul(Tensors& t) {
  size_t m = t.shapes["a"][0], k = t.shapes["a"][1], n = t.shapes["b"][1];
  for (size_t i = 0; i < m; ++i)
    for (size_t j = 0; j < n; ++j) {
      float acc = 0;
      for (size_t p = 0; p < k; ++p) acc += (float)t["a"][i * k + p] * (float)t["b"][p * n + j];
      t["c"][i * n + j] = acc;
    }
}

// img2col_matmul_f32: c = a x b in float with a stored K x M (transposed).
void img2colMatmulF32(Tensors& t) {
  size_t k = t.shapes["a"][0], m = t.shapes["a"][1], n = t.shapes["b"][1];
  for (size_t i = 0; i < m; ++i)
    for (size_t j = 0; j < n; ++j) {
      float acc = 0;
      for (size_t p = 0; p < k; ++p) acc += (float)t["a"][p * m + i] * (float)t["b"][p * n + j];
      t["c"][i * n + j] = acc;
    }
}

// img2col_conv: x NC1HWC0 (N = 1), w FRACTAL_Z (weight (k, n), k = ((c1 * Kh + kh) * Kw + kw) * C0
// + c0, at ((k / 16) * N1 + n / 16) * 256 + (n % 16) * 16 + k % 16), y NHWC; 3 x 3 kernel, stride 2,
// pad 1, positions outside the map reading `padValue`. Small integers: every sum is exact.
template <int PAD_VALUE> void img2colConv(Tensors& t) {
  const int c1s = 2, hs = 16, ws = 8, c0s = 16, kh = 3, kw = 3, stride = 2, pad = 1, cout = 32, n1 = cout / 16;
  const int ho = (hs + 2 * pad - kh) / stride + 1, wo = (ws + 2 * pad - kw) / stride + 1;
  for (int oh = 0; oh < ho; ++oh)
    for (int ow = 0; ow < wo; ++ow)
      for (int n = 0; n < cout; ++n) {
        double acc = 0;
        for (int c1 = 0; c1 < c1s; ++c1)
          for (int r = 0; r < kh; ++r)
            for (int s = 0; s < kw; ++s)
              for (int c0 = 0; c0 < c0s; ++c0) {
                int h = oh * stride + r - pad, w = ow * stride + s - pad;
                double x = h >= 0 && h < hs && w >= 0 && w < ws ? t["x"][((c1 * hs + h) * ws + w) * c0s + c0] : PAD_VALUE;
                int k = ((c1 * kh + r) * kw + s) * c0s + c0;
                acc += x * t["w"][((k / 16) * n1 + n / 16) * 256 + (n % 16) * 16 + k % 16];
              }
        t["y"][(oh * wo + ow) * cout + n] = acc;
      }
}

double smallIntegers(std::mt19937& rng, const std::string&) { return (double)std::uniform_int_distribution<int>(-4, 4)(rng); }

}  // namespace

std::vector<Case> img2colCases() {
  const std::vector<std::string> none;
  return {
      // The 3D load as a 2D one: A into L0A's Zz (l1H 1, l1W the padded rows, channelSize =
      // kExtension the padded K); then B into L0B's Zn (l1H the padded K, l1W 1, channelSize N)
      // with the registers set first; then A by the V2Pro form from the right feature-map register.
      {"img2col_matmul_a_zz", "img2col_matmul", "img2col_matmul.cpp", "img2col_matmul_key1.json", none, img2colMatmul},
      {"img2col_matmul_b_zn", "img2col_matmul", "img2col_matmul.cpp", "img2col_matmul_key2.json", none, img2colMatmul},
      {"img2col_matmul_a_pro", "img2col_matmul", "img2col_matmul.cpp", "img2col_matmul_key3.json", none, img2colMatmul},
      // Ascend 950 (L0A in Nz): the plain 3D load into L0A's Nz, and LoadDataWithStride with
      // SetLoadDataRepeatWithStride's dstStride into L0A's Nz and L0B's Zn.
      {"img2col_matmul_a_nz_dav3510", "img2col_matmul", "img2col_matmul.cpp", "img2col_matmul_key1.json", none, img2colMatmul, 0,
       0, nullptr, "", "dav-3510"},
      {"img2col_matmul_with_stride_dav3510", "img2col_matmul", "img2col_matmul.cpp", "img2col_matmul_key4.json", none,
       img2colMatmul, 0, 0, nullptr, "", "dav-3510"},
      // A's dstStride by the four-field LoadDataRepeatParam older CANNs have (ops-nn's conv kernels
      // write it) and a plain LoadData, in two pieces of rows.
      {"img2col_matmul_repeat_param_stride_dav3510", "img2col_matmul", "img2col_matmul.cpp", "img2col_matmul_key6.json", none,
       img2colMatmul, 0, 0, nullptr, "", "dav-3510"},
      // The plain 3D load through Load3DBitModeParam (its words from LoadData3DParamsV2, the
      // feature map from SetFmatrix).
      {"img2col_matmul_bit_mode_dav3510", "img2col_matmul", "img2col_matmul.cpp", "img2col_matmul_key5.json", none,
       img2colMatmul, 0, 0, nullptr, "", "dav-3510"},
      // 4-byte A stored transposed: the transposing load into L0A (and B into L0B), Mmad with
      // kDirectionAlign.
      {"img2col_matmul_f32_transpose", "img2col_matmul_f32", "img2col_matmul_f32.cpp", "img2col_matmul_f32.json", none,
       img2colMatmulF32},
      // A real convolution: 3 x 3, stride 2, pad 1, loaded from non-zero mStartPt / kStartPt; pad
      // value 0 from the load, then 1.0 from SetLoadDataPaddingValue.
      {"img2col_conv", "img2col_conv", "img2col_conv.cpp", "img2col_conv_key1.json", none, img2colConv<0>, 0, 0,
       smallIntegers},
      {"img2col_conv_pad_register", "img2col_conv", "img2col_conv.cpp", "img2col_conv_key2.json", none, img2colConv<1>, 0, 0,
       smallIntegers},
  };
}

}  // namespace sk::corpus
