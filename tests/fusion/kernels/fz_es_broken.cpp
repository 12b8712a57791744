// Early-start contract breakers: both declare earlyStart wait and set (see the .json files).
#include "sk/kernel.h"

// Never calls its declared points.
extern "C" void fz_es_missing(uint8_t* x, uint8_t* y) {
  sk_data_copy(sk_ub_base(), x, 1024);
  sk_data_copy(y, sk_ub_base(), 1024);
}

// Calls sk_wait_pre_task_end twice.
extern "C" void fz_es_double(uint8_t* x, uint8_t* y) {
  sk_wait_pre_task_end();
  sk_wait_pre_task_end();
  sk_data_copy(sk_ub_base(), x, 1024);
  sk_data_copy(y, sk_ub_base(), 1024);
  sk_set_next_task_start();
}
