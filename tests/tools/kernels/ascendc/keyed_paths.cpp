// A MIX kernel that picks its path with the tiling key as a constant, as CANN's per-key objects
// allow: `if constexpr (TILING_KEY_IS(k))` in the kernel, in a member function of a class the
// kernel uses, and TILING_KEY_LIST / TILING_KEY_VAR in constant expressions. Per block the AIC
// writes its path and the AIVs theirs: out[3b] = 100 + path, out[3b + 1 + sub] = 200 + path, where
// path is 10 * key for keys 1 and 2 and 0 for any other; out[12] = TILING_KEY_LIST(2, 3) and
// out[13] = TILING_KEY_VAR, both read from constants.
#include "kernel_operator.h"

template <int32_t base> class PathWriter {
 public:
  __aicore__ inline explicit PathWriter(GM_ADDR out) { o_.SetGlobalBuffer((__gm__ int32_t*)out, 14); }
  __aicore__ inline void Write(uint32_t at) {
    if constexpr (TILING_KEY_IS(1)) {
      o_.SetValue(at, base + 10);
    } else if constexpr (TILING_KEY_IS(2)) {
      o_.SetValue(at, base + 20);
    } else {
      o_.SetValue(at, base);
    }
  }
  __aicore__ inline void Constants() {
    constexpr bool listed = TILING_KEY_LIST(2, 3);
    constexpr uint64_t key = TILING_KEY_VAR;
    o_.SetValue(12, listed ? 1 : 0);
    o_.SetValue(13, (int32_t)key);
  }

 private:
  AscendC::GlobalTensor<int32_t> o_;
};

extern "C" __global__ __aicore__ void keyed_paths(GM_ADDR out) {
  uint32_t block = AscendC::GetBlockIdx();
  if ASCEND_IS_AIC {
    PathWriter<100> w(out);
    w.Write(block * 3);
    if (block == 0) w.Constants();
  }
  if ASCEND_IS_AIV {
    PathWriter<200> w(out);
    w.Write(block / AscendC::GetTaskRation() * 3 + 1 + AscendC::GetSubBlockIdx());
  }
}
