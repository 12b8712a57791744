// Ascend 950's register vector API (AscendC::Reg, include/ascendc/sk_ascendc/reg.h): a vector
// register is VL = 256 bytes of the kernel's own memory, a mask register 32 bytes with one bit
// per register byte (an element is active when the bit of its first byte is set). Loads and
// stores reach this core's UB, checked, aligned as the hardware requires and race-tracked like
// any V-pipe access. A VF issues one instruction per cycle into a pipelined unit, so an
// instruction is charged its op's per-repeat cycles (arch vectorOps), never the op's head
// latency; a load or store one cycle.
#include <cmath>
#include <cstring>

#include "intrinsic_support.h"
#include "sk/sim/minifloat.h"
#include "sk/types.h"
#include "vector_unit.h"

namespace sk::sim {

namespace {

constexpr uint32_t kVL = SK_REG_VL;

bool active(const uint8_t* mask, uint32_t element, uint32_t elemBytes) {
  uint32_t bit = element * elemBytes;
  return (mask[bit / 8] >> (bit % 8)) & 1;
}
// Marks an element active: the bit of its first byte, the others of its bytes left 0. The
// hardware's masks look so in UB: a b32 compare of all-true stores 0x11111111 per word (the SDK
// sample reg_data_movement/scene9_mask_dist, measured on Ascend 950).
void setActive(uint8_t* mask, uint32_t element, uint32_t elemBytes) {
  uint32_t bit = element * elemBytes;
  mask[bit / 8] |= (uint8_t)(1u << (bit % 8));
}
// Marks every byte of an element: MaskGenWithRegTensor spreads each source bit so (the SDK
// sample reg_move scenario 1: a b32 bit becomes 4 mask bits).
void setActiveBytes(uint8_t* mask, uint32_t element, uint32_t elemBytes) {
  for (uint32_t k = 0; k < elemBytes; ++k) setActive(mask, element * elemBytes + k, 1);
}

void requireElementBytes(CoreRun* c, const char* op, uint32_t b) {
  if (b != 1 && b != 2 && b != 4 && b != 8) fault(c, std::string(op) + ": element size " + std::to_string(b) + " is not 1, 2, 4 or 8 bytes");
}

uint32_t widthOf(CoreRun* c, const char* op, int32_t dtype) {
  std::optional<DType> d = dtypeFromCode(dtype);
  uint32_t b = d ? dtypeBytes(*d) : 0;
  if (b != 1 && b != 2 && b != 4 && b != 8)
    fault(c, std::string(op) + ": dtype code " + std::to_string(dtype) + " is not a register element type");
  return b;
}

// The vector unit's shape of one whole register: `elements` contiguous ones, every one taken
// (dstBytes/srcBytes: the widths of a conversion's two sides).
vec::Shape wholeRegister(uint32_t elements, uint32_t dstBytes = 1, uint32_t srcBytes = 1) {
  uint32_t widest = std::max(dstBytes, srcBytes);
  vec::Shape s;
  s.repeats = 1;
  s.perRepeat = elements;
  s.counter = true;
  s.rep[0] = (uint16_t)(8 * dstBytes / widest);
  s.rep[1] = s.rep[2] = (uint16_t)(8 * srcBytes / widest);
  return s;
}

CoreRun* registerOp(const char* intrinsic, const char* op) {
  CoreRun* c = enter(intrinsic);
  if (c) requireCoreType(c, op, CoreType::AIV);
  return c;
}

void chargeIssue(CoreRun* c, const char* opName) {
  charge(c, SK_PIPE_V, (uint64_t)std::ceil(c->launch->arch->vectorOp(opName).perRepeat), opName);
}

// The UB range [p, p + bytes) a load or store touches: in this core's UB, aligned to `align`
// bytes from UB's start, and noted for the race check.
void checkUb(CoreRun* c, const char* op, const char* role, const void* p, uint64_t bytes, uint32_t align, bool write) {
  checkLocalAccess(c, op, role, p, bytes, write);
  int mem = spaceOf(c, p, bytes);
  uint64_t offset = (uint64_t)((const uint8_t*)p - c->spaces[mem].base);
  if (offset % align)
    fault(c, std::string(op) + ": " + role + " at UB offset " + std::to_string(offset) + " is not " + std::to_string(align) +
                 "-byte aligned, as this distribution mode requires");
}

// What sk_reg_op names in messages, and the vector op whose cost it is charged (the register-only
// SK_REG_OP_* at the op they are closest to).
struct RegOpNames {
  const char* shown;
  const char* cost;
};
RegOpNames regOpNames(int32_t op) {
  switch (op) {
    case SK_REG_OP_EXP_SUB: return {"ExpSub", vec::opName(SK_V_EXP)};
    case SK_REG_OP_TRUNCATE: return {"Truncate", "cast"};
    case SK_REG_OP_ARANGE:
    case SK_REG_OP_ARANGE_DOWN: return {"Arange", vec::opName(SK_V_DUP)};
    case SK_REG_OP_DIV_FTZ: return {"Div", vec::opName(SK_V_DIV)};
    case SK_REG_OP_MUL_HIGH: return {"Mull", vec::opName(SK_V_MUL)};
    default: return {vec::opName(op), vec::opName(op)};
  }
}

// The 4-bit pair types (int4x2_t, fp4x2_e2m1_t, fp4x2_e1m2_t) and 16-bit ones: the instruction
// works on pairs. Pair i is the byte at 4 i + layout (DIST_UNPACK4_B8 loads bytes so), its low
// nibble element 2 i of the 16-bit side, its high nibble 2 i + 1. Widening, the mask counts the
// destination's elements; narrowing, a pair is written when the mask's bit of its even element is
// set (the reference: "大转小时mask有效位以偶数位为准"), the register's other bytes 0.
bool isNibblePair(int32_t dtype) { return dtype == SK_DT_INT4 || dtype == SK_DT_FLOAT4_E2M1 || dtype == SK_DT_FLOAT4_E1M2; }
// Element i (0 or 1) of a pair byte.
float nibbleValue(int32_t dtype, uint8_t pair, uint32_t i) {
  return dtype == SK_DT_INT4 ? (float)sk::int4At(&pair, i) : decodeMinifloat(dtype, (uint8_t)(pair >> (4 * i) & 0xf));
}
// v as a 4-bit code by an sk_round_mode: an fp4 format's nearest codes, or int4 rounded and
// saturated as the vector unit's int4 Cast does (SatMode is not modelled: always saturating).
uint8_t nibbleCode(int32_t dtype, float v, int32_t round) {
  if (const MinifloatFormat* format = minifloatFormatOf(dtype)) return roundToMinifloat(*format, v, round);
  return (uint8_t)(vec::roundToInt4(round, v) & 0xf);
}
void castNibblePairs(CoreRun* c, int32_t dstType, int32_t srcType, int32_t round, int32_t layout, uint8_t* d,
                     const uint8_t* s, const uint8_t* mask) {
  constexpr uint32_t kPairs = kVL / 4, kWide = 2 * kPairs;
  bool widening = isNibblePair(srcType);
  int32_t wide = widening ? dstType : srcType, narrow = widening ? srcType : dstType;
  if (isNibblePair(wide) || widthOf(c, "Cast", wide) != 2)
    fault(c, "Cast: the 4-bit pair types convert to and from 16-bit types (int16_t, half, bfloat16_t)");
  if (layout < 0 || layout > 3) fault(c, "Cast: RegLayout " + std::to_string(layout) + " does not exist for 4-bit pairs (ZERO to THREE)");
  alignas(64) float values[kWide];
  alignas(64) uint8_t out[kVL];
  if (widening) {
    for (uint32_t i = 0; i < kPairs; ++i) {
      uint8_t pair = s[4 * i + (uint32_t)layout];
      values[2 * i] = nibbleValue(srcType, pair, 0);
      values[2 * i + 1] = nibbleValue(srcType, pair, 1);
    }
    // Every 4-bit value is exact in each 16-bit type, whatever the round mode.
    faultIf(c, vec::convert(dstType, SK_DT_FLOAT32, round, out, values, wholeRegister(kWide, 2, 4), c->regs));
    std::memset(d, 0, kVL);
    for (uint32_t i = 0; i < kWide; ++i)
      if (active(mask, i, 2)) std::memcpy(d + 2 * i, out + 2 * i, 2);
  } else {
    faultIf(c, vec::convert(SK_DT_FLOAT32, srcType, SK_ROUND_NONE, values, s, wholeRegister(kWide, 4, 2), c->regs));
    std::memset(out, 0, kVL);
    for (uint32_t i = 0; i < kPairs; ++i) {
      if (!active(mask, 2 * i, 2)) continue;
      uint8_t lo = nibbleCode(narrow, values[2 * i], round), hi = nibbleCode(narrow, values[2 * i + 1], round);
      out[4 * i + (uint32_t)layout] = (uint8_t)((lo & 0xf) | (hi << 4));
    }
    std::memcpy(d, out, kVL);
  }
  chargeIssue(c, "cast");
}

const char* loadName(int32_t dist) {
  static const char* names[] = {"LoadAlign DIST_NORM", "LoadAlign DIST_BRC", "LoadAlign DIST_US", "LoadAlign DIST_DS",
                                "LoadAlign DIST_UNPACK", "LoadAlign DIST_UNPACK4", "LoadAlign DIST_BLK", "LoadAlign DIST_E2B",
                                "LoadAlign (MaskReg)", "LoadUnAlign", "LoadAlign (MaskReg) DIST_US",
                                "LoadAlign (MaskReg) DIST_DS"};
  return dist >= 0 && dist <= SK_RLD_MASK_DS ? names[dist] : "LoadAlign";
}

// The register left shifts move every bit, the sign bit too, as on the unsigned type of the
// width: CATLASS's MX A8W4 prologue moves a nibble's sign into bit 7 of an int8 register so.
// (The LocalTensor ShiftLeft keeps a signed element's sign bit, as CANN documents it.)
int32_t leftShiftType(int32_t dtype) {
  switch (dtype) {
    case SK_DT_INT8: return SK_DT_UINT8;
    case SK_DT_INT16: return SK_DT_UINT16;
    case SK_DT_INT32: return SK_DT_UINT32;
    case SK_DT_INT64: return SK_DT_UINT64;
    default: return dtype;
  }
}

}  // namespace

}  // namespace sk::sim

