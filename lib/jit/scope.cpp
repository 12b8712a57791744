#include "sk/jit.h"

#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "sk/acl_interop.h"
#include "sk/fusion_cache.h"
#include "sk/model_optimizer.h"

namespace sk::jit {

namespace {

// The scopes open on one stream, innermost last.
struct OpenScopes {
  bool ownsCapture = false;  // the outermost scope began the capture, so it ends it
  std::vector<std::string> names;
  std::string outerOptions;                      // canonical
  std::map<std::string, std::string> options;    // per scope name, canonical
};

struct State {
  std::mutex mu;
  std::optional<std::string> dir;  // setCacheDir's, else the environment's
  std::unique_ptr<rt::FusionCache> cache;
  std::map<aclrtStream, OpenScopes> open;
  // Optimized models by (runtime, fingerprint of the capture, options): a capture of the same
  // launches replays the model optimized for the first one.
  std::map<std::string, aclmdlRI> optimized;
  uint64_t replays = 0;
};

State& state() {
  static State* s = new State;  // never destroyed: scopes may end in static destructors
  return *s;
}

std::string defaultDir() {
  const char* env = std::getenv("SK_JIT_CACHE_DIR");
  return env ? env : "kernel_meta";
}

rt::FusionCache& cache(State& s) {
  if (!s.cache) s.cache = std::make_unique<rt::FusionCache>(s.dir ? *s.dir : defaultDir());
  return *s.cache;
}

aclError fail(aclError code, const char* api, const std::string& message) {
  return acl::fail(code, std::string(api) + ": " + message);
}

// Fuses the capture `model` ended with (or finds the model an identical capture became) and
// launches it on `stream`.
aclError fuseAndLaunch(State& s, const OpenScopes& scopes, aclmdlRI model, aclrtStream stream) {
  const char* api = "sk::jit::scopeEnd";
  std::string key;
  aclError rc = acl::withModel(model, api, [&](rt::Runtime& rt, sim::ModelId id) -> llvm::Error {
    auto fp = rt::modelFingerprint(rt, id);
    if (!fp) return fp.takeError();
    if (fp->empty()) return llvm::Error::success();  // holds copies: optimized every time
    key = std::to_string(rt.serial()) + " " + *fp + " " + scopes.outerOptions;
    for (const auto& [name, options] : scopes.options) key += " " + name + "=" + options;
    return llvm::Error::success();
  });
  if (rc != ACL_SUCCESS) {
    aclmdlRIDestroy(model);
    return rc;
  }
  auto earlier = key.empty() ? s.optimized.end() : s.optimized.find(key);
  if (earlier != s.optimized.end()) {
    aclmdlRIDestroy(model);  // never executed: no wait for queued work
    ++s.replays;
    return aclmdlRIExecuteAsync(earlier->second, stream);
  }
  rc = acl::withModel(model, api, [&](rt::Runtime& rt, sim::ModelId id) -> llvm::Error {
    rt::OptimizeConfig config;
    config.scopeOptions = scopes.options;
    config.cache = &cache(s);
    auto report = rt::optimizeModel(rt, id, scopes.outerOptions, config);
    if (!report) return report.takeError();
    for (const std::string& line : report->lines) std::fprintf(stderr, "sk::jit: %s\n", line.c_str());
    return llvm::Error::success();
  });
  if (rc == ACL_SUCCESS) rc = aclmdlRIExecuteAsync(model, stream);
  if (rc == ACL_SUCCESS && !key.empty()) {
    s.optimized.emplace(key, model);
    return ACL_SUCCESS;
  }
  aclError destroyed = aclmdlRIDestroy(model);  // waits for its execution
  return rc != ACL_SUCCESS ? rc : destroyed;
}

}  // namespace

aclError scopeBegin(const char* name, const char* options, aclrtStream stream) {
  const char* api = "sk::jit::scopeBegin";
  if (!name || !*name) return fail(ACL_ERROR_INVALID_PARAM, api, "the scope name is NULL or empty");
  if (!stream)
    return fail(ACL_ERROR_INVALID_PARAM, api, std::string("scope ") + name + ": stream is NULL (a scope captures a created stream)");
  auto canonical = rt::canonicalOptions(options ? options : "");
  if (!canonical)
    return fail(ACL_ERROR_INVALID_PARAM, api, std::string("scope ") + name + ": " + llvm::toString(canonical.takeError()));
  State& s = state();
  std::lock_guard<std::mutex> lk(s.mu);
  OpenScopes& scopes = s.open[stream];
  auto known = scopes.options.find(name);
  if (known != scopes.options.end() && known->second != *canonical)
    return fail(ACL_ERROR_INVALID_PARAM, api,
                std::string("scope ") + name + ": opened again with other options (" + *canonical + " after " +
                    known->second + "); give the other one another name");
  bool first = scopes.names.empty();
  if (first) {
    aclmdlRICaptureStatus status;
    if (aclError rc = aclmdlRICaptureGetInfo(stream, &status, nullptr)) return rc;
    scopes.ownsCapture = status == ACL_MODEL_RI_CAPTURE_STATUS_NONE;
    if (scopes.ownsCapture)
      if (aclError rc = aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL)) {
        s.open.erase(stream);
        return rc;
      }
    scopes.outerOptions = *canonical;
  }
  if (aclError rc = aclskScopeBegin(name, stream)) {
    if (first) {
      aclmdlRI dropped;
      if (scopes.ownsCapture && aclmdlRICaptureEnd(stream, &dropped) == ACL_SUCCESS) aclmdlRIDestroy(dropped);
      s.open.erase(stream);
    }
    return rc;
  }
  scopes.names.push_back(name);
  scopes.options.emplace(name, *canonical);
  return ACL_SUCCESS;
}

