// The replay of recorded work in virtual time (timing.h). A discrete-event simulation on one
// thread: events (job starts, transfers joining the memory system, transfer completions,
// barrier releases) are taken in (time, sequence) order; after each, the cores it concerns
// advance as far as what is known allows. Every time computed from an event at time T is >= T,
// so the order is causal and the result deterministic.
#include "timing.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <map>
#include <list>
#include <queue>
#include <unordered_map>

namespace sk::sim::timing {

const char* pipeName(uint8_t pipe) {
  static const char* names[] = {"S", "V", "M", "MTE1", "MTE2", "MTE3", "FIX"};
  return pipe < kPipes ? names[pipe] : "?";
}

const char* memName(int mem) {
  static const char* names[] = {"UB", "L1", "L0A", "L0B", "L0C", "BT", "FB"};
  return mem >= 0 && mem < (int)(sizeof names / sizeof *names) ? names[mem] : "?";
}

Machine Machine::of(const arch::ArchSpec& a) {
  Machine m;
  m.aicCores = a.aicCores;
  m.aivCores = a.aivCores;
  m.hbmBytesPerCycle = a.hbmGBps * 1e9 / (a.clockMHz * 1e6);
  m.l2BytesPerCycle = a.l2GBps * 1e9 / (a.clockMHz * 1e6);
  m.l2Bytes = a.l2Bytes;
  m.moveLatencyCycles = a.dataCopyLatencyCycles;
  m.localLatencyCycles = a.localCopyLatencyCycles;
  m.hbmRequestBytes = a.hbmRequestOverheadBytes;
  m.gmRequestAlign = a.gmRequestAlignBytes;
  m.barrierCycles = a.syncAllCycles;
  m.counterCycles = a.taskSyncCycles;
  return m;
}

namespace {

constexpr uint64_t kNever = UINT64_MAX;

// ---- L2: sectors of 4 KiB, least recently used out, written back to HBM when evicted ----
// Writes allocate and stay dirty, so output that L2 can hold costs no HBM bandwidth until it
// is pushed out (what the Add study's Case 5 shows: with the inputs streaming past L2, the
// writes of z "hit L2" and only the reads load HBM).
class L2 {
 public:
  explicit L2(uint64_t bytes) : capacity_(bytes / kSector) {}
  struct Traffic {
    uint64_t hit = 0;        // bytes of the range already resident
    uint64_t writeBack = 0;  // dirty bytes evicted to make room
  };
  // The range becomes resident (most recent), dirty if `write`.
  Traffic touch(uint64_t addr, uint64_t bytes, bool write) {
    Traffic t;
    if (capacity_ == 0) return t;
    forEachSector(addr, bytes, [&](uint64_t s, uint64_t overlap) {
      auto it = where_.find(s);
      if (it != where_.end()) {
        t.hit += overlap;
        it->second->dirty |= write;
        lru_.splice(lru_.begin(), lru_, it->second);
        return;
      }
      lru_.push_front(Sector{s, write});
      where_[s] = lru_.begin();
      if (where_.size() > capacity_) {
        if (lru_.back().dirty) t.writeBack += kSector;
        where_.erase(lru_.back().index);
        lru_.pop_back();
      }
    });
    return t;
  }
  // Bytes of the range resident, leaving L2 as it is (an access that bypasses it).
  uint64_t resident(uint64_t addr, uint64_t bytes) const {
    uint64_t hit = 0;
    forEachSector(addr, bytes, [&](uint64_t s, uint64_t overlap) {
      if (where_.count(s)) hit += overlap;
    });
    return hit;
  }

