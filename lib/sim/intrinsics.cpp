// The core intrinsics kernels call (docs/architecture.md §3.1): identity, local memories,
// copies, flags and barriers, per-core state, printf and traps, and the table of every symbol a
// kernel may import from the simulator. Vector and cube instructions: vector_intrinsics.cpp;
// the super-kernel ABI: task_intrinsics.cpp.
#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "intrinsic_support.h"
#include "sk/sim/float16.h"
#include "sk/sim/intrinsics.h"
#include "sk/text.h"
#include "sk/types.h"
#include "vector_unit.h"

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

void checkPipe(CoreRun* c, const char* op, int32_t pipe, bool allowAll) {
  if (pipe < SK_PIPE_S || pipe > (allowAll ? SK_PIPE_ALL : SK_PIPE_FIX))
    fault(c, std::string(op) + ": unknown pipe " + std::to_string(pipe));
}

// The pipe a copy runs on, from where its ends are: into GM, L0C's results leave on FIX and
// L1's (copy_cbuf_to_gm) and UB's on MTE3; into L1 (from L0C) and the fixpipe buffer
// (copy_cbuf_to_fbuf) on FIX.
int32_t copyPipe(const CoreRun* c, Space d, Space s, int srcSpace, int dstSpace) {
  if (s == Space::Gm) return SK_PIPE_MTE2;
  if (d == Space::Gm) return srcSpace == SK_MEM_L0C ? SK_PIPE_FIX : SK_PIPE_MTE3;
  if (c->type == CoreType::AIV) return dstSpace == SK_MEM_L1 ? SK_PIPE_MTE3 : SK_PIPE_V;
  return dstSpace == SK_MEM_L1 || dstSpace == SK_MEM_FB ? SK_PIPE_FIX : SK_PIPE_MTE1;
}

// The latest sk_l2_mode range holding addr decides.
bool bypassesL2(const CoreRun* c, uint64_t addr) {
  for (auto it = c->l2Modes.rbegin(); it != c->l2Modes.rend(); ++it)
    if (addr >= it->begin && addr < it->end) return it->bypass;
  return false;
}

// What a copy inside a core moves per cycle, by where it goes.
double localRate(const CoreRun* c, int dstSpace) {
  const Launch& L = *c->launch;
  switch (dstSpace) {
    case SK_MEM_L0A: return L.l0aRate;
    case SK_MEM_L0B: return L.l0bRate;
    case SK_MEM_BT: case SK_MEM_FB: return L.btRate;
    default: return L.localRate;
  }
}

