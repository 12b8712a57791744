// The ACL profiling API (acl/acl_prof.h): a collection records the device tasks that ran between
// aclprofStart and aclprofStop and writes them as an op_summary CSV; ranges with tensor
// information name the kernels launched inside them.
#include "acl/acl_prof.h"

#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "sk/acl_interop.h"
#include "sk/error.h"
#include "sk/file_io.h"
#include "sk/op_summary.h"

struct aclprofConfig {
  uint64_t dataTypeConfig;
};

namespace {

// A range aclprofRangePushEx opened: its names, and (in a collection) the first task after it.
struct Range {
  std::string opName, opType;
  bool collecting = false;
  size_t firstTask = 0;
};

struct ProfState {
  std::mutex mu;
  std::string resultPath;  // set by aclprofInit
  bool initialized = false;
  const aclprofConfig* running = nullptr;  // the config of the collection under way
  size_t firstTask = 0;                    // the device's task count when it started
  std::map<size_t, std::pair<std::string, std::string>> names;  // task index -> Op Name, OP Type
  unsigned collections = 0;                // PROF_<n> directories written
  std::set<std::unique_ptr<aclprofConfig>> configs;
  std::map<uint64_t, std::string> strings;  // aclprofStr2Id's ids
  std::vector<Range> ranges;
};

ProfState& prof() {
  static ProfState* s = new ProfState;  // never destroyed, as the ACL state
  return *s;
}

aclError fail(aclError code, const std::string& msg) { return sk::acl::fail(code, msg); }

// The tasks the device has run, once everything queued has run.
aclError settledTasks(const char* api, std::vector<sk::sim::Device::TaskTiming>& tasks) {
  return sk::acl::withRuntime(api, [&](sk::rt::Runtime& rt) -> llvm::Error {
    if (llvm::Error e = rt.device().synchronizeDevice()) return e;
    tasks = rt.device().taskTimings();
    return llvm::Error::success();
  });
}
aclError settledTaskCount(const char* api, size_t& count) {
  std::vector<sk::sim::Device::TaskTiming> tasks;
  aclError code = settledTasks(api, tasks);
  count = tasks.size();
  return code;
}

// FNV-1a: the same string gives the same id in every run.
uint64_t idOf(const char* s) {
  uint64_t h = 1469598103934665603ull;
  for (; *s; ++s) h = (h ^ (uint8_t)*s) * 1099511628211ull;
  return h;
}

std::string nameOf(const ProfState& p, uint64_t id) {
  auto it = p.strings.find(id);
  return it == p.strings.end() ? "0x" + llvm::utohexstr(id) : it->second;
}

}  // namespace

