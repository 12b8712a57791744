// Sub-kernels: a compiled kernel object (<name>.o, ELF64 relocatable for the host ISA) plus
// its metadata (<name>.json, docs/metadata.md). This library reads and validates both; every
// rejection names the file, the field or section, and what to change.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include <nlohmann/json.hpp>

#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include "sk/arch.h"
#include "sk/types.h"

namespace sk::subkernel {

// Scalar: a by-value param of a single-source kernel (docs/metadata.md#params): its slot is the
// device address of the value's bytes, constant per instance like tiling data.
enum class Role { Input, Output, Workspace, Tiling, Scalar };
const char* roleName(Role r);

// CANN's tensor format names (ge::Format), which a tensor param's "format" may take: sk_cc
// defines FORMAT_<PARAM>=FORMAT_<name> (op_build_macros.h defines each).
const std::vector<std::string>& formatNames();

struct Param {
  std::string name;
  Role role = Role::Input;
  DType dtype = DType::Float32;  // input/output only
  std::vector<int64_t> shape;    // input/output only
  uint64_t bytes = 0;            // input/output: dtype size x elements; workspace/tiling/scalar: "bytes"
  std::vector<uint8_t> data;     // tiling: the static tiling bytes; scalar: the value ("data", hex); may be empty
  bool typed = false;            // scalar: "dtype" given (the value is one element of `dtype`)
  bool inout = false;            // input: also written back as an output ("inout": true, super kernels)
  std::string format;            // input/output: CANN's format name ("NCHW"; empty: not given, ND), FORMAT_<NAME>
  bool isTensor() const { return role == Role::Input || role == Role::Output; }
  bool isOutput() const { return role == Role::Output || inout; }
};

// ---- the "superKernel" section of <sk>.json (sk_compile writes it; docs/sk_compile.md) ----

enum class TensorKind { Input, Output, InOut, Intermediate };
const char* tensorKindName(TensorKind k);  // "input", "output", "in-out", "intermediate"

// One argument of a sub-kernel instance: SK parameter `skParam` (index into the SK's params,
// -1: a null pointer) + `offset`, passed as the instance's parameter `param`.
struct SkArg {
  std::string param;
  int32_t skParam = -1;
  uint64_t offset = 0;
  auto tie() const { return std::tie(param, skParam, offset); }
};

struct SkInstance {
  uint32_t index = 0;
  std::string label;       // "add_custom (op 1)"
  std::string kernelName;  // the sub-kernel's entry
  std::string symbol;      // <sk>__<index>__<kernelName>: the entry in the SK object
  std::string object, metadata;  // the files it was read from (for people)
  int64_t stream = 0;
  uint32_t blockDim = 1;
  CoreType coreType = CoreType::AIV;
  TaskRation taskRation;
  bool earlyStartWait = false, earlyStartSet = false;
  uint32_t aicBegin = 0, aicEnd = 0, aivBegin = 0, aivEnd = 0;  // SK blocks running it, [begin, end)
  uint64_t textBytes = 0;
  std::vector<SkArg> args;
  uint64_t tilingKey = 0;  // the sub-kernel's tilingKey ("tilingKey", written when not 0)
  auto tie() const {
    return std::tie(index, label, kernelName, symbol, object, metadata, stream, blockDim, coreType, taskRation,
                    earlyStartWait, earlyStartSet, aicBegin, aicEnd, aivBegin, aivEnd, textBytes, args, tilingKey);
  }
};

struct SkAccess {
  uint32_t op = 0;
  bool write = false;
  auto tie() const { return std::tie(op, write); }
};

struct SkTensor {
  std::string name;
  DType dtype = DType::Float32;
  std::vector<int64_t> shape;
  uint64_t bytes = 0;
  TensorKind kind = TensorKind::Input;
  std::vector<SkAccess> accesses;  // in program order
  auto tie() const { return std::tie(name, dtype, shape, bytes, kind, accesses); }
};

struct SkDependency {
  uint32_t from = 0, to = 0;
  std::vector<std::string> reasons;  // "RAW on x", "stream 1", "event 3", ...
  auto tie() const { return std::tie(from, to, reasons); }
};

struct SkMemoryItem {
  std::string what;  // "intermediate t1", "workspace ws of add_custom (op 2)"
  uint64_t offset = 0, bytes = 0;
  std::vector<uint32_t> users;
  bool shareable = true;
  std::string sharesBytesWith;  // the `what` of an earlier item whose bytes it reuses, or empty
  auto tie() const { return std::tie(what, offset, bytes, users, shareable, sharesBytesWith); }
};

struct SkMemoryPlan {
  uint64_t workspaceBytes = 0, workspaceBytesWithoutReuse = 0;
  uint64_t profileOffset = 0, profileBytes = 0;  // profiling records, in the SK workspace
  std::vector<SkMemoryItem> items;
  auto tie() const { return std::tie(workspaceBytes, workspaceBytesWithoutReuse, profileOffset, profileBytes, items); }
};

struct SuperKernelSection {
  int version = 1;
  std::string arch;     // the arch it was planned for
  std::string options;  // canonical option string
  std::vector<SkInstance> instances;
  std::vector<SkTensor> tensors;
  std::vector<SkDependency> dependencies;
  SkMemoryPlan memoryPlan;
  std::vector<std::string> notes;
  auto tie() const { return std::tie(version, arch, options, instances, tensors, dependencies, memoryPlan, notes); }
};

// Equality of the plain structs above, member by member (their tie()).
template <typename T, typename = decltype(std::declval<const T&>().tie())>
bool operator==(const T& a, const T& b) {
  return a.tie() == b.tie();
}

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
  uint64_t tilingKey = 0;           // the value TILING_KEY_IS(k) compares with (default 0)
  std::optional<SuperKernelSection> superKernel;  // <sk>.json of a super kernel
  nlohmann::json raw;               // the document as read: unknown fields are kept
  std::string origin;               // file the metadata came from (for messages)
};

