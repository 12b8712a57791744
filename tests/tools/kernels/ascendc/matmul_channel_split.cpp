// A Matmul whose config asks for isEnableChannelSplit (a float C as 16 x 8 fractals) with an ND C,
// which has no fractals to split: sk_cc must refuse it at compile time.
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
         MatmulType<TPosition::GM, CubeFormat::ND, float>, MatmulType<TPosition::GM, CubeFormat::ND, float>, kChannelSplit>
      mm;
  (void)mm;
}
