// Kernels include this header of CANN's by name (AscendC::Std); here it is part of kernel_operator.h.
#include "kernel_operator.h"
