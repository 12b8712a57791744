// The seed's MoE networks three ways, in virtual device time, on the arch of $SK_ARCH:
// eager (one launch per op), graph replay (the network captured once, aclmdlRIExecuteAsync) and
// fused (its scopes as sk::jit scopes). Each is run once to warm up (the fused run builds its
// super kernels there) and measured on the second run. bench/README.md has the table.
#include <string>

#include "../examples/jit/common/moe_network.h"

namespace {

using namespace example;

template <typename Net>
void measure(const char* name, aclrtStream s) {
  Net net;
  auto time = [&](auto&& work) {
    work();  // warm-up
    return deviceUs(s, work);
  };
  float eager = time([&] { net.run(false, s); });
  aclmdlRI model;
  CHECK_ACL(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
  net.run(false, s);
  CHECK_ACL(aclmdlRICaptureEnd(s, &model));
  float replay = time([&] { CHECK_ACL(aclmdlRIExecuteAsync(model, s)); });
  CHECK_ACL(aclmdlRIDestroy(model));
  float fused = time([&] { net.run(true, s); });
  std::printf("| %s | %s | %d ops, %d scopes | %.2f us | %.2f us | %.2f us | %.2fx | %.2fx |\n", std::getenv("SK_ARCH"),
              name, Net::kLaunches, Net::kScopes, eager, replay, fused, eager / fused, replay / fused);
}

}  // namespace

int main() {
  if (!std::getenv("SK_ARCH")) setenv("SK_ARCH", "dav-2201", 1);
  sk::jit::setCacheDir("");  // build every super kernel here: nothing left behind
  CHECK_ACL(aclInit(nullptr));
  CHECK_ACL(aclrtSetDevice(0));
  aclrtStream s;
  CHECK_ACL(aclrtCreateStream(&s));
  measure<SeedNetwork>("seed network (sk1, sk2)", s);
  measure<SixScopeNetwork>("six-scope network (sp1..sp6)", s);
  CHECK_ACL(aclrtResetDevice(0));
  CHECK_ACL(aclFinalize());
  return 0;
}
