// DropOut of lib/filter: dst = src * mask / keepProb over [firstAxis, srcLastAxis], the mask as
// bytes (0 drops) or bits (bit j of byte j / 8, least significant first; 0 drops). The mode comes
// from the template argument or, with dropOutMode 0, from the shapes as the API infers it:
// maskLastAxis > srcLastAxis: byte mask rows with padding (1); equal: dense byte mask (2);
// srcLastAxis == 8 * maskLastAxis: dense bit mask (3); otherwise bit mask rows with padding (4).
// Kept values are multiplied by 1 / keepProb held in T (the API's Muls), rounded once.
// Written from the public API reference; charged as its Select + Muls sequence.
#ifndef SK_ASCENDC_ADV_FILTER_H
#define SK_ASCENDC_ADV_FILTER_H

#include "sk_ascendc/adv_common.h"
#include "sk_ascendc/pipe.h"

SK_SIMULATED_BEGIN

namespace AscendC {

struct DropOutShapeInfo {
  __aicore__ DropOutShapeInfo() {}
  uint32_t firstAxis = 0;
  uint32_t srcLastAxis = 0;
  uint32_t maskLastAxis = 0;
};

template <typename T, bool isInitBitMode = false, uint32_t dropOutMode = 0>
__aicore__ inline void DropOut(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const LocalTensor<uint8_t>& maskLocal,
                               const LocalTensor<uint8_t>&, const float keepProb, const DropOutShapeInfo& info) {
  static_assert(detail::adv::isFloatLike<T>(), "DropOut: T must be half, bfloat16_t or float");
  static_assert(dropOutMode <= 4, "DropOut: dropOutMode is 0 (inferred) to 4");
  namespace a = detail::adv;
  const char* api = "DropOut";
  if (info.firstAxis == 0 || info.srcLastAxis == 0 || info.maskLastAxis == 0)
    ::sk_trapf(3, "DropOut: DropOutShapeInfo firstAxis %u, srcLastAxis %u, maskLastAxis %u must all be positive", info.firstAxis,
               info.srcLastAxis, info.maskLastAxis);
  if (!(keepProb > 0.0f && keepProb <= 1.0f)) ::sk_trapf(3, "DropOut: keepProb %f must be in (0, 1]", (double)keepProb);
  uint32_t mode = dropOutMode;
  if (mode == 0)
    mode = info.srcLastAxis < info.maskLastAxis ? 1 : info.srcLastAxis == info.maskLastAxis ? 2 : info.srcLastAxis == info.maskLastAxis * 8 ? 3 : 4;
  const bool bits = mode >= 3;
  if ((mode == 1 || mode == 4) && info.maskLastAxis % 2 != 0)
    ::sk_trapf(3, "DropOut: maskLastAxis %u must be even when the mask rows carry padding (mode %u)", info.maskLastAxis, mode);
  if (bits && info.maskLastAxis * 8 < info.srcLastAxis)
    ::sk_trapf(3, "DropOut: a bit mask row of %u bytes cannot cover %u elements", info.maskLastAxis, info.srcLastAxis);
  const uint64_t total = (uint64_t)info.firstAxis * info.srcLastAxis;
  a::need(api, "srcLocal", srcLocal, total);
  a::need(api, "dstLocal", dstLocal, total);
  a::need(api, "maskLocal", maskLocal, (uint64_t)info.firstAxis * info.maskLastAxis);
  const PrimT<T> div = (PrimT<T>)(1.0f / keepProb);
  const uint8_t* m = a::ptr(maskLocal);
  const PrimT<T>* x = a::ptr(srcLocal);
  PrimT<T>* y = a::ptr(dstLocal);
  for (uint32_t r = 0; r < info.firstAxis; ++r) {
    const uint8_t* mr = m + (uint64_t)r * info.maskLastAxis;
    for (uint32_t j = 0; j < info.srcLastAxis; ++j) {
      const uint64_t i = (uint64_t)r * info.srcLastAxis + j;
      bool keep = bits ? ((mr[j / 8] >> (j % 8)) & 1) != 0 : mr[j] != 0;
      y[i] = keep ? (PrimT<T>)((float)x[i] * (float)div) : (PrimT<T>)0.0f;
    }
  }
  if (mode == 1 || mode == 4) a::chargeOps((uint64_t)info.firstAxis * info.maskLastAxis, 1, "gathermask");
  a::chargeOps(total, sizeof(PrimT<T>), "select", "muls");
}
template <typename T, bool isInitBitMode = false, uint32_t dropOutMode = 0>
__aicore__ inline void DropOut(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const LocalTensor<uint8_t>& maskLocal,
                               const float keepProb, const DropOutShapeInfo& info) {
  DropOut<T, isInitBitMode, dropOutMode>(dstLocal, srcLocal, maskLocal, LocalTensor<uint8_t>(), keepProb, info);
}

// The bit mode's preparation on the hardware: the compare-mask register zeroed through 16 bytes
// of a buffer (the given one, or the local memory's free top). DropOut here does not read the
// register; it is zeroed all the same, for a Select that reads it afterwards.
template <typename T> __aicore__ inline void DropOutBitModeInit(const LocalTensor<T>& sharedTmpBuffer) {
  uint8_t* bytes = (uint8_t*)sharedTmpBuffer.HostPtr();
  if (detail::bytesOf<T>(sharedTmpBuffer.GetSize()) < 16)
    ::sk_trap(3, "DropOutBitModeInit: sharedTmpBuffer holds fewer than 16 bytes");
  for (int i = 0; i < 16; ++i) bytes[i] = 0;
  ::sk_set_cmpmask(bytes);
}
__aicore__ inline void DropOutBitModeInit() {
  LocalTensor<uint8_t> stack;
  if (!PopStackBuffer<uint8_t, TPosition::LCM>(stack)) ::sk_trap(3, "DropOutBitModeInit: no free UB left for its 16 bytes");
  DropOutBitModeInit(stack);
}

}  // namespace AscendC

SK_SIMULATED_END

#endif /* SK_ASCENDC_ADV_FILTER_H */
