// The simulated NPU: HBM, AIC/AIV cores run as fibers, streams, events, a deterministic
// virtual clock and Chrome traces (docs/simulator.md). The runtime (lib/runtime) is a thin API over it.
#pragma once
#include <cstdint>
#include <optional>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "llvm/Support/Error.h"
#include "sk/arch.h"
#include "sk/types.h"

namespace sk::subkernel {
struct KernelMeta;
}

namespace sk::sim {

using arch::ArchSpec;

// A kernel launch as the device sees it: an entry address in host memory (the kernel was
// JIT-linked into this process), its arguments (device addresses) and its shape.
struct KernelLaunch {
  std::string name;
  void* entry = nullptr;
  TaskRation ration;
  uint32_t blockDim = 1;
  std::vector<uint64_t> args;  // < 64 parameters, passed as uint8_t* in order
  uint64_t textBytes = 0;      // code fetched on a core's first call (instruction-fetch model)
  uint64_t tilingKey = 0;      // what sk_tiling_key() returns (metadata "tilingKey")
  // The cores may talk through GM (scalar GM loads, atomic adds): they then reach GM in
  // virtual-time order, on one host thread, so results and traces do not depend on threads.
  bool orderedGm = false;
  // What the launch's metadata says for this launch (shapes, tiling size), when the program gave
  // it (an op library with shapes per call); opaque to the simulator, read when fusing.
  std::shared_ptr<const subkernel::KernelMeta> metadata;
};

using StreamId = uint32_t;
using EventId = uint32_t;
using ModelId = uint32_t;  // a captured model (aclmdlRI)

// Stream capture (aclmdlRICapture*): which threads may call the APIs that cannot be captured
// (synchronous memcpy/memset; async copies that would run synchronously).
enum class CaptureMode { Global = 0, ThreadLocal = 1, Relaxed = 2 };
enum class CaptureStatus { None = 0, Active = 1, Invalidated = 2 };
constexpr StreamId kDefaultStream = 0;

enum class CopyKind { HostToHost, HostToDevice, DeviceToHost, DeviceToDevice };

struct DeviceOptions {
  static constexpr unsigned kMaxWorkerThreads = 256;
  unsigned workerThreads = 0;       // 0 = one per host core; at most kMaxWorkerThreads
  uint64_t launchTimeoutMs = 60000; // wall-clock budget of one launch
  uint64_t stackBytes = 256 * 1024; // fiber stack of one simulated core
  bool trace = false;               // collect Chrome trace events
  bool echoPrintf = true;           // write kernel sk_printf output to stdout
  // Queued work is run and timed in batches holding at most this many bytes of recorded
  // instructions, so memory stays bounded however many launches a program queues before it
  // synchronises. Work on one stream times the same either way; streams running side by side
  // across a batch boundary are timed as if synchronised there.
  uint64_t replayBatchBytes = uint64_t(1) << 30;
};

// Totals a tool prints after a run (virtual times in microseconds).
struct DeviceStats {
  double deviceTimeUs = 0;  // from the first task's start to the last task's end
  double hostUs = 0;        // virtual host clock
  uint64_t launches = 0;
};

class Device {
 public:
  static llvm::Expected<std::unique_ptr<Device>> create(const ArchSpec& arch, const DeviceOptions& options = {});
  ~Device();
  Device(const Device&) = delete;
  Device& operator=(const Device&) = delete;

  const ArchSpec& arch() const;

  // ---- memory (synchronous) ----
  llvm::Expected<void*> malloc(uint64_t bytes);
  llvm::Error free(void* devPtr);
  llvm::Expected<void*> mallocHost(uint64_t bytes);  // pinned host memory
  llvm::Error freeHost(void* hostPtr);
  bool isDevicePointer(const void* p) const;
  // Requested size of the allocation that contains [p, p+bytes), or an error naming p.
  llvm::Error checkDeviceRange(const void* p, uint64_t bytes, const char* what) const;
  llvm::Error memcpy(void* dst, const void* src, uint64_t bytes, CopyKind kind);
  // Reads device memory for the toolchain itself (a captured launch's tiling, when fusing):
  // no API call of the program, so no host time is charged; not ordered with queued work.
  llvm::Error peek(void* dst, const void* src, uint64_t bytes) const;
  llvm::Error memset(void* dst, int value, uint64_t bytes);

  // ---- streams and events ----
  llvm::Expected<StreamId> createStream();
  llvm::Error destroyStream(StreamId s);
  llvm::Expected<EventId> createEvent();
  llvm::Error destroyEvent(EventId e);

  // ---- asynchronous work (queued on a stream, run at the next synchronisation) ----
  llvm::Error launch(StreamId s, KernelLaunch k);
  llvm::Error memcpyAsync(StreamId s, void* dst, const void* src, uint64_t bytes, CopyKind kind);
  llvm::Error memsetAsync(StreamId s, void* dst, int value, uint64_t bytes);
  llvm::Error recordEvent(EventId e, StreamId s);
  llvm::Error streamWaitEvent(StreamId s, EventId e);

