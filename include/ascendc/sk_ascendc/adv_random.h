// PhiloxRandom of lib/random: Philox-4x32 with Rounds (7 or 10) rounds. A 128-bit counter
// (philoxCounter[0] least significant) and a 64-bit key make four 32-bit outputs per counter value:
// each round multiplies c0 by 0xD2511F53 and c2 by 0xCD9E8D57 (hi, lo halves) and forms
// {hi(c2·M1) ^ c1 ^ k0, lo(c2·M1), hi(c0·M0) ^ c3 ^ k1, lo(c0·M0)}; the key steps by
// {0x9E3779B9, 0xBB67AE85} between rounds. The counter then increments (with carry) for the next
// four. uint32_t/int32_t outputs are the raw words; float outputs the word's low 23 bits as the
// mantissa of a float in [1, 2), minus 1. Continuous mode fills `count` elements; stride mode
// `row` rows of `column` elements, rows `stride` elements apart, the counter advancing
// stride / 4 per row. Written from the public API reference; charged as the vector sequence of
// its rounds (two multiplies, two xors per round on four lanes).
#ifndef SK_ASCENDC_ADV_RANDOM_H
#define SK_ASCENDC_ADV_RANDOM_H

#include "sk_ascendc/adv_common.h"

SK_SIMULATED_BEGIN

namespace AscendC {

using PhiloxKey = uint32_t[2];
using PhiloxCounter = uint32_t[4];
struct PhiloxRandomParams {
  uint32_t stride;
  uint32_t row;
  uint32_t column;
};

namespace detail {
namespace adv {
template <uint16_t Rounds> inline void philoxBlock(const uint32_t c[4], const uint32_t k[2], uint32_t out[4]) {
  uint32_t x[4] = {c[0], c[1], c[2], c[3]};
  uint32_t k0 = k[0], k1 = k[1];
  for (uint16_t r = 0; r < Rounds; ++r) {
    uint64_t p0 = (uint64_t)0xD2511F53u * x[0], p1 = (uint64_t)0xCD9E8D57u * x[2];
    uint32_t y0 = (uint32_t)(p1 >> 32) ^ x[1] ^ k0, y1 = (uint32_t)p1, y2 = (uint32_t)(p0 >> 32) ^ x[3] ^ k1, y3 = (uint32_t)p0;
    x[0] = y0, x[1] = y1, x[2] = y2, x[3] = y3;
    k0 += 0x9E3779B9u;
    k1 += 0xBB67AE85u;
  }
  for (int i = 0; i < 4; ++i) out[i] = x[i];
}
inline void counterAdd(uint32_t c[4], uint64_t n) {  // the 128-bit counter plus n
  for (int i = 0; i < 4 && n; ++i) {
    uint64_t s = (uint64_t)c[i] + (n & 0xffffffffu);
    c[i] = (uint32_t)s;
    n = (n >> 32) + (s >> 32);
  }
}
template <typename T> inline PrimT<T> philoxValue(uint32_t w) {
  if constexpr (std::is_same<PrimT<T>, float>::value) {
    uint32_t bits = (127u << 23) | (w & 0x7FFFFFu);
    float f;
    std::memcpy(&f, &bits, 4);
    return f - 1.0f;
  } else {
    return (PrimT<T>)w;
  }
}
template <uint16_t Rounds, typename T>
inline void philoxRun(PrimT<T>* d, const uint32_t key[2], const uint32_t counter[4], uint32_t n) {
  uint32_t c[4] = {counter[0], counter[1], counter[2], counter[3]};
  for (uint32_t i = 0; i < n; i += 4) {
    uint32_t w[4];
    philoxBlock<Rounds>(c, key, w);
    for (uint32_t j = 0; j < 4 && i + j < n; ++j) d[i + j] = philoxValue<T>(w[j]);
    counterAdd(c, 1);
  }
}
inline void chargePhilox(uint16_t rounds, uint64_t n) { chargeOps(n, 4, "mul", "mul", "xor", "xor"), (void)rounds; }
}  // namespace adv
}  // namespace detail

template <uint16_t Rounds = 7, typename T>
__aicore__ inline void PhiloxRandom(const LocalTensor<T>& dstLocal, const PhiloxKey& philoxKey, const PhiloxCounter& philoxCounter,
                                    uint16_t count) {
  static_assert(Rounds == 7 || Rounds == 10, "PhiloxRandom: Rounds must be 7 or 10");
  static_assert(std::is_same<PrimT<T>, uint32_t>::value || std::is_same<PrimT<T>, int32_t>::value || std::is_same<PrimT<T>, float>::value,
                "PhiloxRandom: T must be uint32_t, int32_t or float");
  detail::adv::need("PhiloxRandom", "dstLocal", dstLocal, count);
  detail::adv::philoxRun<Rounds, T>(detail::adv::ptr(dstLocal), philoxKey, philoxCounter, count);
  for (uint16_t r = 0; r < Rounds; ++r) detail::adv::chargePhilox(Rounds, count);
}
template <uint16_t Rounds = 7, typename T>
__aicore__ inline void PhiloxRandom(const LocalTensor<T>& dstLocal, const PhiloxKey& philoxKey, const PhiloxCounter& philoxCounter,
                                    const PhiloxRandomParams& params) {
  static_assert(Rounds == 7 || Rounds == 10, "PhiloxRandom: Rounds must be 7 or 10");
  static_assert(std::is_same<PrimT<T>, uint32_t>::value || std::is_same<PrimT<T>, int32_t>::value || std::is_same<PrimT<T>, float>::value,
                "PhiloxRandom: T must be uint32_t, int32_t or float");
  if (params.row == 0 || params.column == 0 || params.column % 4 != 0 || params.stride % 4 != 0 || params.stride < params.column)
    ::sk_trapf(3, "PhiloxRandom: stride %u, row %u, column %u: column and stride must be positive multiples of 4, stride >= column",
               params.stride, params.row, params.column);
  detail::adv::need("PhiloxRandom", "dstLocal", dstLocal, (uint64_t)(params.row - 1) * params.stride + params.column);
  uint32_t c[4] = {philoxCounter[0], philoxCounter[1], philoxCounter[2], philoxCounter[3]};
  for (uint32_t r = 0; r < params.row; ++r) {
    detail::adv::philoxRun<Rounds, T>(detail::adv::ptr(dstLocal) + (uint64_t)r * params.stride, philoxKey, c, params.column);
    detail::adv::counterAdd(c, params.stride / 4);
  }
  for (uint16_t r = 0; r < Rounds; ++r) detail::adv::chargePhilox(Rounds, (uint64_t)params.row * params.column);
}

}  // namespace AscendC

SK_SIMULATED_END

#endif /* SK_ASCENDC_ADV_RANDOM_H */