// `count` blocks of `len` bytes, block i from src + i * srcStride to dst + i * dstStride. Both
// spans are checked (GM against one live allocation); a copy into GM combines with what is
// there under the core's atomic mode.
void copyBlocks(CoreRun* c, const char* op, void* dst, const void* src, uint64_t count, uint64_t len,
                uint64_t srcStride, uint64_t dstStride) {
  if (count == 0 || len == 0) return;
  uint64_t srcSpan, dstSpan;
  if (__builtin_mul_overflow(count - 1, srcStride, &srcSpan) || __builtin_add_overflow(srcSpan, len, &srcSpan) ||
      __builtin_mul_overflow(count - 1, dstStride, &dstSpan) || __builtin_add_overflow(dstSpan, len, &dstSpan))
    fault(c, std::string(op) + ": " + std::to_string(count) + " blocks of " + std::to_string(len) +
                 " bytes with these strides overflow the address space");
  Launch& L = *c->launch;
  Space d = classify(c, dst, dstSpan), s = classify(c, src, srcSpan);
  if (d == Space::Invalid || s == Space::Invalid) {
    const void* bad = d == Space::Invalid ? dst : src;
    fault(c, std::string(op) + ": " + (d == Space::Invalid ? "dst " : "src ") + hexAddress((uint64_t)bad) + " (+" +
                 std::to_string(d == Space::Invalid ? dstSpan : srcSpan) + " bytes) is neither inside this core's local memory (" +
                 localName(c) + ") nor in device memory (GM)" +
                 (c->type == CoreType::AIV ? ": an AIV reaches L1 (a TSCM tensor) only in a MIX kernel, where it is its AIC's"
                                           : ""));
  }
  if (d == Space::Gm && s == Space::Gm)
    fault(c, std::string(op) + ": GM to GM copy (" + hexAddress((uint64_t)src) + " -> " + hexAddress((uint64_t)dst) +
                 "): stage the data through local memory");
  double rate;
  timing::Route route = timing::Route::Local;
  uint64_t gmAddr = 0;
  std::vector<uint8_t> staging;  // a read past a buffer's end (gmReadSource)
  if (s == Space::Gm) {
    gmAddr = (uint64_t)src;
    src = gmReadSource(c, op, "src", src, srcSpan, staging);
    rate = c->type == CoreType::AIC ? L.l1ReadRate : L.gmReadRate;
    route = timing::Route::GmRead;
  } else if (d == Space::Gm) {
    checkGm(c, op, "dst", dst, dstSpan, true);
    rate = c->type == CoreType::AIC ? L.l1WriteRate : L.gmWriteRate;
    route = timing::Route::GmWrite;
    gmAddr = (uint64_t)dst;
  } else {
    rate = localRate(c, spaceOf(c, dst, dstSpan));
  }
  if (route != timing::Route::Local) orderGmAccess(c);
  bool atomic = d == Space::Gm && c->atomicMode != SK_ATOMIC_NONE;
  if (atomic) {
    // The error, if any, is raised after the lock is released.
    std::string error;
    gmAtomicLock().lock();
    for (uint64_t i = 0; i < count && error.empty(); ++i)
      error = vec::atomicCombine(c->atomicMode, c->atomicDtype, (uint8_t*)dst + i * dstStride,
                                 (const uint8_t*)src + i * srcStride, len);
    gmAtomicLock().unlock();
    faultIf(c, error);
  } else {
    for (uint64_t i = 0; i < count; ++i) std::memmove((uint8_t*)dst + i * dstStride, (const uint8_t*)src + i * srcStride, len);
  }
  if (d == Space::Local) noteAccess(c, dst, dstSpan, true);
  if (s == Space::Local) noteAccess(c, src, srcSpan, false);
  int32_t pipe = copyPipe(c, d, s, spaceOf(c, src, srcSpan), spaceOf(c, dst, dstSpan));
  const char* what = route == timing::Route::GmRead ? "copy in" : route == timing::Route::GmWrite ? "copy out" : "local copy";
  timing::GmRows rows;  // more than 4G blocks in one copy (no kernel does that): the hull
  if (count <= UINT32_MAX)
    rows.rowBytes = len, rows.rows = (uint32_t)count, rows.pitch = route == timing::Route::GmRead ? srcStride : dstStride;
  chargeMove(c, pipe, route, count * len, gmAddr, rate, what, gmAddr && bypassesL2(c, gmAddr), rows);
}

}  // namespace

// One scalar atomic on an element of type T (integer ops on integers only: the API's overloads).
template <typename T> T scalarAtomic(int32_t op, T old, T v, T compare, bool& known) {
  known = true;
  switch (op) {
    case SK_SCALAR_ATOMIC_ADD: return (T)(old + v);
    case SK_SCALAR_ATOMIC_SUB: return (T)(old - v);
    case SK_SCALAR_ATOMIC_MAX: return std::max(old, v);
    case SK_SCALAR_ATOMIC_MIN: return std::min(old, v);
    case SK_SCALAR_ATOMIC_EXCH: return v;
    case SK_SCALAR_ATOMIC_CAS: return old == compare ? v : old;
  }
  if constexpr (std::is_integral_v<T>) {
    switch (op) {
      case SK_SCALAR_ATOMIC_AND: return old & v;
      case SK_SCALAR_ATOMIC_OR: return old | v;
      case SK_SCALAR_ATOMIC_XOR: return old ^ v;
      case SK_SCALAR_ATOMIC_INC: return old >= v ? 0 : (T)(old + 1);
      case SK_SCALAR_ATOMIC_DEC: return old == 0 || old > v ? v : (T)(old - 1);
    }
  }
  known = false;
  return old;
}

template <typename T> uint64_t scalarAtomicAt(int32_t op, void* gm, uint64_t value, uint64_t compare, bool& known) {
  T old, v, cmp;
  std::memcpy(&old, gm, sizeof(T));
  std::memcpy(&v, &value, sizeof(T));
  std::memcpy(&cmp, &compare, sizeof(T));
  T now = scalarAtomic<T>(op, old, v, cmp, known);
  if (known) std::memcpy(gm, &now, sizeof(T));
  uint64_t bits = 0;
  std::memcpy(&bits, &old, sizeof(T));
  return bits;
}
}  // namespace sk::sim

using namespace sk::sim;
using sk::CoreType;
using sk::hexAddress;