// Field-by-field equality of everything parseMeta fills in; `raw` and `origin` are not compared
// (a round trip parseMeta(writeMeta(m)) gives an equal KernelMeta).
bool operator==(const Param& a, const Param& b);
bool operator==(const KernelMeta& a, const KernelMeta& b);
inline bool operator!=(const Param& a, const Param& b) { return !(a == b); }
inline bool operator!=(const KernelMeta& a, const KernelMeta& b) { return !(a == b); }

// Parses and validates metadata, the superKernel section included. Missing, wrongly typed or
// contradictory fields are InputErrors naming `origin` and the field, e.g. "add.json:
// params[2].shape: expected a non-empty array of positive integers, got []".
llvm::Expected<KernelMeta> parseMeta(const std::string& jsonText, const std::string& origin);
llvm::Expected<KernelMeta> readMeta(const std::string& path);
// The one writer of metadata v1: every field parseMeta reads, then the fields of `raw` it does
// not know (kept, as the format promises), one line per param, SK instance, tensor, dependency
// and memory item. parseMeta(writeMeta(m)) == m.
std::string writeMeta(const KernelMeta& m);

// The bytes of scalar param `p`'s value given as `value` (an op list's "scalars" entry): a hex
// string of exactly p.bytes bytes, or, when the param has a dtype, a JSON number (integers in the
// dtype's range; floats rounded to it) or a boolean for bool. Errors are InputErrors "<where>: ...".
llvm::Expected<std::vector<uint8_t>> encodeScalar(const Param& p, const nlohmann::json& value, const std::string& where);

// What the contract check learned about an object.
struct ObjectInfo {
  uint64_t textBytes = 0;                      // size of all executable sections
  std::vector<std::string> definedGlobals;     // defined symbols with global/weak binding
  std::vector<uint64_t> definedSizes;          // their st_size, in the same order
  std::vector<std::string> undefinedSymbols;   // what the object imports
};

// Checks the kernel compile contract (docs/architecture.md §3.1): ELF64 little-endian relocatable for the
// host machine; only the relocations a -fPIC small-model object needs (R_X86_64_64, PC32,
// PLT32, GOTPCREL, GOTPCRELX, REX_GOTPCRELX, PC64, NONE); no TLS; no .init_array/.ctors/
// .fini_array/.dtors; no COMMON symbols. `origin` names the file in messages.
llvm::Expected<ObjectInfo> checkObject(llvm::MemoryBufferRef object, const std::string& origin);
// The entry symbol is a defined function with default visibility.
llvm::Error checkEntry(llvm::MemoryBufferRef object, const std::string& symbol, const std::string& origin);
// As above; `symbolSource` says where the name came from, for messages ("kernelName in add.json").
llvm::Error checkEntry(llvm::MemoryBufferRef object, const std::string& symbol, const std::string& origin,
                       const std::string& symbolSource);

// The kernel's type fits the arch and 1 <= blockDim <= kMaxBlockDim (AscendC's logical blocks:
// those beyond the cores run in waves).
constexpr uint32_t kMaxBlockDim = 65535;
// A tiling param's bytes (the tools copy it; real tiling structs are a few KiB).
constexpr uint64_t kMaxTilingBytes = 1u << 20;
// A scalar param's bytes (a by-value struct such as TCubeTiling is a few hundred).
constexpr uint64_t kMaxScalarBytes = 1u << 16;
llvm::Error checkBlockDim(const KernelMeta& m, const arch::ArchSpec& arch);
// Every block runs at once (a sub-kernel of a super kernel): blockDim <= the cores of its type
// (AIV: aivCores; AIC: aicCores; MIX 1:1 and 1:2: min(aicCores, aivCores / aiv)).
llvm::Error checkBlocksRunAtOnce(const KernelMeta& m, const arch::ArchSpec& arch);

struct SubKernel {
  KernelMeta meta;
  std::unique_ptr<llvm::MemoryBuffer> object;
  ObjectInfo info;
  std::string objectPath;
};

// Where a kernel object's metadata lives: <dir>/<name>.json beside <dir>/<name>.o.
std::string metadataPathFor(llvm::StringRef objPath);

// The metadata documents an object embeds (SK_KERNEL_METADATA, sk_cc --embed-meta), each once.
llvm::Expected<std::vector<std::string>> embeddedMetadata(llvm::MemoryBufferRef object, const std::string& origin);

// Reads <objPath> and its metadata (jsonPath; or the .json beside the .o; or, when there is
// none, the metadata the object embeds: of `entry`, or the only one), checks the contract, the
// entry symbol, sha256 (when present) and blockDim against `arch`.
llvm::Expected<SubKernel> readSubKernel(const std::string& objPath, const std::string& jsonPath,
                                        const arch::ArchSpec& arch, const std::string& entry = "");


}  // namespace sk::subkernel
