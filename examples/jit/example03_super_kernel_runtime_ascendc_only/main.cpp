// JIT example 03: the AscendC-only runtime path (the seed's superkernel_runtime_ascendc_basic.py
// with compile_sk.py), without the op layer, through the ACL-style C API in seven steps:
//
//   1. initialise ACL, set the device, create a stream
//   2. compile two AscendC sub-kernels with sk_cc (kernels/add_custom.cpp, scale_custom.cpp) for
//      the SoC version resolved as compile_sk.py does, and declare their reuse with
//      set_input/set_output: add_custom's output is scale_custom's input (the same name, "out1");
//      fuse them into one super kernel written to kernel_meta/<name>.o + .json
//   3. prepare the inputs in pinned host memory, copy them to the device, allocate the rest
//   4. load the super kernel through kernel_meta/<name>.json (blockDim, kernelName, binFileName;
//      its kernel type -> the magic string -> its number, compile_sk.py's MAGIC_MAPPING)
//   5. register it (rtDevBinaryRegister, rtFunctionRegister) and launch it with the C2C control
//      address as the placeholder first argument (rtGetC2cCtrlAddr), then every SK parameter
//   6. synchronise, copy the result back, check it: out2 = (x + y) * 3
//   7. release everything
#include <spawn.h>
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "sk/arch.h"
#include "sk/error.h"
#include "sk/file_io.h"
#include "sk/reuse_analysis.h"
#include "sk/super_kernel.h"
#include "llvm/Support/FileSystem.h"

extern char** environ;

