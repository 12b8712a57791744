// Faults of kernel code on a simulated core (SIGSEGV, SIGBUS, SIGILL, SIGFPE, a fiber stack
// overflow) become a device exception of that core, as an intrinsic's fault does; the host
// process goes on. Signals raised anywhere else go to the handler that was there before.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <utility>

namespace sk::sim {

// Installs the handlers (once per process) and gives the calling thread an alternate signal
// stack and a stack to leave the handler on (once per thread). Every thread that runs core
// fibers calls it before the first.
void prepareThreadForCores();

// What a signal of kernel code was, for the fault message: "SIGSEGV (no memory mapped at
// 0x10) at pc 0x7f..+0x1c in add_custom".
struct CoreSignal {
  int signo = 0, code = 0;
  uint64_t addr = 0, pc = 0;
  bool stackOverflow = false;
};
// `memoryContext`: where in device memory the address is ("" elsewhere).
// The calling thread's escape stack [first, second): a faulted core's last frames are there.
std::pair<const uint8_t*, const uint8_t*> escapeStack();

std::string describeSignal(const CoreSignal& s, const std::function<std::string(uint64_t)>& symbolize,
                           const std::string& memoryContext);

}  // namespace sk::sim
