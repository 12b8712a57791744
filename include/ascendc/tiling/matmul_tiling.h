// The host Matmul tiling classes (namespace matmul_tiling, as in CANN's tiling API), written from
// the public MatmulApiTiling / MultiCoreMatmulTiling reference:
//
//   matmul_tiling::MultiCoreMatmulTiling cubeTiling(*platform_ascendc::PlatformAscendCManager::GetInstance());
//   cubeTiling.SetDim(aicNum);
//   cubeTiling.SetAType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
//   cubeTiling.SetBType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16, /*isTrans=*/true);
//   cubeTiling.SetCType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT);
//   cubeTiling.SetShape(M, N, K);
//   cubeTiling.SetOrgShape(M, N, K);
//   cubeTiling.SetBias(false);
//   optiling::TCubeTiling tilingData;              // or AscendC::tiling::TCubeTiling
//   if (cubeTiling.GetTiling(tilingData) == -1) { /* no legal tiling */ }
//
// Setters return 0, or -1 for a value they refuse (kept all the same, so GetTiling fails too).
// GetTiling returns 0 and fills every TCubeTiling field, or -1 and leaves the struct alone.
// The search itself is in matmul_tiling_algorithm.h.
#ifndef SK_ASCENDC_TILING_MATMUL_TILING_H
#define SK_ASCENDC_TILING_MATMUL_TILING_H

#include <cstdint>

#include "tiling/matmul_tiling_algorithm.h"
#include "tiling/matmul_tilingdata.h"
#include "tiling/platform/platform_ascendc.h"

// The kernel headers define the DT_* codes as macros (for #if in kernels). This header's
// enumerators have the same names and values, so the macros are set aside while it is read
// and given back at its end.
#pragma push_macro("DT_FLOAT")
#pragma push_macro("DT_FLOAT16")
#pragma push_macro("DT_INT8")
#pragma push_macro("DT_INT32")
#pragma push_macro("DT_UINT8")
#pragma push_macro("DT_INT16")
#pragma push_macro("DT_UINT16")
#pragma push_macro("DT_UINT32")
#pragma push_macro("DT_INT64")
#pragma push_macro("DT_UINT64")
#pragma push_macro("DT_DOUBLE")
#pragma push_macro("DT_BOOL")
#pragma push_macro("DT_BF16")
#pragma push_macro("DT_INT4")
#pragma push_macro("DT_HIFLOAT8")
#pragma push_macro("DT_FLOAT8_E5M2")
#pragma push_macro("DT_FLOAT8_E4M3FN")
#pragma push_macro("DT_FLOAT8_E8M0")
#pragma push_macro("DT_FLOAT4_E2M1")
#pragma push_macro("DT_FLOAT4_E1M2")
#pragma push_macro("DT_MAX")
#undef DT_FLOAT
#undef DT_FLOAT16
#undef DT_INT8
#undef DT_INT32
#undef DT_UINT8
#undef DT_INT16
#undef DT_UINT16
#undef DT_UINT32
#undef DT_INT64
#undef DT_UINT64
#undef DT_DOUBLE
#undef DT_BOOL
#undef DT_BF16
#undef DT_INT4
#undef DT_HIFLOAT8
#undef DT_FLOAT8_E5M2
#undef DT_FLOAT8_E4M3FN
#undef DT_FLOAT8_E8M0
#undef DT_FLOAT4_E2M1
#undef DT_FLOAT4_E1M2
#undef DT_MAX

