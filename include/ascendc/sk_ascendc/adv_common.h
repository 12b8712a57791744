// What the high-level APIs of adv_activation.h, adv_norm.h, adv_quant.h, adv_sort.h and adv_misc.h
// share. Like SoftMax in adv_math.h, each of those APIs is a sequence of basic vector instructions
// on the hardware; here the header computes it element by element (in float, rounded once to the
// destination type, unless an API says otherwise) and charges the V pipe the instruction sequence
// it replaces (sk_vec_charge with the basic ops' names of arch vectorOps, one charge per
// instruction of the sequence). The sharedTmpBuffer of an API is accepted and not needed.
//
// Every operand is checked before it is touched: a tensor must hold the elements the call reads
// or writes, else the call stops with a device exception naming the API and the operand.
#ifndef SK_ASCENDC_ADV_COMMON_H
#define SK_ASCENDC_ADV_COMMON_H

#include <cmath>
#include <initializer_list>

#include "sk_ascendc/tensor.h"
#include "tiling/adv_api_types.h"

SK_SIMULATED_BEGIN

namespace AscendC {

namespace detail {
namespace adv {

template <typename T> using E = PrimT<T>;

// The elements of a LocalTensor as a host pointer (the simulated local memory).
template <typename T> inline E<T>* ptr(const LocalTensor<T>& t) { return (E<T>*)t.HostPtr(); }

// `api`'s operand `role` must hold n elements.
template <typename T> inline void need(const char* api, const char* role, const LocalTensor<T>& t, uint64_t n) {
  if (n == 0) return;
  if (t.HostPtr() == nullptr) ::sk_trapf(3, "%s: %s is an empty LocalTensor (%llu elements needed)", api, role, (unsigned long long)n);
  if (n > t.GetSize())
    ::sk_trapf(3, "%s: %s holds %u elements, the call needs %llu", api, role, t.GetSize(), (unsigned long long)n);
}

// The V-pipe time of `ops` (basic instructions, names of arch vectorOps), each over n elements of
// `bytes` bytes (the 256-byte repeats they take).
inline void charge(std::initializer_list<const char*> ops, uint64_t n, uint32_t bytes) {
  uint64_t repeats = (n * bytes + 255) / 256;
  if (repeats == 0) repeats = 1;
  for (const char* op : ops) ::sk_vec_charge(op, repeats);
}

// The same with the ops as arguments: chargeOps(n, bytes, "mul", "exp").
template <typename... Ops> inline void chargeOps(uint64_t n, uint32_t bytes, Ops... ops) {
  charge({ops...}, n, bytes);
}

// A float sum of n terms in the vector unit's order: 64 lanes (one 256-byte repeat of floats)
// accumulated repeat by repeat (an Add chain), then the lanes folded in halves (32, 16, ..., 1).
// term(k) gives the k-th term. The hardware's reductions round like this, far closer to the exact
// sum than a sequential loop over thousands of terms.
template <typename F> inline float laneSum(uint32_t n, F term) {
  float lane[64] = {};
  for (uint32_t k = 0; k < n; ++k) lane[k % 64] += term(k);
  for (uint32_t w = 32; w >= 1; w /= 2)
    for (uint32_t j = 0; j < w; ++j) lane[j] += lane[j + w];
  return lane[0];
}

// The [A, R] APIs' binary accumulation (LayerNorm with LayerNormPara, the reduce patterns): the
// n terms split into a power-of-two head of 2^k and a tail, the tail added onto the head's first
// elements, then the head folded in halves down to one. term(k) gives the k-th term.
template <typename F> inline float binarySum(uint32_t n, F term) {
  if (n == 0) return 0.0f;
  uint32_t head = 1;
  while (head * 2 <= n) head *= 2;
  float buf[2048];
  if (head > 2048) {  // longer rows: lanes of 2048 accumulated first
    for (uint32_t j = 0; j < 2048; ++j) buf[j] = 0;
    for (uint32_t k = 0; k < n; ++k) buf[k % 2048] += term(k);
    head = 2048;
  } else {
    for (uint32_t j = 0; j < head; ++j) buf[j] = term(j) + (head + j < n ? term(head + j) : 0.0f);
  }
  for (uint32_t w = head / 2; w >= 1; w /= 2)
    for (uint32_t j = 0; j < w; ++j) buf[j] += buf[j + w];
  return buf[0];
}

template <typename T> inline float ld(const T& v) { return (float)v; }
template <typename T> inline T st(float v) { return (T)v; }

// The element types the float-computing APIs accept.
template <typename T> constexpr bool isFloatLike() {
  return std::is_same<E<T>, half>::value || std::is_same<E<T>, float>::value || std::is_same<E<T>, bfloat16_t>::value;
}

// A unary element map dst[i] = f(src[i]) over n elements, computed in float.
template <typename T, typename F>
inline void map1(const char* api, const LocalTensor<T>& dst, const LocalTensor<T>& src, uint32_t n, F f) {
  need(api, "dst", dst, n);
  need(api, "src", src, n);
  E<T>* d = ptr(dst);
  const E<T>* s = ptr(src);
  for (uint32_t i = 0; i < n; ++i) d[i] = (E<T>)f(ld(s[i]));
}
template <typename T, typename F>
inline void map2(const char* api, const LocalTensor<T>& dst, const LocalTensor<T>& a, const LocalTensor<T>& b, uint32_t n,
                 F f) {
  need(api, "dst", dst, n);
  need(api, "src0", a, n);
  need(api, "src1", b, n);
  E<T>* d = ptr(dst);
  const E<T>* x = ptr(a);
  const E<T>* y = ptr(b);
  for (uint32_t i = 0; i < n; ++i) d[i] = (E<T>)f(ld(x[i]), ld(y[i]));
}

}  // namespace adv
}  // namespace detail
}  // namespace AscendC

SK_SIMULATED_END

#endif /* SK_ASCENDC_ADV_COMMON_H */
