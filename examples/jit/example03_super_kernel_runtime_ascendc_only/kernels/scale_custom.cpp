// scale_custom: y = x * scale (float32), in tiles of tileLength per core.
#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void scale_custom(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  GET_TILING_DATA_WITH_STRUCT(ScaleCustomTilingData, t, tiling);
  uint32_t blockLength = t.totalLength / GetBlockNum();
  uint64_t offset = (uint64_t)blockLength * GetBlockIdx();
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ float*)x + offset, blockLength);
  yGm.SetGlobalBuffer((__gm__ float*)y + offset, blockLength);
  TPipe pipe;
  TQue<QuePosition::VECIN, 2> inQueue;
  TQue<QuePosition::VECOUT, 2> outQueue;
  pipe.InitBuffer(inQueue, 2, t.tileLength * sizeof(float));
  pipe.InitBuffer(outQueue, 2, t.tileLength * sizeof(float));
  for (uint32_t i = 0; i < blockLength / t.tileLength; ++i) {
    LocalTensor<float> in = inQueue.AllocTensor<float>();
    DataCopy(in, xGm[i * t.tileLength], t.tileLength);
    inQueue.EnQue(in);
    in = inQueue.DeQue<float>();
    LocalTensor<float> out = outQueue.AllocTensor<float>();
    Muls(out, in, t.scale, t.tileLength);
    outQueue.EnQue(out);
    inQueue.FreeTensor(in);
    out = outQueue.DeQue<float>();
    DataCopy(yGm[i * t.tileLength], out, t.tileLength);
    outQueue.FreeTensor(out);
  }
}