namespace {
// The largest field width or precision a format may ask for: the output is cut at 1 KiB anyway,
// and glibc pads a huge width in full before cutting (%2147483600d took 80 s).
constexpr unsigned long kMaxPrintfField = 1024;

// Empty when every conversion's width and precision are literal and at most kMaxPrintfField.
std::string printfFieldProblem(const char* fmt) {
  for (const char* p = fmt; *p; ++p) {
    if (*p != '%') continue;
    if (*++p == '%' || !*p) continue;
    while (*p && std::strchr("-+ #0", *p)) ++p;
    for (int part = 0; part < 2; ++part) {  // width, then precision after '.'
      if (part == 1) {
        if (*p != '.') break;
        ++p;
      }
      if (*p == '*') return "'*' widths and precisions are not supported (write the number into the format)";
      char* end;
      unsigned long v = std::strtoul(p, &end, 10);
      if (v > kMaxPrintfField)
        return "a field width or precision of " + std::to_string(v) + " (at most " + std::to_string(kMaxPrintfField) + ")";
      p = end;
    }
    if (!*p) break;
  }
  return "";
}
}  // namespace

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
// The dialect's local buffer: the UB of an AIV, the L1 of an AIC.
void* sk_ub_base(void) {
  CoreRun* c = enter("sk_ub_base");
  return c ? c->spaces[c->type == CoreType::AIC ? SK_MEM_L1 : SK_MEM_UB].base : nullptr;
}
// What a kernel may allocate of a memory: UB without the compiler's reserve (arch ubReservedBytes).
static uint64_t allocatable(const CoreRun* c, int32_t mem) {
  uint64_t size = c->spaces[mem].size;
  return mem == SK_MEM_UB && size ? size - c->launch->arch->ubReservedBytes : size;
}
uint64_t sk_ub_size(void) {
  CoreRun* c = enter("sk_ub_size");
  return c ? allocatable(c, c->type == CoreType::AIC ? SK_MEM_L1 : SK_MEM_UB) : 0;
}
void* sk_local_base(int32_t mem) {
  CoreRun* c = enter("sk_local_base");
  if (!c) return nullptr;
  if (mem < 0 || mem >= SK_MEM_COUNT) fault(c, "sk_local_base: unknown memory " + std::to_string(mem));
  if (mem == SK_MEM_UB && c->type == CoreType::AIC) return c->vectorUb[0].base;  // the L0C -> UB Fixpipe's view
  return c->spaces[mem].size ? c->spaces[mem].base : nullptr;
}
uint64_t sk_local_size(int32_t mem) {
  CoreRun* c = enter("sk_local_size");
  if (!c) return 0;
  if (mem < 0 || mem >= SK_MEM_COUNT) fault(c, "sk_local_size: unknown memory " + std::to_string(mem));
  return allocatable(c, mem);
}
// LocalMemAllocator's range: "[0, the physical memory's size)", UB's reserve included.
uint64_t sk_local_physical_size(int32_t mem) {
  CoreRun* c = enter("sk_local_physical_size");
  if (!c) return 0;
  if (mem < 0 || mem >= SK_MEM_COUNT) fault(c, "sk_local_physical_size: unknown memory " + std::to_string(mem));
  return c->spaces[mem].size;
}
constexpr uintptr_t kNoMemoryAddress = 0x1000;  // in the first page, which no host maps
// A local-memory variable (sk_cc's placeLocalArrays): above those of the functions still running,
// from the memory's start up, as the vendor's compiler lays them out (a kernel that writes past
// its last array, as a cube sample writing whole fractals does, still stays in the memory).
void* sk_local_static(int32_t mem, uint64_t bytes, uint64_t align) {
  CoreRun* c = enter("sk_local_static");
  if (!c) return nullptr;
  if (mem < 0 || mem >= SK_MEM_COUNT) fault(c, "sk_local_static: unknown memory " + std::to_string(mem));
  // Aligned as the memory's operands must be (and the fixpipe buffer's to the 128-byte grain its
  // quant-table addresses count in), or more if the type asks.
  align = std::max<uint64_t>({align, operandAlignment(mem), mem == SK_MEM_FB ? 128u : 1u});
  uint64_t at = (c->staticBytes[mem] + align - 1) / align * align;
  // A MIX kernel's AIC lays out its UB arrays as its AIVs do, in AIV 0's UB: the L0C -> UB Fixpipe
  // writes them there (the AIC's view of UB, as sk_local_base gives it).
  if (mem == SK_MEM_UB && c->type == CoreType::AIC && c->vectorUb[0].base) {
    c->staticBytes[mem] = at + bytes;
    return c->vectorUb[0].base + at;
  }
  // A memory the core lacks (L0A on an AIV: both core types run the kernel's declarations) gives
  // an address outside every memory, which any instruction refuses.
  uint64_t size = allocatable(c, mem);
  if (!size) {
    c->staticBytes[mem] = at + bytes;
    return (void*)(uintptr_t)(kNoMemoryAddress + at);
  }
  if (at + bytes > size)
    fault(c, std::string("local variables in ") + timing::memName(mem) + " need " + std::to_string(at + bytes) +
                 " bytes, the " + timing::memName(mem) + " has " + std::to_string(size) + ": make the arrays smaller");
  c->staticBytes[mem] = at + bytes;
  return c->spaces[mem].base + at;
}
uint64_t sk_local_static_mark(int32_t mem) {
  CoreRun* c = enter("sk_local_static_mark");
  return c && mem >= 0 && mem < SK_MEM_COUNT ? c->staticBytes[mem] : 0;
}
void sk_local_static_release(int32_t mem, uint64_t mark) {
  CoreRun* c = enter("sk_local_static_release");
  if (c && mem >= 0 && mem < SK_MEM_COUNT) c->staticBytes[mem] = std::min(mark, c->staticBytes[mem]);
}
uint64_t sk_cycles(void) {
  CoreRun* c = enter("sk_cycles");
  return c ? c->clock : 0;
}
uint64_t* sk_core_state(void) {
  CoreRun* c = enter("sk_core_state");
  return c ? c->layerState : nullptr;
}
void* sk_block_local(const void* initial, uint64_t size) {
  CoreRun* c = currentCore();
  if (!c) return const_cast<void*>(initial);  // device code called on the host: the variable itself
  auto it = std::find_if(c->blockLocals.begin(), c->blockLocals.end(),
                         [&](const CoreRun::BlockLocal& b) { return b.initial == initial && b.size == size; });
  if (it == c->blockLocals.end()) {
    auto storage = std::make_unique<uint8_t[]>(size + 63);
    auto* bytes = (uint8_t*)(((uintptr_t)storage.get() + 63) & ~(uintptr_t)63);
    it = c->blockLocals.insert(c->blockLocals.end(), {initial, size, c->blockEpoch - 1, std::move(storage), bytes});
  }
  if (it->epoch != c->blockEpoch) {
    std::memcpy(it->bytes, initial, size);
    it->epoch = c->blockEpoch;
  }
  return it->bytes;
}
uint64_t sk_tiling_key(void) {
  CoreRun* c = enter("sk_tiling_key");
  if (!c) return 0;
  return c->task ? c->task->tilingKey : c->launch->desc.tilingKey;
}

