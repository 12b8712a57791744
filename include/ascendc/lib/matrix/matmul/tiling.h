// The Matmul API's tiling names, which kernels include by this name (sk_ascendc/matmul.h).
#include "lib/matmul_intf.h"
