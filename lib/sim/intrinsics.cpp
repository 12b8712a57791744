// The sk_* intrinsics kernels call (docs/architecture.md §3.1). Each finds the calling core, checks its
// operands, does the work on host memory and advances the core's virtual clock.
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstring>

#include "launch.h"
#include "sk/text.h"
#include "sk/sim/float16.h"
#include "sk/sim/intrinsics.h"
#include "vector_ops.h"

#define SK_KERNEL_C_ONLY
#include "sk/kernel.h"
#include "sk/task_table.h"

namespace sk::sim {

std::string CoreRun::label() const {
  std::string s = type == CoreType::AIC ? "aic" : "aiv";
  s += std::to_string(physId) + " (block " + std::to_string(blockIdx);
  if (task) s += std::string(" of ") + task->name;
  return s + ")";
}

namespace {

using sk::hexAddress;

// The core calling an intrinsic. Outside a launch (host code calling an intrinsic) there is
// none: that is a programming error of the host program, reported once per call.
CoreRun* enter(const char* name) {
  CoreRun* c = currentCore();
  if (!c) {
    std::fprintf(stderr, "sk: %s called outside a kernel launch; ignored\n", name);
    return nullptr;
  }
  if (c->launch->abortRequested.load(std::memory_order_relaxed)) abandonSelf(c);
  return c;
}

// A fault message names the kernel (the sub-kernel inside a super kernel), block, core and
// what went wrong. (Faults do not unwind: temporaries of the caller are not freed, a few
// hundred bytes per fault.)
[[noreturn]] void fault(CoreRun* c, const std::string& what) {
  const std::string kernel = c->task ? c->task->name : c->launch->desc.name;
  raiseFault(c, kernel + ": block " + std::to_string(c->blockIdx) + " on " +
                    (c->type == CoreType::AIC ? "aic" : "aiv") + std::to_string(c->physId) + ": " + what);
}

enum class Space { Local, Scalar, Gm, Invalid };

bool inRange(const void* p, uint64_t bytes, const uint8_t* lo, const uint8_t* hi) {
  auto a = (const uint8_t*)p;
  return a >= lo && a <= hi && bytes <= (uint64_t)(hi - a);
}

// Local memory is the core's UB/L1; "scalar" memory is the core's own stack (a kernel's
// local variables, e.g. the target of GlobalTensor::GetValue).
Space classify(CoreRun* c, const void* p, uint64_t bytes) {
  if (inRange(p, bytes, c->local, c->local + c->localSize)) return Space::Local;
  if (inRange(p, bytes, c->stack.lo, c->stack.hi)) return Space::Scalar;
  auto a = (uint64_t)p;
  if (a >= c->launch->hbmBase && a < c->launch->hbmEnd) return Space::Gm;
  return Space::Invalid;
}

const char* localName(const CoreRun* c) { return c->type == CoreType::AIC ? "L1" : "UB"; }

// Checks a GM range against the live allocations; faults with the allocation it overruns.
void checkGm(CoreRun* c, const char* op, const char* role, const void* p, uint64_t bytes, bool write) {
  const AllocTable& t = *c->launch->mem;
  auto addr = (uint64_t)p;
  if (const Allocation* a = t.find(addr, bytes)) {
    if (write && a->readOnly)
      fault(c, std::string(op) + ": write of " + std::to_string(bytes) + " bytes at " + hexAddress(addr) +
                   " into read-only device memory (buffer #" + std::to_string(a->id) + ")");
    return;
  }
  std::string what = std::string(op) + ": " + (write ? "write" : "read") + " of " + std::to_string(bytes) +
                     " bytes at GM address " + hexAddress(addr) + " (" + role + ")";
  if (const Allocation* a = t.enclosing(addr))
    what += " runs " + std::to_string(addr + bytes - (a->begin + a->size)) + " bytes past the end of buffer #" +
            std::to_string(a->id) + " [" + hexAddress(a->begin) + ", +" + std::to_string(a->size) + ")";
  else
    what += " is not inside any live device allocation";
  fault(c, what);
}

void checkLocalOperand(CoreRun* c, const char* op, const char* role, const void* p, uint64_t bytes) {
  if (!inRange(p, bytes, c->local, c->local + c->localSize))
    fault(c, std::string(op) + ": operand " + role + " [" + hexAddress((uint64_t)p) + ", +" + std::to_string(bytes) +
                 ") is not in this core's local memory (" + localName(c) + ", " + std::to_string(c->localSize) +
                 " bytes at " + hexAddress((uint64_t)c->local) + "): vector and cube ops work on local memory only");
}

void requireCoreType(CoreRun* c, const char* op, CoreType t) {
  if (c->type != t)
    fault(c, std::string(op) + (t == CoreType::AIV ? " is a vector op: it runs on AIV cores only"
                                                   : " is a cube op: it runs on AIC cores only"));
}

uint64_t repeats(uint64_t count, uint32_t elemBytes) { return (count * elemBytes + 255) / 256; }

void chargeVector(CoreRun* c, const char* opName, uint64_t count, uint32_t elemBytes) {
  const arch::VectorOpCost& k = c->launch->arch->vectorOp(opName);
  c->clock += k.head + k.perRepeat * repeats(count, elemBytes);
}

struct Operand {
  const char* role;
  const void* p;
  uint64_t bytes;
};

// What every vector and cube op checks first: the calling core, its type, known dtypes, and
// every operand inside the core's local memory. Null: not called from a kernel.
CoreRun* unitOp(const char* intrinsic, const char* op, CoreType unit, std::initializer_list<int32_t> dtypes,
                std::initializer_list<Operand> operands) {
  CoreRun* c = enter(intrinsic);
  if (!c) return nullptr;
  requireCoreType(c, op, unit);
  for (int32_t d : dtypes)
    if (codeBytes(d) == 0) fault(c, std::string(op) + ": unknown dtype code " + std::to_string(d));
  for (const Operand& o : operands) checkLocalOperand(c, op, o.role, o.p, o.bytes);
  return c;
}

void faultIf(CoreRun* c, const std::string& err) {
  if (!err.empty()) fault(c, err);
}

// The device resets task slots [0, tasksUsed) after the launch.
void noteTaskUsed(Launch& L, uint32_t task) {
  uint32_t used = L.tasksUsed.load(std::memory_order_relaxed);
  while (used <= task && !L.tasksUsed.compare_exchange_weak(used, task + 1)) {
  }
}

}  // namespace

}  // namespace sk::sim

