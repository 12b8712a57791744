#include "scheduler.h"
#include "intrinsic_support.h"
#include "acl/acl_base.h"
#include "core_signals.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <tuple>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SK_ASAN_FIBERS 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define SK_ASAN_FIBERS 1
#endif
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define SK_TSAN_FIBERS 1
#endif
#endif
#if defined(__SANITIZE_THREAD__)
#define SK_TSAN_FIBERS 1
#endif
#if SK_TSAN_FIBERS
#include <sanitizer/tsan_interface.h>
#endif
#if SK_ASAN_FIBERS
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#include <sanitizer/lsan_interface.h>
#endif

namespace sk::sim {

namespace {
thread_local CoreRun* tlCore = nullptr;

// AddressSanitizer tracks which stack a thread is on (for its fake stacks, which catch
// use-after-return, and for telling stack from heap in reports). Every jump between a scheduler
// thread and a fiber is announced to it (docs/testing.md); in other builds these are no-ops.
#if SK_ASAN_FIBERS
void asanStartSwitch(void** fakeStackSave, const void* lo, size_t bytes) {
  __sanitizer_start_switch_fiber(fakeStackSave, lo, bytes);
}
void asanFinishSwitch(void* fakeStack, const void** fromLo, size_t* fromBytes) {
  __sanitizer_finish_switch_fiber(fakeStack, fromLo, fromBytes);
}
// A faulted or abandoned fiber never returns from its frames, so their redzones stay poisoned:
// a reused stack starts clean.
void asanUnpoison(const Stack& s) { ASAN_UNPOISON_MEMORY_REGION(s.lo, (size_t)(s.hi - s.lo)); }
// Faults do not unwind (docs/simulator.md), so what the abandoned frames own on the heap (the
// fault message's temporaries, a few hundred bytes per fault) is never freed: a known cost,
// not a finding. LeakSanitizer is told to ignore exactly those blocks, the ones a word of the
// frames [from, s.hi) points into. (Needs the frames on this stack: no fake stacks, hence
// detect_stack_use_after_return=0, docs/testing.md.)
__attribute__((no_sanitize("address"))) void lsanIgnoreWords(const void* from, const uint8_t* to) {
  for (auto* p = (void* const*)((uintptr_t)from & ~(uintptr_t)7); (const uint8_t*)(p + 1) <= to; ++p)
    __lsan_ignore_object(*p);
}
// A core that faulted through a signal (core_signals.cpp) left its fiber's frames at an unknown
// depth and runs its last ones on the thread's escape stack: both are abandoned.
void lsanIgnoreAbandonedFrames(const void* from, const Stack& s) {
  auto [escapeLo, escapeHi] = escapeStack();
  if ((const uint8_t*)from >= s.lo && (const uint8_t*)from < s.hi) return lsanIgnoreWords(from, s.hi);
  if ((const uint8_t*)from >= escapeLo && (const uint8_t*)from < escapeHi) lsanIgnoreWords(from, escapeHi);
  lsanIgnoreWords(s.lo, s.hi);
}
#else
void asanStartSwitch(void**, const void*, size_t) {}
void asanFinishSwitch(void*, const void**, size_t*) {}
void asanUnpoison(const Stack&) {}
void lsanIgnoreAbandonedFrames(const void*, const Stack&) {}
#endif

// ThreadSanitizer needs to know each fiber as a context of its own, and every switch.
#if SK_TSAN_FIBERS
void* tsanCurrent() { return __tsan_get_current_fiber(); }
void* tsanCreate() { return __tsan_create_fiber(0); }
void tsanDestroy(void* fiber) { __tsan_destroy_fiber(fiber); }
void tsanSwitchTo(void* fiber) { __tsan_switch_to_fiber(fiber, 0); }
#else
void* tsanCurrent() { return nullptr; }
void* tsanCreate() { return nullptr; }
void tsanDestroy(void*) {}
void tsanSwitchTo(void*) {}
#endif

// The fiber's way back to the scheduler. `resumable` false: the fiber is done (finished,
// faulted, abandoned) and ASan may free its fake stack.
bctx::transfer_t jumpToScheduler(CoreRun* c, bool resumable) {
  asanStartSwitch(resumable ? &c->asanFakeStack : nullptr, c->asanSchedStackLo, c->asanSchedStackBytes);
  tsanSwitchTo(c->tsanSchedFiber);
  bctx::transfer_t t = bctx::jump_fcontext(c->sched, nullptr);
  asanFinishSwitch(c->asanFakeStack, &c->asanSchedStackLo, &c->asanSchedStackBytes);
  return t;
}

void fiberEntry(bctx::transfer_t t) {
  auto* c = static_cast<CoreRun*>(t.data);
  asanFinishSwitch(nullptr, &c->asanSchedStackLo, &c->asanSchedStackBytes);
  c->sched = t.fctx;
  runCoreBlocks(c);
  c->state = CoreState::Finished;
  jumpToScheduler(c, false);
  __builtin_unreachable();
}
}  // namespace

// Not inline: a fiber may resume on another thread, so the thread-local must be re-read.
__attribute__((noinline)) CoreRun* currentCore() { return tlCore; }
__attribute__((noinline)) void setCurrentCore(CoreRun* c) { tlCore = c; }

void suspendOn(CoreRun* c, Waitable* w) {
  c->pendingWait = w;
  bctx::transfer_t t = jumpToScheduler(c, true);
  c->sched = t.fctx;
  if (c->wakeClock > c->clock) c->clock = c->wakeClock;
  if (c->launch->abortRequested.load(std::memory_order_relaxed)) abandonSelf(c);
}

void raiseFault(CoreRun* c, std::string message) {
  int code = c->type == CoreType::AIC ? ACL_ERROR_RT_AICORE_EXCEPTION : ACL_ERROR_RT_VECTOR_CORE_EXCEPTION;  // AI Core / vector core exception
  c->faulted = true;
  if (c->rec) c->rec->fault = Fault{code, mark(c, false), std::move(message)};
  c->state = CoreState::Faulted;
  lsanIgnoreAbandonedFrames(__builtin_frame_address(0), c->stack);
  jumpToScheduler(c, false);
  __builtin_unreachable();
}

void abandonSelf(CoreRun* c) {
  c->state = CoreState::Abandoned;
  lsanIgnoreAbandonedFrames(__builtin_frame_address(0), c->stack);
  jumpToScheduler(c, false);
  __builtin_unreachable();
}

void makeReady(CoreRun* c) { c->launch->scheduler->push(c); }

namespace {
// Where a core stands in virtual time; a core released from a wait resumes at its wake clock.
std::tuple<uint64_t, int, uint32_t> orderKey(const CoreRun* c) {
  return {std::max(c->clock, c->wakeClock), (int)c->type, c->physId};
}

// Lets earlier cores run first: never parks, so the scheduler queues the core again at once.
class YieldToEarlier final : public Waitable {
 public:
  bool park(CoreRun*) override { return false; }
  std::string describe(const CoreRun*) const override { return "a yield"; }
};
YieldToEarlier yieldToEarlier;
}  // namespace

void orderGmAccess(CoreRun* c) {
  if (c->launch->desc.orderedGm && c->launch->scheduler->anyEarlier(c)) suspendOn(c, &yieldToEarlier);
}

Scheduler::Scheduler(unsigned threads, uint64_t stackBytes) : stackBytes_(stackBytes) {
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  for (unsigned i = 1; i < threads; ++i) pool_.emplace_back([this] { workerMain(); });
  watchdog_ = std::thread([this] { watchdogMain(); });
}

Scheduler::~Scheduler() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    stop_ = true;
  }
  cv_.notify_all();
  watchCv_.notify_all();
  for (auto& t : pool_) t.join();
  watchdog_.join();
  for (Stack& s : freeStacks_) {
    asanUnpoison(s);
    munmap(s.mapping, s.mapBytes);
  }
}

