// One kernel launch in flight: the simulated cores taking part, their fibers, clocks and
// the waits between them. Internal to lib/sim.
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include <boost/context/detail/fcontext.hpp>

#include "acl/acl_base.h"
#include "core_signals.h"
#include "hbm.h"
#include "vector_unit.h"
#include "sk/arch.h"
#include "sk/sim/device.h"
#include "spinlock.h"
#include "timing.h"

struct sk_task_pred;

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

// Release counter of a super-kernel task: each core running the task adds one when it
// releases its successors (at return, or at sk_set_next_task_start under early start). A
// waiter is released at the latest add + cost, so the timeline does not depend on add order.
class TaskCounter final : public Waitable {
 public:
  void reset(uint64_t cost) {
    count_ = 0;
    latest_ = 0;
    cost_ = cost;
    waiters_.clear();
    name_ = nullptr;
  }
  void setName(const char* n) {
    if (!name_) name_ = n;
  }
  void add(CoreRun* c);
  // Blocks c until `target` cores have added.
  void wait(CoreRun* c, uint32_t target);
  bool park(CoreRun* c) override;
  std::string describe(const CoreRun* c) const override;

 private:
  SpinLock lock_;
  uint32_t count_ = 0;
  uint64_t latest_ = 0;
  uint64_t cost_ = 0;
  const char* name_ = nullptr;
  std::vector<CoreRun*> waiters_;
};

// Per-task state of a super-kernel launch: its release counter and its barrier.
struct TaskSlot {
  TaskCounter release;
  SpinLock barrierLock;
  std::optional<Barrier> barrier;  // made by the first sk_sync_all inside the task
  std::optional<Barrier> typeBarrier[2];  // sk_sync_all_of_type, per CoreType
};

enum class CoreState : uint8_t { Ready, Running, Waiting, Finished, Faulted, Abandoned };

// The sub-kernel a core is running inside a super kernel (copy of sk_task_context).
struct TaskContext {
  uint32_t task = 0, flags = 0, earlyStart = 0, cores = 0, npreds = 0;
  uint64_t tilingKey = 0;
  const char* name = "";
  const sk_task_pred* preds = nullptr;
  uint32_t waitCalls = 0, setCalls = 0;
  uint32_t barriers = 0;  // sk_sync_all calls inside the task so far
  uint32_t typeBarriers = 0;  // sk_sync_all_of_type calls inside the task so far
  size_t span = 0;        // index of its span in the block's record
};

// The waiters whose waitTarget has been reached (count), moved out of `waiters`.
std::vector<CoreRun*> takeReleased(std::vector<CoreRun*>& waiters, uint32_t count);

// One cross-core flag counter of one core (sk_cross_set / sk_cross_wait): the sets that reached
// it, in order, each named by where it came from so the timing replay can match the n-th wait
// with the sets that made the n-th delivery.
constexpr uint8_t kAllMembers = 0xff;
struct FlagDelivery {
  uint8_t mode = 0;      // 0, 1, 2, 4
  CoreType from = CoreType::AIV;  // the type of the setting cores
  uint32_t round = 0;    // the round of their sets (1-based)
  uint8_t fromMember = kAllMembers;  // mode 4: the one member that set
};
class FlagCounter final : public Waitable {
 public:
  void deliver(const FlagDelivery& d, uint64_t clock);
  // Blocks c until the n-th delivery (1-based) has arrived; returns it.
  FlagDelivery take(CoreRun* c, uint32_t n);
  bool park(CoreRun* c) override;
  std::string describe(const CoreRun* c) const override;
  uint8_t flag = 0;
  int64_t ibBlock = -1;  // an IBSet/IBWait flag: the block it names (flag: its event)
  // A GroupBarrier's arrivals of one arrive index: the index, and the barrier's workspace.
  int64_t groupArrive = -1;
  uint64_t groupWorkspace = 0;

