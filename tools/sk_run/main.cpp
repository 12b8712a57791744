// sk_run: run a kernel (sub-kernel or super kernel) on the simulated NPU (docs/architecture.md §3.6).
#include <algorithm>
#include <chrono>
#include <cstring>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <optional>

#include <CLI/CLI.hpp>

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "sk/error.h"
#include "sk/file_io.h"
#include "sk/installed_kernels.h"
#include "sk/kernel_runner.h"
#include "sk/op_summary.h"
#include "sk/mode_comparison.h"
#include "sk/runtime.h"
#include "sk/arch.h"
#include "sk/subkernel.h"
#include "report.h"
#include "sk/task_table.h"

namespace {

struct Options {
  std::string kernel;
  std::string arch = "dav-2201";
  bool archGiven = false;
  std::string installPath;  // root of installed kernels (default $SK_HOME, else $HOME/.superkernel)
  std::vector<std::string> inputs;
  uint64_t seed = 1;
  std::string outputDir;
  bool compareUnfused = false;
  std::string trace;
  std::string report;
  std::string opSummary;
  uint32_t repeat = 1;
  unsigned workers = 0;
  uint64_t timeoutMs = 60000;
  bool quiet = false;
};

// Fused and unfused outputs differ: exit code 3.
class MismatchError : public llvm::ErrorInfo<MismatchError> {
 public:
  static char ID;
  explicit MismatchError(std::string m) : msg(std::move(m)) {}
  void log(llvm::raw_ostream& os) const override { os << msg; }
  std::error_code convertToErrorCode() const override { return llvm::inconvertibleErrorCode(); }
  std::string msg;
};
char MismatchError::ID = 0;

// Per sub-kernel: cores, first start, last end (profiling=1 super kernels).
void printProfile(const sk::subkernel::SuperKernelSection& sk, const std::vector<uint8_t>& bytes, uint32_t mhz) {
  const auto& inst = sk.instances;
  std::vector<std::pair<uint64_t, uint64_t>> span(inst.size(), {UINT64_MAX, 0});
  std::vector<uint32_t> cores(inst.size(), 0);
  for (size_t at = 0; at + sizeof(sk_profile_record) <= bytes.size(); at += sizeof(sk_profile_record)) {
    sk_profile_record r;
    std::memcpy(&r, bytes.data() + at, sizeof r);
    if (r.end_cycles == 0 || r.task >= inst.size()) continue;
    span[r.task].first = std::min(span[r.task].first, r.start_cycles);
    span[r.task].second = std::max(span[r.task].second, r.end_cycles);
    ++cores[r.task];
  }
  std::printf("profile (virtual us):\n  %-32s %6s %12s %12s %12s\n", "sub-kernel", "cores", "start", "end", "duration");
  for (size_t i = 0; i < inst.size(); ++i)
    if (cores[i])
      std::printf("  %-32s %6u %12.3f %12.3f %12.3f\n", inst[i].label.c_str(), cores[i], (double)span[i].first / mhz,
                  (double)span[i].second / mhz, (double)(span[i].second - span[i].first) / mhz);
}

// KERNEL.json, or the name of a kernel installed from a .run package (docs/packaging.md).
struct ResolvedKernel {
  std::string json;
  std::string npuArch;  // installed kernels: the arch it was built for
};

llvm::Expected<ResolvedKernel> resolveKernel(const std::string& arg, const std::string& installPath) {
  if (llvm::sys::fs::exists(arg)) return ResolvedKernel{arg, ""};
  if (llvm::StringRef(arg).ends_with(".json") || arg.find('/') != std::string::npos)
    return sk::inputError(arg + ": no such metadata file");
  auto k = sk::pkg::findInstalledKernel(arg, installPath);
  if (!k) {
    std::string why = llvm::toString(k.takeError());
    return sk::inputError(arg + ": no such file, and " + why);
  }
  if (!k->indexCurrent)
    llvm::errs() << "sk_run: note: " << k->indexNote
                 << "; its manifest was used, and the next install or uninstall rewrites the index\n";
  return ResolvedKernel{k->json, k->npuArch};
}

// --input NAME=FILE: the file holds exactly the bytes of input (or scalar) NAME, and no more is ever read.
llvm::Error readInputs(const Options& o, const sk::subkernel::KernelMeta& m, sk::rt::RunOptions& ro) {
  for (const std::string& spec : o.inputs) {
    size_t eq = spec.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == spec.size())
      return sk::inputError("--input " + spec + ": expected NAME=FILE.bin");
    std::string name = spec.substr(0, eq), file = spec.substr(eq + 1);
    auto p = std::find_if(m.params.begin(), m.params.end(), [&](const sk::subkernel::Param& q) { return q.name == name; });
    if (p == m.params.end() || (p->role != sk::subkernel::Role::Input && p->role != sk::subkernel::Role::Scalar))
      return sk::inputError("--input " + name + ": " + m.kernelName + " has no input or scalar parameter named '" + name + "'");
    auto data = sk::readFile(file, p->bytes, ("input " + name).c_str());
    if (!data) return data.takeError();
    ro.inputs[name] = sk::rt::TensorBytes(data->begin(), data->end());
  }
  return llvm::Error::success();
}

