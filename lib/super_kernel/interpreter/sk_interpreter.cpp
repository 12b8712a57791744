// The entry of every super kernel: walks the task table and runs, on this core, each
// sub-kernel whose block range holds it. Built with the device compiler (clang-19, the kernel
// contract flags) and embedded in sk_compile; the linker renames sk_interpreter_entry to the
// SK's name and sk_interpreter_table to the SK's task table.
//
// Per task on this core: wait for the predecessors' release counters (unless the sub-kernel
// waits itself, at sk_wait_pre_task_end, under early start), enter the task context (so
// sk_block_idx() & co. answer for the sub-kernel), call it with its arguments (SK launch
// argument + offset each), leave the context (which releases successors unless the
// sub-kernel did at sk_set_next_task_start). Cores outside a task's range never wait for it.
#include "sk/kernel.h"
#include "sk/task_table.h"

extern "C" const struct sk_task_table sk_interpreter_table;

namespace {

struct Table {
  const sk_task_table* t;
  const sk_task* tasks;
  const sk_task_arg* args;
  const sk_task_pred* preds;
  const char* strings;
};

void record(const Table& tb, const sk_task& k, uint32_t index, bool aic, int64_t me, int64_t local,
            uint64_t start) {
  sk_profile_record r;
  r.task = index;
  r.core = (uint32_t)((aic ? 0u : 1u) << 16 | (uint32_t)me);
  r.start_cycles = start;
  r.end_cycles = sk_cycles();
  r.reserved = 0;
  uint64_t slot = k.first_record + (aic ? 0 : k.aic_count) + (uint64_t)local;
  uint8_t* ws = (uint8_t*)sk_launch_arg(tb.t->profile_param);
  sk_data_copy(ws + tb.t->profile_offset + slot * sizeof r, &r, sizeof r);
}

void runTask(const Table& tb, const sk_task& k, uint32_t index, bool aic, int64_t me, uint32_t begin,
             bool fetchHidden) {
  const uint32_t flags = tb.t->flags;
  const bool early = (flags & SK_TABLE_EARLY_START) != 0;
  const sk_task_pred* preds = tb.preds + k.first_pred;
  if (!(early && (k.flags & SK_TASK_EARLY_WAIT)))
    for (uint32_t p = 0; p < k.npreds; ++p) sk_task_wait(preds[p].task, preds[p].cores);

  uint64_t argv[64];
  for (uint32_t a = 0; a < k.nargs; ++a) {
    const sk_task_arg& arg = tb.args[k.first_arg + a];
    argv[a] = arg.param == SK_ARG_NULL ? 0 : sk_launch_arg(arg.param) + arg.offset;
  }

  int64_t local = me - (int64_t)begin;
  sk_task_context ctx;
  ctx.task = index;
  ctx.flags = k.flags;
  ctx.early_start = early ? 1 : 0;
  ctx.cores = k.aic_count + k.aiv_count;
  ctx.name = tb.strings + k.name_offset;
  ctx.block_num = k.block_dim;
  ctx.block_idx = local;  // MIX 1:2: AIV blocks are numbered [0, 2 * blockDim), as in AscendC
  bool twoAiv = !aic && k.ration_aic == 1 && k.ration_aiv == 2;
  ctx.sub_block_idx = twoAiv ? local % 2 : 0;
  ctx.sub_block_num = twoAiv ? 2 : 1;
  ctx.entry = (void*)k.entry;
  ctx.text_bytes = k.text_bytes;
  ctx.fetch_hidden = fetchHidden ? 1 : 0;
  ctx.npreds = k.npreds;
  ctx.preds = preds;
  ctx.tiling_key = k.tiling_key;

  uint64_t start = sk_cycles();
  sk_task_enter(&ctx);
  sk_call_kernel((void*)k.entry, argv, k.nargs);
  sk_task_exit();
  if (flags & SK_TABLE_PROFILING) record(tb, k, index, aic, me, local, start);
}

}  // namespace

extern "C" void sk_interpreter_entry(void) {
  Table tb;
  tb.t = &sk_interpreter_table;
  const char* base = (const char*)tb.t;
  tb.tasks = (const sk_task*)(base + tb.t->tasks_offset);
  tb.args = (const sk_task_arg*)(base + tb.t->args_offset);
  tb.preds = (const sk_task_pred*)(base + tb.t->preds_offset);
  tb.strings = base + tb.t->strings_offset;
  if (tb.t->magic != SK_TASK_TABLE_MAGIC || tb.t->version != SK_TASK_TABLE_VERSION)
    sk_trap(1, "super kernel: task table has the wrong magic or version (rebuild with this sk_compile)");

  const bool aic = sk_core_type() == 0;
  const int64_t me = sk_block_idx();
  const bool preload = (tb.t->flags & SK_TABLE_PRELOAD_CODE) != 0;
  bool ranOne = false;
  for (uint32_t i = 0; i < tb.t->ntasks; ++i) {
    const sk_task& k = tb.tasks[i];
    uint32_t begin = aic ? k.aic_begin : k.aiv_begin;
    uint32_t count = aic ? k.aic_count : k.aiv_count;
    if (count && me >= begin && me < (int64_t)(begin + count)) {
      // preload-code: while a core runs one sub-kernel it prefetches the code of its next
      // one, so only its first fetch is exposed.
      runTask(tb, k, i, aic, me, begin, preload && ranOne);
      ranOne = true;
    }
    if (tb.t->flags & SK_TABLE_DEBUG_SYNC_ALL) sk_sync_all();  // outside a task: every SK core
  }
}
