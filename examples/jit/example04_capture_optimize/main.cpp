// JIT example 04: capture a multi-stream launch sequence, fuse its two scopes, replay it.
//
//   1. ACL, device, two streams; add_custom (z = x + y, fp16) loaded from its file, with
//      add_custom.json beside it (what makes it fusible)
//   2. the program, run eagerly once for reference:
//        stream s:   scope sk1 { a = x + y; b = a + y }          fork ->
//        stream s2:  scope sk2 { c = x + x; d = c + y }          -> join
//        stream s:   e = b + d                                   (outside any scope)
//   3. the same launches captured (aclmdlRICaptureBegin/End), each scope marked with
//      aclskScopeBegin/End; aclskOptimize turns each scope into one super kernel
//   4. the optimized model replayed 100 times (aclmdlRIExecuteAsync); e checked against eager
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "sk/sim/float16.h"

namespace {

#define CHECK_ACL(call)                                                              \
  do {                                                                               \
    aclError rc_ = (call);                                                           \
    if (rc_ != ACL_SUCCESS) {                                                        \
      std::fprintf(stderr, "%s failed: %d: %s\n", #call, rc_, aclGetRecentErrMsg()); \
      std::exit(1);                                                                  \
    }                                                                                \
  } while (0)

constexpr size_t kElems = 8 * 2048, kBytes = kElems * 2;

void* deviceBuffer(size_t bytes) {
  void* p;
  CHECK_ACL(aclrtMalloc(&p, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(aclrtMemset(p, bytes, 0, bytes));
  return p;
}

// One add_custom launch: z = x + y; its arguments are device addresses in device memory.
struct Add {
  void* args;
  Add(void* x, void* y, void* z, void* tiling) : args(deviceBuffer(32)) {
    void* a[4] = {x, y, z, tiling};
    CHECK_ACL(aclrtMemcpy(args, 32, a, 32, ACL_MEMCPY_HOST_TO_DEVICE));
  }
};

std::vector<uint16_t> download(void* dev) {
  std::vector<uint16_t> h(kElems);
  CHECK_ACL(aclrtMemcpy(h.data(), kBytes, dev, kBytes, ACL_MEMCPY_DEVICE_TO_HOST));
  return h;
}

}  // namespace

int main(int argc, char** argv) {
  std::string arch = argc > 1 ? argv[1] : "dav-2201";
  setenv("SK_ARCH", arch.c_str(), 1);

  // 1. ACL, device, streams, the kernel.
  CHECK_ACL(aclInit(nullptr));
  CHECK_ACL(aclrtSetDevice(0));
  aclrtStream s, s2;
  CHECK_ACL(aclrtCreateStream(&s));
  CHECK_ACL(aclrtCreateStream(&s2));
  aclrtEvent fork, join;
  CHECK_ACL(aclrtCreateEvent(&fork));
  CHECK_ACL(aclrtCreateEvent(&join));
  aclrtBinHandle bin;
  aclrtFuncHandle add;
  CHECK_ACL(aclrtBinaryLoadFromFile(SK_OPS_DIR "/add_custom.o", nullptr, &bin));
  CHECK_ACL(aclrtBinaryGetFunction(bin, "add_custom", &add));
  std::printf("[1] %s: add_custom loaded with its metadata\n", aclrtGetSocName());

  void *x = deviceBuffer(kBytes), *y = deviceBuffer(kBytes);
  std::vector<uint16_t> hx(kElems), hy(kElems);
  for (size_t i = 0; i < kElems; ++i) {
    hx[i] = sk::floatToHalf((float)(i % 23) * 0.25f);
    hy[i] = sk::floatToHalf((float)(i % 7) - 3.0f);
  }
  CHECK_ACL(aclrtMemcpy(x, kBytes, hx.data(), kBytes, ACL_MEMCPY_HOST_TO_DEVICE));
  CHECK_ACL(aclrtMemcpy(y, kBytes, hy.data(), kBytes, ACL_MEMCPY_HOST_TO_DEVICE));
  void* tiling = deviceBuffer(8);
  uint32_t t[2] = {(uint32_t)kElems, 256};
  CHECK_ACL(aclrtMemcpy(tiling, 8, t, 8, ACL_MEMCPY_HOST_TO_DEVICE));
  void *a = deviceBuffer(kBytes), *b = deviceBuffer(kBytes), *c = deviceBuffer(kBytes), *d = deviceBuffer(kBytes),
       *e = deviceBuffer(kBytes);
  Add aXY(x, y, a, tiling), bAY(a, y, b, tiling), cXX(x, x, c, tiling), dCY(c, y, d, tiling), eBD(b, d, e, tiling);

  // 2. The program; `scopes` marks the scopes when capturing.
  auto program = [&](bool scopes) {
    auto launch = [&](const Add& op, aclrtStream on) { CHECK_ACL(aclrtLaunchKernel(add, 8, op.args, 32, on)); };
    if (scopes) CHECK_ACL(aclskScopeBegin("sk1", s));
    launch(aXY, s);
    launch(bAY, s);
    if (scopes) CHECK_ACL(aclskScopeEnd("sk1", s));
    CHECK_ACL(aclrtRecordEvent(fork, s));
    CHECK_ACL(aclrtStreamWaitEvent(s2, fork));
    if (scopes) CHECK_ACL(aclskScopeBegin("sk2", s2));
    launch(cXX, s2);
    launch(dCY, s2);
    if (scopes) CHECK_ACL(aclskScopeEnd("sk2", s2));
    CHECK_ACL(aclrtRecordEvent(join, s2));
    CHECK_ACL(aclrtStreamWaitEvent(s, join));
    launch(eBD, s);
  };
  program(false);
  CHECK_ACL(aclrtSynchronizeStream(s));
  std::vector<uint16_t> eager = download(e);
  std::printf("[2] eager run: 5 launches on 2 streams\n");

  // 3. Capture, mark, optimize.
  CHECK_ACL(aclrtMemset(e, kBytes, 0, kBytes));
  CHECK_ACL(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
  program(true);
  aclmdlRI model;
  CHECK_ACL(aclmdlRICaptureEnd(s, &model));
  aclskOptions options{"early-start=1"};
  CHECK_ACL(aclskOptimize(model, &options));
  std::printf("[3] captured and optimized: scopes sk1 and sk2 are one super kernel each\n");

  // 4. Replay.
  const int replays = 100;
  for (int i = 0; i < replays; ++i) CHECK_ACL(aclmdlRIExecuteAsync(model, s));
  CHECK_ACL(aclrtSynchronizeStream(s));
  std::vector<uint16_t> got = download(e);
  size_t differ = 0;
  for (size_t i = 0; i < kElems; ++i) differ += got[i] != eager[i];
  std::printf("[4] replayed %d times: %zu of %zu elements differ from the eager run\n", replays, differ, kElems);

  CHECK_ACL(aclmdlRIDestroy(model));
  CHECK_ACL(aclrtBinaryUnLoad(bin));
  CHECK_ACL(aclrtDestroyStream(s));
  CHECK_ACL(aclrtDestroyStream(s2));
  CHECK_ACL(aclrtResetDevice(0));
  CHECK_ACL(aclFinalize());
  return differ == 0 ? 0 : 1;
}
