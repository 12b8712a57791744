// Kernels include the Matmul API by this name too (CANN lib/matmul/constant_tiling.h; sk_ascendc/matmul.h).
#include "lib/matmul_intf.h"