 private:
  // f(sector, bytes of [addr, addr + bytes) in it) for every sector the range touches.
  template <typename F> static void forEachSector(uint64_t addr, uint64_t bytes, F f) {
    for (uint64_t s = addr / kSector; bytes && s <= (addr + bytes - 1) / kSector; ++s)
      f(s, std::min(addr + bytes, (s + 1) * kSector) - std::max(addr, s * kSector));
  }
  static constexpr uint64_t kSector = 4096;
  struct Sector {
    uint64_t index;
    bool dirty;
  };
  uint64_t capacity_;
  std::list<Sector> lru_;
  std::unordered_map<uint64_t, std::list<Sector>::iterator> where_;
};

struct Transfer {
  uint32_t core;        // index into Impl::running
  uint8_t pipe;
  double remaining;     // bytes
  double cap;           // bytes/cycle of the pipe
  double hbmShare;      // fraction of its bytes that come from (or go to) HBM; the rest hits L2
  double rate = 0;
  uint32_t op;
  uint64_t began;
};

enum class EventKind : uint8_t { JobReady, Join, Complete, Wake, CounterAdd };

struct Event {
  uint64_t time;
  uint64_t seq;
  EventKind kind;
  uint32_t a = 0;  // job / transfer slot / core
  uint64_t b = 0;  // version
  bool operator>(const Event& o) const { return time != o.time ? time > o.time : seq > o.seq; }
};

struct Pending {  // an issued op waiting for its pipe
  uint32_t op;
  uint64_t issued;
};

// A program running on a core.
struct Running {
  const Program* prog = nullptr;
  ProgramTimes* out = nullptr;
  uint32_t job = 0, block = 0, member = 0;
  size_t ip = 0;
  uint64_t sTime = 0;
  uint64_t pipeFree[kPipes] = {};
  bool inFlight[kPipes] = {};
  std::deque<Pending> fifo[kPipes];
  std::map<uint64_t, std::deque<uint64_t>> flags;  // (src, dst, id) -> set times not yet waited for
  std::unordered_map<uint32_t, uint64_t> tokens;
  // Local accesses of started ops that may still be running (race check): [from, until) = when
  // the op runs (until kNever while a GM transfer is in flight).
  struct Live {
    uint64_t from, until;
    uint32_t op, access;
  };
  std::vector<Live> live[kPipes];  // by pipe: an op never scans its own pipe's
  size_t livePruned[kPipes] = {};  // sizes after the last pruning
  bool waitingBarrier = false;
  bool finished = false;
};

uint64_t flagKey(uint8_t src, uint8_t dst, uint32_t id) { return ((uint64_t)src << 40) | ((uint64_t)dst << 32) | id; }

}  // namespace

struct Timeline::Impl {
  Machine m;
  std::vector<uint64_t> aicFree, aivFree;  // kNever: running a program whose end is not known yet
  L2 l2;

  // Per replay.
  const std::vector<Job>* jobs = nullptr;
  std::vector<JobTimes>* times = nullptr;
  std::priority_queue<Event, std::vector<Event>, std::greater<Event>> events;
  uint64_t seq = 0;
  uint64_t now = 0;
  std::vector<Running> running;
  std::vector<Transfer> active;     // in the memory system
  uint64_t poolVersion = 0;
  uint64_t poolUpdated = 0;          // time `remaining` was last brought up to date
  std::vector<Transfer> joining;     // transfers waiting for their Join event
  struct JobState {
    uint32_t endsPending = 0;        // predecessors not finished
    uint64_t predReady = 0;          // the latest predecessor end + its delay
    uint64_t readyAt = 0;
    uint32_t nextBlock = 0, blocksEnded = 0;
    std::vector<uint32_t> membersLeft;  // per block
  };
  std::vector<JobState> js;
  std::vector<std::vector<std::pair<uint32_t, uint64_t>>> successors;  // (job, delay)
  // A block waiting for the cores of its group to finish what they run.
  struct Waiter {
    uint32_t job, group, pending;
  };
  std::vector<Waiter> waiters;
  std::vector<std::vector<uint32_t>> aicWaiters, aivWaiters;  // per core: indices into waiters
  struct BarrierState {
    uint32_t arrived = 0;
    uint64_t latest = 0;
    std::vector<uint32_t> members;
  };
  std::map<std::pair<uint32_t, uint32_t>, BarrierState> barriers;  // (job, id)
  struct Counter {
    uint32_t count = 0;     // adds applied (in time order)
    uint64_t latest = 0;
    std::vector<uint64_t> times;  // of each add (cross-core flags: the n-th wait takes the n-th set)
    std::vector<uint32_t> waiters;
  };
  std::map<std::pair<uint32_t, uint32_t>, Counter> counters;
  std::vector<std::pair<uint32_t, uint32_t>> counterAdds;  // pending CounterAdd events: (job, id)

  explicit Impl(const Machine& mm)
      : m(mm), aicFree(mm.aicCores, 0), aivFree(mm.aivCores, 0), l2(mm.l2Bytes), aicWaiters(mm.aicCores),
        aivWaiters(mm.aivCores) {}

  void push(uint64_t t, EventKind k, uint32_t a, uint64_t b = 0) { events.push(Event{t, seq++, k, a, b}); }

  // ---- jobs ----
  void jobReady(uint32_t j) {
    const Job& job = (*jobs)[j];
    JobTimes& out = (*times)[j];
    out.begin = now;
    if (job.kind == Job::Kind::Fixed) {
      finishJob(j, now + job.cycles);
      return;
    }
    if (job.kind == Job::Kind::Dma) {
      join(Transfer{UINT32_MAX, 0, (double)job.bytes, job.dmaRate, 1.0, 0, j, now});
      return;
    }
    JobState& s = js[j];
    out.blocks.assign(job.blocks.size(), {});
    s.membersLeft.assign(job.blocks.size(), 0);
    for (size_t b = 0; b < job.blocks.size(); ++b) {
      out.blocks[b].resize(job.blocks[b].size());
      s.membersLeft[b] = (uint32_t)job.blocks[b].size();
    }
    s.readyAt = now;
    if (job.blocks.empty()) {
      finishJob(j, now + job.startupCycles);
      return;
    }
    placeBlocks(j);
  }

