// Simulated HBM: one reserved address range, handed out in 64-byte aligned allocations whose
// requested sizes are tracked so intrinsics can bounds-check every GM access. Only pages live
// allocations touch are accessible: kernel code reaching elsewhere faults.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <vector>

#include "llvm/Support/Error.h"

namespace sk::sim {

struct Allocation {
  uint64_t begin = 0;  // device (= host) address
  uint64_t size = 0;   // bytes requested by the user
  uint64_t id = 0;     // 1, 2, ... in allocation order: names the buffer in reports
  bool readOnly = false;
  // The end of what kernels may touch: aclrtMalloc rounds the size up to 32 bytes and adds 32
  // (acl_api.md), and kernels of unaligned shapes rely on it (a 1,998-byte tensor processed in
  // 32-byte blocks).
  uint64_t end() const { return begin + (size + 31) / 32 * 32 + 32; }
};

// Immutable view of the live allocations, taken once per launch so the hot path needs no lock.
struct AllocTable {
  std::vector<Allocation> live;  // sorted by begin
  // The allocation whose kernel-accessible bytes [begin, end()) contain [addr, addr+bytes), or null.
  const Allocation* find(uint64_t addr, uint64_t bytes) const;
  // The allocation containing addr (even if addr+bytes runs past its end), or null.
  const Allocation* enclosing(uint64_t addr) const;
};

class Hbm {
 public:
  static llvm::Expected<std::unique_ptr<Hbm>> create(uint64_t bytes);
  ~Hbm();

  llvm::Expected<uint8_t*> allocate(uint64_t bytes, bool readOnly = false);
  llvm::Error release(const void* p);
  std::shared_ptr<const AllocTable> snapshot() const;
  // The live allocation containing addr, looked up now (O(log n)).
  std::optional<Allocation> enclosing(uint64_t addr) const;
  bool contains(const void* p) const {
    auto a = (uint64_t)p;
    return a >= base_ && a < base_ + size_;
  }
  uint64_t base() const { return base_; }
  uint64_t capacity() const { return size_; }
  uint64_t used() const;

 private:
  Hbm(uint64_t base, uint64_t size);
  uint64_t base_, size_;
  mutable std::mutex mu_;
  // Free ranges (coalesced), by offset and by (length, offset) for an O(log n) best fit.
  std::map<uint64_t, uint64_t> free_;
  std::set<std::pair<uint64_t, uint64_t>> freeBySize_;
  std::map<uint64_t, Allocation> allocated_; // begin -> allocation
  uint64_t reservedBytes_ = 0;               // sum of reserved (rounded) sizes
  std::map<uint64_t, uint64_t> reservedLen_; // begin -> rounded length
  // Accessible pages are those live allocations touch; a first or last page may be shared with
  // a neighbour: how many live allocations start or end in it.
  std::map<uint64_t, uint32_t> edgePages_;
  uint64_t nextId_ = 1;
  // The table launches check against, rebuilt on the first snapshot after a change (so an
  // allocation costs O(log n) and a launch after many of them one O(n) rebuild).
  mutable std::shared_ptr<const AllocTable> table_;
  mutable bool tableStale_ = true;
  void addFree(uint64_t off, uint64_t len);
  void eraseFree(std::map<uint64_t, uint64_t>::iterator it);
};

}  // namespace sk::sim