using namespace sk::sim;
using sk::CoreType;

extern "C" {

int64_t sk_block_idx(void) {
  CoreRun* c = enter("sk_block_idx");
  return c ? c->blockIdx : 0;
}
int64_t sk_block_num(void) {
  CoreRun* c = enter("sk_block_num");
  return c ? c->blockNum : 1;
}
int64_t sk_sub_block_idx(void) {
  CoreRun* c = enter("sk_sub_block_idx");
  return c ? c->subBlockIdx : 0;
}
int64_t sk_sub_block_num(void) {
  CoreRun* c = enter("sk_sub_block_num");
  return c ? c->subBlockNum : 1;
}
int32_t sk_core_type(void) {
  CoreRun* c = enter("sk_core_type");
  return c ? (int32_t)c->type : 1;
}
void* sk_ub_base(void) {
  CoreRun* c = enter("sk_ub_base");
  return c ? c->local : nullptr;
}
uint64_t sk_ub_size(void) {
  CoreRun* c = enter("sk_ub_size");
  return c ? c->localSize : 0;
}
uint64_t sk_cycles(void) {
  CoreRun* c = enter("sk_cycles");
  return c ? c->clock : 0;
}

void sk_data_copy(void* dst, const void* src, uint64_t bytes) {
  CoreRun* c = enter("sk_data_copy");
  if (!c || bytes == 0) return;
  Launch& L = *c->launch;
  Space d = classify(c, dst, bytes), s = classify(c, src, bytes);
  if (d == Space::Invalid || s == Space::Invalid) {
    const void* bad = d == Space::Invalid ? dst : src;
    fault(c, std::string("sk_data_copy: ") + (d == Space::Invalid ? "dst " : "src ") + hexAddress((uint64_t)bad) + " (+" +
                 std::to_string(bytes) + " bytes) is neither inside this core's local memory (" + localName(c) +
                 ") nor in device memory (GM)");
  }
  if (d == Space::Gm && s == Space::Gm)
    fault(c, "sk_data_copy: GM to GM copy (" + hexAddress((uint64_t)src) + " -> " + hexAddress((uint64_t)dst) +
                 "): stage the data through local memory");
  double gbps;
  if (s == Space::Gm) {
    checkGm(c, "sk_data_copy", "src", src, bytes, false);
    gbps = c->type == CoreType::AIC ? L.l1ReadGBps : L.gmReadGBps;
  } else if (d == Space::Gm) {
    checkGm(c, "sk_data_copy", "dst", dst, bytes, true);
    gbps = c->type == CoreType::AIC ? L.l1WriteGBps : L.gmWriteGBps;
  } else {
    gbps = L.localGBps;
  }
  std::memmove(dst, src, bytes);
  c->clock += L.arch->dataCopyLatencyCycles + L.arch->transferCycles(bytes, gbps);
}

void sk_sync_all(void) {
  CoreRun* c = enter("sk_sync_all");
  if (!c) return;
  Launch& L = *c->launch;
  if (c->task) {  // a barrier over the cores of the current sub-kernel only
    TaskSlot& slot = L.tasks[c->task->task];
    slot.barrierLock.lock();
    if (!slot.barrier) slot.barrier.emplace(c->task->cores, L.arch->syncAllCycles);
    slot.barrierLock.unlock();
    slot.barrier->arrive(c);
    return;
  }
  if (L.waves)
    fault(c, "sk_sync_all in a launch whose blockDim " + std::to_string(L.desc.blockDim) +
                 " exceeds the cores it can use (" + std::to_string(L.cores.size()) +
                 "): blocks run in waves, so a barrier over all blocks can never complete; lower blockDim");
  L.syncAll->arrive(c);
}

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
  for (uint32_t i = 0; i < t.npreds; ++i) c->launch->tasks[t.preds[i].task].release.wait(c, t.preds[i].cores);
}

