// Cross-core flags of MIX kernels (sk_cross_set / sk_cross_wait, AscendC's CrossCoreSetFlag and
// CrossCoreWaitFlag): per-core counters per flag id, fed by the three modes' rendezvous. The
// functional run blocks fibers on the counters; the timing replay gets, for each wait, the sets
// whose round released it (timing.h Signal / FlagAcquire), so virtual time does not depend on
// which host thread ran first.
#include <algorithm>
#include <cstdio>

#include "intrinsic_support.h"

#define SK_KERNEL_C_ONLY
#include "sk/kernel.h"

namespace sk::sim {

void FlagCounter::deliver(const FlagDelivery& d, uint64_t clock) {
  lock_.lock();
  log_.push_back(d);
  clocks_.push_back(clock);
  std::vector<CoreRun*> ready = takeReleased(waiters_, (uint32_t)log_.size());
  lock_.unlock();
  for (CoreRun* w : ready) {
    w->wakeClock = clock;
    makeReady(w);
  }
}

FlagDelivery FlagCounter::take(CoreRun* c, uint32_t n) {
  lock_.lock();
  if (log_.size() < n) {
    lock_.unlock();
    c->waitTarget = n;
    suspendOn(c, this);
    lock_.lock();
  }
  FlagDelivery d = log_[n - 1];
  c->clock = std::max(c->clock, clocks_[n - 1]);
  lock_.unlock();
  return d;
}

bool FlagCounter::park(CoreRun* c) {
  std::lock_guard<SpinLock> lk(lock_);
  if (log_.size() >= c->waitTarget) {
    c->wakeClock = clocks_[c->waitTarget - 1];
    return false;
  }
  waiters_.push_back(c);
  return true;
}

std::string FlagCounter::describe(const CoreRun* c) const {
  if (ibBlock >= 0)
    return "IBWait(block " + std::to_string(ibBlock) + ", event " + std::to_string(flag) + "): wait " +
           std::to_string(c->waitTarget) + " of this block, " + std::to_string(log_.size()) + " IBSet(s) arrived";
  if (groupArrive >= 0) {
    char ws[32];
    std::snprintf(ws, sizeof ws, "%#llx", (unsigned long long)groupWorkspace);
    return std::string("GroupBarrier at workspace ") + ws + ": Wait round " + std::to_string(c->waitTarget) +
           " of this block needs Arrive(" + std::to_string(groupArrive) + ") " + std::to_string(c->waitTarget) +
           " time(s), " + std::to_string(log_.size()) + " arrived";
  }
  return "CrossCoreWaitFlag(" + std::to_string(flag) + "): wait " + std::to_string(c->waitTarget) + " of this block, " +
         std::to_string(log_.size()) + " set(s) arrived";
}

namespace {

// The replay's counter of the sets one core made in one mode on one flag.
uint32_t setCounterId(uint32_t group, uint32_t member, uint32_t mode, uint32_t flag) {
  return 0x80000000u | ((group * kMaxGroupMembers + member) << 8) | (mode << 5) | flag;
}

GroupFlags& flagsOf(Launch& L, uint32_t group) {
  std::lock_guard<SpinLock> lk(L.flagsLock);
  auto& g = L.groupFlags[group];
  if (!g) g = std::make_unique<GroupFlags>();
  return *g;
}

// The members of a group of `type` (the AIC is member 0 when the kernel has one).
std::pair<uint32_t, uint32_t> membersOf(const Launch& L, CoreType type) {
  const TaskRation& r = L.desc.ration;
  uint32_t aic = r.aic, aiv = r.aiv;
  return type == CoreType::AIC ? std::make_pair(0u, aic) : std::make_pair(aic, aic + aiv);
}

// The rendezvous of the AIVs of a group (mode 1, and mode 2 from the AIVs): rounds every AIV
// has reached go to `receivers`.
void aivRendezvous(CoreRun* c, GroupFlags& g, uint32_t mode, uint32_t flag, std::pair<uint32_t, uint32_t> receivers) {
  auto [first, last] = membersOf(*c->launch, CoreType::AIV);
  uint32_t reached = UINT32_MAX;
  for (uint32_t m = first; m < last; ++m) reached = std::min(reached, g.sets[m][mode][flag]);
  while (g.delivered[mode][flag] < reached) {
    FlagDelivery d{(uint8_t)mode, CoreType::AIV, ++g.delivered[mode][flag]};
    for (uint32_t m = receivers.first; m < receivers.second; ++m) g.counters[m][flag].deliver(d, c->clock);
  }
}

// Mode 0: every core of the caller's type in the launch (its counts are guarded by flagsLock).
void launchRendezvous(CoreRun* c, uint32_t flag) {
  Launch& L = *c->launch;
  if (L.waves)
    fault(c, "CrossCoreSetFlag mode 0 in a launch whose blockDim " + std::to_string(L.desc.blockDim) +
                 " exceeds the cores it can use: blocks run in waves, so not every core can ever set; lower blockDim");
  auto [first, last] = membersOf(L, c->type);
  std::lock_guard<SpinLock> lk(L.flagsLock);
  for (auto& g : L.groupFlags)
    if (!g) g = std::make_unique<GroupFlags>();
  ++L.groupFlags[c->group]->sets[c->member][0][flag];
  uint32_t reached = UINT32_MAX;
  for (auto& g : L.groupFlags)
    for (uint32_t m = first; m < last; ++m) reached = std::min(reached, g->sets[m][0][flag]);
  uint32_t& done = L.mode0Delivered[c->type == CoreType::AIC ? 0 : 1][flag];
  while (done < reached) {
    FlagDelivery d{0, c->type, ++done};
    for (auto& g : L.groupFlags)
      for (uint32_t m = first; m < last; ++m) g->counters[m][flag].deliver(d, c->clock);
  }
}

// IBSet/IBWait: the flag of (task, block, event), and its replay counter (mode 3, which the
// cross-core flags never use).
constexpr int64_t kMaxIbBlocks = 1 << 12;
uint64_t ibKey(CoreRun* c, const char* api, int64_t block, int32_t event) {
  if (block < 0 || block >= kMaxIbBlocks || event < 0 || event >= (int32_t)kCrossFlags)
    fault(c, std::string(api) + ": block " + std::to_string(block) + ", event " + std::to_string(event) +
                 ": blocks 0.." + std::to_string(kMaxIbBlocks - 1) + " and events 0..31 are simulated");
  if (!c->task && c->launch->waves)
    fault(c, std::string(api) + " in a launch whose blockDim " + std::to_string(c->launch->desc.blockDim) +
                 " exceeds the cores it can use: blocks run in waves, so a block may wait for one that never runs; "
                 "lower blockDim");
  uint64_t task = c->task ? c->task->task + 1 : 0;
  return task << 40 | (uint64_t)block << 8 | (uint64_t)event;
}
uint32_t ibCounterId(uint64_t key) {
  uint32_t block = (uint32_t)(key >> 8) & (kMaxIbBlocks - 1), task = (uint32_t)(key >> 40);
  return 0x80000000u | ((task << 12 | block) & 0x7FFFFFu) << 8 | 3u << 5 | (uint32_t)(key & 31);
}
FlagCounter& ibFlag(Launch& L, uint64_t key) {
  std::lock_guard<SpinLock> lk(L.flagsLock);
  std::unique_ptr<FlagCounter>& f = L.ibFlags[key];
  if (!f) {
    f = std::make_unique<FlagCounter>();
    f->flag = (uint8_t)(key & 31);
    f->ibBlock = (int64_t)((key >> 8) & (kMaxIbBlocks - 1));
  }
  return *f;
}

// GroupBarrier: the barrier of (task, workspace), checked against the sizes it was first used
// with; its arrive index's replay counter is of mode 5 (unused by the other flags).
constexpr uint32_t kMaxGroupIndices = 1 << 12;
Launch::GroupBarrierState& groupBarrier(CoreRun* c, const char* api, const void* workspace, uint32_t arrivers,
                                        uint32_t waiters, uint32_t index, uint32_t indices) {
  auto hex = [](uint64_t v) {
    char b[32];
    std::snprintf(b, sizeof b, "%#llx", (unsigned long long)v);
    return std::string(b);
  };
  uint64_t ws = (uint64_t)(uintptr_t)workspace;
  std::string what = std::string("GroupBarrier(workspace ") + hex(ws) + ", " + std::to_string(arrivers) + ", " +
                     std::to_string(waiters) + ")." + api + "(" + std::to_string(index) + ")";
  if (arrivers == 0 || waiters == 0 || arrivers > kMaxGroupIndices || waiters > kMaxGroupIndices)
    fault(c, what + ": the arrive and wait groups must have 1.." + std::to_string(kMaxGroupIndices) + " AIVs");
  if (index >= indices)
    fault(c, what + ": the index must be in 0.." + std::to_string(indices - 1));
  // (The documented 512-byte alignment is not checked: the simulator's allocations are 64-byte
  // aligned, and the barrier does not read the workspace.)
  checkGm(c, "GroupBarrier", "workspace", workspace, (uint64_t)waiters * 512, true);
  if (!c->task && c->launch->waves)
    fault(c, what + " in a launch whose blockDim " + std::to_string(c->launch->desc.blockDim) +
                 " exceeds the cores it can use: blocks run in waves, so a block may wait for one that never runs; "
                 "lower blockDim");
  Launch& L = *c->launch;
  uint64_t task = c->task ? c->task->task + 1 : 0;
  std::lock_guard<SpinLock> lk(L.flagsLock);
  std::unique_ptr<Launch::GroupBarrierState>& b = L.groupBarriers[{task, ws}];
  if (!b) {
    b = std::make_unique<Launch::GroupBarrierState>();
    b->number = (uint32_t)L.groupBarriers.size() - 1;
    b->arrivers = arrivers;
    b->waiters = waiters;
    for (uint32_t i = 0; i < arrivers; ++i) {
      b->arrivals.push_back(std::make_unique<FlagCounter>());
      b->arrivals.back()->groupArrive = i;
      b->arrivals.back()->groupWorkspace = ws;
    }
  }
  if (b->arrivers != arrivers || b->waiters != waiters)
    fault(c, what + ": the workspace belongs to a GroupBarrier of " + std::to_string(b->arrivers) + " arriving and " +
                 std::to_string(b->waiters) + " waiting AIVs");
  if (b->number >= (1u << 16)) fault(c, what + ": more than 65536 GroupBarriers in one launch are not simulated");
  return *b;
}
uint32_t groupCounterId(uint32_t barrier, uint32_t arriveIndex) {
  uint32_t v = barrier << 12 | arriveIndex;  // 28 bits
  return 0x80000000u | (v >> 5) << 8 | 5u << 5 | (v & 31);
}

void checkMode(CoreRun* c, const char* api, int32_t mode) {
  const TaskRation& r = c->launch->desc.ration;
  if (mode < 0 || mode > 4 || mode == 3) fault(c, std::string(api) + ": mode " + std::to_string(mode) + " is not 0, 1, 2 or 4");
  if (mode == 1 && c->type == CoreType::AIC) fault(c, std::string(api) + ": mode 1 syncs the AIVs of a block; an AIC cannot take part");
  if ((mode == 2 || mode == 4) && (r.aic == 0 || r.aiv == 0))
    fault(c, std::string(api) + ": mode " + std::to_string(mode) + " syncs an AIC with its AIVs, but this kernel runs " +
                 (r.aic ? "AIC" : "AIV") + " cores only; make it a MIX kernel (metadata coreType MIX, taskRation)");
}

}  // namespace

}  // namespace sk::sim

