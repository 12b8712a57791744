// The ACL-style C API: argument checks with ACL's codes, then one call into sk::rt.
#include "acl/acl.h"
#include "sk/sim/float16.h"

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <type_traits>

#include <unistd.h>

#include <nlohmann/json.hpp>

#include "llvm/Support/FileSystem.h"
#include "sk/error.h"
#include "sk/file_io.h"
#include "sk/json_io.h"
#include "sk/model_optimizer.h"
#include "sk/runtime.h"
#include "sk/acl_interop.h"
#include "sk/arch.h"
#include "sk/single_source.h"

namespace {

using sk::rt::Binary;
using sk::rt::Function;
using sk::rt::Runtime;

struct StreamObj {
  sk::sim::StreamId id;
};
struct EventObj {
  sk::sim::EventId id;
};
struct ModelObj {
  sk::sim::ModelId id;
};

struct State {
  std::recursive_mutex mu;
  bool initialized = false;
  std::string archName;  // from aclInit's config; else $SK_ARCH; else the program's (programArch); else dav-2201
  std::string socName;
  std::unique_ptr<Runtime> rt;
  int deviceRefs = 0;
  std::set<StreamObj*> streams;
  std::set<EventObj*> events;
  std::set<std::unique_ptr<int32_t>> contexts;  // aclrtCreateContext's handles (each names device 0)
  const void* currentContext = nullptr;
  std::map<sk::sim::ModelId, std::unique_ptr<ModelObj>> models;  // captured (or being captured)
  std::map<const void*, Function*> stubs;          // legacy rtFunctionRegister keys
  std::map<Function*, const void*> stubBinaryOf;  // for unregistering
  void* c2cCtrl = nullptr;                         // rtGetC2cCtrlAddr's region, made on first use
  void* hardwareSync = nullptr;                    // aclrtGetHardwareSyncAddr's, made on first use
  // Single-source programs (sk_ss_launch): each embedded device object loaded once, and the
  // argument blocks of queued launches, freed when their stream has been synchronised.
  std::map<const void*, Binary*> embeddedBinaries;
  std::multimap<sk::sim::StreamId, void*> argBlocks;
};

State& state() {
  static State* s = new State;  // never destroyed: ACL calls may come from static destructors
  return *s;
}

thread_local std::string recentError;
thread_local std::string returnedError;
thread_local aclError lastError = ACL_SUCCESS;  // aclrtGetLastError / aclrtPeekAtLastError

aclError fail(aclError code, const std::string& msg) {
  recentError = msg;
  if (code != ACL_SUCCESS) lastError = code;
  return code;
}

// Maps an llvm::Error to an ACL code; bad input becomes `inputCode`.
aclError failWith(llvm::Error err, const char* api, aclError inputCode = ACL_ERROR_RT_PARAM_INVALID) {
  aclError code = ACL_ERROR_RT_INTERNAL_ERROR;
  std::string msg;
  llvm::handleAllErrors(
      std::move(err), [&](const sk::DeviceError& e) { code = e.code(); msg = e.text(); },
      [&](const sk::InputError& e) { code = inputCode; msg = e.text(); },
      [&](const llvm::ErrorInfoBase& e) { msg = e.message(); });
  return fail(code, std::string(api) + ": " + msg);
}

// A synchronisation's failure. A device fault (507xxx: a core exception, a deadlock, a timeout)
// is also printed on stderr, as CANN's runtime logs AI Core exceptions itself: programs that
// ignore the synchronisation's result (most samples) still see why their output is wrong.
// SK_QUIET_FAULTS=1 turns that off.
aclError syncFailure(llvm::Error err, const char* api) {
  aclError code = failWith(std::move(err), api);
  static const bool quiet = [] {
    const char* q = std::getenv("SK_QUIET_FAULTS");
    return q && std::string(q) == "1";
  }();
  if (code >= 507000 && code < 508000 && !quiet) std::fprintf(stderr, "[SuperKernel] device error %d: %s\n", code, recentError.c_str());
  return code;
}

// A launch's grid: 1 to 65535 blocks, as CANN allows.
aclError checkBlocks(uint32_t numBlocks, const char* api) {
  if (numBlocks >= 1 && numBlocks <= 65535) return ACL_SUCCESS;
  return fail(ACL_ERROR_RT_PARAM_INVALID, std::string(api) + ": numBlocks " + std::to_string(numBlocks) + " is not in [1, 65535]");
}

// Queues the checked launch of f on stream `id`, without the C2C control address a CANN caller
// passes first.
aclError queueLaunch(Runtime* rt, const char* api, Function* f, uint32_t numBlocks, std::vector<uint64_t> args,
                     sk::sim::StreamId id, uint64_t tilingKey = 0,
                     std::shared_ptr<const sk::subkernel::KernelMeta> metadata = nullptr,
                     std::optional<sk::TaskRation> ration = std::nullopt) {
  if (!args.empty() && state().c2cCtrl && args[0] == (uint64_t)state().c2cCtrl) args.erase(args.begin());
  if (llvm::Error e = rt->launch(f, numBlocks, std::move(args), id, ration, tilingKey, std::move(metadata)))
    return failWith(std::move(e), api);
  return ACL_SUCCESS;
}

Runtime* device(const char* api, aclError& code) {
  State& s = state();
  if (!s.rt) {
    code = fail(ACL_ERROR_RT_CONTEXT_NULL, std::string(api) + ": no current device: call aclrtSetDevice(0) first");
    return nullptr;
  }
  code = ACL_SUCCESS;
  return s.rt.get();
}

bool streamId(aclrtStream stream, sk::sim::StreamId& id, const char* api, aclError& code) {
  if (!stream) {
    id = sk::sim::kDefaultStream;
    return true;
  }
  auto* obj = static_cast<StreamObj*>(stream);
  if (!state().streams.count(obj)) {
    code = fail(ACL_ERROR_RT_INVALID_HANDLE, std::string(api) + ": invalid or destroyed stream handle");
    return false;
  }
  id = obj->id;
  return true;
}

EventObj* eventObj(aclrtEvent event, const char* api, aclError& code) {
  auto* obj = static_cast<EventObj*>(event);
  if (!event) {
    code = fail(ACL_ERROR_INVALID_PARAM, std::string(api) + ": event is NULL");
    return nullptr;
  }
  if (!state().events.count(obj)) {
    code = fail(ACL_ERROR_RT_INVALID_HANDLE, std::string(api) + ": invalid or destroyed event handle");
    return nullptr;
  }
  return obj;
}

// The arch a single-source program's kernels were compiled for (sk_ss_program_arch, called by
// the program's static initializers before main), so the program runs on the device it was
// built for without $SK_ARCH.
std::string& programArch() {
  static std::string arch;
  return arch;
}

std::string defaultArch() {
  State& s = state();
  if (!s.archName.empty()) return s.archName;
  const char* env = std::getenv("SK_ARCH");
  if (env && *env) return env;
  return programArch().empty() ? "dav-2201" : programArch();
}

// Which simulated cores a binary's kernels use, from a binary magic.
bool rationFromMagic(uint32_t magic, sk::TaskRation& r) {
  switch (magic) {
    case ACL_RT_BINARY_MAGIC_ELF_VECTOR_CORE: r = {0, 1}; return true;
    case ACL_RT_BINARY_MAGIC_ELF_CUBE_CORE: r = {1, 0}; return true;
    case ACL_RT_BINARY_MAGIC_ELF_AICORE: r = {0, 1}; return true;  // docs/acl_api.md: AI Core ELF runs on AIV
    default: return false;
  }
}

aclError copyKind(aclrtMemcpyKind kind, const void* dst, const void* src, sk::sim::CopyKind& out, const char* api) {
  Runtime* rt = state().rt.get();
  switch (kind) {
    case ACL_MEMCPY_HOST_TO_HOST: out = sk::sim::CopyKind::HostToHost; return ACL_SUCCESS;
    case ACL_MEMCPY_HOST_TO_DEVICE:
    case ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE: out = sk::sim::CopyKind::HostToDevice; return ACL_SUCCESS;
    case ACL_MEMCPY_DEVICE_TO_HOST: out = sk::sim::CopyKind::DeviceToHost; return ACL_SUCCESS;
    case ACL_MEMCPY_DEVICE_TO_DEVICE: out = sk::sim::CopyKind::DeviceToDevice; return ACL_SUCCESS;
    case ACL_MEMCPY_DEFAULT: {
      bool d = rt->device().isDevicePointer(dst), s = rt->device().isDevicePointer(src);
      out = d && s ? sk::sim::CopyKind::DeviceToDevice
            : d    ? sk::sim::CopyKind::HostToDevice
            : s    ? sk::sim::CopyKind::DeviceToHost
                   : sk::sim::CopyKind::HostToHost;
      return ACL_SUCCESS;
    }
    default:
      return fail(ACL_ERROR_INVALID_PARAM, std::string(api) + ": unsupported memcpy kind " + std::to_string((int)kind));
  }
}

#define SK_LOCK std::lock_guard<std::recursive_mutex> skLock(state().mu)
#define SK_DEVICE(api)                    \
  aclError skCode;                        \
  Runtime* rt = device(api, skCode);      \
  if (!rt) return skCode

// Frees the argument blocks of single-source launches on `stream` (all streams when nullopt):
// their work has run once the stream is synchronised, whatever it reported.
void freeArgBlocks(Runtime* rt, std::optional<sk::sim::StreamId> stream) {
  auto& blocks = state().argBlocks;
  auto [first, last] = stream ? blocks.equal_range(*stream) : std::make_pair(blocks.begin(), blocks.end());
  for (auto it = first; it != last; ++it) llvm::consumeError(rt->device().free(it->second));
  blocks.erase(first, last);
}

// The function of a single-source entry; its device object is loaded at the first launch.
llvm::Expected<Function*> embeddedFunction(Runtime* rt, const sk_ss_kernel& k) {
  Binary*& b = state().embeddedBinaries[k.object];
  if (!b) {
    llvm::MemoryBufferRef ref(llvm::StringRef((const char*)k.object, k.objectBytes), k.source);
    auto loaded = rt->loadBinary(ref, k.source, sk::TaskRation{(uint8_t)k.aic, (uint8_t)k.aiv});
    if (!loaded) {
      state().embeddedBinaries.erase(k.object);
      return loaded.takeError();
    }
    b = *loaded;
  }
  return rt->getFunction(b, k.name);
}

// The launch's argument block in device memory, each by-value param's slot made its address.
llvm::Expected<std::vector<uint64_t>> placeArgBlock(Runtime* rt, sk::sim::StreamId id, const void* block,
                                                    uint32_t slots, uint64_t bytes, uint64_t scalarMask) {
  std::vector<uint64_t> args(slots);
  if (slots) std::memcpy(args.data(), block, 8ull * slots);
  if (!scalarMask) return args;
  auto mem = rt->device().malloc(bytes);
  if (!mem) return mem.takeError();
  for (uint32_t i = 0; i < slots; ++i)
    if (scalarMask >> i & 1) args[i] += (uint64_t)*mem;
  if (llvm::Error e = rt->device().memcpy(*mem, block, bytes, sk::sim::CopyKind::HostToDevice)) {
    llvm::consumeError(rt->device().free(*mem));
    return e;
  }
  // a captured launch may be replayed after any synchronisation: its block lives until the reset
  if (rt->device().captureInfo(id, nullptr) == sk::sim::CaptureStatus::None) state().argBlocks.emplace(id, *mem);
  return args;
}

}  // namespace