void sk_set_next_task_start(void) {
  CoreRun* c = enter("sk_set_next_task_start");
  if (!c || !c->task) return;
  TaskContext& t = *c->task;
  if (!(t.flags & SK_TASK_EARLY_SET)) return;
  if (++t.setCalls > 1)
    fault(c, "sk_set_next_task_start called twice on this core (earlyStart.set allows exactly one call)");
  if (t.earlyStart) c->launch->tasks[t.task].release.add(c);
}

void sk_trap(int32_t code, const char* msg) {
  CoreRun* c = enter("sk_trap");
  if (!c) return;
  char text[512];
  std::snprintf(text, sizeof text, "%s", msg ? msg : "");
  fault(c, "sk_trap(" + std::to_string(code) + "): " + text);
}

int sk_printf(const char* fmt, ...) {
  CoreRun* c = enter("sk_printf");
  if (!c || !fmt) return 0;
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  int n = std::vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  c->prints.push_back(PrintLine{c->clock, buf});
  c->clock += 100;  // printf goes through a dump buffer in GM: charge a small fixed cost
  return n;
}

void sk_vec_binary(int32_t op, int32_t dtype, void* dst, const void* src0, const void* src1, uint64_t count) {
  const char* name = binaryOpName(op);
  uint64_t bytes = count * codeBytes(dtype);
  CoreRun* c = unitOp("sk_vec_binary", name, CoreType::AIV, {dtype}, {{"dst", dst, bytes}, {"src0", src0, bytes}, {"src1", src1, bytes}});
  if (!c) return;
  faultIf(c, vecBinary(op, dtype, dst, src0, src1, count));
  chargeVector(c, name, count, codeBytes(dtype));
}

