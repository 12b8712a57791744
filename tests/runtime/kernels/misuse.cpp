// Kernels that break the dialect's rules, one per entry.
#include "sk/kernel.h"

using namespace AscendC;

// A vector op on GM operands: vector ops work on local memory only.
extern "C" void vector_on_gm(uint8_t* x) {
  sk_vec_binary(SK_VOP_ADD, SK_DT_FLOAT32, x, x, x, 16);
}

// A cube op on an AIV core.
extern "C" void cube_on_aiv(uint8_t* x) {
  float* ub = (float*)sk_ub_base();
  sk_cube_mmad(ub, ub + 256, ub + 512, 16, 16, 16, SK_DT_FLOAT32, 0);
}

// A DataCopy whose size is not a multiple of 32 bytes.
extern "C" void unaligned_copy(uint8_t* x) {
  GlobalTensor<float> g;
  g.SetGlobalBuffer((float*)x);
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 256);
  LocalTensor<float> t = buf.Get<float>();
  DataCopy(t, g, 5);
}

// GM to GM copies must be staged through local memory.
extern "C" void gm_to_gm(uint8_t* x, uint8_t* y) { sk_data_copy(y, x, 64); }

// An explicit trap.
extern "C" void trap_kernel(uint8_t* x) {
  if (sk_block_idx() == 1) sk_trap(42, "bad tiling");
}

// A field width glibc would pad in full (minutes of host time) before cutting to the buffer.
extern "C" void huge_printf(uint8_t* x) { sk_printf("%2147483600d\n", 1); }

// IBWait for a flag no block sets: block 1 waits for block 0's event 3, which block 0 never sets.
extern "C" void ib_wait_unset(uint8_t* x) {
  if (sk_block_idx() == 1) sk_ib_wait(0, 3);
}

// IBSet naming an event outside 0..31.
extern "C" void ib_set_bad_event(uint8_t* x) { sk_ib_set(0, 40); }

// GroupBarrier of 2 arriving AIVs and 1 waiting one (workspace x, 512 bytes): block 0 arrives
// as index 0, index 1 never arrives, block 1 waits forever.
extern "C" void group_wait_unarrived(uint8_t* x) {
  if (sk_block_idx() == 0) sk_group_arrive(x, 2, 1, 0);
  if (sk_block_idx() == 1) sk_group_wait(x, 2, 1, 0);
}

// GroupBarrier Arrive with an index outside its arrive group.
extern "C" void group_arrive_bad_index(uint8_t* x) { sk_group_arrive(x, 2, 1, 5); }
