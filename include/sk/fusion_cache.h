// The compile cache of in-process fusion: super kernels by the content they were built from,
// in memory and (optionally) in a directory shared by processes, so that fusing the same
// launches again — later in the run, or in the next run — links nothing.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "llvm/Support/Error.h"
#include "sk/arch.h"
#include "sk/subkernel.h"

namespace sk::rt {

class Runtime;
struct Function;

// A built super kernel: its object and its metadata (the <sk>.o / <sk>.json pair sk_compile
// writes). Tensor parameters are named by position (t0, t1, ... in order of first use), not by
// address, so the same launches on other buffers hit the same entry.
struct FusedKernel {
  std::vector<uint8_t> object;
  subkernel::KernelMeta meta;
};

class FusionCache {
 public:
  // `dir` empty: in memory only. Entries on disk are <dir>/<key>.o and <key>.json, written
  // together atomically (sk/file_io.h), so concurrent processes never see half an entry.
  explicit FusionCache(std::string dir = "");
  const std::string& dir() const { return dir_; }

  enum class Where { Nowhere, Memory, Disk };
  struct Found {
    std::shared_ptr<const FusedKernel> kernel;  // null: not cached
    Where where = Where::Nowhere;
    std::string warning;  // a damaged entry on disk, ignored (it is rebuilt and rewritten)
  };
  // The entry for `key` (a hex hash), read back and checked as any kernel is (sha256, contract).
  Found find(const std::string& key, const arch::ArchSpec& arch);
  // Keeps a kernel just built (counted in Stats::built) in memory, and writes it to the
  // directory; a failure to write is returned (the entry stays in memory).
  llvm::Error store(const std::string& key, std::shared_ptr<const FusedKernel> kernel);

  // The entry's function as loaded into `rt` (nullptr: not yet, or not any more).
  Function* loadedIn(const Runtime& rt, const std::string& key);
  void setLoaded(const Runtime& rt, const std::string& key, Function* f);

  struct Stats {
    uint64_t memoryHits = 0, diskHits = 0, built = 0;
  };
  Stats stats() const;

 private:
  std::string dir_;
  mutable std::mutex mu_;
  std::map<std::string, std::shared_ptr<const FusedKernel>> memory_;
  std::map<std::pair<uint64_t, std::string>, Function*> loaded_;  // (runtime serial, key)
  Stats stats_;
};

}  // namespace sk::rt