namespace matmul_tiling {

enum class TPosition : int32_t {
  GM, A1, A2, B1, B2, C1, C2, CO1, CO2, VECIN, VECOUT, VECCALC, LCM = VECCALC, SPM, SHM = SPM, TSCM, MAX
};

enum class CubeFormat : int32_t { ND = 0, NZ, ZN, ZZ, NN, ND_ALIGN, SCALAR, VECTOR, ROW_MAJOR = ND, COLUMN_MAJOR = 8 };

// The codes of ge::DataType, so static_cast<matmul_tiling::DataType>(geType) works.
enum DataType : int32_t {
  DT_FLOAT = 0,
  DT_FLOAT16 = 1,
  DT_INT8 = 2,
  DT_INT32 = 3,
  DT_UINT8 = 4,
  DT_INT16 = 6,
  DT_UINT16 = 7,
  DT_UINT32 = 8,
  DT_INT64 = 9,
  DT_UINT64 = 10,
  DT_DOUBLE = 11,
  DT_BOOL = 12,
  DT_BF16 = 27,
  DT_BFLOAT16 = 27,
  DT_INT4 = 29,
  DT_HIFLOAT8 = 34,
  DT_FLOAT8_E5M2 = 35,
  DT_FLOAT8_E4M3FN = 36,
  DT_FLOAT8_E8M0 = 37,
  DT_FLOAT4_E2M1 = 40,
  DT_FLOAT4_E1M2 = 41,
  DT_MAX = 42
};

// Which of M and N the kernel walks first (TCubeTiling.iterateOrder 0 / 1); NOSET: the tiler picks.
enum class MatrixTraverse : int32_t { NOSET = 0, FIRSTM = 1, FIRSTN = 2 };
// HF32 changes how fp32 is multiplied, not the tiling.
enum class MatrixMadType : int32_t { NORMAL = 0, HF32 = 1, MXMODE = 2 };
enum class ScheduleType : int32_t { INNER_PRODUCT = 0, OUTER_PRODUCT = 1, N_BUFFER_33 = 2 };
enum class DequantType : int32_t { SCALAR = 0, TENSOR = 1 };
// SetMatmulConfigParams's arguments as one struct (the public API's second form).
struct MatmulConfigParams {
  int32_t mmConfigType;
  bool enableL1CacheUB;
  ScheduleType scheduleType;
  MatrixTraverse traverse;
  bool enVecND2NZ;
  MatmulConfigParams(int32_t mmConfigTypeIn = 1, bool enableL1CacheUBIn = false,
                     ScheduleType scheduleTypeIn = ScheduleType::INNER_PRODUCT,
                     MatrixTraverse traverseIn = MatrixTraverse::NOSET, bool enVecND2NZIn = false)
      : mmConfigType(mmConfigTypeIn), enableL1CacheUB(enableL1CacheUBIn), scheduleType(scheduleTypeIn), traverse(traverseIn),
        enVecND2NZ(enVecND2NZIn) {}
};

// One AI Core's memories, for callers without a PlatformAscendC (zero: the part's own size).
struct PlatformInfo {
  PlatformInfo() = default;
  PlatformInfo(platform_ascendc::SocVersion soc, uint64_t l1, uint64_t l0C, uint64_t ub, uint64_t l0A, uint64_t l0B)
      : socVersion(soc), l1Size(l1), l0CSize(l0C), ubSize(ub), l0ASize(l0A), l0BSize(l0B) {}
  platform_ascendc::SocVersion socVersion = platform_ascendc::SocVersion::ASCEND910B;
  uint64_t l1Size = 0;
  uint64_t l0CSize = 0;
  uint64_t ubSize = 0;
  uint64_t l0ASize = 0;
  uint64_t l0BSize = 0;
};

namespace detail {

struct OperandDesc {
  TPosition pos = TPosition::GM;
  CubeFormat format = CubeFormat::ND;
  DataType dtype = DT_FLOAT16;
  bool transposed = false;
  bool set = false;
};

// Element width in bits (int4 is 4); 0 for codes no matmul operand can have.
inline int32_t BitsOf(DataType t) {
  switch (t) {
    case DT_FLOAT: case DT_INT32: case DT_UINT32: return 32;
    case DT_FLOAT16: case DT_BF16: case DT_INT16: case DT_UINT16: return 16;
    case DT_INT8: case DT_UINT8: case DT_HIFLOAT8: case DT_FLOAT8_E5M2: case DT_FLOAT8_E4M3FN: return 8;
    case DT_INT4: case DT_FLOAT4_E2M1: case DT_FLOAT4_E1M2: return 4;
    default: return 0;
  }
}

// What the cube multiplies: A and B must be of one family.
enum class InputFamily { NONE, FP16, BF16, FP32, INT8, INT4, FP8, HIF8, FP4 };

inline InputFamily FamilyOf(DataType t) {
  switch (t) {
    case DT_FLOAT16: return InputFamily::FP16;
    case DT_BF16: return InputFamily::BF16;
    case DT_FLOAT: return InputFamily::FP32;
    case DT_INT8: return InputFamily::INT8;
    case DT_INT4: return InputFamily::INT4;
    case DT_FLOAT8_E4M3FN: case DT_FLOAT8_E5M2: return InputFamily::FP8;
    case DT_HIFLOAT8: return InputFamily::HIF8;
    case DT_FLOAT4_E2M1: case DT_FLOAT4_E1M2: return InputFamily::FP4;
    default: return InputFamily::NONE;
  }
}

// dav-2201 multiplies fp16, bf16, fp32, int8 and int4; dav-3510 drops int4 and adds the 8-bit floats.
inline bool FamilySupported(InputFamily f, platform_ascendc::NpuArch arch) {
  bool is3510 = arch == platform_ascendc::NpuArch::DAV_3510;
  switch (f) {
    case InputFamily::FP16: case InputFamily::BF16: case InputFamily::FP32: case InputFamily::INT8: return true;
    case InputFamily::INT4: return !is3510;
    case InputFamily::FP8: case InputFamily::HIF8: case InputFamily::FP4: return is3510;
    default: return false;
  }
}

inline bool IsIntegerFamily(InputFamily f) { return f == InputFamily::INT8 || f == InputFamily::INT4; }

// C leaves L0C (fp32 or int32) through the fixpipe, which converts (or dequantizes) on the way.
inline bool OutputTypeSupported(DataType c, InputFamily in) {
  if (IsIntegerFamily(in)) return c == DT_INT32 || c == DT_FLOAT16 || c == DT_BF16 || c == DT_INT8;
  return c == DT_FLOAT || c == DT_FLOAT16 || c == DT_BF16;
}

// The BiasTable holds fp32 (from fp32, fp16 or bf16) or int32.
inline bool BiasTypeSupported(DataType bias, InputFamily in) {
  if (IsIntegerFamily(in)) return bias == DT_INT32;
  return bias == DT_FLOAT || bias == DT_FLOAT16 || bias == DT_BF16;
}

inline bool IsUbPosition(TPosition p) {
  return p == TPosition::VECIN || p == TPosition::VECOUT || p == TPosition::VECCALC;
}
inline bool InputPositionSupported(TPosition p) { return p == TPosition::GM || p == TPosition::TSCM || IsUbPosition(p); }
inline bool OutputPositionSupported(TPosition p) { return p == TPosition::GM || p == TPosition::CO1 || IsUbPosition(p); }
inline bool BiasPositionSupported(TPosition p) { return p == TPosition::GM || IsUbPosition(p); }

inline const platform_ascendc::ArchSpec& SpecFor(platform_ascendc::SocVersion soc) {
  bool is950 = soc == platform_ascendc::SocVersion::ASCEND950 || soc == platform_ascendc::SocVersion::ASCEND910_95;
  return is950 ? platform_ascendc::Dav3510Spec() : platform_ascendc::Dav2201Spec();
}

inline int32_t Status(bool ok) { return ok ? 0 : -1; }

}  // namespace detail

class MatmulApiTilingBase {
 public:
  MatmulApiTilingBase() : MatmulApiTilingBase(platform_ascendc::PlatformAscendC()) {}
  explicit MatmulApiTilingBase(const platform_ascendc::PlatformAscendC& platform) : spec_(platform.GetArchSpec()) {
    auto sizeOf = [&platform](platform_ascendc::CoreMemType type) {
      uint64_t size = 0;
      platform.GetCoreMemSize(type, size);
      return int64_t(size);
    };
    using platform_ascendc::CoreMemType;
    hardware_ = {sizeOf(CoreMemType::L0_A), sizeOf(CoreMemType::L0_B), sizeOf(CoreMemType::L0_C),
                 sizeOf(CoreMemType::L1),   sizeOf(CoreMemType::UB),   sizeOf(CoreMemType::BT)};
  }
  explicit MatmulApiTilingBase(const PlatformInfo& info) : spec_(detail::SpecFor(info.socVersion)) {
    auto orPart = [](uint64_t given, uint64_t part) { return int64_t(given != 0 ? given : part); };
    hardware_ = {orPart(info.l0ASize, spec_.l0aBytes), orPart(info.l0BSize, spec_.l0bBytes),
                 orPart(info.l0CSize, spec_.l0cBytes), orPart(info.l1Size, spec_.l1Bytes),
                 orPart(info.ubSize, spec_.ubBytes),   int64_t(spec_.btBytes)};
  }
  virtual ~MatmulApiTilingBase() = default;

