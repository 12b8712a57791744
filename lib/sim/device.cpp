// Streams, events and the executor of the simulated device.
//
// Work queued on streams runs lazily, at the next synchronisation, in virtual-time order:
// among the streams whose head task is ready, the task that can start earliest (ties: the one
// submitted first) runs next. Kernels run to completion one at a time in real time (their
// cores concurrently, as fibers) while overlapping in virtual time; which cores a kernel gets
// and when it starts come only from the virtual timeline, so results and traces do not depend
// on host threads or scheduling luck.
#include <sys/mman.h>

#include <algorithm>
#include <cstring>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <thread>
#include <unordered_map>

#include "acl/acl_base.h"
#include "hbm.h"
#include "launch.h"
#include "scheduler.h"
#include "sk/error.h"
#include "sk/text.h"
#include "sk/sim/device.h"
#include "sk/task_table.h"
#include "timing.h"
#include "trace.h"

namespace sk::sim {

namespace {

struct Task {
  enum class Kind { Kernel, Copy, Memset, Record, Wait, Scope } kind;  // Scope: a capture's marker, never run
  explicit Task(Kind k) : kind(k) {}
  uint64_t seq = 0;
  uint64_t submit = 0;  // host clock at submission (cycles)
  KernelLaunch kernel;
  void* dst = nullptr;
  const void* src = nullptr;
  uint64_t bytes = 0;
  int value = 0;
  CopyKind copyKind = CopyKind::HostToDevice;
  EventId event = 0;
  uint64_t recordSeq = 0;  // Wait: the record it waits for (0: none, satisfied at once)
  bool scopeBegin = false;                // Scope
  std::optional<std::string> scopeName;   // Scope (nullopt: a no-fuse region)
};

struct Stream {
  std::deque<Task> pending;
  uint64_t readyAt = 0;  // virtual time the last executed task finished
  std::optional<DeviceError> error;
  bool live = true;
  int32_t capture = -1;  // the model it is being captured into
};

struct Event {
  uint64_t lastRecordSeq = 0;
  StreamId lastRecordStream = 0;
  bool live = true;
  int32_t capturedIn = -1;  // its last record belongs to this capture
};

// A captured model: the tasks issued to its streams between captureBegin and captureEnd, in
// issue order, and the streams and events it replays them with.
struct Model {
  enum class State { Capturing, Invalidated, Ready, Destroyed } state = State::Capturing;
  StreamId origin = 0;
  CaptureMode mode = CaptureMode::Global;
  std::thread::id thread;
  std::string invalidReason;
  std::vector<StreamId> streams;  // captured streams, the origin first
  struct Captured {
    StreamId stream;
    Task task;
  };
  std::vector<Captured> tasks;
  std::vector<StreamId> own;            // replay: the model's streams for streams[1...]
  std::map<EventId, EventId> ownEvent;  // replay: captured event -> the model's own
  EventId fork = 0;                     // replay: recorded on the execute stream, waited by `own`
  bool executed = false;                // destroying it then waits for queued work
  bool capturing() const { return state == State::Capturing || state == State::Invalidated; }
};

thread_local CaptureMode threadCaptureMode = CaptureMode::Global;

const char* captureModeName(CaptureMode m) {
  return m == CaptureMode::Global ? "GLOBAL" : m == CaptureMode::ThreadLocal ? "THREAD_LOCAL" : "RELAXED";
}

const char* copyKindName(CopyKind k) {
  switch (k) {
    case CopyKind::HostToHost: return "H2H";
    case CopyKind::HostToDevice: return "H2D";
    case CopyKind::DeviceToHost: return "D2H";
    default: return "D2D";
  }
}

struct CoreRef {
  CoreType type;
  uint32_t id;
};

std::string humanBytes(uint64_t b) {
  if (b >= (1u << 20) && b % (1u << 20) == 0) return std::to_string(b >> 20) + " MiB";
  if (b >= 1024 && b % 1024 == 0) return std::to_string(b >> 10) + " KiB";
  return std::to_string(b) + " B";
}

}  // namespace

struct Device::Impl {
  ArchSpec arch;
  DeviceOptions opts;
  std::unique_ptr<Hbm> hbm;
  std::unique_ptr<Scheduler> sched;
  uint8_t* localMem = nullptr;  // L1 of every AIC, then UB of every AIV
  uint64_t localMemBytes = 0;
  std::vector<CoreRun> aicRuns, aivRuns;  // reused by every launch
  std::unique_ptr<TaskSlot[]> taskSlots;  // super-kernel tasks, SK_MAX_TASKS of them
  Launch launch;                          // the launch being run (one at a time)
  std::unique_ptr<timing::Timeline> timeline;  // the virtual timeline of everything executed
  std::function<std::string(uint64_t)> symbolize;  // setSymbolizer

  std::mutex mu;  // guards everything below (host API path)
  std::vector<Stream> streams;
  std::vector<Event> events;
  std::vector<Model> models;
  std::unordered_map<uint64_t, uint64_t> recordTimes;  // executed record seq -> virtual time
  std::map<const void*, uint64_t> pinned;               // host allocations from mallocHost
  uint64_t hostClock = 0;
  uint64_t nextSeq = 1;
  uint64_t launches = 0;
  uint64_t firstStart = UINT64_MAX, lastEnd = 0;
  TraceLog trace;
  std::string printed;

  uint8_t* localOf(CoreType t, uint32_t id) const {
    return t == CoreType::AIC ? localMem + (uint64_t)id * arch.aicLocalBytes()
                              : localMem + arch.aicCores * arch.aicLocalBytes() + (uint64_t)id * arch.ubSpanBytes();
  }

  // ---- host side ----
  void chargeHost(const std::string& what, uint64_t ns) {
    uint64_t cost = arch.nsToCycles(ns);
    if (opts.trace) trace.host(what, hostClock, hostClock + cost);
    hostClock += cost;
  }
  void waitHostUntil(uint64_t t) { hostClock = std::max(hostClock, t); }

  llvm::Error checkStream(StreamId s, const char* api) const {
    if (s >= streams.size() || !streams[s].live)
      return deviceError(ACL_ERROR_RT_INVALID_HANDLE, llvm::Twine(api) + ": stream " + llvm::Twine(s) + " does not exist (destroyed?)");
    return llvm::Error::success();
  }
  llvm::Error checkEvent(EventId e, const char* api) const {
    if (e >= events.size() || !events[e].live)
      return deviceError(ACL_ERROR_RT_INVALID_HANDLE, llvm::Twine(api) + ": event " + llvm::Twine(e) + " does not exist (destroyed?)");
    return llvm::Error::success();
  }

  // Queues t on s, or records it into the model s is being captured into; returns its seq.
  uint64_t enqueue(StreamId s, Task t) {
    t.seq = nextSeq++;
    t.submit = hostClock;
    uint64_t seq = t.seq;
    if (streams[s].capture >= 0) models[streams[s].capture].tasks.push_back(Model::Captured{s, std::move(t)});
    else streams[s].pending.push_back(std::move(t));
    return seq;
  }

