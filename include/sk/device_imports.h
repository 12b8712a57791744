// What a kernel object may import: the simulator's intrinsics (include/sk/kernel.h, plus the
// compiler's half/bfloat16 conversion helpers) and a short allow-list of host functions (memory
// primitives clang emits, C math). Checked wherever an object enters: sk_cc, sk_compile, the
// runtime's loader; lib/sim and lib/runtime bind exactly these names (tests/runtime checks).
#pragma once
#include <string>
#include <vector>

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "sk/subkernel.h"

namespace sk::subkernel {

const std::vector<std::string>& intrinsicNames();
const std::vector<std::string>& allowedHostImports();
bool isIntrinsicName(llvm::StringRef name);

// An InputError naming `origin` when the object imports anything else, or defines a name
// that is an intrinsic's (its entry would shadow the intrinsic for every kernel).
llvm::Error checkImports(const ObjectInfo& info, const std::string& origin);

}  // namespace sk::subkernel
