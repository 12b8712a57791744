// sk_compile: fuse sub-kernels into one super kernel (docs/architecture.md §3.6, docs/sk_compile.md).
#include <sys/stat.h>

#include <chrono>
#include <cstdio>
#include <iostream>

#include <CLI/CLI.hpp>

#include "llvm/Support/FileSystem.h"
#include "sk/device_imports.h"
#include "sk/error.h"
#include "sk/file_io.h"
#include "sk/packaging.h"
#include "sk/reuse_analysis.h"
#include "sk/arch.h"
#include "sk/super_kernel.h"
#include "sk/text.h"

namespace {

struct Options {
  std::vector<std::string> ops;
  std::string opList;
  std::string options;
  std::string name = "super_kernel";
  std::string arch = "dav-2201";
  std::string outDir = ".";
  bool package = false;
  std::string version;
  bool versionGiven = false;
  bool explain = false;
  std::vector<std::string> keep;
  bool quiet = false;
  bool verbose = false;
};

// -v: how long each step took, on stderr.
class Phases {
 public:
  explicit Phases(bool on) : on_(on), last_(std::chrono::steady_clock::now()) {}
  void done(const char* step) {
    auto now = std::chrono::steady_clock::now();
    if (on_) std::fprintf(stderr, "sk_compile: %-14s %8.2f ms\n", step, std::chrono::duration<double, std::milli>(now - last_).count());
    last_ = now;
  }