 private:
  SpinLock lock_;
  std::vector<FlagDelivery> log_;
  std::vector<uint64_t> clocks_;
  std::vector<CoreRun*> waiters_;
};
constexpr uint32_t kCrossFlags = 32;  // an AIC's: 0..15, and 16..31 for mode 4 sets of its AIV 1
constexpr uint32_t kMaxGroupMembers = 3;  // 1 AIC + 2 AIV
constexpr uint32_t kCrossModes = 5;   // 0, 1, 2 and 4 (3 unused)
// The flags of one block group (its AIC and AIVs), made on first use.
struct GroupFlags {
  SpinLock lock;
  std::vector<uint8_t> ssbuf;  // the block's SSBUF (arch ssbufBytes), made at its first access
  FlagCounter counters[kMaxGroupMembers][kCrossFlags];
  uint32_t sets[kMaxGroupMembers][kCrossModes][kCrossFlags] = {};  // per member, mode, flag
  uint32_t delivered[3][kCrossFlags] = {};  // rendezvous rounds done: [1] AIVs mode 1, [2] AIVs mode 2
  GroupFlags() {
    for (auto& member : counters)
      for (uint32_t f = 0; f < kCrossFlags; ++f) member[f].flag = (uint8_t)f;
  }
};

struct BlockSlot {
  int64_t blockIdx = 0;
  int64_t subBlockIdx = 0;
  uint32_t group = 0;   // the block of the launch (a MIX block: its AIC and AIVs)
  uint32_t member = 0;  // 0: the AIC or the only core; AIVs of a MIX block: 1 + their index
};

