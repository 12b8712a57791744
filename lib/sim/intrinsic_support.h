// What every intrinsic does first: find the calling core, check its operands against the core's
// local memories and the live GM allocations, raise a device fault with the kernel, block and
// core named, and charge the core's time. Internal to lib/sim (intrinsics*.cpp).
#pragma once
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "launch.h"

namespace sk::sim {

// The core calling an intrinsic; null outside a launch (host code calling an intrinsic, a
// programming error of the host program, reported on stderr).
CoreRun* enter(const char* name);

// A fault message names the kernel (the sub-kernel inside a super kernel), block, core and
// what went wrong. (Faults do not unwind: temporaries of the caller are not freed, a few
// hundred bytes per fault.)
[[noreturn]] void fault(CoreRun* c, const std::string& what);
inline void faultIf(CoreRun* c, const std::string& err) {
  if (!err.empty()) fault(c, err);
}

enum class Space { Local, Scalar, Gm, Invalid };
// Local: one of the core's memories; Scalar: the core's stack (a kernel's locals); Gm: device
// memory (checked separately against the live allocations).
Space classify(CoreRun* c, const void* p, uint64_t bytes);
const char* localName(const CoreRun* c);  // "UB", or "L1/L0" on an AIC
// The sk_mem space [p, p + bytes) lies in, or -1.
int spaceOf(const CoreRun* c, const void* p, uint64_t bytes);
// The alignment the cube's and vector unit's operands need in a local memory (sk_mem).
uint32_t operandAlignment(int mem);

// A GM range must lie in one live allocation (and not be read-only for writes).
void checkGm(CoreRun* c, const char* op, const char* role, const void* p, uint64_t bytes, bool write);
// Where a GM read of [p, p + bytes) takes its bytes: p itself when they lie in one live
// allocation; when the read starts in one and runs past its end, a copy in `staging` whose bytes
// past the allocation's padding are zeros (the hardware reads whatever lies there; vendor samples
// load whole fractals past a tensor's last row and never use them), noted once per launch on
// stderr. Anywhere else: a device exception, as checkGm.
const uint8_t* gmReadSource(CoreRun* c, const char* op, const char* role, const void* p, uint64_t bytes,
                            std::vector<uint8_t>& staging);
void checkLocalOperand(CoreRun* c, const char* op, const char* role, const void* p, uint64_t bytes);
void requireCoreType(CoreRun* c, const char* op, CoreType t);

struct Operand {
  const char* role;
  const void* p;
  uint64_t bytes;
};
// The checks of a vector or cube instruction: the calling core, its type, known dtypes and
// every operand in local memory. Null: not called from a kernel.
CoreRun* unitOp(const char* intrinsic, const char* op, CoreType unit, std::initializer_list<int32_t> dtypes,
                std::initializer_list<Operand> operands);

// Copies into GM under an atomic mode hold this while they read, combine and write: cores run
// as fibers on several host threads, and two concurrent adds must not lose one.
SpinLock& gmAtomicLock();

// Records an instruction of `cycles` on `pipe` (sk_pipe) for the timing replay (timing.h) and
// advances the core's own clock (sk_cycles: the core's time as if it ran alone, pipes in turn).
void charge(CoreRun* c, int32_t pipe, uint64_t cycles, const char* what);
// What a run of mixed scalar work is called in traces.
inline constexpr const char* kScalarCode = "scalar code";
// A vector instruction of `repeats` repeats with the cost of `opName` (arch vectorOps).
void chargeVector(CoreRun* c, const char* opName, uint64_t repeats);
// Records a transfer of `bytes` on `pipe`; GM ones go through the shared memory system (and
// L2, unless l2Bypass); `rows`, when given, says which GM bytes a strided one touches from
// gmAddr (else [gmAddr, gmAddr + bytes)); requestsPriced: `rate` is a fit that prices the GM
// requests of those rows already (timing::Op::requestsPriced).
void chargeMove(CoreRun* c, int32_t pipe, timing::Route route, uint64_t bytes, uint64_t gmAddr, double rate,
                const char* what, bool l2Bypass = false, const timing::GmRows& rows = {}, bool requestsPriced = false);
// A cube Mmad of `fractals` 16 x (32 / element size) x 16 fractals on M (the arch's cube costs).
void chargeMmad(CoreRun* c, uint64_t fractals, int32_t abType, bool hf32 = false);
// Records any other op of the timing model; the accesses noted since the intrinsic began are
// the op's.
void record(CoreRun* c, const timing::Op& op);
// Notes that the op the intrinsic records next reads (or writes) [p, p + bytes) of local memory,
// for the replay's race check (timing.h Access). Ranges outside the core's memories (the stack)
// are not noted; a strided operand is noted as its hull.
void noteAccess(CoreRun* c, const void* p, uint64_t bytes, bool write);
// checkLocalOperand, then noteAccess: an operand the op reads (or writes) in local memory.
inline void checkLocalAccess(CoreRun* c, const char* op, const char* role, const void* p, uint64_t bytes, bool write) {
  checkLocalOperand(c, op, role, p, bytes);
  noteAccess(c, p, bytes, write);
}
// A mark: the replay notes S's time there (after every pipe finished, when `drain`).
uint32_t mark(CoreRun* c, bool drain);
// The dialect's intrinsics run in order: every pipe finishes before the next instruction.
inline void inOrder(CoreRun* c) { record(c, timing::Op{timing::OpKind::DrainAll}); }

}  // namespace sk::sim
