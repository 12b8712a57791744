// JIT example 03: the minimal runtime path, through the ACL-style C API.
//
//   1. initialise ACL, set the device, create a stream
//   2. compile two sub-kernels with clang-19 (kernels/vec_add.cpp, kernels/vec_scale.cpp) and
//      declare their reuse: vec_add's output z is vec_scale's input (both bound to "mid")
//   3. fuse them into one super kernel, in this process
//   4. prepare inputs in pinned host memory and copy them to the device
//   5. register the fused binary (rtDevBinaryRegister / rtFunctionRegister) and launch it
//      (rtKernelLaunch with the device addresses packed in a host buffer)
//   6. synchronise, copy the result back, check it against the host: out = (x + y) * 3
//   7. release everything
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "sk/error.h"
#include "sk/reuse_analysis.h"
#include "sk/arch.h"
#include "sk/super_kernel.h"

extern char** environ;

namespace {

#define CHECK_ACL(call)                                                                 \
  do {                                                                                  \
    aclError rc_ = (call);                                                              \
    if (rc_ != ACL_SUCCESS) {                                                           \
      std::fprintf(stderr, "%s failed: %d: %s\n", #call, rc_, aclGetRecentErrMsg());    \
      return 1;                                                                         \
    }                                                                                   \
  } while (0)

// clang-19 with the kernel contract flags, run without a shell.
bool compileKernel(const std::string& src, const std::string& out) {
  std::string include = "-I" + std::string(SK_DEFAULT_SOURCE_DIR) + "/include";
  std::vector<std::string> argv = {"clang-19", "-c", "-O2", "-fPIC", "-fno-exceptions", "-fno-rtti",
                                   "-std=c++17", include, src, "-o", out};
  std::vector<char*> args;
  for (auto& a : argv) args.push_back(a.data());
  args.push_back(nullptr);
  pid_t pid;
  if (posix_spawnp(&pid, "clang-19", nullptr, nullptr, args.data(), environ) != 0) return false;
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::string arch = argc > 1 ? argv[1] : "dav-2201";
  setenv("SK_ARCH", arch.c_str(), 1);

  // 1. ACL, device, stream.
  CHECK_ACL(aclInit(nullptr));
  CHECK_ACL(aclrtSetDevice(0));
  aclrtStream stream;
  CHECK_ACL(aclrtCreateStream(&stream));
  std::printf("[1] device 0 (%s), stream created\n", aclrtGetSocName());

  // 2. Compile the sub-kernels; bind vec_add.z and vec_scale.x to one tensor.
  mkdir("tmp", 0755);
  for (const char* k : {"vec_add", "vec_scale"}) {
    if (!compileKernel(std::string("kernels/") + k + ".cpp", std::string("tmp/") + k + ".o")) {
      std::fprintf(stderr, "clang-19 failed on kernels/%s.cpp\n", k);
      return 1;
    }
  }
  sk::reuse::PlanRequest req;
  req.name = "vec_add_scale";
  auto limits = sk::arch::loadArch(arch);
  if (!limits) return sk::reportAndExitCode(limits.takeError(), "example03");
  req.arch = *limits;
  req.ops.ops = {{"tmp/vec_add.o", "kernels/vec_add.json", std::nullopt, std::nullopt, std::nullopt, {{"z", "mid"}}, nullptr},
                 {"tmp/vec_scale.o", "kernels/vec_scale.json", std::nullopt, std::nullopt, std::nullopt,
                  {{"x", "mid"}, {"y", "out"}}, nullptr}};
  std::printf("[2] compiled vec_add and vec_scale; vec_add.z and vec_scale.x share tensor 'mid'\n");

  // 3. Fuse in process.
  auto plan = sk::reuse::makePlan(req);
  if (!plan) return sk::reportAndExitCode(plan.takeError(), "example03");
  auto fused = sk::super_kernel::build(*plan);
  if (!fused) return sk::reportAndExitCode(fused.takeError(), "example03");
  std::printf("[3] fused into %s: %zu-byte object, blockDim %u, workspace %llu bytes ('mid' lives there)\n",
              req.name.c_str(), fused->object.size(), plan->blockDim, (unsigned long long)plan->workspaceBytes);

  // 4. Inputs in pinned memory, copied to the device; every SK parameter gets a buffer.
  const size_t n = 1024, bytes = n * sizeof(float);
  float *hx, *hy;
  CHECK_ACL(aclrtMallocHost((void**)&hx, bytes));
  CHECK_ACL(aclrtMallocHost((void**)&hy, bytes));
  for (size_t i = 0; i < n; ++i) {
    hx[i] = (float)i * 0.5f;
    hy[i] = 1.0f - (float)(i % 7);
  }
  std::vector<void*> dev;
  for (const sk::subkernel::Param& p : plan->params) {
    void* d = nullptr;
    if (p.bytes) CHECK_ACL(aclrtMalloc(&d, p.bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    if (p.name == "x") CHECK_ACL(aclrtMemcpyAsync(d, p.bytes, hx, bytes, ACL_MEMCPY_HOST_TO_DEVICE, stream));
    if (p.name == "y") CHECK_ACL(aclrtMemcpyAsync(d, p.bytes, hy, bytes, ACL_MEMCPY_HOST_TO_DEVICE, stream));
    if (p.role == sk::subkernel::Role::Tiling && p.bytes)
      CHECK_ACL(aclrtMemcpy(d, p.bytes, p.data.data(), p.bytes, ACL_MEMCPY_HOST_TO_DEVICE));
    dev.push_back(d);
  }
  std::printf("[4] %zu parameters allocated, inputs copied\n", dev.size());

  // 5. Register and launch.
  rtDevBinary_t bin{RT_DEV_BINARY_MAGIC_ELF_AIVEC, 0, fused->object.data(), fused->object.size()};
  void* handle = nullptr;
  CHECK_ACL(rtDevBinaryRegister(&bin, &handle));
  static const char stub = 0;  // any stable host address keys the function
  CHECK_ACL(rtFunctionRegister(handle, &stub, req.name.c_str(), req.name.c_str(), 0));
  CHECK_ACL(rtKernelLaunch(&stub, plan->blockDim, dev.data(), (uint32_t)(dev.size() * sizeof(void*)), nullptr, stream));
  std::printf("[5] launched %s on %u blocks\n", req.name.c_str(), plan->blockDim);

  // 6. Synchronise, copy back, check.
  CHECK_ACL(aclrtSynchronizeStream(stream));
  std::vector<float> out(n);
  for (size_t i = 0; i < plan->params.size(); ++i)
    if (plan->params[i].name == "out") CHECK_ACL(aclrtMemcpy(out.data(), bytes, dev[i], bytes, ACL_MEMCPY_DEVICE_TO_HOST));
  size_t bad = 0;
  for (size_t i = 0; i < n; ++i) bad += out[i] != (hx[i] + hy[i]) * 3.0f;
  std::printf("[6] out[0..4] = %g %g %g %g; %zu of %zu elements differ from (x + y) * 3\n", out[0], out[1], out[2],
              out[3], bad, n);

  // 7. Release.
  for (void* d : dev)
    if (d) CHECK_ACL(aclrtFree(d));
  CHECK_ACL(aclrtFreeHost(hx));
  CHECK_ACL(aclrtFreeHost(hy));
  CHECK_ACL(rtDevBinaryUnRegister(handle));
  CHECK_ACL(aclrtDestroyStream(stream));
  CHECK_ACL(aclrtResetDevice(0));
  CHECK_ACL(aclFinalize());
  std::printf("[7] released\n");
  return bad == 0 ? 0 : 3;
}
