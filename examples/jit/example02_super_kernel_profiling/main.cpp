// JIT example 02: profiling a MoE layer with and without SuperKernel (the seed's
// superkernel_compare.py): six scopes sp1…sp6, fusion switched off (the seed's
// FakeContextManager) and on, each network run twice with only the second run measured — the
// super kernels are built once, on the first run, not per iteration. Both runs are traced in
// virtual time (open them in Perfetto, ui.perfetto.dev):
//   prof_result/no_sk_model/trace.json   prof_result/sk_model/trace.json
// the per-task times are printed side by side and written to prof_result/report.html. The
// network is example::SixScopeNetwork (../common/moe_network.h).
#include <sys/stat.h>

#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "../common/moe_network.h"
#include "sk/acl_interop.h"

namespace {

using namespace example;

struct Profile {
  std::vector<sk::sim::Device::TaskTiming> tasks;  // of the measured run
  std::string trace;
  float deviceUs = 0;
  std::vector<std::vector<uint8_t>> outputs;
};

// A fresh traced device; the network run twice, the second run measured.
Profile profile(bool fuse) {
  CHECK_ACL(aclrtSetDevice(0));
  aclrtStream s;
  CHECK_ACL(aclrtCreateStream(&s));
  Profile p;
  {
    SixScopeNetwork net;
    net.run(fuse, s);  // warm-up: with fusion, the super kernels are built here
    CHECK_ACL(aclrtSynchronizeStream(s));
    size_t before = 0;
    CHECK_ACL(sk::acl::withRuntime("example02", [&](sk::rt::Runtime& rt) {
      before = rt.device().taskTimings().size();
      return llvm::Error::success();
    }));
    p.deviceUs = deviceUs(s, [&] { net.run(fuse, s); });
    p.outputs = downloadAll(net.results());
    CHECK_ACL(sk::acl::withRuntime("example02", [&](sk::rt::Runtime& rt) {
      std::vector<sk::sim::Device::TaskTiming> all = rt.device().taskTimings();
      p.tasks.assign(all.begin() + (long)before, all.end());
      p.trace = rt.device().traceJson();
      return llvm::Error::success();
    }));
  }
  CHECK_ACL(aclrtResetDevice(0));
  return p;
}

bool writeFile(const std::string& path, const std::string& text) {
  std::ofstream f(path);
  f << text;
  return f.good();
}

std::string taskRows(const Profile& p) {
  std::string rows;
  char line[256];
  for (const auto& t : p.tasks) {
    std::snprintf(line, sizeof line, "<tr><td>%s</td><td>%.2f</td></tr>\n", t.name.c_str(), t.endUs - t.beginUs);
    rows += line;
  }
  return rows;
}

void print(const char* title, const Profile& p) {
  std::printf("%s\n  %-36s %10s\n", title, "task", "time (us)");
  for (const auto& t : p.tasks) {
    std::printf("  %-36s %10.2f\n", t.name.c_str(), t.endUs - t.beginUs);
    for (const auto& span : t.spans)
      if (span.name.find(" (op ") != std::string::npos)
        std::printf("    %-34s %10.2f\n", span.name.c_str(), span.endUs - span.beginUs);
  }
}

}  // namespace

int main(int argc, char** argv) {
  setenv("SK_ARCH", argc > 1 ? argv[1] : "dav-2201", 1);
  setenv("SK_TRACE", "1", 1);
  CHECK_ACL(aclInit(nullptr));
  Profile eager = profile(false), fused = profile(true);
  mkdir("prof_result", 0755);
  mkdir("prof_result/no_sk_model", 0755);
  mkdir("prof_result/sk_model", 0755);
  char summary[512];
  std::snprintf(summary, sizeof summary,
                "device time %.2f us (%zu launches) -> %.2f us (%zu launches): %.2fx, %.1f%% less", eager.deviceUs,
                eager.tasks.size(), fused.deviceUs, fused.tasks.size(), eager.deviceUs / fused.deviceUs,
                100.0 * (eager.deviceUs - fused.deviceUs) / eager.deviceUs);
  std::string html = "<!doctype html><html><head><meta charset=\"utf-8\"><title>SuperKernel profile</title></head><body>\n"
                     "<h1>MoE layer, six scopes: without and with SuperKernel</h1>\n<p>" +
                     std::string(summary) + " (virtual time)</p>\n<h2>Without SuperKernel</h2><table border=1>\n" +
                     taskRows(eager) + "</table>\n<h2>With SuperKernel</h2><table border=1>\n" + taskRows(fused) +
                     "</table>\n</body></html>\n";
  if (!writeFile("prof_result/no_sk_model/trace.json", eager.trace) ||
      !writeFile("prof_result/sk_model/trace.json", fused.trace) || !writeFile("prof_result/report.html", html)) {
    std::printf("ERROR: cannot write under prof_result/\n");
    return 1;
  }
  dumpResults(SixScopeNetwork::resultNames(), fused.outputs);
  print("without SuperKernel:", eager);
  print("with SuperKernel (sp1..sp6 one super kernel each):", fused);
  if (eager.outputs != fused.outputs) {
    std::printf("ERROR: fused and eager outputs differ\n");
    return 3;
  }
  std::printf("outputs byte-identical; %s\n", summary);
  std::printf("traces: prof_result/no_sk_model/trace.json, prof_result/sk_model/trace.json; report: prof_result/report.html\n");
  CHECK_ACL(aclFinalize());
  return 0;
}