using namespace sk::sim;
using sk::CoreType;

extern "C" {

void sk_reg_load(void* reg, const void* ub, uint32_t b, int32_t dist) {
  const char* op = loadName(dist);
  CoreRun* c = registerOp("sk_reg_load", op);
  if (!c) return;
  requireElementBytes(c, op, b);
  auto* d = (uint8_t*)reg;
  auto* s = (const uint8_t*)ub;
  uint32_t n = kVL / b;  // elements of one register
  switch (dist) {
    case SK_RLD_NORM:
      checkUb(c, op, "src", ub, kVL, 32, false);
      std::memcpy(d, s, kVL);
      break;
    case SK_RLD_BRC:  // one element to every position
      checkUb(c, op, "src", ub, b, b, false);
      for (uint32_t i = 0; i < n; ++i) std::memcpy(d + i * b, s, b);
      break;
    case SK_RLD_US:  // VL/2 bytes, each element twice
      checkUb(c, op, "src", ub, kVL / 2, 32, false);
      for (uint32_t i = 0; i < n; ++i) std::memcpy(d + i * b, s + i / 2 * b, b);
      break;
    case SK_RLD_DS:  // 2*VL bytes, every other element
      checkUb(c, op, "src", ub, 2 * kVL, 32, false);
      for (uint32_t i = 0; i < n; ++i) std::memcpy(d + i * b, s + 2 * i * b, b);
      break;
    case SK_RLD_UNPACK:   // VL/2 bytes, each element zero-extended to twice its width
    case SK_RLD_UNPACK4:  // VL/4 bytes, each to four times its width
    {
      uint32_t widen = dist == SK_RLD_UNPACK ? 2 : 4;
      checkUb(c, op, "src", ub, kVL / widen, 32, false);
      std::memset(d, 0, kVL);
      for (uint32_t i = 0; i < kVL / widen / b; ++i) std::memcpy(d + i * widen * b, s + i * b, b);
      break;
    }
    case SK_RLD_BLK:  // one 32-byte block to all eight
      checkUb(c, op, "src", ub, 32, 32, false);
      for (uint32_t blk = 0; blk < kVL / 32; ++blk) std::memcpy(d + blk * 32, s, 32);
      break;
    case SK_RLD_E2B:  // VL/32 elements, each broadcast over one block
      checkUb(c, op, "src", ub, kVL / 32 * b, kVL / 32 * b, false);
      for (uint32_t i = 0; i < n; ++i) std::memcpy(d + i * b, s + i * b / 32 * b, b);
      break;
    case SK_RLD_MASK:
      checkUb(c, op, "src", ub, kVL / 8, kVL / 8, false);
      std::memcpy(d, s, kVL / 8);
      break;
    case SK_RLD_UNALIGN:
      checkUb(c, op, "src", ub, kVL, b, false);
      std::memcpy(d, s, kVL);
      break;
    case SK_RLD_MASK_US:  // mask bit i = source bit i / 2
    case SK_RLD_MASK_DS:  // mask bit i = source bit 2i
    {
      bool up = dist == SK_RLD_MASK_US;
      uint32_t bytes = up ? kVL / 16 : kVL / 4;
      checkUb(c, op, "src", ub, bytes, up ? bytes : std::min(32u, bytes), false);
      std::memset(d, 0, kVL / 8);
      for (uint32_t i = 0; i < kVL; ++i) {
        uint32_t from = up ? i / 2 : 2 * i;
        d[i / 8] |= (uint8_t)(((s[from / 8] >> (from % 8)) & 1) << (i % 8));
      }
      break;
    }
    default: fault(c, "LoadAlign: unknown distribution mode " + std::to_string(dist));
  }
  charge(c, SK_PIPE_V, 1, op);
}

void sk_reg_store(void* ub, const void* reg, const uint8_t* mask, uint32_t b, int32_t dist) {
  const char* op = dist == SK_RST_FIRST ? "StoreAlign DIST_FIRST_ELEMENT"
                   : dist == SK_RST_PACK ? "StoreAlign DIST_PACK"
                   : dist == SK_RST_PACK4 ? "StoreAlign DIST_PACK4"
                   : dist == SK_RST_MASK ? "StoreAlign (MaskReg)" : "StoreAlign DIST_NORM";
  CoreRun* c = registerOp("sk_reg_store", op);
  if (!c) return;
  requireElementBytes(c, op, b);
  auto* d = (uint8_t*)ub;
  auto* s = (const uint8_t*)reg;
  uint32_t n = kVL / b;
  if (dist == SK_RST_FIRST) {
    checkUb(c, op, "dst", ub, b, b, true);
    std::memcpy(d, s, b);
  } else if (dist == SK_RST_MASK) {
    checkUb(c, op, "dst", ub, kVL / 8, kVL / 8, true);
    std::memcpy(d, s, kVL / 8);
  } else if (dist == SK_RST_NORM || dist == SK_RST_PACK || dist == SK_RST_PACK4) {
    // Only active elements are written; the checked span ends at the last one (a masked tail
    // may end at its buffer's end). A pack keeps the low half (quarter) of each element.
    uint32_t keep = dist == SK_RST_NORM ? b : dist == SK_RST_PACK ? b / 2 : b / 4;
    if (keep == 0) fault(c, std::string(op) + ": element size " + std::to_string(b) + " cannot be packed");
    uint32_t last = 0;
    for (uint32_t i = 0; i < n; ++i)
      if (active(mask, i, b)) last = i + 1;
    if (last) checkUb(c, op, "dst", ub, (uint64_t)last * keep, dist == SK_RST_NORM ? 32 : std::min<uint32_t>(32, kVL / (b / keep)), true);
    for (uint32_t i = 0; i < last; ++i)
      if (active(mask, i, b)) std::memcpy(d + i * keep, s + i * b, keep);  // little-endian: the low part first
  } else {
    fault(c, "StoreAlign: unknown distribution mode " + std::to_string(dist));
  }
  charge(c, SK_PIPE_V, 1, op);
}

void sk_reg_store_unaligned(void* ub, const void* reg, uint32_t b, uint32_t count) {
  const char* op = "StoreUnAlign";
  CoreRun* c = registerOp("sk_reg_store_unaligned", op);
  if (!c) return;
  requireElementBytes(c, op, b);
  if (count > kVL / b)
    fault(c, std::string(op) + ": " + std::to_string(count) + " elements of " + std::to_string(b) + " bytes exceed a register");
  if (count) checkUb(c, op, "dst", ub, (uint64_t)count * b, b, true);
  std::memcpy(ub, reg, (size_t)count * b);
  charge(c, SK_PIPE_V, 1, op);
}

void sk_reg_mask(uint8_t* mask, uint32_t b, int32_t pattern, uint32_t count) {
  CoreRun* c = registerOp("sk_reg_mask", "CreateMask");
  if (!c) return;
  requireElementBytes(c, "CreateMask", b);
  std::memset(mask, 0, kVL / 8);
  for (uint32_t i = 0; i < kVL / b; ++i)
    if (pattern == SK_RMASK_M3 ? i % 3 == 0 : pattern == SK_RMASK_M4 ? i % 4 == 0 : i < count) setActive(mask, i, b);
  charge(c, SK_PIPE_V, 1, "CreateMask");
}

void sk_reg_op(int32_t op, int32_t dtype, void* dst, const void* src0, const void* src1, uint64_t scalar, const uint8_t* mask,
               int32_t merging) {
  if (op == SK_V_SHIFTLEFT || op == SK_V_SHIFTLEFT_V) dtype = leftShiftType(dtype);
  RegOpNames names = regOpNames(op);
  CoreRun* c = registerOp("sk_reg_op", names.shown);
  if (!c) return;
  uint32_t b = widthOf(c, names.cost, dtype);
  alignas(64) uint8_t result[kVL];
  switch (op) {
    case SK_REG_OP_EXP_SUB:
      faultIf(c, vec::elementwise(SK_V_SUB, dtype, result, src0, src1, 0, wholeRegister(kVL / b)));
      faultIf(c, vec::elementwise(SK_V_EXP, dtype, result, result, nullptr, 0, wholeRegister(kVL / b)));
      break;
    case SK_REG_OP_TRUNCATE: faultIf(c, vec::roundToIntegral(dtype, (int32_t)scalar, result, src0, kVL / b)); break;
    case SK_REG_OP_DIV_FTZ: {
      if (dtype != SK_DT_FLOAT32) fault(c, "Div (flushing subnormals): float only");
      auto flush = [](float v) { return std::fpclassify(v) == FP_SUBNORMAL ? std::copysign(0.0f, v) : v; };
      float a[kVL / 4], d[kVL / 4];
      std::memcpy(a, src0, kVL);
      std::memcpy(d, src1, kVL);
      for (uint32_t i = 0; i < kVL / 4; ++i) a[i] = flush(flush(a[i]) / flush(d[i]));
      std::memcpy(result, a, kVL);
      break;
    }
    case SK_REG_OP_MUL_HIGH: {
      if (dtype != SK_DT_INT32 && dtype != SK_DT_UINT32) fault(c, "Mull: int32 or uint32 elements");
      for (uint32_t i = 0; i < kVL / 4; ++i) {
        uint32_t a, d;
        std::memcpy(&a, (const uint8_t*)src0 + 4 * i, 4);
        std::memcpy(&d, (const uint8_t*)src1 + 4 * i, 4);
        uint64_t product = dtype == SK_DT_INT32 ? (uint64_t)((int64_t)(int32_t)a * (int32_t)d) : (uint64_t)a * d;
        uint32_t high = (uint32_t)(product >> 32);
        std::memcpy(result + 4 * i, &high, 4);
      }
      break;
    }
    case SK_V_DIV:
      if (dtype == SK_DT_FLOAT32 || dtype == SK_DT_FLOAT16 || dtype == SK_DT_BFLOAT16)
        faultIf(c, vec::elementwise(op, dtype, result, src0, src1, 0, wholeRegister(kVL / b)));
      else
        faultIf(c, vec::divideIntegers(dtype, result, src0, src1, kVL / b));
      break;
    case SK_REG_OP_ARANGE:
    case SK_REG_OP_ARANGE_DOWN:
      faultIf(c, vec::index(dtype, result, scalar, kVL / b));
      if (op == SK_REG_OP_ARANGE_DOWN)
        for (uint32_t i = 0, j = kVL / b - 1; i < j; ++i, --j) std::swap_ranges(result + i * b, result + (i + 1) * b, result + j * b);
      break;
    case SK_V_FUSEDMULADD:  // dst = src0 * dst + src1 and dst = src0 * src1 + dst read dst
    case SK_V_MULADDDST:
      std::memcpy(result, dst, kVL);
      faultIf(c, vec::elementwise(op, dtype, result, src0, src1, scalar, wholeRegister(kVL / b)));
      break;
    default:
      faultIf(c, vec::elementwise(op, dtype, result, op == SK_V_DUP ? result : src0, src1, scalar, wholeRegister(kVL / b)));
  }
  auto* d = (uint8_t*)dst;
  for (uint32_t i = 0; i < kVL / b; ++i) {
    if (active(mask, i, b)) std::memcpy(d + i * b, result + i * b, b);
    else if (!merging) std::memset(d + i * b, 0, b);
  }
  chargeIssue(c, names.cost);
}

void sk_reg_load_blocks(void* reg, const void* base, const uint32_t* offsets, const uint8_t* mask, int32_t maskKind) {
  const char* op = maskKind == SK_RBLK_LANE32 ? "GatherB" : "LoadAlign DATA_BLOCK_COPY";
  CoreRun* c = registerOp("sk_reg_load_blocks", op);
  if (!c) return;
  checkUb(c, op, "base", base, 0, 32, false);
  alignas(64) uint8_t out[kVL] = {};
  for (uint32_t j = 0; j < kVL / 32; ++j) {
    uint32_t bits;
    std::memcpy(&bits, mask + 4 * j, 4);
    if (maskKind == SK_RBLK_LANE32 ? !active(mask, j, 4) : bits == 0) continue;
    if (offsets[j] % 32) fault(c, std::string(op) + ": block " + std::to_string(j) + "'s offset " + std::to_string(offsets[j]) +
                                      " bytes is not a multiple of 32");
    const uint8_t* from = (const uint8_t*)base + offsets[j];
    checkUb(c, op, "src", from, 32, 32, false);
    std::memcpy(out + 32 * j, from, 32);
  }
  std::memcpy(reg, out, kVL);
  charge(c, SK_PIPE_V, 1, op);
}

void sk_reg_store_blocks(void* base, const void* reg, const uint32_t* offsets, const uint8_t* mask, uint32_t b) {
  const char* op = "StoreAlign DATA_BLOCK_COPY";
  CoreRun* c = registerOp("sk_reg_store_blocks", op);
  if (!c) return;
  requireElementBytes(c, op, b);
  checkUb(c, op, "base", base, 0, 32, false);
  for (uint32_t j = 0; j < kVL / 32; ++j) {
    uint32_t first = 32 * j / b;  // the block's first element
    bool any = false;
    for (uint32_t e = 0; e < 32 / b; ++e) any |= active(mask, first + e, b);
    if (!any) continue;  // not touched
    uint8_t* to = (uint8_t*)base + offsets[j];
    checkUb(c, op, "dst", to, 32, 32, true);
    for (uint32_t e = 0; e < 32 / b; ++e)
      if (active(mask, first + e, b)) std::memcpy(to + e * b, (const uint8_t*)reg + 32 * j + e * b, b);
  }
  charge(c, SK_PIPE_V, 1, op);
}

void sk_reg_gather_ub(void* reg, const void* base, const void* index, uint32_t db, uint32_t sb, uint32_t ib, const uint8_t* mask) {
  const char* op = "Gather (UB)";
  CoreRun* c = registerOp("sk_reg_gather_ub", op);
  if (!c) return;
  requireElementBytes(c, op, db);
  requireElementBytes(c, op, sb);
  requireElementBytes(c, op, ib);
  if (sb > db) fault(c, std::string(op) + ": a " + std::to_string(sb) + "-byte source cannot fill " + std::to_string(db) + "-byte elements");
  checkUb(c, op, "base", base, 0, 32, false);
  alignas(64) uint8_t out[kVL] = {};
  for (uint32_t i = 0; i < kVL / db; ++i) {
    if (!active(mask, i, db)) continue;
    uint64_t at = 0;
    std::memcpy(&at, (const uint8_t*)index + i * ib, ib);
    const uint8_t* from = (const uint8_t*)base + at * sb;
    checkUb(c, op, "src", from, sb, sb, false);
    std::memcpy(out + i * db, from, sb);  // a narrower source zero-extended (little-endian)
  }
  std::memcpy(reg, out, kVL);
  charge(c, SK_PIPE_V, 1, op);
}

void sk_reg_scatter_ub(void* base, const void* reg, const void* index, uint32_t b, uint32_t ib, const uint8_t* mask) {
  const char* op = "Scatter";
  CoreRun* c = registerOp("sk_reg_scatter_ub", op);
  if (!c) return;
  requireElementBytes(c, op, b);
  requireElementBytes(c, op, ib);
  checkUb(c, op, "base", base, 0, 32, false);
  for (uint32_t i = 0; i < kVL / ib && i < kVL / b; ++i) {
    if (!active(mask, i, b)) continue;
    uint64_t at = 0;
    std::memcpy(&at, (const uint8_t*)index + i * ib, ib);
    uint8_t* to = (uint8_t*)base + at * b;
    checkUb(c, op, "dst", to, b, b, true);
    std::memcpy(to, (const uint8_t*)reg + i * b, b);
  }
  charge(c, SK_PIPE_V, 1, op);
}

void sk_reg_histogram(void* dst, const void* src, const uint8_t* mask, uint32_t base, int32_t cumulative) {
  CoreRun* c = registerOp("sk_reg_histogram", "Histograms");
  if (!c) return;
  if (base != 0 && base != 128) fault(c, "Histograms: bin base " + std::to_string(base) + " (BIN0: 0, BIN1: 128)");
  uint32_t count[256] = {};
  for (uint32_t i = 0; i < kVL; ++i)
    if (active(mask, i, 1)) ++count[((const uint8_t*)src)[i]];
  uint16_t bins[kVL / 2];
  std::memcpy(bins, dst, kVL);
  uint32_t below = 0;  // cumulative: the values under base + n
  for (uint32_t v = 0; v < base; ++v) below += count[v];
  for (uint32_t n = 0; n < kVL / 2; ++n) {
    below += count[base + n];
    bins[n] = (uint16_t)(bins[n] + (cumulative ? below : count[base + n]));
  }
  std::memcpy(dst, bins, kVL);
  chargeIssue(c, vec::opName(SK_V_DUP));
}

void sk_reg_permute(int32_t kind, uint32_t b, void* dst0, void* dst1, const void* src0, const void* src1) {
  static const char* const kNames[] = {"Gather", "Interleave", "DeInterleave", "MaskGenWithRegTensor",
                                       "StoreUnAlign (MaskReg)", "Squeeze", "Unsqueeze", "Pack", "Pack",
                                       "UnPack", "UnPack", "UnPack", "UnPack"};
  const char* name = kind >= SK_RPERM_GATHER && kind <= SK_RPERM_UNPACK_HIGH_SIGNED ? kNames[kind] : "sk_reg_permute";
  CoreRun* c = registerOp("sk_reg_permute", name);
  if (!c) return;
  requireElementBytes(c, name, b);
  if (kind < SK_RPERM_GATHER || kind > SK_RPERM_UNPACK_HIGH_SIGNED)
    fault(c, "sk_reg_permute: unknown kind " + std::to_string(kind));
  const uint32_t lanes = kVL / b;
  auto* s0 = (const uint8_t*)src0;
  auto* s1 = (const uint8_t*)src1;
  alignas(64) uint8_t out[2 * kVL] = {};  // dst0 then dst1: the sources may be the destinations
  if (kind >= SK_RPERM_PACK_LOW) {  // between b-byte elements and their b/2-byte halves
    if (b < 2) fault(c, std::string(name) + ": the wide elements are 2, 4 or 8 bytes");
    const uint32_t n = b / 2;
    const bool high = kind == SK_RPERM_PACK_HIGH || kind == SK_RPERM_UNPACK_HIGH || kind == SK_RPERM_UNPACK_HIGH_SIGNED;
    if (kind <= SK_RPERM_PACK_HIGH) {
      std::memcpy(out, dst0, kVL);
      for (uint32_t i = 0; i < lanes; ++i) std::memcpy(out + (high ? kVL / 2 : 0) + i * n, s0 + i * b, n);
    } else {
      const bool sign = kind >= SK_RPERM_UNPACK_LOW_SIGNED;
      for (uint32_t i = 0; i < lanes; ++i) {
        const uint8_t* from = s0 + (high ? kVL / 2 : 0) + i * n;
        std::memcpy(out + i * b, from, n);
        std::memset(out + i * b + n, sign && (from[n - 1] & 0x80) ? 0xff : 0, n);
      }
    }
    std::memcpy(dst0, out, kVL);
    chargeIssue(c, vec::opName(SK_V_DUP));
    return;
  }
  if (kind == SK_RPERM_MASK_FROM_BITS || kind == SK_RPERM_MASK_TO_BITS) {  // one bit per element: lanes / 8 bytes
    for (uint32_t i = 0; i < lanes; ++i)
      if (kind == SK_RPERM_MASK_FROM_BITS && (s0[i / 8] >> (i % 8) & 1)) setActiveBytes(out, i, b);
      else if (kind == SK_RPERM_MASK_TO_BITS && active(s0, i, b)) out[i / 8] |= (uint8_t)(1u << (i % 8));
    std::memcpy(dst0, out, kind == SK_RPERM_MASK_FROM_BITS ? kVL / 8 : kVL);
    chargeIssue(c, vec::opName(SK_V_DUP));
    return;
  }
  if (kind == SK_RPERM_SQUEEZE || kind == SK_RPERM_UNSQUEEZE) {
    uint32_t taken = 0;
    for (uint32_t i = 0; i < lanes; ++i) {
      if (kind == SK_RPERM_UNSQUEEZE) std::memcpy(out + i * b, &taken, std::min<uint32_t>(b, 4));  // little-endian count
      if (active(kind == SK_RPERM_SQUEEZE ? s1 : s0, i, b)) {
        if (kind == SK_RPERM_SQUEEZE) std::memcpy(out + taken * b, s0 + i * b, b);
        ++taken;
      }
    }
    std::memcpy(dst0, out, kVL);
    if (kind == SK_RPERM_SQUEEZE && dst1) *(uint32_t*)dst1 = taken * b;
    chargeIssue(c, vec::opName(SK_V_DUP));
    return;
  }
  for (uint32_t i = 0; i < lanes; ++i) {
    if (kind == SK_RPERM_GATHER) {
      uint64_t index = 0;
      std::memcpy(&index, s1 + i * b, b);  // little-endian: the unsigned index of width b
      std::memcpy(out + i * b, s0 + index % lanes * b, b);
    } else if (kind == SK_RPERM_INTERLEAVE) {
      std::memcpy(out + 2 * i * b, s0 + i * b, b);
      std::memcpy(out + (2 * i + 1) * b, s1 + i * b, b);
    } else {
      for (uint32_t half = 0; half < 2; ++half) {  // concat(src0, src1): even elements to dst0, odd to dst1
        const uint8_t* from = half ? s1 : s0;
        for (uint32_t parity = 0; parity < 2; ++parity)
          if (i % 2 == parity) std::memcpy(out + parity * kVL + (half * lanes + i) / 2 * b, from + i * b, b);
      }
    }
  }
  std::memcpy(dst0, out, kVL);
  if (kind != SK_RPERM_GATHER) std::memcpy(dst1, out + kVL, kVL);
  chargeIssue(c, vec::opName(SK_V_DUP));  // a register move, as Duplicate
}

void sk_reg_reduce_groups(int32_t op, int32_t dtype, void* dst, const void* src, const uint8_t* mask, uint32_t group) {
  const char* name = vec::reduceName(op);
  CoreRun* c = registerOp("sk_reg_reduce_groups", name);
  if (!c) return;
  uint32_t b = widthOf(c, name, dtype);
  if (group < 2 || group > kVL / b || (group & (group - 1)))
    fault(c, std::string(name) + ": groups of " + std::to_string(group) + " elements (a power of two that fits a register)");
  alignas(64) uint8_t result[kVL] = {};
  bool on[kVL];
  for (uint32_t i = 0; i < kVL / b; ++i) on[i] = active(mask, i, b);
  faultIf(c, vec::reduceGroups(op, dtype, result, src, on, kVL / b, group));
  std::memcpy(dst, result, kVL);
  chargeIssue(c, name);
}

// ReduceSum of int16 (uint16) elements into an int32 (uint32) element 0: exact, wrapping at 32 bits.
static void reduceSumWide(CoreRun* c, int32_t dtype, void* dst, const void* src, const uint8_t* mask) {
  if (dtype != SK_DT_INT16 && dtype != SK_DT_UINT16) fault(c, "ReduceSum into 32-bit elements: int16 or uint16 sources");
  int64_t sum = 0;
  for (uint32_t i = 0; i < kVL / 2; ++i) {
    if (!active(mask, i, 2)) continue;
    uint16_t bits;
    std::memcpy(&bits, (const uint8_t*)src + 2 * i, 2);
    sum += dtype == SK_DT_INT16 ? (int64_t)(int16_t)bits : (int64_t)bits;
  }
  alignas(64) uint8_t result[kVL] = {};
  uint32_t low = (uint32_t)sum;
  std::memcpy(result, &low, 4);
  std::memcpy(dst, result, kVL);
}

void sk_reg_reduce(int32_t op, int32_t dtype, void* dst, const void* src, const uint8_t* mask) {
  bool wide = op == SK_REG_REDUCE_SUM_WIDE;
  const char* name = vec::reduceName(wide ? SK_VOP_REDUCE_SUM : op);
  CoreRun* c = registerOp("sk_reg_reduce", name);
  if (!c) return;
  uint32_t b = widthOf(c, name, dtype);
  if (wide) {
    reduceSumWide(c, dtype, dst, src, mask);
    return chargeIssue(c, name);
  }
  if (b == 1 || b == 8) fault(c, std::string(name) + ": the register reduction of " + std::to_string(b) + "-byte elements is not simulated");
  vec::Shape s;  // one repeat under the mask (at most 128 elements: b16 and b32 fit)
  s.repeats = 1;
  s.perRepeat = kVL / b;
  s.mask[0] = s.mask[1] = 0;
  for (uint32_t i = 0; i < s.perRepeat; ++i)
    if (active(mask, i, b)) s.mask[i / 64] |= 1ull << (i % 64);
  alignas(64) uint8_t result[kVL] = {};
  if (s.mask[0] | s.mask[1]) {
    vec::Registers regs;  // not the core's: a register reduction leaves GetAccVal alone
    faultIf(c, vec::reduceAll(op, dtype, result, src, op != SK_VOP_REDUCE_SUM, s, regs));
  }
  std::memcpy(dst, result, kVL);  // the value in element 0 (and a max/min's index in 1), the rest 0
  chargeIssue(c, name);
}

void sk_reg_compare(int32_t cmp, int32_t dtype, uint8_t* dstMask, const void* src0, const void* src1, uint64_t scalar,
                    int32_t withScalar, const uint8_t* mask) {
  CoreRun* c = registerOp("sk_reg_compare", "Compare");
  if (!c) return;
  uint32_t b = widthOf(c, "Compare", dtype);
  uint8_t bits[kVL / 8] = {};  // one bit per element
  faultIf(c, vec::compare(cmp, dtype, bits, src0, src1, scalar, withScalar != 0, wholeRegister(kVL / b)));
  uint8_t out[kVL / 8] = {};
  for (uint32_t i = 0; i < kVL / b; ++i)
    if (active(bits, i, 1) && active(mask, i, b)) setActive(out, i, b);
  std::memcpy(dstMask, out, sizeof out);
  chargeIssue(c, "compare");
}

void sk_reg_select(uint32_t b, void* dst, const void* src0, const void* src1, const uint8_t* mask) {
  CoreRun* c = registerOp("sk_reg_select", "Select");
  if (!c) return;
  requireElementBytes(c, "Select", b);
  alignas(64) uint8_t result[kVL];
  for (uint32_t i = 0; i < kVL / b; ++i)
    std::memcpy(result + i * b, (const uint8_t*)(active(mask, i, b) ? src0 : src1) + i * b, b);
  std::memcpy(dst, result, kVL);
  chargeIssue(c, "select");
}

// Between widths, `layout` picks the narrow elements' place in each group of the wide width:
// widening reads src[layout + ratio * i], narrowing writes dst[layout + ratio * i] (the rest of
// dst 0). The mask counts in the source's elements.
void sk_reg_cast(int32_t dstType, int32_t srcType, int32_t round, int32_t layout, void* dst, const void* src,
                 const uint8_t* mask) {
  CoreRun* c = registerOp("sk_reg_cast", "Cast");
  if (!c) return;
  if (isNibblePair(srcType) || isNibblePair(dstType))
    return castNibblePairs(c, dstType, srcType, round, layout, (uint8_t*)dst, (const uint8_t*)src, mask);
  uint32_t db = widthOf(c, "Cast", dstType), sb = widthOf(c, "Cast", srcType);
  uint32_t widest = std::max(db, sb), ratio = widest / std::min(db, sb), n = kVL / widest;
  if (layout < 0 || (uint32_t)layout >= ratio)
    fault(c, "Cast: RegLayout " + std::to_string(layout) + " does not exist for a " + std::to_string(ratio) + ":1 width ratio");
  auto* s = (const uint8_t*)src;
  auto* d = (uint8_t*)dst;
  alignas(64) uint8_t in[kVL], out[kVL];
  bool widening = db > sb;
  for (uint32_t i = 0; i < n; ++i) std::memcpy(in + i * sb, s + (widening ? layout + ratio * i : i) * sb, sb);
  faultIf(c, vec::convert(dstType, srcType, round, out, in, wholeRegister(n, db, sb), c->regs));
  std::memset(d, 0, kVL);
  for (uint32_t i = 0; i < n; ++i) {
    uint32_t srcElement = widening ? layout + ratio * i : i;
    if (!active(mask, srcElement, sb)) continue;
    std::memcpy(d + (db < sb ? layout + ratio * i : i) * db, out + i * db, db);
  }
  chargeIssue(c, "cast");
}

}  // extern "C"
