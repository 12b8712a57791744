#include "launch.h"

namespace sk::sim {

void Barrier::arrive(CoreRun* c) {
  lock_.lock();
  if (c->clock > latest_) latest_ = c->clock;
  if (++arrived_ == participants_) {
    uint64_t release = latest_ + cost_;
    lastRelease_ = release;
    arrived_ = 0;
    latest_ = 0;
    ++generation_;
    std::vector<CoreRun*> waiters;
    waiters.swap(waiters_);
    lock_.unlock();
    for (CoreRun* w : waiters) {
      w->wakeClock = release;
      makeReady(w);
    }
    c->clock = release;
    return;
  }
  c->waitGeneration = generation_;
  lock_.unlock();
  suspendOn(c, this);
}

bool Barrier::park(CoreRun* c) {
  std::lock_guard<SpinLock> lk(lock_);
  if (generation_ != c->waitGeneration) {  // the last core arrived before this one parked
    c->wakeClock = lastRelease_;
    return false;
  }
  waiters_.push_back(c);
  return true;
}

std::string Barrier::describe(const CoreRun*) const {
  return "sk_sync_all: " + std::to_string(arrived_) + " of " + std::to_string(participants_) +
         " cores arrived";
}

}  // namespace sk::sim

namespace sk::sim {

std::vector<CoreRun*> takeReleased(std::vector<CoreRun*>& waiters, uint32_t count) {
  std::vector<CoreRun*> ready;
  for (size_t i = 0; i < waiters.size();) {
    if (waiters[i]->waitTarget <= count) {
      ready.push_back(waiters[i]);
      waiters[i] = waiters.back();
      waiters.pop_back();
    } else {
      ++i;
    }
  }
  return ready;
}

void TaskCounter::add(CoreRun* c) {
  lock_.lock();
  ++count_;
  if (c->clock > latest_) latest_ = c->clock;
  std::vector<CoreRun*> ready = takeReleased(waiters_, count_);
  uint64_t release = latest_ + cost_;
  lock_.unlock();
  for (CoreRun* w : ready) {
    w->wakeClock = release;
    makeReady(w);
  }
}

void TaskCounter::wait(CoreRun* c, uint32_t target) {
  lock_.lock();
  if (count_ >= target) {
    uint64_t release = latest_ + cost_;
    lock_.unlock();
    if (release > c->clock) c->clock = release;
    return;
  }
  lock_.unlock();
  c->waitTarget = target;
  suspendOn(c, this);
}

bool TaskCounter::park(CoreRun* c) {
  std::lock_guard<SpinLock> lk(lock_);
  if (count_ >= c->waitTarget) {
    c->wakeClock = latest_ + cost_;
    return false;
  }
  waiters_.push_back(c);
  return true;
}

std::string TaskCounter::describe(const CoreRun* c) const {
  return std::string("sk_task_wait for task '") + (name_ ? name_ : "?") + "': " + std::to_string(count_) + " of " +
         std::to_string(c->waitTarget) + " cores released it";
}

}  // namespace sk::sim
