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