void sk_vec_scalar(int32_t op, int32_t dtype, void* dst, const void* src, const void* scalar, uint64_t count) {
  const char* name = scalarOpName(op);
  uint64_t bytes = count * codeBytes(dtype);
  CoreRun* c = unitOp("sk_vec_scalar", name, CoreType::AIV, {dtype}, {{"dst", dst, bytes}, {"src", src, bytes}});
  if (!c) return;
  if (!scalar) fault(c, std::string(name) + ": scalar pointer is null");
  faultIf(c, vecScalar(op, dtype, dst, src, scalar, count));
  chargeVector(c, name, count, codeBytes(dtype));
}

void sk_vec_unary(int32_t op, int32_t dtype, void* dst, const void* src, uint64_t count) {
  const char* name = unaryOpName(op);
  uint64_t bytes = count * codeBytes(dtype);
  CoreRun* c = unitOp("sk_vec_unary", name, CoreType::AIV, {dtype}, {{"dst", dst, bytes}, {"src", src, bytes}});
  if (!c) return;
  faultIf(c, vecUnary(op, dtype, dst, src, count));
  chargeVector(c, name, count, codeBytes(dtype));
}

void sk_vec_reduce(int32_t op, int32_t dtype, void* dst, const void* src, uint64_t count) {
  const char* name = reduceOpName(op);
  uint32_t eb = codeBytes(dtype);
  CoreRun* c = unitOp("sk_vec_reduce", name, CoreType::AIV, {dtype}, {{"dst", dst, eb}, {"src", src, count * eb}});
  if (!c) return;
  faultIf(c, vecReduce(op, dtype, dst, src, count));
  chargeVector(c, name, count, eb);
}

void sk_vec_cast(int32_t dstType, int32_t srcType, int32_t round, void* dst, const void* src, uint64_t count) {
  uint32_t db = codeBytes(dstType), sb = codeBytes(srcType);
  CoreRun* c = unitOp("sk_vec_cast", "cast", CoreType::AIV, {dstType, srcType},
                      {{"dst", dst, count * db}, {"src", src, count * sb}});
  if (!c) return;
  faultIf(c, vecCast(dstType, srcType, round, dst, src, count));
  chargeVector(c, "cast", count, db > sb ? db : sb);
}

void sk_vec_dup(int32_t dtype, void* dst, const void* scalar, uint64_t count) {
  CoreRun* c = unitOp("sk_vec_dup", "duplicate", CoreType::AIV, {dtype}, {{"dst", dst, count * codeBytes(dtype)}});
  if (!c) return;
  if (!scalar) fault(c, "duplicate: scalar pointer is null");
  faultIf(c, vecDup(dtype, dst, scalar, count));
  chargeVector(c, "duplicate", count, codeBytes(dtype));
}

void sk_cube_mmad(void* cm, const void* a, const void* b, uint32_t m, uint32_t k, uint32_t n, int32_t abType,
                  int32_t accumulate) {
  uint32_t eb = codeBytes(abType);
  CoreRun* c = unitOp("sk_cube_mmad", "mmad", CoreType::AIC, {abType},
                      {{"a", a, (uint64_t)m * k * eb}, {"b", b, (uint64_t)k * n * eb}, {"c", cm, (uint64_t)m * n * 4}});
  if (!c) return;
  faultIf(c, cubeMmad(cm, a, b, m, k, n, abType, accumulate != 0));
  const ArchSpec& A = *c->launch->arch;
  uint32_t kFrac = 32 / eb;  // k elements per 16x?x16 fractal: 16 (fp16), 8 (fp32), 32 (int8)
  uint64_t fractals = (uint64_t)((m + 15) / 16) * ((k + kFrac - 1) / kFrac) * ((n + 15) / 16);
  c->clock += A.cubeHeadCycles + fractals * (abType == SK_DT_FLOAT32 ? A.cubeFractalCyclesF32 : A.cubeFractalCyclesF16);
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
  c->launch->tasks[task].release.wait(c, cores);
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
  t.name = ctx->name ? ctx->name : "unnamed task";
  c->outerBlockIdx = c->blockIdx;
  c->outerBlockNum = c->blockNum;
  c->outerSubBlockIdx = c->subBlockIdx;
  c->outerSubBlockNum = c->subBlockNum;
  c->blockIdx = ctx->block_idx;
  c->blockNum = ctx->block_num;
  c->subBlockIdx = ctx->sub_block_idx;
  c->subBlockNum = ctx->sub_block_num;
  chargeFetch(c, ctx->entry, ctx->text_bytes, ctx->fetch_hidden != 0);
  t.span = c->spans.size();
  c->spans.push_back(Span{t.name, c->clock, 0, ctx->block_idx, false});
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
  if (!(t.earlyStart && (t.flags & SK_TASK_EARLY_SET))) c->launch->tasks[t.task].release.add(c);
  c->spans[t.span].end = c->clock;
  c->blockIdx = c->outerBlockIdx;
  c->blockNum = c->outerBlockNum;
  c->subBlockIdx = c->outerSubBlockIdx;
  c->subBlockNum = c->outerSubBlockNum;
  c->task.reset();
}