 private:
  bool on_;
  std::chrono::steady_clock::time_point last_;
};


llvm::Error checkArgs(const Options& o) {
  if (o.ops.empty() == o.opList.empty()) return sk::inputError("give exactly one of --ops and --op-list (see --help)");
  for (const std::string& obj : o.ops)  // "--ops , --name x" hands the next flag over as an entry
    if (obj.rfind("--", 0) == 0)
      return sk::inputError("--ops: '" + obj + "' is not an object: give the objects as a.o,b.o,...");
  if (!sk::isCIdentifier(o.name)) return sk::inputError("--name " + o.name + ": must be a C identifier (letters, digits, _)");
  if (sk::subkernel::isIntrinsicName(o.name))
    return sk::inputError("--name " + o.name + ": the name of an intrinsic (the entry would shadow it): choose another");
  if (o.versionGiven && !o.package) return sk::inputError("--version " + o.version + ": only with --package");
  if (o.package)
    if (llvm::Error e = sk::pkg::validateVersion(o.versionGiven ? o.version : sk::pkg::kDefaultVersion)) return e;
  if (llvm::sys::fs::exists(o.outDir) && !llvm::sys::fs::is_directory(o.outDir))
    return sk::inputError("-o " + o.outDir + ": exists and is not a directory");
  return llvm::Error::success();
}

// The op list (file or --ops) with its options and --options appended.
llvm::Expected<sk::reuse::PlanRequest> planRequest(const Options& o, const sk::arch::ArchSpec& arch) {
  sk::reuse::PlanRequest req;
  req.name = o.name;
  req.arch = arch;
  req.keepOutputs = o.keep;
  if (!o.opList.empty()) {
    auto list = sk::reuse::readOpList(o.opList);
    if (!list) return list.takeError();
    req.ops = std::move(*list);
  } else {
    req.ops = sk::reuse::opListFromObjects(o.ops);
  }
  auto options = sk::reuse::listOptions(req.ops, o.options);
  if (!options) return options.takeError();
  req.options = *options;
  return req;
}

void printSummary(const Options& o, const sk::reuse::Plan& plan, const sk::super_kernel::SuperKernel& sk,
                  const sk::pkg::Package* package) {
  if (o.quiet) return;
  std::printf("fused %zu sub-kernels into %s (%s %s, blockDim %u): %s/%s.o (%zu bytes), %s.json; workspace %llu "
              "bytes (%llu without reuse)\n",
              plan.ops.size(), o.name.c_str(), sk::coreTypeName(plan.ration.kernelType()), plan.ration.str().c_str(),
              plan.blockDim, o.outDir.c_str(), o.name.c_str(), sk.object.size(), o.name.c_str(),
              (unsigned long long)plan.workspaceBytes, (unsigned long long)plan.workspaceBytesNoReuse);
  if (package)
    std::printf("packaged %s %s for %s: %s/%s (%zu bytes, sha256 %s)\n", o.name.c_str(),
                (o.versionGiven ? o.version : std::string(sk::pkg::kDefaultVersion)).c_str(), plan.arch.name.c_str(),
                o.outDir.c_str(), package->fileName.c_str(), package->bytes.size(), package->fileSha256.c_str());
}

// check_args → arch → plan_request → plan → build → package → write → summary.
llvm::Error run(const Options& o) {
  Phases phases(o.verbose);
  if (llvm::Error e = checkArgs(o)) return e;
  auto arch = sk::arch::loadArch(o.arch);
  if (!arch) return arch.takeError();
  auto req = planRequest(o, *arch);
  if (!req) return req.takeError();
  phases.done("read op list");
  auto plan = sk::reuse::makePlan(*req);
  if (!plan) return plan.takeError();
  phases.done("plan");
  if (o.explain) std::cout << sk::reuse::explain(*plan) << std::flush;
  auto sk = sk::super_kernel::build(*plan);
  if (!sk) return sk.takeError();
  phases.done("link + metadata");
  llvm::StringRef object((const char*)sk->object.data(), sk->object.size());
  std::vector<std::pair<std::string, llvm::StringRef>> files = {{o.name + ".o", object}, {o.name + ".json", sk->metadata}};
  std::optional<sk::pkg::Package> package;
  if (o.package) {
    auto p = sk::pkg::buildPackage({o.name, o.versionGiven ? o.version : sk::pkg::kDefaultVersion, arch->name, object,
                                    sk->metadata, "sk_compile " SK_PROJECT_VERSION});
    if (!p) return p.takeError();
    package = std::move(*p);
    files.push_back({package->fileName, package->bytes});
    phases.done("package");
  }
  // -o is created only now, so that bad input leaves no trace.
  if (llvm::Error e = sk::writeFilesInto(o.outDir, files, "-o")) return e;
  if (package) {  // executable, as far as the umask allows
    mode_t mask = ::umask(0);
    ::umask(mask);
    ::chmod((o.outDir + "/" + package->fileName).c_str(), 0777 & ~mask);
  }
  phases.done("write");
  printSummary(o, *plan, *sk, package ? &*package : nullptr);
  return llvm::Error::success();
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  CLI::App app{"sk_compile: fuse sub-kernels (each X.o with X.json beside it) into one super kernel <name>.o + "
               "<name>.json.\nExit codes: 0 ok, 1 internal error, 2 usage or bad input."};
  app.add_option("--ops", o.ops, "sub-kernel objects in program (launch) order: a.o,b.o,...")->delimiter(',');
  app.add_option("--op-list", o.opList,
                 "anchor-compatible op list JSON: {\"super_kernel_options\", \"op_list\": [{\"bin_path\", \"json_path\", "
                 "\"stream_id\", \"send_event_list\", \"recv_event_list\", \"bind\"}]}");
  app.add_option("--options", o.options,
                 "key=value:key=value (strict). early-start=0|1 (default 1), stream-fusion=0|1 (1), "
                 "debug-sync-all=0|1 (0), preload-code=per-func|none (per-func), profiling=0|1 (0); accepted "
                 "without effect, see docs/sk_compile.md: feed-sync-all=0|1, split-mode=1..64");
  app.add_option("--name", o.name, "super kernel name (a C identifier)")->capture_default_str();
  app.add_option("--arch", o.arch, "dav-2201 | dav-3510 | path of an arch JSON")->capture_default_str();
  app.add_option("-o", o.outDir, "output directory (created if missing)")->capture_default_str();
  app.add_flag("--package", o.package,
               "also write <name>_<version>_linux-<cpu>.run, an installable static kernel package "
               "(docs/packaging.md)");
  CLI::Option* versionOpt = app.add_option("--version", o.version,
                 std::string("package version (default ") + sk::pkg::kDefaultVersion +
                     "; 0-9 A-Z a-z . + ~ -, no '_')");
  app.add_flag("--explain", o.explain, "print the plan: tasks, core ranges, dependencies with reasons, memory plan");
  app.add_option("--keep-output", o.keep, "keep intermediate tensor NAME as an output of the super kernel (repeatable)");
  app.add_flag("-q,--quiet", o.quiet, "no summary line");
  app.add_flag("-v,--verbose", o.verbose, "print how long each step took");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int rc = app.exit(e);
    return rc == 0 ? 0 : 2;
  }
  o.versionGiven = versionOpt->count() > 0;
  if (llvm::Error e = run(o)) return sk::reportAndExitCode(std::move(e), "sk_compile");
  return 0;
}
