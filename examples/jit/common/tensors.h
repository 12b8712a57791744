// What the op-library examples share: ACL error checks, seeded device tensors, downloads, and
// the virtual device time of a piece of work (two events around it).
#pragma once
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "acl/acl.h"
#include "sk/ops.h"
#include "sk/sim/float16.h"

#define CHECK_ACL(call)                                                              \
  do {                                                                               \
    aclError rc_ = (call);                                                           \
    if (rc_ != ACL_SUCCESS) {                                                        \
      std::fprintf(stderr, "%s failed: %d: %s\n", #call, rc_, aclGetRecentErrMsg()); \
      std::exit(1);                                                                  \
    }                                                                                \
  } while (0)

namespace example {

using sk::DType;
using sk::ops::Tensor;

inline std::mt19937& rng() {
  static std::mt19937 g(2024);
  return g;
}

// As a network's first member: every instance draws the same inputs.
struct Reseed {
  Reseed() { rng().seed(2024); }
};

inline Tensor zeros(DType d, std::vector<int64_t> shape) {
  Tensor t;
  CHECK_ACL(sk::ops::alloc(t, d, std::move(shape)));
  CHECK_ACL(aclrtMemset(t.data, t.bytes(), 0, t.bytes()));
  return t;
}

template <typename T>
Tensor upload(DType d, std::vector<int64_t> shape, const std::vector<T>& host) {
  Tensor t = zeros(d, std::move(shape));
  CHECK_ACL(aclrtMemcpy(t.data, t.bytes(), host.data(), t.bytes(), ACL_MEMCPY_HOST_TO_DEVICE));
  return t;
}

// Uniform values in [lo, hi] of dtype d: float16 and float32 from reals, integer types from ints.
inline Tensor uniform(DType d, std::vector<int64_t> shape, double lo, double hi) {
  int64_t n = 1;
  for (int64_t x : shape) n *= x;
  std::uniform_real_distribution<double> u(lo, hi);
  auto fill = [&](auto proto) {
    using T = decltype(proto);
    std::vector<T> h(n);
    for (T& v : h) {
      double r = u(rng());
      if constexpr (std::is_same_v<T, uint16_t>) v = sk::floatToHalf((float)r);
      else if constexpr (std::is_floating_point_v<T>) v = (T)r;
      else v = (T)std::lround(r);
    }
    return upload(d, shape, h);
  };
  switch (d) {
    case DType::Float16: return fill(uint16_t{});
    case DType::Float32: return fill(float{});
    case DType::Int8: return fill(int8_t{});
    case DType::Int32: return fill(int32_t{});
    default: return fill(int64_t{});
  }
}

inline std::vector<uint8_t> download(const Tensor& t) {
  std::vector<uint8_t> h(t.bytes());
  CHECK_ACL(aclrtMemcpy(h.data(), h.size(), t.data, h.size(), ACL_MEMCPY_DEVICE_TO_HOST));
  return h;
}

inline void clear(const std::vector<Tensor*>& ts) {
  for (Tensor* t : ts) CHECK_ACL(aclrtMemset(t->data, t->bytes(), 0, t->bytes()));
}

// Microseconds of virtual device time `work` takes on `s`.
template <typename F>
float deviceUs(aclrtStream s, F&& work) {
  aclrtEvent begin, end;
  CHECK_ACL(aclrtCreateEvent(&begin));
  CHECK_ACL(aclrtCreateEvent(&end));
  CHECK_ACL(aclrtRecordEvent(begin, s));
  work();
  CHECK_ACL(aclrtRecordEvent(end, s));
  CHECK_ACL(aclrtSynchronizeStream(s));
  float ms = 0;
  CHECK_ACL(aclrtEventElapsedTime(&ms, begin, end));
  CHECK_ACL(aclrtDestroyEvent(begin));
  CHECK_ACL(aclrtDestroyEvent(end));
  return ms * 1000.0f;
}

}  // namespace example
