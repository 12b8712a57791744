// Kernels with the bugs that raise signals on a real CPU: each must end as a device exception
// naming what happened, and the host must go on.
#include "sk/kernel.h"

// A store to address 16 (a near-null pointer).
extern "C" void wild_store(uint8_t* x) {
  volatile uintptr_t where = 16;
  *(volatile int32_t*)where = (int32_t)(uintptr_t)x;
}

// __builtin_trap: ud2, SIGILL.
extern "C" void trap(uint8_t* x) {
  if (*(volatile uint8_t*)x == 0) __builtin_trap();
}

// Integer division by a zero read from GM: SIGFPE.
extern "C" void divide_by_zero(uint8_t* x) {
  volatile int32_t d = *(int32_t*)x;
  *(int32_t*)x = 1000 / d;
}

// Unbounded recursion: the fiber's stack overflows into its guard page.
static int deeper(volatile uint8_t* p, int n) {
  volatile uint8_t frame[512];
  frame[0] = (uint8_t)n;
  return deeper(p, n + 1) + frame[0] + p[0];
}
extern "C" void overflow_stack(uint8_t* x) { *(int32_t*)x = deeper(x, 0); }

// Plain stores running 1 MiB past the 256-byte buffer x: device memory nobody owns.
extern "C" void write_past_buffer(uint8_t* x) {
  for (int i = 0; i < (1 << 20); i += 4096) x[256 + i] = 1;
}
