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

// Every function annotation of a module (__attribute__((annotate(...))): llvm.global.annotations).
std::vector<std::pair<llvm::Function*, std::string>> functionAnnotations(llvm::Module& m);
// The functions a module marks with `annotation`: by default the kernel entries (`__global__`).
std::vector<llvm::Function*> annotatedEntries(llvm::Module& m, llvm::StringRef annotation = "sk.global");
// The functions the headers mark SK_SIMULATED (annotate "sk.simulated") get the function attribute
// "sk.simulated", which outlives the annotations (erased when the device modules are linked).
void keepSimulatedMarks(llvm::Module& m);

// A parameter of a launched kernel, as sk_cc --emit-meta describes it.
struct LaunchParam {
  std::string name;     // the source's name (from the IR, -fno-discard-value-names), else p<i>
  bool pointer = true;  // a GM address; else a by-value param
  int32_t dtype = -1;   // sk_dtype code of the pointee or the value; -1: none (a struct, void*)
  uint64_t bytes = 0;   // a value's size
};

// A kernel launched with <<<>>> in a single-source program: its entry in the device object.
struct LaunchEntry {
  std::string launchSymbol;  // sk_ss::Entry<...>::call as compiled (the same symbol in the host pass)
  std::string name;          // the kernel's name, "add_custom" or "ns::scale<float>"
  std::string symbol;        // the device object's entry: `name` with other characters than [A-Za-z0-9_] as '_'
  TaskRation ration;         // __vector__ (and plain __aicore__) 0:1, __cube__ 1:0, __mix__(c, v) c:v
  std::vector<LaunchParam> params;  // in the kernel's order (Entry<...>::call's `info`)
  int kfcWorkspace = -1;     // the param marked __kfc_workspace__ (the system workspace), or -1
  // Typed by neither the source nor its vector-core code (`__global__ __aicore__` whose AIV side
  // does nothing either core type is known by): the cube-core compile decides (refineKernelTypes).
  bool typeOpen = false;
};

// The kernel types of the launched kernels of a single-source module (its sk_ss::Entry<...>::call
// functions, include/sk/single_source.h), without linking anything.
llvm::Expected<std::vector<LaunchEntry>> launchEntries(llvm::Module& m, const std::string& source);
// The open entries' types from the cube-core compile `aic` (CATLASS's kernels keep their cube
// code in an `operator()<AscendC::AIC>` the vector compile never instantiates): cube work makes
// an AIC kernel, cross-core flags a MIX 1:2 one; otherwise they stay AIV kernels.
void refineKernelTypes(std::vector<LaunchEntry>& entries, llvm::Module& aic);

// One module from a single-source program's per-core-type modules: per launched kernel an entry
// `symbol` (device ABI v1) calling its variant of the running core type; the rest internal and
// unreferenced code dropped.
llvm::Expected<std::unique_ptr<llvm::Module>> linkLaunchEntries(std::vector<DeviceModule> modules,
                                                                const std::vector<LaunchEntry>& entries,
                                                                const std::string& source);

// GlobalDCE: drops internal definitions nothing references.
void dropUnreferenced(llvm::Module& m);

// Kernel code calling the C library's printf (the SDK's samples print with plain printf after
// `utils/debug/asc_printf.h`): on the device that is the simulator's printf (sk_printf), and so
// are the puts and putchar clang makes of simple printfs.
void redirectStdioToDevice(llvm::Module& m);

// One module from the per-core-type ones: the selected entries (the metadata's kernelName, or
// all when there is no metadata) renamed <name>__sk_aic / <name>__sk_aiv, everything else
// internal and unreferenced code dropped, and per kernel an entry <name> that stores the system
// workspace (the metadata's workspace param) and calls the variant of the running core type.
// `source` names the file in messages.
llvm::Expected<std::unique_ptr<llvm::Module>> linkDeviceModules(std::vector<DeviceModule> modules,
                                                                const subkernel::KernelMeta* meta,
                                                                const std::string& source);

// The section AscendC's __BLOCK_LOCAL__ puts a variable in (sk_ascendc/base.h).
constexpr const char* kBlockLocalSection = ".sk.block_local";
// Every access to a __BLOCK_LOCAL__ variable goes to the running core's copy instead
// (sk_block_local, once per function that uses it). Run on the linked module.
llvm::Error redirectBlockLocals(llvm::Module& m, const std::string& source);

// The C API's local-memory variables (`__ubuf__ float x[N];` and the other qualifiers, which
// sk_ascendc/base.h makes annotations): each becomes space in that memory of the running core,
// taken on the function's entry and given back on its return (sk_local_static). Run on the linked
// module, before instrumentScalarCost.
void placeLocalArrays(llvm::Module& m);
// Accesses through Ascend 950's __ssbuf__ pointers (offsets into a block's SSBUF) go through
// sk_ssbuf_at. Run on the linked module.
void redirectSsbufAccesses(llvm::Module& m);

// Integer divisions and remainders that cannot trap, with the AI Core's results for a zero (or,
// signed, -1) divisor (integer_division.cpp). Run on the linked module after instrumentScalarCost:
// the guard's compares and selects are the simulator's, so the scalar cost counts one division.
void guardIntegerDivision(llvm::Module& m);

// The device module's code without unwinding (a program's translation unit is compiled with
// exceptions for its host code): invokes become calls, landing pads go. Run on the linked module.
void dropUnwinding(llvm::Module& m);

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
