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

// Integer divisions by a zero and a -1 read from GM (x[0] = 0, x[1] = -1), which trap on the host
// CPU and not on the AI Core's scalar unit: sk_cc guards them (integer_division.cpp). x[2..9]: the
// results; x[10..11] a division by 7 (x[12]) on the unguarded path.
extern "C" void divide_by_zero(uint8_t* p) {
  volatile int32_t* x = (volatile int32_t*)p;
  int32_t zero = x[0], minusOne = x[1], seven = x[12];
  uint32_t uzero = (uint32_t)zero;
  x[2] = 1000 / zero;
  x[3] = 1000 % zero;
  x[4] = (int32_t)(7u / uzero);
  x[5] = (int32_t)(7u % uzero);
  x[6] = INT32_MIN / minusOne;
  x[7] = INT32_MIN % minusOne;
  x[8] = 1000 / minusOne;
  x[9] = (int32_t)(((int64_t)1 << 40) / (int64_t)zero >> 32);
  x[10] = -1000 / seven;
  x[11] = -1000 % seven;
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