extern "C" {

aclError aclInit(const char* configPath) {
  SK_LOCK;
  State& s = state();
  if (s.initialized) return fail(ACL_ERROR_REPEAT_INITIALIZE, "aclInit: already initialized (harmless)");
  if (configPath && *configPath) {
    auto text = sk::readFile(configPath, sk::kMaxJsonBytes, "ACL config");
    if (!text) return failWith(text.takeError(), "aclInit", ACL_ERROR_INVALID_FILE);
    auto doc = sk::parseJson(*text, configPath);
    if (!doc) return failWith(doc.takeError(), "aclInit", ACL_ERROR_PARSE_FILE);
    const nlohmann::json& j = *doc;
    if (!j.is_object())
      return fail(ACL_ERROR_PARSE_FILE, std::string("aclInit: ") + configPath + ": not a JSON object");
    if (j.contains("superkernel") && j["superkernel"].contains("arch") && j["superkernel"]["arch"].is_string())
      s.archName = j["superkernel"]["arch"].get<std::string>();
  }
  s.initialized = true;
  return ACL_SUCCESS;
}

aclError aclFinalize(void) {
  SK_LOCK;
  State& s = state();
  if (!s.initialized) return fail(ACL_ERROR_REPEAT_FINALIZE, "aclFinalize: not initialized");
  s.initialized = false;
  return ACL_SUCCESS;
}

aclError aclrtSetDevice(int32_t deviceId) {
  SK_LOCK;
  State& s = state();
  if (deviceId != 0)
    return fail(ACL_ERROR_RT_INVALID_DEVICEID,
                "aclrtSetDevice: device " + std::to_string(deviceId) + " does not exist (the simulator has device 0)");
  if (!s.rt) {
    auto arch = sk::arch::loadArch(defaultArch());
    if (!arch) return failWith(arch.takeError(), "aclrtSetDevice");
    sk::sim::DeviceOptions opts;
    if (const char* w = std::getenv("SK_WORKERS")) opts.workerThreads = (unsigned)std::atoi(w);
    if (const char* t = std::getenv("SK_TRACE")) opts.trace = std::string(t) == "1";
    // A launch's wall-clock budget: large kernels take longer to simulate than the default 60 s.
    if (const char* t = std::getenv("SK_LAUNCH_TIMEOUT_MS")) {
      char* end = nullptr;
      unsigned long long ms = std::strtoull(t, &end, 10);
      if (!*t || *end || ms == 0 || t[0] == '-')
        return fail(ACL_ERROR_INVALID_PARAM, std::string("aclrtSetDevice: SK_LAUNCH_TIMEOUT_MS=\"") + t +
                                                 "\" is not a positive whole number of milliseconds (unset it for the default, 60000)");
      opts.launchTimeoutMs = ms;
    }
    auto rt = Runtime::create(*arch, opts);
    if (!rt) return failWith(rt.takeError(), "aclrtSetDevice");
    s.rt = std::move(*rt);
    s.socName = s.rt->device().arch().socName;
  }
  ++s.deviceRefs;
  return ACL_SUCCESS;
}

aclError aclrtResetDevice(int32_t deviceId) {
  SK_LOCK;
  State& s = state();
  if (deviceId != 0)
    return fail(ACL_ERROR_RT_INVALID_DEVICEID, "aclrtResetDevice: device " + std::to_string(deviceId) + " does not exist");
  if (s.deviceRefs == 0) return fail(ACL_ERROR_RT_CONTEXT_RELEASE_ERROR, "aclrtResetDevice: device 0 was not set");
  if (--s.deviceRefs == 0) {
    for (StreamObj* o : s.streams) delete o;
    for (EventObj* o : s.events) delete o;
    s.streams.clear();
    s.events.clear();
    s.models.clear();
    s.stubs.clear();
    s.stubBinaryOf.clear();
    s.c2cCtrl = nullptr;
    s.hardwareSync = nullptr;
    s.embeddedBinaries.clear();
    s.argBlocks.clear();
    s.rt.reset();  // waits for queued work, then frees everything
  }
  return ACL_SUCCESS;
}

// Contexts: the simulator has one device and one context of it, so a context is a reference to
// device 0 as aclrtSetDevice takes one (CANN's create also opens the device); it becomes the
// current one, and destroying it drops the reference.
aclError aclrtCreateContext(aclrtContext* context, int32_t deviceId) {
  SK_LOCK;
  if (!context) return fail(ACL_ERROR_INVALID_PARAM, "aclrtCreateContext: context is NULL");
  if (aclError rc = aclrtSetDevice(deviceId)) return rc;
  State& s = state();
  auto handle = std::make_unique<int32_t>(deviceId);
  *context = handle.get();
  s.currentContext = handle.get();
  s.contexts.insert(std::move(handle));
  return ACL_SUCCESS;
}

aclError aclrtDestroyContext(aclrtContext context) {
  SK_LOCK;
  State& s = state();
  auto it = std::find_if(s.contexts.begin(), s.contexts.end(), [&](const auto& c) { return c.get() == context; });
  if (it == s.contexts.end())
    return fail(ACL_ERROR_INVALID_PARAM, "aclrtDestroyContext: not a context made by aclrtCreateContext (or destroyed twice)");
  s.contexts.erase(it);
  if (s.currentContext == context) s.currentContext = nullptr;
  return aclrtResetDevice(0);
}

aclError aclrtSetCurrentContext(aclrtContext context) {
  SK_LOCK;
  State& s = state();
  if (std::none_of(s.contexts.begin(), s.contexts.end(), [&](const auto& c) { return c.get() == context; }))
    return fail(ACL_ERROR_INVALID_PARAM, "aclrtSetCurrentContext: not a live context made by aclrtCreateContext");
  s.currentContext = context;
  return ACL_SUCCESS;
}

aclError aclrtGetCurrentContext(aclrtContext* context) {
  SK_LOCK;
  if (!context) return fail(ACL_ERROR_INVALID_PARAM, "aclrtGetCurrentContext: context is NULL");
  if (!state().currentContext) return fail(ACL_ERROR_RT_CONTEXT_NULL, "aclrtGetCurrentContext: no current context");
  *context = const_cast<void*>(state().currentContext);
  return ACL_SUCCESS;
}

// aclFloat16: IEEE binary16 bits, converted with round-to-nearest-even.
aclFloat16 aclFloatToFloat16(float value) { return sk::floatToHalf(value); }
float aclFloat16ToFloat(aclFloat16 value) { return sk::halfToFloat(value); }

aclError aclrtGetDevice(int32_t* deviceId) {
  SK_LOCK;
  if (!deviceId) return fail(ACL_ERROR_INVALID_PARAM, "aclrtGetDevice: deviceId is NULL");
  SK_DEVICE("aclrtGetDevice");
  (void)rt;
  *deviceId = 0;
  return ACL_SUCCESS;
}

// The cube/vector synchronisation address (A2/A3 only) kernels hand to AscendC::SetSyncBaseAddr:
// device memory of the device's own, which the simulator's SyncAll does not need but a kernel
// may pass around as an address like any other.
aclError aclrtGetHardwareSyncAddr(void** addr) {
  SK_LOCK;
  if (!addr) return fail(ACL_ERROR_INVALID_PARAM, "aclrtGetHardwareSyncAddr: addr is NULL");
  SK_DEVICE("aclrtGetHardwareSyncAddr");
  if (rt->device().arch().name == "dav-3510")
    return fail(ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "aclrtGetHardwareSyncAddr: not on dav-3510 (Ascend 950 has no such address)");
  if (!state().hardwareSync) {
    auto p = rt->device().malloc(4096);
    if (!p) return failWith(p.takeError(), "aclrtGetHardwareSyncAddr");
    state().hardwareSync = *p;
  }
  *addr = state().hardwareSync;
  return ACL_SUCCESS;
}

aclError aclrtGetDeviceCount(uint32_t* count) {
  if (!count) return fail(ACL_ERROR_INVALID_PARAM, "aclrtGetDeviceCount: count is NULL");
  *count = 1;
  return ACL_SUCCESS;
}

const char* aclrtGetSocName(void) {
  SK_LOCK;
  State& s = state();
  if (s.socName.empty()) {
    auto arch = sk::arch::loadArch(defaultArch());
    if (!arch) {
      failWith(arch.takeError(), "aclrtGetSocName");
      return nullptr;
    }
    s.socName = arch->socName;
  }
  return s.socName.c_str();
}

aclError aclrtSynchronizeDevice(void) {
  SK_LOCK;
  SK_DEVICE("aclrtSynchronizeDevice");
  llvm::Error e = rt->device().synchronizeDevice();
  freeArgBlocks(rt, std::nullopt);
  if (e) return syncFailure(std::move(e), "aclrtSynchronizeDevice");
  return ACL_SUCCESS;
}

aclError aclrtCreateStream(aclrtStream* stream) {
  SK_LOCK;
  if (!stream) return fail(ACL_ERROR_INVALID_PARAM, "aclrtCreateStream: stream is NULL");
  SK_DEVICE("aclrtCreateStream");
  auto id = rt->device().createStream();
  if (!id) return failWith(id.takeError(), "aclrtCreateStream");
  auto* obj = new StreamObj{*id};
  state().streams.insert(obj);
  *stream = obj;
  return ACL_SUCCESS;
}

aclError aclrtDestroyStream(aclrtStream stream) {
  SK_LOCK;
  if (!stream) return fail(ACL_ERROR_INVALID_PARAM, "aclrtDestroyStream: stream is NULL (the default stream cannot be destroyed)");
  SK_DEVICE("aclrtDestroyStream");
  sk::sim::StreamId id;
  if (!streamId(stream, id, "aclrtDestroyStream", skCode)) return skCode;
  if (rt->device().captureInfo(id, nullptr) != sk::sim::CaptureStatus::None)  // refused: the stream stays
    return failWith(rt->device().destroyStream(id), "aclrtDestroyStream");
  llvm::Error e = rt->device().destroyStream(id);
  state().streams.erase(static_cast<StreamObj*>(stream));
  delete static_cast<StreamObj*>(stream);
  if (e) return failWith(std::move(e), "aclrtDestroyStream");
  return ACL_SUCCESS;
}

aclError aclrtSynchronizeStream(aclrtStream stream) {
  SK_LOCK;
  SK_DEVICE("aclrtSynchronizeStream");
  sk::sim::StreamId id;
  if (!streamId(stream, id, "aclrtSynchronizeStream", skCode)) return skCode;
  llvm::Error e = rt->device().synchronizeStream(id);
  freeArgBlocks(rt, id);
  if (e) return syncFailure(std::move(e), "aclrtSynchronizeStream");
  return ACL_SUCCESS;
}

aclError aclrtMalloc(void** devPtr, size_t size, aclrtMemMallocPolicy policy) {
  SK_LOCK;
  if (!devPtr || size == 0) return fail(ACL_ERROR_INVALID_PARAM, "aclrtMalloc: devPtr is NULL or size is 0");
  SK_DEVICE("aclrtMalloc");
  auto p = rt->device().malloc(size);
  if (!p) return failWith(p.takeError(), "aclrtMalloc");
  *devPtr = *p;
  return ACL_SUCCESS;
}

aclError aclrtMallocHost(void** hostPtr, size_t size) {
  SK_LOCK;
  if (!hostPtr || size == 0) return fail(ACL_ERROR_INVALID_PARAM, "aclrtMallocHost: hostPtr is NULL or size is 0");
  SK_DEVICE("aclrtMallocHost");
  auto p = rt->device().mallocHost(size);
  if (!p) return failWith(p.takeError(), "aclrtMallocHost");
  *hostPtr = *p;
  return ACL_SUCCESS;
}

aclError aclrtFree(void* devPtr) {
  SK_LOCK;
  if (!devPtr) return fail(ACL_ERROR_INVALID_PARAM, "aclrtFree: devPtr is NULL");
  SK_DEVICE("aclrtFree");
  if (llvm::Error e = rt->device().free(devPtr)) return failWith(std::move(e), "aclrtFree");
  return ACL_SUCCESS;
}

aclError aclrtFreeHost(void* hostPtr) {
  SK_LOCK;
  if (!hostPtr) return fail(ACL_ERROR_INVALID_PARAM, "aclrtFreeHost: hostPtr is NULL");
  SK_DEVICE("aclrtFreeHost");
  if (llvm::Error e = rt->device().freeHost(hostPtr)) return failWith(std::move(e), "aclrtFreeHost");
  return ACL_SUCCESS;
}

aclError aclrtMemcpy(void* dst, size_t destMax, const void* src, size_t count, aclrtMemcpyKind kind) {
  SK_LOCK;
  if (!dst || !src) return fail(ACL_ERROR_INVALID_PARAM, "aclrtMemcpy: dst or src is NULL");
  if (count > destMax)
    return fail(ACL_ERROR_RT_PARAM_INVALID, "aclrtMemcpy: count " + std::to_string(count) + " exceeds destMax " +
                                                std::to_string(destMax));
  SK_DEVICE("aclrtMemcpy");
  sk::sim::CopyKind k;
  if (aclError c = copyKind(kind, dst, src, k, "aclrtMemcpy")) return c;
  if (llvm::Error e = rt->device().memcpy(dst, src, count, k)) return failWith(std::move(e), "aclrtMemcpy");
  return ACL_SUCCESS;
}

aclError aclrtMemcpyAsync(void* dst, size_t destMax, const void* src, size_t count, aclrtMemcpyKind kind,
                          aclrtStream stream) {
  SK_LOCK;
  if (!dst || !src) return fail(ACL_ERROR_INVALID_PARAM, "aclrtMemcpyAsync: dst or src is NULL");
  if (count > destMax)
    return fail(ACL_ERROR_RT_PARAM_INVALID, "aclrtMemcpyAsync: count " + std::to_string(count) +
                                                " exceeds destMax " + std::to_string(destMax));
  SK_DEVICE("aclrtMemcpyAsync");
  sk::sim::StreamId id;
  if (!streamId(stream, id, "aclrtMemcpyAsync", skCode)) return skCode;
  sk::sim::CopyKind k;
  if (aclError c = copyKind(kind, dst, src, k, "aclrtMemcpyAsync")) return c;
  if (llvm::Error e = rt->device().memcpyAsync(id, dst, src, count, k)) return failWith(std::move(e), "aclrtMemcpyAsync");
  return ACL_SUCCESS;
}

aclError aclrtMemset(void* devPtr, size_t maxCount, int32_t value, size_t count) {
  SK_LOCK;
  if (!devPtr) return fail(ACL_ERROR_INVALID_PARAM, "aclrtMemset: devPtr is NULL");
  if (count > maxCount)
    return fail(ACL_ERROR_RT_PARAM_INVALID, "aclrtMemset: count " + std::to_string(count) + " exceeds maxCount " +
                                                std::to_string(maxCount));
  SK_DEVICE("aclrtMemset");
  if (llvm::Error e = rt->device().memset(devPtr, value, count)) return failWith(std::move(e), "aclrtMemset");
  return ACL_SUCCESS;
}

aclError aclrtMemsetAsync(void* devPtr, size_t maxCount, int32_t value, size_t count, aclrtStream stream) {
  SK_LOCK;
  if (!devPtr) return fail(ACL_ERROR_INVALID_PARAM, "aclrtMemsetAsync: devPtr is NULL");
  if (count > maxCount)
    return fail(ACL_ERROR_RT_PARAM_INVALID, "aclrtMemsetAsync: count " + std::to_string(count) +
                                                " exceeds maxCount " + std::to_string(maxCount));
  SK_DEVICE("aclrtMemsetAsync");
  sk::sim::StreamId id;
  if (!streamId(stream, id, "aclrtMemsetAsync", skCode)) return skCode;
  if (llvm::Error e = rt->device().memsetAsync(id, devPtr, value, count)) return failWith(std::move(e), "aclrtMemsetAsync");
  return ACL_SUCCESS;
}

aclError aclrtCreateEvent(aclrtEvent* event) {
  SK_LOCK;
  if (!event) return fail(ACL_ERROR_INVALID_PARAM, "aclrtCreateEvent: event is NULL");
  SK_DEVICE("aclrtCreateEvent");
  auto id = rt->device().createEvent();
  if (!id) return failWith(id.takeError(), "aclrtCreateEvent");
  auto* obj = new EventObj{*id};
  state().events.insert(obj);
  *event = obj;
  return ACL_SUCCESS;
}

// Events with flags: every event here can be waited on, reset and timed, so the flags are
// checked (nonzero, known bits, exclusive ones alone) and otherwise change nothing.
aclError aclrtCreateEventWithFlag(aclrtEvent* event, uint32_t flag) {
  SK_LOCK;
  constexpr uint32_t kKnown = ACL_EVENT_SYNC | ACL_EVENT_CAPTURE_STREAM_PROGRESS | ACL_EVENT_TIME_LINE |
                              ACL_EVENT_DEVICE_USE_ONLY | ACL_EVENT_EXTERNAL | ACL_EVENT_IPC;
  bool exclusive = (flag & (ACL_EVENT_DEVICE_USE_ONLY | ACL_EVENT_EXTERNAL)) != 0;
  if (flag == 0 || (flag & ~kKnown) || (exclusive && (flag & (flag - 1))))
    return fail(ACL_ERROR_RT_PARAM_INVALID, "aclrtCreateEventWithFlag: flag " + std::to_string(flag) +
                                                " is 0, has unknown bits or combines ACL_EVENT_DEVICE_USE_ONLY/EXTERNAL");
  return aclrtCreateEvent(event);
}
aclError aclrtCreateEventExWithFlag(aclrtEvent* event, uint32_t flag) { return aclrtCreateEventWithFlag(event, flag); }

aclError aclrtRecordEvent(aclrtEvent event, aclrtStream stream) {
  SK_LOCK;
  SK_DEVICE("aclrtRecordEvent");
  EventObj* ev = eventObj(event, "aclrtRecordEvent", skCode);
  if (!ev) return skCode;
  sk::sim::StreamId id;
  if (!streamId(stream, id, "aclrtRecordEvent", skCode)) return skCode;
  if (llvm::Error e = rt->device().recordEvent(ev->id, id)) return failWith(std::move(e), "aclrtRecordEvent");
  return ACL_SUCCESS;
}

aclError aclrtStreamWaitEvent(aclrtStream stream, aclrtEvent event) {
  SK_LOCK;
  SK_DEVICE("aclrtStreamWaitEvent");
  EventObj* ev = eventObj(event, "aclrtStreamWaitEvent", skCode);
  if (!ev) return skCode;
  sk::sim::StreamId id;
  if (!streamId(stream, id, "aclrtStreamWaitEvent", skCode)) return skCode;
  if (llvm::Error e = rt->device().streamWaitEvent(id, ev->id)) return failWith(std::move(e), "aclrtStreamWaitEvent");
  return ACL_SUCCESS;
}

aclError aclrtSynchronizeEvent(aclrtEvent event) {
  SK_LOCK;
  SK_DEVICE("aclrtSynchronizeEvent");
  EventObj* ev = eventObj(event, "aclrtSynchronizeEvent", skCode);
  if (!ev) return skCode;
  if (llvm::Error e = rt->device().synchronizeEvent(ev->id)) return syncFailure(std::move(e), "aclrtSynchronizeEvent");
  return ACL_SUCCESS;
}

aclError aclrtEventElapsedTime(float* ms, aclrtEvent startEvent, aclrtEvent endEvent) {
  SK_LOCK;
  if (!ms) return fail(ACL_ERROR_INVALID_PARAM, "aclrtEventElapsedTime: ms is NULL");
  SK_DEVICE("aclrtEventElapsedTime");
  EventObj* a = eventObj(startEvent, "aclrtEventElapsedTime", skCode);
  if (!a) return skCode;
  EventObj* b = eventObj(endEvent, "aclrtEventElapsedTime", skCode);
  if (!b) return skCode;
  auto t = rt->device().eventElapsedMs(a->id, b->id);
  if (!t) return failWith(t.takeError(), "aclrtEventElapsedTime");
  *ms = *t;
  return ACL_SUCCESS;
}

aclError aclrtDestroyEvent(aclrtEvent event) {
  SK_LOCK;
  SK_DEVICE("aclrtDestroyEvent");
  EventObj* ev = eventObj(event, "aclrtDestroyEvent", skCode);
  if (!ev) return skCode;
  llvm::Error e = rt->device().destroyEvent(ev->id);
  state().events.erase(ev);
  delete ev;
  if (e) return failWith(std::move(e), "aclrtDestroyEvent");
  return ACL_SUCCESS;
}

aclError aclrtBinaryLoadFromFile(const char* binPath, aclrtBinaryLoadOptions* options, aclrtBinHandle* binHandle) {
  SK_LOCK;
  if (!binPath || !binHandle) return fail(ACL_ERROR_INVALID_PARAM, "aclrtBinaryLoadFromFile: binPath or binHandle is NULL");
  SK_DEVICE("aclrtBinaryLoadFromFile");
  if (options && options->numOpt && !options->options)
    return fail(ACL_ERROR_INVALID_PARAM, "aclrtBinaryLoadFromFile: options->numOpt is not 0 but options->options is NULL");
  for (size_t i = 0; options && i < options->numOpt; ++i) {
    const aclrtBinaryLoadOption& o = options->options[i];
    if (o.type == ACL_RT_BINARY_LOAD_OPT_MAGIC)
      return fail(ACL_ERROR_RT_PARAM_INVALID, "aclrtBinaryLoadFromFile: the MAGIC option is not accepted for file "
                                              "loads; the kernel type comes from the metadata JSON beside the .o");
    if (o.type == ACL_RT_BINARY_LOAD_OPT_LAZY_LOAD && o.value.isLazyLoad > 1)
      return fail(ACL_ERROR_RT_PARAM_INVALID, "aclrtBinaryLoadFromFile: isLazyLoad must be 0 or 1");
  }
  // A file that cannot be read is not a bad binary: its own code (CANN leaves it unspecified).
  if (!llvm::sys::fs::is_regular_file(binPath) || ::access(binPath, R_OK) != 0)
    return fail(ACL_ERROR_RT_FILE_OPEN, std::string("aclrtBinaryLoadFromFile: ") + binPath +
                                            ": no such file, not a regular file, or not readable");
  auto b = rt->loadBinaryFile(binPath);  // a damaged or non-kernel object: 507000, as CANN's program parse error
  if (!b) return failWith(b.takeError(), "aclrtBinaryLoadFromFile", ACL_ERROR_RT_INTERNAL_ERROR);
  *binHandle = *b;
  return ACL_SUCCESS;
}

aclError aclrtBinaryLoadFromData(const void* data, size_t length, const aclrtBinaryLoadOptions* options,
                                 aclrtBinHandle* binHandle) {
  SK_LOCK;
  if (!data || !binHandle) return fail(ACL_ERROR_INVALID_PARAM, "aclrtBinaryLoadFromData: data or binHandle is NULL");
  if (length == 0) return fail(ACL_ERROR_RT_PARAM_INVALID, "aclrtBinaryLoadFromData: length is 0");
  SK_DEVICE("aclrtBinaryLoadFromData");
  if (options && options->numOpt && !options->options)
    return fail(ACL_ERROR_INVALID_PARAM, "aclrtBinaryLoadFromData: options->numOpt is not 0 but options->options is NULL");
  sk::TaskRation ration{0, 1};
  for (size_t i = 0; options && i < options->numOpt; ++i) {
    const aclrtBinaryLoadOption& o = options->options[i];
    if (o.type == ACL_RT_BINARY_LOAD_OPT_MAGIC && !rationFromMagic(o.value.magic, ration))
      return fail(ACL_ERROR_RT_PARAM_INVALID, "aclrtBinaryLoadFromData: unknown magic " + std::to_string(o.value.magic));
  }
  llvm::MemoryBufferRef ref(llvm::StringRef((const char*)data, length), "<aclrtBinaryLoadFromData>");
  auto b = rt->loadBinary(ref, "<aclrtBinaryLoadFromData>", ration);
  if (!b) return failWith(b.takeError(), "aclrtBinaryLoadFromData", ACL_ERROR_RT_INTERNAL_ERROR);
  *binHandle = *b;
  return ACL_SUCCESS;
}

aclError aclrtBinaryGetFunction(const aclrtBinHandle binHandle, const char* kernelName, aclrtFuncHandle* funcHandle) {
  SK_LOCK;
  if (!binHandle || !kernelName || !funcHandle)
    return fail(ACL_ERROR_INVALID_PARAM, "aclrtBinaryGetFunction: binHandle, kernelName or funcHandle is NULL");
  SK_DEVICE("aclrtBinaryGetFunction");
  auto* b = static_cast<Binary*>(binHandle);
  if (!rt->isLiveBinary(b)) return fail(ACL_ERROR_RT_INVALID_HANDLE, "aclrtBinaryGetFunction: invalid binary handle");
  auto f = rt->getFunction(b, kernelName);
  if (!f) return failWith(f.takeError(), "aclrtBinaryGetFunction");
  *funcHandle = *f;
  return ACL_SUCCESS;
}

aclError aclrtBinaryUnLoad(aclrtBinHandle binHandle) {
  SK_LOCK;
  if (!binHandle) return fail(ACL_ERROR_INVALID_PARAM, "aclrtBinaryUnLoad: binHandle is NULL");
  SK_DEVICE("aclrtBinaryUnLoad");
  auto* b = static_cast<Binary*>(binHandle);
  if (!rt->isLiveBinary(b)) return fail(ACL_ERROR_RT_INVALID_HANDLE, "aclrtBinaryUnLoad: invalid binary handle");
  State& s = state();
  for (auto it = s.stubs.begin(); it != s.stubs.end();) {
    if (s.stubBinaryOf[it->second] == binHandle) {
      s.stubBinaryOf.erase(it->second);
      it = s.stubs.erase(it);
    } else {
      ++it;
    }
  }
  if (llvm::Error e = rt->unloadBinary(b)) return failWith(std::move(e), "aclrtBinaryUnLoad");
  return ACL_SUCCESS;
}

aclError aclrtLaunchKernel(aclrtFuncHandle funcHandle, uint32_t numBlocks, const void* argsData, size_t argsSize,
                           aclrtStream stream) {
  SK_LOCK;
  if (!funcHandle || (!argsData && argsSize))
    return fail(ACL_ERROR_INVALID_PARAM, "aclrtLaunchKernel: funcHandle or argsData is NULL");
  SK_DEVICE("aclrtLaunchKernel");
  auto* f = static_cast<Function*>(funcHandle);
  if (!rt->isLiveFunction(f)) return fail(ACL_ERROR_RT_INVALID_HANDLE, "aclrtLaunchKernel: invalid function handle");
  if (aclError rc = checkBlocks(numBlocks, "aclrtLaunchKernel")) return rc;
  if (argsSize % 8)
    return fail(ACL_ERROR_RT_PARAM_INVALID, "aclrtLaunchKernel: argsSize " + std::to_string(argsSize) +
                                                " is not a multiple of 8 (one 8-byte device address per parameter)");
  sk::sim::StreamId id;
  if (!streamId(stream, id, "aclrtLaunchKernel", skCode)) return skCode;
  std::vector<uint64_t> args(argsSize / 8);
  if (argsSize) {
    if (llvm::Error e = rt->device().checkDeviceRange(argsData, argsSize, "aclrtLaunchKernel argsData"))
      return failWith(std::move(e), "aclrtLaunchKernel (argsData must be device memory holding the packed arguments)");
    std::memcpy(args.data(), argsData, argsSize);  // read when queued; see docs/acl_api.md
  }
  return queueLaunch(rt, "aclrtLaunchKernel", f, numBlocks, std::move(args), id);
}

rtError_t rtDevBinaryRegister(const rtDevBinary_t* bin, void** hdl) {
  SK_LOCK;
  if (!bin || !hdl || !bin->data || bin->length == 0)
    return fail(ACL_ERROR_RT_PARAM_INVALID, "rtDevBinaryRegister: bin, hdl or bin->data is NULL, or length is 0");
  sk::TaskRation ration;
  if (!rationFromMagic(bin->magic, ration))
    return fail(ACL_ERROR_RT_PARAM_INVALID, "rtDevBinaryRegister: unsupported magic " + std::to_string(bin->magic) +
                                                " (AI Core, vector core and cube core ELF magics are)");
  SK_DEVICE("rtDevBinaryRegister");
  llvm::MemoryBufferRef ref(llvm::StringRef((const char*)bin->data, bin->length), "<rtDevBinaryRegister>");
  auto b = rt->loadBinary(ref, "<rtDevBinaryRegister>", ration);
  if (!b) return failWith(b.takeError(), "rtDevBinaryRegister", ACL_ERROR_RT_INTERNAL_ERROR);
  *hdl = *b;
  return RT_ERROR_NONE;
}

rtError_t rtDevBinaryUnRegister(void* hdl) { return aclrtBinaryUnLoad(hdl); }

rtError_t rtGetC2cCtrlAddr(uint64_t* addr, uint32_t* len) {
  SK_LOCK;
  if (!addr || !len) return fail(ACL_ERROR_RT_PARAM_INVALID, "rtGetC2cCtrlAddr: addr or len is NULL");
  SK_DEVICE("rtGetC2cCtrlAddr");
  constexpr uint32_t kBytes = 4096;
  if (!state().c2cCtrl) {
    auto p = rt->device().malloc(kBytes);
    if (!p) return failWith(p.takeError(), "rtGetC2cCtrlAddr");
    state().c2cCtrl = *p;
  }
  *addr = (uint64_t)state().c2cCtrl;
  *len = kBytes;
  return RT_ERROR_NONE;
}

rtError_t rtFunctionRegister(void* binHandle, const void* stubFunc, const char* stubName, const void* kernelInfoExt,
                             uint32_t funcMode) {
  SK_LOCK;
  if (!binHandle || !stubFunc || !stubName)
    return fail(ACL_ERROR_RT_PARAM_INVALID, "rtFunctionRegister: binHandle, stubFunc or stubName is NULL");
  SK_DEVICE("rtFunctionRegister");
  State& s = state();
  if (s.stubs.count(stubFunc))
    return fail(ACL_ERROR_RT_KERNEL_DUPLICATE, std::string("rtFunctionRegister: stub for '") + stubName +
                                                   "' is already registered");
  auto* b = static_cast<Binary*>(binHandle);
  if (!rt->isLiveBinary(b)) return fail(ACL_ERROR_RT_INVALID_HANDLE, "rtFunctionRegister: invalid binary handle");
  const char* symbol = kernelInfoExt ? static_cast<const char*>(kernelInfoExt) : stubName;
  auto f = rt->getFunction(b, symbol);
  if (!f) return failWith(f.takeError(), "rtFunctionRegister");
  s.stubs[stubFunc] = *f;
  s.stubBinaryOf[*f] = binHandle;
  return RT_ERROR_NONE;
}

rtError_t rtKernelLaunch(const void* stubFunc, uint32_t numBlocks, void* args, uint32_t argsSize, rtSmDesc_t* smDesc,
                         rtStream_t stm) {
  SK_LOCK;
  if (!stubFunc) return fail(ACL_ERROR_RT_PARAM_INVALID, "rtKernelLaunch: stubFunc is NULL");
  if (aclError rc = checkBlocks(numBlocks, "rtKernelLaunch")) return rc;
  if ((!args && argsSize) || argsSize % 8)
    return fail(ACL_ERROR_RT_PARAM_INVALID, "rtKernelLaunch: args must hold one 8-byte device address per parameter");
  SK_DEVICE("rtKernelLaunch");
  auto it = state().stubs.find(stubFunc);
  if (it == state().stubs.end())
    return fail(ACL_ERROR_RT_KERNEL_LOOKUP, "rtKernelLaunch: no kernel registered for this stub (rtFunctionRegister first)");
  sk::sim::StreamId id;
  if (!streamId(stm, id, "rtKernelLaunch", skCode)) return skCode;
  std::vector<uint64_t> a(argsSize / 8);
  if (argsSize) std::memcpy(a.data(), args, argsSize);
  return queueLaunch(rt, "rtKernelLaunch", it->second, numBlocks, std::move(a), id);
}

// ---- stream capture ----
namespace {
// The handle of model id, made on first sight (a capture in progress has one for GetInfo).
aclmdlRI modelHandle(sk::sim::ModelId id) {
  auto& slot = state().models[id];
  if (!slot) slot = std::make_unique<ModelObj>(ModelObj{id});
  return slot.get();
}
ModelObj* modelObj(aclmdlRI m, const char* api, aclError& code) {
  auto* obj = static_cast<ModelObj*>(m);
  if (!m) {
    code = fail(ACL_ERROR_INVALID_PARAM, std::string(api) + ": modelRI is NULL");
    return nullptr;
  }
  auto it = state().models.find(obj->id);
  if (it == state().models.end() || it->second.get() != obj) {
    code = fail(ACL_ERROR_RT_INVALID_HANDLE, std::string(api) + ": invalid or destroyed modelRI");
    return nullptr;
  }
  return obj;
}
}  // namespace

namespace {
// A C caller may pass any int as a capture mode; loading one outside the enumerators as the enum
// type is undefined behaviour in C++ (found by UBSan), so the check reads the argument's bytes.
int rawCaptureMode(const aclmdlRICaptureMode& mode) {
  std::underlying_type_t<aclmdlRICaptureMode> v;
  std::memcpy(&v, &mode, sizeof v);
  return (int)v;
}
bool isCaptureMode(int m) { return m >= ACL_MODEL_RI_CAPTURE_MODE_GLOBAL && m <= ACL_MODEL_RI_CAPTURE_MODE_RELAXED; }
}  // namespace

aclError aclmdlRICaptureBegin(aclrtStream stream, aclmdlRICaptureMode mode) {
  SK_LOCK;
  if (!stream) return fail(ACL_ERROR_INVALID_PARAM, "aclmdlRICaptureBegin: stream is NULL (capture needs a created stream)");
  if (!isCaptureMode(rawCaptureMode(mode)))
    return fail(ACL_ERROR_INVALID_PARAM, "aclmdlRICaptureBegin: unknown capture mode " + std::to_string(rawCaptureMode(mode)));
  SK_DEVICE("aclmdlRICaptureBegin");
  sk::sim::StreamId id;
  if (!streamId(stream, id, "aclmdlRICaptureBegin", skCode)) return skCode;
  if (llvm::Error e = rt->device().captureBegin(id, (sk::sim::CaptureMode)mode)) return failWith(std::move(e), "aclmdlRICaptureBegin");
  return ACL_SUCCESS;
}

aclError aclmdlRICaptureEnd(aclrtStream stream, aclmdlRI* modelRI) {
  SK_LOCK;
  if (!stream || !modelRI) return fail(ACL_ERROR_INVALID_PARAM, "aclmdlRICaptureEnd: stream or modelRI is NULL");
  SK_DEVICE("aclmdlRICaptureEnd");
  sk::sim::StreamId id;
  if (!streamId(stream, id, "aclmdlRICaptureEnd", skCode)) return skCode;
  sk::sim::ModelId during = 0;
  bool had = rt->device().captureInfo(id, &during) != sk::sim::CaptureStatus::None;
  auto m = rt->device().captureEnd(id);
  if (!m) {
    if (had && rt->device().captureInfo(id, nullptr) == sk::sim::CaptureStatus::None) state().models.erase(during);
    return failWith(m.takeError(), "aclmdlRICaptureEnd");
  }
  *modelRI = modelHandle(*m);
  return ACL_SUCCESS;
}

aclError aclmdlRICaptureGetInfo(aclrtStream stream, aclmdlRICaptureStatus* status, aclmdlRI* modelRI) {
  SK_LOCK;
  if (!stream || !status) return fail(ACL_ERROR_INVALID_PARAM, "aclmdlRICaptureGetInfo: stream or status is NULL");
  SK_DEVICE("aclmdlRICaptureGetInfo");
  sk::sim::StreamId id;
  if (!streamId(stream, id, "aclmdlRICaptureGetInfo", skCode)) return skCode;
  sk::sim::ModelId m = 0;
  sk::sim::CaptureStatus s = rt->device().captureInfo(id, &m);
  *status = (aclmdlRICaptureStatus)s;
  if (modelRI) *modelRI = s == sk::sim::CaptureStatus::None ? nullptr : modelHandle(m);
  return ACL_SUCCESS;
}

aclError aclmdlRICaptureThreadExchangeMode(aclmdlRICaptureMode* mode) {
  if (!mode || !isCaptureMode(rawCaptureMode(*mode)))
    return fail(ACL_ERROR_INVALID_PARAM, "aclmdlRICaptureThreadExchangeMode: mode is NULL or not a capture mode");
  *mode = (aclmdlRICaptureMode)sk::sim::Device::exchangeThreadCaptureMode((sk::sim::CaptureMode)*mode);
  return ACL_SUCCESS;
}

aclError aclmdlRIExecuteAsync(aclmdlRI modelRI, aclrtStream stream) {
  SK_LOCK;
  SK_DEVICE("aclmdlRIExecuteAsync");
  ModelObj* m = modelObj(modelRI, "aclmdlRIExecuteAsync", skCode);
  if (!m) return skCode;
  sk::sim::StreamId id;
  if (!streamId(stream, id, "aclmdlRIExecuteAsync", skCode)) return skCode;
  if (llvm::Error e = rt->device().executeModel(m->id, id)) return failWith(std::move(e), "aclmdlRIExecuteAsync");
  return ACL_SUCCESS;
}

aclError aclmdlRIDestroy(aclmdlRI modelRI) {
  SK_LOCK;
  SK_DEVICE("aclmdlRIDestroy");
  ModelObj* m = modelObj(modelRI, "aclmdlRIDestroy", skCode);
  if (!m) return skCode;
  if (llvm::Error e = rt->device().destroyModel(m->id)) return failWith(std::move(e), "aclmdlRIDestroy");
  state().models.erase(m->id);
  return ACL_SUCCESS;
}

// A captured model's tasks as JSON (what each is, on which stream), for the sample's debugging.
aclError aclmdlRIDebugJsonPrint(aclmdlRI modelRI, const char* path, uint32_t flags) {
  SK_LOCK;
  (void)flags;
  if (!path) return fail(ACL_ERROR_INVALID_PARAM, "aclmdlRIDebugJsonPrint: path is NULL");
  SK_DEVICE("aclmdlRIDebugJsonPrint");
  ModelObj* m = modelObj(modelRI, "aclmdlRIDebugJsonPrint", skCode);
  if (!m) return skCode;
  auto tasks = rt->device().modelTasks(m->id);
  if (!tasks) return failWith(tasks.takeError(), "aclmdlRIDebugJsonPrint");
  static const char* kinds[] = {"kernel", "copy", "memset", "event_record", "event_wait", "scope_begin", "scope_end"};
  nlohmann::json list = nlohmann::json::array();
  for (const auto& t : *tasks) {
    nlohmann::json j = {{"type", kinds[(int)t.kind]}, {"stream", t.stream}};
    if (t.kind == sk::sim::Device::ModelTask::Kind::Kernel) j["kernel"] = t.kernel.name, j["blockDim"] = t.kernel.blockDim;
    if (t.kind == sk::sim::Device::ModelTask::Kind::Record || t.kind == sk::sim::Device::ModelTask::Kind::Wait) j["event"] = t.event;
    if (t.scope) j["scope"] = *t.scope;
    list.push_back(std::move(j));
  }
  std::string text = nlohmann::json({{"model", m->id}, {"tasks", std::move(list)}}).dump(2) + "\n";
  if (llvm::Error e = sk::writeFileAtomically(path, text)) return failWith(std::move(e), "aclmdlRIDebugJsonPrint", ACL_ERROR_INVALID_FILE);
  return ACL_SUCCESS;
}

// ---- SuperKernel on a captured model ----
namespace {
aclError scopeMark(const char* name, aclrtStream stream, bool begin) {
  const char* api = begin ? "aclskScopeBegin" : "aclskScopeEnd";
  if (name && !*name) return fail(ACL_ERROR_INVALID_PARAM, std::string(api) + ": the scope name is empty (NULL marks a region not to fuse)");
  if (name && std::strlen(name) > 255) return fail(ACL_ERROR_INVALID_PARAM, std::string(api) + ": the scope name is longer than 255 characters");
  if (!stream) return fail(ACL_ERROR_INVALID_PARAM, std::string(api) + ": stream is NULL");
  SK_DEVICE(api);
  sk::sim::StreamId id;
  if (!streamId(stream, id, api, skCode)) return skCode;
  std::optional<std::string> scope;
  if (name) scope = name;
  if (llvm::Error e = rt->device().captureScope(id, begin, scope)) return failWith(std::move(e), api);
  return ACL_SUCCESS;
}
}  // namespace

aclError aclskScopeBegin(const char* scopeName, aclrtStream stream) {
  SK_LOCK;
  return scopeMark(scopeName, stream, true);
}

aclError aclskScopeEnd(const char* scopeName, aclrtStream stream) {
  SK_LOCK;
  return scopeMark(scopeName, stream, false);
}

aclError aclskOptimize(aclmdlRI modelRI, const aclskOptions* options) {
  SK_LOCK;
  SK_DEVICE("aclskOptimize");
  ModelObj* m = modelObj(modelRI, "aclskOptimize", skCode);
  if (!m) return skCode;
  std::string text = options && options->superKernelOptions ? options->superKernelOptions : "";
  auto report = sk::rt::optimizeModel(*rt, m->id, text);
  if (!report) return failWith(report.takeError(), "aclskOptimize", ACL_ERROR_INVALID_PARAM);
  for (const std::string& line : report->lines) std::fprintf(stderr, "aclskOptimize: %s\n", line.c_str());
  return ACL_SUCCESS;
}

aclError aclrtGetLastError(aclrtLastErrLevel level) {
  if (level != ACL_RT_THREAD_LEVEL) return ACL_ERROR_INVALID_PARAM;
  aclError e = lastError;
  lastError = ACL_SUCCESS;
  return e;
}
aclError aclrtPeekAtLastError(aclrtLastErrLevel level) { return level == ACL_RT_THREAD_LEVEL ? lastError : ACL_ERROR_INVALID_PARAM; }

const char* aclGetRecentErrMsg(void) {
  returnedError.swap(recentError);
  recentError.clear();
  return returnedError.c_str();
}

}  // extern "C"

