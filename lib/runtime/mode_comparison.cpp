#include "sk/mode_comparison.h"

#include <cstdio>
#include <map>

namespace sk::rt {

namespace {

using Tasks = std::vector<sk::sim::Device::TaskTiming>;

// Mean duration of the tasks named `name`.
double meanTaskUs(const Tasks& tasks, const std::string& name) {
  double sum = 0;
  int n = 0;
  for (const auto& t : tasks)
    if (t.name == name) sum += t.endUs - t.beginUs, ++n;
  return n ? sum / n : 0;
}

// Mean over the tasks of span `name`'s first start to last end.
double meanSpanUs(const Tasks& tasks, const std::string& name) {
  double sum = 0;
  int n = 0;
  for (const auto& t : tasks)
    for (const auto& s : t.spans)
      if (s.name == name) sum += s.endUs - s.beginUs, ++n;
  return n ? sum / n : 0;
}

}  // namespace

llvm::Expected<ModeRuns> runModes(Runtime& rt, const subkernel::SubKernel& sk, const RunOptions& opts) {
  ModeRuns r;
  for (auto [name, out] : {std::pair<const char*, RunResult*>{"fused", &r.fused}, {"eager", &r.eager}, {"replay", &r.replay}}) {
    rt.device().dropCaches();  // the same state for each
    rt.device().traceSection(name);
    auto run = out == &r.fused ? runKernel(rt, sk, opts)
                               : runUnfused(rt, sk, opts, out == &r.eager ? UnfusedMode::Eager : UnfusedMode::Replay);
    if (!run) return run.takeError();
    *out = std::move(*run);
  }
  return r;
}

Comparison compareModes(const subkernel::SuperKernelSection& sk, const ModeRuns& runs) {
  const RunResult &eager = runs.eager, &replay = runs.replay, &fused = runs.fused;
  Comparison c;
  for (auto [name, run] : {std::pair<const char*, const RunResult*>{"eager", &eager}, {"graph replay", &replay},
                           {"fused", &fused}})
    c.modes.push_back({name, run, fused.endToEndUs > 0 ? run->endToEndUs / fused.endToEndUs : 0});
  for (const auto& inst : sk.instances)
    c.subKernels.push_back({inst.label, meanTaskUs(eager.tasks, inst.symbol), meanTaskUs(replay.tasks, inst.symbol),
                            meanSpanUs(fused.tasks, inst.label)});
  double waitUs = 0, coreLaunches = 0;
  for (const auto& t : fused.tasks) {
    coreLaunches += (double)t.blockDim * (t.ration.aic + t.ration.aiv);
    for (const auto& s : t.spans)
      if (s.name == "sk_task_wait" || s.name == "sk_sync_all") waitUs += s.totalUs;
  }
  if (coreLaunches > 0) c.syncUs = waitUs / coreLaunches;
  if (fused.launches && fused.deviceUs > 0) c.syncShare = c.syncUs / (fused.deviceUs / (double)fused.launches);
  return c;
}

std::string comparisonTable(const Comparison& c) {
  std::string out;
  char line[512];
  std::snprintf(line, sizeof line, "%-13s %12s %11s %11s %11s %15s %7s %14s\n", "mode", "end-to-end us", "device us",
                "busy us", "idle us", "host launch us", "tasks", "fused speedup");
  out += line;
  for (const Comparison::Mode& m : c.modes) {
    const RunResult& r = *m.run;
    std::snprintf(line, sizeof line, "%-13s %12.3f %11.3f %11.3f %11.3f %15.3f %7zu %13.2fx\n", m.name.c_str(),
                  r.endToEndUs, r.deviceUs, r.busyUs, r.deviceUs - r.busyUs, r.hostUs, r.launches, m.fusedSpeedup);
    out += line;
  }
  std::snprintf(line, sizeof line,
                "fused over eager: %.2fx, over graph replay: %.2fx (end-to-end virtual time)\n"
                "sync inside the super kernel: %.3f us per core and launch (%.1f%% of its device time): task-boundary "
                "and SyncAll waits\n",
                c.modes[0].fusedSpeedup, c.modes[1].fusedSpeedup, c.syncUs, 100 * c.syncShare);
  out += line;
  std::snprintf(line, sizeof line, "%-40s %11s %11s %11s\n", "sub-kernel (virtual us, mean per run)", "eager", "replay",
                "fused");
  out += line;
  const size_t shown = 32;  // the report lists them all
  for (size_t i = 0; i < c.subKernels.size() && i < shown; ++i) {
    const Comparison::SubKernel& s = c.subKernels[i];
    std::snprintf(line, sizeof line, "  %-38s %11.3f %11.3f %11.3f\n", s.label.c_str(), s.eagerUs, s.replayUs, s.fusedUs);
    out += line;
  }
  if (c.subKernels.size() > shown)
    out += "  ... and " + std::to_string(c.subKernels.size() - shown) + " more (--report lists them all)\n";
  return out;
}

}  // namespace sk::rt
