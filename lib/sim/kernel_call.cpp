#include <array>
#include <utility>

#include "intrinsic_support.h"
#include "launch.h"

namespace sk::sim {

namespace {

template <size_t I> using Ptr = uint8_t*;

template <size_t... I> void callN(void* entry, const uint64_t* a, std::index_sequence<I...>) {
  using Fn = void (*)(Ptr<I>...);
  reinterpret_cast<Fn>(entry)(reinterpret_cast<uint8_t*>(a[I])...);
}

template <size_t... N> constexpr auto makeTable(std::index_sequence<N...>) {
  return std::array<void (*)(void*, const uint64_t*), sizeof...(N)>{
      [](void* e, const uint64_t* a) { callN(e, a, std::make_index_sequence<N>{}); }...};
}

constexpr auto kCallTable = makeTable(std::make_index_sequence<64>{});

}  // namespace

void callKernel(void* entry, const uint64_t* args, size_t nargs) { kCallTable[nargs](entry, args); }

void chargeFetch(CoreRun* c, const void* entry, uint64_t bytes, bool hidden) {
  if (!c->fetched.insert(entry).second || hidden || bytes == 0) return;
  uint32_t rate = c->launch->arch->instrFetchBytesPerCycle;
  if (rate) charge(c, SK_PIPE_S, (bytes + rate - 1) / rate, "instruction fetch");
}

// Each block records into its slot of the launch (its group and member), which the timing
// replay places on cores.
void runCoreBlocks(CoreRun* c) {
  Launch& L = *c->launch;
  for (const BlockSlot& b : c->blocks) {
    c->clock += L.arch->blockDispatchCycles;
    c->blockIdx = b.blockIdx;
    c->subBlockIdx = b.subBlockIdx;
    c->group = b.group;
    c->member = b.member;
    c->resetBlockState();
    c->rec = &L.records[b.group][b.member];
    c->rec->taken = true;
    c->rec->blockIdx = b.blockIdx;
    c->rec->program.core = c->type;
    chargeFetch(c, L.desc.entry, L.desc.textBytes, false);
    callKernel(L.desc.entry, L.desc.args.data(), L.desc.args.size());
  }
}

}  // namespace sk::sim