void sk_data_copy(void* dst, const void* src, uint64_t bytes) {
  if (CoreRun* c = enter("sk_data_copy")) {
    copyBlocks(c, "sk_data_copy", dst, src, 1, bytes, 0, 0);
    inOrder(c);  // the dialect's copy: in order (AscendC's copies use sk_data_copy_2d)
  }
}

void sk_data_copy_2d(void* dst, const void* src, uint64_t count, uint64_t len, uint64_t srcStride, uint64_t dstStride) {
  if (CoreRun* c = enter("sk_data_copy_2d")) copyBlocks(c, "sk_data_copy_2d", dst, src, count, len, srcStride, dstStride);
}

void sk_scalar_cost(uint64_t instructions, uint64_t localAccesses) {
  CoreRun* c = currentCore();
  if (!c) return;  // device code called on the host (a test calling a kernel's helper): no clock to charge
  if (c->launch->abortRequested.load(std::memory_order_relaxed)) abandonSelf(c);
  const sk::arch::ArchSpec& a = *c->launch->arch;
  charge(c, SK_PIPE_S,
         (uint64_t)std::llround((double)instructions * a.scalarCyclesPerInstruction +
                                (double)localAccesses * a.scalarLocalAccessCycles),
         kScalarCode);
}

void sk_scalar(uint64_t instructions) { sk_scalar_cost(instructions, 0); }  // objects of earlier sk_cc versions

void sk_scalar_copy(void* dst, const void* src, uint64_t bytes) {
  CoreRun* c = enter("sk_scalar_copy");
  if (!c || bytes == 0) return;
  if (bytes > 8) fault(c, "sk_scalar_copy: " + std::to_string(bytes) + " bytes; a scalar access moves at most 8");
  Space d = classify(c, dst, bytes), s = classify(c, src, bytes);
  if (d == Space::Invalid || s == Space::Invalid)
    fault(c, std::string("sk_scalar_copy: ") + (d == Space::Invalid ? "dst " : "src ") +
                 hexAddress((uint64_t)(d == Space::Invalid ? dst : src)) + " is neither local memory, the stack nor GM");
  if (s == Space::Gm) checkGm(c, "GetValue", "src", src, bytes, false);
  if (d == Space::Gm) checkGm(c, "SetValue", "dst", dst, bytes, true);
  if (d == Space::Gm || s == Space::Gm) orderGmAccess(c);
  std::memmove(dst, src, bytes);
  charge(c, SK_PIPE_S, c->launch->arch->dataCopyLatencyCycles, "scalar GM access");
}

