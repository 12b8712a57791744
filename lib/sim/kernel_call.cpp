#include <array>
#include <utility>

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

void callKernel(void* entry, const std::vector<uint64_t>& args) { kCallTable[args.size()](entry, args.data()); }

void runCoreBlocks(CoreRun* c) {
  Launch& L = *c->launch;
  for (const BlockSlot& b : c->blocks) {
    c->clock += L.arch->blockDispatchCycles;
    c->blockIdx = b.blockIdx;
    c->subBlockIdx = b.subBlockIdx;
    c->spans.push_back(Span{&L.desc.name, c->clock, 0, b.blockIdx, false});
    callKernel(L.desc.entry, L.desc.args);
    c->spans.back().end = c->clock;
  }
}

}  // namespace sk::sim