aclError sk::acl::withRuntime(const char* api, llvm::function_ref<llvm::Error(rt::Runtime&)> fn) {
  SK_LOCK;
  SK_DEVICE(api);
  if (llvm::Error e = fn(*rt)) return failWith(std::move(e), api, ACL_ERROR_INVALID_PARAM);
  return ACL_SUCCESS;
}

aclError sk::acl::withModel(aclmdlRI model, const char* api,
                            llvm::function_ref<llvm::Error(rt::Runtime&, sim::ModelId)> fn) {
  SK_LOCK;
  SK_DEVICE(api);
  ModelObj* m = modelObj(model, api, skCode);
  if (!m) return skCode;
  if (llvm::Error e = fn(*rt, m->id)) return failWith(std::move(e), api, ACL_ERROR_INVALID_PARAM);
  return ACL_SUCCESS;
}

aclError sk::acl::fail(aclError code, const std::string& message) { return ::fail(code, message); }

aclError sk::acl::launchKernel(aclrtFuncHandle funcHandle, uint32_t numBlocks, std::vector<uint64_t> args,
                               aclrtStream stream, uint64_t tilingKey,
                               std::shared_ptr<const subkernel::KernelMeta> metadata) {
  SK_LOCK;
  SK_DEVICE("aclrtLaunchKernel");
  auto* f = static_cast<Function*>(funcHandle);
  if (!f || !rt->isLiveFunction(f)) return ::fail(ACL_ERROR_RT_INVALID_HANDLE, "aclrtLaunchKernel: invalid function handle");
  if (aclError rc = checkBlocks(numBlocks, "aclrtLaunchKernel")) return rc;
  sk::sim::StreamId id;
  if (!streamId(stream, id, "aclrtLaunchKernel", skCode)) return skCode;
  return queueLaunch(rt, "aclrtLaunchKernel", f, numBlocks, std::move(args), id, tilingKey, std::move(metadata));
}


