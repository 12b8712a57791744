#include "core_signals.h"

#include <dlfcn.h>
#include <signal.h>
#include <sys/mman.h>
#include <ucontext.h>

#include <cstdio>
#include <algorithm>
#include <cstring>
#include <mutex>

#include "intrinsic_support.h"
#include "launch.h"
#include "sk/text.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SK_ASAN_ESCAPE 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define SK_ASAN_ESCAPE 1
#endif
#if SK_ASAN_ESCAPE
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#endif

namespace sk::sim {

namespace {

constexpr int kSignals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE};
struct sigaction previous[NSIG];

// The stack a faulted core continues on, out of the handler, until it leaves its fiber for good.
constexpr size_t kEscapeStackBytes = 64 * 1024;
thread_local uint8_t* escapeStackTop = nullptr;

// Where in device memory an address is: "4096 bytes past the end of buffer #2 [0x..., +8192)".
std::string deviceMemoryContext(const Launch& L, uint64_t addr) {
  if (addr < L.hbmBase || addr >= L.hbmEnd || !L.mem) return "";
  const std::vector<Allocation>& live = L.mem->live;
  auto above = std::upper_bound(live.begin(), live.end(), addr, [](uint64_t v, const Allocation& a) { return v < a.begin; });
  if (above == live.begin()) return "device memory before every buffer";
  const Allocation& a = *std::prev(above);
  return std::to_string(addr - (a.begin + a.size)) + " bytes past the end of buffer #" + std::to_string(a.id) + " [" +
         hexAddress(a.begin) + ", +" + std::to_string(a.size) + ")";
}

[[noreturn]] void leaveFaultedCore(CoreRun* c) {
#if SK_ASAN_ESCAPE
  __sanitizer_finish_switch_fiber(nullptr, nullptr, nullptr);  // now on the escape stack (onSignal)
#endif
  const std::function<std::string(uint64_t)>* symbolize = c->launch ? c->launch->symbolize : nullptr;
  std::string where = c->launch ? deviceMemoryContext(*c->launch, c->signal.addr) : "";
  fault(c, describeSignal(c->signal, symbolize ? *symbolize : std::function<std::string(uint64_t)>(), where));
}

void passOn(int sig, siginfo_t* info, void* uctx) {
  const struct sigaction& p = previous[sig];
  if (p.sa_flags & SA_SIGINFO) {
    if (p.sa_sigaction) return p.sa_sigaction(sig, info, uctx);
  } else if (p.sa_handler != SIG_DFL && p.sa_handler != SIG_IGN) {
    return p.sa_handler(sig);
  }
  sigaction(sig, &p, nullptr);  // the default action: the faulting instruction runs again and gets it
}

// On the thread's alternate stack. A fault on a core's fiber (its stack or its guard page) is
// recorded, and the handler returns into leaveFaultedCore on the escape stack: out of signal
// context (sigreturn restores the signal mask), where it may allocate and switch fibers.
void onSignal(int sig, siginfo_t* info, void* uctx) {
  auto* uc = static_cast<ucontext_t*>(uctx);
  CoreRun* c = currentCore();
  auto sp = (uint64_t)uc->uc_mcontext.gregs[REG_RSP];
  bool onFiber = c && c->stack.mapping && sp >= (uint64_t)c->stack.mapping && sp <= (uint64_t)c->stack.hi;
  if (!onFiber || !escapeStackTop) return passOn(sig, info, uctx);
  auto addr = (uint64_t)info->si_addr;
  c->signal = CoreSignal{sig, info->si_code, addr, (uint64_t)uc->uc_mcontext.gregs[REG_RIP],
                         sig == SIGSEGV && addr >= (uint64_t)c->stack.mapping && addr < (uint64_t)c->stack.lo};
#if SK_ASAN_ESCAPE
  // The escape stack's earlier frames were abandoned with their redzones poisoned; and ASan is
  // told which stack the core continues on.
  ASAN_UNPOISON_MEMORY_REGION(escapeStackTop - kEscapeStackBytes, kEscapeStackBytes);
  __sanitizer_start_switch_fiber(nullptr, escapeStackTop - kEscapeStackBytes, kEscapeStackBytes);
#endif
  auto top = (uint64_t)escapeStackTop & ~(uint64_t)15;
  uc->uc_mcontext.gregs[REG_RSP] = (greg_t)(top - 8);  // as if called: a (null) return address
  *(uint64_t*)(top - 8) = 0;
  uc->uc_mcontext.gregs[REG_RIP] = (greg_t)&leaveFaultedCore;
  uc->uc_mcontext.gregs[REG_RDI] = (greg_t)c;
}

void installHandlers() {
  struct sigaction sa;
  std::memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = onSignal;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&sa.sa_mask);
  for (int sig : kSignals) sigaction(sig, &sa, &previous[sig]);
}

