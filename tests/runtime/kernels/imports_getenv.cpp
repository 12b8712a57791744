// Calls a host function that is neither an intrinsic nor on the allow-list (sk_cc turns printf
// and puts into the device printf, so this one reads the environment).
#include <stdlib.h>

#include "sk/kernel.h"

extern "C" void imports_getenv(uint8_t* x) { x[0] = (uint8_t)(getenv("HOME") != nullptr); }
