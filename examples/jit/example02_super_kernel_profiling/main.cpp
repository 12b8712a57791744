// JIT example 02: profiling a network with and without SuperKernel.
//
// A three-layer MLP (matmul -> bias + relu -> cast, per layer) runs eagerly and with each
// layer fused at run time into its own super kernel (profiling=1). Both runs write a Chrome
// trace in virtual time (open them in Perfetto, ui.perfetto.dev):
//   prof_result/no_sk_model/trace.json   prof_result/sk_model/trace.json
// and the per-task times are printed side by side.
#include <cstdio>
#include <fstream>
#include <string>
#include <sys/stat.h>

#include "../common/network.h"
#include "sk/error.h"

namespace {

bool writeTrace(const std::string& dir, const std::string& json) {
  mkdir("prof_result", 0755);
  mkdir(dir.c_str(), 0755);
  std::ofstream out(dir + "/trace.json");
  out << json;
  return out.good();
}

void printTasks(const char* title, const example::RunResult& r) {
  std::printf("%s\n  %-28s %12s %12s\n", title, "task", "start (us)", "time (us)");
  double first = r.tasks.empty() ? 0 : r.tasks.front().beginUs;
  for (const auto& t : r.tasks) std::printf("  %-28s %12.3f %12.3f\n", t.name.c_str(), t.beginUs - first, t.endUs - t.beginUs);
}

}  // namespace

int main(int argc, char** argv) {
  std::string arch = argc > 1 ? argv[1] : "dav-2201";
  example::Network net;
  net.output = "a3";
  std::string in = "x";
  for (int l = 1; l <= 3; ++l) {
    std::string L = std::to_string(l), scope = "layer" + L;
    net.ops.push_back({"mlp_matmul", {{"x", in}, {"w", "w" + L}, {"y", "h" + L}}, scope});
    net.ops.push_back({"mlp_bias_relu", {{"x", "h" + L}, {"bias", "b" + L}, {"y", "a" + L}}, scope});
    if (l < 3) net.ops.push_back({"mlp_to_half", {{"x", "a" + L}, {"y", "a" + L + "h"}}, scope});
    in = "a" + L + "h";
  }
  example::RunConfig cfg;
  cfg.arch = arch;
  cfg.kernelDir = example::buildDir() + "/examples/jit/kernels";
  cfg.trace = true;
  auto eager = example::runNetwork(net, cfg);
  if (!eager) return sk::reportAndExitCode(eager.takeError(), "example02");
  cfg.fuse = true;
  cfg.options = "profiling=1";
  auto fused = example::runNetwork(net, cfg);
  if (!fused) return sk::reportAndExitCode(fused.takeError(), "example02");

  if (!writeTrace("prof_result/no_sk_model", eager->trace) || !writeTrace("prof_result/sk_model", fused->trace)) {
    std::printf("ERROR: cannot write the traces under prof_result/\n");
    return 1;
  }
  printTasks("without SuperKernel:", *eager);
  printTasks("with SuperKernel (one per layer):", *fused);
  if (eager->output != fused->output || eager->output.empty()) {
    std::printf("ERROR: fused and eager outputs differ\n");
    return 3;
  }
  std::printf("outputs byte-identical; device time %.3f us (%zu launches) -> %.3f us (%zu launches): %.1f%% less\n",
              eager->deviceUs, eager->launches, fused->deviceUs, fused->launches,
              100.0 * (eager->deviceUs - fused->deviceUs) / eager->deviceUs);
  std::printf("traces: prof_result/no_sk_model/trace.json, prof_result/sk_model/trace.json\n");
  return 0;
}
