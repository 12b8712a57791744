#include "sk/fusion_cache.h"

#include "sk/file_io.h"
#include "sk/runtime.h"
#include "llvm/Support/FileSystem.h"

namespace sk::rt {

FusionCache::FusionCache(std::string dir) : dir_(std::move(dir)) {}

FusionCache::Found FusionCache::find(const std::string& key, const arch::ArchSpec& arch) {
  {
    std::lock_guard<std::mutex> lk(mu_);
    auto it = memory_.find(key);
    if (it != memory_.end()) {
      ++stats_.memoryHits;
      return {it->second, Where::Memory, ""};
    }
  }
  Found out;
  if (dir_.empty()) return out;
  std::string obj = dir_ + "/" + key + ".o", json = dir_ + "/" + key + ".json";
  if (!llvm::sys::fs::exists(obj) && !llvm::sys::fs::exists(json)) return out;
  // Read as any kernel is (contract, entry, sha256 of the object): a damaged entry is a miss.
  auto k = subkernel::readSubKernel(obj, json, arch);
  if (!k) {
    out.warning = "ignoring the cache entry " + obj + ": " + llvm::toString(k.takeError());
    return out;
  }
  auto fused = std::make_shared<FusedKernel>();
  fused->object.assign(k->object->getBufferStart(), k->object->getBufferEnd());
  fused->meta = std::move(k->meta);
  std::lock_guard<std::mutex> lk(mu_);
  ++stats_.diskHits;
  memory_[key] = fused;
  return {fused, Where::Disk, ""};
}

llvm::Error FusionCache::store(const std::string& key, std::shared_ptr<const FusedKernel> kernel) {
  {
    std::lock_guard<std::mutex> lk(mu_);
    memory_[key] = kernel;
    ++stats_.built;
  }
  if (dir_.empty()) return llvm::Error::success();
  std::string metadata = subkernel::writeMeta(kernel->meta);
  llvm::StringRef object((const char*)kernel->object.data(), kernel->object.size());
  return writeFilesInto(dir_, {{key + ".o", object}, {key + ".json", metadata}}, "the fusion cache directory");
}

Function* FusionCache::loadedIn(const Runtime& rt, const std::string& key) {
  std::lock_guard<std::mutex> lk(mu_);
  auto it = loaded_.find({rt.serial(), key});
  return it != loaded_.end() && rt.isLiveFunction(it->second) ? it->second : nullptr;
}

void FusionCache::setLoaded(const Runtime& rt, const std::string& key, Function* f) {
  std::lock_guard<std::mutex> lk(mu_);
  loaded_[{rt.serial(), key}] = f;
}

FusionCache::Stats FusionCache::stats() const {
  std::lock_guard<std::mutex> lk(mu_);
  return stats_;
}

}  // namespace sk::rt