// The launch a rewritten `kernel<<<blocks, l2ctrl, stream>>>(args)` makes (include/sk/single_source.h).
// A failed assert in the host code of a single-source program (sk_cc points its calls here): as
// the C library reports one, then abort.
extern "C" void sk_ss_host_assert_fail(const char* file, int32_t line, const char* expr, const char* fmt, ...) {
  std::fprintf(stderr, "%s:%d: Assertion `%s' failed.", file ? file : "?", (int)line, expr ? expr : "?");
  if (fmt && *fmt) {
    std::fputc(' ', stderr);
    va_list ap;
    va_start(ap, fmt);
    std::vfprintf(stderr, fmt, ap);
    va_end(ap);
  }
  std::fputc('\n', stderr);
  std::abort();
}

// AscendC's printf called from the host code of a single-source program (CANN's overload takes
// a __gm__ format, so host calls reach the C library's): it prints on the host's stdout.
extern "C" int sk_ss_host_printf(const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = std::vprintf(fmt, ap);
  va_end(ap);
  return n;
}

extern "C" void sk_ss_program_arch(const char* arch) {
  if (programArch().empty()) programArch() = arch;
}

extern "C" int sk_ss_launch(const void* kernel, uint32_t blocks, void* stream, const void* block, uint32_t slots,
                            uint64_t blockBytes, uint64_t scalarMask) {
  SK_LOCK;
  SK_DEVICE("<<<>>> launch");
  const auto& k = *static_cast<const sk_ss_kernel*>(kernel);
  std::string api = std::string(k.name) + "<<<>>> (" + k.source + ")";
  if (aclError rc = checkBlocks(blocks, api.c_str())) return rc;
  sk::sim::StreamId id;
  if (!streamId(stream, id, api.c_str(), skCode)) return skCode;
  // The headers laid the kernel's data out for its arch (e.g. L0A's Zz or Nz): another arch's
  // device would compute garbage.
  if (rt->device().arch().name != k.npuArch)
    return fail(ACL_ERROR_RT_PARAM_INVALID, api + ": compiled for " + k.npuArch + " (sk_cc --npu-arch), but the simulated "
                "device is " + rt->device().arch().name + ": run it with SK_ARCH=" + k.npuArch + " or compile for " +
                rt->device().arch().name);
  auto f = embeddedFunction(rt, k);
  if (!f) return failWith(f.takeError(), api.c_str(), ACL_ERROR_RT_INTERNAL_ERROR);
  auto args = placeArgBlock(rt, id, block, slots, blockBytes, scalarMask);
  if (!args) return failWith(args.takeError(), api.c_str());
  return queueLaunch(rt, api.c_str(), *f, blocks, std::move(*args), id, 0, nullptr,
                     sk::TaskRation{(uint8_t)k.aic, (uint8_t)k.aiv});
}
