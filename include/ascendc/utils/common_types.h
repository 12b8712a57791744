// CANN's utils/common_types.h: the basic types and type traits of AscendC (IsSameType, the
// data types), part of kernel_operator.h here.
#include "kernel_operator.h"
