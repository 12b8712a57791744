// Builds a static kernel package (docs/packaging.md): payload files, manifest, scripts, a
// makeself header derived from the installed one, makeself itself, then the whole-file SHA-256
// patched into the header.
#include "sk/packaging.h"

#include <sys/stat.h>
#include <sys/utsname.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>


#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "sk/run_tool.h"
#include "sk/error.h"
#include "sk/file_io.h"
#include "sk/package_model.h"
#include "sk/subkernel.h"
#include "sk/text.h"

extern const unsigned char sk_package_script[];
extern const unsigned char sk_header_functions[];
extern const std::size_t sk_header_functions_size;
extern const std::size_t sk_package_script_size;
// sk_pkg_tool (pkg_tool.cpp), embedded at build time: every package carries it for its scripts.
extern const unsigned char sk_pkg_tool_binary[];
extern const std::size_t sk_pkg_tool_binary_size;

namespace sk::pkg {

namespace {

// Fixed so that the same inputs give the same bytes (docs/packaging.md, "Reproducible").
constexpr const char* kPackagingDate = "2025-01-01T00:00:00Z";
constexpr const char* kTarExtra = "--mtime=@1735689600 --sort=name --owner=0 --group=0 --numeric-owner";
constexpr const char* kShaField = "SK_SHA256=";
const std::string kZeroSha(64, '0');
// The size guard's field: the file's length, left-aligned in 20 characters, patched after makeself
// wrote the file (spaces before the ';' are just blanks to sh, so the width never changes).
constexpr const char* kSizeField = "SK_SIZE=";
const std::string kSizePlaceholder(20, 'X');

// Text shown by the package's --info/--help: printable ASCII without quotes or backslashes.
std::string plain(const std::string& s) {
  std::string r;
  for (unsigned char c : s) r += (c >= 0x20 && c < 0x7f && c != '\'' && c != '"' && c != '\\' && c != '`') ? (char)c : '?';
  return r;
}

// makeself generates its header with `cat << EOF`: runtime `$`, backquotes and backslashes
// must be escaped in everything inserted into the template.
std::string heredocEscape(const std::string& s) {
  std::string r;
  for (char c : s) {
    if (c == '\\' || c == '$' || c == '`') r += '\\';
    r += c;
  }
  return r;
}

std::string singleQuoted(const std::string& s) {  // s is already plain()
  return "'" + s + "'";
}

// A temporary directory removed on destruction.
class WorkDir {
 public:
  llvm::Error create() {
    const char* base = std::getenv("TMPDIR");
    std::string tmpl = std::string(base && *base ? base : "/tmp") + "/sk_package_XXXXXX";
    if (!mkdtemp(tmpl.data()))
      return sk::internalError("cannot create a temporary directory in " + tmpl.substr(0, tmpl.rfind('/')) +
                               ": " + std::strerror(errno) + " (set TMPDIR to a writable directory)");
    path_ = tmpl;
    return llvm::Error::success();
  }
  ~WorkDir() {
    if (!path_.empty()) (void)llvm::sys::fs::remove_directories(path_);
  }
  const std::string& path() const { return path_; }
  std::string file(const std::string& rel) const { return path_ + "/" + rel; }

 private:
  std::string path_;
};

llvm::Error writeFile(const std::string& path, llvm::StringRef bytes, unsigned mode) {
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out || !out.write(bytes.data(), (std::streamsize)bytes.size()))
      return sk::internalError(path + ": cannot write (disk full?)");
  }
  if (::chmod(path.c_str(), mode) != 0) return sk::internalError(path + ": cannot set its mode");
  return llvm::Error::success();
}

// A file this code made or relies on (the makeself header, the built package): failing to read
// it is an environment failure (exit 1), not bad input.
llvm::Expected<std::string> readOwnFile(const std::string& path, const char* what) {
  auto text = sk::readFile(path, kMaxObjectBytes, what);
  if (!text) return sk::internalError(llvm::toString(text.takeError()));
  return text;
}

