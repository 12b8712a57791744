// JIT example 01: SuperKernel basics.
//
// A two-layer MLP block with a residual branch, written as a list of sub-kernel launches.
// Two scopes (sk1, sk2) are fused at run time into super kernels, in this process; the
// RMSNorm between them stays a normal launch (outside any scope). The fused run must compute
// exactly the bytes the eager run computes.
//
//   sk1: h1 = x @ w1 (AIC)  ->  a1 = relu(h1 + b1)  ->  a1h = half(a1)
//        n1 = rmsnorm(a1)                                  (eager, reads sk1's a1)
//   sk2: h2 = a1h @ w2 (AIC) ->  a2 = relu(h2 + b2)  ->  out = a2 + n1
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>

#include "../common/network.h"
#include "sk/error.h"

int main(int argc, char** argv) {
  std::string arch = argc > 1 ? argv[1] : "dav-2201";
  example::Network net;
  net.output = "out";
  net.ops = {
      {"mlp_matmul", {{"x", "x"}, {"w", "w1"}, {"y", "h1"}}, "sk1"},
      {"mlp_bias_relu", {{"x", "h1"}, {"bias", "b1"}, {"y", "a1"}}, "sk1"},
      {"mlp_to_half", {{"x", "a1"}, {"y", "a1h"}}, "sk1"},
      {"mlp_rmsnorm", {{"x", "a1"}, {"y", "n1"}}, ""},
      {"mlp_matmul", {{"x", "a1h"}, {"w", "w2"}, {"y", "h2"}}, "sk2"},
      {"mlp_bias_relu", {{"x", "h2"}, {"bias", "b2"}, {"y", "a2"}}, "sk2"},
      {"mlp_add", {{"x", "a2"}, {"y", "n1"}, {"z", "out"}}, "sk2"},
  };
  example::RunConfig cfg;
  cfg.arch = arch;
  cfg.kernelDir = example::buildDir() + "/examples/jit/kernels";
  auto eager = example::runNetwork(net, cfg);
  if (!eager) return sk::reportAndExitCode(eager.takeError(), "example01");
  cfg.fuse = true;
  cfg.explain = true;
  auto fused = example::runNetwork(net, cfg);
  if (!fused) return sk::reportAndExitCode(fused.takeError(), "example01");

  std::printf("eager: %zu launches, %.3f us device time\n", eager->launches, eager->deviceUs);
  std::printf("fused: %zu launches (sk1, rmsnorm, sk2), %.3f us device time\n", fused->launches, fused->deviceUs);
  if (eager->output != fused->output || eager->output.empty()) {
    std::printf("ERROR: fused and eager outputs differ\n");
    return 3;
  }
  std::printf("fused output is byte-identical to eager (%zu bytes); fusion saved %.1f%% of device time\n",
              fused->output.size(), 100.0 * (eager->deviceUs - fused->deviceUs) / eager->deviceUs);
  return 0;
}
