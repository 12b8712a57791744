// Prints other string literals (.rodata.str1.1 of a second input).
#include "sk/kernel.h"

extern "C" void printer_b(uint8_t* arg) {
  int32_t x;
  sk_data_copy(&x, arg, 4);
  sk_printf("printer_b: %s/%s %d\n", "second", x & 1 ? "odd" : "even", (int)x);
}