  // ---- operand types ----
  int32_t SetAType(TPosition pos, CubeFormat type, DataType dataType, bool isTrans = false) {
    a_ = {pos, type, dataType, isTrans, true};
    return detail::Status(InputDescLegal(a_, true));
  }
  int32_t SetBType(TPosition pos, CubeFormat type, DataType dataType, bool isTrans = false) {
    b_ = {pos, type, dataType, isTrans, true};
    return detail::Status(InputDescLegal(b_, false));
  }
  int32_t SetCType(TPosition pos, CubeFormat type, DataType dataType) {
    c_ = {pos, type, dataType, false, true};
    return detail::Status(OutputDescLegal(c_));
  }
  int32_t SetBiasType(TPosition pos, CubeFormat type, DataType dataType) {
    bias_ = {pos, type, dataType, false, true};
    return detail::Status(BiasDescLegal(bias_));
  }

  // ---- shapes: SetShape is what is tiled (-1: the org extent), SetOrgShape the full GM matrices ----
  int32_t SetShape(int32_t m, int32_t n, int32_t k) {
    m_ = m, n_ = n, k_ = k;
    return detail::Status(ShapeValueLegal(m) && ShapeValueLegal(n) && ShapeValueLegal(k));
  }
  int32_t SetOrgShape(int32_t orgMIn, int32_t orgNIn, int32_t orgKIn) { return SetOrgShape(orgMIn, orgNIn, orgKIn, orgKIn); }
  int32_t SetOrgShape(int32_t orgMIn, int32_t orgNIn, int32_t orgKaIn, int32_t orgKbIn) {
    orgM_ = orgMIn, orgN_ = orgNIn, orgKa_ = orgKaIn, orgKb_ = orgKbIn;
    return detail::Status(ShapeValueLegal(orgMIn) && ShapeValueLegal(orgNIn) && ShapeValueLegal(orgKaIn) &&
                          ShapeValueLegal(orgKbIn));
  }

  int32_t SetBias(bool isBiasIn = false) {
    hasBias_ = isBiasIn;
    return 0;
  }
  // A 4:2 sparse B (SparseMatmulType): its K steps take whole 32-byte rows of the dense half and
  // of the index fractals, so baseK is a multiple of 64.
  int32_t SetSparse(bool isSparseIn = false) {
    sparse_ = isSparseIn;
    return 0;
  }

  // ---- BatchMatmul (IterateBatch / IterateNBatch): each matrix's B, S, N, G, D axes (C's S and
  // D are its S1 and S2), or for the NORMAL layout the batch counts and one batch's M, N, K; and
  // the most batches one call computes. They go into the tiling for the kernel to address with.
  int32_t SetALayout(int32_t b, int32_t s, int32_t n, int32_t g, int32_t d) { return SetLayout(aLayout_, b, s, n, g, d); }
  int32_t SetBLayout(int32_t b, int32_t s, int32_t n, int32_t g, int32_t d) { return SetLayout(bLayout_, b, s, n, g, d); }
  int32_t SetCLayout(int32_t b, int32_t s, int32_t n, int32_t g, int32_t d) { return SetLayout(cLayout_, b, s, n, g, d); }
  int32_t SetBatchInfoForNormal(int32_t batchA, int32_t batchB, int32_t m, int32_t n, int32_t k) {
    if (batchA <= 0 || batchB <= 0 || m <= 0 || n <= 0 || k <= 0) return -1;
    SetLayout(aLayout_, batchA, m, 1, 1, k);
    SetLayout(bLayout_, batchB, n, 1, 1, k);
    return SetLayout(cLayout_, batchA > batchB ? batchA : batchB, m, 1, 1, n);
  }
  int32_t SetBatchNum(int32_t batch) {
    if (batch <= 0) return -1;
    batchNum_ = batch;
    return 0;
  }
  int32_t EnableBias(bool isBiasIn = false) { return SetBias(isBiasIn); }

