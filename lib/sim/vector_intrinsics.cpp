// The vector and cube intrinsics: each resolves the instruction's shape (mask, repeats,
// strides), checks that every operand lies in the core's local memory, computes with the vector
// unit (vector_unit.cpp) and charges the V (or M) pipe.
#include "cube_unit.h"
#include "intrinsic_support.h"
#include "sk/types.h"
#include "vector_unit.h"

namespace sk::sim {

namespace {

uint32_t widthOf(int32_t dtype) {
  std::optional<DType> d = dtypeFromCode(dtype);
  return d ? dtypeBytes(*d) : 0;
}

// A count-form instruction: `count` elements, contiguous operands (dst of dstBytes elements,
// sources of srcBytes).
sk_vec_repeat countForm(uint64_t count, uint32_t dstBytes, uint32_t srcBytes) {
  uint32_t widest = std::max(dstBytes, srcBytes);
  sk_vec_repeat r{};
  r.mode = SK_MASK_COUNTER;
  r.mask_lo = count;
  r.dst_blk = r.src0_blk = r.src1_blk = 1;
  r.dst_rep = (uint16_t)(8 * dstBytes / widest);
  r.src0_rep = r.src1_rep = (uint16_t)(8 * srcBytes / widest);
  return r;
}

// The calling AIV core with the instruction's shape resolved and its operands checked; null
// when not called from a kernel. operandBytes[i] = element size of operand i (0: unused).
CoreRun* vectorOp(const char* intrinsic, const char* op, const sk_vec_repeat* r, uint32_t widest,
                  std::initializer_list<std::pair<const void*, uint32_t>> operands, vec::Shape& shape) {
  CoreRun* c = enter(intrinsic);
  if (!c) return nullptr;
  requireCoreType(c, op, CoreType::AIV);
  if (!r) fault(c, std::string(op) + ": null repeat parameters");
  if (widest == 0) fault(c, std::string(op) + ": unknown dtype");
  // The instruction runs in the mode of the core's mask register; the mask-form API sets the
  // register's mask first (isSetMask), the count form leaves it reset in normal mode.
  sk_vec_repeat effective = *r;
  if (r->mode == SK_MASK_NORMAL && c->regs.maskMode == SK_MASK_COUNTER) effective.mode = SK_MASK_COUNTER;
  faultIf(c, vec::resolve(effective, widest, c->regs, shape));
  if (r->mode == SK_MASK_NORMAL) {  // the register takes the mask (a length as its bits in normal mode)
    bool bits = !(r->flags & SK_REPEAT_MASK_IS_LENGTH) || shape.counter;
    c->regs.mask[0] = bits ? r->mask_lo : shape.mask[0];
    c->regs.mask[1] = bits ? r->mask_hi : shape.mask[1];
  } else if (r->mode == SK_MASK_COUNTER) {
    c->regs.mask[0] = c->regs.mask[1] = ~0ull;
    c->regs.maskMode = SK_MASK_NORMAL;
  }
  static const char* roles[] = {"dst", "src0", "src1"};
  int i = 0;
  for (auto [p, bytes] : operands) {
    if (bytes && p) {
      checkLocalAccess(c, op, roles[i], p, vec::extent(shape, i, bytes), i == 0);
    }
    ++i;
  }
  return c;
}

// The elements at byte base + offsets[i] of `mem` (Gather's sources, Scatter's destinations),
// each checked to be local: the byte range from `mem` that holds them all.
std::pair<uint64_t, uint64_t> indexedElements(CoreRun* c, const char* op, const char* what, const void* mem,
                                              const uint32_t* offsets, uint32_t base, uint64_t count, uint32_t b) {
  uint64_t lo = UINT64_MAX, hi = 0;
  for (uint64_t i = 0; i < count; ++i) {
    checkLocalOperand(c, op, what, (const uint8_t*)mem + base + offsets[i], b);
    lo = std::min<uint64_t>(lo, (uint64_t)base + offsets[i]);
    hi = std::max<uint64_t>(hi, (uint64_t)base + offsets[i] + b);
  }
  return {lo, hi};
}

}  // namespace

}  // namespace sk::sim

