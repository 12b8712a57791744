/* The super-kernel device ABI, version SK_TASK_TABLE_VERSION (docs/architecture.md, "Fixed
 * interfaces"). Owner: lib/super_kernel. Two halves:
 *  - the task table sk_compile writes into the section `.data.rel.ro.sk_task_table` of <sk>.o and
 *    the prebuilt interpreter (the SK entry, lib/super_kernel/interpreter) walks. Every offset is
 *    from the start of the table; every pointer is an R_X86_64_64 relocation;
 *  - the sk_task_* / sk_launch_arg / sk_call_kernel intrinsics the interpreter calls and the
 *    simulator implements (lib/sim/intrinsics.cpp).
 * An incompatible change of either half bumps SK_TASK_TABLE_VERSION: the interpreter traps on a
 * table of another version. A C header: compiled by clang-19 into the interpreter and by the host
 * compiler into sk_compile and the simulator. */
#ifndef SK_TASK_TABLE_H
#define SK_TASK_TABLE_H

#include <stdint.h>

#define SK_TASK_TABLE_MAGIC 0x42544b53u /* "SKTB" */
#define SK_TASK_TABLE_VERSION 2u
#define SK_MAX_TASKS 16384u
#define SK_ARG_NULL 0xffffffffu

/* sk_task_table.flags: the SK options that change what the interpreter does. */
enum {
  SK_TABLE_EARLY_START = 1u,    /* honour the sub-kernels' early-start points */
  SK_TABLE_DEBUG_SYNC_ALL = 2u, /* an all-core barrier after every task */
  SK_TABLE_PRELOAD_CODE = 4u,   /* prefetch each core's next sub-kernel code while it runs one */
  SK_TABLE_PROFILING = 8u       /* record each task's start and end per core in the workspace */
};

/* sk_task.flags: what the sub-kernel declares in its metadata. */
enum {
  SK_TASK_EARLY_WAIT = 1u, /* calls sk_wait_pre_task_end() once per core */
  SK_TASK_EARLY_SET = 2u   /* calls sk_set_next_task_start() once per core */
};

/* One argument of a sub-kernel call: launch argument `param` of the SK plus `offset`
 * (SK_ARG_NULL: a null pointer, e.g. a 0-byte workspace). */
struct sk_task_arg {
  uint32_t param;
  uint32_t reserved;
  uint64_t offset;
};

struct sk_task {
  void (*entry)(void);  /* <sk>__<i>__<kernelName> */
  uint64_t text_bytes;  /* size of the entry in .text: the instruction-fetch model */
  uint32_t name_offset; /* NUL-terminated, e.g. "add_custom (op 1)" */
  uint32_t flags;       /* SK_TASK_* */
  uint32_t block_dim;   /* the sub-kernel's blockDim: what sk_block_num() returns in it */
  uint8_t ration_aic, ration_aiv; /* the sub-kernel's taskRation */
  uint16_t reserved;
  uint32_t aic_begin, aic_count; /* SK AIC blocks running it (count 0: none) */
  uint32_t aiv_begin, aiv_count; /* SK AIV blocks running it, in the SK's AIV numbering */
  uint32_t first_arg, nargs;     /* into the argument array */
  uint32_t first_pred, npreds;   /* into the sk_task_pred array */
  uint32_t first_record;         /* profiling=1: its first sk_profile_record (AIC blocks, then AIV) */
  uint32_t reserved2;
  uint64_t tiling_key;           /* the sub-kernel's tilingKey: what sk_tiling_key() returns in it */
};

/* A predecessor of a task and how many cores release it. */
struct sk_task_pred {
  uint32_t task;
  uint32_t cores;
};

struct sk_task_table {
  uint32_t magic, version, ntasks, flags;
  uint32_t tasks_offset, args_offset, preds_offset, strings_offset;
  uint32_t profile_param;  /* launch argument holding the workspace (profiling=1) */
  uint32_t reserved;
  uint64_t profile_offset; /* where the profile records start in it */
};

/* One profiling record (profiling=1): 32 bytes per (task, core). */
struct sk_profile_record {
  uint32_t task;
  uint32_t core; /* core type << 16 | SK block index */
  uint64_t start_cycles, end_cycles;
  uint64_t reserved;
};

#ifdef __cplusplus
extern "C" {
#endif

/* ---- intrinsics of the super-kernel ABI (the interpreter calls them, the simulator implements them)
   Generic device mechanisms: launch arguments by index, calls by address, per-task release
   counters, and a task context that makes sk_block_idx() & co. answer for the sub-kernel. */
struct sk_task_context {
  uint32_t task;        /* task index: names its release counter and its barrier */
  uint32_t flags;       /* SK_TASK_EARLY_WAIT / SK_TASK_EARLY_SET, as the sub-kernel declares */
  uint32_t early_start; /* the SK's early-start option: 1 honours the declared points */
  uint32_t cores;       /* cores running the task: its barrier size and release target */
  const char* name;     /* "add_custom (op 1)": names it in reports and traces */
  int64_t block_idx, block_num, sub_block_idx, sub_block_num;
  void* entry;
  uint64_t text_bytes;  /* instruction-fetch model: charged on a core's first call of entry */
  uint32_t fetch_hidden; /* 1: the fetch was prefetched (preload-code) and costs nothing */
  uint32_t npreds;
  const struct sk_task_pred* preds;
  uint64_t tiling_key;  /* what sk_tiling_key() returns in the task */
};
uint64_t sk_launch_arg(uint32_t index);
void     sk_call_kernel(void* entry, const uint64_t* args, uint32_t nargs);
void     sk_task_wait(uint32_t task, uint32_t cores); /* until `cores` cores released task */
void     sk_task_enter(const struct sk_task_context* ctx);
void     sk_task_exit(void);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* SK_TASK_TABLE_H */