  // Bytes the matmul may use (-1: all of it); at most the part's sizes.
  int32_t SetBufferSpace(int32_t l1Size = -1, int32_t l0CSize = -1, int32_t ubSize = -1, int32_t btSize = -1) {
    l1Space_ = l1Size, l0cSpace_ = l0CSize, ubSpace_ = ubSize, btSpace_ = btSize;
    return detail::Status(BufferSpaceLegal());
  }

  // Fixed base sizes (-1: searched). baseM/baseN: multiples of 16, at most the 16-aligned
  // single-core extent; baseK: a multiple of max(16, C0) (CANN leaves baseK to the search).
  int32_t SetFixSplit(int32_t baseMIn = -1, int32_t baseNIn = -1, int32_t baseKIn = -1) {
    fixedBaseM_ = baseMIn, fixedBaseN_ = baseNIn, fixedBaseK_ = baseKIn;
    return detail::Status(FixSplitValueLegal(baseMIn, detail::kCubeBlock) &&
                          FixSplitValueLegal(baseNIn, detail::kCubeBlock) && FixSplitValueLegal(baseKIn, 1));
  }

  int32_t SetTraverse(MatrixTraverse traverse) {
    traverse_ = traverse;
    return 0;
  }
  // HF32 changes the arithmetic, not the tiling; MXMODE (MxMatmul) makes baseK a multiple of
  // 64, the K MmadMx takes.
  int32_t SetMadType(MatrixMadType madType) {
    mx_ = madType == MatrixMadType::MXMODE;
    return 0;
  }
  // MxMatmul's scale matrices: where they are and how stored do not change this tiler's result.
  int32_t SetScaleAType(TPosition scalePos, CubeFormat scaleFormat, bool isScaleTrans = false) {
    (void)scalePos, (void)scaleFormat, (void)isScaleTrans;
    return 0;
  }
  int32_t SetScaleBType(TPosition scalePos, CubeFormat scaleFormat, bool isScaleTrans = true) {
    (void)scalePos, (void)scaleFormat, (void)isScaleTrans;
    return 0;
  }
  // false forbids double buffering of that operand (A, B: L0 and L1; C: L0C). bias and the
  // ND/NZ transform flags do not change the tiling.
  int32_t SetDoubleBuffer(bool a, bool b, bool c, bool bias, bool transND2NZ = true, bool transNZ2ND = true) {
    (void)bias, (void)transND2NZ, (void)transNZ2ND;
    doubleBufferA_ = a, doubleBufferB_ = b, doubleBufferC_ = c;
    return 0;
  }
  // Of CANN's configuration only the traverse order changes this tiler's result.
  int32_t SetMatmulConfigParams(int32_t mmConfigTypeIn = 1, bool enableL1CacheUBIn = false,
                                ScheduleType scheduleTypeIn = ScheduleType::INNER_PRODUCT,
                                MatrixTraverse traverseIn = MatrixTraverse::NOSET, bool enVecND2NZIn = false) {
    (void)mmConfigTypeIn, (void)enableL1CacheUBIn, (void)scheduleTypeIn, (void)enVecND2NZIn;
    return SetTraverse(traverseIn);
  }
  int32_t SetMatmulConfigParams(const MatmulConfigParams& p) {
    return SetMatmulConfigParams(p.mmConfigType, p.enableL1CacheUB, p.scheduleType, p.traverse, p.enVecND2NZ);
  }
  // The quantization mode (one scale or a vector of them): the kernel's SetQuantScalar /
  // SetQuantVector decide; no effect on the tiling.
  int32_t SetDequantType(DequantType dequantType) {
    (void)dequantType;
    return 0;
  }

  // ---- the result ----
  // optiling::TCubeTiling and AscendC::tiling::TCubeTiling are one type (tiling/matmul_tilingdata.h).
  int64_t GetTiling(AscendC::tiling::TCubeTiling& tiling) {
    AscendC::tiling::TCubeTiling result;
    if (!ComputeTiling(result)) return -1;
    tiling = result;
    return 0;
  }

  // Of the last successful GetTiling; -1 before one.
  int32_t GetBaseM() const { return haveResult_ ? result_.baseM : -1; }
  int32_t GetBaseN() const { return haveResult_ ? result_.baseN : -1; }
  int32_t GetBaseK() const { return haveResult_ ? result_.baseK : -1; }

 protected:
  static int32_t SetLayout(int32_t (&axes)[5], int32_t b, int32_t s, int32_t n, int32_t g, int32_t d) {
    if (b <= 0 || s <= 0 || n <= 0 || g <= 0 || d <= 0) return -1;
    axes[0] = b, axes[1] = s, axes[2] = n, axes[3] = g, axes[4] = d;
    return 0;
  }
  // The shape to tile and the GM matrices it lies in, after -1s are filled in.
  struct ResolvedShape {
    int64_t m = 0, n = 0, k = 0, orgM = 0, orgN = 0, orgKa = 0, orgKb = 0;
  };

