// The device compiler behind sk_cc (docs/sk_cc.md): compiles an AscendC (or dialect) kernel
// source for the simulated NPU into a sub-kernel object. clang-19 compiles the source once per
// core type the kernel runs on, with the macros CANN's op build defines; the device modules are
// then linked in-process: every entry (`__global__`) renamed per core type, everything else
// internal, and one entry per kernel that stores the system workspace and dispatches on the
// core type. The object is checked like any sub-kernel before it is returned.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace sk::devcc {

struct Options {
  std::string arch = "dav-2201";        // --npu-arch
  std::string metaPath;                 // --meta: the kernel's metadata (may be empty)
  bool embedMeta = false;               // --embed-meta: embed it in the object (SK_METADATA_SECTION)
  std::vector<std::string> includeDirs; // -I, after the AscendC headers
  std::vector<std::string> defines;     // -D NAME[=V]
  std::vector<std::string> forceIncludes;  // -include FILE
  std::vector<std::string> warningFlags;   // -W<warning>, -Wno-<warning>: passed on to clang
  std::string optLevel = "-O2";
  std::string standard = "-std=c++17";
  std::string source;                   // -c: .cpp or .asc
  bool verbose = false;                 // print the clang command lines on stderr
  std::string emitMetaDir;              // --emit-meta DIR: each launched kernel's .o and .json (single source)
  // A single-source program's source (set by buildProgram): one pass compiles its host and its
  // device code, so it sees both CANN passes' macros, and its host code may throw.
  bool programSource = false;
};

// The object bytes, or an InputError (bad option, missing file, a clang diagnostic, a kernel
// that breaks the sub-kernel contract) saying what to change.
llvm::Expected<std::vector<char>> compileKernel(const Options& o);

// A single-source program (`sk_cc prog.asc [more.asc|.cpp]... -o prog`): every source's kernels
// compiled for the simulated NPU and embedded, its host code compiled with each <<<>>> launch
// turned into a launch through the runtime, all linked against libsk_acl.so.
struct ProgramOptions {
  Options compile;                   // the flags (compile.source is unused)
  std::vector<std::string> sources;  // .asc / .cpp files
  // Host objects (from --program-object or a host compiler), archives, shared libraries and
  // linker flags (-l, -L, -Wl,...), in command-line order, after the sources' objects.
  std::vector<std::string> linkInputs;
  bool shared = false;               // -shared: a shared library instead of an executable
  std::string output;                // the executable; written only when everything succeeded
};
llvm::Error buildProgram(const ProgramOptions& p);
// `sk_cc --program-object -c PROG.asc -o PROG.o`: one source of a single-source program compiled
// to a host object with its kernels embedded, for a later program link (buildProgram's
// linkInputs) — what a build system's compile step makes (CMake's ASC language, docs/sk_cc.md).
llvm::Expected<std::vector<char>> compileProgramObject(const Options& o);
// `sk_cc -c PROG.asc --emit-meta DIR`: each kernel that o.source launches with <<<>>> as a
// sub-kernel of its own, DIR/<entry>.o with DIR/<entry>.json (docs/sk_cc.md#kernels-of-a-single-source-program).
// buildProgram does the same for every source when p.compile.emitMetaDir is set. Nothing is
// written unless every kernel compiled.
llvm::Error emitProgramKernels(const Options& o);

// The source with every `kernel<<<blocks, l2ctrl, stream>>>(args)` launch (host code) replaced by
// a no-op of the same line count, so clang can parse a file that also holds the host stub.
// Comments, strings and character literals are left alone.
std::string removeLaunches(llvm::StringRef source);
// The source with every such launch turned into a call of sk_ss::Launcher (include/sk/single_source.h),
// each character of its config and arguments on the line it was on.
std::string rewriteLaunches(llvm::StringRef source);

