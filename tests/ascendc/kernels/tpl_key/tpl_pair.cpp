// A template kernel whose translation unit holds the tiling-key tables of three ops, as ops-nn's
// conv3d_transpose_v2 includes conv3d_backprop_input_v2's key header beside its own (CANN's
// kernel pass expands them to nothing): its entry takes its own op's table, the one named after
// it (TplPairArch35), neither the first nor the last. y = x * TILES (tiling key 1: TILES 3).
#include "kernel_operator.h"
#include "scale_copy.h"
#include "tpl_scale_key.h"
#include "tpl_pair_key.h"

template <int TILES>
__global__ __aicore__ void tpl_pair(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  ScaleCopy<float>(x, y, (float)TILES);
}