  // How the shape is cut over cores (the single-core tiler: not at all).
  virtual bool SplitOverCores(const detail::SingleCoreProblem& problem, const ResolvedShape& shape,
                              detail::CoreSplit& split) = 0;

  const platform_ascendc::ArchSpec& Spec() const { return spec_; }
  bool HasBias() const { return hasBias_; }
  int64_t FixedBaseM() const { return fixedBaseM_; }
  int64_t FixedBaseN() const { return fixedBaseN_; }

  const detail::OperandDesc& DescA() const { return a_; }
  const detail::OperandDesc& DescB() const { return b_; }
  const detail::OperandDesc& DescC() const { return c_; }
  const detail::BufferLimits& Hardware() const { return hardware_; }

  const AscendC::tiling::TCubeTiling& LastTiling() const { return result_; }
  const detail::CoreSplit& LastSplit() const { return lastSplit_; }
  bool HaveResult() const { return haveResult_; }

 private:
  static bool ShapeValueLegal(int32_t v) { return v == -1 || v > 0; }
  static bool FixSplitValueLegal(int32_t v, int32_t multiple) { return v == -1 || (v > 0 && v % multiple == 0); }

  bool InputDescLegal(const detail::OperandDesc& d, bool isA) const {
    bool formatOk = d.format == CubeFormat::ND || d.format == CubeFormat::NZ || (isA && d.format == CubeFormat::VECTOR) ||
                    (d.format == CubeFormat::COLUMN_MAJOR && d.pos == TPosition::GM);
    return detail::InputPositionSupported(d.pos) && formatOk && detail::BitsOf(d.dtype) != 0;
  }
  bool OutputDescLegal(const detail::OperandDesc& d) const {
    bool formatOk = d.format == CubeFormat::ND || d.format == CubeFormat::NZ || d.format == CubeFormat::ND_ALIGN ||
                    (d.format == CubeFormat::COLUMN_MAJOR && d.pos == TPosition::GM);
    return detail::OutputPositionSupported(d.pos) && formatOk && detail::BitsOf(d.dtype) != 0;
  }
  bool BiasDescLegal(const detail::OperandDesc& d) const {
    return detail::BiasPositionSupported(d.pos) && d.format == CubeFormat::ND && detail::BitsOf(d.dtype) != 0;
  }
  bool BufferSpaceLegal() const {
    auto legal = [](int32_t v, int64_t part) { return v == -1 || (v >= 0 && v <= part); };
    return legal(l1Space_, hardware_.l1) && legal(l0cSpace_, hardware_.l0c) && legal(ubSpace_, hardware_.ub) &&
           legal(btSpace_, hardware_.bt);
  }

  bool ResolveShape(ResolvedShape& s) const {
    auto pick = [](int32_t preferred, int32_t fallback) { return int64_t(preferred > 0 ? preferred : fallback); };
    s = {pick(m_, orgM_), pick(n_, orgN_), pick(k_, std::min(orgKa_, orgKb_)), pick(orgM_, m_), pick(orgN_, n_),
         pick(orgKa_, k_), pick(orgKb_, k_)};
    bool setterValuesOk = ShapeValueLegal(m_) && ShapeValueLegal(n_) && ShapeValueLegal(k_) &&
                          ShapeValueLegal(orgM_) && ShapeValueLegal(orgN_) && ShapeValueLegal(orgKa_) &&
                          ShapeValueLegal(orgKb_);
    bool positive = s.m > 0 && s.n > 0 && s.k > 0;
    bool insideOrg = s.m <= s.orgM && s.n <= s.orgN && s.k <= s.orgKa && s.k <= s.orgKb;
    bool vectorA = a_.format != CubeFormat::VECTOR || s.m == 1;  // a VECTOR A is one row (GEMV)
    return setterValuesOk && positive && insideOrg && vectorA;
  }

  // Types: A and B set, legal, of one family the part multiplies; C and bias fit that family.
  bool TypesLegal(detail::InputFamily& family) const {
    if (!a_.set || !b_.set || !InputDescLegal(a_, true) || !InputDescLegal(b_, false)) return false;
    if (c_.set && !OutputDescLegal(c_)) return false;
    if (hasBias_ && bias_.set && !BiasDescLegal(bias_)) return false;
    family = detail::FamilyOf(a_.dtype);
    if (family != detail::FamilyOf(b_.dtype) || !detail::FamilySupported(family, spec_.npuArch)) return false;
    if (!detail::OutputTypeSupported(OutputType(family), family)) return false;
    return !hasBias_ || detail::BiasTypeSupported(BiasType(family), family);
  }
  DataType OutputType(detail::InputFamily f) const {
    return c_.set ? c_.dtype : detail::IsIntegerFamily(f) ? DT_INT32 : DT_FLOAT;
  }
  DataType BiasType(detail::InputFamily f) const {
    return bias_.set ? bias_.dtype : detail::IsIntegerFamily(f) ? DT_INT32 : DT_FLOAT;
  }

  detail::BufferLimits Limits() const {
    auto limit = [](int32_t space, int64_t part) { return space >= 0 ? int64_t(space) : part; };
    return {hardware_.l0a, hardware_.l0b, limit(l0cSpace_, hardware_.l0c), limit(l1Space_, hardware_.l1),
            limit(ubSpace_, hardware_.ub), limit(btSpace_, hardware_.bt)};
  }

