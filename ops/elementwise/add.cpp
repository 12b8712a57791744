// add: z = x + y, element-wise, same shapes.
#include "elementwise.h"

extern "C" __global__ __aicore__ void add(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling) {
  sk_ops::RunElementwise<sk_ops::AddOp>(x, y, z, tiling);
}
