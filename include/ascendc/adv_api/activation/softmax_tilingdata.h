// Kernels include this header of CANN's by name; here it is part of kernel_tiling/kernel_tiling.h.
#include "kernel_tiling/kernel_tiling.h"