  // The groups a kernel can use (1 AIC + n AIV, or single cores).
  uint32_t groupCount(const TaskRation& r) const {
    return r.aic == 0 ? m.aivCores : r.aiv == 0 ? m.aicCores : std::min(m.aicCores, m.aivCores / r.aiv);
  }
  uint32_t aivOf(const TaskRation& r, uint32_t g, uint32_t v) const { return r.aic ? r.aiv * g + v : g; }
  template <typename F> void forGroupCores(const TaskRation& r, uint32_t g, F f) const {
    if (r.aic) f(CoreType::AIC, g);
    for (uint32_t v = 0; v < r.aiv; ++v) f(CoreType::AIV, aivOf(r, g, v));
  }
  uint64_t groupFree(const TaskRation& r, uint32_t g) const {
    uint64_t f = 0;
    forGroupCores(r, g, [&](CoreType t, uint32_t id) { f = std::max(f, (t == CoreType::AIC ? aicFree : aivFree)[id]); });
    return f;
  }

  // The kernel's first blocks go to the groups free earliest (ties by index; groups still busy
  // with work of unknown end last, waiting for it); later blocks follow on the same groups.
  void placeBlocks(uint32_t j) {
    const Job& job = (*jobs)[j];
    uint32_t groups = groupCount(job.ration);
    std::vector<std::pair<uint64_t, uint32_t>> byFree(groups);
    // Groups free by the time the kernel is ready are equally good: the lowest index wins.
    for (uint32_t g = 0; g < groups; ++g) byFree[g] = {std::max(groupFree(job.ration, g), now), g};
    uint32_t used = std::min<uint32_t>((uint32_t)job.blocks.size(), groups);
    std::partial_sort(byFree.begin(), byFree.begin() + used, byFree.end());
    std::vector<uint32_t> chosen;
    for (uint32_t i = 0; i < used; ++i) chosen.push_back(byFree[i].second);
    std::sort(chosen.begin(), chosen.end());
    for (uint32_t g : chosen) claimGroup(j, g);
  }

  void claimGroup(uint32_t j, uint32_t g) {
    const TaskRation& r = (*jobs)[j].ration;
    uint32_t w = (uint32_t)waiters.size();
    waiters.push_back(Waiter{j, g, 0});
    forGroupCores(r, g, [&](CoreType t, uint32_t id) {
      if ((t == CoreType::AIC ? aicFree : aivFree)[id] != kNever) return;
      ++waiters[w].pending;
      (t == CoreType::AIC ? aicWaiters : aivWaiters)[id].push_back(w);
    });
    if (waiters[w].pending == 0) startNextBlock(j, g, groupFree(r, g), true);
  }

  // The kernel's start-up runs on the group's cores once they are free (it never hides under
  // the work before it); blocks of later waves pay only their dispatch.
  void startNextBlock(uint32_t j, uint32_t g, uint64_t groupFreeAt, bool firstWave) {
    const Job& job = (*jobs)[j];
    JobState& s = js[j];
    uint32_t b = s.nextBlock++;
    uint64_t at = std::max(s.readyAt, groupFreeAt) + (firstWave ? job.startupCycles : 0) + job.blockDispatchCycles;
    const std::vector<Program>& members = job.blocks[b];
    for (uint32_t k = 0; k < members.size(); ++k) {
      const Program& p = members[k];
      uint32_t coreId = p.core == CoreType::AIC ? g : aivOf(job.ration, g, job.ration.aic ? k - 1 : k);
      Running r;
      r.prog = &p;
      r.out = &(*times)[j].blocks[b][k];
      r.out->coreId = coreId;
      r.out->begin = at;
      r.out->marks.assign(p.marks, 0);
      r.job = j;
      r.block = b;
      r.member = k;
      r.sTime = at;
      for (uint64_t& f : r.pipeFree) f = at;
      (p.core == CoreType::AIC ? aicFree : aivFree)[coreId] = kNever;
      running.push_back(std::move(r));
      push(at, EventKind::Wake, (uint32_t)running.size() - 1);
    }
  }

  void finishJob(uint32_t j, uint64_t end) {
    (*times)[j].end = end;
    for (auto [s, delay] : successors[j]) {
      JobState& st = js[s];
      st.predReady = std::max(st.predReady, end + delay);
      if (--st.endsPending == 0) scheduleReady(s);
    }
  }

