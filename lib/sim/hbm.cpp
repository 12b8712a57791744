#include "hbm.h"
#include "acl/acl_base.h"

#include <sys/mman.h>

#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define SK_TSAN_BUILD 1
#endif
#endif

#include <algorithm>

#include "sk/error.h"
#include "sk/text.h"

namespace sk::sim {

namespace {
// Every allocation starts on a 512-byte boundary: ACL promises 64 (acl_api.md §7), and the
// runtime hands kernels their inputs, workspace and tiling 512-byte aligned (DK
// 避免同地址访问.md), the grain GM requests are served in (arch gmRequestAlignBytes).
constexpr uint64_t kAlign = 512;
constexpr uint64_t kPage = 4096;
#if !SK_TSAN_BUILD
// A fixed hint keeps device addresses the same from run to run, which makes reports
// reproducible; any other address works just as well.
constexpr uint64_t kAddressHint = 0x100000000000ull;
#endif
uint64_t roundUp(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }
}  // namespace

const Allocation* AllocTable::find(uint64_t addr, uint64_t bytes) const {
  const Allocation* a = enclosing(addr);
  if (!a || addr + bytes < addr || addr + bytes > a->end()) return nullptr;
  return a;
}

const Allocation* AllocTable::enclosing(uint64_t addr) const {
  auto it = std::upper_bound(live.begin(), live.end(), addr,
                             [](uint64_t v, const Allocation& a) { return v < a.begin; });
  if (it == live.begin()) return nullptr;
  --it;
  return addr < it->end() ? &*it : nullptr;
}

llvm::Expected<std::unique_ptr<Hbm>> Hbm::create(uint64_t bytes) {
  bytes = roundUp(bytes, kPage);
  int flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE;
  // Inaccessible until allocated: a wild access of kernel code faults (a device exception)
  // instead of landing in memory nobody owns.
  void* p = MAP_FAILED;
#if !SK_TSAN_BUILD  // the hint lies in ThreadSanitizer's shadow memory, which aborts the process
  p = mmap((void*)kAddressHint, bytes, PROT_NONE, flags | MAP_FIXED_NOREPLACE, -1, 0);
#endif
  if (p == MAP_FAILED) p = mmap(nullptr, bytes, PROT_NONE, flags, -1, 0);
  if (p == MAP_FAILED)
    return internalError("cannot reserve " + llvm::Twine(bytes >> 20) + " MiB of address space for the simulated HBM");
  return std::unique_ptr<Hbm>(new Hbm((uint64_t)p, bytes));
}

Hbm::Hbm(uint64_t base, uint64_t size) : base_(base), size_(size) { addFree(0, size); }

void Hbm::addFree(uint64_t off, uint64_t len) {
  free_[off] = len;
  freeBySize_.emplace(len, off);
}

void Hbm::eraseFree(std::map<uint64_t, uint64_t>::iterator it) {
  freeBySize_.erase({it->second, it->first});
  free_.erase(it);
}

Hbm::~Hbm() { munmap((void*)base_, size_); }

uint64_t Hbm::used() const {
  std::lock_guard<std::mutex> lk(mu_);
  return reservedBytes_;
}

llvm::Expected<uint8_t*> Hbm::allocate(uint64_t bytes, bool readOnly) {
  if (bytes == 0) return inputError("device allocation of 0 bytes");
  // ACL rounds up to 32 and adds 32 bytes of padding (acl_api.md §7): kernels may touch it
  // (Allocation::end), host copies are checked against the requested size.
  uint64_t len = roundUp(roundUp(bytes, 32) + 32, kAlign);
  std::lock_guard<std::mutex> lk(mu_);
  auto fit = freeBySize_.lower_bound({len, 0});  // the smallest free range that fits
  if (fit == freeBySize_.end())
    return deviceError(ACL_ERROR_RT_MEMORY_ALLOCATION, "out of device memory: " + llvm::Twine(bytes) + " bytes requested, " +
                                   llvm::Twine(size_ - reservedBytes_) + " of " + llvm::Twine(size_) +
                                   " bytes free (fragmented)");
  uint64_t avail = fit->first, off = fit->second;
  uint64_t begin = base_ + off;
  uint64_t first = begin / kPage * kPage, last = roundUp(begin + len, kPage) - kPage;
  if (mprotect((void*)first, last + kPage - first, PROT_READ | PROT_WRITE) != 0)
    return deviceError(ACL_ERROR_RT_MEMORY_ALLOCATION, "cannot map " + llvm::Twine(bytes) + " bytes of device memory");
  eraseFree(free_.find(off));
  if (avail > len) addFree(off + len, avail - len);
  ++edgePages_[first];
  if (last != first) ++edgePages_[last];
  allocated_[begin] = Allocation{begin, bytes, nextId_++, readOnly};
  reservedLen_[begin] = len;
  reservedBytes_ += len;
  tableStale_ = true;
  return (uint8_t*)begin;
}

llvm::Error Hbm::release(const void* p) {
  uint64_t begin = (uint64_t)p;
  uint64_t len;
  {
    std::lock_guard<std::mutex> lk(mu_);
    auto it = allocated_.find(begin);
    if (it == allocated_.end())
      return deviceError(ACL_ERROR_RT_MEMORY_FREE, "free of " + hexAddress(begin) +
                                     ": not the start of a live device allocation");
    allocated_.erase(it);
    len = reservedLen_[begin];
    reservedLen_.erase(begin);
    reservedBytes_ -= len;
    uint64_t off = begin - base_;
    auto next = free_.lower_bound(off);
    uint64_t start = off, end = off + len;
    if (next != free_.end() && next->first == end) {
      end += next->second;
      auto after = std::next(next);
      eraseFree(next);
      next = after;
    }
    if (next != free_.begin()) {
      auto prev = std::prev(next);
      if (prev->first + prev->second == start) {
        start = prev->first;
        eraseFree(prev);
      }
    }
    addFree(start, end - start);
    tableStale_ = true;
    // Pages no live allocation touches any more go back to the host and become inaccessible:
    // those inside the allocation, and its first and last page once no neighbour shares them.
    uint64_t first = begin / kPage * kPage, last = roundUp(begin + len, kPage) - kPage;
    auto unmap = [](uint64_t lo, uint64_t hi) {
      if (hi <= lo) return;
      madvise((void*)lo, hi - lo, MADV_DONTNEED);
      mprotect((void*)lo, hi - lo, PROT_NONE);
    };
    unmap(first + kPage, last);
    for (uint64_t page : {first, last}) {
      auto e = edgePages_.find(page);
      if (--e->second == 0) {
        edgePages_.erase(e);
        unmap(page, page + kPage);
      }
      if (last == first) break;  // one page: counted once
    }
  }
  return llvm::Error::success();
}

std::optional<Allocation> Hbm::enclosing(uint64_t addr) const {
  std::lock_guard<std::mutex> lk(mu_);
  auto it = allocated_.upper_bound(addr);
  if (it == allocated_.begin()) return std::nullopt;
  --it;
  if (addr >= it->second.begin + it->second.size) return std::nullopt;
  return it->second;
}

std::shared_ptr<const AllocTable> Hbm::snapshot() const {
  std::lock_guard<std::mutex> lk(mu_);
  if (tableStale_) {
    auto t = std::make_shared<AllocTable>();
    t->live.reserve(allocated_.size());
    for (auto& [b, a] : allocated_) t->live.push_back(a);
    table_ = std::move(t);
    tableStale_ = false;
  }
  return table_;
}

}  // namespace sk::sim
