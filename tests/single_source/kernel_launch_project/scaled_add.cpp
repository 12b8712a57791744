// The kernel file of a kernel-launch project, written as CANN's kernel-launch samples write
// theirs: only device code, plus a host function that launches the kernel with <<<>>> (outside
// ASCENDC_CPU_DEBUG, as the samples guard it). z = alpha * x + y over n halves, 8 blocks.
#include "kernel_operator.h"

constexpr int32_t TILE = 256;

class ScaledAdd {
 public:
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, float alpha, uint32_t n) {
    uint32_t perBlock = n / AscendC::GetBlockNum();
    uint64_t start = (uint64_t)perBlock * AscendC::GetBlockIdx();
    xGm_.SetGlobalBuffer((__gm__ half*)x + start, perBlock);
    yGm_.SetGlobalBuffer((__gm__ half*)y + start, perBlock);
    zGm_.SetGlobalBuffer((__gm__ half*)z + start, perBlock);
    tiles_ = perBlock / TILE;
    alpha_ = (half)alpha;
    pipe_.InitBuffer(inX_, 2, TILE * sizeof(half));
    pipe_.InitBuffer(inY_, 2, TILE * sizeof(half));
    pipe_.InitBuffer(out_, 2, TILE * sizeof(half));
  }
  __aicore__ inline void Process() {
    for (uint32_t t = 0; t < tiles_; ++t) {
      AscendC::LocalTensor<half> x = inX_.AllocTensor<half>(), y = inY_.AllocTensor<half>();
      AscendC::DataCopy(x, xGm_[t * TILE], TILE);
      AscendC::DataCopy(y, yGm_[t * TILE], TILE);
      inX_.EnQue(x);
      inY_.EnQue(y);
      x = inX_.DeQue<half>();
      y = inY_.DeQue<half>();
      AscendC::LocalTensor<half> z = out_.AllocTensor<half>();
      AscendC::Axpy(y, x, alpha_, TILE);
      AscendC::Adds(z, y, (half)0, TILE);
      out_.EnQue(z);
      inX_.FreeTensor(x);
      inY_.FreeTensor(y);
      z = out_.DeQue<half>();
      AscendC::DataCopy(zGm_[t * TILE], z, TILE);
      out_.FreeTensor(z);
    }
  }

 private:
  AscendC::TPipe pipe_;
  AscendC::TQue<AscendC::TPosition::VECIN, 2> inX_, inY_;
  AscendC::TQue<AscendC::TPosition::VECOUT, 2> out_;
  AscendC::GlobalTensor<half> xGm_, yGm_, zGm_;
  uint32_t tiles_ = 0;
  half alpha_;
};

extern "C" __global__ __aicore__ void scaled_add(GM_ADDR x, GM_ADDR y, GM_ADDR z, float alpha, uint32_t n) {
  ScaledAdd op;
  op.Init(x, y, z, alpha, n);
  op.Process();
}

#ifndef ASCENDC_CPU_DEBUG
void scaled_add_do(uint32_t blockDim, void* l2ctrl, void* stream, uint8_t* x, uint8_t* y, uint8_t* z, float alpha,
                   uint32_t n) {
  scaled_add<<<blockDim, l2ctrl, stream>>>(x, y, z, alpha, n);
}
#endif
