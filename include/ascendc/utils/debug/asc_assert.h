// The SDK's device assert header: assert in kernel code is the device assert (sk_ascendc/debug.h).
#pragma once
#include "kernel_operator.h"
