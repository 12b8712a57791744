// mul: z = x * y, element-wise, same shapes.
#include "elementwise.h"

extern "C" __global__ __aicore__ void mul(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling) {
  sk_ops::RunElementwise<sk_ops::MulOp>(x, y, z, tiling);
}