  void scheduleReady(uint32_t j) {
    uint64_t t = std::max((*jobs)[j].earliest, js[j].predReady);
    push(std::max(t, now), EventKind::JobReady, j);
  }

  // A program ended at `end`: when its block has, the group runs the kernel's next block or
  // is handed to whoever waits for its cores.
  void programEnded(uint32_t ri, uint64_t end) {
    Running& run = running[ri];
    run.finished = true;
    run.out->end = end;
    JobState& s = js[run.job];
    if (--s.membersLeft[run.block] > 0) return;
    const Job& job = (*jobs)[run.job];
    const std::vector<ProgramTimes>& block = (*times)[run.job].blocks[run.block];
    uint64_t blockEnd = 0;
    for (const ProgramTimes& p : block) blockEnd = std::max(blockEnd, p.end);
    uint32_t g = block[0].coreId;  // AIV-only: the AIV; otherwise the AIC of the group
    uint32_t j = run.job;
    if (++s.blocksEnded == job.blocks.size()) finishJob(j, std::max(blockEnd, (*times)[j].end));
    else (*times)[j].end = std::max((*times)[j].end, blockEnd);
    if (s.nextBlock < job.blocks.size()) {
      startNextBlock(j, g, blockEnd, false);
      return;
    }
    forGroupCores(job.ration, g, [&](CoreType t, uint32_t id) { coreFreed(t, id, blockEnd); });
  }

  void coreFreed(CoreType t, uint32_t id, uint64_t at) {
    (t == CoreType::AIC ? aicFree : aivFree)[id] = at;
    std::vector<uint32_t> list = std::move((t == CoreType::AIC ? aicWaiters : aivWaiters)[id]);
    (t == CoreType::AIC ? aicWaiters : aivWaiters)[id].clear();
    for (size_t i = 0; i < list.size(); ++i) {
      Waiter& w = waiters[list[i]];
      if (--w.pending > 0) continue;
      if ((t == CoreType::AIC ? aicFree : aivFree)[id] == kNever) {  // taken again meanwhile: keep waiting
        ++w.pending;
        (t == CoreType::AIC ? aicWaiters : aivWaiters)[id].push_back(list[i]);
        continue;
      }
      // Its other groups may have run every block meanwhile (waves): then it needs none.
      if (js[w.job].nextBlock < (*jobs)[w.job].blocks.size())
        startNextBlock(w.job, w.group, groupFree((*jobs)[w.job].ration, w.group), true);
    }
  }

  // ---- the memory system ----
  // Brings remaining bytes up to `now` and shares the bandwidth anew: HBM is split max-min
  // fairly by HBM use, each transfer capped by its pipe's own rate.
  void rebalance() {
    for (Transfer& x : active) x.remaining = std::max(0.0, x.remaining - x.rate * (double)(now - poolUpdated));
    poolUpdated = now;
    double hbm = m.hbmBytesPerCycle;
    std::vector<std::pair<double, size_t>> demand;  // HBM use at full rate, transfer
    for (size_t i = 0; i < active.size(); ++i) {
      Transfer& x = active[i];
      if (x.hbmShare <= 0) {
        x.rate = x.cap;
        continue;
      }
      demand.push_back({x.cap * x.hbmShare, i});
    }
    std::sort(demand.begin(), demand.end());
    double left = hbm;
    for (size_t k = 0; k < demand.size(); ++k) {
      double fair = left / (double)(demand.size() - k);
      Transfer& x = active[demand[k].second];
      double use = std::min(demand[k].first, fair);
      x.rate = use / x.hbmShare;
      left -= use;
    }
    ++poolVersion;
    uint64_t next = kNever;
    for (const Transfer& x : active) next = std::min(next, now + (uint64_t)std::ceil(x.remaining / x.rate));
    if (next != kNever) push(next, EventKind::Complete, 0, poolVersion);
  }

  void join(Transfer x) {
    rebalance();
    active.push_back(x);
    rebalance();
  }

  void completeDue() {
    rebalance();
    std::vector<Transfer> done;
    for (size_t i = 0; i < active.size();) {
      if (active[i].remaining <= 1e-6 * std::max(1.0, active[i].rate)) {
        done.push_back(active[i]);
        active.erase(active.begin() + i);
      } else {
        ++i;
      }
    }
    rebalance();
    for (const Transfer& x : done) {
      if (x.core == UINT32_MAX) {
        finishJob(x.op, now);  // a DMA job
        continue;
      }
      Running& r = running[x.core];
      r.pipeFree[x.pipe] = now;
      r.inFlight[x.pipe] = false;
      for (Running::Live& l : r.live[x.pipe])
        if (l.op == x.op && l.until == kNever) l.until = now;
      noteBusy(r, x.pipe, x.op, x.began, now);
      advance(x.core);
    }
  }

