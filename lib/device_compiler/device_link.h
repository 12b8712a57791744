// The in-process half of sk_cc: from the modules clang compiled per core type to one object.
// Internal to lib/device_compiler.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"
#include "sk/subkernel.h"
#include "sk/types.h"

namespace sk::devcc {

// What sk_cc appends to an entry it had to rename in the source (a kernel named `sqrt`).
constexpr const char* kEntrySuffix = "__sk_entry";

struct DeviceModule {
  CoreType coreType;  // AIC or AIV: the macros it was compiled with
  std::unique_ptr<llvm::Module> module;
};

// The functions a module marks as kernel entries (`__global__`, annotated "sk.global").
std::vector<llvm::Function*> annotatedEntries(llvm::Module& m);

// One module from the per-core-type ones: the selected entries (the metadata's kernelName, or
// all when there is no metadata) renamed <name>__sk_aic / <name>__sk_aiv, everything else
// internal and unreferenced code dropped, and per kernel an entry <name> that stores the system
// workspace (the metadata's workspace param) and calls the variant of the running core type.
// `source` names the file in messages.
llvm::Expected<std::unique_ptr<llvm::Module>> linkDeviceModules(std::vector<DeviceModule> modules,
                                                                const subkernel::KernelMeta* meta,
                                                                const std::string& source);

// Makes the kernel's own code (loops, index arithmetic, local GetValue/SetValue) cost scalar-unit
// time: each function counts the instructions of the blocks it runs and hands the count to the
// simulator (sk_scalar) before each call out of the module, before returning, and in loops that
// make no calls every few thousand instructions (so the launch timeout can stop a kernel that
// spins). Run on the linked module, before emitObject.
void instrumentScalarCost(llvm::Module& m);

// Metadata in SK_METADATA_SECTION (SK_KERNEL_METADATA in the source, and `embed` when not null)
// stays in the object file but out of memory: SHF_EXCLUDE without SHF_ALLOC, a section that
// sk_compile's linker and JITLink skip.
void placeEmbeddedMetadata(llvm::Module& m, const std::string* embed);

// Position-independent machine code for the host ISA, as an ELF relocatable object.
llvm::Expected<std::vector<char>> emitObject(llvm::Module& m, char optLevel);

}  // namespace sk::devcc