using namespace sk::sim;
using sk::CoreType;

extern "C" {

void sk_vec(int32_t op, int32_t dtype, void* dst, const void* src0, const void* src1, uint64_t scalar,
            const sk_vec_repeat* r) {
  const char* name = vec::opName(op);
  uint32_t b = widthOf(dtype);
  bool binary = op < SK_V_EXP, dup = op == SK_V_DUP;
  vec::Shape s;
  CoreRun* c = vectorOp("sk_vec", name, r, b, {{dst, b}, {dup ? nullptr : src0, b}, {binary ? src1 : nullptr, b}}, s);
  if (!c) return;
  if (dup) {  // a duplicate has only the dst operand: its source strides are the dst's
    s.blk[1] = s.blk[0];
    s.rep[1] = s.rep[0];
  }
  faultIf(c, vec::elementwise(op, dtype, dst, dup ? dst : src0, src1, scalar, s));
  chargeVector(c, name, s.repeats);
}

void sk_vec_mixed(int32_t op, int32_t dstType, int32_t srcType, void* dst, const void* src0, const void* src1,
                  const sk_vec_repeat* r) {
  uint32_t db = widthOf(dstType), sb = widthOf(srcType);
  const char* name = vec::opName(op);
  vec::Shape s;
  CoreRun* c = vectorOp("sk_vec_mixed", name, r, std::max(db, sb), {{dst, db}, {src0, sb}, {src1, sb}}, s);
  if (!c) return;
  if (op != SK_V_MULADDDST) fault(c, std::string("sk_vec_mixed: ") + name + " has no mixed-type form (MulAddDst has)");
  faultIf(c, vec::mulAddDstMixed(dstType, srcType, dst, src0, src1, s));
  chargeVector(c, name, s.repeats);
}

void sk_vec_axpy(int32_t dstType, int32_t srcType, void* dst, const void* src, uint64_t scalar, const sk_vec_repeat* r) {
  uint32_t db = widthOf(dstType), sb = widthOf(srcType);
  vec::Shape s;
  CoreRun* c = vectorOp("sk_vec_axpy", "axpy", r, std::max(db, sb), {{dst, db}, {src, sb}}, s);
  if (!c) return;
  faultIf(c, vec::axpy(dstType, srcType, dst, src, scalar, s));
  chargeVector(c, "axpy", s.repeats);
}

void sk_vec_convert(int32_t dstType, int32_t srcType, int32_t round, void* dst, const void* src,
                    const sk_vec_repeat* r) {
  if (dstType == SK_DT_INT4 || srcType == SK_DT_INT4) {
    // The half-byte operand's footprint is checked here (vectorOp checks whole-byte ones).
    bool toInt4 = dstType == SK_DT_INT4;
    vec::Shape s;
    CoreRun* c = vectorOp("sk_vec_convert", "cast", r, 2, {{dst, toInt4 ? 0 : 2}, {src, toInt4 ? 2 : 0}}, s);
    if (!c) return;
    int operand = toInt4 ? 0 : 1;
    checkLocalAccess(c, "cast", toInt4 ? "dst" : "src0", toInt4 ? dst : src, vec::extentBits(s, operand, 4), toInt4);
    faultIf(c, vec::convertInt4(dstType, srcType, round, dst, src, s));
    chargeVector(c, "cast", s.repeats);
    return;
  }
  uint32_t db = widthOf(dstType), sb = widthOf(srcType);
  vec::Shape s;
  CoreRun* c = vectorOp("sk_vec_convert", "cast", r, db && sb ? std::max(db, sb) : 0, {{dst, db}, {src, sb}}, s);
  if (!c) return;
  faultIf(c, vec::convert(dstType, srcType, round, dst, src, s, c->regs));
  chargeVector(c, "cast", s.repeats);
}

void sk_vec_whole_reduce(int32_t op, int32_t dtype, int32_t order, void* dst, const void* src, uint32_t dstRep,
                         const sk_vec_repeat* r) {
  uint32_t b = widthOf(dtype);
  vec::Shape s;
  CoreRun* c = vectorOp("sk_vec_whole_reduce", vec::reduceName(op), r, b, {{nullptr, b}, {src, b}}, s);
  if (!c) return;
  uint64_t resultBytes = order == SK_ORDER_ONLY_INDEX ? 4 : (op == SK_VOP_REDUCE_SUM || order == SK_ORDER_ONLY_VALUE) ? b : 2 * b;
  if (s.repeats && dst) {
    uint64_t dstBytes = ((uint64_t)(s.repeats - 1) * dstRep + 1) * resultBytes;
    checkLocalAccess(c, vec::reduceName(op), "dst", dst, dstBytes, true);
  }
  faultIf(c, vec::wholeReduce(op, dtype, order, dst, src, dstRep, s, c->regs));
  chargeVector(c, "reducesum", s.repeats);
}

void sk_vec_block_reduce(int32_t op, int32_t dtype, void* dst, const void* src, uint32_t dstRep, const sk_vec_repeat* r) {
  uint32_t b = widthOf(dtype);
  vec::Shape s;
  CoreRun* c = vectorOp("sk_vec_block_reduce", vec::reduceName(op), r, b, {{nullptr, b}, {src, b}}, s);
  if (!c) return;
  if (s.repeats) {
    uint64_t dstBytes = ((uint64_t)(s.repeats - 1) * dstRep * 8 + 8) * b;
    checkLocalAccess(c, vec::reduceName(op), "dst", dst, dstBytes, true);
  }
  faultIf(c, vec::blockReduce(op, dtype, dst, src, dstRep, s));
  chargeVector(c, "blockreducesum", s.repeats);
}

void sk_vec_pair_reduce(int32_t dtype, void* dst, const void* src, uint32_t dstRep, const sk_vec_repeat* r) {
  uint32_t b = widthOf(dtype);
  vec::Shape s;
  CoreRun* c = vectorOp("sk_vec_pair_reduce", "pairreducesum", r, b, {{nullptr, b}, {src, b}}, s);
  if (!c) return;
  if (s.repeats) {
    uint64_t dstBytes = ((uint64_t)(s.repeats - 1) * dstRep + 1) * (s.perRepeat / 2) * b;
    checkLocalAccess(c, "pairreducesum", "dst", dst, dstBytes, true);
  }
  faultIf(c, vec::pairReduce(dtype, dst, src, dstRep, s));
  chargeVector(c, "blockreducesum", s.repeats);
}

void sk_vec_reduce_all(int32_t op, int32_t dtype, void* dst, const void* src, int32_t calIndex, const sk_vec_repeat* r) {
  uint32_t b = widthOf(dtype);
  vec::Shape s;
  CoreRun* c = vectorOp("sk_vec_reduce_all", vec::reduceName(op), r, b, {{dst, 0}, {src, b}}, s);
  if (!c) return;
  checkLocalAccess(c, vec::reduceName(op), "dst", dst, calIndex ? 2 * b : b, true);
  faultIf(c, vec::reduceAll(op, dtype, dst, src, calIndex != 0, s, c->regs));
  chargeVector(c, vec::reduceName(op), s.repeats);
}

void sk_vec_compare(int32_t cmp, int32_t dtype, void* dst, const void* src0, const void* src1, uint64_t scalar,
                    int32_t withScalar, const sk_vec_repeat* r) {
  uint32_t b = widthOf(dtype);
  vec::Shape s;
  CoreRun* c = vectorOp("sk_vec_compare", "compare", r, b, {{nullptr, b}, {src0, b}, {withScalar ? nullptr : src1, b}}, s);
  if (!c) return;
  if (!dst) {  // into the CMPMASK register: one repeat of at most 128 elements
    if (s.repeats != 1 || s.perRepeat > 128)
      fault(c, "compare into CMPMASK: one repeat of at most 128 elements (got " + std::to_string(s.repeats) +
                   " repeats of " + std::to_string(s.perRepeat) + ")");
    dst = c->regs.cmpMask;
  } else {
    checkLocalAccess(c, "compare", "dst", dst, ((uint64_t)s.repeats * s.perRepeat + 7) / 8, true);
  }
  faultIf(c, vec::compare(cmp, dtype, dst, src0, src1, scalar, withScalar != 0, s));
  chargeVector(c, "compare", s.repeats);
}

void sk_vec_select(int32_t mode, int32_t dtype, void* dst, const void* sel, const void* src0, const void* src1,
                   uint64_t scalar, int32_t withScalar, const sk_vec_repeat* r) {
  uint32_t b = widthOf(dtype);
  vec::Shape s;
  const bool scalarFirst = withScalar == SK_SELECT_SCALAR_FIRST;
  CoreRun* c = vectorOp("sk_vec_select", "select", r, b,
                        {{dst, b}, {scalarFirst ? nullptr : src0, b}, {withScalar && !scalarFirst ? nullptr : src1, b}}, s);
  if (!c) return;
  const uint8_t* cmpMask = c->regs.cmpMask;
  if (withScalar == SK_SELECT_SCALAR_CMPMASK) {  // mode 1's scalar: CMPMASK's low element
    scalar = 0;
    std::memcpy(&scalar, cmpMask, std::min<uint32_t>(b, 8));
  }
  if (!sel && mode == 0) {  // the bits of CMPMASK itself
    if (s.perRepeat > 128) fault(c, "select from CMPMASK: at most 128 elements a repeat");
    sel = cmpMask;
  } else {
    if (!sel && mode == 2) {
      // CMPMASK holds the mask's UB address: the low 32 bits, as a kernel stores a UB pointer.
      uint64_t low = 0;
      std::memcpy(&low, cmpMask, 4);
      auto base = (uint64_t)c->spaces[SK_MEM_UB].base;
      uint64_t a = (base & ~0xFFFFFFFFull) | low;
      if (a < base) a += 1ull << 32;
      sel = (const void*)a;
    }
    uint64_t maskBytes = mode == 0 ? (s.perRepeat + 7) / 8 : ((uint64_t)s.repeats * s.perRepeat + 7) / 8;
    checkLocalAccess(c, "select", "mask", sel, maskBytes, false);
  }
  faultIf(c, vec::select(mode, dtype, dst, sel, src0, src1, scalar,
                         scalarFirst ? vec::SelectScalar::Src0 : withScalar ? vec::SelectScalar::Src1 : vec::SelectScalar::None, s));
  chargeVector(c, "select", s.repeats);
}

void sk_set_cmpmask(const void* src) {
  CoreRun* c = unitOp("sk_set_cmpmask", "set_cmpmask", CoreType::AIV, {}, {{"src", src, 16}});
  if (!c) return;
  std::memcpy(c->regs.cmpMask, src, 16);
  noteAccess(c, src, 16, false);
  chargeVector(c, "cmpmask", 1);
}

void sk_get_cmpmask(void* dst) {
  CoreRun* c = unitOp("sk_get_cmpmask", "get_cmpmask", CoreType::AIV, {}, {{"dst", dst, 16}});
  if (!c) return;
  std::memcpy(dst, c->regs.cmpMask, 16);
  noteAccess(c, dst, 16, true);
  chargeVector(c, "cmpmask", 1);
}

void sk_vec_gather(int32_t dtype, void* dst, const void* src, const uint32_t* offsets, uint32_t base, uint64_t count) {
  uint32_t b = widthOf(dtype);
  CoreRun* c = unitOp("sk_vec_gather", "gather", CoreType::AIV, {dtype},
                      {{"dst", dst, count * b}, {"offsets", offsets, count * 4}});
  if (!c) return;
  auto [lo, hi] = indexedElements(c, "gather", "src element", src, offsets, base, count, b);
  faultIf(c, vec::gather(dtype, dst, src, offsets, base, count));
  noteAccess(c, dst, count * b, true);
  noteAccess(c, offsets, count * 4, false);
  if (count) noteAccess(c, (const uint8_t*)src + lo, hi - lo, false);
  chargeVector(c, "gather", (count * b + 255) / 256);
}

void sk_vec_scatter(int32_t dtype, void* dst, const void* src, const uint32_t* offsets, uint32_t base, uint64_t count) {
  uint32_t b = widthOf(dtype);
  CoreRun* c = unitOp("sk_vec_scatter", "scatter", CoreType::AIV, {dtype},
                      {{"src", src, count * b}, {"offsets", offsets, count * 4}});
  if (!c) return;
  for (uint64_t i = 0; i < count; ++i)  // the elements the hardware writes are aligned to their width
    if (b && offsets[i] % b)
      fault(c, "scatter: offset " + std::to_string(i) + " (" + std::to_string(offsets[i]) + " bytes) is not a multiple of the " +
                   std::to_string(b) + "-byte element");
  auto [lo, hi] = indexedElements(c, "scatter", "dst element", dst, offsets, base, count, b);
  faultIf(c, vec::scatter(dtype, dst, src, offsets, base, count));
  noteAccess(c, src, count * b, false);
  noteAccess(c, offsets, count * 4, false);
  if (count) noteAccess(c, (uint8_t*)dst + lo, hi - lo, true);
  chargeVector(c, "scatter", (count * b + 255) / 256);
}

void sk_vec_gatherb(void* dst, const void* src, const uint32_t* offsets, uint32_t repeat, uint16_t dstBlk, uint16_t dstRep) {
  uint64_t dstSpan = repeat ? (uint64_t)(repeat - 1) * dstRep * 32 + 7ull * dstBlk * 32 + 32 : 0;
  CoreRun* c = unitOp("sk_vec_gatherb", "gatherb", CoreType::AIV, {},
                      {{"dst", dst, dstSpan}, {"offsets", offsets, (uint64_t)repeat * 8 * 4}});
  if (!c) return;
  uint64_t lo = UINT64_MAX, hi = 0;  // the gathered blocks' hull
  for (uint64_t i = 0; i < (uint64_t)repeat * 8; ++i) {
    if (offsets[i] % 32)
      fault(c, "gatherb: offset " + std::to_string(i) + " (" + std::to_string(offsets[i]) +
                   " bytes) is not a multiple of 32");
    checkLocalOperand(c, "gatherb", "src block", (const uint8_t*)src + offsets[i], 32);
    lo = std::min<uint64_t>(lo, offsets[i]);
    hi = std::max<uint64_t>(hi, (uint64_t)offsets[i] + 32);
  }
  for (uint32_t r = 0; r < repeat; ++r)
    for (uint32_t j = 0; j < 8; ++j)
      std::memmove((uint8_t*)dst + ((uint64_t)r * dstRep + (uint64_t)j * dstBlk) * 32,
                   (const uint8_t*)src + offsets[r * 8 + j], 32);
  noteAccess(c, dst, dstSpan, true);
  noteAccess(c, offsets, (uint64_t)repeat * 8 * 4, false);
  if (repeat) noteAccess(c, (const uint8_t*)src + lo, hi - lo, false);
  chargeVector(c, "gather", repeat);
}

uint64_t sk_vec_gather_mask(int32_t dtype, void* dst, const void* src0, const void* pattern, int32_t builtin,
                            uint32_t repeat, uint16_t src0Blk, uint16_t src0Rep, uint16_t patternRep,
                            uint32_t counterElems) {
  uint32_t b = widthOf(dtype);
  CoreRun* c = unitOp("sk_vec_gather_mask", "gathermask", CoreType::AIV, {dtype}, {});
  if (!c) return 0;
  vec::Shape s;
  sk_vec_repeat r{};
  r.repeat = repeat;
  r.mask_lo = r.mask_hi = ~0ull;
  if (counterElems) {  // counter mode: counterElems elements in each repeat, beyond 256 bytes if so
    r.mode = SK_MASK_COUNTER;
    r.mask_lo = counterElems;
    r.flags = SK_REPEAT_COUNT_PER_REPEAT;
  }
  r.src0_blk = src0Blk;
  r.src0_rep = src0Rep;
  faultIf(c, vec::resolve(r, b, c->regs, s));
  uint64_t patternBytes = repeat ? ((uint64_t)(repeat - 1) * patternRep * 32 + (s.perRepeat + 7) / 8) : 0;
  checkLocalAccess(c, "gathermask", "src0", src0, vec::extent(s, 1, b), false);
  if (pattern) checkLocalAccess(c, "gathermask", "pattern", pattern, patternBytes, false);
  // dst takes the kept elements only (what a copy out of the rest of its buffer may overlap).
  uint64_t kept = vec::gatherMask(dtype, nullptr, src0, pattern, builtin, repeat, src0Blk, src0Rep, patternRep, counterElems);
  checkLocalAccess(c, "gathermask", "dst", dst, kept * b, true);
  vec::gatherMask(dtype, dst, src0, pattern, builtin, repeat, src0Blk, src0Rep, patternRep, counterElems);
  c->regs.rsvdCnt = kept;
  chargeVector(c, "gathermask", repeat);
  return kept;
}

void sk_vec_brcb(int32_t dtype, void* dst, const void* src, uint32_t repeat, uint16_t dstBlk, uint16_t dstRep) {
  uint32_t b = widthOf(dtype);
  uint64_t dstSpan = repeat ? (uint64_t)(repeat - 1) * dstRep * 32 + 7ull * dstBlk * 32 + 32 : 0;
  CoreRun* c = unitOp("sk_vec_brcb", "brcb", CoreType::AIV, {dtype},
                      {{"dst", dst, dstSpan}, {"src", src, (uint64_t)repeat * 8 * b}});
  if (!c) return;
  faultIf(c, vec::brcb(dtype, dst, src, repeat, dstBlk, dstRep));
  noteAccess(c, dst, dstSpan, true);
  noteAccess(c, src, (uint64_t)repeat * 8 * b, false);
  chargeVector(c, "brcb", repeat);
}

void sk_vec_transpose16(void* dst, const void* src) {
  CoreRun* c = unitOp("sk_vec_transpose16", "transpose", CoreType::AIV, {}, {{"dst", dst, 512}, {"src", src, 512}});
  if (!c) return;
  vec::transpose16(dst, src);
  noteAccess(c, dst, 512, true);
  noteAccess(c, src, 512, false);
  chargeVector(c, "transpose", 2);
}

void sk_vec_transpose_list(int32_t elemBytes, void* const dst[16], const void* const src[16], uint32_t repeat,
                           uint16_t dstRep, uint16_t srcRep, int32_t dstHigh, int32_t srcHigh) {
  CoreRun* c = unitOp("sk_vec_transpose_list", "transdatato5hd", CoreType::AIV, {}, {});
  if (!c || repeat == 0) return;
  const uint8_t *dLo = nullptr, *dHi = nullptr, *sLo = nullptr, *sHi = nullptr;  // the blocks' hulls
  auto widen = [](const uint8_t*& lo, const uint8_t*& hi, const uint8_t* p) {
    lo = !lo || p < lo ? p : lo;
    hi = !hi || p + 32 > hi ? p + 32 : hi;
  };
  for (uint32_t r = 0; r < repeat; ++r) {
    uint64_t step = repeat == 1 ? 1 : r;  // one repeat: the addresses plus the stride once
    uint8_t* d[16];
    const uint8_t* s[16];
    for (int i = 0; i < 16; ++i) {
      d[i] = (uint8_t*)dst[i] + step * dstRep * 32;
      s[i] = (const uint8_t*)src[i] + step * srcRep * 32;
      checkLocalOperand(c, "TransDataTo5HD", "dst block", d[i], 32);
      checkLocalOperand(c, "TransDataTo5HD", "src block", s[i], 32);
      widen(dLo, dHi, d[i]);
      widen(sLo, sHi, s[i]);
    }
    faultIf(c, vec::transposeList(elemBytes, d, s, dstHigh != 0, srcHigh != 0));
  }
  noteAccess(c, dLo, (uint64_t)(dHi - dLo), true);
  noteAccess(c, sLo, (uint64_t)(sHi - sLo), false);
  chargeVector(c, "transdatato5hd", repeat);
}

void sk_vec_charge(const char* opName, uint64_t repeats) {
  if (CoreRun* c = unitOp("sk_vec_charge", opName ? opName : "?", CoreType::AIV, {}, {})) chargeVector(c, opName, repeats);
}

void sk_vec_index(int32_t dtype, void* dst, uint64_t first, uint64_t count) {
  CoreRun* c = unitOp("sk_vec_index", "createvecindex", CoreType::AIV, {dtype}, {{"dst", dst, count * widthOf(dtype)}});
  if (!c) return;
  faultIf(c, vec::index(dtype, dst, first, count));
  noteAccess(c, dst, count * widthOf(dtype), true);
  chargeVector(c, "duplicate", (count * widthOf(dtype) + 255) / 256);
}

void sk_set_vector_mask(uint64_t maskHi, uint64_t maskLo) {
  if (CoreRun* c = enter("sk_set_vector_mask")) {
    c->regs.mask[0] = maskLo;
    c->regs.mask[1] = maskHi;
    charge(c, SK_PIPE_S, 1, "mask register");
  }
}

void sk_set_mask_mode(int32_t mode) {
  if (CoreRun* c = enter("sk_set_mask_mode")) {
    if (mode != SK_MASK_NORMAL && mode != SK_MASK_COUNTER) fault(c, "sk_set_mask_mode: unknown mode " + std::to_string(mode));
    c->regs.maskMode = mode;
    charge(c, SK_PIPE_S, 1, "mask register");
  }
}

uint64_t sk_get_acc_val(void) {
  CoreRun* c = enter("sk_get_acc_val");
  return c ? c->regs.accVal : 0;
}

uint64_t sk_get_max_min_count(uint64_t* index) {
  CoreRun* c = enter("sk_get_max_min_count");
  if (index) *index = c ? c->regs.maxMinIndex : 0;
  return c ? c->regs.maxMinValue : 0;
}

void sk_set_deq_scale(float scale) {
  if (CoreRun* c = enter("sk_set_deq_scale")) c->regs.deqScale = scale;
}

uint64_t sk_get_rsvd_cnt(void) {
  CoreRun* c = enter("sk_get_rsvd_cnt");
  return c ? c->regs.rsvdCnt : 0;
}

// ---- the count-form intrinsics of the dialect (older names of the same unit) ----------------
// The dialect's ops run one after another (its C++ layer has no flags): each is followed by a
// drain of every pipe.

void sk_vec_binary(int32_t op, int32_t dtype, void* dst, const void* src0, const void* src1, uint64_t count) {
  if (op < SK_VOP_ADD || op > SK_VOP_MIN) op = -1;  // the codes match SK_V_ADD..SK_V_MIN
  uint32_t b = widthOf(dtype);
  sk_vec_repeat r = countForm(count, b, b);
  sk_vec(op, dtype, dst, src0, src1, 0, &r);
  if (CoreRun* c = currentCore()) inOrder(c);
}

void sk_vec_scalar(int32_t op, int32_t dtype, void* dst, const void* src, const void* scalar, uint64_t count) {
  uint32_t b = widthOf(dtype);
  uint64_t bits = 0;
  if (scalar && b) std::memcpy(&bits, scalar, b);
  else if (CoreRun* c = enter("sk_vec_scalar"); c && !scalar) fault(c, std::string(vec::opName(SK_V_ADDS + op)) + ": scalar pointer is null");
  sk_vec_repeat r = countForm(count, b, b);
  sk_vec(op >= SK_VOP_ADDS && op <= SK_VOP_LEAKYRELU ? SK_V_ADDS + op : -1, dtype, dst, src, nullptr, bits, &r);
  if (CoreRun* c = currentCore()) inOrder(c);
}

void sk_vec_unary(int32_t op, int32_t dtype, void* dst, const void* src, uint64_t count) {
  uint32_t b = widthOf(dtype);
  sk_vec_repeat r = countForm(count, b, b);
  sk_vec(op >= SK_VOP_EXP && op <= SK_VOP_RECIPROCAL ? SK_V_EXP + op : -1, dtype, dst, src, nullptr, 0, &r);
  if (CoreRun* c = currentCore()) inOrder(c);
}

void sk_vec_reduce(int32_t op, int32_t dtype, void* dst, const void* src, uint64_t count) {
  CoreRun* c = enter("sk_vec_reduce");
  if (!c) return;
  if (count == 0) fault(c, std::string(vec::reduceName(op)) + ": count must be positive");
  uint32_t b = widthOf(dtype);
  sk_vec_repeat r = countForm(count, b, b);
  sk_vec_reduce_all(op, dtype, dst, src, 0, &r);
  inOrder(c);
}

void sk_vec_cast(int32_t dstType, int32_t srcType, int32_t round, void* dst, const void* src, uint64_t count) {
  sk_vec_repeat r = countForm(count, widthOf(dstType), widthOf(srcType));
  sk_vec_convert(dstType, srcType, round, dst, src, &r);
  if (CoreRun* c = currentCore()) inOrder(c);
}

void sk_vec_dup(int32_t dtype, void* dst, const void* scalar, uint64_t count) {
  CoreRun* c = enter("sk_vec_dup");
  if (!c) return;
  if (!scalar) fault(c, "duplicate: scalar pointer is null");
  uint32_t b = widthOf(dtype);
  uint64_t bits = 0;
  if (b) std::memcpy(&bits, scalar, b);
  sk_vec_repeat r = countForm(count, b, b);
  sk_vec(SK_V_DUP, dtype, dst, nullptr, nullptr, bits, &r);
  inOrder(c);
}

void sk_cube_mmad(void* cm, const void* a, const void* b, uint32_t m, uint32_t k, uint32_t n, int32_t abType,
                  int32_t accumulate) {
  uint32_t eb = widthOf(abType);
  CoreRun* c = unitOp("sk_cube_mmad", "mmad", CoreType::AIC, {abType},
                      {{"a", a, (uint64_t)m * k * eb}, {"b", b, (uint64_t)k * n * eb}, {"c", cm, (uint64_t)m * n * 4}});
  if (!c) return;
  faultIf(c, vec::mmadRowMajor(cm, a, b, m, k, n, abType, accumulate != 0));
  noteAccess(c, a, (uint64_t)m * k * eb, false);
  noteAccess(c, b, (uint64_t)k * n * eb, false);
  noteAccess(c, cm, (uint64_t)m * n * 4, true);
  cube::MmadShape s = cube::mmadShape(m, k, n, 8 * eb, SK_MMAD_NO_GEMV, false);  // the fractals it takes
  chargeMmad(c, (uint64_t)s.m1 * s.k1 * s.n1, abType);
  inOrder(c);
}

}  // extern "C"