// GM accesses of a kernel that imports this run in virtual-time order (orderGmAccess), so the
// read-modify-writes land in the same order on every run; the lock keeps them atomic against
// other launches' copies.
uint64_t sk_scalar_atomic(int32_t op, void* gm, uint64_t value, uint64_t compare, int32_t dtype) {
  CoreRun* c = enter("sk_scalar_atomic");
  if (!c) return 0;
  bool typed = dtype == SK_DT_INT32 || dtype == SK_DT_UINT32 || dtype == SK_DT_FLOAT32 || dtype == SK_DT_INT64 || dtype == SK_DT_UINT64;
  if (!typed) fault(c, "scalar atomic: dtype code " + std::to_string(dtype) + " is not int32, uint32, float, int64 or uint64");
  const sk::DTypeInfo& t = sk::dtypeInfo(*sk::dtypeFromCode(dtype));
  uint64_t bytes = t.bits / 8;
  if (classify(c, gm, bytes) != Space::Gm)
    fault(c, "scalar atomic: " + hexAddress((uint64_t)gm) + " is not in device memory (GM)");
  if ((uint64_t)gm % bytes)
    fault(c, "scalar atomic: " + hexAddress((uint64_t)gm) + " is not aligned to its " + std::to_string(bytes) + "-byte element");
  checkGm(c, "scalar atomic", "address", gm, bytes, true);
  orderGmAccess(c);
  bool known = false;
  gmAtomicLock().lock();  // (another launch's cores may run meanwhile)
  uint64_t old = dtype == SK_DT_INT32    ? scalarAtomicAt<int32_t>(op, gm, value, compare, known)
                 : dtype == SK_DT_UINT32 ? scalarAtomicAt<uint32_t>(op, gm, value, compare, known)
                 : dtype == SK_DT_FLOAT32 ? scalarAtomicAt<float>(op, gm, value, compare, known)
                 : dtype == SK_DT_INT64  ? scalarAtomicAt<int64_t>(op, gm, value, compare, known)
                                         : scalarAtomicAt<uint64_t>(op, gm, value, compare, known);
  gmAtomicLock().unlock();
  if (!known) fault(c, "scalar atomic: op " + std::to_string(op) + " is not one of sk_scalar_atomic_op for " + t.name);
  charge(c, SK_PIPE_S, c->launch->arch->dataCopyLatencyCycles, "scalar GM atomic");
  return old;
}

void sk_set_atomic(int32_t mode, int32_t dtype) {
  CoreRun* c = enter("sk_set_atomic");
  if (!c) return;
  if (mode < SK_ATOMIC_NONE || mode > SK_ATOMIC_MIN) fault(c, "sk_set_atomic: unknown mode " + std::to_string(mode));
  if (mode != SK_ATOMIC_NONE && !sk::dtypeFromCode(dtype))
    fault(c, "sk_set_atomic: unknown dtype code " + std::to_string(dtype));
  c->atomicMode = mode;
  c->atomicDtype = dtype;
}

void sk_l2_mode(const void* gm, uint64_t bytes, int32_t mode) {
  CoreRun* c = enter("sk_l2_mode");
  if (!c) return;
  if (mode != SK_L2_NORMAL && mode != SK_L2_BYPASS) fault(c, "sk_l2_mode: unknown mode " + std::to_string(mode));
  auto addr = (uint64_t)gm;
  const Allocation* a = c->launch->mem->enclosing(addr);
  if (!a) return;  // a hint, not an access: the accesses themselves are checked
  uint64_t end = bytes == 0 || bytes > a->begin + a->size - addr ? a->begin + a->size : addr + bytes;
  if (c->l2Modes.size() >= 64) c->l2Modes.erase(c->l2Modes.begin());  // a kernel re-hinting in a loop
  c->l2Modes.push_back({addr, end, mode == SK_L2_BYPASS});
}

