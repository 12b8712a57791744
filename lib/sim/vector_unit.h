// The simulated vector unit: AscendC's repeat model (8 blocks of 32 bytes per repeat, an element
// mask or a running count, block and repeat strides) executed with typed loops, and the
// reductions, compares, selects and gathers built on it. Pure functions over host memory: the
// intrinsics (intrinsics.cpp) check operands and charge time, this file computes.
#pragma once
#include <cstdint>
#include <string>

#define SK_KERNEL_C_ONLY
#include "sk/kernel.h"

namespace sk::sim::vec {

// One instruction's iteration space, resolved from an sk_vec_repeat and the core's registers.
struct Shape {
  uint32_t repeats = 0;
  uint32_t perRepeat = 0;       // elements of one repeat: 256 / widest element
  uint64_t mask[2] = {~0ull, ~0ull};  // per-repeat element mask (normal mode)
  uint64_t lastCount = 0;       // counter mode: elements in the last repeat (0: full)
  bool counter = false;
  uint16_t blk[3] = {1, 1, 1}, rep[3] = {8, 8, 8};  // dst, src0, src1 (32-byte blocks)
  bool full(uint32_t r) const;      // every element of repeat r taken
  bool take(uint32_t r, uint32_t e) const;
};

// The per-core registers instructions may read (mask register mode) or update.
struct Registers {
  uint64_t mask[2] = {~0ull, ~0ull};
  int32_t maskMode = SK_MASK_NORMAL;  // SetMaskNorm / SetMaskCount
  uint64_t accVal = 0;                // bits of the last reduction result (GetAccVal)
  uint64_t maxMinValue = 0;           // bits of the last max / min reduction's extreme (GetReduceMaxMinCount)
  uint64_t maxMinIndex = 0;           //   and its index in the source
  float deqScale = 1.0f;              // SetDeqScale (int32 -> half casts)
  uint64_t rsvdCnt = 0;               // GatherMask's kept count
  uint8_t cmpMask[16] = {};           // CMPMASK (128 bits): Compare's register form, SetCmpMask, Select
};

// The shape of an instruction whose widest operand has `maxElemBytes`; errors (unknown mode)
// come back as a message.
std::string resolve(const sk_vec_repeat& r, uint32_t maxElemBytes, const Registers& regs, Shape& out);

// Bytes an operand spans from its base to the end of the last element the instruction takes
// (bounds checks, race check): operand 0 = dst, 1 = src0, 2 = src1.
uint64_t extent(const Shape& s, int operand, uint32_t elemBytes);
uint64_t extentBits(const Shape& s, int operand, uint32_t elemBits);

// Each returns "" or what is wrong (an op/dtype the unit does not support).
std::string elementwise(int32_t op, int32_t dtype, void* dst, const void* src0, const void* src1, uint64_t scalar,
                        const Shape& s);
// dst = src0 * src1 + dst, float dst and half sources (MulAddDst's mixed form).
std::string mulAddDstMixed(int32_t dstType, int32_t srcType, void* dst, const void* src0, const void* src1, const Shape& s);
std::string axpy(int32_t dstType, int32_t srcType, void* dst, const void* src, uint64_t scalar, const Shape& s);
// x rounded by an sk_round_mode and saturated to int4's -8..7 (NaN: 0).
int32_t roundToInt4(int32_t round, float x);
// half <-> int4 (SK_DT_INT4): to int4 rounds by `round` and saturates to -8..7.
std::string convertInt4(int32_t dstType, int32_t srcType, int32_t round, void* dst, const void* src, const Shape& s);
std::string convert(int32_t dstType, int32_t srcType, int32_t round, void* dst, const void* src, const Shape& s,
                    const Registers& regs);
// dst null (sums only): the repeats' sums go to the accumulator register only.
std::string wholeReduce(int32_t op, int32_t dtype, int32_t order, void* dst, const void* src, uint32_t dstRep,
                        const Shape& s, Registers& regs);
std::string blockReduce(int32_t op, int32_t dtype, void* dst, const void* src, uint32_t dstRep, const Shape& s);
std::string pairReduce(int32_t dtype, void* dst, const void* src, uint32_t dstRep, const Shape& s);
// The register API's group reductions: element j of dst reduces src's group j of `group`
// elements, the inactive ones (active[i] false) taking the reduction's identity; sums add
// pairwise by position, each step rounded to the type.
std::string reduceGroups(int32_t op, int32_t dtype, void* dst, const void* src, const bool* active, uint32_t count,
                         uint32_t group);
std::string reduceAll(int32_t op, int32_t dtype, void* dst, const void* src, bool calIndex, const Shape& s,
                      Registers& regs);
std::string compare(int32_t cmp, int32_t dtype, void* dst, const void* src0, const void* src1, uint64_t scalar,
                    bool withScalar, const Shape& s);
// Which select operand is the scalar, if any (SK_SELECT_SCALAR_FIRST: src0).
enum class SelectScalar { None, Src1, Src0 };
std::string select(int32_t mode, int32_t dtype, void* dst, const void* sel, const void* src0, const void* src1,
                   uint64_t scalar, SelectScalar withScalar, const Shape& s);
std::string gather(int32_t dtype, void* dst, const void* src, const uint32_t* offsets, uint32_t base, uint64_t count);
std::string scatter(int32_t dtype, void* dst, const void* src, const uint32_t* offsets, uint32_t base, uint64_t count);
// The kept elements packed at dst (null dst: only counts them); returns their count.
uint64_t gatherMask(int32_t dtype, void* dst, const void* src0, const void* pattern, int32_t builtin, uint32_t repeats,
                    uint16_t src0Blk, uint16_t src0Rep, uint16_t patternRep, uint32_t counterElems);
std::string brcb(int32_t dtype, void* dst, const void* src, uint32_t repeats, uint16_t dstBlk, uint16_t dstRep);
void transpose16(void* dst, const void* src);
// One repeat of sk_vec_transpose_list on resolved addresses; "" or what is wrong.
std::string transposeList(int32_t elemBytes, uint8_t* const dst[16], const uint8_t* const src[16], bool dstHigh, bool srcHigh);
std::string index(int32_t dtype, void* dst, uint64_t first, uint64_t count);
// count integers divided, truncating toward zero (the register API's integer Div; the basic API
// divides floats only): by 0 gives 0 (the docs leave it open), MIN / -1 wraps.
std::string divideIntegers(int32_t dtype, void* dst, const void* src0, const void* src1, uint64_t count);
// count floats (float, half, bf16) rounded to integral values of their own type (enum sk_round_mode).
std::string roundToIntegral(int32_t dtype, int32_t round, void* dst, const void* src, uint64_t count);

// A copy into GM under an atomic mode (sk_atomic): dst[i] = dst[i] op src[i], in `dtype`.
std::string atomicCombine(int32_t mode, int32_t dtype, void* dst, const void* src, uint64_t bytes);

// Cube: c[m x n] (+)= a[m x k] * b[k x n], row-major; float32 results (int32 for int8).
std::string mmadRowMajor(void* c, const void* a, const void* b, uint32_t m, uint32_t k, uint32_t n, int32_t abType,
                         bool accumulate);

// Names for messages and the cost table.
const char* opName(int32_t op);
const char* reduceName(int32_t op);

}  // namespace sk::sim::vec
