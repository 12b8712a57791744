// y = x * scale + bias (float), in the kernel-launch style whose tiling struct is passed by
// value rather than through GM_ADDR tiling: scale_small takes a 12-byte struct (on the host ISA
// two register arguments), scale_large a 48-byte one (a byval pointer). Each block takes
// totalLength / GetBlockNum() elements in tiles of tileLength, double-buffered.
#include "kernel_operator.h"

using namespace AscendC;

struct ScaleSmallTiling {
  uint32_t totalLength;
  float scale;
  float bias;
};

struct ScaleLargeTiling {
  uint32_t totalLength;
  uint32_t tileLength;
  float scale;
  float bias;
  uint32_t reserved[8];
};

constexpr int32_t BUFFER_NUM = 2;

class KernelScale {
 public:
  __aicore__ inline KernelScale() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint32_t totalLength, uint32_t tileLength, float scale, float bias) {
    blockLength_ = totalLength / GetBlockNum();
    tileLength_ = tileLength;
    scale_ = scale;
    bias_ = bias;
    xGm_.SetGlobalBuffer((__gm__ float*)x + blockLength_ * GetBlockIdx(), blockLength_);
    yGm_.SetGlobalBuffer((__gm__ float*)y + blockLength_ * GetBlockIdx(), blockLength_);
    pipe_.InitBuffer(inQueue_, BUFFER_NUM, tileLength_ * sizeof(float));
    pipe_.InitBuffer(outQueue_, BUFFER_NUM, tileLength_ * sizeof(float));
  }
  __aicore__ inline void Process() {
    for (uint32_t i = 0; i < blockLength_ / tileLength_; ++i) {
      LocalTensor<float> in = inQueue_.AllocTensor<float>();
      DataCopy(in, xGm_[i * tileLength_], tileLength_);
      inQueue_.EnQue(in);
      LocalTensor<float> xl = inQueue_.DeQue<float>();
      LocalTensor<float> yl = outQueue_.AllocTensor<float>();
      Muls(yl, xl, scale_, tileLength_);
      Adds(yl, yl, bias_, tileLength_);
      outQueue_.EnQue(yl);
      inQueue_.FreeTensor(xl);
      LocalTensor<float> out = outQueue_.DeQue<float>();
      DataCopy(yGm_[i * tileLength_], out, tileLength_);
      outQueue_.FreeTensor(out);
    }
  }

 private:
  TPipe pipe_;
  TQue<TPosition::VECIN, BUFFER_NUM> inQueue_;
  TQue<TPosition::VECOUT, BUFFER_NUM> outQueue_;
  GlobalTensor<float> xGm_, yGm_;
  uint32_t blockLength_ = 0, tileLength_ = 0;
  float scale_ = 0, bias_ = 0;
};

extern "C" __global__ __aicore__ void scale_small(GM_ADDR x, GM_ADDR y, ScaleSmallTiling tiling) {
  KernelScale op;
  op.Init(x, y, tiling.totalLength, 256, tiling.scale, tiling.bias);
  op.Process();
}

extern "C" __global__ __aicore__ void scale_large(GM_ADDR x, GM_ADDR y, ScaleLargeTiling tiling) {
  KernelScale op;
  op.Init(x, y, tiling.totalLength, tiling.tileLength, tiling.scale, tiling.bias);
  op.Process();
}