// Flags, barriers and tokens order the pipes of a core in the timing replay; functionally the
// core runs in program order, so here they are only checked.
namespace {
// The cube core has no V pipe, the vector core no M, MTE1 or FIX.
bool pipeOnCore(CoreType type, int32_t pipe) {
  return type == CoreType::AIC ? pipe != SK_PIPE_V : pipe != SK_PIPE_M && pipe != SK_PIPE_MTE1 && pipe != SK_PIPE_FIX;
}

void flagOp(CoreRun* c, const char* api, timing::OpKind kind, int32_t srcPipe, int32_t dstPipe, int32_t eventId) {
  checkPipe(c, api, srcPipe, false);
  checkPipe(c, api, dstPipe, false);
  if (srcPipe == dstPipe) fault(c, std::string(api) + ": source and destination are the same pipe");
  // A flag of a pipe the core does not have orders nothing: code shared by both core types
  // issues such flags on both (CATLASS's epilogues wait for their vector flags in destructors
  // that the cube core runs too).
  if (!pipeOnCore(c->type, srcPipe) || !pipeOnCore(c->type, dstPipe)) return;
  timing::Op op{kind, (uint8_t)srcPipe, (uint8_t)dstPipe};
  // The instruction keeps the id's low 3 bits (ids 0..7): CATLASS's Ascend 950 block mmads set
  // and wait on an id they never initialise when the unit flag is on, which works there.
  op.id = (uint32_t)eventId & 7;
  record(c, op);
}
}  // namespace

void sk_set_flag(int32_t srcPipe, int32_t dstPipe, int32_t eventId) {
  if (CoreRun* c = enter("sk_set_flag")) flagOp(c, "SetFlag", timing::OpKind::FlagSet, srcPipe, dstPipe, eventId);
}

void sk_wait_flag(int32_t srcPipe, int32_t dstPipe, int32_t eventId) {
  if (CoreRun* c = enter("sk_wait_flag")) flagOp(c, "WaitFlag", timing::OpKind::FlagWait, srcPipe, dstPipe, eventId);
}

// A pipe runs in order by itself: only PIPE_ALL (every pipe, and S after them) changes timing.
void sk_pipe_barrier(int32_t pipe) {
  CoreRun* c = enter("sk_pipe_barrier");
  if (!c) return;
  checkPipe(c, "PipeBarrier", pipe, true);
  if (pipe == SK_PIPE_ALL) record(c, timing::Op{timing::OpKind::DrainAll});
}

uint64_t sk_pipe_done(int32_t pipe) {
  CoreRun* c = enter("sk_pipe_done");
  if (!c || !c->rec) return 0;
  checkPipe(c, "sk_pipe_done", pipe, false);
  timing::Op op{timing::OpKind::Stamp, (uint8_t)pipe};
  op.id = c->rec->nextToken++;
  record(c, op);
  return op.id;
}

void sk_pipe_wait(int32_t pipe, uint64_t token) {
  CoreRun* c = enter("sk_pipe_wait");
  if (!c || !c->rec || token == 0) return;
  checkPipe(c, "sk_pipe_wait", pipe, false);
  if (token >= c->rec->nextToken) fault(c, "sk_pipe_wait: token " + std::to_string(token) + " was not made by sk_pipe_done");
  timing::Op op{timing::OpKind::StampWait, (uint8_t)pipe};
  op.id = (uint32_t)token;
  record(c, op);
}

// The timing of a barrier: every pipe finishes, the cores meet (the replay releases them at
// the latest arrival + syncAllCycles); functionally the fibers meet at the Barrier.
namespace {
void recordBarrier(CoreRun* c, uint32_t id, uint32_t participants) {
  if (!c->rec) return;
  uint32_t arrived = mark(c, true);
  timing::Op op{timing::OpKind::Barrier};
  op.id = id;
  op.amount = participants;
  record(c, op);
  c->rec->spans.push_back(SpanRecord{"sk_sync_all", arrived, mark(c, false), c->blockIdx});
}
}  // namespace