using namespace sk::sim;
using sk::CoreType;

extern "C" {

void sk_cross_set(int32_t mode, int32_t pipe, int32_t flag) {
  CoreRun* c = enter("sk_cross_set");
  if (!c) return;
  checkMode(c, "CrossCoreSetFlag", mode);
  // S: after the scalar unit's earlier work (Ascend 950's; sk_ascendc/sync.h refuses it elsewhere)
  if (pipe < SK_PIPE_S || pipe > SK_PIPE_FIX)
    fault(c, "CrossCoreSetFlag: pipe " + std::to_string(pipe) + " is not one of S, V, M, MTE1, MTE2, MTE3, FIX");
  // The hardware keeps 4 bits of the id; mode 4 sets of an AIC name AIV 1's ids as 16..31.
  uint32_t f = (uint32_t)flag & (mode == 4 && c->type == CoreType::AIC ? 31 : 15);
  timing::Op op{timing::OpKind::Signal, (uint8_t)pipe};
  op.id = setCounterId(c->group, c->member, (uint32_t)mode, f);
  op.what = "CrossCoreSetFlag";
  record(c, op);
  if (mode == 0) return launchRendezvous(c, f);
  Launch& L = *c->launch;
  GroupFlags& g = flagsOf(L, c->group);
  std::lock_guard<SpinLock> lk(g.lock);
  ++g.sets[c->member][mode][f];
  if (mode == 4) {  // one AIV and its AIC (Ascend 950's mode; the Matmul API's messages here)
    FlagDelivery d{4, c->type, g.sets[c->member][4][f], (uint8_t)c->member};
    auto [first, last] = membersOf(L, CoreType::AIV);
    if (c->type == CoreType::AIC) {
      uint32_t to = first + (f >> 4);
      if (to >= last) fault(c, "CrossCoreSetFlag mode 4: flag " + std::to_string(f) + " names AIV " + std::to_string(f >> 4) + ", which this block has not");
      g.counters[to][f & 15].deliver(d, c->clock);
    } else {
      g.counters[0][f + 16 * (c->member - first)].deliver(d, c->clock);
    }
  } else if (mode == 2 && c->type == CoreType::AIC) {
    FlagDelivery d{2, CoreType::AIC, g.sets[c->member][2][f]};
    auto [first, last] = membersOf(L, CoreType::AIV);
    for (uint32_t m = first; m < last; ++m) g.counters[m][f].deliver(d, c->clock);
  } else {
    aivRendezvous(c, g, (uint32_t)mode, f, mode == 1 ? membersOf(L, CoreType::AIV) : membersOf(L, CoreType::AIC));
  }
}

void* sk_ssbuf_at(uint64_t offset, uint64_t bytes) {
  CoreRun* c = enter("sk_ssbuf_at");
  if (!c) return nullptr;
  Launch& L = *c->launch;
  const uint64_t size = L.arch->ssbufBytes;
  if (size == 0) fault(c, "__ssbuf__ access: " + L.arch->name + " has no SSBUF (Ascend 950's, dav-3510)");
  // A MIX block's cores share all of it; otherwise each core (a group of its own) has a third.
  const sk::TaskRation& r = L.desc.ration;
  const bool shared = r.aic && r.aiv;
  const uint64_t span = shared ? size : size / 3;
  if (offset > span || bytes > span - offset)
    fault(c, "__ssbuf__ access of " + std::to_string(bytes) + " bytes at offset " + std::to_string(offset) +
                 ": past the end of the SSBUF (" + std::to_string(span) + " bytes " +
                 (shared ? "shared by the block's AIC and AIVs)" : "of each core of a kernel that is not MIX)"));
  GroupFlags& g = flagsOf(L, c->group);
  std::lock_guard<SpinLock> lk(g.lock);
  if (g.ssbuf.empty()) g.ssbuf.resize(span);
  return g.ssbuf.data() + offset;
}

void sk_ib_set(int64_t block, int32_t event) {
  CoreRun* c = enter("sk_ib_set");
  if (!c) return;
  uint64_t key = ibKey(c, "IBSet", block, event);
  inOrder(c);  // the set follows everything the core issued (IBSet's PipeBarrier<PIPE_ALL>)
  timing::Op op{timing::OpKind::Signal, (uint8_t)SK_PIPE_MTE3};
  op.id = ibCounterId(key);
  op.what = "IBSet";
  record(c, op);
  ibFlag(*c->launch, key).deliver(FlagDelivery{3, c->type, 0}, c->clock);
}

void sk_ib_wait(int64_t block, int32_t event) {
  CoreRun* c = enter("sk_ib_wait");
  if (!c) return;
  uint64_t key = ibKey(c, "IBWait", block, event);
  uint32_t n = ++c->ibWaits[key];
  ibFlag(*c->launch, key).take(c, n);
  timing::Op op{timing::OpKind::FlagAcquire};
  op.id = ibCounterId(key);
  op.amount = n;
  op.what = "IBWait";
  record(c, op);
  inOrder(c);  // nothing after the wait starts before it
}

void sk_group_arrive(const void* workspace, uint32_t arrivers, uint32_t waiters, uint32_t index) {
  CoreRun* c = enter("sk_group_arrive");
  if (!c) return;
  Launch::GroupBarrierState& b = groupBarrier(c, "Arrive", workspace, arrivers, waiters, index, arrivers);
  inOrder(c);  // the arrival follows everything the core issued
  timing::Op op{timing::OpKind::Signal, (uint8_t)SK_PIPE_MTE3};
  op.id = groupCounterId(b.number, index);
  op.what = "GroupBarrier::Arrive";
  record(c, op);
  b.arrivals[index]->deliver(FlagDelivery{5, c->type, 0}, c->clock);
}

void sk_group_wait(const void* workspace, uint32_t arrivers, uint32_t waiters, uint32_t index) {
  CoreRun* c = enter("sk_group_wait");
  if (!c) return;
  Launch::GroupBarrierState& b = groupBarrier(c, "Wait", workspace, arrivers, waiters, index, waiters);
  uint32_t n = ++c->groupWaits[{b.number, index}];
  for (uint32_t i = 0; i < b.arrivers; ++i) {
    b.arrivals[i]->take(c, n);
    timing::Op op{timing::OpKind::FlagAcquire};
    op.id = groupCounterId(b.number, i);
    op.amount = n;
    op.what = "GroupBarrier::Wait";
    record(c, op);
  }
  inOrder(c);  // nothing after the wait starts before it
}

void sk_cross_wait(int32_t flag) {
  CoreRun* c = enter("sk_cross_wait");
  if (!c) return;
  Launch& L = *c->launch;
  uint32_t f = (uint32_t)flag & (c->type == CoreType::AIC ? 31 : 15);
  FlagDelivery d = flagsOf(L, c->group).counters[c->member][f].take(c, ++c->crossWaits[f]);
  if (c->type == CoreType::AIC && d.from == CoreType::AIV)  // the AIVs' word that they read their UB
    for (auto& written : c->ubUnacknowledged) written.clear();
  // The replay releases the wait when every core whose sets made this delivery has made its
  // round-th set.
  auto [first, last] = membersOf(L, d.from);
  uint32_t setFlag = f;  // the id as the setter named it (its replay counter's)
  if (d.mode == 4) {
    uint32_t firstAiv = membersOf(L, CoreType::AIV).first;
    setFlag = d.from == CoreType::AIC ? f + 16 * (c->member - firstAiv) : f - 16 * (d.fromMember - firstAiv);
    first = d.fromMember;
    last = d.fromMember + 1;
  }
  uint32_t groupsFrom = d.mode == 0 ? (uint32_t)L.groupFlags.size() : 1;
  for (uint32_t i = 0; i < groupsFrom; ++i) {
    uint32_t group = d.mode == 0 ? i : c->group;
    for (uint32_t m = first; m < last; ++m) {
      timing::Op op{timing::OpKind::FlagAcquire};
      op.id = setCounterId(group, m, d.mode, setFlag);
      op.amount = d.round;
      op.what = "CrossCoreWaitFlag";
      record(c, op);
    }
  }
}

}  // extern "C"
