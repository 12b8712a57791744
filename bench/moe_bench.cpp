// The seed's MoE networks three ways, in virtual device time, on the arch of $SK_ARCH:
// eager (one launch per op), graph replay (the network captured once, aclmdlRIExecuteAsync) and
// fused (its scopes as sk::jit scopes). Each is run once to warm up (the fused run builds its
// super kernels there) and measured on the second run: device time between two events, and the
// op time (the kernels' task durations summed, as CANN's op_statistic.csv totals them).
// bench/README.md has the table; bench/calibration compares the op times with CANN's sample.
#include <string>

#include "../examples/jit/common/moe_network.h"
#include "sk/acl_interop.h"

namespace {

using namespace example;

std::vector<sk::sim::Device::TaskTiming> taskTimings() {
  std::vector<sk::sim::Device::TaskTiming> all;
  CHECK_ACL(sk::acl::withRuntime("moe_bench", [&](sk::rt::Runtime& rt) {
    all = rt.device().taskTimings();
    return llvm::Error::success();
  }));
  return all;
}

struct Measured {
  float deviceUs = 0;
  double opUs = 0;
};

template <typename Net>
void measure(const char* name, aclrtStream s) {
  Net net;
  auto time = [&](auto&& work) {
    work();  // warm-up
    Measured m;
    m.deviceUs = deviceUs(s, work);  // ends synchronized: every task so far is timed
    size_t from = taskTimings().size();
    work();  // once more for the op time
    CHECK_ACL(aclrtSynchronizeStream(s));
    std::vector<sk::sim::Device::TaskTiming> all = taskTimings();
    for (size_t i = from; i < all.size(); ++i)
      if (all[i].kind == sk::sim::Device::TaskTiming::Kind::Kernel) m.opUs += all[i].endUs - all[i].beginUs;
    return m;
  };
  Measured eager = time([&] { net.run(false, s); });
  aclmdlRI model;
  CHECK_ACL(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
  net.run(false, s);
  CHECK_ACL(aclmdlRICaptureEnd(s, &model));
  Measured replay = time([&] { CHECK_ACL(aclmdlRIExecuteAsync(model, s)); });
  CHECK_ACL(aclmdlRIDestroy(model));
  Measured fused = time([&] { net.run(true, s); });
  std::printf("| %s | %s | %d ops, %d scopes | %.2f us | %.2f us | %.2f us | %.2fx | %.2fx | %.2f us | %.2f us |\n",
              std::getenv("SK_ARCH"), name, Net::kLaunches, Net::kScopes, eager.deviceUs, replay.deviceUs, fused.deviceUs,
              eager.deviceUs / fused.deviceUs, replay.deviceUs / fused.deviceUs, eager.opUs, fused.opUs);
}

}  // namespace

int main() {
  if (!std::getenv("SK_ARCH")) setenv("SK_ARCH", "dav-2201", 1);
  sk::jit::setCacheDir("");  // build every super kernel here: nothing left behind
  CHECK_ACL(aclInit(nullptr));
  CHECK_ACL(aclrtSetDevice(0));
  aclrtStream s;
  CHECK_ACL(aclrtCreateStream(&s));
  std::printf("| arch | network | ops | eager | graph replay | fused (sk::jit scopes) | fused over eager | fused over replay "
              "| op time eager | op time fused |\n|---|---|---|---|---|---|---|---|---|---|\n");
  measure<SeedNetwork>("seed network (sk1, sk2)", s);
  measure<SixScopeNetwork>("six-scope network (sp1..sp6)", s);
  CHECK_ACL(aclrtResetDevice(0));
  CHECK_ACL(aclFinalize());
  return 0;
}
