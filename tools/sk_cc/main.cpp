// sk_cc: the device compiler driver (docs/sk_cc.md). A compiler-style command line, so it is
// parsed by hand (single-dash long options like -include, attached values like -Idir).
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "sk/device_compiler.h"
#include "sk/error.h"
#include "sk/file_io.h"

namespace {

const char* kUsage =
    "usage: sk_cc [--npu-arch=dav-2201|dav-3510] [--meta K.json [--embed-meta]] [-I DIR]... [-D NAME[=V]]...\n"
    "             [-include FILE]... [-O0..3] [-std=...] [-v] -c SRC -o K.o\n"
    "       sk_cc [--npu-arch=...] [-I DIR]... [-D NAME[=V]]... [-include FILE]... [-O0..3] [-std=...] [-v]\n"
    "             PROG.asc [MORE.asc|.cpp]... -o PROG [--emit-meta DIR]\n"
    "       sk_cc [--npu-arch=...] [-I DIR]... [-D NAME[=V]]... ... -c PROG.asc --emit-meta DIR\n"
    "       sk_cc [--npu-arch=...] [-I DIR]... [-D NAME[=V]]... ... --program-object -c PROG.asc -o PROG.o\n"
    "       sk_cc [-shared] PROG.o|PROG.asc... [LIB.a|LIB.so|-lNAME|-LDIR|-Wl,...]... -o PROG\n"
    "\n"
    "Compiles an AscendC kernel (or one in SuperKernel's dialect) for the simulated NPU: a sub-kernel\n"
    "object that sk_run runs and sk_compile fuses. Without -c: builds the executable of a single-source\n"
    "program (kernels and a host main using acl/acl.h, launches written kernel<<<blocks, l2ctrl, stream>>>(...)),\n"
    "which runs its kernels on the simulated NPU.\n"
    "\n"
    "  --npu-arch=ARCH  dav-2201 (Ascend 910B, default) or dav-3510 (Ascend 950)\n"
    "  --meta K.json    the kernel's metadata: defines DTYPE_<PARAM>, ORIG_DTYPE_<PARAM> and\n"
    "                   FORMAT_<PARAM> for its tensors, picks the kernel and its core types, and\n"
    "                   the object is checked against it (entry, parameter count, blockDim)\n"
    "  --embed-meta     also embed the metadata in the object (section .sk.metadata, never\n"
    "                   loaded), for sk_compile, sk_run and aclskOptimize when no .json is beside it\n"
    "  -I DIR           add an include directory (after SuperKernel's AscendC headers;\n"
    "                   -isystem DIR and -iquote DIR are taken the same way)\n"
    "  -D NAME[=V]      define a macro; -DGEN_ACLRT=DIR (single source) also writes DIR/aclrtlaunch_<kernel>.h\n"
    "                   and defines aclrtlaunch_<kernel>() for each kernel, CANN's ACLRT_LAUNCH_KERNEL\n"
    "  -include FILE    include FILE first (e.g. the op's tiling header, as the op build does)\n"
    "  -O0..-O3, -Os    optimisation (default -O2)\n"
    "  -std=STD         language standard (default c++17)\n"
    "  -c SRC           the source: .cpp or .asc (device code only)\n"
    "  --emit-meta DIR  single-source program: write each kernel its host code launches as a\n"
    "                   sub-kernel of its own, DIR/<kernel>.o and DIR/<kernel>.json (by-value params\n"
    "                   become \"scalar\" params; set blockDim, shapes and output roles in the .json)\n"
    "  --program-object with -c: compile one source of a single-source program to a host object\n"
    "                   (its kernels embedded) that a later program link takes, as build systems\n"
    "                   compile and link (CMake's ASC language: docs/sk_cc.md)\n"
    "  -shared          link a shared library instead of an executable\n"
    "  -lNAME, -LDIR, -Wl,..., -s, -pthread, -fsanitize=..., LIB.a, LIB.so, OBJ.o   passed to the program link\n"
    "  -WNAME, -Wno-NAME  warning options, passed to clang\n"
    "  -o K.o           the object (or program) to write (written only when everything succeeds)\n"
    "  -v               print the clang-19 command lines\n"
    "  -fPIC, -g, --cce-simd-vf-fusion=..., --cce-res-usage, --cce-auto-sync=off, --sanitizer,\n"
    "  --cce-enable-print, -mllvm OPT, -Xhost-start OPT... -Xhost-end\n"
    "                   accepted from CANN build files, no effect (objects are always position-\n"
    "                   independent; no debug information; printf always prints; OPT of -mllvm are\n"
    "                   CANN's backend's; host and device code are compiled in one pass)\n"
    "  --help, --version\n"
    "\n"
    "Exit codes: 0 success, 2 bad input (the message says what to change), 1 internal error.\n";

struct Args {
  sk::devcc::Options compile;
  std::vector<std::string> programSources;  // without -c: a single-source program's files
  std::vector<std::string> linkInputs;      // without -c: objects, libraries and linker flags
  bool shared = false;                      // -shared
  bool programObject = false;               // --program-object
  std::string output;
};

// A positional argument the program link takes as it is: an object or a library.
bool isLinkInput(llvm::StringRef a) {
  return a.ends_with(".o") || a.ends_with(".a") || a.ends_with(".so") || a.contains(".so.");
}

// The value of an option given as "-Xvalue", "-X value", "--opt=value" or "--opt value".
bool takeValue(int argc, char** argv, int& i, const char* flag, std::string& out, llvm::Error& err) {
  std::string a = argv[i];
  size_t n = std::strlen(flag);
  if (a.compare(0, n, flag) != 0) return false;
  if (a.size() > n) {
    bool isLong = flag[1] == '-';
    if (isLong && a[n] != '=') return false;
    out = a.substr(isLong ? n + 1 : n);
    return true;
  }
  if (i + 1 >= argc) {
    err = sk::inputError(std::string(flag) + " needs a value (see --help)");
    return true;
  }
  out = argv[++i];
  return true;
}

llvm::Expected<Args> parse(int argc, char** argv) {
  Args r;
  sk::devcc::Options& o = r.compile;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i], v;
    llvm::Error err = llvm::Error::success();
    if (a == "--help" || a == "-h") {
      std::fputs(kUsage, stdout);
      std::exit(0);
    } else if (a == "--version") {
      std::printf("sk_cc %s (SuperKernel)\n", SK_PROJECT_VERSION);
      std::exit(0);
    } else if (a == "-v") {
      o.verbose = true;
    } else if (a == "-include") {
      if (i + 1 >= argc) return sk::inputError("-include needs a file (see --help)");
      o.forceIncludes.push_back(argv[++i]);
    } else if (a.compare(0, 5, "-std=") == 0) {
      o.standard = a;
    } else if (a.compare(0, 2, "-O") == 0) {
      o.optLevel = a;
    } else if (takeValue(argc, argv, i, "--npu-arch", v, err)) {
      o.arch = v;
    } else if (a == "--program-object") {
      r.programObject = true;
    } else if (a == "-shared") {
      r.shared = true;
    } else if (a == "-fPIC" || a == "-fpic" || a == "-g" || a == "--cce-res-usage" || a == "--sanitizer" ||
               a == "--cce-auto-sync=off" || llvm::StringRef(a).starts_with("--cce-simd-vf-fusion=")) {
      // CANN build files pass these; host objects are position-independent anyway, the simulator
      // checks every memory access itself (what msSanitizer's --sanitizer build adds), and no
      // synchronisation is ever inserted for the kernel (what --cce-auto-sync=off asks)
    } else if (a == "--cce-enable-print") {
      // AscendC::printf and assert always print here
    } else if (a == "-mllvm") {
      // options of CANN's compiler backend (-cce-aicore-record-overflow=..., -cce-aicore-dcci-...)
      if (i + 1 >= argc) return sk::inputError("-mllvm needs a value (see --help)");
      ++i;
    } else if (a == "-Xhost-start") {
      // options for CANN's host pass only (-fstack-protector-strong): host and device code are
      // one pass here, compiled under the sub-kernel contract's options
      int end = i + 1;
      while (end < argc && std::strcmp(argv[end], "-Xhost-end") != 0) ++end;
      if (end == argc) return sk::inputError("-Xhost-start without -Xhost-end (see --help)");
      i = end;
    } else if (a.compare(0, 2, "-W") == 0 && a.compare(0, 4, "-Wl,") != 0 && a.size() > 2) {
      o.warningFlags.push_back(a);
    } else if (a == "-s") {  // a link flag: strip the program
      r.linkInputs.push_back(a);
    } else if (a == "-dc" || a == "-rdc" || a == "--relocatable-device-code") {
      return sk::inputError(a + ": relocatable device code (a kernel calling a device function defined in another "
                                "source) is not supported: define the device functions in the kernel's source or a "
                                "header it includes");
    } else if (a == "--enable-simt") {
      return sk::inputError("--enable-simt: SIMT kernels (Ascend 950's thread-level programming) are not simulated; "
                            "SIMD AscendC kernels need no flag");
    } else if (a.compare(0, 2, "-l") == 0 || a.compare(0, 4, "-Wl,") == 0 || a == "-pthread" || a == "-rdynamic" ||
               a.compare(0, 11, "-fsanitize=") == 0) {  // a sanitizer build's ascendcl asks for its runtimes so
      r.linkInputs.push_back(a);
    } else if (takeValue(argc, argv, i, "-L", v, err)) {
      r.linkInputs.push_back("-L" + v);
    } else if (takeValue(argc, argv, i, "-isystem", v, err) || takeValue(argc, argv, i, "-iquote", v, err)) {
      // after SuperKernel's AscendC headers, as -I: a build file's -iquote of a vendor tree with
      // its own "include/tensor_api/tensor.h" must not win over ours
      o.includeDirs.push_back(v);
    } else if (a == "--embed-meta") {
      o.embedMeta = true;
    } else if (takeValue(argc, argv, i, "--emit-meta", v, err)) {
      if (v.empty()) return sk::inputError("--emit-meta needs a directory (see --help)");
      o.emitMetaDir = v;
    } else if (takeValue(argc, argv, i, "--meta", v, err)) {
      o.metaPath = v;
    } else if (takeValue(argc, argv, i, "-I", v, err)) {
      o.includeDirs.push_back(v);
    } else if (takeValue(argc, argv, i, "-D", v, err)) {
      o.defines.push_back(v);
    } else if (takeValue(argc, argv, i, "-c", v, err)) {
      if (!o.source.empty()) return sk::inputError("-c " + v + ": one source per invocation (already " + o.source + ")");
      o.source = v;
    } else if (takeValue(argc, argv, i, "-o", v, err)) {
      r.output = v;
    } else if (!a.empty() && a[0] != '-') {
      (isLinkInput(a) ? r.linkInputs : r.programSources).push_back(a);
    } else {
      return sk::inputError("unknown option " + a + " (see --help)");
    }
    if (err) return err;
  }
  if (!o.source.empty() && !r.programSources.empty())
    return sk::inputError(r.programSources[0] + ": -c compiles one kernel source; leave out -c to build a program");
  if (!o.source.empty() && (!r.linkInputs.empty() || r.shared))
    return sk::inputError((r.shared ? std::string("-shared") : r.linkInputs[0]) +
                          ": -c compiles one source; link inputs belong to a program link (leave out -c)");
  if (o.source.empty() && r.programSources.empty() && r.linkInputs.empty())
    return sk::inputError("no source: give -c SRC or a program's sources (see --help)");
  if (r.programObject && o.source.empty())
    return sk::inputError("--program-object compiles one source of a program: give -c PROG.asc -o PROG.o");
  if (r.programObject && (!o.metaPath.empty() || o.embedMeta || !o.emitMetaDir.empty()))
    return sk::inputError("--program-object makes a host object: leave out --meta, --embed-meta and --emit-meta");
  bool emitOnly = !o.emitMetaDir.empty() && !o.source.empty();
  if (emitOnly && !r.output.empty())
    return sk::inputError("-o " + r.output + ": -c with --emit-meta writes one object per kernel into " + o.emitMetaDir +
                          "; leave out -o");
  if (!o.emitMetaDir.empty() && (o.embedMeta || !o.metaPath.empty()))
    return sk::inputError("--emit-meta writes the metadata of a single-source program's kernels: leave out --meta and --embed-meta");
  if (emitOnly) return r;
  if (r.output.empty())
    return sk::inputError(o.source.empty() ? "no output: give -o PROG (see --help)" : "no output: give -o K.o (see --help)");
  if (o.source.empty() && (o.embedMeta || !o.metaPath.empty()))
    return sk::inputError("--meta and --embed-meta describe one kernel: use them with -c");
  std::string dir = llvm::sys::path::parent_path(r.output).str();
  if (!dir.empty() && !llvm::sys::fs::is_directory(dir))
    return sk::inputError("-o " + r.output + ": directory " + dir + " does not exist");
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  auto args = parse(argc, argv);
  if (!args) return sk::reportAndExitCode(args.takeError(), "sk_cc");
  if (args->compile.source.empty()) {
    sk::devcc::ProgramOptions p{args->compile, args->programSources, args->linkInputs, args->shared, args->output};
    if (llvm::Error e = sk::devcc::buildProgram(p)) return sk::reportAndExitCode(std::move(e), "sk_cc");
    return 0;
  }
  if (!args->compile.emitMetaDir.empty()) {
    if (llvm::Error e = sk::devcc::emitProgramKernels(args->compile)) return sk::reportAndExitCode(std::move(e), "sk_cc");
    return 0;
  }
  auto object = args->programObject ? sk::devcc::compileProgramObject(args->compile) : sk::devcc::compileKernel(args->compile);
  if (!object) return sk::reportAndExitCode(object.takeError(), "sk_cc");
  if (llvm::Error e = sk::writeFileAtomically(args->output, llvm::StringRef(object->data(), object->size())))
    return sk::reportAndExitCode(std::move(e), "sk_cc");
  return 0;
}
