// Simulated HBM: one reserved address range, handed out in 64-byte aligned allocations whose
// requested sizes are tracked so intrinsics can bounds-check every GM access.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "llvm/Support/Error.h"

namespace sk::sim {

struct Allocation {
  uint64_t begin = 0;  // device (= host) address
  uint64_t size = 0;   // bytes requested by the user
  uint64_t id = 0;     // 1, 2, ... in allocation order: names the buffer in reports
  bool readOnly = false;
};

// Immutable view of the live allocations, taken once per launch so the hot path needs no lock.
struct AllocTable {
  std::vector<Allocation> live;  // sorted by begin
  // The allocation containing [addr, addr+bytes), or null.
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
  std::map<uint64_t, uint64_t> free_;        // offset -> length of free ranges (coalesced)
  std::map<uint64_t, Allocation> allocated_; // begin -> allocation
  uint64_t reservedBytes_ = 0;               // sum of reserved (rounded) sizes
  std::map<uint64_t, uint64_t> reservedLen_; // begin -> rounded length
  uint64_t nextId_ = 1;
  std::shared_ptr<const AllocTable> table_;
  void publish();
};

}  // namespace sk::sim
