// JIT example 01: SuperKernel basics — the seed's MoE network (superkernel_scope.py) in C++,
// with the op library (sk::ops) and JIT scopes (sk::jit::Scope, the analogue of
// tng.scope.super_kernel); the network is example::SeedNetwork (../common/moe_network.h):
//
//   sk1: grouped_matmul -> grouped_matmul -> moe_gating_topk
//   outside any scope: reshape (a view), square, concat
//   sk2: dequant_swiglu_quant -> quant_matmul
//
// It runs eagerly once, then with its scopes fused, twice (the second time replays the first's
// super kernels). Every result must equal the eager bytes. The super kernels are cached in
// ./kernel_meta: a second run of this program builds none.
#include <string>
#include <vector>

#include "../common/moe_network.h"

int main(int argc, char** argv) {
  using namespace example;
  setenv("SK_ARCH", argc > 1 ? argv[1] : "dav-2201", 1);
  CHECK_ACL(aclInit(nullptr));
  CHECK_ACL(aclrtSetDevice(0));
  aclrtStream s;
  CHECK_ACL(aclrtCreateStream(&s));
  SeedNetwork net;
  std::printf("[1] %s: MoE network, %lld tokens, hidden %lld, %lld experts (top %lld)\n", aclrtGetSocName(),
              (long long)net.T, (long long)net.H, (long long)net.E, (long long)net.K);

  float eagerUs = deviceUs(s, [&] { net.run(false, s); });
  std::vector<std::vector<uint8_t>> eager = downloadAll(net.results());
  std::printf("[2] eager: %d launches, %.2f us on the device\n", net.kLaunches, eagerUs);

  bool same = true;
  float fusedUs = 0;
  std::vector<std::vector<uint8_t>> fused;
  for (int iteration = 0; iteration < 2; ++iteration) {
    clear(net.results());
    fusedUs = deviceUs(s, [&] { net.run(true, s); });
    fused = downloadAll(net.results());
    same = same && fused == eager;
  }
  dumpResults(SeedNetwork::resultNames(), fused);
  sk::jit::Stats st = sk::jit::stats();
  std::printf("[3] fused: sk1 and sk2 one super kernel each, %d launches, %.2f us on the device (%.1f%% less)\n",
              net.kLaunches - 3, fusedUs, 100.0 * (eagerUs - fusedUs) / eagerUs);
  std::printf("[4] super kernels: %llu built, %llu read from %s/, %llu scopes replayed\n",
              (unsigned long long)st.built, (unsigned long long)st.diskHits, sk::jit::cacheDir().c_str(),
              (unsigned long long)st.replays);
  if (!same) {
    std::printf("ERROR: the fused network's results differ from the eager run\n");
    return 3;
  }
  std::printf("fused results are byte-identical to eager (gmm1, gmm2, weights, ids, sq, cat, q, qscale, out)\n");
  CHECK_ACL(aclrtResetDevice(0));
  CHECK_ACL(aclFinalize());
  return 0;
}