  // HBM bytes per byte moved: misses and write-backs of what L2 evicts, plus the request's
  // overhead when it reaches HBM at all; a bypassing access reads what is resident and
  // otherwise goes straight to HBM. A strided transfer is looked up row by row: the gaps
  // between its rows are neither hits nor made resident.
  double hbmShareOf(const Program& prog, const Op& op) {
    if (op.amount == 0) return 0.0;
    bool write = op.route == Route::GmWrite;
    uint64_t hit = 0, writeBack = 0;
    auto lookUp = [&](uint64_t addr, uint64_t bytes) {
      if (op.l2Bypass) {
        if (!write) hit += l2.resident(addr, bytes);
        return;
      }
      L2::Traffic t = l2.touch(addr, bytes, write);
      hit += t.hit;
      writeBack += t.writeBack;
    };
    forEachGmRow(prog, op, lookUp);
    // Writes through L2 stay there (dirty) until evicted; bypassing ones go to HBM.
    uint64_t hbm = (write ? (op.l2Bypass ? op.amount : 0) : op.amount - std::min(hit, op.amount)) + writeBack;
    if (hbm) hbm += m.hbmRequestBytes;
    return (double)hbm / (double)op.amount;
  }

  template <class Fn>
  static void forEachGmRow(const Program& prog, const Op& op, Fn&& fn) {
    if (op.gmRows == 0) return fn(op.addr, op.amount);
    const GmRows& g = prog.gmRows[op.gmRows - 1];
    for (uint32_t i = 0; i < g.groups; ++i)
      for (uint32_t r = 0; r < g.rows; ++r) fn(op.addr + i * g.groupPitch + r * g.pitch, g.rowBytes);
  }

  // The bytes a GM transfer occupies the memory system for: each row rounded out to the aligned
  // requests it touches. GM is served in 512-byte requests (DK 避免同地址访问.md), so a row that
  // is short or off the grain pays for whole requests: 32-byte-aligned copies reach 70% of the
  // bandwidth of 512-byte-aligned ones at worst (DK GM地址尽量512B对齐.md), and a misaligned
  // workspace doubled a FlashAttention kernel's FixPipe time (DK FlashAttention算子性能调优案例.md).
  double requestedBytes(const Program& prog, const Op& op) const {
    if (m.gmRequestAlign == 0 || op.requestsPriced) return (double)op.amount;
    uint64_t g = m.gmRequestAlign, total = 0;
    forEachGmRow(prog, op, [&](uint64_t addr, uint64_t bytes) {
      if (bytes) total += ((addr + bytes + g - 1) / g - addr / g) * g;
    });
    return (double)total;
  }

  // ---- one core ----
  void noteBusy(Running& r, uint8_t pipe, uint32_t op, uint64_t b, uint64_t e) {
    if (m.collectBusy && e > b) r.out->busy.push_back(ProgramTimes::Busy{pipe, op, b, e});
  }

  // ---- races: what nothing orders ----
  // Op `opIndex` runs on pipe `p` over [start, end) and accesses its local ranges meanwhile. If
  // an op of another pipe runs at an overlapping time on an overlapping range and one of the
  // two writes, nothing ordered them: on the hardware the later one would read or clobber data
  // in flight. Flags, tokens and barriers make a later op start after the earlier one ends, so
  // a correctly synchronised kernel never gets here. (Pipes are replayed one after another as
  // far as each can go, not in time order: hence intervals, not "still running at start".) The
  // first race found in a kernel is reported.
  void checkRaces(Running& r, uint8_t p, uint32_t opIndex, uint64_t start, uint64_t end) {
    const Op& op = r.prog->ops[opIndex];
    if (!op.accesses || (*times)[r.job].race) return;
    uint64_t lb[kPipes];
    startBounds(r, lb);
    const std::vector<Access>& acc = r.prog->accesses;
    for (uint8_t q = 1; q < kPipes; ++q) {
      if (q == p || r.live[q].empty()) continue;
      pruneLive(r, q, lb);
      for (uint32_t i = op.firstAccess; i < op.firstAccess + op.accesses; ++i)
        for (const Running::Live& l : r.live[q]) {
          const Access &a = acc[i], &b = acc[l.access];
          if (l.until <= start || end <= l.from || !(a.write || b.write) || a.space != b.space || a.epoch != b.epoch ||
              a.end <= b.begin || b.end <= a.begin)
            continue;
          // The op that started later is the one that should have waited.
          (*times)[r.job].race = start >= l.from ? Race{r.block, r.member, opIndex, l.op, i, l.access, p, q}
                                                 : Race{r.block, r.member, l.op, opIndex, l.access, i, q, p};
          for (auto& list : r.live) list.clear();
          return;
        }
    }
    // The pipe's own list is pruned when it has doubled since (amortised: other pipes' ops
    // prune it too).
    if (r.live[p].size() >= 2 * r.livePruned[p] + 16) pruneLive(r, p, lb);
    for (uint32_t i = op.firstAccess; i < op.firstAccess + op.accesses; ++i) r.live[p].push_back({start, end, opIndex, i});
  }