struct Loaded {
  sk::arch::ArchSpec arch;
  sk::subkernel::SubKernel kernel;
};

// resolve (file or installed name) → arch → metadata → object, all checked.
llvm::Expected<Loaded> loadKernel(const Options& o) {
  auto resolved = resolveKernel(o.kernel, o.installPath);
  if (!resolved) return resolved.takeError();
  // an installed kernel runs on the arch it was built for unless --arch says otherwise
  auto arch = sk::arch::loadArch(!o.archGiven && !resolved->npuArch.empty() ? resolved->npuArch : o.arch);
  if (!arch) return arch.takeError();
  auto meta = sk::subkernel::readMeta(resolved->json);
  if (!meta) return meta.takeError();
  llvm::SmallString<256> objPath(llvm::sys::path::parent_path(resolved->json));
  llvm::sys::path::append(objPath, meta->binFileName + meta->binFileSuffix);
  auto kernel = sk::subkernel::readSubKernel(std::string(objPath), resolved->json, *arch);
  if (!kernel) return kernel.takeError();
  return Loaded{std::move(*arch), std::move(*kernel)};
}

struct Runs {
  sk::rt::ModeRuns modes;  // fused; with --compare-unfused eager and replay too
  double wallMs = 0;
};

// The fused run (with --compare-unfused all three modes), then the trace: written even after a
// device error, since it shows where the error happened.
llvm::Expected<Runs> runAll(const Options& o, sk::rt::Runtime& rt, const sk::subkernel::SubKernel& k,
                            const sk::rt::RunOptions& ro) {
  auto wall0 = std::chrono::steady_clock::now();
  Runs r;
  llvm::Error err = llvm::Error::success();
  if (o.compareUnfused) {
    auto modes = sk::rt::runModes(rt, k, ro);
    if (modes) r.modes = std::move(*modes);
    else err = modes.takeError();
  } else {
    auto fused = sk::rt::runKernel(rt, k, ro);
    if (fused) r.modes.fused = std::move(*fused);
    else err = fused.takeError();
  }
  r.wallMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - wall0).count();
  llvm::Error traceErr = o.trace.empty() ? llvm::Error::success()
                                         : sk::writeFileAtomically(o.trace, rt.device().traceJson());
  if (err) {
    llvm::consumeError(std::move(traceErr));
    return err;
  }
  if (traceErr) return traceErr;
  return r;
}

llvm::Error writeOutputs(const Options& o, const sk::subkernel::KernelMeta& m, const sk::rt::RunResult& r) {
  std::vector<std::pair<std::string, llvm::StringRef>> files;
  for (const sk::subkernel::Param& p : m.params) {
    if (!p.isOutput()) continue;
    const auto& bytes = r.outputs.at(p.name);
    files.push_back({p.name + ".bin", llvm::toStringRef(llvm::ArrayRef(bytes))});
    if (!o.quiet)
      std::cout << "output " << p.name << " " << sk::rt::describeTensor(p) << " " << sk::rt::summarizeTensor(p, bytes)
                << "\n";
  }
  if (o.outputDir.empty()) return llvm::Error::success();
  return sk::writeFilesInto(o.outputDir, files, "--output-dir");
}