namespace {

#define CHECK_ACL(call)                                                              \
  do {                                                                               \
    aclError rc_ = (call);                                                           \
    if (rc_ != ACL_SUCCESS) {                                                        \
      std::fprintf(stderr, "%s failed: %d: %s\n", #call, rc_, aclGetRecentErrMsg()); \
      return 1;                                                                      \
    }                                                                                \
  } while (0)

// compile_sk.py's SoC version: the first of these variables that is set, else the device's.
std::string socVersion() {
  for (const char* v : {"SUPERKERNEL_COMPILE_SOC_VERSION", "ASCEND_COMPILE_SOC_VERSION", "ASCEND_SOC_VERSION"})
    if (const char* s = std::getenv(v); s && *s) return s;
  const char* name = aclrtGetSocName();
  return name ? name : "Ascend910_9391";
}

// The NPU architecture sk_cc compiles for: Ascend 950 parts are dav-3510, the 910B/910_93
// families dav-2201.
std::string archOfSoc(const std::string& soc) {
  return soc.rfind("Ascend950", 0) == 0 || soc.rfind("Ascend910_95", 0) == 0 ? "dav-3510" : "dav-2201";
}

// compile_sk.py's MAGIC_MAPPING: the kernel's magic string -> the number rtDevBinaryRegister takes.
const std::map<std::string, uint32_t> kMagicMapping = {
    {"RT_DEV_BINARY_MAGIC_ELF", RT_DEV_BINARY_MAGIC_ELF},
    {"RT_DEV_BINARY_MAGIC_ELF_AIVEC", RT_DEV_BINARY_MAGIC_ELF_AIVEC},
    {"RT_DEV_BINARY_MAGIC_ELF_AICUBE", RT_DEV_BINARY_MAGIC_ELF_AICUBE},
};
// The magic string of a kernel type (what the op build writes into kernel_meta for it).
std::string magicOf(sk::CoreType t) {
  return t == sk::CoreType::AIV ? "RT_DEV_BINARY_MAGIC_ELF_AIVEC"
         : t == sk::CoreType::AIC ? "RT_DEV_BINARY_MAGIC_ELF_AICUBE"
                                  : "RT_DEV_BINARY_MAGIC_ELF";
}

bool run(const std::vector<std::string>& argv) {
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid;
  if (posix_spawn(&pid, args[0], nullptr, nullptr, args.data(), environ) != 0) return false;
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

// One sub-kernel of compile_sk.py: compiled by sk_cc; set_input/set_output name its tensors.
struct SubKernel {
  std::string name;
  std::vector<std::string> inputs, outputs;
  void set_input(std::vector<std::string> names) { inputs = std::move(names); }
  void set_output(std::vector<std::string> names) { outputs = std::move(names); }
};

// compile_sk.py's SkCompileContext: where sub-kernels and the super kernel are built
// (kernel_meta/), removed on exit when need_clean.
class SkCompileContext {
 public:
  SkCompileContext(std::string arch, bool needClean) : arch_(std::move(arch)), needClean_(needClean) {
    llvm::sys::fs::create_directories("kernel_meta");
  }
  ~SkCompileContext() {
    if (!needClean_) return;
    for (const std::string& f : written_) std::remove(f.c_str());
    llvm::sys::fs::remove("kernel_meta");  // if empty
  }
  bool compileSubkernel(const std::string& name) {
    std::string build = std::getenv("SK_BUILD_DIR") ? std::getenv("SK_BUILD_DIR") : SK_DEFAULT_BUILD_DIR;
    std::string obj = "kernel_meta/" + name + ".o";
    written_.push_back(obj);
    return run({build + "/bin/sk_cc", "--npu-arch=" + arch_, "--meta", "kernels/" + name + ".json", "-include",
                "kernels/custom_tiling.h", "-c", "kernels/" + name + ".cpp", "-o", obj});
  }
  // The sub-kernels fused in order; tensors named alike are one tensor (A's output is B's input).
  llvm::Error compileSuperkernel(const std::vector<SubKernel>& subs, const std::string& name) {
    sk::reuse::PlanRequest req;
    req.name = name;
    auto arch = sk::arch::loadArch(arch_);
    if (!arch) return arch.takeError();
    req.arch = *arch;
    auto opts = sk::reuse::parseOptions("early-start=0");
    if (!opts) return opts.takeError();
    req.options = *opts;
    for (const SubKernel& k : subs) {
      sk::reuse::OpSpec op;
      op.objPath = "kernel_meta/" + k.name + ".o";
      op.jsonPath = "kernels/" + k.name + ".json";
      auto meta = sk::subkernel::readMeta(op.jsonPath);
      if (!meta) return meta.takeError();
      std::vector<std::string> names = k.inputs;
      names.insert(names.end(), k.outputs.begin(), k.outputs.end());
      size_t i = 0;
      for (const sk::subkernel::Param& p : meta->params)
        if (p.isTensor() && i < names.size()) op.bind[p.name] = names[i++];
      req.ops.ops.push_back(std::move(op));
    }
    req.keepOutputs = subs.back().outputs;
    auto plan = sk::reuse::makePlan(req);
    if (!plan) return plan.takeError();
    auto built = sk::super_kernel::build(*plan);
    if (!built) return built.takeError();
    llvm::StringRef object((const char*)built->object.data(), built->object.size());
    written_.push_back("kernel_meta/" + name + ".o");
    written_.push_back("kernel_meta/" + name + ".json");
    return sk::writeFilesInto("kernel_meta", {{name + ".o", object}, {name + ".json", built->metadata}}, "kernel_meta");
  }

 private:
  std::string arch_;
  bool needClean_;
  std::vector<std::string> written_;
};

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1) setenv("SK_ARCH", argv[1], 1);

  // 1. ACL, device, stream.
  CHECK_ACL(aclInit(nullptr));
  CHECK_ACL(aclrtSetDevice(0));
  aclrtStream stream;
  CHECK_ACL(aclrtCreateStream(&stream));
  std::string soc = socVersion(), arch = archOfSoc(soc);
  std::printf("[1] device 0, stream created; SoC version %s -> %s\n", soc.c_str(), arch.c_str());

  // 2. Compile the sub-kernels, declare the reuse, fuse.
  const std::string skName = "add_scale_sk";
  SkCompileContext ctx(arch, /*needClean=*/true);
  std::vector<SubKernel> subs = {{"add_custom", {}, {}}, {"scale_custom", {}, {}}};
  for (const SubKernel& k : subs)
    if (!ctx.compileSubkernel(k.name)) {
      std::fprintf(stderr, "sk_cc failed on kernels/%s.cpp\n", k.name.c_str());
      return 1;
    }
  subs[0].set_input({"arg_in1", "arg_in2"});
  subs[0].set_output({"out1"});
  subs[1].set_input({"out1"});
  subs[1].set_output({"out2"});
  if (llvm::Error e = ctx.compileSuperkernel(subs, skName)) return sk::reportAndExitCode(std::move(e), "example03");
  std::printf("[2] sk_cc compiled add_custom and scale_custom; out1 joins them; fused into kernel_meta/%s.o\n",
              skName.c_str());

  // 4 (read first: step 3 sizes its buffers from it). The super kernel's metadata.
  auto meta = sk::subkernel::readMeta("kernel_meta/" + skName + ".json");
  if (!meta) return sk::reportAndExitCode(meta.takeError(), "example03");
  std::string magic = magicOf(meta->coreType);
  std::string binFile = "kernel_meta/" + meta->binFileName + meta->binFileSuffix;

  // 3. Inputs in pinned host memory, copied to the device; every SK parameter gets a buffer.
  const size_t n = 8192, bytes = n * sizeof(float);
  float *hx, *hy;
  CHECK_ACL(aclrtMallocHost((void**)&hx, bytes));
  CHECK_ACL(aclrtMallocHost((void**)&hy, bytes));
  for (size_t i = 0; i < n; ++i) {
    hx[i] = (float)(i % 100) * 0.25f;
    hy[i] = 1.0f - (float)(i % 7);
  }
  std::vector<void*> dev;
  void* out2 = nullptr;
  for (const sk::subkernel::Param& p : meta->params) {
    void* d = nullptr;
    if (p.bytes) CHECK_ACL(aclrtMalloc(&d, p.bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    if (p.name == "arg_in1") CHECK_ACL(aclrtMemcpyAsync(d, p.bytes, hx, bytes, ACL_MEMCPY_HOST_TO_DEVICE, stream));
    if (p.name == "arg_in2") CHECK_ACL(aclrtMemcpyAsync(d, p.bytes, hy, bytes, ACL_MEMCPY_HOST_TO_DEVICE, stream));
    if (p.name == "out2") out2 = d;
    if (p.role == sk::subkernel::Role::Tiling && !p.data.empty())
      CHECK_ACL(aclrtMemcpy(d, p.bytes, p.data.data(), p.data.size(), ACL_MEMCPY_HOST_TO_DEVICE));
    dev.push_back(d);
  }
  std::printf("[3] %zu parameters allocated, inputs copied\n", dev.size());
  std::ifstream in(binFile, std::ios::binary);
  std::string object((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::printf("[4] kernel_meta/%s.json: kernelName %s, binFileName %s, blockDim %u, magic %s = 0x%08x\n",
              skName.c_str(), meta->kernelName.c_str(), meta->binFileName.c_str(), meta->blockDim, magic.c_str(),
              kMagicMapping.at(magic));

  // 5. Register and launch; the C2C control address is the placeholder first argument.
  rtDevBinary_t bin{kMagicMapping.at(magic), 0, object.data(), object.size()};
  void* handle = nullptr;
  CHECK_ACL(rtDevBinaryRegister(&bin, &handle));
  static const char stub = 0;  // any stable host address keys the function
  CHECK_ACL(rtFunctionRegister(handle, &stub, meta->kernelName.c_str(), meta->kernelName.c_str(), 0));
  uint64_t c2c = 0;
  uint32_t c2cLen = 0;
  CHECK_ACL(rtGetC2cCtrlAddr(&c2c, &c2cLen));
  std::vector<uint64_t> args = {c2c};
  for (void* d : dev) args.push_back((uint64_t)d);
  CHECK_ACL(rtKernelLaunch(&stub, meta->blockDim, args.data(), (uint32_t)(args.size() * 8), nullptr, stream));
  std::printf("[5] launched %s on %u blocks (C2C control address first, then %zu parameters)\n",
              meta->kernelName.c_str(), meta->blockDim, dev.size());

  // 6. Synchronise, copy back, check.
  CHECK_ACL(aclrtSynchronizeStream(stream));
  std::vector<float> out(n);
  CHECK_ACL(aclrtMemcpy(out.data(), bytes, out2, bytes, ACL_MEMCPY_DEVICE_TO_HOST));
  size_t bad = 0;
  for (size_t i = 0; i < n; ++i) bad += out[i] != (hx[i] + hy[i]) * 3.0f;
  std::printf("[6] out2[0..4] = %g %g %g %g; %zu of %zu elements differ from (x + y) * 3\n", out[0], out[1], out[2],
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