  // ---- capture ----
  llvm::Error captureError(int32_t m, int code, const std::string& msg, bool invalidate = true) {
    if (invalidate && m >= 0 && models[m].state == Model::State::Capturing) {
      models[m].state = Model::State::Invalidated;
      models[m].invalidReason = msg;
    }
    return deviceError(code, msg);
  }
  llvm::Error notWhileCapturing(StreamId s, const char* api) {
    if (streams[s].capture < 0) return llvm::Error::success();
    return captureError(streams[s].capture, ACL_ERROR_RT_STREAM_CAPTURED,
                        std::string(api) + ": stream " + std::to_string(s) +
                            " is being captured (end the capture with aclmdlRICaptureEnd first)");
  }
  // Synchronous copies and memsets cannot be captured: under GLOBAL no thread but a RELAXED
  // (or, not capturing, THREAD_LOCAL) one may call them; under THREAD_LOCAL not the capturer.
  llvm::Error unsafeDuringCapture(const char* api) {
    for (size_t i = 0; i < models.size(); ++i) {
      const Model& m = models[i];
      if (!m.capturing()) continue;
      bool capturer = m.thread == std::this_thread::get_id();
      bool forbidden = m.mode == CaptureMode::Global        ? (capturer ? threadCaptureMode != CaptureMode::Relaxed
                                                                       : threadCaptureMode == CaptureMode::Global)
                       : m.mode == CaptureMode::ThreadLocal ? capturer && threadCaptureMode != CaptureMode::Relaxed
                                                            : false;
      if (forbidden)
        return captureError((int32_t)i, ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT,
                            std::string(api) + ": not allowed while stream " + std::to_string(m.origin) +
                                " is being captured in " + captureModeName(m.mode) +
                                " mode (switch this thread to RELAXED with aclmdlRICaptureThreadExchangeMode)");
    }
    return llvm::Error::success();
  }
  // A model that can be executed or rewritten: captured, not capturing, not destroyed.
  Model* readyModel(ModelId id) {
    return id < models.size() && models[id].state == Model::State::Ready ? &models[id] : nullptr;
  }
  static llvm::Error noSuchModel(const char* api) {
    return deviceError(ACL_ERROR_RT_INVALID_HANDLE,
                       std::string(api) + ": no such model (not captured, still capturing or destroyed)");
  }
  // Ends the capture of model m: its streams and events go back to normal.
  void stopCapture(int32_t m) {
    for (StreamId s : models[m].streams) streams[s].capture = -1;
    for (Event& e : events)
      if (e.capturedIn == m) {
        e.capturedIn = -1;
        e.lastRecordSeq = 0;  // a captured record never runs as such: waiting on it is a no-op
      }
  }
  // Every stream forked into the capture must end with a record the rest of the capture waits for.
  std::optional<StreamId> unjoinedStream(const Model& m) const {
    for (size_t k = 1; k < m.streams.size(); ++k) {
      const Task* last = nullptr;
      for (const Model::Captured& c : m.tasks)
        if (c.stream == m.streams[k]) last = &c.task;
      bool joined = last && last->kind == Task::Kind::Record &&
                    std::any_of(m.tasks.begin(), m.tasks.end(), [&](const Model::Captured& c) {
                      return c.stream != m.streams[k] && c.task.kind == Task::Kind::Wait && c.task.recordSeq == last->seq;
                    });
      if (!joined) return m.streams[k];
    }
    return std::nullopt;
  }
  // The streams and events a model replays with.
  void prepareReplay(Model& m) {
    for (size_t k = 1; k < m.streams.size(); ++k) {
      streams.emplace_back();
      m.own.push_back((StreamId)(streams.size() - 1));
    }
    for (const Model::Captured& c : m.tasks)
      if ((c.task.kind == Task::Kind::Record || c.task.kind == Task::Kind::Wait) && !m.ownEvent.count(c.task.event)) {
        events.emplace_back();
        m.ownEvent[c.task.event] = (EventId)(events.size() - 1);
      }
    events.emplace_back();
    m.fork = (EventId)(events.size() - 1);
  }

  // ---- executor ----
  // A flush runs every queued task that can run, in two passes: functionally (kernels on the
  // fibers, copies with memmove), in dependency order; then the timing replay places all of them
  // on the virtual timeline together (timing.h), so work of different streams shares cores and
  // memory bandwidth as it overlaps.
  bool recordExecuted(uint64_t seq) const { return recordTimes.count(seq) || recordJob.count(seq); }
  bool headReady(const Task& t) const { return t.kind != Task::Kind::Wait || !t.recordSeq || recordExecuted(t.recordSeq); }

  struct Executed {
    StreamId stream;
    Task task;
    std::vector<std::vector<BlockRecord>> records;  // kernels: what each block recorded
    std::vector<CoreRef> cores;                      // kernels: the cores the functional run used
    std::string deadlockReport;
    bool timedOut = false;
    std::string hostFailure;
  };
  std::unordered_map<uint64_t, uint32_t> recordJob;  // record seq -> its job, during a flush

  // Runs and times the queued work. What the functional run recorded is held until the replay
  // times it, so the work is timed in batches of at most opts.replayBatchBytes of records: a
  // program may queue any number of launches before it synchronises.
  void flush() {
    std::vector<Executed> done;
    std::vector<timing::Job> jobs;
    std::map<StreamId, uint32_t> lastJob;
    uint64_t heldBytes = 0;
    auto replay = [&] {
      if (done.empty()) return;
      std::vector<timing::JobTimes> times = timeline->replay(jobs);
      for (size_t i = 0; i < done.size(); ++i) finish(done[i], jobs[i], times[i]);
      done.clear(), jobs.clear(), lastJob.clear(), recordJob.clear();  // the next batch starts after these
      heldBytes = 0;
    };
    for (;;) {
      int best = -1;
      for (size_t i = 0; i < streams.size(); ++i) {
        const Stream& s = streams[i];
        if (s.pending.empty() || !headReady(s.pending.front())) continue;
        if (best < 0 || s.pending.front().seq < streams[best].pending.front().seq) best = (int)i;
      }
      if (best < 0) break;
      Stream& s = streams[best];
      Executed e{(StreamId)best, std::move(s.pending.front()), {}, {}, "", false, ""};
      s.pending.pop_front();
      timing::Job job = execute(e);
      job.earliest = std::max(job.earliest, e.task.submit);
      auto prev = lastJob.find(e.stream);
      if (prev != lastJob.end()) job.after.push_back({prev->second, 0});
      else job.earliest = std::max(job.earliest, s.readyAt);
      if (e.task.kind == Task::Kind::Wait && e.task.recordSeq) {
        auto rj = recordJob.find(e.task.recordSeq);
        uint64_t sync = arch.nsToCycles(arch.eventSyncNs);
        if (rj != recordJob.end()) job.after.push_back({rj->second, sync});
        else job.earliest = std::max(job.earliest, recordTimes.at(e.task.recordSeq) + sync);
      }
      lastJob[e.stream] = (uint32_t)jobs.size();
      if (e.task.kind == Task::Kind::Record) recordJob[e.task.seq] = (uint32_t)jobs.size();
      heldBytes += recordBytes(job);
      jobs.push_back(std::move(job));
      done.push_back(std::move(e));
      if (heldBytes >= opts.replayBatchBytes) replay();
    }
    replay();
  }
  static uint64_t recordBytes(const timing::Job& job) {
    uint64_t bytes = sizeof(job);
    for (const auto& block : job.blocks)
      for (const timing::Program& p : block)
        bytes += p.ops.size() * sizeof(timing::Op) + p.accesses.size() * sizeof(timing::Access) +
                 p.gmRows.size() * sizeof(timing::GmRows);
    return bytes;
  }

  // Runs a task's function; returns its job for the replay (timing still unknown).
  timing::Job execute(Executed& e) {
    Task& t = e.task;
    timing::Job job;
    switch (t.kind) {
      case Task::Kind::Kernel:
        runKernel(e);
        job.kind = timing::Job::Kind::Kernel;
        job.earliest = t.submit + arch.nsToCycles(arch.dispatchNs);
        job.ration = t.kernel.ration;
        job.blockDim = t.kernel.blockDim;
        job.startupCycles = arch.kernelStartupCycles;
        job.blockDispatchCycles = arch.blockDispatchCycles;
        for (auto& group : e.records) {
          std::vector<timing::Program> members;
          for (BlockRecord& r : group) members.push_back(std::move(r.program));
          job.blocks.push_back(std::move(members));
        }
        return job;
      case Task::Kind::Copy:
        std::memmove(t.dst, t.src, t.bytes);
        job.cycles = copyCycles(t.bytes, t.copyKind);
        return job;
      case Task::Kind::Memset:
        std::memset(t.dst, t.value, t.bytes);
        job.cycles = copyCycles(t.bytes, CopyKind::DeviceToDevice);
        return job;
      case Task::Kind::Record:
      case Task::Kind::Wait:
      case Task::Kind::Scope:  // only in models, which never queue them
        return job;
    }
    return job;
  }

