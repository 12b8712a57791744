// Splits interleaved complex float32 values (re, im, re, im, ...) into their real and imaginary
// parts with GatherMask's built-in patterns (1: even elements, 2: odd elements) and computes the
// modulus |z| = sqrt(re^2 + im^2).
#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint8_t PATTERN_EVEN = 1;
constexpr uint8_t PATTERN_ODD = 2;

class ComplexSplit {
 public:
  __aicore__ inline ComplexSplit() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR re, GM_ADDR im, GM_ADDR absz, const ComplexSplitTilingData& tiling) {
    blockComplex_ = tiling.blockComplex;
    tileComplex_ = tiling.tileComplex;
    uint64_t offset = (uint64_t)GetBlockIdx() * blockComplex_;
    xGm_.SetGlobalBuffer((__gm__ float*)x + 2 * offset, 2 * blockComplex_);
    reGm_.SetGlobalBuffer((__gm__ float*)re + offset, blockComplex_);
    imGm_.SetGlobalBuffer((__gm__ float*)im + offset, blockComplex_);
    absGm_.SetGlobalBuffer((__gm__ float*)absz + offset, blockComplex_);
    pipe_.InitBuffer(inQueue_, BUFFER_NUM, 2 * tileComplex_ * sizeof(float));
    pipe_.InitBuffer(outQueue_, BUFFER_NUM, 3 * tileComplex_ * sizeof(float));  // re | im | abs
    pipe_.InitBuffer(squareBuf_, tileComplex_ * sizeof(float));
  }

  __aicore__ inline void Process() {
    for (uint32_t i = 0; i < blockComplex_ / tileComplex_; ++i) {
      LocalTensor<float> xLocal = inQueue_.AllocTensor<float>();
      DataCopy(xLocal, xGm_[2 * i * tileComplex_], 2 * tileComplex_);
      inQueue_.EnQue(xLocal);
      Compute();
      LocalTensor<float> outLocal = outQueue_.DeQue<float>();
      DataCopy(reGm_[i * tileComplex_], outLocal, tileComplex_);
      DataCopy(imGm_[i * tileComplex_], outLocal[tileComplex_], tileComplex_);
      DataCopy(absGm_[i * tileComplex_], outLocal[2 * tileComplex_], tileComplex_);
      outQueue_.FreeTensor(outLocal);
    }
  }

 private:
  __aicore__ inline void Compute() {
    LocalTensor<float> xLocal = inQueue_.DeQue<float>();
    LocalTensor<float> outLocal = outQueue_.AllocTensor<float>();
    LocalTensor<float> re = outLocal;
    LocalTensor<float> im = outLocal[tileComplex_];
    LocalTensor<float> modulus = outLocal[2 * tileComplex_];
    LocalTensor<float> square = squareBuf_.Get<float>();

    uint64_t kept = 0;
    uint16_t repeats = (uint16_t)(2 * tileComplex_ * sizeof(float) / ONE_REPEAT_BYTE_SIZE);
    GatherMaskParams params{1, repeats, DEFAULT_REPEAT_STRIDE, 0};
    GatherMask(re, xLocal, PATTERN_EVEN, false, 0, params, kept);
    GatherMask(im, xLocal, PATTERN_ODD, false, 0, params, kept);
    PipeBarrier<PIPE_V>();
    Mul(modulus, re, re, tileComplex_);
    Mul(square, im, im, tileComplex_);
    PipeBarrier<PIPE_V>();
    Add(modulus, modulus, square, tileComplex_);
    PipeBarrier<PIPE_V>();
    Sqrt(modulus, modulus, tileComplex_);

    outQueue_.EnQue(outLocal);
    inQueue_.FreeTensor(xLocal);
  }

  TPipe pipe_;
  TQue<QuePosition::VECIN, BUFFER_NUM> inQueue_;
  TQue<QuePosition::VECOUT, BUFFER_NUM> outQueue_;
  TBuf<TPosition::VECCALC> squareBuf_;
  GlobalTensor<float> xGm_, reGm_, imGm_, absGm_;
  uint32_t blockComplex_ = 0, tileComplex_ = 0;
};
}  // namespace

extern "C" __global__ __aicore__ void complex_split(GM_ADDR x, GM_ADDR re, GM_ADDR im, GM_ADDR absz, GM_ADDR workspace,
                                                    GM_ADDR tiling) {
  GET_TILING_DATA(tilingData, tiling);
  ComplexSplit op;
  op.Init(x, re, im, absz, tilingData);
  op.Process();
}