  // ---- stream capture and replay (aclmdlRI*, ACL codes in docs/acl_api.md) ----
  // From captureBegin to captureEnd the tasks issued to `s`, and to every stream that waits on
  // an event recorded in the capture, are recorded instead of run. executeModel queues them
  // all on `s` (forked onto the model's own streams as captured): one host submit, no
  // per-kernel launch cost.
  llvm::Error captureBegin(StreamId s, CaptureMode mode);
  llvm::Expected<ModelId> captureEnd(StreamId s);
  // The capture `s` takes part in (status None: not capturing, *model untouched).
  CaptureStatus captureInfo(StreamId s, ModelId* model) const;
  llvm::Error executeModel(ModelId m, StreamId s);
  llvm::Error destroyModel(ModelId m);
  // Scope markers of a capture (aclskScopeBegin/End): kept in the model, no work at run time.
  // A null name marks a region not to fuse.
  llvm::Error captureScope(StreamId s, bool begin, const std::optional<std::string>& name);
  // What a model holds, for rewriting it (Runtime::optimizeModel).
  struct ModelTask {
    enum class Kind { Kernel, Copy, Memset, Record, Wait, ScopeBegin, ScopeEnd } kind;
    StreamId stream;
    KernelLaunch kernel;              // Kernel
    std::optional<std::string> scope;  // ScopeBegin/End: the name (nullopt: no-fuse region)
    EventId event = 0;                 // Record/Wait: the captured event
  };
  llvm::Expected<std::vector<ModelTask>> modelTasks(ModelId m) const;
  // Replaces tasks [first, last) of model m, kernels and event records/waits on any of its
  // streams, by one launch on stream `on` followed there by the records `recordsAfter` (indices
  // in the range: events later tasks wait for, now recorded when the launch is done).
  llvm::Error replaceModelTasks(ModelId m, size_t first, size_t last, StreamId on, KernelLaunch fused,
                                const std::vector<size_t>& recordsAfter = {});
  // This thread's mode for unsafe APIs during a capture; returns the previous one.
  static CaptureMode exchangeThreadCaptureMode(CaptureMode mode);

  // ---- synchronisation: runs queued work; returns the first device fault on that stream ----
  // Runs all queued work without reading its faults: they stay on their streams until a
  // synchronisation reports them (unloading a binary must not lose them).
  void runQueuedWork();
  llvm::Error synchronizeStream(StreamId s);
  llvm::Error synchronizeEvent(EventId e);
  // Virtual milliseconds between the last records of two events, both done (aclrtEventElapsedTime).
  llvm::Expected<float> eventElapsedMs(EventId start, EventId end);
  llvm::Error synchronizeDevice();

  // ---- observation ----
  // Advances the host's virtual clock by the cost of one API call named `api`.
  void hostApiCall(const char* api, uint64_t extraNs = 0);
  DeviceStats stats() const;
  // Start and end (virtual microseconds) of every task run so far, in execution order.
  struct TaskTiming {
    std::string name;
    StreamId stream;
    double beginUs, endUs;  // a kernel's task (msprof's Task Duration) begins after its start-up
    enum class Kind { Kernel, Copy, Memset } kind = Kind::Kernel;
    uint32_t blockDim = 0;  // kernels
    TaskRation ration;      // kernels
    // Kernels: what ran inside, by name: each sub-kernel of a super kernel ("add_custom (op 1)"),
    // the waits at its task boundaries ("sk_task_wait") and in SyncAll ("sk_sync_all").
    struct Span {
      std::string name;
      uint32_t count = 0;        // spans of that name (one per core and occurrence)
      double beginUs = 0, endUs = 0;  // the first start and the last end
      double totalUs = 0;        // summed over the cores
    };
    std::vector<Span> spans;  // sorted by name
    double launchUs = 0;      // kernels: where the start-up began, before beginUs; others: beginUs
  };
  std::vector<TaskTiming> taskTimings() const;
  // Chrome trace JSON of everything run so far (requires DeviceOptions::trace).
  std::string traceJson() const;
  // Names the code at an address ("entry+0x1c (add_custom.o)"), for faults of kernel code (a
  // signal on a core: docs/simulator.md); the runtime sets it to its loader's symbol table.
  void setSymbolizer(std::function<std::string(uint64_t pc)> symbolize);
  // Runs the queued work, then empties the L2, so what runs next starts cold, as it would after
  // other work evicted the cache (comparisons of modes start each from the same state).
  void dropCaches();
  // Runs the queued work, then puts what runs next in a trace section of its own: processes
  // named "<name>: host", "<name>: AIV cores", ... (sk_run: one section per mode compared).
  void traceSection(const std::string& name);
  // Kernel sk_printf output collected so far (in virtual-time order), then cleared.
  std::string takePrintfOutput();

  struct Impl;

 private:
  explicit Device(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace sk::sim
