// GET_TILING_DATA written above the REGISTER_TILING_DEFAULT that names its struct, in one kernel
// body, as some ops-nn kernels order them (CANN takes the registration wherever it stands in the
// kernel). y = factor x, factor from the tiling (3 in the metadata). It also includes CANN's
// platform/platform_infos_def.h and uses nothing of it, as ops-transformer's interleave_rope does.
#include "kernel_operator.h"
#include "platform/platform_infos_def.h"
#include "scale_copy.h"

struct ScaleTiling {
  float factor;
  uint32_t reserved;
};

extern "C" __global__ __aicore__ void default_below(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  GET_TILING_DATA(tilingData, tiling);
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
  REGISTER_TILING_DEFAULT(ScaleTiling);
  ScaleCopy<float>(x, y, tilingData.factor);
}
