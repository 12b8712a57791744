// A Matmul whose config asks for isEnableChannelSplit (float C as 16 x 8 fractals), which the
// simulator does not model: sk_cc must refuse it at compile time, not run it with 16 x 16 ones.
#include "kernel_operator.h"
#include "lib/matmul_intf.h"

using namespace AscendC;

constexpr MatmulConfig ChannelSplitConfig() {
  MatmulConfig c = CFG_MDL;
  c.isEnableChannelSplit = true;
  return c;
}
constexpr MatmulConfig kChannelSplit = ChannelSplitConfig();

extern "C" __global__ __aicore__ void matmul_channel_split(GM_ADDR a, GM_ADDR b, GM_ADDR c) {
  Matmul<MatmulType<TPosition::GM, CubeFormat::ND, half>, MatmulType<TPosition::GM, CubeFormat::ND, half>,
         MatmulType<TPosition::GM, CubeFormat::NZ, float>, MatmulType<TPosition::GM, CubeFormat::ND, float>, kChannelSplit>
      mm;
  (void)mm;
}