std::optional<Stack> Scheduler::acquireStack() {
  if (!freeStacks_.empty()) {
    Stack s = freeStacks_.back();
    freeStacks_.pop_back();
    asanUnpoison(s);
    return s;
  }
  uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE);
  uint64_t bytes = (stackBytes_ + page - 1) / page * page + page;  // + guard page
  void* m = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
  if (m == MAP_FAILED) return std::nullopt;
  mprotect(m, page, PROT_NONE);
  return Stack{m, bytes, (uint8_t*)m + page, (uint8_t*)m + bytes};
}

void Scheduler::push(CoreRun* c) {
  c->launch->runnable.fetch_add(1, std::memory_order_relaxed);
  {
    std::lock_guard<std::mutex> lk(mu_);
    c->state = CoreState::Ready;
    ready_.push_back(c);
  }
  cv_.notify_one();
}

bool Scheduler::anyEarlier(const CoreRun* c) {
  std::lock_guard<std::mutex> lk(mu_);
  auto mine = orderKey(c);
  for (const CoreRun* r : ready_)
    if (orderKey(r) < mine) return true;
  return false;
}

// The next core to resume: the earliest in virtual time for ordered launches, else the oldest.
CoreRun* Scheduler::takeNext(const Launch& L) {
  auto pick = ready_.begin();
  if (L.desc.orderedGm)
    for (auto it = ready_.begin(); it != ready_.end(); ++it)
      if (orderKey(*it) < orderKey(*pick)) pick = it;
  CoreRun* c = *pick;
  ready_.erase(pick);
  return c;
}