// Whether `name` is a function the C library headers declare (a kernel named `sqrt` clashes
// with <cmath>'s extern "C" sqrt; sk_cc compiles it under another name and renames it back).
bool isCLibraryName(llvm::StringRef name);
// The source with the `__global__` function `name` renamed `to` (its definition and
// declarations; other uses are left alone).
std::string renameEntry(llvm::StringRef source, llvm::StringRef name, llvm::StringRef to);
// When `name` is a `template<...> __global__` kernel (tiling templates, ASCENDC_TPL_SEL): the
// code to append to the source that defines the entry `to` with the kernel's parameters, which
// calls the instantiation of the launch's tiling key (tiling/template_argument.h: every
// combination, or only the one of the metadata's `key` when there are too many); nullopt when
// `name` is no template kernel. `keyed`: the source is compiled for `key` alone
// (SK_TILING_KEY_CONST), so the entry refuses other keys (keyedKernelEntry).
std::optional<std::string> templateKernelEntry(llvm::StringRef source, llvm::StringRef name, llvm::StringRef to,
                                               uint64_t key, bool keyed = false);
// Where the `__global__` declarations and definitions of kernel `name` stand in the source (the
// offsets of the name), in order.
std::vector<size_t> kernelDeclarations(llvm::StringRef source, llvm::StringRef name);
// Whether a conditional directive (#if..., #el..., #endif) stands in source[from, to):
// declarations with none between them are in one branch, kept or dropped together.
bool conditionalBetween(llvm::StringRef source, size_t from, size_t to);
// The source with a line `<marker><i>_` before the line of each offset in `at` (i its index): what
// the preprocessor keeps of them tells which declarations a compile sees.
std::string withDeclarationMarkers(llvm::StringRef source, const std::vector<size_t>& at, llvm::StringRef marker);
// The source without the `__global__` of the declarations at `at` (offsets of kernelDeclarations):
// the entry generators above then pass them by (declarations in branches the preprocessor drops).
std::string withoutKernelQualifier(llvm::StringRef source, const std::vector<size_t>& at);
// The source with each `REGISTER_TILING_DEFAULT(Struct)` written below a GET_TILING_DATA of its
// block moved to the block's start (on the `{`'s line: no line moves), where the GET_TILING_DATA
// sees it: CANN takes the registration wherever it stands in the kernel (ops-nn's hardtanh_grad).
std::string withTilingDefaultsFirst(llvm::StringRef source);
// The names of the `template<...> __global__` kernels the source defines or declares.
std::vector<std::string> templateKernels(llvm::StringRef source);
// For a kernel `name` compiled for one tiling key (its source needs TILING_KEY_IS as a constant,
// `if constexpr (TILING_KEY_IS(1))`, as CANN compiles one object per key): the code to append
// that defines the entry `to` with the parameters of `name`'s definition, which calls `kernel`
// (the kernel renamed) when launched with `key` and is a device exception naming the keys
// otherwise; nullopt when `name` has no definition in the source.
std::optional<std::string> keyedKernelEntry(llvm::StringRef source, llvm::StringRef name, llvm::StringRef kernel,
                                            llvm::StringRef to, uint64_t key);

// The device view of an op_host tiling header (what CANN's op build generates from it): its
// tiling data definitions and registrations, and the constants they use, in namespace optiling,
// under #line directives pointing at `path`; the headers it includes with quotes are found beside
// it or in `includeDirs`. nullopt when the header defines no tiling data (a plain C++ struct
// header: included as it is).
std::optional<std::string> tilingDataView(llvm::StringRef header, llvm::StringRef path,
                                          const std::vector<std::string>& includeDirs = {});

// CANN's kernel-launch interface (`ACLRT_LAUNCH_KERNEL(k)(blockDim, stream, args...)`), for each
// non-template `__global__` kernel `source` defines: `header` is aclrtlaunch_<k>.h as CANN's
// build generates it (GM addresses as void*), `stub` the host function it declares, to append to
// the source (it launches the kernel with <<<>>>). A single-source compile with -DGEN_ACLRT=DIR
// appends the stubs and writes the headers into DIR (docs/sk_cc.md).
struct AclrtLaunch {
  std::string kernel, header, stub;
};
std::vector<AclrtLaunch> aclrtLaunches(llvm::StringRef source);

// "add_custom" -> "AddCustom": the op type CANN derives a kernel name from.
std::string opTypeOf(llvm::StringRef kernelName);

}  // namespace sk::devcc
