// One kernel launch in flight: the simulated cores taking part, their fibers, clocks and
// the waits between them. Internal to lib/sim.
#pragma once
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <boost/context/detail/fcontext.hpp>

#include "hbm.h"
#include "sk/sim/arch.h"
#include "sk/sim/device.h"
#include "spinlock.h"

namespace sk::sim {

namespace bctx = boost::context::detail;

struct CoreRun;
struct Launch;

// Something a core can block on. park() runs on the scheduler after the core's fiber has
// switched out, so a releaser can never resume a fiber that is still running.
class Waitable {
 public:
  virtual ~Waitable() = default;
  // Registers `c` as a waiter; false if the condition already holds (c->wakeClock set).
  virtual bool park(CoreRun* c) = 0;
  // For deadlock reports: what a parked core waits for.
  virtual std::string describe(const CoreRun* c) const = 0;
};

// Barrier over a fixed set of cores (sk_sync_all). Release time = latest arrival + cost, so
// the virtual timeline does not depend on arrival order.
class Barrier final : public Waitable {
 public:
  Barrier(uint32_t participants, uint64_t costCycles) : participants_(participants), cost_(costCycles) {}
  // Called on the arriving core's fiber; suspends it unless it is the last to arrive.
  void arrive(CoreRun* c);
  bool park(CoreRun* c) override;
  std::string describe(const CoreRun* c) const override;

 private:
  SpinLock lock_;
  uint32_t participants_;
  uint64_t cost_;
  uint32_t arrived_ = 0;
  uint64_t latest_ = 0;
  uint64_t generation_ = 0;
  uint64_t lastRelease_ = 0;
  std::vector<CoreRun*> waiters_;
};

enum class CoreState : uint8_t { Ready, Running, Waiting, Finished, Faulted, Abandoned };

struct BlockSlot {
  int64_t blockIdx = 0;
  int64_t subBlockIdx = 0;
};

struct Span {  // one block (or sub-kernel task) on one core, in virtual cycles
  const std::string* name = nullptr;  // owned by the launch
  uint64_t begin = 0, end = 0;
  int64_t block = 0;
  bool faulted = false;
};

struct PrintLine {
  uint64_t clock;
  std::string text;
};

struct Fault {
  int aclCode;       // 507015 (AIC exception) / 507035 (vector core exception)
  uint64_t clock;
  std::string message;
};

struct Stack {
  void* mapping = nullptr;  // includes a guard page at the low end
  uint64_t mapBytes = 0;
  uint8_t* lo = nullptr;  // usable range [lo, hi)
  uint8_t* hi = nullptr;
};

// One physical core's state during a launch. The device keeps one per core and reuses it, so
// a launch allocates nothing per core once the vectors have grown.
struct CoreRun {
  Launch* launch = nullptr;
  uint32_t physId = 0;  // index among the cores of its type
  CoreType type = CoreType::AIV;
  std::vector<BlockSlot> blocks;  // run one after another (waves)
  // The block being run.
  int64_t blockIdx = 0, blockNum = 1, subBlockIdx = 0, subBlockNum = 1;
  uint8_t* local = nullptr;
  uint64_t localSize = 0;
  uint64_t clock = 0;  // virtual cycles
  // Fiber.
  Stack stack;
  bctx::fcontext_t ctx = nullptr;    // resume point of the fiber
  bctx::fcontext_t sched = nullptr;  // the scheduler that resumed it
  CoreState state = CoreState::Ready;
  Waitable* pendingWait = nullptr;  // set by the fiber, consumed by the scheduler
  Waitable* waitingOn = nullptr;    // what a parked core waits for
  uint64_t waitGeneration = 0;
  uint64_t wakeClock = 0;
  // Results.
  std::vector<Span> spans;
  std::vector<PrintLine> prints;
  std::optional<Fault> fault;

  std::string label() const;  // "aiv3 (block 3)"
  // Clears the results of the previous launch (keeps vector capacity).
  void reset() {
    blocks.clear();
    spans.clear();
    prints.clear();
    fault.reset();
    ctx = sched = nullptr;
    state = CoreState::Ready;
    pendingWait = waitingOn = nullptr;
    waitGeneration = wakeClock = 0;
    blockIdx = subBlockIdx = 0;
    blockNum = subBlockNum = 1;
  }
};

class Scheduler;

struct Launch {
  const ArchSpec* arch = nullptr;
  Scheduler* scheduler = nullptr;
  KernelLaunch desc;
  std::shared_ptr<const AllocTable> mem;
  uint64_t hbmBase = 0, hbmEnd = 0;
  std::vector<CoreRun*> cores;  // the device's per-core records taking part in this launch
  std::optional<Barrier> syncAll;
  bool waves = false;  // more blocks than cores: blocks run in waves
  // GM bandwidth of one core in this launch (shared HBM bandwidth divided among its cores).
  double gmReadGBps = 0, gmWriteGBps = 0, l1ReadGBps = 0, l1WriteGBps = 0, localGBps = 0;
  std::atomic<bool> abortRequested{false};  // wall-clock timeout
  std::atomic<int> runnable{0};
  std::atomic<int> live{0};
  std::string deadlockReport;
  bool timedOut = false;
};

// The core whose fiber runs on this host thread (set by the scheduler on every resume).
CoreRun* currentCore();
void setCurrentCore(CoreRun* c);

// Fiber-side scheduling primitives (lib/sim/scheduler.cpp).
void suspendOn(CoreRun* c, Waitable* w);
[[noreturn]] void raiseFault(CoreRun* c, std::string message);
[[noreturn]] void abandonSelf(CoreRun* c);
void makeReady(CoreRun* c);

// Fiber body: runs the core's blocks one after another (lib/sim/kernel_call.cpp).
void runCoreBlocks(CoreRun* c);
// Calls a kernel entry `void f(uint8_t*, ...)` with args.size() < 64 pointer arguments.
void callKernel(void* entry, const std::vector<uint64_t>& args);

}  // namespace sk::sim
