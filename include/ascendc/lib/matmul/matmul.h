// Kernels include the Matmul API by this name too (CANN lib/matmul/matmul.h; sk_ascendc/matmul.h).
#include "lib/matmul_intf.h"