struct KernelFacts {
  std::string coreType, taskRation;
  uint64_t blockDim = 0;
  std::vector<KernelParam> inputs, outputs;
  std::vector<std::string> inputText, outputText;  // "x float32[2048]"
};

llvm::Expected<KernelFacts> readFacts(const PackageInput& in) {
  auto m = subkernel::parseMeta(in.metadata.str(), in.name + ".json");
  if (!m) return m.takeError();
  KernelFacts f;
  f.coreType = coreTypeName(m->coreType);
  f.taskRation = m->taskRation.str();
  f.blockDim = m->blockDim;
  for (const subkernel::Param& p : m->params) {
    if (!p.isTensor()) continue;
    bool input = p.role == subkernel::Role::Input;
    std::string shape;
    for (int64_t d : p.shape) shape += (shape.empty() ? "" : ", ") + std::to_string(d);
    std::string text = p.name + " " + dtypeName(p.dtype) + "[" + shape + "]" + (p.inout ? " (in-out)" : "");
    (input ? f.inputs : f.outputs).push_back(KernelParam{p.name, dtypeName(p.dtype), p.inout});
    (input ? f.inputText : f.outputText).push_back(plain(text));
  }
  return f;
}

struct FileEntry {
  std::string path;
  std::string bytes;
  unsigned mode;
  bool installed;
};

std::string manifestText(const PackageInput& in, const KernelFacts& f, const std::vector<FileEntry>& files) {
  Manifest m;
  m.kernel = in.name;
  m.version = in.version;
  m.npuArch = in.npuArch;
  m.host = "linux-" + hostCpu();
  m.builtBy = in.toolVersion;
  m.coreType = f.coreType;
  m.taskRation = f.taskRation;
  m.blockDim = f.blockDim;
  m.index = {in.name, in.version, in.npuArch, f.coreType, f.blockDim, f.inputs, f.outputs,
             in.name + "/" + in.name + ".json", in.name + "/" + in.name + ".o"};
  for (const FileEntry& e : files)
    m.files.push_back({e.path, sha256Hex(e.bytes), e.bytes.size(), e.mode, e.installed});
  return writeManifest(m);
}

std::string scriptText(const PackageInput& in, const char* role) {
  std::ostringstream o;
  o << "#!/bin/bash\n"
    << "# " << (std::strcmp(role, "install") == 0 ? "Installer" : "Uninstaller") << " of the SuperKernel static kernel "
    << in.name << " " << in.version << " (generated by sk_compile; docs/packaging.md).\n"
    << "SK_ROLE=" << role << "\n"
    << "SK_KERNEL=" << in.name << "\n"
    << "SK_VERSION=" << in.version << "\n"
    << "SK_NPU_ARCH=" << in.npuArch << "\n";
  o.write((const char*)sk_package_script, (std::streamsize)sk_package_script_size);
  return o.str();
}

// ---- the makeself header ---------------------------------------------------------------------

// Line 2 of the package, run before anything else: a file cut short (or appended to) is refused
// before sh reaches code that is no longer there. sh runs a script as it reads it, so without this
// a cut at a line boundary ran what was left and exited 0, and other cuts ended in "command not
// found". One compound command: any part of this line alone is a syntax error (exit 2), never a
// complete command.
std::string sizeGuardLine() {
  return std::string("{ ") + kSizeField + kSizePlaceholder +
         R"SH(; sk_have=$(wc -c <"$0" 2>/dev/null); test "$sk_have" = "$SK_SIZE" || { echo "ERROR: $0: integrity check failed: damaged package: it is ${sk_have:-an unknown number of} bytes, a complete one is $SK_SIZE bytes (cut short, or bytes appended): get or rebuild the package" >&2; exit 2; }; })SH";
}

