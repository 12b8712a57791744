// The device side of ABI v1: every symbol a kernel may import from the simulator.
#pragma once
#include <vector>

namespace sk::sim {

struct IntrinsicSymbol {
  const char* name;
  void* address;
};

// All sk_* intrinsics plus the compiler helpers clang emits for _Float16/__bf16 arithmetic
// (__extendhfsf2, __truncsfhf2, ...), implemented bit-exactly by the simulator.
const std::vector<IntrinsicSymbol>& intrinsicSymbols();

}  // namespace sk::sim