  // Times a task from its replay: stream order, spans, traces, printf, faults.
  void finish(Executed& e, const timing::Job& job, const timing::JobTimes& t) {
    Stream& s = streams[e.stream];
    s.readyAt = std::max(s.readyAt, t.end);
    switch (e.task.kind) {
      case Task::Kind::Kernel: collectResults(e, job, t); return;
      case Task::Kind::Copy:
        noteSpan(e.stream, std::string("memcpy ") + copyKindName(e.task.copyKind) + " " + humanBytes(e.task.bytes), t.begin,
                 t.end, TaskTiming::Kind::Copy);
        return;
      case Task::Kind::Memset:
        noteSpan(e.stream, "memset " + humanBytes(e.task.bytes), t.begin, t.end, TaskTiming::Kind::Memset);
        return;
      case Task::Kind::Record:
        recordTimes[e.task.seq] = t.begin;
        if (opts.trace) trace.instant(e.stream, "record event " + std::to_string(e.task.event), t.begin);
        return;
      case Task::Kind::Wait:
        if (opts.trace) trace.instant(e.stream, "wait event " + std::to_string(e.task.event), t.begin);
        return;
      case Task::Kind::Scope: return;
    }
  }

  using TaskTiming = Device::TaskTiming;
  struct Timing {
    std::string name;
    StreamId stream;
    uint64_t begin, end;
    TaskTiming::Kind kind;
    uint32_t blockDim;
    TaskRation ration;
    uint64_t launch;  // TaskTiming::launchUs, in cycles
    struct Span {
      uint32_t count = 0;
      uint64_t begin = UINT64_MAX, end = 0, total = 0;
    };
    std::map<std::string, Span> spans;  // TaskTiming::spans, in cycles
  };
  std::vector<Timing> timings;

  // A kernel's start-up (from `launch`) is device time before its task, shown in its own span.
  void noteSpan(StreamId sid, const std::string& name, uint64_t begin, uint64_t end, TaskTiming::Kind kind,
                uint32_t blockDim = 0, TaskRation ration = {}, uint64_t launch = UINT64_MAX) {
    launch = std::min(launch, begin);
    timings.push_back(Timing{name, sid, begin, end, kind, blockDim, ration, launch, {}});
    firstStart = std::min(firstStart, launch);
    lastEnd = std::max(lastEnd, end);
    if (!opts.trace) return;
    if (launch < begin) trace.stream(sid, "start-up", launch, begin);
    trace.stream(sid, name, begin, end);
  }

  uint64_t copyCycles(uint64_t bytes, CopyKind k) const {
    double gbps = k == CopyKind::DeviceToDevice ? arch.d2dGBps : arch.h2dGBps;
    return arch.nsToCycles(arch.memcpyLatencyNs) + arch.transferCycles(bytes, gbps);
  }