void Scheduler::run(Launch& L, std::chrono::milliseconds timeout) {
  prepareThreadForCores();  // the calling thread serves too
  std::unique_lock<std::mutex> lk(mu_);
  L.scheduler = this;
  L.live = (int)L.cores.size();
  L.runnable = (int)L.cores.size();
  for (CoreRun* c : L.cores) {
    c->launch = &L;
    std::optional<Stack> stack = acquireStack();
    if (!stack) {  // nothing runs: the launch fails on its stream
      int err = errno;
      L.hostFailure = "cannot map a " + std::to_string(stackBytes_ >> 10) + " KiB fiber stack for " + c->label() +
                      ": " + std::strerror(err);
      for (CoreRun* r : ready_) freeStacks_.push_back(r->stack);
      ready_.clear();
      L.live = L.runnable = 0;
      return;
    }
    c->stack = *stack;
    c->ctx = bctx::make_fcontext(c->stack.hi, (size_t)(c->stack.hi - c->stack.lo), fiberEntry);
    c->tsanFiber = tsanCreate();
    c->state = CoreState::Ready;
    ready_.push_back(c);
  }
  current_ = &L;
  launchStart_ = std::chrono::steady_clock::now();
  deadline_ = launchStart_ + timeout;
  workersWoken_ = false;
  ++launchSerial_;
  serve(L, lk);
  // Workers may still be between a fiber and the lock: wait until they have left L.
  cv_.wait(lk, [&] { return activeWorkers_ == 0; });
  current_ = nullptr;
}

void Scheduler::serve(Launch& L, std::unique_lock<std::mutex>& lk) {
  while (L.live > 0) {
    if (!ready_.empty()) {
      resume(takeNext(L), lk);
      maybeWakeWorkers();
      continue;
    }
    cv_.wait(lk);
  }
  cv_.notify_all();
}

// Waking a host thread costs tens of microseconds, more than a short launch: the serving thread
// runs a launch alone until it has taken kWakeWorkersAfterUs, then the pool joins in. (The
// watchdog also wakes the pool, for a first fiber that runs long without switching out.)
void Scheduler::maybeWakeWorkers() {
  if (workersWoken_ || pool_.empty() || current_->desc.orderedGm) return;
  if (std::chrono::steady_clock::now() - launchStart_ < std::chrono::microseconds(kWakeWorkersAfterUs)) return;
  workersWoken_ = true;
  cv_.notify_all();
}

void Scheduler::workerMain() {
  prepareThreadForCores();
  std::unique_lock<std::mutex> lk(mu_);
  for (;;) {
    cv_.wait(lk, [&] { return stop_ || (current_ && workersWoken_ && !current_->desc.orderedGm && !ready_.empty()); });
    if (stop_) return;
    Launch* L = current_;
    ++activeWorkers_;
    while (current_ == L && L->live > 0 && !ready_.empty()) resume(takeNext(*L), lk);
    --activeWorkers_;
    cv_.notify_all();
  }
}

