// Kernels include the high-level Matmul API by this name (sk_ascendc/matmul.h).
#include "kernel_operator.h"
#include "sk_ascendc/matmul.h"