// What a block recorded for the timing replay (timing.h), and what it produced. Times are
// marks: filled in by the replay.
struct SpanRecord {  // a sub-kernel task or a barrier wait inside the block
  const char* name = nullptr;  // the sub-kernel's name (SK .rodata) or a fixed string: live until collected
  uint32_t beginMark = 0, endMark = 0;
  int64_t block = 0;
};
struct PrintRecord {
  uint32_t mark;
  std::string text;
};
struct Fault {
  int aclCode;       // ACL_ERROR_RT_AICORE_EXCEPTION (AIC exception) / ACL_ERROR_RT_VECTOR_CORE_EXCEPTION (vector core exception)
  uint32_t mark;     // when S faulted
  std::string message;
};
struct BlockRecord {
  timing::Program program;
  int64_t blockIdx = 0;  // as the kernel saw it
  std::vector<SpanRecord> spans;
  std::vector<PrintRecord> prints;
  std::optional<Fault> fault;
  uint32_t nextToken = 1;       // sk_pipe_done tokens
  uint32_t barriers = 0;        // sk_sync_all calls so far (barrier ids)
  uint32_t typeBarriers = 0;    // sk_sync_all_of_type calls so far
  uint32_t accessesTaken = 0;   // program.accesses given to ops; the rest belong to the next op
  bool taken = false;           // recorded by a core in this launch
  void clear() {
    program.ops.clear();
    program.accesses.clear();
    accessesTaken = 0;
    program.marks = 0;
    spans.clear();
    prints.clear();
    fault.reset();
    nextToken = 1;
    barriers = 0;
    typeBarriers = 0;
    taken = false;
  }
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
  uint8_t* local = nullptr;  // all local memories of the core, one range: UB, or L1 + L0A + ... + FB
  uint64_t localSize = 0;
  struct Space {
    uint8_t* base = nullptr;
    uint64_t size = 0;
  } spaces[SK_MEM_COUNT];  // by sk_mem
  // An AIC's view of its AIVs' UBs (the L0C -> UB Fixpipe; none outside a MIX kernel). Static
  // tensors of a UB position on the AIC address AIV 0's; its pipes carve none of it.
  Space vectorUb[2];
  // The UB ranges (offset, end) an AIC's Fixpipe wrote into each AIV since it last took a flag
  // from an AIV: writing one of them again would race the AIV still reading it.
  std::vector<std::pair<uint64_t, uint64_t>> ubUnacknowledged[2];
  // Per-block architectural state (reset when a block starts).
  vec::Registers regs;
  int32_t atomicMode = SK_ATOMIC_NONE, atomicDtype = SK_DT_FLOAT32;
  struct L2Mode {
    uint64_t begin, end;
    bool bypass;
  };
  std::vector<L2Mode> l2Modes;  // sk_l2_mode ranges, latest last (few: one per hinted tensor)
  uint64_t layerState[SK_CORE_STATE_WORDS] = {};  // sk_core_state()
  uint64_t staticBytes[SK_MEM_COUNT] = {};  // sk_local_static: taken from each memory's start
  // An AIC's sparse-index buffer (a quarter of L0B's size): LoadDataWithSparse fills it,
  // MmadWithSparse reads it; the index of the L0B byte at offset o is at o / 4.
  std::vector<uint8_t> sparseIndex;
  // An AIC's L0A_MX and L0B_MX (Ascend 950: a sixteenth of L0A's and L0B's size each): the MX
  // scales of the L0 byte at offset o are at o / 16 (sk_load_mx_scales, sk_mmad_mixed).
  std::vector<uint8_t> mxScales[2];
  // A Fixpipe's per-channel quant scales as the fixpipe buffer holds them while it runs.
  std::vector<uint64_t> quantScales;
  // Per-block globals (sk_block_local): this core's copy of each, by the variable's initial
  // image; a copy is set from it again when a later block first asks (blockEpoch moved on).
  struct BlockLocal {
    const void* initial;
    uint64_t size, epoch;
    std::unique_ptr<uint8_t[]> storage;  // size + 63 bytes
    uint8_t* bytes;                      // the copy: in storage, 64-byte aligned (any alignas a kernel asks)
  };
  std::vector<BlockLocal> blockLocals;
  uint64_t blockEpoch = 0;
  void resetBlockState() {
    ++blockEpoch;
    regs = vec::Registers{};
    l2Modes.clear();
    atomicMode = SK_ATOMIC_NONE;
    atomicDtype = SK_DT_FLOAT32;
    std::fill(std::begin(layerState), std::end(layerState), 0);
    std::fill(std::begin(staticBytes), std::end(staticBytes), 0);
    std::fill(std::begin(crossWaits), std::end(crossWaits), 0);
    ibWaits.clear();
    groupWaits.clear();
    for (auto& written : ubUnacknowledged) written.clear();
  }
  uint64_t clock = 0;  // virtual cycles
  uint32_t group = 0, member = 0;  // the block being run: its group in the launch, and member in it
  uint32_t crossWaits[kCrossFlags] = {};  // sk_cross_wait calls per flag in this block
  std::map<uint64_t, uint32_t> ibWaits;   // sk_ib_wait calls per IB flag key in this block
  std::map<std::pair<uint32_t, uint32_t>, uint32_t> groupWaits;  // sk_group_wait calls per (barrier, wait index)
  // Fiber.
  Stack stack;
  bctx::fcontext_t ctx = nullptr;    // resume point of the fiber
  bctx::fcontext_t sched = nullptr;  // the scheduler that resumed it
  // AddressSanitizer builds only (scheduler.cpp): the fiber's fake stack while it is switched
  // out, and the stack of the scheduler thread that resumed it last.
  void* asanFakeStack = nullptr;
  const void* asanSchedStackLo = nullptr;
  size_t asanSchedStackBytes = 0;
  // ThreadSanitizer builds only: the fiber's context and the scheduler's that resumed it.
  void* tsanFiber = nullptr;
  void* tsanSchedFiber = nullptr;
  CoreState state = CoreState::Ready;
  Waitable* pendingWait = nullptr;  // set by the fiber, consumed by the scheduler
  Waitable* waitingOn = nullptr;    // what a parked core waits for
  uint64_t waitGeneration = 0;
  uint32_t waitTarget = 0;  // TaskCounter waits
  uint64_t wakeClock = 0;
  // Super kernels: the sub-kernel being run, and what this core has fetched.
  std::optional<TaskContext> task;
  int64_t outerBlockIdx = 0, outerBlockNum = 1, outerSubBlockIdx = 0, outerSubBlockNum = 1;
  std::unordered_set<const void*> fetched;  // entries whose code this core has fetched
  // The record of the block being run.
  BlockRecord* rec = nullptr;
  bool faulted = false;
  CoreSignal signal;  // what a signal of kernel code was (core_signals.cpp)

