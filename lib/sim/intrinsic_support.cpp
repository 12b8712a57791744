#include "intrinsic_support.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "sk/text.h"
#include "vector_unit.h"

namespace sk::sim {

CoreRun* enter(const char* name) {
  CoreRun* c = currentCore();
  if (!c) {
    std::fprintf(stderr, "sk: %s called outside a kernel launch; ignored\n", name);
    return nullptr;
  }
  if (c->launch->abortRequested.load(std::memory_order_relaxed)) abandonSelf(c);
  // Accesses an earlier intrinsic noted without recording an op (it had nothing to do) are
  // nobody's.
  if (c->rec && c->rec->program.accesses.size() > c->rec->accessesTaken)
    c->rec->program.accesses.resize(c->rec->accessesTaken);
  return c;
}

void fault(CoreRun* c, const std::string& what) {
  const std::string kernel = c->task ? c->task->name : c->launch->desc.name;
  raiseFault(c, kernel + ": block " + std::to_string(c->blockIdx) + " on " +
                    (c->type == CoreType::AIC ? "aic" : "aiv") + std::to_string(c->physId) + ": " + what);
}

namespace {
bool inRange(const void* p, uint64_t bytes, const uint8_t* lo, const uint8_t* hi) {
  auto a = (const uint8_t*)p;
  return a >= lo && a <= hi && bytes <= (uint64_t)(hi - a);
}
}  // namespace

Space classify(CoreRun* c, const void* p, uint64_t bytes) {
  if (inRange(p, bytes, c->local, c->local + c->localSize)) return Space::Local;
  if (spaceOf(c, p, bytes) >= 0) return Space::Local;  // an AIV's view of its AIC's L1 (TSCM)
  if (inRange(p, bytes, c->stack.lo, c->stack.hi)) return Space::Scalar;
  auto a = (uint64_t)p;
  if (a >= c->launch->hbmBase && a < c->launch->hbmEnd) return Space::Gm;
  return Space::Invalid;
}

const char* localName(const CoreRun* c) { return c->type == CoreType::AIC ? "L1/L0" : "UB"; }

int spaceOf(const CoreRun* c, const void* p, uint64_t bytes) {
  for (int m = 0; m < SK_MEM_COUNT; ++m)
    if (c->spaces[m].size && inRange(p, bytes, c->spaces[m].base, c->spaces[m].base + c->spaces[m].size)) return m;
  return -1;
}

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
            std::to_string(a->id) + " [" + hexAddress(a->begin) + ", +" + std::to_string(a->size) + ") and its " +
            std::to_string(a->end() - a->begin - a->size) + " bytes of aclrtMalloc padding";
  else
    what += " is not inside any live device allocation";
  fault(c, what);
}

