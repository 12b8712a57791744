// CANN's include path also reaches its std headers as "std/algorithm.h" (under utils/); AscendC::Std
// is part of kernel_operator.h here.
#include "kernel_operator.h"