  std::string label() const;  // "aiv3 (block 3)", or "aiv3 (block 1 of add_custom (op 2))" in a task
  // Clears the results of the previous launch (keeps vector capacity).
  void reset() {
    blocks.clear();
    rec = nullptr;
    faulted = false;
    task.reset();
    fetched.clear();
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
  // What each block recorded: [group][member] (members: the AIC first, then the AIVs).
  std::vector<std::vector<BlockRecord>> records;
  std::optional<Barrier> syncAll;
  std::optional<Barrier> syncType[2];  // over the launch's cores of one type (per CoreType)
  TaskSlot* tasks = nullptr;  // SK_MAX_TASKS slots (super kernels), owned by the device
  std::atomic<uint32_t> tasksUsed{0};  // slots [0, tasksUsed) to reset after the launch
  bool waves = false;  // more blocks than cores: blocks run in waves
  // Cross-core flags: per block group (made on first use), and the mode-0 rounds per core type.
  SpinLock flagsLock;
  std::vector<std::unique_ptr<GroupFlags>> groupFlags;
  uint32_t mode0Delivered[2][kCrossFlags] = {};
  // IBSet/IBWait flags by key (task, block, event), made on first use (guarded by flagsLock).
  std::map<uint64_t, std::unique_ptr<FlagCounter>> ibFlags;
  // GroupBarriers by (task, workspace address), made on first use (guarded by flagsLock): each
  // one's number in the launch, its sizes, and a counter of arrivals per arrive index.
  struct GroupBarrierState {
    uint32_t number = 0, arrivers = 0, waiters = 0;
    std::vector<std::unique_ptr<FlagCounter>> arrivals;
  };
  std::map<std::pair<uint64_t, uint64_t>, std::unique_ptr<GroupBarrierState>> groupBarriers;
  // What one core's pipes move per cycle on their own (the timing replay shares HBM among them).
  double gmReadRate = 0, gmWriteRate = 0, l1ReadRate = 0, l1WriteRate = 0, localRate = 0;
  double nd2nzUnalignedRate = 0;  // GM -> L1 Nd2Nz with rows not 256-byte aligned
  double l0aRate = 0, l0bRate = 0, l0cToL1Rate = 0, btRate = 0;
  std::atomic<bool> abortRequested{false};  // wall-clock timeout
  std::atomic<bool> readPastEndNoted{false};  // gmReadSource's note, once per launch
  std::atomic<int> runnable{0};
  std::atomic<int> live{0};
  std::string deadlockReport;
  bool timedOut = false;
  std::string hostFailure;  // the host could not run the launch (no memory for a fiber stack)
  const std::function<std::string(uint64_t)>* symbolize = nullptr;  // pc -> "symbol+0x1c" (Device::setSymbolizer)
};

// The core whose fiber runs on this host thread (set by the scheduler on every resume).
CoreRun* currentCore();
void setCurrentCore(CoreRun* c);

// Fiber-side scheduling primitives (lib/sim/scheduler.cpp).
void suspendOn(CoreRun* c, Waitable* w);
[[noreturn]] void raiseFault(CoreRun* c, std::string message);
[[noreturn]] void abandonSelf(CoreRun* c);
void makeReady(CoreRun* c);
// Before a GM access: in an ordered launch, lets every core earlier in virtual time go first.
void orderGmAccess(CoreRun* c);

// Fiber body: runs the core's blocks one after another (lib/sim/kernel_call.cpp).
void runCoreBlocks(CoreRun* c);
// Calls a kernel entry `void f(uint8_t*, ...)` with args.size() < 64 pointer arguments.
void callKernel(void* entry, const uint64_t* args, size_t nargs);
// Instruction fetch: a core's first call of `entry` costs bytes / instrFetchBytesPerCycle,
// unless the code was prefetched (`hidden`).
void chargeFetch(CoreRun* c, const void* entry, uint64_t bytes, bool hidden);

}  // namespace sk::sim
