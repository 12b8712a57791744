// Calls through a table of entries that no input defines: the linker's caller adds it as a
// synthetic section (R_X86_64_64 relocations to entry symbols of other inputs) and maps
// `sk_entry_table` to it with InputObject::renames.
#include "sk/kernel.h"

typedef void (*sk_entry_t)(uint8_t* out, uint8_t* arg);
extern "C" const sk_entry_t sk_entry_table[];

extern "C" void dispatch(uint8_t* out, uint8_t* arg, uint8_t* which) {
  int32_t w;
  sk_data_copy(&w, which, 4);
  sk_entry_table[w](out, arg);
}