// Runs c's fiber until it switches out, then acts on why. Called and returns with lk held.
void Scheduler::resume(CoreRun* c, std::unique_lock<std::mutex>& lk) {
  lk.unlock();
  c->state = CoreState::Running;
  setCurrentCore(c);
  void* schedFakeStack = nullptr;
  asanStartSwitch(&schedFakeStack, c->stack.lo, (size_t)(c->stack.hi - c->stack.lo));
  c->tsanSchedFiber = tsanCurrent();
  tsanSwitchTo(c->tsanFiber);
  bctx::transfer_t t = bctx::jump_fcontext(c->ctx, c);
  asanFinishSwitch(schedFakeStack, nullptr, nullptr);
  setCurrentCore(nullptr);
  c->ctx = t.fctx;
  Launch& L = *c->launch;
  if (c->state == CoreState::Running && c->pendingWait) {
    Waitable* w = c->pendingWait;
    c->pendingWait = nullptr;
    c->waitingOn = w;
    c->state = CoreState::Waiting;
    if (!w->park(c)) {  // released before it could park: run it again
      c->waitingOn = nullptr;
      lk.lock();
      c->state = CoreState::Ready;
      ready_.push_back(c);
      return;
    }
    // Counted out only now: meanwhile another thread may have released c and run the launch
    // to its end, so runnable reaching 0 is a deadlock only while cores are still live.
    bool lastRunnable = L.runnable.fetch_sub(1) == 1;
    lk.lock();
    if (lastRunnable && L.live > 0) handleAllParked(L, lk);
    return;
  }
  lk.lock();
  retire(c, lk);
  if (L.runnable.fetch_sub(1) == 1 && L.live > 0) handleAllParked(L, lk);
}

void Scheduler::retire(CoreRun* c, std::unique_lock<std::mutex>&) {
  tsanDestroy(c->tsanFiber);
  c->tsanFiber = nullptr;
  freeStacks_.push_back(c->stack);
  c->stack = Stack{};
  if (--c->launch->live == 0) cv_.notify_all();
}

// Every live core is parked and none can release another: a deadlock, unless cores were
// stopped on purpose (timeout) or a faulted core left the others waiting.
void Scheduler::handleAllParked(Launch& L, std::unique_lock<std::mutex>& lk) {
  bool anyFault = false;
  for (CoreRun* c : L.cores) anyFault |= c->faulted;
  if (!anyFault && !L.abortRequested) {
    std::string r;
    for (CoreRun* c : L.cores)
      if (c->state == CoreState::Waiting) r += "\n  " + c->label() + " waits in " + c->waitingOn->describe(c);
    std::string exited;
    for (CoreRun* c : L.cores)
      if (c->state == CoreState::Finished) exited += (exited.empty() ? "" : ", ") + c->label();
    if (!exited.empty()) r += "\n  exited without releasing them: " + exited;
    L.deadlockReport = r;
  }
  for (CoreRun* c : L.cores)
    if (c->state == CoreState::Waiting) {
      c->state = CoreState::Abandoned;
      lsanIgnoreAbandonedFrames(c->ctx, c->stack);  // fcontext_t: the parked fiber's stack pointer
      retire(c, lk);
    }
}

// Polls rather than being woken per launch (a wake-up costs more than a short launch).
// Also wakes the pool when the serving thread is stuck in one long-running fiber.
void Scheduler::watchdogMain() {
  std::unique_lock<std::mutex> lk(mu_);
  uint64_t stoppedSerial = 0;
  while (!stop_) {
    watchCv_.wait_for(lk, std::chrono::milliseconds(kWatchdogPollMs));
    Launch* L = current_;
    if (L && !workersWoken_ && !L->desc.orderedGm && !ready_.empty() && !pool_.empty()) {
      workersWoken_ = true;
      cv_.notify_all();
    }
    if (stop_ || !L || launchSerial_ == stoppedSerial || std::chrono::steady_clock::now() < deadline_) continue;
    stoppedSerial = launchSerial_;
    L->timedOut = true;
    L->abortRequested = true;
    std::fprintf(stderr,
                 "sk: launch of '%s' exceeded its timeout; stopping its cores at their next intrinsic call "
                 "(a core that never calls one cannot be stopped)\n",
                 L->desc.name.c_str());
  }
}

}  // namespace sk::sim
