// Sub-kernels: a compiled kernel object (<name>.o, ELF64 relocatable for the host ISA) plus
// its metadata (<name>.json, DESIGN §4). This library reads and validates both; every
// rejection names the file, the field or section, and what to change.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include "sk/arch.h"
#include "sk/types.h"

namespace sk::subkernel {

enum class Role { Input, Output, Workspace, Tiling };
const char* roleName(Role r);

struct Param {
  std::string name;
  Role role = Role::Input;
  DType dtype = DType::Float32;  // input/output only
  std::vector<int64_t> shape;    // input/output only
  uint64_t bytes = 0;            // input/output: dtype size x elements; workspace/tiling: "bytes"
  std::vector<uint8_t> data;     // tiling: the static tiling bytes ("data", hex), may be empty
  bool isTensor() const { return role == Role::Input || role == Role::Output; }
};

struct KernelMeta {
  int version = 1;
  std::string kernelName;
  std::string binFileName;          // default: kernelName
  std::string binFileSuffix = ".o";
  CoreType coreType = CoreType::AIV;
  TaskRation taskRation;            // default from coreType (AIV 0:1, AIC 1:0); MIX must give it
  uint32_t blockDim = 1;
  std::vector<Param> params;
  bool earlyStartWait = false, earlyStartSet = false;
  bool intercoreSync = false;
  int64_t streamId = 0;
  std::vector<int64_t> sendEvents, recvEvents;
  std::string sha256;               // hex, empty when absent
  nlohmann::json raw;               // the document as read: unknown fields are kept
  std::string origin;               // file the metadata came from (for messages)
};

// Field-by-field equality of everything parseMeta fills in; `raw` and `origin` are not compared
// (a round trip parseMeta(metaToJson(m).dump()) gives an equal KernelMeta).
bool operator==(const Param& a, const Param& b);
bool operator==(const KernelMeta& a, const KernelMeta& b);
inline bool operator!=(const Param& a, const Param& b) { return !(a == b); }
inline bool operator!=(const KernelMeta& a, const KernelMeta& b) { return !(a == b); }

// Parses and validates metadata. Missing or contradictory required fields are InputErrors
// naming `origin` and the field, e.g. "add.json: params[2].shape: must be a non-empty array".
llvm::Expected<KernelMeta> parseMeta(const std::string& jsonText, const std::string& origin);
llvm::Expected<KernelMeta> readMeta(const std::string& path);
// The metadata as JSON: `raw` with the known fields written back (round-trips parseMeta).
nlohmann::json metaToJson(const KernelMeta& m);

// What the contract check learned about an object.
struct ObjectInfo {
  uint64_t textBytes = 0;                      // size of all executable sections
  std::vector<std::string> definedGlobals;     // defined symbols with global/weak binding
  std::vector<uint64_t> definedSizes;          // their st_size, in the same order
  std::vector<std::string> undefinedSymbols;   // what the object imports
};

// Checks the kernel compile contract (DESIGN §3): ELF64 little-endian relocatable for the
// host machine; only the relocations a -fPIC small-model object needs (R_X86_64_64, PC32,
// PLT32, GOTPCREL, GOTPCRELX, REX_GOTPCRELX, PC64, NONE); no TLS; no .init_array/.ctors/
// .fini_array/.dtors; no COMMON symbols. `origin` names the file in messages.
llvm::Expected<ObjectInfo> checkObject(llvm::MemoryBufferRef object, const std::string& origin);
// The entry symbol is a defined function with default visibility.
llvm::Error checkEntry(llvm::MemoryBufferRef object, const std::string& symbol, const std::string& origin);
// As above; `symbolSource` says where the name came from, for messages ("kernelName in add.json").
llvm::Error checkEntry(llvm::MemoryBufferRef object, const std::string& symbol, const std::string& origin,
                       const std::string& symbolSource);

// 1 <= blockDim <= the cores of the kernel's type (AIV: aivCores; AIC: aicCores; MIX 1:1 and
// 1:2: min(aicCores, aivCores / aiv)). The device itself runs larger launches in waves
// (runtime API), but a sub-kernel shipped for an arch must fit it.
llvm::Error checkBlockDim(const KernelMeta& m, const arch::ArchSpec& arch);

struct SubKernel {
  KernelMeta meta;
  std::unique_ptr<llvm::MemoryBuffer> object;
  ObjectInfo info;
  std::string objectPath;
};

// Where a kernel object's metadata lives: <dir>/<name>.json beside <dir>/<name>.o.
std::string metadataPathFor(llvm::StringRef objPath);

// Reads <objPath> and its metadata (jsonPath, or the .json beside the .o), checks the
// contract, the entry symbol, sha256 (when present) and blockDim against `arch`.
llvm::Expected<SubKernel> readSubKernel(const std::string& objPath, const std::string& jsonPath,
                                        const arch::ArchSpec& arch);


}  // namespace sk::subkernel
