// Prints string literals (.rodata.str1.1, SHF_MERGE|SHF_STRINGS).
#include "sk/kernel.h"

extern "C" void printer_a(uint8_t* arg) {
  int32_t x;
  sk_data_copy(&x, arg, 4);
  sk_printf("printer_a says %s %d\n", x > 0 ? "positive" : "other", (int)x);
}