// The body of SK_Info: one echo per line of what the package holds.
std::string infoLines(const PackageInput& in, const KernelFacts& f, const std::vector<FileEntry>& files) {
  std::vector<std::string> lines = {
      "SuperKernel static kernel package",
      "  Kernel:        " + plain(in.name) + " (" + plain(f.coreType) +
          (f.taskRation.empty() ? "" : " " + plain(f.taskRation)) + ", blockDim " + std::to_string(f.blockDim) + ")",
      "  Version:       " + plain(in.version),
      "  NPU arch:      " + plain(in.npuArch),
      "  Installs on:   linux-" + plain(hostCpu()),
  };
  auto list = [&](const char* label, const std::vector<std::string>& items) {
    std::string l = std::string("  ") + label;
    for (size_t i = 0; i < items.size(); ++i) l += (i ? ", " : "") + items[i];
    if (items.empty()) l += "(none)";
    lines.push_back(l);
  };
  list("Inputs:        ", f.inputText);
  list("Outputs:       ", f.outputText);
  for (size_t i = 0; i < files.size(); ++i)
    lines.push_back(std::string(i == 0 ? "  Files:         " : "                 ") + plain(files[i].path) + " (" +
                    std::to_string(files[i].bytes.size()) + " bytes" + (files[i].installed ? "" : ", not installed") +
                    ", sha256 " + sha256Hex(files[i].bytes) + ")");
  lines.push_back("                 manifest.json (the list above with the index entry)");
  lines.push_back("  Installs to:   <root>/opp/static_kernel/ai_core/" + in.name +
                  "/ (root: --install-path=DIR, $SK_HOME or $HOME/.superkernel)");
  std::string body;
  for (const std::string& l : lines) body += "    echo " + singleQuoted(l) + "\n";
  body.pop_back();
  return body;
}

// The functions added to the header: lib/packaging/sk_header_functions.sh with its fields filled
// (runtime shell text; escaped for the template by the caller).
std::string headerFunctions(const PackageInput& in, const KernelFacts& f, const std::vector<FileEntry>& files) {
  std::string t((const char*)sk_header_functions, sk_header_functions_size);
  const std::pair<std::string, std::string> fields[] = {{"@KERNEL@", plain(in.name)},
                                                        {"@VERSION@", plain(in.version)},
                                                        {"@NPU_ARCH@", plain(in.npuArch)},
                                                        {"@HOST@", plain(hostCpu())},
                                                        {"@INFO_LINES@", infoLines(in, f, files)}};
  for (const auto& [key, value] : fields)
    for (size_t at = t.find(key); at != std::string::npos; at = t.find(key, at + value.size()))
      t.replace(at, key.size(), value);
  return t;
}

// Applies one targeted edit to the template: `anchor` must occur exactly once.
llvm::Error edit(std::string& text, const std::string& anchor, const std::string& replacement,
                 const std::string& templatePath) {
  size_t at = text.find(anchor);
  if (at == std::string::npos || text.find(anchor, at + 1) != std::string::npos)
    return sk::internalError(templatePath + ": does not look like the makeself 2.4 header this build knows (" +
                             (at == std::string::npos ? "missing" : "repeated") + " text: \"" +
                             llvm::StringRef(anchor).split('\n').first.str() +
                             "\"); install Debian's makeself 2.4.x or set SK_MAKESELF_HEADER to its "
                             "makeself-header.sh");
  text.replace(at, anchor.size(), replacement);
  return llvm::Error::success();
}