void sk_sync_all(void) {
  CoreRun* c = enter("sk_sync_all");
  if (!c) return;
  Launch& L = *c->launch;
  if (c->task) {  // a barrier over the cores of the current sub-kernel only
    recordBarrier(c, ((c->task->task + 1) << 16) | c->task->barriers++, c->task->cores);
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
  if (c->rec) recordBarrier(c, c->rec->barriers++, (uint32_t)L.cores.size());
  L.syncAll->arrive(c);
}

// SyncAll<isAIVOnly = true> of a MIX kernel: the AIVs meet among themselves (and AICs that call it
// among theirs) while the other type goes on, e.g. the AIC serving Matmul requests.
void sk_sync_all_of_type(void) {
  CoreRun* c = enter("sk_sync_all_of_type");
  if (!c) return;
  Launch& L = *c->launch;
  int type = (int)c->type;
  if (c->task) {  // the task's cores of this type: its AICs are blockNum, the rest AIVs
    uint32_t b = (uint32_t)c->blockNum, all = c->task->cores;
    uint32_t cores = c->type == CoreType::AIC ? b : all > b ? all - b : all;
    recordBarrier(c, ((c->task->task + 1) << 16) | 0x8000u | (uint32_t)type << 14 | c->task->typeBarriers++, cores);
    TaskSlot& slot = L.tasks[c->task->task];
    slot.barrierLock.lock();
    if (!slot.typeBarrier[type]) slot.typeBarrier[type].emplace(cores, L.arch->syncAllCycles);
    slot.barrierLock.unlock();
    slot.typeBarrier[type]->arrive(c);
    return;
  }
  if (L.waves)
    fault(c, "sk_sync_all_of_type in a launch whose blockDim " + std::to_string(L.desc.blockDim) +
                 " exceeds the cores it can use (" + std::to_string(L.cores.size()) +
                 "): blocks run in waves, so a barrier over all blocks can never complete; lower blockDim");
  uint32_t cores = (uint32_t)std::count_if(L.cores.begin(), L.cores.end(), [&](const CoreRun* o) { return o->type == c->type; });
  if (c->rec) recordBarrier(c, 0x40000000u | (uint32_t)type << 28 | c->rec->typeBarriers++, cores);
  L.syncType[type]->arrive(c);
}

void sk_trapf(int32_t code, const char* fmt, ...) {
  CoreRun* c = enter("sk_trapf");
  if (!c) return;
  char text[512];
  va_list ap;
  va_start(ap, fmt);
  text[0] = '\0';
  if (fmt) std::vsnprintf(text, sizeof text, fmt, ap);
  va_end(ap);
  fault(c, "sk_trap(" + std::to_string(code) + "): " + text);
}

void sk_assert_fail(const char* file, int32_t line, const char* expr, const char* fmt, ...) {
  CoreRun* c = enter("sk_assert_fail");
  if (!c) return;
  char text[512] = "";
  if (fmt) {
    va_list ap;
    va_start(ap, fmt);
    std::vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
  }
  std::string what = std::string(file ? file : "?") + ":" + std::to_string(line) + ": assertion `" + (expr ? expr : "") +
                     "' failed";
  fault(c, *text ? what + ": " + text : what);
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
  if (std::string problem = printfFieldProblem(fmt); !problem.empty()) fault(c, "sk_printf: " + problem);
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  int n = std::vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  charge(c, SK_PIPE_S, 100, "printf");  // printf goes through a dump buffer in GM: a small fixed cost
  if (c->rec) c->rec->prints.push_back(PrintRecord{mark(c, false), buf});
  return n;
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
#define SK_INTRINSIC(name) {#name, (void*)&name}
  static const std::vector<IntrinsicSymbol> table = {
      SK_INTRINSIC(sk_block_idx),        SK_INTRINSIC(sk_block_num),       SK_INTRINSIC(sk_sub_block_idx),
      SK_INTRINSIC(sk_sub_block_num),    SK_INTRINSIC(sk_core_type),       SK_INTRINSIC(sk_ub_base),
      SK_INTRINSIC(sk_ub_size),          SK_INTRINSIC(sk_local_base),      SK_INTRINSIC(sk_local_size), SK_INTRINSIC(sk_local_physical_size), SK_INTRINSIC(sk_local_static), SK_INTRINSIC(sk_local_static_mark), SK_INTRINSIC(sk_local_static_release),
      SK_INTRINSIC(sk_cycles),           SK_INTRINSIC(sk_core_state),      SK_INTRINSIC(sk_block_local),      SK_INTRINSIC(sk_ssbuf_at), SK_INTRINSIC(sk_tiling_key),
      SK_INTRINSIC(sk_data_copy),        SK_INTRINSIC(sk_data_copy_2d),    SK_INTRINSIC(sk_scalar_copy),      SK_INTRINSIC(sk_scalar_atomic), SK_INTRINSIC(sk_scalar), SK_INTRINSIC(sk_scalar_cost),
      SK_INTRINSIC(sk_set_atomic),       SK_INTRINSIC(sk_l2_mode),         SK_INTRINSIC(sk_set_flag),        SK_INTRINSIC(sk_wait_flag),
      SK_INTRINSIC(sk_pipe_barrier),     SK_INTRINSIC(sk_pipe_done),       SK_INTRINSIC(sk_pipe_wait),
      SK_INTRINSIC(sk_sync_all),        SK_INTRINSIC(sk_sync_all_of_type), SK_INTRINSIC(sk_wait_pre_task_end),
      SK_INTRINSIC(sk_set_next_task_start), SK_INTRINSIC(sk_trap),            SK_INTRINSIC(sk_trapf),           SK_INTRINSIC(sk_assert_fail),         SK_INTRINSIC(sk_printf),
      SK_INTRINSIC(sk_vec),              SK_INTRINSIC(sk_vec_axpy),        SK_INTRINSIC(sk_vec_mixed),        SK_INTRINSIC(sk_vec_convert),
      SK_INTRINSIC(sk_vec_whole_reduce), SK_INTRINSIC(sk_vec_block_reduce), SK_INTRINSIC(sk_vec_pair_reduce),
      SK_INTRINSIC(sk_vec_reduce_all),   SK_INTRINSIC(sk_vec_compare),     SK_INTRINSIC(sk_vec_select),
      SK_INTRINSIC(sk_set_cmpmask),      SK_INTRINSIC(sk_get_cmpmask),
      SK_INTRINSIC(sk_vec_gather),       SK_INTRINSIC(sk_vec_scatter),      SK_INTRINSIC(sk_vec_gatherb),      SK_INTRINSIC(sk_vec_gather_mask), SK_INTRINSIC(sk_vec_brcb),
      SK_INTRINSIC(sk_vec_transpose16),  SK_INTRINSIC(sk_vec_transpose_list), SK_INTRINSIC(sk_vec_charge),  SK_INTRINSIC(sk_vec_index),
      SK_INTRINSIC(sk_reg_load),         SK_INTRINSIC(sk_reg_store),       SK_INTRINSIC(sk_reg_mask),        SK_INTRINSIC(sk_reg_op),
      SK_INTRINSIC(sk_reg_reduce),       SK_INTRINSIC(sk_reg_compare),     SK_INTRINSIC(sk_reg_select), SK_INTRINSIC(sk_reg_permute), SK_INTRINSIC(sk_reg_reduce_groups),
      SK_INTRINSIC(sk_reg_load_blocks), SK_INTRINSIC(sk_reg_store_blocks), SK_INTRINSIC(sk_reg_gather_ub),
      SK_INTRINSIC(sk_reg_scatter_ub), SK_INTRINSIC(sk_reg_store_unaligned), SK_INTRINSIC(sk_reg_histogram),      SK_INTRINSIC(sk_reg_cast),       SK_INTRINSIC(sk_set_vector_mask),
      SK_INTRINSIC(sk_set_mask_mode),    SK_INTRINSIC(sk_get_acc_val),     SK_INTRINSIC(sk_get_max_min_count),     SK_INTRINSIC(sk_set_deq_scale),
      SK_INTRINSIC(sk_get_rsvd_cnt),     SK_INTRINSIC(sk_vec_binary),      SK_INTRINSIC(sk_vec_scalar),
      SK_INTRINSIC(sk_vec_unary),        SK_INTRINSIC(sk_vec_reduce),      SK_INTRINSIC(sk_vec_cast),
      SK_INTRINSIC(sk_vec_dup),          SK_INTRINSIC(sk_cube_mmad),       SK_INTRINSIC(sk_launch_arg),
      SK_INTRINSIC(sk_call_kernel),      SK_INTRINSIC(sk_task_wait),       SK_INTRINSIC(sk_task_enter),
      SK_INTRINSIC(sk_task_exit),        SK_INTRINSIC(sk_copy_nd2nz),      SK_INTRINSIC(sk_load_2d),  SK_INTRINSIC(sk_load_2d_transpose),
      SK_INTRINSIC(sk_img2col),
      SK_INTRINSIC(sk_mmad),             SK_INTRINSIC(sk_fixpipe),         SK_INTRINSIC(sk_local_fill),
      SK_INTRINSIC(sk_load_2d_sparse),   SK_INTRINSIC(sk_mmad_sparse),      SK_INTRINSIC(sk_mmad_mixed), SK_INTRINSIC(sk_load_mx_scales),
      SK_INTRINSIC(sk_cross_set),        SK_INTRINSIC(sk_cross_wait),      SK_INTRINSIC(sk_ib_set),  SK_INTRINSIC(sk_ib_wait),
      SK_INTRINSIC(sk_group_arrive),     SK_INTRINSIC(sk_group_wait),
      {"__extendhfsf2", (void*)&sk_extendhfsf2},
      {"__truncsfhf2", (void*)&sk_truncsfhf2},
      {"__truncdfhf2", (void*)&sk_truncdfhf2},
      {"__truncsfbf2", (void*)&sk_truncsfbf2},
      {"__truncdfbf2", (void*)&sk_truncdfbf2},
  };
#undef SK_INTRINSIC
  return table;
}

}  // namespace sk::sim
