// Calls a host function that is neither an intrinsic nor on the allow-list.
#include <stdio.h>

#include "sk/kernel.h"

extern "C" void imports_puts(uint8_t* x) { puts("hello from the device"); }