llvm::Expected<std::string> deriveHeader(const std::string& templatePath, const PackageInput& in,
                                         const KernelFacts& f, const std::vector<FileEntry>& files) {
  auto text = readOwnFile(templatePath, "makeself header");
  if (!text) {
    llvm::consumeError(text.takeError());
    return sk::internalError(templatePath + ": cannot read the makeself header template (install makeself, or "
                             "set SK_MAKESELF_HEADER)");
  }
  std::string h = std::move(*text);
  std::string funcs = heredocEscape(headerFunctions(in, f, files));
  for (llvm::StringRef line : llvm::split(funcs, '\n'))
    if (line == "EOF") return sk::internalError("package header: a line reads EOF");  // cannot happen
  struct Edit {
    std::string anchor, replacement;
  };
  std::string ver = heredocEscape(singleQuoted(plain(in.version)));
  std::vector<Edit> edits = {
      {"#!/bin/sh\n# This script was generated", "#!/bin/sh\n" + heredocEscape(sizeGuardLine()) + "\n# This script was generated"},
      // extraction folders named after the process, so that the next run can tell stale ones
      {"\ttmpdir=\"\\$TMPROOT/selfgz\\$\\$\\$RANDOM\"\n\tdashp=\"\"\n",
       heredocEscape("\tSK_Clean_Extractions\n\ttmpdir=`mktemp -d \"$TMPROOT/sk-pkg.$$.XXXXXX\"` || tmpdir=\"\"\n"
                     "\tdashp=\"-p\"\n")},
      // the whole-file checksum field: fixed width, patched after makeself ran
      {"SHA=\"$SHAsum\"\n", "SHA=\"$SHAsum\"\n" + std::string(kShaField) + kZeroSha + "\n"},
      {"initargs=\"\\$@\"\n", funcs + "initargs=\"\\$@\"\n"},
      {"    -h | --help)\n\tMS_Help\n\texit 0\n", "    -h | --help)\n\tSK_Help\n\texit 0\n"},
      {"    -q | --quiet)\n\tquiet=y\n", "    -q | --quiet)\n\tquiet=y\n\tSK_PKG_QUIET=1\n\texport SK_PKG_QUIET\n"},
      {"    --info)\n", "    --info)\n\tSK_Info\n"},
      // a failed extraction (a full TMPDIR) is an environment failure: exit 1 with a message that
      // says so, not makeself's "Signal caught" and exit 15 (its tar failure signals the header)
      {"\t\ttar \\$1f - $UNTAR_EXTRA 2>&1 || { echo Extraction failed. >&2; kill -15 \\$$; }\n",
       heredocEscape("\t\ttar $1f - ") + "$UNTAR_EXTRA" +
           heredocEscape(" 2>&1 || { echo \"ERROR: cannot extract $0 into $tmpdir (disk full? set TMPDIR to a "
                         "directory with more free space)\" >&2; kill -15 $$; }\n")},
      {"    rm -rf \"\\$tmpdir\"\n    eval \\$finish; exit 15\n", "    rm -rf \"\\$tmpdir\"\n    eval \\$finish; exit 1\n"},
      // not enough room to extract: makeself leaves its (empty) extraction folder behind
      {"                echo \"Consider setting TMPDIR to a directory with more free space.\"\n            fi\n",
       "                echo \"Consider setting TMPDIR to a directory with more free space.\"\n"
       "                rm -rf \"\\$tmpdir\"\n            fi\n"},
      {"    --check)\n\tMS_Check \"\\$0\" y\n", "    --check)\n\tnoprogress=y\n\tSK_Check_Whole_A \"\\$0\"\n\tSK_Check_Whole_B \"\\$0\"\n\tMS_Check \"\\$0\" y\n"},
      // the package's own actions go to the embedded install script; unknown flags are usage errors
      {"    -*)\n\techo Unrecognized flag : \"\\$1\" >&2\n\tMS_Help\n\texit 1\n",
       "    --install | --upgrade | --uninstall | --install-path | --install-path=*)\n\tquiet=y\n\tnoprogress=y\n"
       "\tbreak ;;\n"
       "    --version)\n\techo " + ver + "\n\texit 0\n\t;;\n"
       "    -*)\n\techo \"ERROR: unrecognized option: \\$1 (see \\$0 --help)\" >&2\n\texit 2\n"},
      // before anything is written (even the temporary extraction folder): an action is required
      // and the whole file must be intact
      {"if test x\"\\$targetdir\" = x.; then\n",
       "if test x\"\\$script\" != x && test \\$# -eq 0; then\n"
       "    echo \"ERROR: no action given: use --install, --upgrade or --uninstall (see \\$0 --help)\" >&2\n"
       "    exit 2\nfi\nSK_Check_Whole_A \"\\$0\"\nSK_Check_Whole_B \"\\$0\"\n"
       "if test x\"\\$targetdir\" = x.; then\n"},
  };
  for (const Edit& e : edits)
    if (llvm::Error err = edit(h, e.anchor, e.replacement, templatePath)) return err;
  return h;
}

}  // namespace

