// The simulated vector and cube units' arithmetic (lib/sim/vector_unit.cpp) against results
// computed by hand: float16 math through float32 with one rounding, integer wrap-around, casts
// with every round mode and saturation, the fixed tree orders of reductions, and AscendC's
// repeat model (masks, counter mode, block and repeat strides).
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "sk/types.h"

#include "sk/sim/float16.h"
#include "vector_unit.h"

#define SK_KERNEL_C_ONLY
#include "sk/kernel.h"

namespace {

using namespace sk::sim;
using namespace sk::sim::vec;

// The shape of a count-form instruction over `count` contiguous elements of `bytes`.
Shape countShape(uint64_t count, uint32_t dstBytes, uint32_t srcBytes) {
  uint32_t widest = std::max(dstBytes, srcBytes);
  sk_vec_repeat r{};
  r.mode = SK_MASK_COUNTER;
  r.mask_lo = count;
  r.dst_blk = r.src0_blk = r.src1_blk = 1;
  r.dst_rep = (uint16_t)(8 * dstBytes / widest);
  r.src0_rep = r.src1_rep = (uint16_t)(8 * srcBytes / widest);
  Shape s;
  Registers regs;
  EXPECT_EQ(resolve(r, widest, regs, s), "");
  return s;
}

std::string vecBinary(int32_t op, int32_t d, void* dst, const void* a, const void* b, uint64_t n) {
  uint32_t w = sk::dtypeBytes(*sk::dtypeFromCode(d));
  return elementwise(op, d, dst, a, b, 0, countShape(n, w, w));
}
std::string vecCast(int32_t dt, int32_t st, int32_t round, void* dst, const void* src, uint64_t n) {
  Registers regs;
  return convert(dt, st, round, dst, src, countShape(n, sk::dtypeBytes(*sk::dtypeFromCode(dt)),
                                                     sk::dtypeBytes(*sk::dtypeFromCode(st))), regs);
}
std::string vecReduce(int32_t op, int32_t d, void* dst, const void* src, uint64_t n) {
  Registers regs;
  uint32_t w = sk::dtypeBytes(*sk::dtypeFromCode(d));
  return reduceAll(op, d, dst, src, false, countShape(n, w, w), regs);
}
std::string vecUnary(int32_t op, int32_t d, void* dst, const void* src, uint64_t n) {
  uint32_t w = sk::dtypeBytes(*sk::dtypeFromCode(d));
  return elementwise(SK_V_EXP + op, d, dst, src, nullptr, 0, countShape(n, w, w));
}
std::string vecScalar(int32_t op, int32_t d, void* dst, const void* src, const void* scalar, uint64_t n) {
  uint32_t w = sk::dtypeBytes(*sk::dtypeFromCode(d));
  uint64_t bits = 0;
  std::memcpy(&bits, scalar, w);
  return elementwise(SK_V_ADDS + op, d, dst, src, nullptr, bits, countShape(n, w, w));
}

std::vector<uint16_t> halves(std::initializer_list<float> v) {
  std::vector<uint16_t> out;
  for (float f : v) out.push_back(sk::floatToHalf(f));
  return out;
}

TEST(VectorOps, HalfAddRoundsTheFloatSumOnce) {
  // 2048 + 1 is not a half (spacing 2 there): the exact sum 2049 is a tie and rounds to even.
  auto a = halves({2048, 2048, 1, 0.1f}), b = halves({1, 3, 1, 0.2f});
  std::vector<uint16_t> c(4);
  ASSERT_EQ(vecBinary(SK_VOP_ADD, SK_DT_FLOAT16, c.data(), a.data(), b.data(), 4), "");
  EXPECT_EQ(c[0], sk::floatToHalf(2048));
  EXPECT_EQ(c[1], sk::floatToHalf(2052));
  EXPECT_EQ(c[2], sk::floatToHalf(2));
  EXPECT_EQ(c[3], sk::floatToHalf(sk::halfToFloat(a[3]) + sk::halfToFloat(b[3])));
}

TEST(VectorOps, HalfOpsOverEveryHalfValueMatchTheElementByElementMath) {
  // Long contiguous half ops take the run-at-once conversions (F16C on x86): every half value,
  // added to itself and multiplied by values that reach overflow, subnormals, ties and NaN,
  // must round exactly as floatToHalf does; an odd count leaves a tail for the scalar path.
  const uint64_t n = 65535;
  std::vector<uint16_t> a(n), b(n), sum(n), product(n);
  for (uint64_t i = 0; i < n; ++i) {
    a[i] = (uint16_t)i;
    b[i] = (uint16_t)(i * 40503u);  // another permutation of the values
  }
  ASSERT_EQ(vecBinary(SK_VOP_ADD, SK_DT_FLOAT16, sum.data(), a.data(), a.data(), n), "");
  ASSERT_EQ(vecBinary(SK_VOP_MUL, SK_DT_FLOAT16, product.data(), a.data(), b.data(), n), "");
  for (uint64_t i = 0; i < n; ++i) {
    float x = sk::halfToFloat(a[i]), y = sk::halfToFloat(b[i]);
    ASSERT_EQ(sum[i], sk::floatToHalf(x + x)) << "half 0x" << std::hex << a[i];
    ASSERT_EQ(product[i], sk::floatToHalf(x * y)) << "halves 0x" << std::hex << a[i] << " * 0x" << b[i];
  }
  // Unary math on contiguous halves is a table of all 65,536 results: the same float math
  // and rounding as one element at a time.
  std::vector<uint16_t> e(n), r(n);
  ASSERT_EQ(vecUnary(SK_VOP_EXP, SK_DT_FLOAT16, e.data(), a.data(), n), "");
  ASSERT_EQ(vecUnary(SK_VOP_RSQRT, SK_DT_FLOAT16, r.data(), a.data(), n), "");
  for (uint64_t i = 0; i < n; ++i) {
    float x = sk::halfToFloat(a[i]);
    ASSERT_EQ(e[i], sk::floatToHalf(std::exp(x))) << "exp of half 0x" << std::hex << a[i];
    ASSERT_EQ(r[i], sk::floatToHalf(1.0f / std::sqrt(x))) << "rsqrt of half 0x" << std::hex << a[i];
  }
  // In place (dst = src0) takes the same path.
  std::vector<uint16_t> inPlace = a;
  ASSERT_EQ(vecBinary(SK_VOP_ADD, SK_DT_FLOAT16, inPlace.data(), inPlace.data(), a.data(), n), "");
  EXPECT_EQ(inPlace, sum);
}

TEST(VectorOps, IntegerAddWrapsToTheElementWidth) {
  std::vector<int8_t> a = {127, -128, 5}, b = {1, -1, -10}, c(3);
  ASSERT_EQ(vecBinary(SK_VOP_ADD, SK_DT_INT8, c.data(), a.data(), b.data(), 3), "");
  EXPECT_EQ(c, (std::vector<int8_t>{-128, 127, -5}));
}

// The basic API divides floats only; the register API's integer Div is divideIntegers.
TEST(VectorOps, IntegerDivisionIsRefused) {
  std::vector<int32_t> a = {1}, b = {0}, c(1);
  EXPECT_NE(vecBinary(SK_VOP_DIV, SK_DT_INT32, c.data(), a.data(), b.data(), 1), "");
}

TEST(VectorOps, IntegerDivideTruncatesGivesZeroForZeroAndWrapsMinOverMinusOne) {
  std::vector<int32_t> a = {7, -7, 7, -7, 5, INT32_MIN}, b = {2, 2, -2, -2, 0, -1}, c(6);
  EXPECT_EQ(divideIntegers(SK_DT_INT32, c.data(), a.data(), b.data(), 6), "");
  EXPECT_EQ(c, (std::vector<int32_t>{3, -3, -3, 3, 0, INT32_MIN}));
  std::vector<uint16_t> u = {65535, 9}, v = {2, 0}, w(2);
  EXPECT_EQ(divideIntegers(SK_DT_UINT16, w.data(), u.data(), v.data(), 2), "");
  EXPECT_EQ(w, (std::vector<uint16_t>{32767, 0}));
  std::vector<float> f(1);
  EXPECT_EQ(divideIntegers(SK_DT_FLOAT32, f.data(), f.data(), f.data(), 1), "div (integer): dtype float32 is not supported");
}

TEST(VectorOps, CastRoundModes) {
  std::vector<float> src = {2.5f, -2.5f, 1.5f, -1.4f};
  std::vector<int32_t> dst(4);
  auto cast = [&](int mode) {
    EXPECT_EQ(vecCast(SK_DT_INT32, SK_DT_FLOAT32, mode, dst.data(), src.data(), 4), "");
    return dst;
  };
  EXPECT_EQ(cast(SK_ROUND_RINT), (std::vector<int32_t>{2, -2, 2, -1}));   // ties to even
  EXPECT_EQ(cast(SK_ROUND_ROUND), (std::vector<int32_t>{3, -3, 2, -1}));  // ties away from zero
  EXPECT_EQ(cast(SK_ROUND_FLOOR), (std::vector<int32_t>{2, -3, 1, -2}));
  EXPECT_EQ(cast(SK_ROUND_CEIL), (std::vector<int32_t>{3, -2, 2, -1}));
  EXPECT_EQ(cast(SK_ROUND_TRUNC), (std::vector<int32_t>{2, -2, 1, -1}));
}

TEST(VectorOps, CastSaturatesIntegersAndOverflowsHalfToInfinity) {
  std::vector<float> src = {300.0f, -300.0f, NAN};
  std::vector<int8_t> dst(3);
  ASSERT_EQ(vecCast(SK_DT_INT8, SK_DT_FLOAT32, SK_ROUND_RINT, dst.data(), src.data(), 3), "");
  EXPECT_EQ(dst, (std::vector<int8_t>{127, -128, 0}));
  std::vector<float> big = {70000.0f};
  std::vector<uint16_t> h(1);
  ASSERT_EQ(vecCast(SK_DT_FLOAT16, SK_DT_FLOAT32, SK_ROUND_NONE, h.data(), big.data(), 1), "");
  EXPECT_EQ(h[0], 0x7c00);
}

TEST(VectorOps, CastIntegerToNarrowerIntegerSaturates) {
  std::vector<int32_t> src = {70000, -70000, 12};
  std::vector<int16_t> dst(3);
  ASSERT_EQ(vecCast(SK_DT_INT16, SK_DT_INT32, SK_ROUND_NONE, dst.data(), src.data(), 3), "");
  EXPECT_EQ(dst, (std::vector<int16_t>{32767, -32768, 12}));
}

TEST(VectorOps, ReduceSumUsesAPairwiseTreeWithinARepeat) {
  // Sequentially ((1e8 + 1) - 1e8) + 1 = 1 in float32; pairwise (1e8 + 1) + (-1e8 + 1) = 0.
  std::vector<float> v = {1e8f, 1.0f, -1e8f, 1.0f};
  float r = -1;
  ASSERT_EQ(vecReduce(SK_VOP_REDUCE_SUM, SK_DT_FLOAT32, &r, v.data(), 4), "");
  EXPECT_EQ(r, 0.0f);
  // An odd tail is carried up a level: (a + b) + c.
  std::vector<float> w = {1e8f, -1e8f, 1.0f};
  ASSERT_EQ(vecReduce(SK_VOP_REDUCE_SUM, SK_DT_FLOAT32, &r, w.data(), 3), "");
  EXPECT_EQ(r, 1.0f);
}

TEST(VectorOps, ReduceMaxAndMinOfHalves) {
  auto v = halves({-3, 7.5f, 2, -8});
  uint16_t r = 0;
  ASSERT_EQ(vecReduce(SK_VOP_REDUCE_MAX, SK_DT_FLOAT16, &r, v.data(), 4), "");
  EXPECT_EQ(sk::halfToFloat(r), 7.5f);
  ASSERT_EQ(vecReduce(SK_VOP_REDUCE_MIN, SK_DT_FLOAT16, &r, v.data(), 4), "");
  EXPECT_EQ(sk::halfToFloat(r), -8.0f);
}

TEST(VectorOps, UnaryOpsOnFloat) {
  std::vector<float> v = {4.0f, -2.0f}, out(2);
  ASSERT_EQ(vecUnary(SK_VOP_SQRT, SK_DT_FLOAT32, out.data(), v.data(), 1), "");
  EXPECT_EQ(out[0], 2.0f);
  ASSERT_EQ(vecUnary(SK_VOP_RELU, SK_DT_FLOAT32, out.data(), v.data(), 2), "");
  EXPECT_EQ(out, (std::vector<float>{4.0f, 0.0f}));
  ASSERT_EQ(vecUnary(SK_VOP_RECIPROCAL, SK_DT_FLOAT32, out.data(), v.data(), 2), "");
  EXPECT_EQ(out, (std::vector<float>{0.25f, -0.5f}));
}

TEST(VectorOps, ScalarOpsAndLeakyRelu) {
  std::vector<float> v = {3.0f, -4.0f}, out(2);
  float s = 0.5f;
  ASSERT_EQ(vecScalar(SK_VOP_LEAKYRELU, SK_DT_FLOAT32, out.data(), v.data(), &s, 2), "");
  EXPECT_EQ(out, (std::vector<float>{3.0f, -2.0f}));
  ASSERT_EQ(vecScalar(SK_VOP_MAXS, SK_DT_FLOAT32, out.data(), v.data(), &s, 2), "");
  EXPECT_EQ(out, (std::vector<float>{3.0f, 0.5f}));
}

TEST(VectorOps, UnknownOpsAndDtypesAreNamed) {
  float a = 0, b = 0, c = 0;
  EXPECT_NE(vecBinary(99, SK_DT_FLOAT32, &c, &a, &b, 1).find("is not supported"), std::string::npos);
  EXPECT_NE(elementwise(SK_V_ADD, 99, &c, &a, &b, 0, countShape(1, 4, 4)).find("unknown dtype code 99"), std::string::npos);
}

TEST(VectorOps, ReduceSumCountFormAddsRepeatsInOrder) {
  // 64 floats per repeat. Repeat 0 sums to 1e8, repeat 1 to 1, repeat 2 to -1e8: in order
  // (1e8 + 1) - 1e8 = 0 in float32; a tree over repeats would give the same here, so repeat 3
  // adds 1: ((1e8 + 1) - 1e8) + 1 = 1 in order, (1e8 + 1) + (-1e8 + 1) = 0 as a tree.
  std::vector<float> v(256, 0.0f);
  v[0] = 1e8f;
  v[64] = 1.0f;
  v[128] = -1e8f;
  v[192] = 1.0f;
  float r = -1;
  ASSERT_EQ(vecReduce(SK_VOP_REDUCE_SUM, SK_DT_FLOAT32, &r, v.data(), 256), "");
  EXPECT_EQ(r, 1.0f);
}

TEST(RepeatModel, MaskSelectsElementsAndLeavesTheOthers) {
  // One repeat of 64 floats; mask bits 0 and 63 only.
  std::vector<float> a(64, 1.0f), b(64, 2.0f), d(64, -7.0f);
  sk_vec_repeat r{};
  r.mode = SK_MASK_NORMAL;
  r.repeat = 1;
  r.mask_lo = 1ull | (1ull << 63);
  r.dst_blk = r.src0_blk = r.src1_blk = 1;
  r.dst_rep = r.src0_rep = r.src1_rep = 8;
  Shape s;
  Registers regs;
  ASSERT_EQ(resolve(r, 4, regs, s), "");
  ASSERT_EQ(elementwise(SK_V_ADD, SK_DT_FLOAT32, d.data(), a.data(), b.data(), 0, s), "");
  EXPECT_EQ(d[0], 3.0f);
  EXPECT_EQ(d[63], 3.0f);
  EXPECT_EQ(d[1], -7.0f);
  EXPECT_EQ(d[62], -7.0f);
}

TEST(RepeatModel, BlockAndRepeatStridesAddressBlocksOf32Bytes) {
  // Two repeats of 8 float blocks; src block stride 2 (every other block), repeat stride 16.
  std::vector<float> src(512), dst(128, 0.0f);
  for (size_t i = 0; i < src.size(); ++i) src[i] = (float)i;
  sk_vec_repeat r{};
  r.mode = SK_MASK_NORMAL;
  r.repeat = 2;
  r.mask_lo = ~0ull;
  r.dst_blk = 1;
  r.dst_rep = 8;
  r.src0_blk = 2;
  r.src0_rep = 16;
  Shape s;
  Registers regs;
  ASSERT_EQ(resolve(r, 4, regs, s), "");
  EXPECT_EQ(extent(s, 1, 4), 16u * 32 + 15u * 32 + 32u - 32u * 1);  // last block at 1*16 + 7*2 blocks
  ASSERT_EQ(elementwise(SK_V_COPY, SK_DT_FLOAT32, dst.data(), src.data(), nullptr, 0, s), "");
  EXPECT_EQ(dst[0], 0.0f);    // repeat 0, block 0
  EXPECT_EQ(dst[8], 16.0f);   // repeat 0, block 1 = source block 2
  EXPECT_EQ(dst[64], 128.0f); // repeat 1 starts 16 blocks in
  EXPECT_EQ(dst[72], 144.0f);
}

TEST(RepeatModel, CounterModeTakesTheFirstCountElements) {
  std::vector<uint16_t> d(256, 0xffff);
  sk_vec_repeat r{};
  r.mode = SK_MASK_COUNTER;
  r.mask_lo = 130;  // 128 halves per repeat: one full repeat and 2 of the next
  r.dst_blk = 1;
  r.dst_rep = 8;
  Shape s;
  Registers regs;
  ASSERT_EQ(resolve(r, 2, regs, s), "");
  EXPECT_EQ(s.repeats, 2u);
  ASSERT_EQ(elementwise(SK_V_DUP, SK_DT_FLOAT16, d.data(), d.data(), nullptr, sk::floatToHalf(1.5f), s), "");
  EXPECT_EQ(d[129], sk::floatToHalf(1.5f));
  EXPECT_EQ(d[130], 0xffff);
}

TEST(RepeatModel, CountPerRepeatRunsRepeatTimesOfTheCountBeyondEightBlocks) {
  // Copy's counter mode: 72 int32 (9 blocks) per repeat, 2 repeats 16 blocks apart in src0.
  std::vector<int32_t> src(256), d(160, -1);
  for (int i = 0; i < 256; ++i) src[i] = i;
  sk_vec_repeat r{};
  r.mode = SK_MASK_COUNTER;
  r.flags = SK_REPEAT_COUNT_PER_REPEAT;
  r.mask_lo = 72;
  r.repeat = 2;
  r.dst_blk = r.src0_blk = 1;
  r.dst_rep = 9;
  r.src0_rep = 16;
  Shape s;
  Registers regs;
  ASSERT_EQ(resolve(r, 4, regs, s), "");
  EXPECT_EQ(s.repeats, 2u);
  EXPECT_EQ(s.perRepeat, 72u);
  ASSERT_EQ(elementwise(SK_V_COPY, SK_DT_INT32, d.data(), src.data(), nullptr, 0, s), "");
  for (int i = 0; i < 144; ++i) EXPECT_EQ(d[i], i < 72 ? i : 128 + i - 72) << i;
  EXPECT_EQ(d[144], -1);
}

TEST(RepeatModel, ALengthMaskIsTheFirstElementsOfEachRepeatInNormalMode) {
  sk_vec_repeat r{};
  r.mode = SK_MASK_NORMAL;
  r.flags = SK_REPEAT_MASK_IS_LENGTH;
  r.mask_lo = 70;  // halves: 128 per repeat
  r.repeat = 2;
  Shape s;
  Registers regs;
  ASSERT_EQ(resolve(r, 2, regs, s), "");
  EXPECT_EQ(s.mask[0], ~0ull);
  EXPECT_EQ(s.mask[1], (1ull << 6) - 1);
  r.mask_lo = 500;  // more than a repeat: all of it
  ASSERT_EQ(resolve(r, 2, regs, s), "");
  EXPECT_EQ(s.mask[1], ~0ull);
}

TEST(GatherMask, CounterModeTakesCountElementsPerRepeatWithThePatternRunningOn) {
  // 70 uint32 per repeat (beyond one 256-byte repeat), 2 repeats 4 blocks apart, the pattern
  // (every third element) read from its start each repeat.
  std::vector<uint32_t> src(256), dst(256, 0);
  for (uint32_t i = 0; i < 256; ++i) src[i] = i;
  uint8_t pattern[32] = {};
  for (int e = 0; e < 256; e += 3) pattern[e / 8] |= (uint8_t)(1u << (e % 8));
  uint64_t kept = gatherMask(SK_DT_UINT32, dst.data(), src.data(), pattern, 0, 2, 1, 4, 0, 70);
  std::vector<uint32_t> want;
  for (uint32_t r = 0; r < 2; ++r)
    for (uint32_t e = 0; e < 70; e += 3) want.push_back(r * 32 + e);
  ASSERT_EQ(kept, want.size());
  for (size_t i = 0; i < want.size(); ++i) EXPECT_EQ(dst[i], want[i]) << i;
}

TEST(Reductions, WholeReduceMaxGivesValueAndIndexPerRepeat) {
  std::vector<float> src(128);
  for (int i = 0; i < 128; ++i) src[i] = (float)((i * 37) % 101);
  src[70] = 500.0f;  // repeat 1, position 6
  std::vector<float> dst(4, 0.0f);
  sk_vec_repeat r{};
  r.mode = SK_MASK_NORMAL;
  r.repeat = 2;
  r.mask_lo = ~0ull;
  r.src0_blk = 1;
  r.src0_rep = 8;
  Shape s;
  Registers regs;
  ASSERT_EQ(resolve(r, 4, regs, s), "");
  ASSERT_EQ(wholeReduce(SK_VOP_REDUCE_MAX, SK_DT_FLOAT32, SK_ORDER_VALUE_INDEX, dst.data(), src.data(), 1, s, regs), "");
  EXPECT_EQ(dst[2], 500.0f);
  uint32_t idx;
  std::memcpy(&idx, &dst[3], 4);
  EXPECT_EQ(idx, 6u);
}

TEST(Reductions, BlockReduceSumGivesOneResultPerBlock) {
  std::vector<float> src(64, 1.0f), dst(8, 0.0f);
  src[8] = 5.0f;
  sk_vec_repeat r{};
  r.mode = SK_MASK_NORMAL;
  r.repeat = 1;
  r.mask_lo = ~0ull;
  r.src0_blk = 1;
  r.src0_rep = 8;
  Shape s;
  Registers regs;
  ASSERT_EQ(resolve(r, 4, regs, s), "");
  ASSERT_EQ(blockReduce(SK_VOP_REDUCE_SUM, SK_DT_FLOAT32, dst.data(), src.data(), 1, s), "");
  EXPECT_EQ(dst[0], 8.0f);
  EXPECT_EQ(dst[1], 12.0f);
}

TEST(CompareSelect, CompareWritesABitPerElementAndSelectReadsIt) {
  std::vector<float> a(64), b(64, 10.0f), out(64);
  for (int i = 0; i < 64; ++i) a[i] = (float)i;
  uint8_t bits[8] = {};
  Shape s = countShape(64, 4, 4);
  ASSERT_EQ(compare(SK_CMP_LT, SK_DT_FLOAT32, bits, a.data(), b.data(), 0, false, s), "");
  EXPECT_EQ(bits[0], 0xff);  // 0..7 < 10
  EXPECT_EQ(bits[1], 0x03);  // 8, 9 < 10
  EXPECT_EQ(bits[2], 0x00);
  float zero = 0.0f;
  uint64_t zbits = 0;
  std::memcpy(&zbits, &zero, 4);
  ASSERT_EQ(select(1, SK_DT_FLOAT32, out.data(), bits, a.data(), nullptr, zbits, SelectScalar::Src1, s), "");
  EXPECT_EQ(out[9], 9.0f);
  EXPECT_EQ(out[10], 0.0f);
  // The scalar first (Ascend 950's flexible position): taken where the bit is set.
  ASSERT_EQ(select(1, SK_DT_FLOAT32, out.data(), bits, nullptr, a.data(), zbits, SelectScalar::Src0, s), "");
  EXPECT_EQ(out[9], 0.0f);
  EXPECT_EQ(out[10], 10.0f);
}

TEST(Atomics, AddCombinesWithWhatIsThere) {
  std::vector<float> dst = {1.0f, 2.0f}, src = {0.5f, 0.25f};
  ASSERT_EQ(atomicCombine(SK_ATOMIC_ADD, SK_DT_FLOAT32, dst.data(), src.data(), 8), "");
  EXPECT_EQ(dst, (std::vector<float>{1.5f, 2.25f}));
}

TEST(CubeOps, MmadAccumulatesInFloat32InKOrder) {
  // 1x2 * 2x1 in float16: 0.5*2 + 0.25*4 = 2, then accumulate onto 1.
  auto a = halves({0.5f, 0.25f}), b = halves({2, 4});
  float c = 1.0f;
  ASSERT_EQ(mmadRowMajor(&c, a.data(), b.data(), 1, 2, 1, SK_DT_FLOAT16, true), "");
  EXPECT_EQ(c, 3.0f);
  std::vector<int8_t> ia = {-128, 127}, ib = {-128, 127};
  int32_t ic = 0;
  ASSERT_EQ(mmadRowMajor(&ic, ia.data(), ib.data(), 1, 2, 1, SK_DT_INT8, false), "");
  EXPECT_EQ(ic, 128 * 128 + 127 * 127);
}

}  // namespace
