// A kernel whose CPU-test twin, a template, sits under `#ifdef __CCE_KT_TEST__` beside the real
// extern "C" one, as ops-nn's optim kernels write it (no tiling-template tables: a template entry
// would not compile). y = 3 x in float; sk_cc must compile the C entry as it stands.
#include "kernel_operator.h"
#include "scale_copy.h"

#ifdef __CCE_KT_TEST__
template <typename D_T>
__global__ __aicore__ void kt_entries(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  ScaleCopy<D_T>(x, y, (D_T)3);
}
#else
extern "C" __global__ __aicore__ void kt_entries(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  ScaleCopy<float>(x, y, 3.0f);
}
#endif