  // lb[q]: no op of pipe q not yet started can start earlier — its free time, and its issue
  // time (the FIFO head's, or S's for ops not issued yet).
  static void startBounds(const Running& r, uint64_t lb[kPipes]) {
    for (uint8_t q = 1; q < kPipes; ++q)
      lb[q] = std::max(r.pipeFree[q], r.fifo[q].empty() ? r.sTime : r.fifo[q].front().issued);
  }

  // Drops the accesses of pipe q no later op of another pipe can race with: those that end
  // before every other pipe's next op can start.
  static void pruneLive(Running& r, uint8_t q, const uint64_t lb[kPipes]) {
    uint64_t bound = kNever;
    for (uint8_t o = 1; o < kPipes; ++o)
      if (o != q) bound = std::min(bound, lb[o]);
    std::vector<Running::Live>& v = r.live[q];
    v.erase(std::remove_if(v.begin(), v.end(), [&](const Running::Live& l) { return l.until <= bound; }), v.end());
    r.livePruned[q] = v.size();
  }

  // Starts what the pipe's FIFO can start (until its head must wait); true if it started any.
  bool runPipe(uint32_t ri, uint8_t p) {
    Running& r = running[ri];
    bool progressed = false;
    while (!r.fifo[p].empty() && !r.inFlight[p]) {
      Pending pd = r.fifo[p].front();
      const Op& op = r.prog->ops[pd.op];
      uint64_t start = std::max(r.pipeFree[p], pd.issued);
      switch (op.kind) {
        case OpKind::Exec:
          checkRaces(r, p, pd.op, start, start + op.amount);
          r.pipeFree[p] = start + op.amount;
          noteBusy(r, p, pd.op, start, start + op.amount);
          break;
        case OpKind::Move:
          if (op.route == Route::Local) {
            uint64_t end = start + m.localLatencyCycles + (uint64_t)std::ceil((double)op.amount / op.rate);
            checkRaces(r, p, pd.op, start, end);
            r.pipeFree[p] = end;
            noteBusy(r, p, pd.op, start, end);
          } else {
            checkRaces(r, p, pd.op, start, kNever);  // its local end is busy until the transfer completes
            r.inFlight[p] = true;
            joining.push_back(Transfer{ri, p, (double)op.amount, op.rate, 0, 0, pd.op, start});
            push(start + m.moveLatencyCycles, EventKind::Join, (uint32_t)joining.size() - 1);
          }
          break;
        case OpKind::FlagSet:
          r.flags[flagKey(op.pipe, op.pipe2, op.id)].push_back(start);
          break;
        case OpKind::FlagWait: {
          auto& q = r.flags[flagKey(op.pipe, op.pipe2, op.id)];
          if (q.empty()) return progressed;  // set later by another pipe
          r.pipeFree[p] = std::max(start, q.front());
          q.pop_front();
          break;
        }
        case OpKind::Stamp:
          r.tokens[op.id] = start;
          break;
        case OpKind::Signal:
          signal(r.job, op.id, start);
          break;
        case OpKind::StampWait: {
          auto it = r.tokens.find(op.id);
          if (it == r.tokens.end()) return progressed;
          r.pipeFree[p] = std::max(start, it->second);
          break;
        }
        default:
          break;
      }
      r.fifo[p].pop_front();
      progressed = true;
    }
    return progressed;
  }

  bool drained(const Running& r, uint64_t& at) const {
    at = r.sTime;
    for (uint8_t p = 0; p < kPipes; ++p) {
      if (!r.fifo[p].empty() || r.inFlight[p]) return false;
      at = std::max(at, r.pipeFree[p]);
    }
    return true;
  }

  // Issues and starts whatever the core's state allows.
  void advance(uint32_t ri) {
    for (;;) {
      Running& r = running[ri];
      if (r.finished || r.waitingBarrier) return;
      // A pipe's flag or token may unblock another pipe of the core: until nothing moves.
      for (bool moved = true; moved;) {
        moved = false;
        for (uint8_t p = 1; p < kPipes; ++p) moved |= runPipe(ri, p);
      }
      Running& c = running[ri];
      if (c.ip == c.prog->ops.size()) {
        uint64_t at;
        if (drained(c, at)) programEnded(ri, at);
        return;
      }
      const Op& op = c.prog->ops[c.ip];
      if (!step(ri, op)) return;
    }
  }

