// sk::jit — super-kernel scopes for programs that launch through the ACL API: the analogue of
// TorchAir's `tng.scope.super_kernel(name, options)`.
//
//   {
//     sk::jit::Scope scope("sk1", "early-start=1", stream);
//     launch op A on stream; launch op B on stream;   // captured, not run yet
//   }                                                 // fused into one super kernel, launched
//
// A scope captures what is issued to its stream (and to streams forked from it by events)
// until it ends; then its launches are fused in process (aclskOptimize's rules: a copy, a wait
// on an event recorded outside or an unfusible kernel splits it, and a line on stderr says
// why), and the result is launched on the stream. Work outside scopes runs eagerly. Scopes may
// nest; each names its own options, and only the outermost one ends the capture.
//
// Super kernels are cached by content — the sub-kernels' code and metadata, the captured tiling
// bytes, the options, the arch — in memory and in a directory (see cacheDir), so a scope run
// again links nothing, and neither does the next run of the program. A scope that captures the
// same launches as an earlier one (same kernels, arguments and tiling bytes) replays the model
// optimized then. Every function is safe to call from several threads; the cache directory is
// safe to share between processes.
#pragma once
#include <cstdint>
#include <string>

#include "acl/acl.h"

namespace sk::jit {

// Opens a scope on `stream` (a created stream; capture cannot run on the default stream):
// starts a capture of it unless one is running. `options`: sk_compile's --options grammar, or
// the AOT engine's spelling (early_start=1); checked here.
aclError scopeBegin(const char* name, const char* options, aclrtStream stream);
// Closes the innermost scope open on `stream`; the outermost one fuses and launches.
aclError scopeEnd(aclrtStream stream);

// RAII form: begins in the constructor, ends in end() or the destructor. A failure is also
// reported on stderr (the launches then run eagerly) and kept in error().
class Scope {
 public:
  Scope(const char* name, const char* options, aclrtStream stream);
  ~Scope();
  Scope(const Scope&) = delete;
  Scope& operator=(const Scope&) = delete;
  aclError end();
  aclError status() const { return status_; }  // of the begin, then of the end
  const std::string& error() const { return error_; }

 private:
  void report();
  aclrtStream stream_;
  aclError status_;
  bool open_;
  std::string error_;
};

// The cache directory: $SK_JIT_CACHE_DIR if set, else ./kernel_meta; "" keeps the cache in
// memory only. Setting it starts a new cache in memory (and new stats).
void setCacheDir(const std::string& dir);
std::string cacheDir();

// Since the process started, or setCacheDir last ran.
struct Stats {
  uint64_t built = 0;       // super kernels planned and linked
  uint64_t memoryHits = 0;  // taken from the cache in memory
  uint64_t diskHits = 0;    // read from the cache directory
  uint64_t replays = 0;     // scopes that replayed an earlier optimized capture
};
Stats stats();

}  // namespace sk::jit