  // Everything about the problem except the block each core computes.
  bool BuildProblem(detail::SingleCoreProblem& p) const {
    detail::InputFamily family = detail::InputFamily::NONE;
    if (!TypesLegal(family) || !BufferSpaceLegal()) return false;
    if (!FixSplitValueLegal(fixedBaseM_, detail::kCubeBlock) || !FixSplitValueLegal(fixedBaseN_, detail::kCubeBlock))
      return false;
    p.bitsA = detail::BitsOf(a_.dtype), p.bitsB = detail::BitsOf(b_.dtype);
    p.bitsC = detail::BitsOf(OutputType(family)), p.bitsBias = detail::BitsOf(BiasType(family));
    // Transposition needs no case of its own: baseK is a multiple of max(16, C0) either way.
    p.kAlign = sparse_ || mx_ ? 64 : detail::KAlignment(p.bitsA, p.bitsB);
    if (fixedBaseK_ != -1 && (fixedBaseK_ <= 0 || fixedBaseK_ % p.kAlign != 0)) return false;
    p.hasBias = hasBias_;
    p.aResidentInL1 = a_.pos == TPosition::TSCM, p.bResidentInL1 = b_.pos == TPosition::TSCM;
    p.aThroughUb = detail::IsUbPosition(a_.pos), p.bThroughUb = detail::IsUbPosition(b_.pos);
    p.cThroughUb = c_.set && detail::IsUbPosition(c_.pos);
    p.biasThroughUb = bias_.set && detail::IsUbPosition(bias_.pos);
    p.allowDbL0A = p.allowDbL1A = doubleBufferA_;
    p.allowDbL0B = p.allowDbL1B = doubleBufferB_;
    p.allowDbL0C = doubleBufferC_;
    p.fixedBaseM = fixedBaseM_, p.fixedBaseN = fixedBaseN_, p.fixedBaseK = fixedBaseK_;
    p.forcedIterateOrder = traverse_ == MatrixTraverse::FIRSTM ? 0 : traverse_ == MatrixTraverse::FIRSTN ? 1 : -1;
    p.limits = Limits();
    p.rates = detail::RatesFor(spec_, std::max(p.bitsA, p.bitsB));
    return true;
  }

  bool ComputeTiling(AscendC::tiling::TCubeTiling& out) {
    ResolvedShape shape;
    detail::SingleCoreProblem problem;
    if (!ResolveShape(shape) || !BuildProblem(problem)) return false;
    problem.m = shape.m, problem.n = shape.n, problem.k = shape.k;
    detail::CoreSplit split;
    if (!SplitOverCores(problem, shape, split)) return false;
    problem.m = split.singleM, problem.n = split.singleN, problem.k = split.singleK;
    // A fixed base must fit the core's block (CANN: baseM <= ceil16(singleCoreM)).
    if (fixedBaseM_ > detail::AlignUp(problem.m, detail::kCubeBlock) ||
        fixedBaseN_ > detail::AlignUp(problem.n, detail::kCubeBlock) ||
        fixedBaseK_ > detail::AlignUp(problem.k, problem.kAlign))
      return false;
    detail::SingleCorePlan plan;
    if (!detail::PlanSingleCore(problem, plan)) return false;
    Fill(shape, split, plan, out);
    result_ = out;
    lastSplit_ = split;
    haveResult_ = true;
    return true;
  }

  void Fill(const ResolvedShape& shape, const detail::CoreSplit& split, const detail::SingleCorePlan& plan,
            AscendC::tiling::TCubeTiling& t) const {
    const detail::L0Choice& l0 = plan.l0;
    const detail::L1Choice& l1 = plan.l1;
    t = AscendC::tiling::TCubeTiling{};
    t.usedCoreNum = int32_t(split.UsedCores());
    t.M = int32_t(shape.orgM), t.N = int32_t(shape.orgN), t.Ka = int32_t(shape.orgKa), t.Kb = int32_t(shape.orgKb);
    t.singleCoreM = int32_t(split.singleM), t.singleCoreN = int32_t(split.singleN), t.singleCoreK = int32_t(split.singleK);
    t.baseM = int32_t(l0.baseM), t.baseN = int32_t(l0.baseN), t.baseK = int32_t(l0.baseK);
    t.stepM = int32_t(l1.stepM), t.stepN = int32_t(l1.stepN), t.stepKa = int32_t(l1.stepKa), t.stepKb = int32_t(l1.stepKb);
    t.depthA1 = int32_t(l1.stepM * l1.stepKa * l1.dbL1A);
    t.depthB1 = int32_t(l1.stepN * l1.stepKb * l1.dbL1B);
    t.isBias = hasBias_ ? 1 : 0;
    t.transLength = int32_t(plan.transLength);
    t.iterateOrder = l1.iterateOrder;
    t.dbL0A = l0.dbL0A, t.dbL0B = l0.dbL0B, t.dbL0C = l0.dbL0C;
    // Not sharing buffers with another matmul (shareMode 0); the share sizes report what this one uses.
    t.shareMode = 0;
    t.shareL1Size = int32_t(plan.l1Bytes);
    t.shareL0CSize = int32_t(l0.baseM * l0.baseN * detail::kL0CElementBytes * l0.dbL0C);
    t.shareUbSize = int32_t(plan.transLength);
    // One core computes its batches (BatchMatmul's layouts as set, 0 where not).
    t.batchM = t.batchN = t.singleBatchM = t.singleBatchN = 1;
    t.ALayoutInfoB = aLayout_[0], t.ALayoutInfoS = aLayout_[1], t.ALayoutInfoN = aLayout_[2], t.ALayoutInfoG = aLayout_[3];
    t.ALayoutInfoD = aLayout_[4];
    t.BLayoutInfoB = bLayout_[0], t.BLayoutInfoS = bLayout_[1], t.BLayoutInfoN = bLayout_[2], t.BLayoutInfoG = bLayout_[3];
    t.BLayoutInfoD = bLayout_[4];
    t.CLayoutInfoB = cLayout_[0], t.CLayoutInfoS1 = cLayout_[1], t.CLayoutInfoN = cLayout_[2], t.CLayoutInfoG = cLayout_[3];
    t.CLayoutInfoS2 = cLayout_[4];
    t.BatchNum = batchNum_ > 0 ? batchNum_ : 1;
  }

