// The object behind every sub-kernel of the planner tests: the planner reads only its entry
// symbol and size; the metadata each test builds says what the kernel touches.
#include "sk/kernel.h"

extern "C" void rk_noop(uint8_t* p0) { (void)p0; }
