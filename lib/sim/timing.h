// The timing model of the simulated NPU (docs/simulator.md, "Virtual time"): what every
// launch recorded — per block, the instructions each pipe of its core executed and how the
// pipes and cores waited on one another — replayed in virtual time on one thread. Each core has
// in-order pipes (S issues, V/M compute, MTE1/MTE2/MTE3/FIX move data) with clocks of their own;
// transfers to and from GM share the HBM bandwidth (and an L2) by demand with every other
// transfer in flight, of any core, launch or stream; each core is also bounded by its pipe's own
// rate. The result depends only on the records, never on host threads: functional execution
// (the fibers) and timing are separate.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sk/arch.h"
#include "sk/types.h"

namespace sk::sim::timing {

enum Pipe : uint8_t { kS = 0, kV, kM, kMte1, kMte2, kMte3, kFix, kPipes };  // = sk_pipe
// "S", "V", "M", "MTE1", "MTE2", "MTE3", "FIX" (messages, trace lanes); "?" otherwise.
const char* pipeName(uint8_t pipe);
// A local memory by its sk_mem code: "UB", "L1", "L0A", "L0B", "L0C", "BT", "FB"; "?" otherwise.
const char* memName(int mem);

// Where a transfer's bytes go: within the core (UB->UB, L1->L0), or to/from GM (through L2 and
// HBM).
enum class Route : uint8_t { Local, GmRead, GmWrite };

enum class OpKind : uint8_t {
  Exec,       // `pipe` busy for `amount` cycles
  Move,       // `amount` bytes on `pipe` over `route` (GM address `addr`), capped at `rate` bytes/cycle
  FlagSet,    // after `pipe`'s earlier work: set flag (pipe -> pipe2, id)
  FlagWait,   // `pipe2`'s later work waits for the flag (pipe -> pipe2, id)
  Stamp,      // token `id` = when `pipe`'s work issued so far completes
  StampWait,  // `pipe`'s later work starts no earlier than token `id`
  DrainAll,   // PIPE_ALL barrier: every pipe finishes, then S goes on
  Barrier,    // drain, then wait for every member of barrier `id` (amount: its participants)
  Release,    // drain, then counter `id` += 1
  Acquire,    // S waits until counter `id` reaches `amount` (+ the arch's task sync cost)
  Mark,       // note S's time in marks[id] (printf, span begins/ends); drains first when amount = 1
  Signal,     // after `pipe`'s earlier work: counter `id` += 1 (a cross-core flag set)
  FlagAcquire,  // S waits for the `amount`-th add to counter `id` (+ the arch's barrier cost)
};

struct Op {
  OpKind kind;
  uint8_t pipe = kS, pipe2 = kS;
  Route route = Route::Local;
  uint32_t id = 0;
  uint64_t amount = 0;
  uint64_t addr = 0;
  double rate = 0;  // Move: bytes per cycle this core's pipe can sustain on its own
  const char* what = nullptr;  // the instruction, for traces (a string literal)
  bool l2Bypass = false;  // Move over GM: no L2 allocation (SetL2CacheHint(CACHE_MODE_DISABLE))
  bool requestsPriced = false;  // Move over GM: its (fitted) rate prices its rows' GM requests already
  // Exec/Move on a pipe other than S: its local-memory accesses are Program::accesses
  // [firstAccess, firstAccess + accesses) (in the Op's padding: no op grows).
  uint8_t accesses = 0;
  uint32_t firstAccess = 0;
  // Move over GM: 0 when its bytes are [addr, addr + amount); else 1 + the index of the rows it
  // reads or writes in Program::gmRows (a strided transfer, looked up in L2 row by row).
  uint32_t gmRows = 0;
};

// The GM bytes of a strided transfer: `groups` groups `groupPitch` bytes apart, each `rows` rows
// of `rowBytes` bytes `pitch` apart, from the op's addr (an Nd2Nz copy's matrices and rows, a
// DataCopy's blocks, a Fixpipe's output rows).
struct GmRows {
  uint64_t rowBytes = 0, pitch = 0, groupPitch = 0;
  uint32_t rows = 1, groups = 1;
  bool contiguous() const { return (rows == 1 || pitch == rowBytes) && (groups == 1 || groupPitch == rows * rowBytes); }
};

// A local-memory range an op reads or writes, for the replay's race check: an op that touches
// what an op of another pipe of the core still accesses, with nothing ordering the two.
struct Access {
  uint32_t begin = 0, end = 0;  // byte offsets in local memory `space`, [begin, end) (strided: the hull)
  uint32_t epoch = 0;           // 0, or 1 + the span of the super kernel's sub-kernel (never compared across)
  uint8_t space = 0;            // sk_mem
  bool write = false;
};

// One core's work for one block (a member of a block group: the AIC or an AIV of a MIX block).
struct Program {
  CoreType core = CoreType::AIV;
  std::vector<Op> ops;
  uint32_t marks = 0;  // Mark ids used: [0, marks)
  std::vector<Access> accesses;  // of the ops that touch local memory (Op::firstAccess)
  std::vector<GmRows> gmRows;    // of the strided GM transfers (Op::gmRows)
};

// A unit of device work on the timeline: a kernel (block groups on cores), a fixed-length task
// (memcpy, event record/wait) or a DMA copy through HBM.
struct Job {
  enum class Kind { Kernel, Fixed, Dma } kind = Kind::Fixed;
  uint64_t earliest = 0;           // may not start before (submit time, dispatch)
  struct Dep {
    uint32_t job;
    uint64_t delay;  // after its end (event sync)
  };
  std::vector<Dep> after;          // jobs that must end first (stream order, events)
  uint64_t cycles = 0;             // Fixed: duration
  uint64_t bytes = 0;              // Dma: bytes through HBM (read + write)
  double dmaRate = 0;              // Dma: bytes/cycle cap
  // Kernel.
  TaskRation ration;
  uint32_t blockDim = 0;
  std::vector<std::vector<Program>> blocks;  // [block][member]: the AIC first, then the AIVs
  uint32_t barrierMembers = 0;     // participants of its SyncAll barriers (0: none)
  uint64_t startupCycles = 0;      // the kernel's start-up on the device timeline
  uint64_t blockDispatchCycles = 0;
};

// What the replay found for one program.
struct ProgramTimes {
  uint32_t coreId = 0;  // among the cores of its type
  uint64_t begin = 0, end = 0;
  std::vector<uint64_t> marks;
  // Busy intervals per pipe (for the trace): begin, end, op index.
  struct Busy {
    uint8_t pipe;
    uint32_t op;
    uint64_t begin, end;
  };
  std::vector<Busy> busy;
};

// The first race of a kernel: op `op` of blocks[block][member] started on `pipe` while op
// `other` of pipe `otherPipe` still accessed an overlapping range (accesses `access` and
// `otherAccess` of the program), one of them writing, and no flag, token or barrier ordered them.
struct Race {
  uint32_t block = 0, member = 0;
  uint32_t op = 0, other = 0;
  uint32_t access = 0, otherAccess = 0;
  uint8_t pipe = 0, otherPipe = 0;
};

struct JobTimes {
  uint64_t begin = 0, end = 0;
  uint64_t launch = 0;  // kernels only: where the start-up began (begin is after it)
  std::vector<std::vector<ProgramTimes>> blocks;  // as Job::blocks
  std::string stuck;  // not empty: work that can never finish (a WaitFlag without its SetFlag, ...)
  std::optional<Race> race;
};

// Machine parameters of the replay, from the arch spec.
struct Machine {
  uint32_t aicCores = 0, aivCores = 0;
  double hbmBytesPerCycle = 0;
  double l2BytesPerCycle = 0;
  uint64_t l2Bytes = 0;
  uint32_t moveLatencyCycles = 0;   // the fixed part of every transfer through GM
  uint32_t localLatencyCycles = 0;  // the fixed part of an on-chip transfer (UB->UB, L1->L0)
  uint32_t hbmRequestBytes = 0;     // HBM time of a transfer that reaches HBM, beyond its bytes
  uint32_t gmRequestAlign = 0;      // GM rows cost the aligned requests of this size they touch
  uint32_t issueCycles = 1;         // S's cost of issuing an instruction to another pipe
  uint32_t barrierCycles = 0;       // SyncAll: latest arrival + this; cross-core flags: set + this
  uint32_t counterCycles = 0;       // super-kernel task counters
  bool collectBusy = false;         // fill ProgramTimes::busy (traces)
  static Machine of(const arch::ArchSpec& a);
};

// Replays `jobs` (indices in `after` refer to this vector) from the machine state `state`
// (core free times, L2 contents, transfers still in flight from earlier replays), which it
// advances. Deterministic: the same jobs and state give the same times.
class Timeline {
 public:
  explicit Timeline(const Machine& m);
  ~Timeline();
  Timeline(const Timeline&) = delete;
  Timeline& operator=(const Timeline&) = delete;
  std::vector<JobTimes> replay(const std::vector<Job>& jobs);
  // When each core is free (for callers that place work themselves).
  uint64_t coreFreeAt(CoreType t, uint32_t id) const;
  // Empties the L2: the next replay starts cold (dirty lines leave without costing time).
  void dropCaches();

 private:
  struct Impl;
  Impl* impl_;
};

}  // namespace sk::sim::timing