  platform_ascendc::ArchSpec spec_;
  detail::BufferLimits hardware_;
  detail::OperandDesc a_, b_, c_, bias_;
  int32_t m_ = -1, n_ = -1, k_ = -1;
  int32_t orgM_ = -1, orgN_ = -1, orgKa_ = -1, orgKb_ = -1;
  bool hasBias_ = false, sparse_ = false, mx_ = false;
  int32_t l1Space_ = -1, l0cSpace_ = -1, ubSpace_ = -1, btSpace_ = -1;
  int32_t fixedBaseM_ = -1, fixedBaseN_ = -1, fixedBaseK_ = -1;
  MatrixTraverse traverse_ = MatrixTraverse::NOSET;
  bool doubleBufferA_ = true, doubleBufferB_ = true, doubleBufferC_ = true;
  int32_t aLayout_[5] = {}, bLayout_[5] = {}, cLayout_[5] = {};  // B, S, N, G, D
  int32_t batchNum_ = 0;
  AscendC::tiling::TCubeTiling result_;
  detail::CoreSplit lastSplit_;
  bool haveResult_ = false;
};

// One core computes the whole SetShape block: singleCore* = the shape, usedCoreNum = 1.
class MatmulApiTiling : public MatmulApiTilingBase {
 public:
  MatmulApiTiling() = default;
  explicit MatmulApiTiling(const platform_ascendc::PlatformAscendC& platform) : MatmulApiTilingBase(platform) {}
  explicit MatmulApiTiling(const PlatformInfo& info) : MatmulApiTilingBase(info) {}

 protected:
  bool SplitOverCores(const detail::SingleCoreProblem&, const ResolvedShape& shape, detail::CoreSplit& split) override {
    split = {1, 1, 1, shape.m, shape.n, shape.k};
    return true;
  }
};

// BatchMatmul's tiler: one core computes the SetShape block of each of its batches (the kernel
// splits the batches over cores itself, as CANN's BatchMatmul samples do).
class BatchMatmulTiling : public MatmulApiTiling {
 public:
  using MatmulApiTiling::MatmulApiTiling;
  int32_t GetCoreNum(int32_t& dim, int32_t& mDim, int32_t& nDim, int32_t& batchCoreM, int32_t& batchCoreN) const {
    if (!HaveResult()) return -1;
    dim = mDim = nDim = batchCoreM = batchCoreN = 1;
    return 0;
  }
};

// Cuts the shape over up to SetDim blocks (cube-only kernels: AICs; MIX kernels: AIVs, launched
// as usedCoreNum / 2 blocks on dav-2201/3510), each a singleCoreM x singleCoreN block over all
// of K, or a K slice when EnableMultiCoreSplitK(true) (the kernel then accumulates atomically;
// not with a bias). Without SetDim the AIC count is used. The split is the one CANN's tiler
// chooses (detail::ChooseCannCoreSplit), which public samples hard-code; with SetSingleShape,
// SetAlignSplit, or a fixed base larger than CANN's block (CANN then fails) it is our search.
// With SetSingleShape, usedCoreNum is SetDim, as in CANN, and the fixed blocks may outnumber
// the cores (the kernel loops over them).
class MultiCoreMatmulTiling : public MatmulApiTilingBase {
 public:
  MultiCoreMatmulTiling() = default;
  explicit MultiCoreMatmulTiling(const platform_ascendc::PlatformAscendC& platform) : MatmulApiTilingBase(platform) {}
  explicit MultiCoreMatmulTiling(const PlatformInfo& info) : MatmulApiTilingBase(info) {}

  int32_t SetDim(int32_t dim) {
    dim_ = dim;
    return detail::Status(dim > 0);
  }
  // Fixed single-core extents (-1: searched). A singleK below K needs EnableMultiCoreSplitK.
  int32_t SetSingleShape(int32_t singleMIn = -1, int32_t singleNIn = -1, int32_t singleKIn = -1) {
    singleM_ = singleMIn, singleN_ = singleNIn, singleK_ = singleKIn;
    return detail::Status(SingleValueLegal(singleMIn) && SingleValueLegal(singleNIn) && SingleValueLegal(singleKIn));
  }
  // Single-core extents are rounded up to these multiples (-1: 16 for M and N, max(16, C0) for K).
  int32_t SetAlignSplit(int32_t alignM, int32_t alignN, int32_t alignK) {
    alignM_ = alignM, alignN_ = alignN, alignK_ = alignK;
    return detail::Status(SingleValueLegal(alignM) && SingleValueLegal(alignN) && SingleValueLegal(alignK));
  }
  void EnableMultiCoreSplitK(bool flag) { splitK_ = flag; }