// The three modes side by side: eager launches, the same captured and replayed, the super kernel.
llvm::Error compareRuns(const sk::subkernel::KernelMeta& m, const sk::rt::ModeRuns& r, const sk::rt::Comparison& c) {
  double saved = r.eager.deviceUs - r.fused.deviceUs;
  std::printf("unfused: %.3f us device time for %zu launches; fused: %.3f us for %zu: fusion saved %.3f us (%.1f%%)\n",
              r.eager.deviceUs, r.eager.launches, r.fused.deviceUs, r.fused.launches, saved,
              r.eager.deviceUs > 0 ? 100.0 * saved / r.eager.deviceUs : 0.0);
  std::fputs(sk::rt::comparisonTable(c).c_str(), stdout);
  std::printf("wall time of the simulator: eager %.3f ms, graph replay %.3f ms, fused %.3f ms\n", r.eager.wallMs,
              r.replay.wallMs, r.fused.wallMs);
  auto diffs = sk::rt::compareOutputs(m, r.fused, r.eager);
  for (const std::string& d : sk::rt::compareOutputs(m, r.fused, r.replay)) diffs.push_back("(replay) " + d);
  if (diffs.empty()) {
    std::printf("fused and unfused outputs are byte-identical (eager and replay)\n");
    return llvm::Error::success();
  }
  std::string msg = "fused and unfused outputs differ:";
  for (const std::string& d : diffs) msg += "\n  " + d;
  return llvm::make_error<MismatchError>(msg);
}

