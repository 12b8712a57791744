// Runs the simulated cores of a launch as fibers (Boost.Context fcontext) on a small pool of
// host threads; the thread that calls run() serves too. A core that waits parks its fiber and
// the thread runs another. Deadlock = every live core parked; timeout = wall clock budget.
#pragma once
#include <optional>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

#include "launch.h"

namespace sk::sim {

class Scheduler {
 public:
  Scheduler(unsigned threads, uint64_t stackBytes);
  ~Scheduler();
  Scheduler(const Scheduler&) = delete;
  Scheduler& operator=(const Scheduler&) = delete;

  // Runs every core of L until each has finished, faulted, or been abandoned (deadlock or
  // timeout; L.deadlockReport / L.timedOut say which).
  void run(Launch& L, std::chrono::milliseconds timeout);
  void push(CoreRun* c);
  // Ordered launches (KernelLaunch::orderedGm): true if a ready core is earlier in virtual time
  // than c (ties by core), so c must let it reach GM first.
  bool anyEarlier(const CoreRun* c);
  unsigned threads() const { return (unsigned)pool_.size() + 1; }

 private:
  CoreRun* takeNext(const Launch& L);
  void workerMain();
  void watchdogMain();
  void serve(Launch& L, std::unique_lock<std::mutex>& lk);
  void maybeWakeWorkers();
  void resume(CoreRun* c, std::unique_lock<std::mutex>& lk);
  void retire(CoreRun* c, std::unique_lock<std::mutex>& lk);
  void handleAllParked(Launch& L, std::unique_lock<std::mutex>& lk);
  std::optional<Stack> acquireStack();  // nullopt: the host has no memory for one

  uint64_t stackBytes_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<CoreRun*> ready_;
  Launch* current_ = nullptr;
  int activeWorkers_ = 0;
  bool stop_ = false;
  std::vector<Stack> freeStacks_;
  std::vector<std::thread> pool_;
  // Watchdog: polls the current launch's deadline and asks its cores to stop.
  static constexpr int kWatchdogPollMs = 20;
  std::thread watchdog_;
  std::condition_variable watchCv_;
  std::chrono::steady_clock::time_point deadline_{};
  uint64_t launchSerial_ = 0;
  static constexpr int kWakeWorkersAfterUs = 50;
  std::chrono::steady_clock::time_point launchStart_{};
  bool workersWoken_ = false;
};

}  // namespace sk::sim
