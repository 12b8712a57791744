// Kernels include this header of CANN's by name; here it is part of lib/matmul_intf.h.
#include "lib/matmul_intf.h"
