// The SDK's device printf header: kernels print with plain printf (or AscendC::printf); sk_cc
// makes the C library's printf in kernel code the simulator's (redirectStdioToDevice).
#pragma once
#include "kernel_operator.h"
