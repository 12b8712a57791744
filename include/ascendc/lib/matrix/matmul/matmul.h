// Kernels include the Matmul API by this name too (sk_ascendc/matmul.h).
#include "lib/matmul_intf.h"
