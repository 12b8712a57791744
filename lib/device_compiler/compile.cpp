// sk_cc's steps: check the inputs, compile the source with clang-19 once per core type (the
// macros of CANN's op build, the AscendC headers first), link the device modules, emit the
// object and check it as the runtime will.
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <optional>

#include "compile_steps.h"
#include "device_link.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "sk/arch.h"
#include "sk/device_compiler.h"
#include "sk/device_imports.h"
#include "sk/error.h"
#include "sk/file_io.h"
#include "sk/run_tool.h"

namespace sk::devcc {

// Where the AscendC headers are: <prefix>/include beside an installed sk_cc, else the source tree.
std::string headerRoot() {
  std::string exe = llvm::sys::fs::getMainExecutable(nullptr, (void*)&headerRoot);
  llvm::SmallString<256> installed(llvm::sys::path::parent_path(llvm::sys::path::parent_path(exe)));
  llvm::sys::path::append(installed, "include");
  llvm::SmallString<256> probe(installed);
  llvm::sys::path::append(probe, "ascendc", "kernel_operator.h");
  if (llvm::sys::fs::exists(probe)) return installed.str().str();
  return SK_SOURCE_INCLUDE_DIR;
}

// $SK_CC_CLANG, else the clang-19 found when SuperKernel was built, else clang-19 on PATH.
llvm::Expected<std::string> findClang() {
  if (const char* chosen = std::getenv("SK_CC_CLANG")) {
    if (llvm::sys::fs::can_execute(chosen)) return std::string(chosen);
    return sk::inputError(std::string("SK_CC_CLANG=") + chosen +
                          " is not an executable; point it at clang-19 (apt-get install clang-19) or unset it");
  }
  if (llvm::sys::fs::can_execute(SK_DEVICE_CC_PATH)) return std::string(SK_DEVICE_CC_PATH);
  std::string onPath = sk::findOnPath("clang-19");
  if (!onPath.empty()) return onPath;
  return sk::inputError("clang-19 not found (looked for " SK_DEVICE_CC_PATH " and on PATH); install it: apt-get install clang-19");
}

llvm::Expected<Target> targetFor(const std::string& arch) {
  if (arch == "dav-2201") return Target{2201, 220, "__DAV_C220_VEC__", "__DAV_C220_CUBE__"};
  if (arch == "dav-3510") return Target{3510, 310, "__DAV_C310_VEC__", "__DAV_C310_CUBE__"};
  return sk::inputError("--npu-arch=" + arch + ": unknown arch; use dav-2201 (Ascend 910B) or dav-3510 (Ascend 950)");
}

namespace {

// The defines CANN's op build gives a kernel: DTYPE_/ORIG_DTYPE_/FORMAT_<PARAM> per tensor param
// (the format the metadata names, else ND) and the op type (for GET_TILING_DATA's choice of struct).
std::vector<std::string> metaDefines(const subkernel::KernelMeta& m) {
  std::vector<std::string> d;
  for (const subkernel::Param& p : m.params) {
    if (!p.isTensor()) continue;
    std::string upper = llvm::StringRef(p.name).upper();
    d.push_back("-DDTYPE_" + upper + "=" + dtypeInfo(p.dtype).deviceType);
    d.push_back("-DORIG_DTYPE_" + upper + "=" + dtypeInfo(p.dtype).cannCode);
    d.push_back("-DFORMAT_" + upper + "=FORMAT_" + (p.format.empty() ? "ND" : p.format));
  }
  d.push_back("-DSK_ASCENDC_OP_TYPE=\"" + opTypeOf(m.kernelName) + "\"");
  return d;
}

std::vector<std::string> clangArgs(const Options& o, const Target& t, CoreType core, const std::string& include,
                                   const subkernel::KernelMeta* meta, const std::vector<std::string>& forceIncludes,
                                   const std::string& input, const std::string& output) {
  // A single-source program's host code may throw and catch: its translation unit is compiled
  // with exceptions, which dropUnwinding takes out of the device code again.
  std::vector<std::string> a = {"-x", "c++", o.standard, o.optLevel, "-fPIC", o.programSource ? "-fexceptions" : "-fno-exceptions",
                                "-fno-rtti", "-fno-threadsafe-statics", "-fno-stack-protector",
                                // the core's scalar unit runs one instruction at a time: its cost
                                // (instrumentScalarCost) counts scalar code, not host SIMD
                                "-fno-vectorize", "-fno-slp-vectorize", "-emit-llvm", "-c",
                                // `q.template FreeTensor(t)`: accepted by CANN's compiler, an error by default in clang 19
                                "-Wno-missing-template-arg-list-after-template-kw",
                                // `DataCopyParams p = {rows, ...}` with a uint32_t `rows` (ops-transformer's
                                // nsa_compress_attention_infer): a narrowing CANN's compiler accepts
                                "-Wno-c++11-narrowing",
                                // a template kernel's entry evaluates its tiling-template tables at
                                // compile time (each combination's key): large tables take more
                                // than clang's default 1M steps
                                "-fconstexpr-steps=67108864",
                                "-I" + include + "/ascendc", "-I" + include,
                                // CANN's include path also lists these folders of its headers:
                                // kernels include e.g. "kernel_operator_atomic_intf.h" bare
                                "-I" + include + "/ascendc/basic_api", "-I" + include + "/ascendc/adv_api",
                                "-I" + include + "/ascendc/c_api", "-I" + include + "/ascendc/utils"};
  if (!o.emitMetaDir.empty()) a.push_back("-fno-discard-value-names");  // the params' names, for the metadata
  a.insert(a.end(), o.warningFlags.begin(), o.warningFlags.end());
  for (const std::string& dir : o.includeDirs) a.push_back("-I" + dir);
  std::string srcDir = llvm::sys::path::parent_path(o.source).str();
  a.push_back("-iquote");
  a.push_back(srcDir.empty() ? "." : srcDir);
  a.push_back("-D__NPU_ARCH__=" + std::to_string(t.npuArch));
  a.push_back("-D__CCE_AICORE__=" + std::to_string(t.cceAicore));
  a.push_back(std::string("-D") + (core == CoreType::AIC ? t.cubeMacro : t.vecMacro));
  a.push_back(core == CoreType::AIC ? "-D__DAV_CUBE__" : "-D__DAV_VEC__");
  a.push_back("-D__SK_CC__=1");
  // CANN's compiler defines __CCE__ in every AscendC translation unit, host and device passes
  // alike (CATLASS includes kernel_operator.h and picks its qualifier macros under it).
  a.push_back("-D__CCE__");
  // CANN's device pass defines __NPU_DEVICE__, its host pass __NPU_HOST__ (kernels' headers keep
  // device-only code, e.g. their register-API helpers, under the first).
  a.push_back("-D__NPU_DEVICE__");
  if (o.programSource) a.push_back("-D__NPU_HOST__");
  // Both core types in one object: the Matmul API's AIC serves its AIVs (sk_ascendc/matmul.h).
  // The macro's value: AIVs per block (2 when no metadata says).
  if (!meta || meta->coreType == CoreType::MIX)
    a.push_back("-D__SK_MIX_KERNEL__=" + std::to_string(meta ? meta->taskRation.aiv : 2));
  if (meta)
    for (std::string& d : metaDefines(*meta)) a.push_back(d);
  for (const std::string& d : o.defines) a.push_back("-D" + d);
  a.push_back("-include");
  a.push_back("sk_ascendc/builtin_types.h");
  // The op build's DT_*/FORMAT_* macros: for kernel sources, not for a program's (host code
  // and CATLASS's templates name the enumerators, AscendC::DT_FLOAT).
  if (meta || (!o.programSource && llvm::sys::path::extension(o.source) != ".asc")) {
    a.push_back("-include");
    a.push_back("sk_ascendc/op_build_macros.h");
  }
  for (const std::string& f : forceIncludes) {
    a.push_back("-include");
    a.push_back(f);
  }
  a.push_back(input);
  a.push_back("-o");
  a.push_back(output);
  return a;
}

// Where clang looks for -include FILE: the working directory first, then the #include "..."
// chain (our -I directories; the AscendC headers never hold an op's own header).
std::optional<std::string> findForceInclude(const std::string& file, const std::vector<std::string>& includeDirs) {
  if (llvm::sys::fs::is_regular_file(file)) return file;
  if (llvm::sys::path::is_absolute(file)) return std::nullopt;
  for (const std::string& dir : includeDirs) {
    llvm::SmallString<256> path(dir);
    llvm::sys::path::append(path, file);
    if (llvm::sys::fs::is_regular_file(path)) return path.str().str();
  }
  return std::nullopt;
}

}  // namespace

llvm::Error checkInputs(const Options& o) {
  if (o.source.empty()) return sk::inputError("no source: give -c SRC (a .cpp or .asc kernel)");
  llvm::StringRef ext = llvm::sys::path::extension(o.source);
  if (ext != ".cpp" && ext != ".asc" && ext != ".cc" && ext != ".cxx")
    return sk::inputError(o.source + ": expected a .cpp or .asc source");
  if (!llvm::sys::fs::is_regular_file(o.source)) return sk::inputError(o.source + ": no such source file");
  if (o.optLevel.size() != 3 || o.optLevel.compare(0, 2, "-O") || !std::strchr("0123s", o.optLevel[2]))
    return sk::inputError(o.optLevel + ": use -O0, -O1, -O2, -O3 or -Os");
  for (const std::string& f : o.forceIncludes)
    if (!findForceInclude(f, o.includeDirs))
      return sk::inputError("-include " + f + ": no such file in the working directory or any -I directory");
  return llvm::Error::success();
}

namespace {

// The file clang compiles: the source itself, or a copy that keeps the original's name and line
// numbers, without <<<>>> launches and with an entry named like a C library function renamed
// (kEntrySuffix; the device link names it back), and with tiling defaults registered below a
// GET_TILING_DATA moved up (withTilingDefaultsFirst). With `key` (compiled with SK_TILING_KEY_CONST)
// the entry, renamed the same way, refuses other keys. `dropped`: declarations of the kernel the
// preprocessor drops (droppedDeclarations), which the entry generators are to pass by.
llvm::Expected<std::string> deviceSource(const Options& o, const subkernel::KernelMeta* meta, const ScratchDir& scratch,
                                         const std::vector<size_t>& dropped, std::optional<uint64_t> key = std::nullopt) {
  auto text = sk::readFile(o.source, 64ull << 20, "kernel source");
  if (!text) return text.takeError();
  if (!dropped.empty()) *text = withoutKernelQualifier(*text, dropped);
  std::string registeredFirst = withTilingDefaultsFirst(*text);
  bool reordered = registeredFirst != *text;
  if (reordered) *text = std::move(registeredFirst);
  bool launches = text->find("<<<") != std::string::npos;
  bool rename = meta && isCLibraryName(meta->kernelName);
  std::string entry = meta ? meta->kernelName + kEntrySuffix : "";
  // a template kernel (tiling templates): an entry that picks the instantiation by tiling key
  std::optional<std::string> generated = meta ? templateKernelEntry(*text, meta->kernelName, entry, meta->tilingKey, key.has_value()) : std::nullopt;
  if (key && !generated) {
    std::string kernel = meta->kernelName + "__sk_key_" + std::to_string(*key);
    generated = keyedKernelEntry(*text, meta->kernelName, kernel, entry, *key);
    if (!generated) return sk::inputError(o.source + ": no definition of kernel '" + meta->kernelName + "' (the metadata's kernelName)");
    *text = renameEntry(*text, meta->kernelName, kernel);
    rename = false;
  }
  if (!launches && !rename && !generated && !reordered) return o.source;
  std::string body = launches ? removeLaunches(*text) : *text;
  if (rename) body = renameEntry(body, meta->kernelName, entry);
  if (generated) body += *generated;
  std::string copy = scratch.file("device_" + llvm::sys::path::filename(o.source).str());
  llvm::SmallString<256> abs(o.source);
  llvm::sys::fs::make_absolute(abs);
  body = "#line 1 \"" + abs.str().str() + "\"\n" + body;
  if (llvm::Error e = sk::writeFileAtomically(copy, body)) return e;
  return copy;
}

}  // namespace

// The files to force-include: op_host tiling headers as their device view, others as they are.
llvm::Expected<std::vector<std::string>> forceIncludes(const Options& o, const ScratchDir& scratch) {
  std::vector<std::string> out;
  for (size_t i = 0; i < o.forceIncludes.size(); ++i) {
    std::string f = findForceInclude(o.forceIncludes[i], o.includeDirs).value_or(o.forceIncludes[i]);
    auto text = sk::readFile(f, 16ull << 20, "-include file");
    if (!text) return text.takeError();
    llvm::SmallString<256> abs(f);
    llvm::sys::fs::make_absolute(abs);
    std::optional<std::string> view = tilingDataView(*text, abs.str(), o.includeDirs);
    if (!view) {
      out.push_back(f);
      continue;
    }
    std::string path = scratch.file("tiling_view_" + std::to_string(i) + ".h");
    if (llvm::Error e = sk::writeFileAtomically(path, *view)) return e;
    out.push_back(path);
  }
  return out;
}

llvm::Expected<ToolResult> runClang(const std::string& clang, const std::vector<std::string>& args,
                                    const ScratchDir& scratch, bool verbose) {
  if (verbose) {
    std::string line = clang;
    for (const std::string& a : args) line += " " + a;
    std::fprintf(stderr, "sk_cc: %s\n", line.c_str());
  }
  char cwd[4096];
  ToolResult r = sk::runTool(clang, args, getcwd(cwd, sizeof cwd) ? cwd : ".", {}, scratch.file(""));
  if (!r.started) return sk::inputError("cannot run " + clang + ": " + r.error);
  return r;
}

namespace {

// CANN's compiler also takes its function qualifiers in its own attribute syntax, `[aicore]` and
// `[host, aicore]`, which some kernels' headers spell them as (`#define __aicore__ [aicore]`,
// CATLASS's `__forceinline__[host, aicore]`; clang's diagnostics then quote them). No C++
// attribute fits every place the qualifier stands (`static __aicore__ inline`), and a header may
// also hold a `<<<>>>` launch (CATLASS's device adapters): such a source is compiled preprocessed,
// without the marks and with its launches rewritten. The line markers keep the diagnostics' file
// and line.
bool needsPreprocessedRewrite(llvm::StringRef errors) { return errors.contains("aicore]") || errors.contains("<<<"); }

// clang 19 crashes generating a member of a class template in which a call that does not depend
// on the template's parameters passes one of the member's own `static constexpr` locals as a
// reference template argument, as Ascend 950 kernels pass their CastTrait (CATLASS's VF functions:
// `Cast<float, bfloat16_t, castTrait>(...)`). C++20 takes such a trait by value (the headers'
// SK_CAST_TRAIT_PARAM), which clang compiles: a C++17 source it crashes on so is compiled again
// as C++20.
// A clang crash the C++20 compile may avoid: a reported one while generating code, or one with no
// diagnostic at all (a stack overflow's SIGSEGV prints nothing: ops-nn's dynamic_mx_quant
// recurses in getTypeInfo in C++17, and compiles as C++20).
bool crashedGeneratingCode(const ToolResult& r) {
  llvm::StringRef errors = r.err;
  return r.exitCode != 0 && ((errors.contains("PLEASE submit a bug report") && errors.contains("Generating code for declaration")) ||
                             !errors.contains("error"));
}

// A crashing clang leaves a reproducer (the preprocessed source and a script) in TMPDIR and names
// the files in its report; once the C++20 compile has taken the crash's place they are clutter.
void removeCrashReproducers(llvm::StringRef errors) {
  size_t list = errors.find("are located at:");
  if (list == llvm::StringRef::npos) return;
  llvm::SmallVector<llvm::StringRef, 8> lines;
  errors.drop_front(list).split(lines, '\n');
  for (llvm::StringRef line : llvm::ArrayRef(lines).drop_front()) {
    size_t note = line.find(": note: diagnostic msg:");  // after the driver's name: clang, clang-19
    if (note == llvm::StringRef::npos) break;
    llvm::StringRef file = line.drop_front(note).split("msg:").second.trim();
    if (!file.empty() && llvm::sys::fs::is_regular_file(file)) llvm::sys::fs::remove(file);
  }
}

// The qualifier list at `rest` (just past a '['): the length up to and including its ']' when it
// names only `host` and `aicore`, and `aicore` at least; 0 otherwise (an array index, a lambda).
size_t qualifierListLength(llvm::StringRef rest) {
  bool aicore = false;
  llvm::StringRef s = rest;
  while (true) {
    s = s.ltrim();
    llvm::StringRef word = s.take_while([](char c) { return std::isalnum((unsigned char)c) || c == '_'; });
    if (word != "host" && word != "aicore") return 0;
    aicore |= word == "aicore";
    s = s.drop_front(word.size()).ltrim();
    if (s.consume_front("]")) return aicore ? rest.size() - s.size() : 0;
    if (!s.consume_front(",")) return 0;
  }
}

// The text without its `[aicore]` / `[host, aicore]` marks (each becomes as many spaces).
std::string withoutAicoreMarks(llvm::StringRef text) {
  std::string out = text.str();
  for (size_t open = out.find('['); open != std::string::npos; open = out.find('[', open + 1))
    if (size_t n = qualifierListLength(llvm::StringRef(out).drop_front(open + 1)))
      out.replace(open, n + 1, n + 1, ' ');
  return out;
}

// Clang 19 refuses `this->m` in a class template's code when the class (having no dependent
// base) declares no member m, as soon as the template is defined; CANN's compiler, like clang
// before 19, only when an instantiation reaches it (ops-transformer's flash_attention_score has
// such a line in a layout branch no tiling key instantiates). The names clang reports so.
std::vector<std::string> membersMissingFromTemplates(llvm::StringRef errors) {
  std::vector<std::string> names;
  const llvm::StringRef marker = "error: no member named '";
  for (size_t at = errors.find(marker); at != llvm::StringRef::npos; at = errors.find(marker, at + 1)) {
    llvm::StringRef rest = errors.drop_front(at + marker.size());
    llvm::StringRef name = rest.take_until([](char c) { return c == '\''; });
    llvm::StringRef where = rest.drop_front(name.size());
    if (!where.consume_front("' in '") || !where.take_until([](char c) { return c == '\'' || c == '\n'; }).contains('<'))
      continue;
    if (std::find(names.begin(), names.end(), name.str()) == names.end()) names.push_back(name.str());
  }
  return names;
}

// `this->m` for each name, as a call makes it dependent again (looked up on instantiation).
std::string withMemberAccessesDeferred(llvm::StringRef text, const std::vector<std::string>& names) {
  if (names.empty()) return text.str();
  std::string out = "template <class T> inline T* __sk_dependent(T* p) { return p; }\n";
  out.reserve(text.size() + out.size());
  size_t copied = 0;
  for (size_t at = text.find("this"); at != llvm::StringRef::npos; at = text.find("this", at + 4)) {
    if (!wordAt(text, at, "this")) continue;
    llvm::StringRef rest = text.drop_front(at + 4).ltrim(" \t");
    if (!rest.consume_front("->")) continue;
    rest = rest.ltrim(" \t");
    if (!llvm::any_of(names, [&](const std::string& n) { return wordAt(rest, 0, n); })) continue;
    out += text.slice(copied, at);
    out += "::__sk_dependent(this)";
    copied = at + 4;
  }
  out += text.drop_front(copied);
  return out;
}

// `args` as clangArgs gives them (-x c++ ... SOURCE -o OUTPUT) made a preprocessing run (-E -P)
// that writes `output`, with `extra` flags.
std::vector<std::string> preprocessOnly(std::vector<std::string> args, const std::string& output,
                                        std::initializer_list<std::string> extra = {}) {
  llvm::erase_if(args, [](const std::string& a) { return a == "-emit-llvm" || a == "-c"; });
  args.back() = output;
  args.insert(args.end() - 3, {"-E", "-P"});
  args.insert(args.end() - 3, extra);
  return args;
}

// The namespace a template kernel's ASCENDC_TPL_ARGS_DECL put its table in (ops-nn's
// quant_batch_matmul_v3 does), from clang's suggestion for sk_cc's entry, which names it unqualified
// (g_tilingDeclareParams, or a named table's sk_tpl_decl_<op>).
std::optional<std::string> templateTableScope(llvm::StringRef errors) {
  const llvm::StringRef marker = "use of undeclared identifier '";
  for (size_t at = errors.find(marker); at != llvm::StringRef::npos; at = errors.find(marker, at + 1)) {
    llvm::StringRef rest = errors.drop_front(at + marker.size());
    llvm::StringRef name = rest.take_while(isIdentChar);
    if (name != "g_tilingDeclareParams" && !name.starts_with("sk_tpl_decl_")) continue;
    llvm::StringRef suggestion = "'; did you mean '";
    if (!rest.drop_front(name.size()).starts_with(suggestion)) continue;
    llvm::StringRef qualified = rest.drop_front(name.size() + suggestion.size()).take_until([](char c) { return c == '\'' || c == '\n'; });
    if (qualified.consume_back(("::" + name).str()) && !qualified.empty()) return qualified.str() + "::";
  }
  return std::nullopt;
}

// The defines that compile a translation unit holding two pairs of tiling-template tables or more
// (template_argument.h's SK_TPL_NAMED_TABLES; ops-nn's conv3d_transpose_v2 includes another op's
// key header): the source preprocessed with the tables named shows each SEL after its DECL; the
// op's pair is the DECL named after the op type (`SK_ASCENDC_OP_TYPE`) or starting with it
// (Conv3dTransposeV2Arch35). None: an input error naming the tables.
llvm::Expected<std::vector<std::string>> namedTemplateTables(const std::string& clang, const std::vector<std::string>& args,
                                                             const Options& o, const ScratchDir& scratch) {
  llvm::StringRef opType;
  for (const std::string& a : args)
    if (llvm::StringRef(a).starts_with("-DSK_ASCENDC_OP_TYPE=")) opType = llvm::StringRef(a).split('=').second.trim('"');
  std::vector<std::string> pre = preprocessOnly(args, scratch.file("tables.ii"), {"-DSK_TPL_NAMED_TABLES"});
  auto run = runClang(clang, pre, scratch, o.verbose);
  if (!run) return run.takeError();
  if (run->exitCode != 0) return std::vector<std::string>{};  // the compile says why
  auto text = sk::readFile(pre.back(), 1ull << 30, "preprocessed kernel source");
  if (!text) return text.takeError();
  std::vector<std::pair<std::string, std::string>> pairs;  // DECL's op, SEL's name
  std::string decl;
  for (size_t i = 0; i < text->size(); ++i) {
    if (i && isIdentChar((*text)[i - 1])) continue;
    llvm::StringRef rest = llvm::StringRef(*text).drop_front(i);
    if (rest.starts_with("sk_tpl_decl_")) decl = rest.drop_front(12).take_while(isIdentChar).str();
    else if (rest.starts_with("sk_tpl_sel_") && !decl.empty()) pairs.push_back({decl, rest.take_while(isIdentChar).str()});
  }
  auto pick = llvm::find_if(pairs, [&](const auto& p) { return llvm::StringRef(p.first).equals_insensitive(opType); });
  if (pick == pairs.end())
    pick = llvm::find_if(pairs, [&](const auto& p) { return llvm::StringRef(p.first).starts_with_insensitive(opType); });
  if (pick == pairs.end()) {
    std::string names;
    for (const auto& p : pairs) names += (names.empty() ? "" : ", ") + p.first;
    return sk::inputError(o.source + ": tiling-template tables of " + std::to_string(pairs.size()) + " ops (ASCENDC_TPL_ARGS_DECL " +
                          names + ") and none is the op's, " + opType.str() +
                          " (the CamelCase of the metadata's kernelName): name the op's table after it");
  }
  return std::vector<std::string>{"-DSK_TPL_NAMED_TABLES", "-DSK_TPL_DECL_TABLE=SK_TPL_SCOPE sk_tpl_decl_" + pick->first,
                                  "-DSK_TPL_SEL_TABLE=SK_TPL_SCOPE " + pick->second};
}

// `args` as clangArgs gives them: -x c++ ... SOURCE -o BITCODE. The source preprocessed, rewritten
// as above, and compiled; launches left in headers become sk_ss::Launcher calls in a program
// (o.programSource), no-ops otherwise (as deviceSource makes the source's own).
llvm::Expected<ToolResult> compileRewritten(const std::string& clang, const std::vector<std::string>& args,
                                            const std::vector<std::string>& deferredMembers,
                                            const std::vector<HostTwin>& hostTwins, const Options& o,
                                            const ScratchDir& scratch) {
  std::vector<std::string> common;  // all but the action, the source and the output
  for (auto it = args.begin(); it != args.end() - 3; ++it)
    if (*it != "-emit-llvm" && *it != "-c") common.push_back(*it);
  const std::string& source = args.end()[-3];
  std::string preprocessed = scratch.file("device_preprocessed.ii");
  std::vector<std::string> preprocess = common;
  preprocess.insert(preprocess.end(), {"-E", source, "-o", preprocessed});
  auto run = runClang(clang, preprocess, scratch, o.verbose);
  if (!run || run->exitCode != 0) return run;
  auto text = sk::readFile(preprocessed, 1ull << 30, "preprocessed kernel source");
  if (!text) return text.takeError();
  std::string rewritten = withMemberAccessesDeferred(withoutAicoreMarks(withoutHostTwins(*text, hostTwins)), deferredMembers);
  if (rewritten.find("<<<") != std::string::npos)
    rewritten = o.programSource ? rewriteLaunches(rewritten) : removeLaunches(rewritten);
  if (llvm::Error e = sk::writeFileAtomically(preprocessed, rewritten)) return e;
  std::vector<std::string> compile = common;
  compile[1] = "c++-cpp-output";  // after -x
  // the -I, -D and -include the preprocessor used
  compile.insert(compile.end(), {"-Wno-unused-command-line-argument", "-emit-llvm", "-c", preprocessed, "-o", args.back()});
  return runClang(clang, compile, scratch, o.verbose);
}

// clang on `args`, then again as the errors call for: with the op's pair of tiling-key tables
// when there are several, with the scope of the kernel's tables, or preprocessed and rewritten
// (above; also without host functions that have an __aicore__ twin, host_twins.cpp).
llvm::Expected<ToolResult> compileWithWorkarounds(const std::string& clang, std::vector<std::string> args, const Options& o,
                                                  const ScratchDir& scratch) {
  auto run = runClang(clang, args, scratch, o.verbose);
  if (!run) return run.takeError();
  if (run->exitCode != 0 && llvm::StringRef(run->err).contains("redefinition of 'g_tilingDeclareParams'")) {
    auto named = namedTemplateTables(clang, args, o, scratch);
    if (!named) return named.takeError();
    args.insert(args.end() - 3, named->begin(), named->end());
    run = runClang(clang, args, scratch, o.verbose);
    if (!run) return run.takeError();
  }
  if (std::optional<std::string> scope = run->exitCode != 0 ? templateTableScope(run->err) : std::nullopt) {
    args.insert(args.end() - 3, "-DSK_TPL_SCOPE=" + *scope);
    run = runClang(clang, args, scratch, o.verbose);
    if (!run) return run.takeError();
  }
  if (run->exitCode == 0) return run;
  std::vector<std::string> missingMembers = membersMissingFromTemplates(run->err);
  std::vector<HostTwin> twins = hostTwins(run->err);
  if (needsPreprocessedRewrite(run->err) || !missingMembers.empty() || !twins.empty())
    return compileRewritten(clang, args, missingMembers, twins, o, scratch);
  return run;
}

}  // namespace

llvm::Expected<DeviceModule> compileFor(const Options& o, const Target& t, CoreType core, const std::string& clang,
                                        const std::string& input, const std::vector<std::string>& includes,
                                        const subkernel::KernelMeta* meta, const ScratchDir& scratch,
                                        llvm::LLVMContext& ctx, std::string* errors) {
  std::string bc = scratch.file(core == CoreType::AIC ? "aic.bc" : "aiv.bc");
  std::vector<std::string> args = clangArgs(o, t, core, headerRoot(), meta, includes, input, bc);
  auto run = compileWithWorkarounds(clang, args, o, scratch);
  if (!run) return run.takeError();
  auto standard = llvm::find(args, std::string("-std=c++17"));
  if (standard != args.end() && crashedGeneratingCode(*run)) {
    *standard = "-std=c++20";
    std::string crash = run->err;
    run = compileWithWorkarounds(clang, args, o, scratch);
    if (!run) return run.takeError();
    if (run->exitCode == 0) removeCrashReproducers(crash);
  }
  const ToolResult& r = *run;
  if (r.exitCode != 0) {
    if (errors) *errors = r.err;
    else std::fputs(r.err.c_str(), stderr);  // the diagnostics as clang printed them
    if (!llvm::StringRef(r.err).contains("error"))  // killed by a signal (a stack overflow's SIGSEGV prints nothing)
      return sk::inputError(o.source + ": clang-19 stopped without a diagnostic (status " + std::to_string(r.exitCode) +
                            ": it crashed) compiling for " + coreTypeName(core) + "; sk_cc -v shows its command line");
    return sk::inputError(o.source + ": clang-19 reported errors (above) compiling for " + coreTypeName(core));
  }
  if (!r.err.empty()) std::fputs(r.err.c_str(), stderr);  // warnings
  auto buffer = llvm::MemoryBuffer::getFile(bc);
  if (!buffer) return sk::internalError("reading " + bc + ": " + buffer.getError().message());
  auto module = llvm::parseBitcodeFile((*buffer)->getMemBufferRef(), ctx);
  if (!module) return module.takeError();
  return DeviceModule{core, std::move(*module)};
}

namespace {

// Whether clang stopped because the source uses the tiling key in a constant expression
// (`if constexpr (TILING_KEY_IS(1))`), which it is when the object serves one key.
bool needsConstantTilingKey(llvm::StringRef errors) {
  return errors.contains("sk_tiling_key") &&
         (errors.contains("constant expression") || errors.contains("preprocessor expression"));  // `#if TILING_KEY_VAR == 1`
}

// AIV kernels compile for the vector core, AIC for the cube core, MIX (and kernels without
// metadata) for both.
std::vector<CoreType> coreTypesOf(const subkernel::KernelMeta* meta) {
  if (meta && meta->coreType == CoreType::AIV) return {CoreType::AIV};
  if (meta && meta->coreType == CoreType::AIC) return {CoreType::AIC};
  return {CoreType::AIC, CoreType::AIV};
}

// The declarations of the metadata's kernel the preprocessor drops, when the source has more than
// one in different branches (ops-nn declares a test entry under `#ifdef __CCE_KT_TEST__` beside
// the real one, either of them a template): the source preprocessed as the compile will see it,
// with a marker line before each declaration; those whose marker is gone. Empty when the
// preprocessor stops (the compile then reports why).
llvm::Expected<std::vector<size_t>> droppedDeclarations(const Options& o, const Target& t, const std::string& clang,
                                                        const subkernel::KernelMeta& meta,
                                                        const std::vector<std::string>& includes, const ScratchDir& scratch) {
  auto text = sk::readFile(o.source, 64ull << 20, "kernel source");
  if (!text) return text.takeError();
  std::vector<size_t> at = kernelDeclarations(*text, meta.kernelName);
  if (at.size() < 2 || !conditionalBetween(*text, at.front(), at.back())) return std::vector<size_t>{};
  const std::string marker = "sk_cc_kernel_declaration_";
  std::string probe = scratch.file("declarations_" + llvm::sys::path::filename(o.source).str());
  if (llvm::Error e = sk::writeFileAtomically(probe, withDeclarationMarkers(*text, at, marker))) return e;
  std::string preprocessed = scratch.file("declarations.ii");
  std::vector<std::string> args =
      preprocessOnly(clangArgs(o, t, coreTypesOf(&meta).front(), headerRoot(), &meta, includes, probe, preprocessed), preprocessed);
  auto run = runClang(clang, args, scratch, o.verbose);
  if (!run) return run.takeError();
  if (run->exitCode != 0) return std::vector<size_t>{};
  auto kept = sk::readFile(preprocessed, 1ull << 30, "preprocessed kernel source");
  if (!kept) return kept.takeError();
  std::vector<size_t> dropped;
  for (size_t i = 0; i < at.size(); ++i)
    if (kept->find(marker + std::to_string(i) + "_") == std::string::npos) dropped.push_back(at[i]);
  if (dropped.size() == at.size()) dropped.clear();  // none kept: a marker the text hid (a macro's line)
  return dropped;
}

llvm::Error checkObjectAgainst(const std::vector<char>& object, const subkernel::KernelMeta* meta, const Options& o,
                               const arch::ArchSpec& arch) {
  llvm::MemoryBufferRef ref(llvm::StringRef(object.data(), object.size()), o.source);
  auto info = subkernel::checkObject(ref, "the object compiled from " + o.source);
  if (!info) return info.takeError();
  if (!meta) return llvm::Error::success();  // a part of something bigger (the SK interpreter imports its table)
  if (llvm::Error e = subkernel::checkImports(*info, "the object compiled from " + o.source)) return e;
  if (llvm::Error e = subkernel::checkEntry(ref, meta->kernelName, o.source, "kernelName in " + meta->origin)) return e;
  return subkernel::checkBlockDim(*meta, arch);
}

// A source compiled without --meta whose kernels are all templates gives an object with no
// entry (sk_cc cannot know which instantiation to make): say so, since nothing else would.
void warnOfUninstantiatedKernels(const Options& o) {
  auto text = sk::readFile(o.source, 64ull << 20, "kernel source");
  if (!text) return llvm::consumeError(text.takeError());
  for (const std::string& name : templateKernels(*text))
    std::fprintf(stderr,
                 "sk_cc: warning: %s: kernel '%s' is a template; without --meta the object holds none of its "
                 "instantiations: give --meta K.json (its tilingKey picks the ASCENDC_TPL_SEL combination)\n",
                 o.source.c_str(), name.c_str());
}

}  // namespace

llvm::Expected<std::vector<char>> compileKernel(const Options& o) {
  auto target = targetFor(o.arch);
  if (!target) return target.takeError();
  if (llvm::Error e = checkInputs(o)) return e;
  auto arch = arch::loadArch(o.arch);
  if (!arch) return arch.takeError();
  std::optional<subkernel::KernelMeta> meta;
  if (o.embedMeta && o.metaPath.empty()) return sk::inputError("--embed-meta needs --meta K.json: the metadata to embed");
  if (!o.metaPath.empty()) {
    auto m = subkernel::readMeta(o.metaPath);
    if (!m) return m.takeError();
    meta = std::move(*m);
  }
  const subkernel::KernelMeta* metaPtr = meta ? &*meta : nullptr;
  auto clang = findClang();
  if (!clang) return clang.takeError();
  ScratchDir scratch;
  if (llvm::Error e = scratch.create()) return e;
  auto includes = forceIncludes(o, scratch);
  if (!includes) return includes.takeError();
  std::vector<size_t> dropped;
  if (metaPtr) {
    auto d = droppedDeclarations(o, *target, *clang, *metaPtr, *includes, scratch);
    if (!d) return d.takeError();
    dropped = std::move(*d);
  }
  auto input = deviceSource(o, metaPtr, scratch, dropped);
  if (!input) return input.takeError();

  llvm::LLVMContext ctx;
  std::vector<DeviceModule> modules;
  const Options* opts = &o;
  Options keyed;
  for (CoreType core : coreTypesOf(metaPtr)) {
    std::string errors;
    auto dm = compileFor(*opts, *target, core, *clang, *input, *includes, metaPtr, scratch, ctx, &errors);
    if (!dm && modules.empty() && metaPtr && needsConstantTilingKey(errors)) {
      // CANN compiles one object per tiling key, where TILING_KEY_IS is a constant: so here, for
      // the metadata's key (both core types see the same source, so the first one tells)
      llvm::consumeError(dm.takeError());
      input = deviceSource(o, metaPtr, scratch, dropped, metaPtr->tilingKey);
      if (!input) return input.takeError();
      keyed = o;
      keyed.defines.push_back("SK_TILING_KEY_CONST=" + std::to_string(metaPtr->tilingKey) + "ull");
      opts = &keyed;
      errors.clear();
      dm = compileFor(*opts, *target, core, *clang, *input, *includes, metaPtr, scratch, ctx, &errors);
    }
    std::fputs(errors.c_str(), stderr);
    if (!dm) return dm.takeError();
    bool dialect = annotatedEntries(*dm->module).empty();
    modules.push_back(std::move(*dm));
    if (dialect) break;  // no __global__ entries: a dialect kernel, one module as compiled
  }
  std::unique_ptr<llvm::Module> linked;
  if (annotatedEntries(*modules.front().module).empty()) {
    warnOfUninstantiatedKernels(o);
    linked = std::move(modules.front().module);
  } else {
    auto l = linkDeviceModules(std::move(modules), metaPtr, o.source);
    if (!l) return l.takeError();
    linked = std::move(*l);
  }
  if (llvm::Error e = redirectBlockLocals(*linked, o.source)) return e;
  redirectStdioToDevice(*linked);
  placeLocalArrays(*linked);
  redirectSsbufAccesses(*linked);
  instrumentScalarCost(*linked);
  guardIntegerDivision(*linked);  // after: a division costs what the hardware's does
  std::optional<std::string> embedded;
  if (o.embedMeta) {  // without its sha256, which cannot name the object holding it
    subkernel::KernelMeta m = *meta;
    m.sha256.clear();
    embedded = subkernel::writeMeta(m);
  }
  placeEmbeddedMetadata(*linked, embedded ? &*embedded : nullptr);
  auto object = emitObject(*linked, o.optLevel[2]);
  if (!object) return object.takeError();
  if (llvm::Error e = checkObjectAgainst(*object, metaPtr, o, *arch)) return e;
  return object;
}

}  // namespace sk::devcc
