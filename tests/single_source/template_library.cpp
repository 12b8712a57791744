// A single-source program built on a header-only template library for the cube, in CATLASS's
// idioms (template_library/tl): qualifier macros in CANN's `[host, aicore]` syntax under
// __CCE__, an overloaded kernel template, `<<<>>>` launches inside a library header, an operator
// whose cube code is its `operator()<AscendC::AIC>` specialisation (the kernel is typed by the
// cube-core compile), a remainder by zero on the last block, LoadData from GM, icache_preload,
// aclrtGetHardwareSyncAddr, and host data in op::fp16_t (op::bfloat16's rounding checked too).
// Each launch form runs once and its C is checked against the host's product.
#include <cmath>
#include <cstdio>
#include <vector>

#include <opdev/bfloat16.h>
#include <opdev/fp16_t.h>
#include <type_traits>

#include "tl/block_matmul.h"
#include "tl/device_op.h"

using op::bfloat16;
using op::fp16_t;

// The host types' rounding (to nearest, ties to even), NaN, infinity and mixed arithmetic.
static int hostTypesWrong() {
  static_assert(std::is_same_v<decltype(fp16_t() * 2), float> && std::is_same_v<decltype(1.0 + bfloat16()), double>,
                "mixed with another arithmetic type, an operation is in the promoted type");
  static_assert(std::is_same_v<decltype(fp16_t() + fp16_t()), fp16_t>, "among themselves, the type itself");
  int wrong = 0;
  auto check = [&](bool ok, const char* what) {
    if (!ok && wrong++ < 5) std::fprintf(stderr, "host types: %s\n", what);
  };
  check(bfloat16(1 + std::ldexp(1.0f, -8)).val == 0x3f80, "bfloat16: 1 + 2^-8 ties to even, 1.0");
  check(bfloat16(1 + 3 * std::ldexp(1.0f, -8)).val == 0x3f82, "bfloat16: 1 + 3 * 2^-8 ties to even, 1 + 2^-6");
  check(std::isnan((float)bfloat16(NAN)), "bfloat16: NaN stays NaN");
  check(fp16_t(1 + std::ldexp(1.0f, -11)).val == 0x3c00, "fp16_t: 1 + 2^-11 ties to even, 1.0");
  check(fp16_t(65504.0f * 2).IsInf() && !fp16_t(65504.0f).IsInf(), "fp16_t: past 65504 is infinite");
  check(fp16_t(1.5f).ToFloat() == 1.5f && fp16_t(3) / fp16_t(2) == fp16_t(1.5), "fp16_t: 3 / 2 is 1.5");
  return wrong;
}

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
  int wrong = hostTypesWrong();
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