  // Of the last successful GetTiling (0), else -1.
  int32_t GetSingleShape(int32_t& shapeM, int32_t& shapeN, int32_t& shapeK) const {
    if (!HaveResult()) return -1;
    shapeM = LastTiling().singleCoreM, shapeN = LastTiling().singleCoreN, shapeK = LastTiling().singleCoreK;
    return 0;
  }
  int32_t GetCoreNum(int32_t& dim, int32_t& mDim, int32_t& nDim) const {
    int32_t kDim = 0;
    return GetCoreNum(dim, mDim, nDim, kDim);
  }
  int32_t GetCoreNum(int32_t& dim, int32_t& mDim, int32_t& nDim, int32_t& kDim) const {
    if (!HaveResult()) return -1;
    dim = LastTiling().usedCoreNum;
    mDim = int32_t(LastSplit().mDim), nDim = int32_t(LastSplit().nDim), kDim = int32_t(LastSplit().kDim);
    return 0;
  }

 protected:
  bool SplitOverCores(const detail::SingleCoreProblem& problem, const ResolvedShape& shape,
                      detail::CoreSplit& split) override {
    if (dim_ <= 0 || !SingleValueLegal(singleM_) || !SingleValueLegal(singleN_) || !SingleValueLegal(singleK_) ||
        !SingleValueLegal(alignM_) || !SingleValueLegal(alignN_) || !SingleValueLegal(alignK_))
      return false;
    if (singleM_ > shape.m || singleN_ > shape.n || singleK_ > shape.k) return false;
    bool kSliced = singleK_ > 0 && singleK_ < shape.k;
    if (kSliced && (!splitK_ || HasBias())) return false;
    detail::SplitRequest req;
    req.m = shape.m, req.n = shape.n, req.k = shape.k;
    req.maxCores = dim_;
    req.alignM = alignM_ > 0 ? alignM_ : detail::kCubeBlock;
    req.alignN = alignN_ > 0 ? alignN_ : detail::kCubeBlock;
    req.alignK = alignK_ > 0 ? alignK_ : problem.kAlign;
    req.fixedSingleM = singleM_, req.fixedSingleN = singleN_, req.fixedSingleK = singleK_;
    req.minBlockM = FixedBaseM(), req.minBlockN = FixedBaseN();
    req.allowSplitK = splitK_ && !HasBias();
    bool searched = singleM_ < 0 && singleN_ < 0 && singleK_ < 0 && alignM_ < 0 && alignN_ < 0 && alignK_ < 0;
    if (searched) {
      detail::CannSplitRequest c;
      c.m = shape.m, c.n = shape.n, c.k = shape.k;
      c.cores = dim_;
      c.bitsA = problem.bitsA, c.bitsB = problem.bitsB, c.bitsC = problem.bitsC;
      c.transA = DescA().transposed, c.transB = DescB().transposed;
      c.aNz = DescA().format == CubeFormat::NZ, c.bNz = DescB().format == CubeFormat::NZ;
      c.cNz = DescC().set && DescC().format == CubeFormat::NZ;
      c.splitK = req.allowSplitK;
      c.kAlign = problem.kAlign;
      c.l1Bytes = problem.limits.l1, c.l0aBytes = Hardware().l0a, c.l0cBytes = problem.limits.l0c;
      detail::CoreSplit cann;
      // A fixed baseM / baseN must fit the 16-aligned block (CANN fails the tiling otherwise).
      if (detail::ChooseCannCoreSplit(c, cann) &&
          detail::AlignUp(cann.singleM, detail::kCubeBlock) >= req.minBlockM &&
          detail::AlignUp(cann.singleN, detail::kCubeBlock) >= req.minBlockN) {
        split = cann;
        return true;
      }
    }
    if (!detail::ChooseCoreSplit(problem, req, split)) return false;
    // As CANN's tiler: with a single-core shape from the user, usedCoreNum is SetDim.
    if (singleM_ > 0 || singleN_ > 0 || singleK_ > 0) split.cores = dim_;
    return true;
  }

 private:
  static bool SingleValueLegal(int32_t v) { return v == -1 || v > 0; }

  int32_t dim_ = int32_t(Spec().aicCores);
  int32_t singleM_ = -1, singleN_ = -1, singleK_ = -1;
  int32_t alignM_ = -1, alignN_ = -1, alignK_ = -1;
  bool splitK_ = false;
};

}  // namespace matmul_tiling

#pragma pop_macro("DT_FLOAT")
#pragma pop_macro("DT_FLOAT16")
#pragma pop_macro("DT_INT8")
#pragma pop_macro("DT_INT32")
#pragma pop_macro("DT_UINT8")
#pragma pop_macro("DT_INT16")
#pragma pop_macro("DT_UINT16")
#pragma pop_macro("DT_UINT32")
#pragma pop_macro("DT_INT64")
#pragma pop_macro("DT_UINT64")
#pragma pop_macro("DT_DOUBLE")
#pragma pop_macro("DT_BOOL")
#pragma pop_macro("DT_BF16")
#pragma pop_macro("DT_INT4")
#pragma pop_macro("DT_HIFLOAT8")
#pragma pop_macro("DT_FLOAT8_E5M2")
#pragma pop_macro("DT_FLOAT8_E4M3FN")
#pragma pop_macro("DT_FLOAT8_E8M0")
#pragma pop_macro("DT_FLOAT4_E2M1")
#pragma pop_macro("DT_FLOAT4_E1M2")
#pragma pop_macro("DT_MAX")

#endif /* SK_ASCENDC_TILING_MATMUL_TILING_H */
