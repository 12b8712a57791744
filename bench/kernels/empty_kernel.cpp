// Does nothing: measures the cost of a launch itself.
#include "sk/kernel.h"

extern "C" void empty_kernel(uint8_t* unused) {}
