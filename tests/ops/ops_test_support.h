// What the op tests share: host values of tensors in any float dtype, a fixture with a device
// and a stream, device tensors from host values and back.
#pragma once
#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "sk/jit.h"
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
  // A device tensor holding the bytes of `values` (any element type).
  template <typename V>
  Tensor raw(DType d, std::vector<int64_t> shape, const std::vector<V>& values) {
    Tensor t;
    EXPECT_EQ(sk::ops::alloc(t, d, std::move(shape)), ACL_SUCCESS) << aclGetRecentErrMsg();
    EXPECT_EQ(values.size() * sizeof(V), t.bytes());
    EXPECT_EQ(aclrtMemcpy(t.data, t.bytes(), values.data(), t.bytes(), ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
    return t;
  }
  std::vector<uint8_t> bytes(const Tensor& t) {
    EXPECT_EQ(aclrtSynchronizeStream(s), ACL_SUCCESS) << aclGetRecentErrMsg();
    std::vector<uint8_t> b(t.bytes());
    EXPECT_EQ(aclrtMemcpy(b.data(), b.size(), t.data, b.size(), ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    return b;
  }
  // The call failed with `code` and a message holding `text`.
  static void refused(aclError rc, const std::string& text, aclError code = ACL_ERROR_INVALID_PARAM) {
    EXPECT_EQ(rc, code);
    std::string msg = aclGetRecentErrMsg();
    EXPECT_NE(msg.find(text), std::string::npos) << msg;
  }
  // `program` run eagerly, then (its results cleared) inside the jit scope `scope`: one super
  // kernel, and every tensor of `results` holds the eager bytes again.
  void expectFusedEqualsEager(const char* scope, const std::vector<const Tensor*>& results,
                              const std::function<void()>& program) {
    program();
    std::vector<std::vector<uint8_t>> eager;
    for (const Tensor* t : results) eager.push_back(bytes(*t));
    for (const Tensor* t : results) ASSERT_EQ(aclrtMemset(t->data, t->bytes(), 0, t->bytes()), ACL_SUCCESS);
    uint64_t built = sk::jit::stats().built;
    {
      sk::jit::Scope sc(scope, "", s);
      program();
    }
    for (size_t i = 0; i < results.size(); ++i) EXPECT_EQ(bytes(*results[i]), eager[i]) << "result " << i;
    EXPECT_EQ(sk::jit::stats().built, built + 1) << "one super kernel";
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
