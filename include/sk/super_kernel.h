// lib/super_kernel: what a super kernel is. Built from a plan (sk::reuse) into one relocatable
// object with lib/linker: every instance's code namespaced as <sk>__<i>__<kernelName>, the task
// table (include/sk/task_table.h, the super-kernel device ABI) and the prebuilt interpreter that
// walks it as the entry <sk>; plus <sk>.json (metadata v1 with its superKernel section). And how
// the same binary runs unfused: the sub-kernel launches the fused program stands for.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "llvm/Support/Error.h"
#include "sk/linker.h"
#include "sk/reuse_analysis.h"
#include "sk/subkernel.h"

namespace sk::super_kernel {

struct SuperKernel {
  std::vector<uint8_t> object;  // <sk>.o
  subkernel::KernelMeta meta;   // its metadata (sha256 of object filled in)
  std::string metadata;         // writeMeta(meta): <sk>.json
  linker::LinkStats stats;
};

// The interpreter object embedded in this library (built from lib/super_kernel/interpreter).
llvm::ArrayRef<uint8_t> interpreterObject();

// build_task_table → merge_sections → namespace_symbols → rewrite_relocations → write_object
// → write_metadata. Same plan, same bytes.
llvm::Expected<SuperKernel> build(const reuse::Plan& plan);

// The metadata of a super kernel built from `plan` (what build() writes, sha256 as given).
subkernel::KernelMeta metadataFor(const reuse::Plan& plan, const std::string& sha256);

// "<sk>__<i>__<kernelName>": the symbol of instance i's entry in the SK object.
std::string instanceSymbol(const std::string& sk, uint32_t index, const std::string& kernelName);

// One sub-kernel launch of the unfused program: the instance's entry in the SK binary, its
// shape, and its arguments as (SK parameter index, offset) pairs (-1: null).
struct UnfusedLaunch {
  std::string symbol;
  std::string label;
  uint32_t blockDim = 1;
  TaskRation ration;
  int64_t stream = 0;
  std::vector<subkernel::SkArg> args;
  uint64_t tilingKey = 0;
};

// The launches, in program order, that compute what the super kernel computes. InputError when
// `m` is not a super kernel's metadata.
llvm::Expected<std::vector<UnfusedLaunch>> unfusedLaunches(const subkernel::KernelMeta& m);

}  // namespace sk::super_kernel
