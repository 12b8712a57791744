// What the op tests share: host values of tensors in any float dtype, a fixture with a device
// and a stream, device tensors from host values and back.
#pragma once
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <vector>

#include "acl/acl.h"
#include "sk/ops.h"
#include "sk/sim/float16.h"

namespace sk_ops_test {

using sk::DType;
using sk::ops::Tensor;




// Host values of a tensor, as floats, and back in its dtype (round to nearest even).
inline std::vector<float> toFloats(const std::vector<uint8_t>& raw, DType d) {
  size_t n = raw.size() / sk::dtypeBytes(d);
  std::vector<float> f(n);
  for (size_t i = 0; i < n; ++i) {
    if (d == DType::Float32) {
      std::memcpy(&f[i], &raw[i * 4], 4);
    } else {
      uint16_t h;
      std::memcpy(&h, &raw[i * 2], 2);
      f[i] = d == DType::Float16 ? sk::halfToFloat(h) : sk::bf16ToFloat(h);
    }
  }
  return f;
}

inline std::vector<uint8_t> fromFloats(const std::vector<float>& f, DType d) {
  std::vector<uint8_t> raw(f.size() * sk::dtypeBytes(d));
  for (size_t i = 0; i < f.size(); ++i) {
    if (d == DType::Float32) {
      std::memcpy(&raw[i * 4], &f[i], 4);
    } else {
      uint16_t h = d == DType::Float16 ? sk::floatToHalf(f[i]) : sk::floatToBf16(f[i]);
      std::memcpy(&raw[i * 2], &h, 2);
    }
  }
  return raw;
}

// The rounding the op's result goes through: the dtype's own.
inline float roundTo(float v, DType d) { return toFloats(fromFloats({v}, d), d)[0]; }

class Ops : public ::testing::Test {
 protected:
  void SetUp() override {
    aclInit(nullptr);
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS) << aclGetRecentErrMsg();
    ASSERT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
  }
  void TearDown() override {
    EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
    aclFinalize();
  }
  Tensor tensor(DType d, std::vector<int64_t> shape, const std::vector<float>& values = {}) {
    Tensor t;
    EXPECT_EQ(sk::ops::alloc(t, d, std::move(shape)), ACL_SUCCESS) << aclGetRecentErrMsg();
    if (!values.empty()) {
      std::vector<uint8_t> raw = fromFloats(values, d);
      EXPECT_EQ(aclrtMemcpy(t.data, raw.size(), raw.data(), raw.size(), ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
    }
    return t;
  }
  std::vector<float> read(const Tensor& t) {
    EXPECT_EQ(aclrtSynchronizeStream(s), ACL_SUCCESS) << aclGetRecentErrMsg();
    std::vector<uint8_t> raw(t.bytes());
    EXPECT_EQ(aclrtMemcpy(raw.data(), raw.size(), t.data, raw.size(), ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    return toFloats(raw, t.dtype);
  }
  static std::vector<float> randoms(size_t n, uint32_t seed, float lo = -4, float hi = 4) {
    std::mt19937 g(seed);
    std::uniform_real_distribution<float> u(lo, hi);
    std::vector<float> v(n);
    for (float& x : v) x = u(g);
    return v;
  }
  aclrtStream s = nullptr;
};

}  // namespace sk_ops_test
