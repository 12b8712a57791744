// Misuses of the 3D load (img2col), one per tiling key; each must end in a device exception
// naming what is wrong. The base load: a 1 x 16 feature map of 32 half channels, 1 x 1 kernel,
// its 16 x 32 img2col matrix into L0A.
#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void img2col_misuse(GM_ADDR x) {
  TPipe pipe;
  TBuf<TPosition::A1> l1;
  TBuf<TPosition::A2> l0a;
  pipe.InitBuffer(l1, 4096);
  pipe.InitBuffer(l0a, 4096);
  LocalTensor<half> fm = l1.Get<half>(), a = l0a.Get<half>();
  LoadData3DParamsV2<half> p;
  p.l1H = 1;
  p.l1W = 16;
  p.channelSize = 32;
  p.kExtension = 32;
  p.mExtension = 16;
  if (TILING_KEY_IS(1)) p.channelSize = 24;  // not a multiple of C0 = 16
  if (TILING_KEY_IS(2)) SetLoadDataRepeat({0, 2, 0});
  if (TILING_KEY_IS(3)) p.kStartPt = 8;
  if (TILING_KEY_IS(4)) SetLoadDataBoundary(1024);  // the 1024-byte map starts at L1 byte 0: fits
  if (TILING_KEY_IS(5)) {
    SetLoadDataBoundary(1024);
    LoadData(a, fm[1024], p);  // the map starts at L1 byte 2048, past the boundary
    return;
  }
  if (TILING_KEY_IS(6)) p.mStartPt = 16;  // rows 16..31 of a 16-row matrix
  if (TILING_KEY_IS(11)) p.l1W = 12;       // 16 rows of a 12-row matrix: on to its fractal's end, allowed
  if (TILING_KEY_IS(8)) p.kExtension = 24;  // L0A's K axis ends part way through a fractal
  if (TILING_KEY_IS(7)) {
    LoadData(fm[1024], fm, p);  // dst in L1
    return;
  }
#if defined(__NPU_ARCH__) && __NPU_ARCH__ == 3510
  // Ascend 950's LoadDataWithStride: no dstStride set (key 9); a 32-row block whose column
  // blocks are set 1 fractal apart, so they would overlap (key 10).
  if (TILING_KEY_IS(9) || TILING_KEY_IS(10)) {
    if (TILING_KEY_IS(10)) {
      p.l1W = 32, p.mExtension = 32;
      SetLoadDataRepeatWithStride({0, 1, 0, 1});
    }
    LoadDataWithStride(a, fm, p);
    return;
  }
#endif
  LoadData(a, fm, p);
}
