// Building a super kernel from a plan (DESIGN §6): the task table, the merged object (every
// instance's code namespaced as <sk>__<i>__<name>, plus the prebuilt interpreter as the entry
// <sk>), and <sk>.json. lib/linker's link() does the ELF work; this file knows the SK layout.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "llvm/Support/Error.h"
#include "sk/linker.h"
#include "sk/reuse_analysis.h"

namespace sk::linker {

struct SuperKernel {
  std::vector<uint8_t> object;  // <sk>.o
  std::string metadata;         // <sk>.json (sha256 of object filled in)
  LinkStats stats;
};

// The interpreter object embedded in this library (built from lib/linker/interpreter).
llvm::ArrayRef<uint8_t> interpreterObject();

// build_task_table → merge_sections → namespace_symbols → rewrite_relocations → write_object
// → write_metadata. Same plan, same bytes.
llvm::Expected<SuperKernel> buildSuperKernel(const reuse::Plan& plan);

// "<sk>__<i>__<kernelName>": the symbol of instance i's entry in the SK object.
std::string instanceSymbol(const std::string& sk, uint32_t index, const std::string& kernelName);

}  // namespace sk::linker