extern "C" {

aclError aclprofInit(const char* profilerResultPath, size_t length) {
  ProfState& p = prof();
  std::lock_guard<std::mutex> lock(p.mu);
  if (!profilerResultPath || length == 0 || std::strlen(profilerResultPath) != length)
    return fail(ACL_ERROR_INVALID_PARAM, "aclprofInit: profilerResultPath must be a path and length its strlen");
  if (p.initialized) return fail(ACL_ERROR_REPEAT_INITIALIZE, "aclprofInit: already initialized; call aclprofFinalize first");
  if (std::error_code ec = llvm::sys::fs::create_directories(profilerResultPath))
    return fail(ACL_ERROR_WRITE_FILE, std::string("aclprofInit: cannot create ") + profilerResultPath + ": " + ec.message());
  p.resultPath = profilerResultPath;
  p.initialized = true;
  return ACL_SUCCESS;
}

aclError aclprofFinalize(void) {
  ProfState& p = prof();
  std::lock_guard<std::mutex> lock(p.mu);
  if (!p.initialized) return fail(ACL_ERROR_UNINITIALIZE, "aclprofFinalize: call aclprofInit first");
  if (p.running) return fail(ACL_ERROR_PROFILING_FAILURE, "aclprofFinalize: a collection is under way; call aclprofStop first");
  p.initialized = false;
  return ACL_SUCCESS;
}

aclprofConfig* aclprofCreateConfig(uint32_t* deviceIdList, uint32_t deviceNums, aclprofAicoreMetrics aicoreMetrics,
                                   const aclprofAicoreEvents* aicoreEvents, uint64_t dataTypeConfig) {
  (void)aicoreMetrics;
  if (aicoreEvents) {
    fail(ACL_ERROR_INVALID_PARAM, "aclprofCreateConfig: aicoreEvents must be NULL");
    return nullptr;
  }
  if (!deviceIdList || deviceNums == 0) {
    fail(ACL_ERROR_INVALID_PARAM, "aclprofCreateConfig: give at least one device id");
    return nullptr;
  }
  for (uint32_t i = 0; i < deviceNums; ++i)
    if (deviceIdList[i] != 0) {
      fail(ACL_ERROR_INVALID_PARAM,
           "aclprofCreateConfig: device " + std::to_string(deviceIdList[i]) + " does not exist (the simulator has device 0)");
      return nullptr;
    }
  ProfState& p = prof();
  std::lock_guard<std::mutex> lock(p.mu);
  return p.configs.insert(std::make_unique<aclprofConfig>(aclprofConfig{dataTypeConfig})).first->get();
}

aclError aclprofDestroyConfig(const aclprofConfig* config) {
  ProfState& p = prof();
  std::lock_guard<std::mutex> lock(p.mu);
  for (auto it = p.configs.begin(); it != p.configs.end(); ++it)
    if (it->get() == config) {
      if (p.running == config) return fail(ACL_ERROR_INVALID_PARAM, "aclprofDestroyConfig: the config's collection is under way");
      p.configs.erase(it);
      return ACL_SUCCESS;
    }
  return fail(ACL_ERROR_INVALID_PARAM, "aclprofDestroyConfig: not a config of aclprofCreateConfig");
}

aclError aclprofStart(const aclprofConfig* config) {
  ProfState& p = prof();
  std::lock_guard<std::mutex> lock(p.mu);
  if (!p.initialized) return fail(ACL_ERROR_UNINITIALIZE, "aclprofStart: call aclprofInit first");
  bool known = false;
  for (const auto& c : p.configs) known |= c.get() == config;
  if (!known) return fail(ACL_ERROR_INVALID_PARAM, "aclprofStart: not a config of aclprofCreateConfig");
  if (p.running) return fail(ACL_ERROR_INVALID_PROFILING_CONFIG, "aclprofStart: device 0 is being profiled already; call aclprofStop first");
  if (aclError e = settledTaskCount("aclprofStart", p.firstTask)) return e;
  p.running = config;
  p.names.clear();
  return ACL_SUCCESS;
}

aclError aclprofStop(const aclprofConfig* config) {
  ProfState& p = prof();
  std::lock_guard<std::mutex> lock(p.mu);
  if (!p.initialized) return fail(ACL_ERROR_UNINITIALIZE, "aclprofStop: call aclprofInit first");
  if (!p.running || p.running != config)
    return fail(ACL_ERROR_INVALID_PROFILING_CONFIG, "aclprofStop: no collection was started with this config");
  std::vector<sk::sim::Device::TaskTiming> all;
  if (aclError code = settledTasks("aclprofStop", all)) return code;
  sk::rt::OpSummaryBlock block{"acl", {}, {}, {}};
  if (p.firstTask < all.size()) block.tasks.assign(all.begin() + p.firstTask, all.end());
  for (size_t i = 0; i < block.tasks.size(); ++i) {
    auto it = p.names.find(p.firstTask + i);
    block.opNames.push_back(it == p.names.end() ? "" : it->second.first);
    block.opTypes.push_back(it == p.names.end() ? "" : it->second.second);
  }
  p.running = nullptr;
  char dir[32];
  std::snprintf(dir, sizeof dir, "PROF_%06u", ++p.collections);
  llvm::SmallString<256> out(p.resultPath);
  llvm::sys::path::append(out, dir, "mindstudio_profiler_output");
  if (std::error_code ec = llvm::sys::fs::create_directories(out))
    return fail(ACL_ERROR_WRITE_FILE, "aclprofStop: cannot create " + out.str().str() + ": " + ec.message());
  llvm::sys::path::append(out, "op_summary.csv");
  if (llvm::Error e = sk::writeFileAtomically(out.str().str(), sk::rt::opSummaryCsv({block})))
    return fail(ACL_ERROR_WRITE_FILE, "aclprofStop: " + llvm::toString(std::move(e)));
  return ACL_SUCCESS;
}

uint64_t aclprofStr2Id(const char* message) {
  if (!message) return 0;
  ProfState& p = prof();
  std::lock_guard<std::mutex> lock(p.mu);
  uint64_t id = idOf(message);
  p.strings.emplace(id, message);
  return id;
}

aclError aclprofRangePushEx(aclprofEventAttributes* attr) {
  if (!attr) return fail(ACL_ERROR_INVALID_PARAM, "aclprofRangePushEx: attr is NULL");
  if (attr->messageType != ACL_PROF_MESSAGE_TYPE_TENSOR_INFO)
    return fail(ACL_ERROR_INVALID_PARAM, "aclprofRangePushEx: messageType " + std::to_string(attr->messageType) +
                                             " is not ACL_PROF_MESSAGE_TYPE_TENSOR_INFO (0)");
  const aclprofTensorInfo* info = attr->message.tensorInfo;
  if (!info) return fail(ACL_ERROR_INVALID_PARAM, "aclprofRangePushEx: message.tensorInfo is NULL");
  if (info->tensorNum && !info->tensors)
    return fail(ACL_ERROR_INVALID_PARAM, "aclprofRangePushEx: tensorNum is " + std::to_string(info->tensorNum) + " but tensors is NULL");
  for (uint32_t i = 0; i < info->tensorNum; ++i)
    if (info->tensors[i].shapeDim > 8)
      return fail(ACL_ERROR_INVALID_PARAM, "aclprofRangePushEx: tensors[" + std::to_string(i) + "].shapeDim is " +
                                               std::to_string(info->tensors[i].shapeDim) + "; at most 8");
  ProfState& p = prof();
  std::lock_guard<std::mutex> lock(p.mu);
  Range r{nameOf(p, info->opNameId), nameOf(p, info->opTypeId), p.running != nullptr, 0};
  // In a collection, what ran before the range is settled, so the tasks after it are the range's.
  if (r.collecting)
    if (aclError e = settledTaskCount("aclprofRangePushEx", r.firstTask)) return e;
  p.ranges.push_back(std::move(r));
  return ACL_SUCCESS;
}

aclError aclprofRangePop(void) {
  ProfState& p = prof();
  std::lock_guard<std::mutex> lock(p.mu);
  if (p.ranges.empty()) return fail(ACL_ERROR_INVALID_PARAM, "aclprofRangePop: no range is open; call aclprofRangePushEx first");
  Range r = std::move(p.ranges.back());
  p.ranges.pop_back();
  if (!r.collecting || !p.running) return ACL_SUCCESS;
  size_t end = 0;
  if (aclError e = settledTaskCount("aclprofRangePop", end)) return e;
  for (size_t i = r.firstTask; i < end; ++i) p.names.emplace(i, std::make_pair(r.opName, r.opType));  // the innermost range names first
  return ACL_SUCCESS;
}

}  // extern "C"