llvm::Error validateVersion(const std::string& v) {
  std::string why = versionProblem(v);
  if (why.empty()) return llvm::Error::success();
  return sk::inputError("--version " + v + ": " + why +
                        " (a version is 1-64 characters from 0-9 A-Z a-z . + ~ -, starting with a letter or digit, "
                        "e.g. 1.0.0)");
}

std::string hostCpu() {
  struct utsname u;
  if (uname(&u) != 0 || !*u.machine) return "unknown";
  return plain(u.machine);
}

std::string packageFileName(const std::string& name, const std::string& version) {
  return name + "_" + version + "_linux-" + hostCpu() + ".run";
}

namespace {

struct Makeself {
  std::string program, headerTemplate;
};

// makeself from $SK_MAKESELF or PATH, and its header template beside it (or $SK_MAKESELF_HEADER).
llvm::Expected<Makeself> findMakeself() {
  Makeself m;
  if (const char* e = std::getenv("SK_MAKESELF"); e && *e) m.program = e;
  else m.program = sk::findOnPath("makeself");
  if (m.program.empty())
    return sk::internalError("--package needs makeself, which is not on PATH: install it (apt-get install makeself; "
                             "scripts/setup.sh does) or set SK_MAKESELF");
  if (const char* h = std::getenv("SK_MAKESELF_HEADER"); h && *h) {
    m.headerTemplate = h;
  } else {
    llvm::SmallString<256> real;
    std::string prefix = llvm::sys::fs::real_path(m.program, real) ? m.program : std::string(real);
    prefix = llvm::sys::path::parent_path(llvm::sys::path::parent_path(prefix)).str();
    m.headerTemplate = prefix + "/share/makeself/makeself-header.sh";
  }
  return m;
}

// The payload: the kernel, the scripts, the tool (the manifest, written beside them, lists them).
std::vector<FileEntry> payloadFiles(const PackageInput& in) {
  return {
      {in.name + ".o", in.object.str(), 0644, true},
      {in.name + ".json", in.metadata.str(), 0644, true},
      {"uninstall.sh", scriptText(in, "uninstall"), 0755, true},
      // last of the installed files: an uninstall removes it last, after its final use
      {kToolFileName, std::string((const char*)sk_pkg_tool_binary, sk_pkg_tool_binary_size), 0755, true},
      {"install.sh", scriptText(in, "install"), 0755, false},
  };
}

// work/<name>/ with the payload and its manifest, work/sk-header.sh, and makeself's scratch dirs.
llvm::Error stage(const WorkDir& work, const PackageInput& in, const std::vector<FileEntry>& files,
                  const std::string& manifest, const std::string& header) {
  std::string payload = work.file(in.name);
  if (::mkdir(payload.c_str(), 0755) != 0 || ::chmod(payload.c_str(), 0755) != 0)
    return sk::internalError(payload + ": cannot create the payload directory");
  for (const FileEntry& f : files)
    if (llvm::Error e = writeFile(payload + "/" + f.path, f.bytes, f.mode)) return e;
  if (llvm::Error e = writeFile(payload + "/manifest.json", manifest, 0644)) return e;
  if (llvm::Error e = writeFile(work.file("sk-header.sh"), header, 0644)) return e;
  if (::mkdir(work.file("scratch").c_str(), 0700) != 0 || ::mkdir(work.file("tmp").c_str(), 0700) != 0)
    return sk::internalError(work.path() + ": cannot create scratch directories");
  return llvm::Error::success();
}

llvm::Expected<std::string> runMakeself(const Makeself& m, const WorkDir& work, const PackageInput& in) {
  // Relative names inside the work directory only: makeself embeds its command line.
  const std::string label = "SuperKernel static kernel " + in.name + " " + in.version + " (" + in.npuArch + ")";
  // gzip is run as "gzip -c<complevel>": "9n" adds -n, which keeps the time stamp of its input
  // (makeself's temporary tar file) out of the gzip header.
  std::vector<std::string> args = {"--sha256",       "--nox11",      "--quiet",       "--tar-quietly",
                                   "--gzip",         "--complevel",  "9n",            "--packaging-date",
                                   kPackagingDate,   "--tar-extra",  kTarExtra,       "--header",
                                   "./sk-header.sh", in.name,       "package.run",   label,
                                   "bash",           "./install.sh"};
  sk::ToolResult r = sk::runTool(m.program, args, work.path(), {{"TMPDIR", work.file("tmp")}, {"LC_ALL", "C"}},
                                         work.file("scratch"));
  if (!r.started) return sk::internalError("cannot run " + m.program + ": " + r.error);
  if (r.exitCode != 0)
    return sk::internalError(m.program + " failed (exit " + std::to_string(r.exitCode) + "):\n" + r.out + r.err);
  auto run = readOwnFile(work.file("package.run"), "package");
  if (!run) {
    llvm::consumeError(run.takeError());
    return sk::internalError(m.program + " did not write the package:\n" + r.out + r.err);
  }
  return run;
}

// Patch the size, then the whole-file SHA-256 (of the file with that field zeroed) into their
// header fields (same widths, so no offset moves).
llvm::Error patchHeaderFields(Package& p) {
  size_t sizeAt = p.bytes.find(std::string(kSizeField) + kSizePlaceholder + ";");
  if (sizeAt == std::string::npos) return sk::internalError("package: the size field is missing from the header");
  std::string size = std::to_string(p.bytes.size());
  p.bytes.replace(sizeAt + std::strlen(kSizeField), kSizePlaceholder.size(), size + std::string(20 - size.size(), ' '));
  std::string field = "\n" + std::string(kShaField) + kZeroSha + "\n";
  size_t at = p.bytes.find(field);
  if (at == std::string::npos) return sk::internalError("package: the SHA-256 field is missing from the header");
  p.sha256 = sha256Hex(p.bytes);
  p.bytes.replace(at + 1 + std::strlen(kShaField), 64, p.sha256);
  p.fileSha256 = sha256Hex(p.bytes);
  return llvm::Error::success();
}

llvm::Error checkNames(const PackageInput& in) {
  if (!isKernelName(in.name))
    return sk::inputError("package: kernel name " + in.name + " is not a C identifier of at most 255 characters");
  if (llvm::Error e = validateVersion(in.version)) return e;
  if (!isArchName(in.npuArch))
    return sk::inputError("package: NPU arch name '" + in.npuArch +
                          "' cannot be recorded in a package (1-64 letters, digits, '-', '_', '.')");
  return llvm::Error::success();
}

}  // namespace

// check_names → read_facts → find_makeself → payload → manifest → derive_header → stage →
// run_makeself → patch_header_fields.
llvm::Expected<Package> buildPackage(const PackageInput& in) {
  if (llvm::Error e = checkNames(in)) return e;
  auto facts = readFacts(in);
  if (!facts) return facts.takeError();
  auto makeself = findMakeself();
  if (!makeself) return makeself.takeError();
  std::vector<FileEntry> files = payloadFiles(in);
  std::string manifest = manifestText(in, *facts, files);
  auto header = deriveHeader(makeself->headerTemplate, in, *facts, files);
  if (!header) return header.takeError();
  WorkDir work;
  if (llvm::Error e = work.create()) return e;
  if (llvm::Error e = stage(work, in, files, manifest, *header)) return e;
  auto run = runMakeself(*makeself, work, in);
  if (!run) return run.takeError();
  Package p;
  p.bytes = std::move(*run);
  if (llvm::Error e = patchHeaderFields(p)) return e;
  p.fileName = packageFileName(in.name, in.version);
  return p;
}

}  // namespace sk::pkg
