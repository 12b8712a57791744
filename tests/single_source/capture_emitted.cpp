// aclskOptimize on kernels with scalar params (emit_and_fuse.sh): the kernels sk_cc --emit-meta
// wrote for scalar_fusion.asc are loaded from their files, launched with their by-value params in
// device memory, captured in one scope and fused; the captured scalar bytes become the super
// kernel's constants. The replayed z must equal the program's own z.
// usage: capture_emitted KERNEL_DIR RUN_DIR   (RUN_DIR holds the program's x.bin and z.bin)
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "acl/acl.h"

#define CHECK_ACL(expr)                                                             \
  do {                                                                              \
    aclError rc_ = (expr);                                                          \
    if (rc_ != ACL_SUCCESS) {                                                       \
      std::fprintf(stderr, "%s failed: %d %s\n", #expr, rc_, aclGetRecentErrMsg()); \
      return 1;                                                                     \
    }                                                                               \
  } while (0)

static std::vector<float> readFloats(const std::string& path, size_t n) {
  std::vector<float> v(n);
  FILE* f = std::fopen(path.c_str(), "rb");
  if (!f || std::fread(v.data(), sizeof(float), n, f) != n) v.clear();
  if (f) std::fclose(f);
  return v;
}

// Device memory holding `bytes` of `data`.
static void* onDevice(const void* data, size_t bytes) {
  void* p = nullptr;
  if (aclrtMalloc(&p, bytes, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) return nullptr;
  if (aclrtMemcpy(p, bytes, data, bytes, ACL_MEMCPY_HOST_TO_DEVICE) != ACL_SUCCESS) return nullptr;
  return p;
}

int main(int argc, char** argv) {
  if (argc != 3) return 2;
  const std::string kernels = argv[1], run = argv[2];
  const size_t n = 2048, bytes = n * sizeof(float);
  std::vector<float> x = readFloats(run + "/x.bin", n), want = readFloats(run + "/z.bin", n), z(n);
  if (x.empty() || want.empty()) return std::fprintf(stderr, "cannot read %s/x.bin, z.bin\n", run.c_str()), 1;
  CHECK_ACL(aclInit(nullptr));
  CHECK_ACL(aclrtSetDevice(0));
  aclrtStream stream;
  CHECK_ACL(aclrtCreateStream(&stream));
  aclrtBinHandle scaleBin, addBin;
  aclrtFuncHandle scale, add;
  CHECK_ACL(aclrtBinaryLoadFromFile((kernels + "/scale_tiles.o").c_str(), nullptr, &scaleBin));
  CHECK_ACL(aclrtBinaryLoadFromFile((kernels + "/add_tiles.o").c_str(), nullptr, &addBin));
  CHECK_ACL(aclrtBinaryGetFunction(scaleBin, "scale_tiles", &scale));
  CHECK_ACL(aclrtBinaryGetFunction(addBin, "add_tiles", &add));
  const float alpha = -0.75f;
  const int32_t tiles = 2;
  void *xd = onDevice(x.data(), bytes), *yd = onDevice(z.data(), bytes), *zd = onDevice(z.data(), bytes);
  void *alphaD = onDevice(&alpha, sizeof alpha), *tilesD = onDevice(&tiles, sizeof tiles);
  uint64_t scaleArgs[] = {(uint64_t)xd, (uint64_t)yd, (uint64_t)alphaD, (uint64_t)tilesD};
  uint64_t addArgs[] = {(uint64_t)yd, (uint64_t)xd, (uint64_t)zd, (uint64_t)tilesD};
  void *scaleArgsD = onDevice(scaleArgs, sizeof scaleArgs), *addArgsD = onDevice(addArgs, sizeof addArgs);
  if (!xd || !yd || !zd || !alphaD || !tilesD || !scaleArgsD || !addArgsD) return std::fprintf(stderr, "aclrtMalloc failed\n"), 1;

  aclmdlRI model;
  CHECK_ACL(aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
  CHECK_ACL(aclskScopeBegin("scalars", stream));
  CHECK_ACL(aclrtLaunchKernel(scale, 4, scaleArgsD, sizeof scaleArgs, stream));
  CHECK_ACL(aclrtLaunchKernel(add, 4, addArgsD, sizeof addArgs, stream));
  CHECK_ACL(aclskScopeEnd("scalars", stream));
  CHECK_ACL(aclmdlRICaptureEnd(stream, &model));
  CHECK_ACL(aclskOptimize(model, nullptr));  // its report (on stderr) says what it fused
  CHECK_ACL(aclmdlRIExecuteAsync(model, stream));
  CHECK_ACL(aclrtSynchronizeStream(stream));
  CHECK_ACL(aclrtMemcpy(z.data(), bytes, zd, bytes, ACL_MEMCPY_DEVICE_TO_HOST));
  CHECK_ACL(aclmdlRIDestroy(model));
  CHECK_ACL(aclrtDestroyStream(stream));
  CHECK_ACL(aclrtResetDevice(0));
  CHECK_ACL(aclFinalize());
  bool same = std::memcmp(z.data(), want.data(), bytes) == 0;
  std::printf("captured scale_tiles + add_tiles, fused and replayed: z %s the program's\n", same ? "equals" : "differs from");
  return same ? 0 : 1;
}
