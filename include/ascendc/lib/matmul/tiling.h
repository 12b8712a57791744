// Kernels include the Matmul API by this name too (CANN lib/matmul/tiling.h; sk_ascendc/matmul.h).
#include "lib/matmul_intf.h"
