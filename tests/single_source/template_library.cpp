// A single-source program built on a header-only template library for the cube, in CATLASS's
// idioms (template_library/tl): qualifier macros in CANN's `[host, aicore]` syntax under
// __CCE__, an overloaded kernel template, `<<<>>>` launches inside a library header, an operator
// whose cube code is its `operator()<AscendC::AIC>` specialisation (the kernel is typed by the
// cube-core compile), a remainder by zero on the last block, LoadData from GM, icache_preload,
// aclrtGetHardwareSyncAddr, and host data in op::fp16_t. Each launch form runs once and its C
// is checked against the host's product.
#include <cmath>
#include <cstdio>
#include <vector>

#include <opdev/fp16_t.h>

#include "tl/block_matmul.h"
#include "tl/device_op.h"

using op::fp16_t;

int main() {
  constexpr uint32_t kBlocks = 3, kSide = tl::BlockMatmul::kSide, kElems = tl::BlockMatmul::kElems;
  if (aclInit(nullptr) || aclrtSetDevice(0)) return 1;
  aclrtStream stream;
  void *ad, *bd, *cd, *syncAddr = nullptr;
  size_t abBytes = kBlocks * kElems * sizeof(fp16_t), cBytes = kBlocks * kElems * sizeof(float);
  if (aclrtCreateStream(&stream) || aclrtMalloc(&ad, abBytes, ACL_MEM_MALLOC_HUGE_FIRST) ||
      aclrtMalloc(&bd, abBytes, ACL_MEM_MALLOC_HUGE_FIRST) || aclrtMalloc(&cd, cBytes, ACL_MEM_MALLOC_HUGE_FIRST) ||
      aclrtGetHardwareSyncAddr(&syncAddr) || !syncAddr)
    return 1;
  std::vector<fp16_t> a(kBlocks * kElems), bT(kBlocks * kElems);
  for (uint32_t i = 0; i < a.size(); ++i) {
    a[i] = (float)((int)(i * 7 % 11) - 5) / 4;
    bT[i] = static_cast<fp16_t>((int)(i * 5 % 13) - 6) / fp16_t(8);  // fp16_t arithmetic
  }
  if (aclrtMemcpy(ad, abBytes, a.data(), abBytes, ACL_MEMCPY_HOST_TO_DEVICE) ||
      aclrtMemcpy(bd, abBytes, bT.data(), abBytes, ACL_MEMCPY_HOST_TO_DEVICE))
    return 1;
  tl::DeviceOp<tl::BlockMatmul> matmul{{(GM_ADDR)ad, (GM_ADDR)bd, (GM_ADDR)cd, kBlocks}};
  int wrong = 0;
  for (uint64_t sync : {(uint64_t)0, (uint64_t)syncAddr}) {
    std::vector<float> c(kBlocks * kElems, -1.0f);
    if (aclrtMemcpy(cd, cBytes, c.data(), cBytes, ACL_MEMCPY_HOST_TO_DEVICE)) return 1;
    matmul.Run(stream, kBlocks, sync);
    if (aclrtSynchronizeStream(stream) || aclrtMemcpy(c.data(), cBytes, cd, cBytes, ACL_MEMCPY_DEVICE_TO_HOST)) {
      std::fprintf(stderr, "template_library: %s\n", aclGetRecentErrMsg());
      return 1;
    }
    for (uint32_t blk = 0; blk < kBlocks; ++blk)
      for (uint32_t i = 0; i < kSide; ++i)
        for (uint32_t j = 0; j < kSide; ++j) {
          float expect = 0;  // exact: products of quarters and eighths, summed in float
          for (uint32_t k = 0; k < kSide; ++k) expect += (float)a[blk * kElems + i * kSide + k] * (float)bT[blk * kElems + j * kSide + k];
          float got = c[blk * kElems + i * kSide + j];
          if (got != expect && wrong++ < 5)
            std::fprintf(stderr, "sync %s, block %u, C[%u][%u] = %g, expected %g\n", sync ? "set" : "0", blk, i, j, got, expect);
        }
  }
  aclrtResetDevice(0);
  aclFinalize();
  std::printf("template_library: %d wrong\n", wrong);
  return wrong == 0 ? 0 : 1;
}
