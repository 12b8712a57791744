// y = 2 * x + y over 8 blocks of 256 floats, in the dialect of the installed headers.
#include "sk/kernel.h"

using namespace AscendC;

extern "C" void axpy(GM_ADDR x, GM_ADDR y) {
  constexpr uint32_t kTile = 256;
  TPipe pipe;
  TBuf<TPosition::VECCALC> bx, by;
  pipe.InitBuffer(bx, kTile * sizeof(float));
  pipe.InitBuffer(by, kTile * sizeof(float));
  GlobalTensor<float> gx, gy;
  gx.SetGlobalBuffer((__gm__ float*)x + GetBlockIdx() * kTile, kTile);
  gy.SetGlobalBuffer((__gm__ float*)y + GetBlockIdx() * kTile, kTile);
  LocalTensor<float> lx = bx.Get<float>(), ly = by.Get<float>();
  DataCopy(lx, gx, kTile);
  DataCopy(ly, gy, kTile);
  Muls(lx, lx, 2.0f, kTile);
  Add(ly, lx, ly, kTile);
  DataCopy(gy, ly, kTile);
}
