// Kernels include this header of CANN's by name; here everything is in kernel_operator.h.
#include "kernel_operator.h"
