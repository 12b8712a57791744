// The steps of sk_cc that both of its modes use (a kernel source, a single-source program).
// Internal to lib/device_compiler.
#pragma once
#include <string>
#include <vector>

#include "device_link.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "sk/device_compiler.h"
#include "sk/error.h"
#include "sk/run_tool.h"

namespace sk::devcc {

// A scratch directory removed with everything in it.
class ScratchDir {
 public:
  llvm::Error create() {
    llvm::SmallString<128> p;
    if (std::error_code ec = llvm::sys::fs::createUniqueDirectory("sk_cc", p))
      return sk::inputError("cannot create a temporary directory (" + ec.message() + "); set TMPDIR to a writable directory");
    path_ = p.str().str();
    return llvm::Error::success();
  }
  ~ScratchDir() {
    if (!path_.empty()) llvm::sys::fs::remove_directories(path_);
  }
  std::string file(const std::string& name) const { return path_ + "/" + name; }

 private:
  std::string path_;
};

struct Target {
  int npuArch;        // __NPU_ARCH__
  int cceAicore;      // __CCE_AICORE__
  const char* vecMacro;
  const char* cubeMacro;
};
llvm::Expected<Target> targetFor(const std::string& arch);

// Where the AscendC headers are: <prefix>/include beside an installed sk_cc, else the source tree.
std::string headerRoot();

// Source-text scanning (tiling_view.cpp): a C++ identifier's character; whether `w` stands at
// offset i of s as a whole word.
bool isIdentChar(char c);
bool wordAt(llvm::StringRef s, size_t i, llvm::StringRef w);
// (launch_rewrite.cpp) Index just past the comment, string or character literal starting at i,
// or i when none does; the index of the bracket `c` closing the `o` at `open` (npos: none).
size_t skipLexical(llvm::StringRef s, size_t i);
size_t matchClose(llvm::StringRef s, size_t open, char o, char c);
// $SK_CC_CLANG, else the clang-19 found when SuperKernel was built, else clang-19 on PATH.
llvm::Expected<std::string> findClang();

// clang-19 with `args` in the working directory (the command line on stderr when verbose); an
// InputError when it cannot be started. Its exit code and output are the caller's to judge.
llvm::Expected<ToolResult> runClang(const std::string& clang, const std::vector<std::string>& args,
                                    const ScratchDir& scratch, bool verbose);

// The source's extension and existence, the -O level, the -include files.
llvm::Error checkInputs(const Options& o);
// The files to force-include: op_host tiling headers as their device view, others as they are.
llvm::Expected<std::vector<std::string>> forceIncludes(const Options& o, const ScratchDir& scratch);

// clang-19 compiles `input` (o.source names it in messages; its directory is searched for
// #include "...") for one core type to an LLVM module, with sk_cc's flags and macros. clang's
// errors go to stderr, or to *errors when given.
// A host function and an `__aicore__` function of one name and signature (cann-samples'
// moe_init_routing: a tiling helper beside its device twin), which CANN's compiler keeps apart and
// one C++ translation unit cannot: the host one's place as clang's "redefinition" errors give it.
struct SourceLocation {
  std::string file;
  unsigned line = 0, column = 0;
};
struct HostTwin {
  std::string name;
  SourceLocation host, device;  // the host function's name, the __aicore__ twin's
};
std::vector<HostTwin> hostTwins(llvm::StringRef errors);
// The preprocessed text (with line markers) without the host twins' definitions (blanked, lines
// kept): calls on both sides then take the __aicore__ one.
std::string withoutHostTwins(llvm::StringRef preprocessed, const std::vector<HostTwin>& twins);

llvm::Expected<DeviceModule> compileFor(const Options& o, const Target& t, CoreType core, const std::string& clang,
                                        const std::string& input, const std::vector<std::string>& includes,
                                        const subkernel::KernelMeta* meta, const ScratchDir& scratch,
                                        llvm::LLVMContext& ctx, std::string* errors = nullptr);

}  // namespace sk::devcc
