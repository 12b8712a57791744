// The super-kernel ABI's intrinsics (include/sk/task_table.h): launch arguments, calls of a
// sub-kernel's entry, per-task release counters and task contexts, and the early-start points
// sub-kernels call.
#include "intrinsic_support.h"

#define SK_KERNEL_C_ONLY
#include "sk/kernel.h"
#include "sk/task_table.h"

namespace sk::sim {
namespace {
// The device resets task slots [0, tasksUsed) after the launch.
void noteTaskUsed(Launch& L, uint32_t task) {
  uint32_t used = L.tasksUsed.load(std::memory_order_relaxed);
  while (used <= task && !L.tasksUsed.compare_exchange_weak(used, task + 1)) {
  }
}

// Task release counters in the timing replay: a release after the core's pipes finish, a wait
// until `cores` releases (the latest + taskSyncCycles).
void recordRelease(CoreRun* c, uint32_t task) {
  timing::Op op{timing::OpKind::Release};
  op.id = task;
  record(c, op);
}
// Waits for `cores` releases of `task`; the wait is a span of its own, so reports can show
// what the task boundaries of a super kernel cost.
void waitForTask(CoreRun* c, uint32_t task, uint32_t cores) {
  uint32_t begin = mark(c, false);
  timing::Op op{timing::OpKind::Acquire};
  op.id = task;
  op.amount = cores;
  record(c, op);
  c->launch->tasks[task].release.wait(c, cores);
  if (c->rec) c->rec->spans.push_back(SpanRecord{"sk_task_wait", begin, mark(c, false), c->blockIdx});
}
}  // namespace
}  // namespace sk::sim

using namespace sk::sim;

extern "C" {

// Early start (docs/sk_compile.md). Outside a super kernel there is no predecessor or successor: both
// are no-ops. Inside, a declared call must happen exactly once per core; with the SK's
// early-start option off the dispatcher already waited and releases at return, so the
// declared calls are satisfied no-ops (one binary serves both settings).
void sk_wait_pre_task_end(void) {
  CoreRun* c = enter("sk_wait_pre_task_end");
  if (!c || !c->task) return;
  TaskContext& t = *c->task;
  if (!(t.flags & SK_TASK_EARLY_WAIT)) return;
  if (++t.waitCalls > 1)
    fault(c, "sk_wait_pre_task_end called twice on this core (earlyStart.wait allows exactly one call)");
  if (!t.earlyStart) return;
  for (uint32_t i = 0; i < t.npreds; ++i) waitForTask(c, t.preds[i].task, t.preds[i].cores);
}

void sk_set_next_task_start(void) {
  CoreRun* c = enter("sk_set_next_task_start");
  if (!c || !c->task) return;
  TaskContext& t = *c->task;
  if (!(t.flags & SK_TASK_EARLY_SET)) return;
  if (++t.setCalls > 1)
    fault(c, "sk_set_next_task_start called twice on this core (earlyStart.set allows exactly one call)");
  if (!t.earlyStart) return;
  recordRelease(c, t.task);
  c->launch->tasks[t.task].release.add(c);
}

uint64_t sk_launch_arg(uint32_t index) {
  CoreRun* c = enter("sk_launch_arg");
  if (!c) return 0;
  const std::vector<uint64_t>& a = c->launch->desc.args;
  if (index >= a.size())
    fault(c, "sk_launch_arg(" + std::to_string(index) + "): the launch has " + std::to_string(a.size()) + " arguments");
  return a[index];
}

void sk_call_kernel(void* entry, const uint64_t* args, uint32_t nargs) {
  CoreRun* c = enter("sk_call_kernel");
  if (!c) return;
  if (!entry) fault(c, "sk_call_kernel: null entry");
  if (nargs >= 64) fault(c, "sk_call_kernel: " + std::to_string(nargs) + " arguments; ABI v1 allows at most 63");
  callKernel(entry, args, nargs);
}

void sk_task_wait(uint32_t task, uint32_t cores) {
  CoreRun* c = enter("sk_task_wait");
  if (!c) return;
  if (task >= SK_MAX_TASKS) fault(c, "sk_task_wait: task " + std::to_string(task) + " out of range");
  noteTaskUsed(*c->launch, task);
  waitForTask(c, task, cores);
}

void sk_task_enter(const sk_task_context* ctx) {
  CoreRun* c = enter("sk_task_enter");
  if (!c) return;
  Launch& L = *c->launch;
  if (c->task) fault(c, std::string("sk_task_enter: already inside task '") + c->task->name + "'");
  if (ctx->task >= SK_MAX_TASKS) fault(c, "sk_task_enter: task " + std::to_string(ctx->task) + " out of range");
  noteTaskUsed(L, ctx->task);
  L.tasks[ctx->task].release.setName(ctx->name);
  TaskContext& t = c->task.emplace();
  t.task = ctx->task;
  t.flags = ctx->flags;
  t.earlyStart = ctx->early_start;
  t.cores = ctx->cores;
  t.npreds = ctx->npreds;
  t.preds = ctx->preds;
  t.tilingKey = ctx->tiling_key;
  t.name = ctx->name ? ctx->name : "unnamed task";
  c->outerBlockIdx = c->blockIdx;
  c->outerBlockNum = c->blockNum;
  c->outerSubBlockIdx = c->subBlockIdx;
  c->outerSubBlockNum = c->subBlockNum;
  c->blockIdx = ctx->block_idx;
  c->blockNum = ctx->block_num;
  c->subBlockIdx = ctx->sub_block_idx;
  c->subBlockNum = ctx->sub_block_num;
  uint32_t begin = mark(c, false);
  chargeFetch(c, ctx->entry, ctx->text_bytes, ctx->fetch_hidden != 0);
  c->resetBlockState();  // each sub-kernel starts as a kernel of its own
  if (c->rec) {
    t.span = c->rec->spans.size();
    c->rec->spans.push_back(SpanRecord{t.name, begin, begin, ctx->block_idx});
  }
}

void sk_task_exit(void) {
  CoreRun* c = enter("sk_task_exit");
  if (!c) return;
  if (!c->task) fault(c, "sk_task_exit outside a task");
  TaskContext& t = *c->task;
  if ((t.flags & SK_TASK_EARLY_WAIT) && t.waitCalls == 0)
    fault(c, "declares earlyStart.wait but returned without calling sk_wait_pre_task_end");
  if ((t.flags & SK_TASK_EARLY_SET) && t.setCalls == 0)
    fault(c, "declares earlyStart.set but returned without calling sk_set_next_task_start");
  if (!(t.earlyStart && (t.flags & SK_TASK_EARLY_SET))) {
    recordRelease(c, t.task);
    c->launch->tasks[t.task].release.add(c);
  }
  if (c->rec) c->rec->spans[t.span].endMark = mark(c, true);
  c->blockIdx = c->outerBlockIdx;
  c->blockNum = c->outerBlockNum;
  c->subBlockIdx = c->outerSubBlockIdx;
  c->subBlockNum = c->outerSubBlockNum;
  c->task.reset();
}

}  // extern "C"