// Compiler helpers for _Float16 / __bf16 arithmetic. On x86-64 these values travel in the low
// 16 bits of an XMM register, which is also where a float's bits travel, so float-typed
// parameters and results carry them without relying on the host compiler's _Float16.
static float sk_extendhfsf2(float h) {
  uint32_t bits = sk::floatBits(h);
  return sk::halfToFloat((uint16_t)bits);
}
static float sk_truncsfhf2(float f) { return sk::bitsFloat(sk::floatToHalf(f)); }
static float sk_truncdfhf2(double d) { return sk::bitsFloat(sk::floatToHalf((float)d)); }
static float sk_truncsfbf2(float f) { return sk::bitsFloat(sk::floatToBf16(f)); }
static float sk_truncdfbf2(double d) { return sk::bitsFloat(sk::floatToBf16((float)d)); }

}  // extern "C"

namespace sk::sim {

const std::vector<IntrinsicSymbol>& intrinsicSymbols() {
  static const std::vector<IntrinsicSymbol> table = {
      {"sk_block_idx", (void*)&sk_block_idx},
      {"sk_block_num", (void*)&sk_block_num},
      {"sk_sub_block_idx", (void*)&sk_sub_block_idx},
      {"sk_sub_block_num", (void*)&sk_sub_block_num},
      {"sk_core_type", (void*)&sk_core_type},
      {"sk_ub_base", (void*)&sk_ub_base},
      {"sk_ub_size", (void*)&sk_ub_size},
      {"sk_cycles", (void*)&sk_cycles},
      {"sk_data_copy", (void*)&sk_data_copy},
      {"sk_sync_all", (void*)&sk_sync_all},
      {"sk_wait_pre_task_end", (void*)&sk_wait_pre_task_end},
      {"sk_set_next_task_start", (void*)&sk_set_next_task_start},
      {"sk_trap", (void*)&sk_trap},
      {"sk_printf", (void*)&sk_printf},
      {"sk_vec_binary", (void*)&sk_vec_binary},
      {"sk_vec_scalar", (void*)&sk_vec_scalar},
      {"sk_vec_unary", (void*)&sk_vec_unary},
      {"sk_vec_reduce", (void*)&sk_vec_reduce},
      {"sk_vec_cast", (void*)&sk_vec_cast},
      {"sk_vec_dup", (void*)&sk_vec_dup},
      {"sk_cube_mmad", (void*)&sk_cube_mmad},
      {"sk_launch_arg", (void*)&sk_launch_arg},
      {"sk_call_kernel", (void*)&sk_call_kernel},
      {"sk_task_wait", (void*)&sk_task_wait},
      {"sk_task_enter", (void*)&sk_task_enter},
      {"sk_task_exit", (void*)&sk_task_exit},
      {"__extendhfsf2", (void*)&sk_extendhfsf2},
      {"__truncsfhf2", (void*)&sk_truncsfhf2},
      {"__truncdfhf2", (void*)&sk_truncdfhf2},
      {"__truncsfbf2", (void*)&sk_truncsfbf2},
      {"__truncdfbf2", (void*)&sk_truncdfbf2},
  };
  return table;
}

}  // namespace sk::sim