// load → inputs → run (fused, unfused) → trace → outputs → summary → profile → report → compare.
llvm::Error run(const Options& o) {
  auto loaded = loadKernel(o);
  if (!loaded) return loaded.takeError();
  const sk::arch::ArchSpec& arch = loaded->arch;
  const sk::subkernel::SubKernel& kernel = loaded->kernel;
  const sk::subkernel::KernelMeta& m = kernel.meta;
  sk::rt::RunOptions ro;
  ro.seed = o.seed;
  ro.repeat = o.repeat;
  if (llvm::Error e = readInputs(o, m, ro)) return e;
  if (llvm::sys::fs::exists(o.outputDir) && !llvm::sys::fs::is_directory(o.outputDir))
    return sk::inputError("--output-dir " + o.outputDir + ": exists and is not a directory");
  if (o.compareUnfused && !m.superKernel)
    return sk::inputError("--compare-unfused: " + m.origin + " is not a super kernel (made by sk_compile)");
  uint64_t profileBytes = m.superKernel ? m.superKernel->memoryPlan.profileBytes : 0;
  if (profileBytes) ro.readBack.push_back({"sk_workspace", m.superKernel->memoryPlan.profileOffset, profileBytes});

  sk::sim::DeviceOptions dopts;
  dopts.trace = !o.trace.empty() || !o.report.empty();
  dopts.workerThreads = o.workers;
  dopts.launchTimeoutMs = o.timeoutMs;
  auto rt = sk::rt::Runtime::create(arch, dopts);
  if (!rt) return rt.takeError();
  auto runs = runAll(o, **rt, kernel, ro);
  if (!runs) return runs.takeError();
  if (llvm::Error e = writeOutputs(o, m, runs->modes.fused)) return e;
  sk::sim::DeviceStats st = (*rt)->device().stats();
  std::printf("%s on %s: blockDim %u, %u run(s)\n", m.kernelName.c_str(), arch.name.c_str(), m.blockDim, o.repeat);
  std::printf("device time (virtual): %.3f us\ntask time (virtual):   %.3f us (Task Duration: without start-ups)\n"
              "host time (virtual):   %.3f us\nwall time:             %.3f ms\n",
              runs->modes.fused.deviceUs, runs->modes.fused.taskUs, st.hostUs, runs->wallMs);
  if (profileBytes) printProfile(*m.superKernel, runs->modes.fused.readBack.front(), arch.clockMHz);
  std::optional<sk::rt::Comparison> comparison;
  if (o.compareUnfused) comparison = sk::rt::compareModes(*m.superKernel, runs->modes);
  if (!o.report.empty()) {
    skrun::ReportInput in{&m, arch.name, &runs->modes.fused, comparison ? &*comparison : nullptr, (*rt)->device().traceJson()};
    if (llvm::Error e = sk::writeFileAtomically(o.report, skrun::htmlReport(in))) return e;
    std::printf("report: %s\n", o.report.c_str());
  }
  if (!o.opSummary.empty()) {
    std::vector<sk::rt::OpSummaryBlock> blocks = {{"fused", runs->modes.fused.tasks, {}, {}}};
    if (o.compareUnfused) {
      blocks.push_back({"eager", runs->modes.eager.tasks, {}, {}});
      blocks.push_back({"replay", runs->modes.replay.tasks, {}, {}});
    }
    std::string csv = sk::rt::opSummaryCsv(blocks);
    if (llvm::Error e = sk::writeFileAtomically(o.opSummary, csv)) return e;
    std::printf("op summary: %s\n", o.opSummary.c_str());
  }
  return comparison ? compareRuns(m, runs->modes, *comparison) : llvm::Error::success();
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  CLI::App app{"sk_run: run a kernel or super kernel on the simulated NPU.\n"
               "Exit codes: 0 ok, 1 runtime or device error, 2 usage or bad input, 3 fused/unfused mismatch."};
  app.add_option("kernel", o.kernel, "KERNEL.json (the .o named by binFileName sits beside it) or the name of a kernel installed from a .run "
                 "package (found through <root>/opp/static_kernel/ai_core/index.json)")
      ->required();
  CLI::Option* archOpt =
      app.add_option("--arch", o.arch,
                     "dav-2201 | dav-3510 | path of an arch JSON (installed kernels: default the arch they were "
                     "built for)")
          ->capture_default_str();
  app.add_option("--install-path", o.installPath,
                 "root of installed kernels, for KERNEL given by name (default $SK_HOME, else $HOME/.superkernel)");
  app.add_option("--input", o.inputs, "NAME=FILE.bin: raw little-endian bytes of input (or scalar) NAME (repeatable)");
  app.add_option("--seed", o.seed, "seed for inputs not given with --input")
      ->check([](const std::string& s) { return s.find('-') != std::string::npos ? "must not be negative" : ""; })
      ->capture_default_str();
  app.add_option("--output-dir", o.outputDir, "write each output to DIR/<name>.bin (DIR is created if missing)");
  app.add_flag("--compare-unfused", o.compareUnfused, "super kernels: also run the sub-kernels one by one and compare");
  app.add_option("--trace", o.trace, "write a Chrome trace (virtual time) to FILE.json");
  app.add_option("--report", o.report, "write an HTML profile report to FILE.html");
  app.add_option("--op-summary", o.opSummary,
                 "write the device tasks as an msprof-style op_summary CSV to FILE.csv (every mode with --compare-unfused)");
  app.add_option("--repeat", o.repeat, "launch the kernel N times")->check(CLI::Range(1u, 1000000u))->capture_default_str();
  app.add_option("--workers", o.workers, "host threads running simulated cores (0: one per host core)")
      ->check(CLI::Range(0u, sk::sim::DeviceOptions::kMaxWorkerThreads));
  app.add_option("--timeout-ms", o.timeoutMs, "wall-clock budget of one launch")->capture_default_str();
  app.add_flag("-q,--quiet", o.quiet, "do not print output summaries");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int rc = app.exit(e);
    return rc == 0 ? 0 : 2;
  }
  o.archGiven = archOpt->count() > 0;
  llvm::Error err = run(o);
  int code = 0;
  err = llvm::handleErrors(std::move(err), [&](const MismatchError& m) {
    llvm::errs() << "sk_run: " << m.msg << "\n";
    code = 3;
  });
  if (err) return sk::reportAndExitCode(std::move(err), "sk_run");
  return code;
}
