// square: y = x * x, element-wise.
#include "elementwise.h"

extern "C" __global__ __aicore__ void square(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  sk_ops::RunElementwise<sk_ops::SquareOp>(x, nullptr, y, tiling);
}