aclError scopeEnd(aclrtStream stream) {
  const char* api = "sk::jit::scopeEnd";
  State& s = state();
  std::lock_guard<std::mutex> lk(s.mu);
  auto it = s.open.find(stream);
  if (it == s.open.end() || it->second.names.empty())
    return fail(ACL_ERROR_INVALID_PARAM, api, "no scope is open on this stream");
  OpenScopes& scopes = it->second;
  if (aclError rc = aclskScopeEnd(scopes.names.back().c_str(), stream)) return rc;
  scopes.names.pop_back();
  if (!scopes.names.empty()) return ACL_SUCCESS;
  OpenScopes ended = std::move(scopes);
  s.open.erase(it);
  if (!ended.ownsCapture) return ACL_SUCCESS;  // the program's own capture: it optimizes
  aclmdlRI model;
  if (aclError rc = aclmdlRICaptureEnd(stream, &model)) return rc;
  return fuseAndLaunch(s, ended, model, stream);
}

Scope::Scope(const char* name, const char* options, aclrtStream stream)
    : stream_(stream), status_(scopeBegin(name, options, stream)), open_(status_ == ACL_SUCCESS) {
  if (!open_) report();
}

void Scope::report() {
  error_ = aclGetRecentErrMsg();
  std::fprintf(stderr, "sk::jit::Scope: %s\n", error_.c_str());
}

aclError Scope::end() {
  if (!open_) return status_;
  open_ = false;
  status_ = scopeEnd(stream_);
  if (status_ != ACL_SUCCESS) report();
  return status_;
}

Scope::~Scope() { end(); }

void setCacheDir(const std::string& dir) {
  State& s = state();
  std::lock_guard<std::mutex> lk(s.mu);
  s.dir = dir;
  s.cache.reset();
  s.replays = 0;
}

std::string cacheDir() {
  State& s = state();
  std::lock_guard<std::mutex> lk(s.mu);
  return s.dir ? *s.dir : defaultDir();
}

Stats stats() {
  State& s = state();
  std::lock_guard<std::mutex> lk(s.mu);
  Stats out;
  out.replays = s.replays;
  if (s.cache) {
    rt::FusionCache::Stats c = s.cache->stats();
    out.built = c.built;
    out.memoryHits = c.memoryHits;
    out.diskHits = c.diskHits;
  }
  return out;
}

}  // namespace sk::jit