const uint8_t* gmReadSource(CoreRun* c, const char* op, const char* role, const void* p, uint64_t bytes,
                            std::vector<uint8_t>& staging) {
  auto addr = (uint64_t)p;
  if (c->launch->mem->find(addr, bytes)) return (const uint8_t*)p;  // the usual case: one lookup
  const Allocation* a = c->launch->mem->enclosing(addr);
  if (!a) {  // in no buffer: checkGm's device exception
    checkGm(c, op, role, p, bytes, false);
    return (const uint8_t*)p;
  }
  uint64_t inside = a->end() - addr;
  staging.assign(bytes, 0);
  std::memcpy(staging.data(), p, inside);
  if (!c->launch->readPastEndNoted.exchange(true))
    std::fprintf(stderr,
                 "sk: note: kernel '%s' reads past the end of device buffer #%llu (%s, %llu bytes beyond its aclrtMalloc "
                 "padding): they read as zeros here (on the hardware, as whatever lies there)\n",
                 c->launch->desc.name.c_str(), (unsigned long long)a->id, op, (unsigned long long)(bytes - inside));
  return staging.data();
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

CoreRun* unitOp(const char* intrinsic, const char* op, CoreType unit, std::initializer_list<int32_t> dtypes,
                std::initializer_list<Operand> operands) {
  CoreRun* c = enter(intrinsic);
  if (!c) return nullptr;
  requireCoreType(c, op, unit);
  for (int32_t d : dtypes)
    if (!dtypeFromCode(d)) fault(c, std::string(op) + ": unknown dtype code " + std::to_string(d));
  for (const Operand& o : operands) checkLocalOperand(c, op, o.role, o.p, o.bytes);
  return c;
}

SpinLock& gmAtomicLock() {
  static SpinLock lock;
  return lock;
}

void record(CoreRun* c, const timing::Op& op) {
  if (!c->rec) return;
  timing::Program& prog = c->rec->program;
  prog.ops.push_back(op);
  size_t noted = prog.accesses.size() - c->rec->accessesTaken;
  if (noted == 0) return;
  prog.ops.back().firstAccess = c->rec->accessesTaken;
  prog.ops.back().accesses = (uint8_t)std::min<size_t>(noted, 255);
  c->rec->accessesTaken = (uint32_t)prog.accesses.size();
}

void noteAccess(CoreRun* c, const void* p, uint64_t bytes, bool write) {
  if (!c->rec || bytes == 0 || !p) return;
  int m = spaceOf(c, p, bytes);
  if (m < 0) return;
  timing::Access a;
  a.begin = (uint32_t)((const uint8_t*)p - c->spaces[m].base);
  a.end = (uint32_t)(a.begin + bytes);
  a.epoch = c->task ? (uint32_t)c->task->span + 1 : 0;
  a.space = (uint8_t)m;
  a.write = write;
  c->rec->program.accesses.push_back(a);
}

void charge(CoreRun* c, int32_t pipe, uint64_t cycles, const char* what) {
  c->clock += cycles;
  // A run of scalar work (code, GM loads) is one op of the record: a loop polling GM would
  // otherwise grow the record by every iteration.
  if (pipe == SK_PIPE_S && c->rec && !c->rec->program.ops.empty()) {
    timing::Op& last = c->rec->program.ops.back();
    if (last.kind == timing::OpKind::Exec && last.pipe == SK_PIPE_S) {
      last.amount += cycles;
      if (last.what != what) last.what = kScalarCode;
      return;
    }
  }
  timing::Op op{timing::OpKind::Exec, (uint8_t)pipe};
  op.amount = cycles;
  op.what = what;
  record(c, op);
}

void chargeMove(CoreRun* c, int32_t pipe, timing::Route route, uint64_t bytes, uint64_t gmAddr, double rate,
                const char* what, bool l2Bypass, const timing::GmRows& rows, bool requestsPriced) {
  const arch::ArchSpec& a = *c->launch->arch;
  c->clock += (route == timing::Route::Local ? a.localCopyLatencyCycles : a.dataCopyLatencyCycles) + (uint64_t)((double)bytes / rate);
  timing::Op op{timing::OpKind::Move, (uint8_t)pipe};
  op.route = route;
  op.amount = bytes;
  op.addr = gmAddr;
  op.rate = rate;
  op.what = what;
  op.l2Bypass = l2Bypass;
  op.requestsPriced = requestsPriced;
  if (c->rec && route != timing::Route::Local && !rows.contiguous()) {
    c->rec->program.gmRows.push_back(rows);
    op.gmRows = (uint32_t)c->rec->program.gmRows.size();
  }
  record(c, op);
}

uint32_t mark(CoreRun* c, bool drain) {
  if (!c->rec) return 0;
  timing::Op op{timing::OpKind::Mark};
  op.id = c->rec->program.marks++;
  op.amount = drain ? 1 : 0;
  record(c, op);
  return op.id;
}

void chargeVector(CoreRun* c, const char* opName, uint64_t repeats) {
  const arch::VectorOpCost& k = c->launch->arch->vectorOp(opName);
  charge(c, SK_PIPE_V, k.head + (uint64_t)std::ceil(k.perRepeat * (double)repeats), opName);
}

uint32_t operandAlignment(int mem) {
  switch (mem) {
    case SK_MEM_L0A: case SK_MEM_L0B: return 512;
    case SK_MEM_L0C: case SK_MEM_BT: return 64;
    default: return 32;
  }
}

}  // namespace sk::sim
