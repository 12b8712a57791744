// A kernel that keeps the compile contract: z = x + y over float16 tiles, one tile per block.
#include <sk/kernel.h>

// An exported data symbol (kernelName naming it is "not a function").
extern "C" const int32_t add_custom_version = 1;

// A function with local binding, symbol "add_tail" (kernelName naming it is "has local binding").
__attribute__((noinline)) static void add_tail(int64_t block) __asm__("add_tail");
static void add_tail(int64_t block) {
  if (block == 0) sk_printf("add_custom: %lld blocks\n", (long long)sk_block_num());
}

extern "C" void add_custom(uint8_t* x, uint8_t* y, uint8_t* z) {
  const uint64_t tile = 2048 * 2;  // bytes of one float16 row
  int64_t block = sk_block_idx();
  uint8_t* ub = static_cast<uint8_t*>(sk_ub_base());
  sk_data_copy(ub, x + block * tile, tile);
  sk_data_copy(ub + tile, y + block * tile, tile);
  sk_vec_binary(SK_VOP_ADD, SK_DT_FLOAT16, ub, ub, ub + tile, 2048);
  sk_data_copy(z + block * tile, ub, tile);
  add_tail(block);
}
