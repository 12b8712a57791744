// Rows of 31 floats padded to 32 on their way into UB: DataCopyPad asks for one element of right
// padding without isPad, so the pad takes SetPadValue's value; the padded rows go out whole.
#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void pad_rows(GM_ADDR x, GM_ADDR y) {
  constexpr uint32_t kRows = 16, kCols = 31, kAligned = 32;
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ float*)x + GetBlockIdx() * kRows * kCols, kRows * kCols);
  yGm.SetGlobalBuffer((__gm__ float*)y + GetBlockIdx() * kRows * kAligned, kRows * kAligned);
  TPipe pipe;
  TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> queue;
  pipe.InitBuffer(queue, 1, kRows * kAligned * sizeof(float));
  LocalTensor<float> rows = queue.AllocTensor<float>();
  DataCopyExtParams params{(uint16_t)kRows, kCols * sizeof(float), 0, 0, 0};
  DataCopyPadExtParams<float> pad{false, 0, 1, 0.0f};
  SetPadValue(37.0f);
  DataCopyPad(rows, xGm, params, pad);
  queue.EnQue(rows);
  rows = queue.DeQue<float>();
  DataCopy(yGm, rows, kRows * kAligned);
  queue.FreeTensor(rows);
}