  void runKernel(Executed& e);
  void placeCores(Launch& L);
  void resetTaskSlots(uint32_t n);
  void collectResults(Executed& e, const timing::Job& job, const timing::JobTimes& t);
};

// The functional run of a launch takes the first groups (1 AIC + n AIV, or single cores); blocks
// beyond them run in waves on the same cores. Where the blocks run in virtual time is the
// replay's choice (timing.cpp).
void Device::Impl::placeCores(Launch& L) {
  const KernelLaunch& k = L.desc;
  const TaskRation r = k.ration;
  uint32_t groups = r.aic == 0 ? arch.aivCores : r.aiv == 0 ? arch.aicCores : std::min(arch.aicCores, arch.aivCores / r.aiv);
  auto aivOf = [&](uint32_t g, uint32_t v) { return r.aic ? r.aiv * g + v : g; };
  uint32_t used = std::min<uint32_t>(k.blockDim, groups);
  L.waves = k.blockDim > used;
  L.cores.clear();
  L.records.assign(k.blockDim, std::vector<BlockRecord>(r.aic + r.aiv));
  auto addCore = [&](CoreType t, uint32_t id, uint32_t slot, int sub) {
    CoreRun& c = (t == CoreType::AIC ? aicRuns : aivRuns)[id];
    c.reset();
    c.clock = 0;
    c.blockNum = k.blockDim;
    c.subBlockIdx = sub;
    c.subBlockNum = (t == CoreType::AIV && r.aiv == 2) ? 2 : 1;
    uint32_t member = t == CoreType::AIC ? 0 : r.aic + (uint32_t)sub;
    for (uint32_t b = slot; b < k.blockDim; b += used) {
      int64_t idx = (t == CoreType::AIV && r.aiv == 2) ? 2 * (int64_t)b + sub : (int64_t)b;
      c.blocks.push_back(BlockSlot{idx, sub, b, member});
    }
    c.blockIdx = c.blocks.front().blockIdx;
    // The AIVs of a MIX block see their AIC's L1: the TSCM a kernel's AIV code fills for the
    // Matmul API (the AIC reads it in place).
    if (t == CoreType::AIV) c.spaces[SK_MEM_L1] = r.aic ? aicRuns[slot].spaces[SK_MEM_L1] : CoreRun::Space{};
    L.cores.push_back(&c);
  };
  for (uint32_t slot = 0; slot < used; ++slot) {
    if (r.aic) addCore(CoreType::AIC, slot, slot, 0);
    for (uint32_t v = 0; v < r.aiv; ++v) addCore(CoreType::AIV, aivOf(slot, v), slot, (int)v);
    if (r.aic)
      for (uint32_t v = 0; v < 2; ++v)
        aicRuns[slot].vectorUb[v] = v < r.aiv ? aivRuns[aivOf(slot, v)].spaces[SK_MEM_UB] : CoreRun::Space{};
  }
}

void Device::Impl::runKernel(Executed& e) {
  Launch& L = launch;
  L.desc = std::move(e.task.kernel);
  L.arch = &arch;
  L.mem = hbm->snapshot();
  L.hbmBase = hbm->base();
  L.hbmEnd = hbm->base() + hbm->capacity();
  L.abortRequested = false;
  L.timedOut = false;
  L.readPastEndNoted = false;
  L.deadlockReport.clear();
  L.hostFailure.clear();
  L.symbolize = symbolize ? &symbolize : nullptr;
  placeCores(L);
  L.syncAll.emplace((uint32_t)L.cores.size(), arch.syncAllCycles);
  for (CoreType t : {CoreType::AIC, CoreType::AIV})
    L.syncType[(int)t].emplace((uint32_t)std::count_if(L.cores.begin(), L.cores.end(), [&](const CoreRun* c) { return c->type == t; }),
                               arch.syncAllCycles);
  // Each core's pipes on their own; the replay shares the HBM among every transfer in flight.
  const double perCycle = (double)(1ull << 30) / (arch.clockMHz * 1e6);
  L.gmReadRate = arch.gmToUbGiBps * perCycle;
  L.gmWriteRate = arch.ubToGmGiBps * perCycle;
  L.l1ReadRate = arch.gmToL1GiBps * perCycle;
  L.nd2nzUnalignedRate = arch.nd2nzUnalignedGiBps * perCycle;
  L.l1WriteRate = arch.l1ToGmGiBps * perCycle;
  L.localRate = arch.localCopyGiBps * perCycle;
  L.l0aRate = arch.l1ToL0aGiBps * perCycle;
  L.l0bRate = arch.l1ToL0bGiBps * perCycle;
  L.l0cToL1Rate = arch.l0cToL1GiBps * perCycle;
  L.btRate = arch.l1ToBtGiBps * perCycle;
  L.groupFlags.clear();
  L.groupFlags.resize(L.desc.blockDim);
  L.ibFlags.clear();
  L.groupBarriers.clear();
  for (auto& perType : L.mode0Delivered) std::fill(std::begin(perType), std::end(perType), 0);
  ++launches;
  sched->run(L, std::chrono::milliseconds(opts.launchTimeoutMs));
  e.task.kernel = std::move(L.desc);
  e.records = std::move(L.records);
  for (const CoreRun* c : L.cores) e.cores.push_back(CoreRef{c->type, c->physId});
  e.deadlockReport = L.deadlockReport;
  e.timedOut = L.timedOut;
  e.hostFailure = L.hostFailure;
  resetTaskSlots(L.tasksUsed.exchange(0));
}

void Device::Impl::resetTaskSlots(uint32_t n) {
  for (uint32_t i = 0; i < n; ++i) {
    taskSlots[i].release.reset(arch.taskSyncCycles);
    taskSlots[i].barrier.reset();
    for (auto& b : taskSlots[i].typeBarrier) b.reset();
  }
}

namespace {
// "aiv3's block 2 of add_custom: race on UB [0x2000, +4096): V (add) reads what MTE2 (copy in)
// is still writing; ..." — the two ops, the range both touch, the kernel (or the sub-kernel of
// a super kernel) and block, as a fault names them.
std::string describeRace(const std::string& kernel, const timing::Job& job, const timing::JobTimes& t,
                         const std::vector<std::vector<BlockRecord>>& records) {
  const timing::Race& x = *t.race;
  const timing::Program& prog = job.blocks[x.block][x.member];
  const BlockRecord& r = records[x.block][x.member];
  const timing::Access &a = prog.accesses[x.access], &b = prog.accesses[x.otherAccess];
  const char* what = prog.ops[x.op].what ? prog.ops[x.op].what : "?";
  const char* otherWhat = prog.ops[x.other].what ? prog.ops[x.other].what : "?";
  std::string name = kernel;
  int64_t block = r.blockIdx;
  if (a.epoch && a.epoch <= r.spans.size()) {
    name = r.spans[a.epoch - 1].name ? r.spans[a.epoch - 1].name : kernel;
    block = r.spans[a.epoch - 1].block;
  }
  uint32_t lo = std::max(a.begin, b.begin), hi = std::min(a.end, b.end);
  const char* verb = a.write ? (b.write ? "writes what" : "overwrites what") : "reads what";
  return name + ": block " + std::to_string(block) + " on " + (prog.core == CoreType::AIC ? "aic" : "aiv") +
         std::to_string(t.blocks[x.block][x.member].coreId) + ": race on " + timing::memName(a.space) + " [" +
         hexAddress(lo) + ", +" + std::to_string(hi - lo) + "): " + timing::pipeName(x.pipe) + " (" + what + ") " + verb + " " +
         timing::pipeName(x.otherPipe) + " (" + otherWhat + ") is still " + (b.write ? "writing" : "reading") +
         "; no SetFlag/WaitFlag (or TQue EnQue/DeQue) orders them";
}
}  // namespace

void Device::Impl::collectResults(Executed& e, const timing::Job& job, const timing::JobTimes& t) {
  const KernelLaunch& k = e.task.kernel;
  noteSpan(e.stream, k.name, t.begin, t.end, TaskTiming::Kind::Kernel, k.blockDim, k.ration, t.launch);
  struct Line {
    uint64_t clock;
    int type;
    uint32_t id;
    size_t n;
    const BlockRecord* r;
    std::string text;
  };
  std::vector<Line> lines;
  const BlockRecord* firstFault = nullptr;
  uint64_t firstFaultAt = UINT64_MAX;
  int faults = 0;
  for (size_t g = 0; g < e.records.size(); ++g)
    for (size_t m = 0; m < e.records[g].size(); ++m) {
      const BlockRecord& r = e.records[g][m];
      if (!r.taken) continue;  // never reached (the launch was stopped)
      const timing::ProgramTimes& p = t.blocks[g][m];
      bool aic = job.blocks[g][m].core == CoreType::AIC;
      auto at = [&](uint32_t mark) { return mark < p.marks.size() ? p.marks[mark] : p.end; };
      if (r.fault) {
        ++faults;
        if (at(r.fault->mark) < firstFaultAt) {
          firstFaultAt = at(r.fault->mark);
          firstFault = &r;
        }
      }
      for (const SpanRecord& sp : r.spans) {
        Timing::Span& agg = timings.back().spans[sp.name];
        ++agg.count;
        agg.begin = std::min(agg.begin, at(sp.beginMark));
        agg.end = std::max(agg.end, at(sp.endMark));
        agg.total += at(sp.endMark) - at(sp.beginMark);
      }
      if (opts.trace) {
        trace.core(aic, p.coreId, k.name, p.begin, p.end, r.blockIdx, r.fault.has_value());
        for (const SpanRecord& sp : r.spans)
          trace.core(aic, p.coreId, sp.name, at(sp.beginMark), at(sp.endMark), sp.block, false);
        for (const timing::ProgramTimes::Busy& b : p.busy)
          trace.pipe(aic, p.coreId, b.pipe, job.blocks[g][m].ops[b.op].what, b.begin, b.end);
      }
      // A print that does not end its line is continued by the core's next one (DumpTensor's
      // values follow their header line so), so a line is what one core printed up to a newline.
      for (size_t i = 0; i < r.prints.size(); ++i) {
        Line line{at(r.prints[i].mark), aic ? 0 : 1, p.coreId, i, &r, r.prints[i].text};
        while ((line.text.empty() || line.text.back() != '\n') && i + 1 < r.prints.size()) line.text += r.prints[++i].text;
        lines.push_back(std::move(line));
      }
    }

  // Kernel printf, in virtual-time order whatever the host scheduling was.
  std::sort(lines.begin(), lines.end(), [](const Line& a, const Line& b) {
    return std::tie(a.clock, a.type, a.id, a.n) < std::tie(b.clock, b.type, b.id, b.n);
  });
  for (const Line& l : lines) {
    std::string label = std::string(l.type == 0 ? "aic" : "aiv") + std::to_string(l.id) + " (block " +
                        std::to_string(l.r->blockIdx) + ")";
    std::string s = "[" + k.name + " " + label + "] " + l.text;
    if (s.empty() || s.back() != '\n') s += '\n';
    if (opts.echoPrintf) std::fwrite(s.data(), 1, s.size(), stdout);
    printed += s;
  }
  if (opts.echoPrintf && !lines.empty()) std::fflush(stdout);

  Stream& st = streams[e.stream];
  if (st.error) return;  // keep the first error until it is reported
  bool aicOnly = k.ration.aiv == 0;
  if (!e.hostFailure.empty()) {
    st.error.emplace(ACL_ERROR_RT_MEMORY_ALLOCATION, "launch of '" + k.name + "': " + e.hostFailure);
  } else if (firstFault) {
    std::string msg = firstFault->fault->message;
    if (faults > 1) msg += " (and " + std::to_string(faults - 1) + " more faulting cores)";
    st.error.emplace(firstFault->fault->aclCode, msg);
  } else if (e.timedOut) {
    st.error.emplace(aicOnly ? ACL_ERROR_RT_AICORE_TIMEOUT : ACL_ERROR_RT_VECTOR_CORE_TIMEOUT,
                     "launch of '" + k.name + "' timed out after " + std::to_string(opts.launchTimeoutMs) +
                         " ms (wall clock)");
  } else if (!e.deadlockReport.empty()) {
    st.error.emplace(aicOnly ? ACL_ERROR_RT_AICORE_TIMEOUT : ACL_ERROR_RT_VECTOR_CORE_TIMEOUT,
                     "deadlock in kernel '" + k.name + "' (blockDim " + std::to_string(k.blockDim) +
                         "): every live core is waiting and none can release another" + e.deadlockReport);
  } else if (!t.stuck.empty()) {
    st.error.emplace(aicOnly ? ACL_ERROR_RT_AICORE_TIMEOUT : ACL_ERROR_RT_VECTOR_CORE_TIMEOUT,
                     "kernel '" + k.name + "' never finishes: " + t.stuck);
  } else if (t.race) {
    bool aic = job.blocks[t.race->block][t.race->member].core == CoreType::AIC;
    st.error.emplace(aic ? ACL_ERROR_RT_AICORE_EXCEPTION : ACL_ERROR_RT_VECTOR_CORE_EXCEPTION,
                     describeRace(k.name, job, t, e.records));
  }
}

// ---------------------------------------------------------------------------------------

Device::Device(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

Device::~Device() {
  if (impl_ && impl_->localMem) munmap(impl_->localMem, impl_->localMemBytes);
}

llvm::Expected<std::unique_ptr<Device>> Device::create(const ArchSpec& arch, const DeviceOptions& options) {
  if (options.workerThreads > DeviceOptions::kMaxWorkerThreads)
    return inputError("workers: " + std::to_string(options.workerThreads) + " host threads asked for; at most " +
                      std::to_string(DeviceOptions::kMaxWorkerThreads));
  auto impl = std::make_unique<Impl>();
  impl->arch = arch;
  impl->opts = options;
  auto hbm = Hbm::create(arch.hbmBytes);
  if (!hbm) return hbm.takeError();
  impl->hbm = std::move(*hbm);
  impl->localMemBytes = arch.aicCores * arch.aicLocalBytes() + arch.aivCores * arch.ubSpanBytes();
  void* m = mmap(nullptr, impl->localMemBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (m == MAP_FAILED) return internalError("cannot allocate the local memories of the simulated cores");
  impl->localMem = (uint8_t*)m;
  timing::Machine machine = timing::Machine::of(arch);
  machine.collectBusy = options.trace;
  impl->timeline = std::make_unique<timing::Timeline>(machine);
  // An AIC's memories lie one after another (L1, L0A, L0B, L0C, BT, FB); an AIV has its UB.
  const uint64_t aicSpaces[SK_MEM_COUNT] = {0, arch.l1Bytes, arch.l0aBytes, arch.l0bBytes, arch.l0cBytes, arch.btBytes,
                                            arch.fbBytes};
  auto initCores = [&](std::vector<CoreRun>& runs, CoreType type, uint32_t count) {
    runs.resize(count);
    for (uint32_t i = 0; i < count; ++i) {
      CoreRun& c = runs[i];
      c.type = type;
      c.physId = i;
      c.local = impl->localOf(type, i);
      if (type == CoreType::AIV) {
        c.localSize = arch.ubSpanBytes();
        c.spaces[SK_MEM_UB] = {c.local, arch.ubSpanBytes()};
        continue;
      }
      c.localSize = arch.aicLocalBytes();
      uint8_t* at = c.local;
      for (int m = SK_MEM_L1; m < SK_MEM_COUNT; ++m) {
        c.spaces[m] = {at, aicSpaces[m]};
        at += aicSpaces[m];
      }
    }
  };
  initCores(impl->aicRuns, CoreType::AIC, arch.aicCores);
  initCores(impl->aivRuns, CoreType::AIV, arch.aivCores);
  impl->sched = std::make_unique<Scheduler>(options.workerThreads, options.stackBytes);
  impl->taskSlots.reset(new TaskSlot[SK_MAX_TASKS]);
  impl->resetTaskSlots(SK_MAX_TASKS);
  impl->launch.tasks = impl->taskSlots.get();
  impl->streams.emplace_back();  // the default stream
  impl->trace.setClock(arch.clockMHz);
  return std::unique_ptr<Device>(new Device(std::move(impl)));
}

const ArchSpec& Device::arch() const { return impl_->arch; }

llvm::Expected<void*> Device::malloc(uint64_t bytes) {
  std::lock_guard<std::mutex> lk(impl_->mu);
  impl_->chargeHost("malloc " + humanBytes(bytes), impl_->arch.hostApiNs);
  auto p = impl_->hbm->allocate(bytes);
  if (!p) return p.takeError();
  return (void*)*p;
}

llvm::Error Device::free(void* devPtr) {
  std::lock_guard<std::mutex> lk(impl_->mu);
  impl_->flush();  // queued work may still use the buffer (cudaFree synchronises too); faults stay on their streams
  impl_->chargeHost("free", impl_->arch.hostApiNs);
  return impl_->hbm->release(devPtr);
}

llvm::Expected<void*> Device::mallocHost(uint64_t bytes) {
  if (bytes == 0) return deviceError(ACL_ERROR_INVALID_PARAM, "host allocation of 0 bytes");
  void* p = std::aligned_alloc(64, (bytes + 63) / 64 * 64);
  if (!p) return deviceError(ACL_ERROR_RT_MEMORY_ALLOCATION, "out of host memory allocating " + llvm::Twine(bytes) + " bytes");
  std::lock_guard<std::mutex> lk(impl_->mu);
  impl_->chargeHost("mallocHost " + humanBytes(bytes), impl_->arch.hostApiNs);
  impl_->pinned[p] = bytes;
  return p;
}

llvm::Error Device::freeHost(void* hostPtr) {
  std::lock_guard<std::mutex> lk(impl_->mu);
  impl_->flush();  // a queued async copy may still read or write it
  auto it = impl_->pinned.find(hostPtr);
  if (it == impl_->pinned.end())
    return deviceError(ACL_ERROR_RT_MEMORY_FREE, "freeHost: " + hexAddress((uint64_t)hostPtr) +
                                   " was not allocated by mallocHost");
  impl_->pinned.erase(it);
  std::free(hostPtr);
  return llvm::Error::success();
}

bool Device::isDevicePointer(const void* p) const { return impl_->hbm->contains(p); }

llvm::Error Device::checkDeviceRange(const void* p, uint64_t bytes, const char* what) const {
  std::optional<Allocation> a = impl_->hbm->enclosing((uint64_t)p);
  auto addr = (uint64_t)p;
  if (a && addr + bytes >= addr && addr + bytes <= a->begin + a->size) return llvm::Error::success();
  std::string where = a ? "runs past the end of a " + std::to_string(a->size) + "-byte device allocation"
                        : "is not inside any live device allocation";
  return deviceError(ACL_ERROR_RT_PARAM_INVALID, llvm::Twine(what) + ": [" + hexAddress((uint64_t)p) + ", +" +
                                 llvm::Twine(bytes) + ") " + where);
}

namespace {
llvm::Error checkKind(const Device& d, void* dst, const void* src, uint64_t bytes, CopyKind kind, const char* api) {
  bool dstDev = kind == CopyKind::HostToDevice || kind == CopyKind::DeviceToDevice;
  bool srcDev = kind == CopyKind::DeviceToHost || kind == CopyKind::DeviceToDevice;
  if (dstDev) {
    if (auto e = d.checkDeviceRange(dst, bytes, (std::string(api) + " dst").c_str())) return e;
  } else if (d.isDevicePointer(dst)) {
    return deviceError(ACL_ERROR_RT_PARAM_INVALID, llvm::Twine(api) + ": dst is device memory but the copy kind says host");
  }
  if (srcDev) {
    if (auto e = d.checkDeviceRange(src, bytes, (std::string(api) + " src").c_str())) return e;
  } else if (d.isDevicePointer(src)) {
    return deviceError(ACL_ERROR_RT_PARAM_INVALID, llvm::Twine(api) + ": src is device memory but the copy kind says host");
  }
  return llvm::Error::success();
}
}  // namespace

llvm::Error Device::memcpy(void* dst, const void* src, uint64_t bytes, CopyKind kind) {
  if (bytes == 0 || dst == src) return llvm::Error::success();
  if (auto e = checkKind(*this, dst, src, bytes, kind, "memcpy")) return e;
  std::lock_guard<std::mutex> lk(impl_->mu);
  if (auto e = impl_->unsafeDuringCapture("memcpy")) return e;
  // Synchronous and not ordered with queued work (ACL semantics): copy now.
  std::memmove(dst, src, bytes);
  impl_->chargeHost(std::string("memcpy ") + copyKindName(kind) + " " + humanBytes(bytes),
                    impl_->arch.hostApiNs);
  impl_->hostClock += impl_->copyCycles(bytes, kind);
  return llvm::Error::success();
}

llvm::Error Device::peek(void* dst, const void* src, uint64_t bytes) const {
  if (auto e = checkDeviceRange(src, bytes, "peek")) return e;
  std::memcpy(dst, src, bytes);
  return llvm::Error::success();
}

llvm::Error Device::memset(void* dst, int value, uint64_t bytes) {
  if (bytes == 0) return llvm::Error::success();
  if (auto e = checkDeviceRange(dst, bytes, "memset")) return e;
  std::lock_guard<std::mutex> lk(impl_->mu);
  if (auto e = impl_->unsafeDuringCapture("memset")) return e;
  std::memset(dst, value, bytes);
  impl_->chargeHost("memset " + humanBytes(bytes), impl_->arch.hostApiNs);
  impl_->hostClock += impl_->copyCycles(bytes, CopyKind::DeviceToDevice);
  return llvm::Error::success();
}

llvm::Expected<StreamId> Device::createStream() {
  std::lock_guard<std::mutex> lk(impl_->mu);
  impl_->chargeHost("createStream", impl_->arch.hostApiNs);
  impl_->streams.emplace_back();
  return (StreamId)(impl_->streams.size() - 1);
}

llvm::Error Device::destroyStream(StreamId s) {
  if (s == kDefaultStream) return deviceError(ACL_ERROR_INVALID_PARAM, "the default stream cannot be destroyed");
  {
    std::lock_guard<std::mutex> lk(impl_->mu);
    if (auto e = impl_->checkStream(s, "destroyStream")) return e;
    if (auto e = impl_->notWhileCapturing(s, "destroyStream")) return e;
  }
  // Pending work is finished first (ACL: destroy waits for the stream's tasks).
  llvm::Error err = synchronizeStream(s);
  std::lock_guard<std::mutex> lk(impl_->mu);
  impl_->streams[s].live = false;
  return err;
}

llvm::Expected<EventId> Device::createEvent() {
  std::lock_guard<std::mutex> lk(impl_->mu);
  impl_->chargeHost("createEvent", impl_->arch.hostApiNs);
  impl_->events.emplace_back();
  return (EventId)(impl_->events.size() - 1);
}

llvm::Error Device::destroyEvent(EventId e) {
  std::lock_guard<std::mutex> lk(impl_->mu);
  if (auto err = impl_->checkEvent(e, "destroyEvent")) return err;
  impl_->events[e].live = false;
  return llvm::Error::success();
}

llvm::Error Device::launch(StreamId s, KernelLaunch k) {
  if (!k.entry) return deviceError(ACL_ERROR_RT_INVALID_HANDLE, "launch: null kernel entry");
  if (k.blockDim == 0 || k.blockDim > 65535)
    return deviceError(ACL_ERROR_RT_PARAM_INVALID, "launch of '" + k.name + "': blockDim " + std::to_string(k.blockDim) +
                                                       " is not in [1, 65535]");
  if (k.args.size() >= 64)
    return deviceError(ACL_ERROR_RT_PARAM_INVALID, "launch of '" + k.name + "': " + llvm::Twine(k.args.size()) +
                                   " parameters; ABI v1 allows at most 63");
  const TaskRation r = k.ration;
  if (!((r.aic == 1 && r.aiv <= 2) || (r.aic == 0 && r.aiv == 1)))
    return deviceError(ACL_ERROR_RT_PARAM_INVALID, "launch of '" + k.name + "': taskRation " + r.str() +
                                   " is not one of 1:0, 0:1, 1:1, 1:2");
  std::lock_guard<std::mutex> lk(impl_->mu);
  if (auto e = impl_->checkStream(s, "launch")) return e;
  impl_->chargeHost("launch " + k.name, impl_->arch.launchHostNs);
  Task t(Task::Kind::Kernel);
  t.kernel = std::move(k);
  impl_->enqueue(s, std::move(t));
  return llvm::Error::success();
}

llvm::Error Device::memcpyAsync(StreamId s, void* dst, const void* src, uint64_t bytes, CopyKind kind) {
  if (bytes == 0 || dst == src) return llvm::Error::success();
  if (auto e = checkKind(*this, dst, src, bytes, kind, "memcpyAsync")) return e;
  bool pageable;
  {
    std::lock_guard<std::mutex> lk(impl_->mu);
    if (auto e = impl_->checkStream(s, "memcpyAsync")) return e;
    auto isPinned = [&](const void* p) {
      auto it = impl_->pinned.upper_bound(p);
      if (it == impl_->pinned.begin()) return false;
      --it;
      return (const char*)p + bytes <= (const char*)it->first + it->second;
    };
    const void* hostSide = kind == CopyKind::HostToDevice ? src : kind == CopyKind::DeviceToHost ? dst : nullptr;
    pageable = hostSide && !isPinned(hostSide);
    if (pageable && impl_->streams[s].capture >= 0)
      return impl_->captureError(impl_->streams[s].capture, ACL_ERROR_RT_CAPTURE_MODE_BLOCK_ASYNC,
                                 "memcpyAsync: the host side is not pinned (aclrtMallocHost), so the copy would run "
                                 "synchronously, which a capture cannot record");
    if (!pageable) {
      impl_->chargeHost(std::string("memcpyAsync ") + copyKindName(kind) + " " + humanBytes(bytes),
                        impl_->arch.hostApiNs);
      Task t(Task::Kind::Copy);
      t.dst = dst;
      t.src = src;
      t.bytes = bytes;
      t.copyKind = kind;
      impl_->enqueue(s, std::move(t));
      return llvm::Error::success();
    }
  }
  // Pageable host memory: like CANN, finish the stream's earlier work, then copy synchronously.
  if (auto e = synchronizeStream(s)) return e;
  return memcpy(dst, src, bytes, kind);
}

llvm::Error Device::memsetAsync(StreamId s, void* dst, int value, uint64_t bytes) {
  if (bytes == 0) return llvm::Error::success();
  if (auto e = checkDeviceRange(dst, bytes, "memsetAsync")) return e;
  std::lock_guard<std::mutex> lk(impl_->mu);
  if (auto e = impl_->checkStream(s, "memsetAsync")) return e;
  impl_->chargeHost("memsetAsync " + humanBytes(bytes), impl_->arch.hostApiNs);
  Task t(Task::Kind::Memset);
  t.dst = dst;
  t.value = value;
  t.bytes = bytes;
  impl_->enqueue(s, std::move(t));
  return llvm::Error::success();
}

llvm::Error Device::recordEvent(EventId e, StreamId s) {
  std::lock_guard<std::mutex> lk(impl_->mu);
  if (auto err = impl_->checkEvent(e, "recordEvent")) return err;
  if (auto err = impl_->checkStream(s, "recordEvent")) return err;
  impl_->chargeHost("recordEvent", impl_->arch.hostApiNs);
  Task t(Task::Kind::Record);
  t.event = e;
  Event& ev = impl_->events[e];
  ev.lastRecordSeq = impl_->enqueue(s, std::move(t));
  ev.lastRecordStream = s;
  ev.capturedIn = impl_->streams[s].capture;
  return llvm::Error::success();
}

llvm::Error Device::streamWaitEvent(StreamId s, EventId e) {
  std::lock_guard<std::mutex> lk(impl_->mu);
  if (auto err = impl_->checkEvent(e, "streamWaitEvent")) return err;
  if (auto err = impl_->checkStream(s, "streamWaitEvent")) return err;
  // A wait on an event recorded in a capture pulls the waiting stream into it.
  Stream& st = impl_->streams[s];
  const Event& ev = impl_->events[e];
  int32_t eventCapture = ev.lastRecordSeq ? ev.capturedIn : -1;
  if (st.capture >= 0 && eventCapture != st.capture && ev.lastRecordSeq)
    return impl_->captureError(st.capture, ACL_ERROR_RT_CAPTURE_DEPENDENCY,
                               "streamWaitEvent: stream " + std::to_string(s) + " is being captured and event " +
                                   std::to_string(e) + " was recorded outside the capture");
  if (st.capture < 0 && eventCapture >= 0) {
    if (s == kDefaultStream)
      return impl_->captureError(eventCapture, ACL_ERROR_RT_STREAM_CAPTURE_IMPLICIT,
                                 "streamWaitEvent: the default stream cannot join a capture");
    st.capture = eventCapture;
    impl_->models[eventCapture].streams.push_back(s);
  }
  impl_->chargeHost("streamWaitEvent", impl_->arch.hostApiNs);
  Task t(Task::Kind::Wait);
  t.event = e;
  t.recordSeq = impl_->events[e].lastRecordSeq;  // the record issued so far; none: no wait
  impl_->enqueue(s, std::move(t));
  return llvm::Error::success();
}

llvm::Error Device::synchronizeStream(StreamId s) {
  std::lock_guard<std::mutex> lk(impl_->mu);
  if (auto e = impl_->checkStream(s, "synchronizeStream")) return e;
  if (auto e = impl_->notWhileCapturing(s, "synchronizeStream")) return e;
  impl_->flush();
  Stream& st = impl_->streams[s];
  impl_->waitHostUntil(st.readyAt);
  impl_->chargeHost("synchronizeStream " + std::to_string(s), impl_->arch.hostApiNs);
  if (st.error) {
    DeviceError e = std::move(*st.error);
    st.error.reset();
    return llvm::make_error<DeviceError>(e.code(), e.text());
  }
  return llvm::Error::success();
}

llvm::Error Device::synchronizeEvent(EventId e) {
  std::lock_guard<std::mutex> lk(impl_->mu);
  if (auto err = impl_->checkEvent(e, "synchronizeEvent")) return err;
  if (int32_t m = impl_->events[e].capturedIn; m >= 0)
    return impl_->captureError(m, ACL_ERROR_RT_EVENT_CAPTURED,
                               "synchronizeEvent: event " + std::to_string(e) + " was recorded in a capture still in progress");
  impl_->flush();
  const Event& ev = impl_->events[e];
  if (ev.lastRecordSeq) impl_->waitHostUntil(impl_->recordTimes.at(ev.lastRecordSeq));
  impl_->chargeHost("synchronizeEvent " + std::to_string(e), impl_->arch.hostApiNs);
  Stream& st = impl_->streams[ev.lastRecordStream];
  if (ev.lastRecordSeq && st.error) {
    DeviceError d = std::move(*st.error);
    st.error.reset();
    return llvm::make_error<DeviceError>(d.code(), d.text());
  }
  return llvm::Error::success();
}

llvm::Expected<float> Device::eventElapsedMs(EventId start, EventId end) {
  std::lock_guard<std::mutex> lk(impl_->mu);
  uint64_t at[2];
  for (int i = 0; i < 2; ++i) {
    EventId e = i ? end : start;
    const char* which = i ? "endEvent" : "startEvent";
    if (auto err = impl_->checkEvent(e, "eventElapsedTime")) return err;
    const Event& ev = impl_->events[e];
    if (ev.capturedIn >= 0)
      return impl_->captureError(ev.capturedIn, ACL_ERROR_RT_EVENT_CAPTURED,
                                 std::string("eventElapsedTime: ") + which + " was recorded in a capture still in progress");
    if (!ev.lastRecordSeq)
      return deviceError(ACL_ERROR_RT_INTERNAL_ERROR, std::string("eventElapsedTime: ") + which + " was never recorded");
    auto t = impl_->recordTimes.find(ev.lastRecordSeq);
    if (t == impl_->recordTimes.end())
      return deviceError(ACL_ERROR_RT_EVENT_NOT_COMPLETE, std::string("eventElapsedTime: ") + which +
                                                             " is not complete (synchronize the stream or event first)");
    at[i] = t->second;
  }
  impl_->chargeHost("eventElapsedTime", impl_->arch.hostApiNs);
  return (float)(((double)at[1] - (double)at[0]) / impl_->arch.clockMHz / 1000.0);
}

llvm::Error Device::synchronizeDevice() {
  std::lock_guard<std::mutex> lk(impl_->mu);
  for (StreamId s = 0; s < impl_->streams.size(); ++s)
    if (auto e = impl_->notWhileCapturing(s, "synchronizeDevice")) return e;
  impl_->flush();
  llvm::Error first = llvm::Error::success();
  for (Stream& st : impl_->streams) {
    impl_->waitHostUntil(st.readyAt);
    if (st.error && !first) first = llvm::make_error<DeviceError>(st.error->code(), st.error->text());
    st.error.reset();
  }
  impl_->chargeHost("synchronizeDevice", impl_->arch.hostApiNs);
  return first;
}

llvm::Error Device::captureBegin(StreamId s, CaptureMode mode) {
  std::lock_guard<std::mutex> lk(impl_->mu);
  if (auto e = impl_->checkStream(s, "captureBegin")) return e;
  if (s == kDefaultStream)
    return deviceError(ACL_ERROR_RT_STREAM_CAPTURE_IMPLICIT, "captureBegin: the default stream cannot be captured; create a stream");
  if (impl_->streams[s].capture >= 0)
    return deviceError(ACL_ERROR_RT_STREAM_CAPTURED, "captureBegin: stream " + std::to_string(s) + " is already being captured");
  impl_->chargeHost("captureBegin", impl_->arch.hostApiNs);
  Model m;
  m.origin = s;
  m.mode = mode;
  m.thread = std::this_thread::get_id();
  m.streams = {s};
  impl_->models.push_back(std::move(m));
  impl_->streams[s].capture = (int32_t)impl_->models.size() - 1;
  return llvm::Error::success();
}

llvm::Expected<ModelId> Device::captureEnd(StreamId s) {
  std::lock_guard<std::mutex> lk(impl_->mu);
  if (auto e = impl_->checkStream(s, "captureEnd")) return e;
  int32_t id = impl_->streams[s].capture;
  if (id < 0)
    return deviceError(ACL_ERROR_RT_STREAM_NOT_CAPTURED, "captureEnd: stream " + std::to_string(s) + " is not being captured");
  Model& m = impl_->models[id];
  if (m.origin != s)
    return deviceError(ACL_ERROR_RT_STREAM_CAPTURE_UNMATCHED, "captureEnd: the capture stream " + std::to_string(s) +
                                                                   " joined was begun on stream " + std::to_string(m.origin));
  if (m.mode != CaptureMode::Relaxed && m.thread != std::this_thread::get_id())
    return deviceError(ACL_ERROR_RT_STREAM_CAPTURE_WRONG_THREAD,
                       "captureEnd: called from another thread than captureBegin (allowed only in RELAXED mode)");
  impl_->chargeHost("captureEnd", impl_->arch.hostApiNs);
  impl_->stopCapture(id);
  if (m.state == Model::State::Invalidated) {
    m.state = Model::State::Destroyed;
    return deviceError(ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED, "captureEnd: the capture was invalidated by an earlier error: " +
                                                                    m.invalidReason);
  }
  if (std::optional<StreamId> loose = impl_->unjoinedStream(m)) {
    m.state = Model::State::Destroyed;
    return deviceError(ACL_ERROR_RT_STREAM_UNJOINED,
                       "captureEnd: stream " + std::to_string(*loose) +
                           " was forked into the capture but never joined back (record an event on it and wait for it "
                           "on stream " + std::to_string(s) + ")");
  }
  impl_->prepareReplay(m);
  m.state = Model::State::Ready;
  return (ModelId)id;
}

CaptureStatus Device::captureInfo(StreamId s, ModelId* model) const {
  std::lock_guard<std::mutex> lk(impl_->mu);
  if (s >= impl_->streams.size() || impl_->streams[s].capture < 0) return CaptureStatus::None;
  int32_t id = impl_->streams[s].capture;
  if (model) *model = (ModelId)id;
  return impl_->models[id].state == Model::State::Invalidated ? CaptureStatus::Invalidated : CaptureStatus::Active;
}

llvm::Error Device::executeModel(ModelId id, StreamId s) {
  std::lock_guard<std::mutex> lk(impl_->mu);
  auto& I = *impl_;
  Model* ready = I.readyModel(id);
  if (!ready) return I.noSuchModel("executeModel");
  if (auto e = I.checkStream(s, "executeModel")) return e;
  if (auto e = I.notWhileCapturing(s, "executeModel")) return e;
  Model& m = *ready;
  if (std::count(m.own.begin(), m.own.end(), s))
    return deviceError(ACL_ERROR_RT_PARAM_INVALID, "executeModel: stream " + std::to_string(s) + " is one of the model's own");
  I.chargeHost("executeModel", I.arch.launchHostNs);  // one submit for the whole model
  m.executed = true;
  auto onStream = [&](StreamId captured) {
    return captured == m.origin ? s : m.own[std::find(m.streams.begin() + 1, m.streams.end(), captured) - m.streams.begin() - 1];
  };
  auto record = [&](StreamId on, EventId e) {
    Task r(Task::Kind::Record);
    r.event = e;
    I.events[e].lastRecordSeq = I.enqueue(on, std::move(r));
    I.events[e].lastRecordStream = on;
  };
  record(s, m.fork);
  for (StreamId own : m.own) {
    Task w(Task::Kind::Wait);
    w.event = m.fork;
    w.recordSeq = I.events[m.fork].lastRecordSeq;
    I.enqueue(own, std::move(w));
  }
  for (const Model::Captured& c : m.tasks) {
    if (c.task.kind == Task::Kind::Scope) continue;
    StreamId on = onStream(c.stream);
    if (c.task.kind == Task::Kind::Record) {
      record(on, m.ownEvent.at(c.task.event));
      continue;
    }
    Task t = c.task;
    if (t.kind == Task::Kind::Wait) {
      t.event = m.ownEvent.at(c.task.event);
      t.recordSeq = c.task.recordSeq ? I.events[t.event].lastRecordSeq : 0;
    }
    I.enqueue(on, std::move(t));
  }
  return llvm::Error::success();
}

llvm::Error Device::destroyModel(ModelId id) {
  std::lock_guard<std::mutex> lk(impl_->mu);
  auto& I = *impl_;
  if (id >= I.models.size() || I.models[id].state == Model::State::Destroyed)
    return deviceError(ACL_ERROR_RT_INVALID_HANDLE, "destroyModel: no such model (destroyed already?)");
  Model& m = I.models[id];
  if (m.capturing())
    return deviceError(ACL_ERROR_RT_MODEL_CAPTURED, "destroyModel: the model is still being captured (aclmdlRICaptureEnd first)");
  if (m.executed) I.flush();  // executions in flight finish first
  for (StreamId own : m.own) I.streams[own].live = false;
  for (auto [captured, own] : m.ownEvent) I.events[own].live = false;
  I.events[m.fork].live = false;
  m = Model{};
  m.state = Model::State::Destroyed;
  return llvm::Error::success();
}

CaptureMode Device::exchangeThreadCaptureMode(CaptureMode mode) { return std::exchange(threadCaptureMode, mode); }

llvm::Error Device::captureScope(StreamId s, bool begin, const std::optional<std::string>& name) {
  std::lock_guard<std::mutex> lk(impl_->mu);
  const char* api = begin ? "scopeBegin" : "scopeEnd";
  if (auto e = impl_->checkStream(s, api)) return e;
  if (impl_->streams[s].capture < 0)
    return deviceError(ACL_ERROR_RT_STREAM_NOT_CAPTURED,
                       std::string(api) + ": stream " + std::to_string(s) + " is not being captured (scopes mark captured work)");
  if (name && (name->empty() || name->size() > 255))
    return deviceError(ACL_ERROR_INVALID_PARAM, std::string(api) + ": a scope name has 1 to 255 characters (NULL: a region not to fuse)");
  Task t(Task::Kind::Scope);
  t.scopeBegin = begin;
  t.scopeName = name;
  impl_->enqueue(s, std::move(t));
  return llvm::Error::success();
}

llvm::Expected<std::vector<Device::ModelTask>> Device::modelTasks(ModelId id) const {
  std::lock_guard<std::mutex> lk(impl_->mu);
  const Model* m = impl_->readyModel(id);
  if (!m) return impl_->noSuchModel("modelTasks");
  std::vector<ModelTask> out;
  for (const Model::Captured& c : m->tasks) {
    const Task& t = c.task;
    using K = ModelTask::Kind;
    K kind = t.kind == Task::Kind::Kernel   ? K::Kernel
             : t.kind == Task::Kind::Copy   ? K::Copy
             : t.kind == Task::Kind::Memset ? K::Memset
             : t.kind == Task::Kind::Record ? K::Record
             : t.kind == Task::Kind::Wait   ? K::Wait
             : t.scopeBegin                 ? K::ScopeBegin
                                            : K::ScopeEnd;
    out.push_back(ModelTask{kind, c.stream, t.kind == Task::Kind::Kernel ? t.kernel : KernelLaunch{}, t.scopeName, t.event});
  }
  return out;
}

llvm::Error Device::replaceModelTasks(ModelId id, size_t first, size_t last, StreamId on, KernelLaunch fused,
                                      const std::vector<size_t>& recordsAfter) {
  std::lock_guard<std::mutex> lk(impl_->mu);
  Model* m = impl_->readyModel(id);
  if (!m) return impl_->noSuchModel("replaceModelTasks");
  auto& tasks = m->tasks;
  auto bad = [](const std::string& why) { return deviceError(ACL_ERROR_RT_PARAM_INVALID, "replaceModelTasks: " + why); };
  if (first >= last || last > tasks.size()) return bad("bad task range");
  bool onInRange = false;
  for (size_t i = first; i < last; ++i) {
    Task::Kind k = tasks[i].task.kind;
    if (k != Task::Kind::Kernel && k != Task::Kind::Record && k != Task::Kind::Wait)
      return bad("task " + std::to_string(i) + " is not a kernel, an event record or a wait");
    onInRange |= tasks[i].stream == on;
  }
  if (!onInRange) return bad("stream " + std::to_string(on) + " has no task in the range");
  for (size_t r : recordsAfter)
    if (r < first || r >= last || tasks[r].task.kind != Task::Kind::Record)
      return bad("task " + std::to_string(r) + " is not an event record of the range");
  std::vector<Model::Captured> replacement;
  Task t(Task::Kind::Kernel);
  t.kernel = std::move(fused);
  t.seq = tasks[first].task.seq;
  t.submit = tasks[first].task.submit;
  replacement.push_back(Model::Captured{on, std::move(t)});
  for (size_t r : recordsAfter) replacement.push_back(Model::Captured{on, tasks[r].task});
  tasks.erase(tasks.begin() + (long)first, tasks.begin() + (long)last);
  tasks.insert(tasks.begin() + (long)first, std::make_move_iterator(replacement.begin()),
               std::make_move_iterator(replacement.end()));
  return llvm::Error::success();
}

void Device::hostApiCall(const char* api, uint64_t extraNs) {
  std::lock_guard<std::mutex> lk(impl_->mu);
  impl_->chargeHost(api, impl_->arch.hostApiNs + extraNs);
}

DeviceStats Device::stats() const {
  std::lock_guard<std::mutex> lk(impl_->mu);
  DeviceStats s;
  if (impl_->lastEnd > 0 && impl_->firstStart != UINT64_MAX)
    s.deviceTimeUs = impl_->arch.cyclesToUs(impl_->lastEnd - impl_->firstStart);
  s.hostUs = impl_->arch.cyclesToUs(impl_->hostClock);
  s.launches = impl_->launches;
  return s;
}

std::vector<Device::TaskTiming> Device::taskTimings() const {
  std::lock_guard<std::mutex> lk(impl_->mu);
  std::vector<TaskTiming> out;
  const ArchSpec& a = impl_->arch;
  for (const auto& t : impl_->timings) {
    out.push_back(TaskTiming{t.name, t.stream, a.cyclesToUs(t.begin), a.cyclesToUs(t.end), t.kind, t.blockDim, t.ration, {},
                             a.cyclesToUs(t.launch)});
    for (const auto& [name, sp] : t.spans)
      out.back().spans.push_back({name, sp.count, a.cyclesToUs(sp.begin), a.cyclesToUs(sp.end), a.cyclesToUs(sp.total)});
  }
  return out;
}

std::string Device::traceJson() const {
  std::lock_guard<std::mutex> lk(impl_->mu);
  return impl_->trace.json(impl_->arch);
}

void Device::runQueuedWork() {
  std::lock_guard<std::mutex> lk(impl_->mu);
  impl_->flush();
}

void Device::setSymbolizer(std::function<std::string(uint64_t pc)> symbolize) {
  std::lock_guard<std::mutex> lk(impl_->mu);
  impl_->symbolize = std::move(symbolize);
}

void Device::dropCaches() {
  std::lock_guard<std::mutex> lk(impl_->mu);
  impl_->flush();
  impl_->timeline->dropCaches();
}

void Device::traceSection(const std::string& name) {
  std::lock_guard<std::mutex> lk(impl_->mu);
  impl_->flush();  // queued work belongs to the section it was submitted in
  impl_->trace.section(name);
}

std::string Device::takePrintfOutput() {
  std::lock_guard<std::mutex> lk(impl_->mu);
  std::string s;
  s.swap(impl_->printed);
  return s;
}

}  // namespace sk::sim