  // S's next op; false when S must wait.
  bool step(uint32_t ri, const Op& op) {
    Running& r = running[ri];
    uint8_t target = op.kind == OpKind::FlagWait ? op.pipe2 : op.pipe;
    bool onS = target == kS;
    switch (op.kind) {
      case OpKind::Exec:
      case OpKind::Move:
        if (onS) {
          uint64_t d = op.kind == OpKind::Exec ? op.amount : m.moveLatencyCycles;
          noteBusy(r, kS, (uint32_t)r.ip, r.sTime, r.sTime + d);
          r.sTime += d;
          break;
        }
        [[fallthrough]];
      case OpKind::FlagSet:
      case OpKind::FlagWait:
      case OpKind::Stamp:
      case OpKind::StampWait:
      case OpKind::Signal:
        if (onS) return stepOnS(ri, op);
        r.fifo[target].push_back(Pending{(uint32_t)r.ip, r.sTime});
        r.sTime += m.issueCycles;
        break;
      case OpKind::DrainAll: {
        uint64_t at;
        if (!drained(r, at)) return false;
        r.sTime = at;
        break;
      }
      case OpKind::Barrier: {
        uint64_t at;
        if (!drained(r, at)) return false;
        ++r.ip;
        arrive(ri, op, at);
        return false;  // resumed by the release (Wake)
      }
      case OpKind::Release: {  // applied at its time, so counters count in time order
        uint64_t at;
        if (!drained(r, at)) return false;
        r.sTime = at;
        signal(r.job, op.id, at);
        break;
      }
      case OpKind::Acquire: {
        Counter& k = counters[{r.job, op.id}];
        if (k.count < op.amount) {
          k.waiters.push_back(ri);
          return false;
        }
        r.sTime = std::max(r.sTime, k.latest + m.counterCycles);
        break;
      }
      case OpKind::FlagAcquire: {
        Counter& k = counters[{r.job, op.id}];
        if (k.times.size() < op.amount) {
          k.waiters.push_back(ri);
          return false;
        }
        r.sTime = std::max(r.sTime, k.times[op.amount - 1] + m.barrierCycles);
        break;
      }
      case OpKind::Mark: {
        uint64_t at = r.sTime;
        if (op.amount == 1 && !drained(r, at)) return false;
        if (op.id < r.out->marks.size()) r.out->marks[op.id] = at;
        break;
      }
    }
    ++running[ri].ip;
    return true;
  }

  bool stepOnS(uint32_t ri, const Op& op) {
    Running& r = running[ri];
    switch (op.kind) {
      case OpKind::FlagSet: r.flags[flagKey(op.pipe, op.pipe2, op.id)].push_back(r.sTime); break;
      case OpKind::FlagWait: {
        auto& q = r.flags[flagKey(op.pipe, op.pipe2, op.id)];
        if (q.empty()) return false;
        r.sTime = std::max(r.sTime, q.front());
        q.pop_front();
        break;
      }
      case OpKind::Stamp: r.tokens[op.id] = r.sTime; break;
      case OpKind::Signal: signal(r.job, op.id, r.sTime); break;
      case OpKind::StampWait: {
        auto it = r.tokens.find(op.id);
        if (it == r.tokens.end()) return false;
        r.sTime = std::max(r.sTime, it->second);
        break;
      }
      default: break;
    }
    ++r.ip;
    return true;
  }

  // After the replay: programs that never finished say what they wait for.
  void describeStuck() {
    for (const Running& r : running) {
      if (r.finished) continue;
      std::string what;
      for (uint8_t p = 1; p < kPipes && what.empty(); ++p) {
        if (r.fifo[p].empty()) continue;
        const Op& op = r.prog->ops[r.fifo[p].front().op];
        if (op.kind == OpKind::FlagWait)
          what = std::string("WaitFlag ") + pipeName(op.pipe) + "->" + pipeName(op.pipe2) + " event " +
                 std::to_string(op.id) + " has no SetFlag before it";
      }
      if (what.empty() && r.ip < r.prog->ops.size()) {
        const Op& op = r.prog->ops[r.ip];
        if (op.kind == OpKind::FlagWait)
          what = std::string("WaitFlag ") + pipeName(op.pipe) + "->S event " + std::to_string(op.id) +
                 " has no SetFlag before it";
        else if (op.kind == OpKind::Acquire)
          what = "a task wait that is never released";
        else if (op.kind == OpKind::FlagAcquire)
          what = "a CrossCoreWaitFlag whose flag is never set";
        else if (op.kind == OpKind::Barrier || r.waitingBarrier)
          what = "a barrier some cores never reach";
      }
      if (what.empty()) what = "a wait that nothing satisfies";
      JobTimes& t = (*times)[r.job];
      if (t.stuck.empty())
        t.stuck = std::string(r.prog->core == CoreType::AIC ? "aic" : "aiv") + std::to_string(r.out->coreId) +
                  " (block " + std::to_string(r.block) + "): " + what;
    }
  }