const char* signalName(int sig) {
  switch (sig) {
    case SIGSEGV: return "SIGSEGV";
    case SIGBUS: return "SIGBUS";
    case SIGILL: return "SIGILL";
    case SIGFPE: return "SIGFPE";
    default: return "signal";
  }
}

}  // namespace

void prepareThreadForCores() {
  static std::once_flag once;
  std::call_once(once, installHandlers);
  if (escapeStackTop) return;
  // Per thread, alive as long as the process (threads of the pool come and go with devices: a
  // few hundred KiB each).
  size_t bytes = SIGSTKSZ * 4 + kEscapeStackBytes;
  void* m = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (m == MAP_FAILED) return;  // no stack to escape to: signals keep their old meaning
  stack_t alt;
  alt.ss_sp = m;
  alt.ss_size = SIGSTKSZ * 4;
  alt.ss_flags = 0;
  if (sigaltstack(&alt, nullptr) != 0) {
    munmap(m, bytes);
    return;
  }
  escapeStackTop = (uint8_t*)m + bytes;
}

std::pair<const uint8_t*, const uint8_t*> escapeStack() {
  return {escapeStackTop ? escapeStackTop - kEscapeStackBytes : nullptr, escapeStackTop};
}

std::string describeSignal(const CoreSignal& s, const std::function<std::string(uint64_t)>& symbolize,
                           const std::string& memoryContext) {
  char b[256];
  std::string what;
  if (s.stackOverflow) {
    what = "stack overflow (the core's stack is full; deep recursion or a large local array?)";
  } else if (s.signo == SIGSEGV) {
    std::snprintf(b, sizeof b, "invalid memory access at address 0x%llx (%s)", (unsigned long long)s.addr,
                  !memoryContext.empty()      ? memoryContext.c_str()
                  : s.code == SEGV_ACCERR ? "not accessible"
                                          : "nothing mapped there");
    what = b;
  } else if (s.signo == SIGFPE) {
    what = s.code == FPE_INTDIV ? "integer division by zero" : s.code == FPE_INTOVF ? "integer overflow" : "arithmetic fault";
  } else if (s.signo == SIGILL) {
    what = "illegal instruction (__builtin_trap, or code the compiler found unreachable)";
  } else {
    std::snprintf(b, sizeof b, "bus error at address 0x%llx", (unsigned long long)s.addr);
    what = b;
  }
  std::snprintf(b, sizeof b, " (%s) at pc 0x%llx", signalName(s.signo), (unsigned long long)s.pc);
  std::string where = symbolize ? symbolize(s.pc) : "";
  Dl_info info;
  if (where.empty() && dladdr((void*)s.pc, &info) && info.dli_sname) {  // in the simulator's own code
    std::snprintf(b + std::strlen(b), sizeof b - std::strlen(b), " in %s (the simulator, called by the kernel)",
                  info.dli_sname);
  }
  return what + b + (where.empty() ? "" : " in " + where);
}

}  // namespace sk::sim