  // A counter add at time `at` (applied then, so counters count in time order).
  void signal(uint32_t job, uint32_t id, uint64_t at) {
    counterAdds.push_back({job, id});
    push(std::max(now, at), EventKind::CounterAdd, (uint32_t)counterAdds.size() - 1);
  }

  void addToCounter(std::pair<uint32_t, uint32_t> key) {
    Counter& k = counters[key];
    ++k.count;
    k.latest = now;
    k.times.push_back(now);
    std::vector<uint32_t> list = std::move(k.waiters);
    k.waiters.clear();
    for (uint32_t w : list) advance(w);
  }

  void arrive(uint32_t ri, const Op& op, uint64_t at) {
    Running& r = running[ri];
    BarrierState& b = barriers[{r.job, op.id}];
    b.latest = std::max(b.latest, at);
    b.members.push_back(ri);
    r.waitingBarrier = true;
    if (++b.arrived < op.amount) return;
    uint64_t release = b.latest + m.barrierCycles;
    for (uint32_t w : b.members) {
      running[w].waitingBarrier = false;
      running[w].sTime = release;
      for (uint64_t& f : running[w].pipeFree) f = std::max(f, release);
      push(std::max(now, release), EventKind::Wake, w);
    }
    barriers.erase({r.job, op.id});
  }
};

Timeline::Timeline(const Machine& m) : impl_(new Impl(m)) {}
Timeline::~Timeline() { delete impl_; }

uint64_t Timeline::coreFreeAt(CoreType t, uint32_t id) const {
  return (t == CoreType::AIC ? impl_->aicFree : impl_->aivFree)[id];
}

void Timeline::dropCaches() { impl_->l2 = L2(impl_->m.l2Bytes); }

std::vector<JobTimes> Timeline::replay(const std::vector<Job>& jobs) {
  Impl& I = *impl_;
  std::vector<JobTimes> out(jobs.size());
  I.jobs = &jobs;
  I.times = &out;
  I.running.clear();
  I.active.clear();
  I.joining.clear();
  I.waiters.clear();
  I.counters.clear();
  I.counterAdds.clear();
  I.barriers.clear();
  I.js.assign(jobs.size(), {});
  I.successors.assign(jobs.size(), {});
  for (uint32_t j = 0; j < jobs.size(); ++j) {
    I.js[j].endsPending = (uint32_t)jobs[j].after.size();
    for (const Job::Dep& d : jobs[j].after) I.successors[d.job].push_back({j, d.delay});
  }
  I.now = 0;
  for (uint32_t j = 0; j < jobs.size(); ++j)
    if (jobs[j].after.empty()) I.scheduleReady(j);
  while (!I.events.empty()) {
    Event e = I.events.top();
    I.events.pop();
    I.now = std::max(I.now, e.time);
    switch (e.kind) {
      case EventKind::JobReady: I.jobReady(e.a); break;
      case EventKind::Join: {
        Transfer x = I.joining[e.a];
        const Program& prog = *I.running[x.core].prog;
        x.hbmShare = I.hbmShareOf(prog, prog.ops[x.op]);
        x.remaining = I.requestedBytes(prog, prog.ops[x.op]);
        x.began = I.now;
        I.join(x);
        break;
      }
      case EventKind::Complete:
        if (e.b == I.poolVersion) I.completeDue();
        break;
      case EventKind::Wake: I.advance(e.a); break;
      case EventKind::CounterAdd: I.addToCounter(I.counterAdds[e.a]); break;
    }
  }
  I.describeStuck();
  // A kernel's task begins with its first block's dispatch: its start-up is paid on the device
  // timeline but lies before the task, as in msprof, whose Task Duration of a small op can be
  // 1.66 us, less than the 5.9-us start-up (docs/simulator.md "Kernels and blocks").
  for (uint32_t j = 0; j < jobs.size(); ++j) {
    if (jobs[j].kind != Job::Kind::Kernel) continue;
    uint64_t first = UINT64_MAX;
    for (const auto& block : out[j].blocks)
      for (const ProgramTimes& p : block)
        if (p.end) first = std::min(first, p.begin);
    uint64_t ready = out[j].begin, head = jobs[j].blockDispatchCycles, startup = jobs[j].startupCycles;
    if (first != UINT64_MAX) {
      out[j].begin = std::max(ready, first > head ? first - head : 0);
      out[j].launch = std::max(ready, first > head + startup ? first - head - startup : 0);
    } else {
      out[j].launch = ready;
    }
  }
  return out;
}

}  // namespace sk::sim::timing
