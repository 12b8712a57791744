// The high-level Matmul API (lib/matmul_intf.h; docs/ascendc.md, "Matmul"): C = A x B (+ bias)
// over one core's single-core block, walked in baseM x baseN blocks and baseK steps as the
// TCubeTiling says, written in the cube path of sk_ascendc/cube.h: GM -> L1 (Nz, double
// buffered) -> L0A/L0B -> Mmad into L0C -> Fixpipe. On an AIC the object does the work; in a
// MIX kernel the AIVs' objects send each call to their AIC, which serves them (REGIST_MATMUL_OBJ
// runs the server there and returns), as CANN's client/server implementation does.
#ifndef SK_ASCENDC_MATMUL_H
#define SK_ASCENDC_MATMUL_H

#include "kernel_tiling/kernel_tiling.h"
#include "sk_ascendc/cube.h"
#include "sk_ascendc/pipe.h"

// The matrix formats (at file scope, as CANN declares them; AscendC names them too).
enum class CubeFormat : uint8_t { ND = 0, NZ, ZN, ZZ, NN, ND_ALIGN, SCALAR, VECTOR, ROW_MAJOR = ND, COLUMN_MAJOR = 8 };
enum class LayoutMode : uint8_t { NONE = 0, BSNGD, SBNGD, BNGS1S2, NORMAL };

namespace AscendC {

using ::CubeFormat;
using ::LayoutMode;
enum class IterateOrder : uint8_t { ORDER_M = 0, ORDER_N, UNDEF };
// MatmulConfig::iterateMode: which Iterate calls a kernel makes (CANN trims the object to them;
// here every call works whatever the mode).
enum IterateMode : uint8_t {
  ITERATE_MODE_NORMAL = 0b00000001,
  ITERATE_MODE_ALL = 0b00000010,
  ITERATE_MODE_BATCH = 0b00000100,
  ITERATE_MODE_N_BATCH = 0b00001000,
  ITERATE_MODE_DEFAULT = 0b11111111,
};
enum class ScheduleType : uint8_t { INNER_PRODUCT = 0, OUTER_PRODUCT, N_BUFFER_33 };
enum class MatmulConfigMode : uint8_t { CONFIG_NORM, CONFIG_MDL, CONFIG_SPECIALMDL, CONFIG_IBSHARE };
// How a BatchMatmul's batches relate to L1 (NORMAL layout), and whether batch outputs are cached
// to go out together: accepted, our schedule runs one batch at a time either way.
enum class BatchMode : uint8_t { NONE = 0, BATCH_LESS_THAN_L1, BATCH_LARGE_THAN_L1, SINGLE_LARGE_THAN_L1 };
enum BatchOutMode : uint8_t { SINGLE_BATCH = 0, MULTI_BATCH, DYNAMIC };

template <TPosition POSITION, CubeFormat FORMAT, typename TYPE, bool ISTRANS = false, LayoutMode LAYOUT = LayoutMode::NONE,
          bool IBSHARE = false, TPosition SRCPOS = TPosition::GM>
struct MatmulType {
  constexpr static TPosition pos = POSITION;
  constexpr static CubeFormat format = FORMAT;
  using T = TYPE;
  constexpr static bool isTrans = ISTRANS;
  constexpr static LayoutMode layout = LAYOUT;
  constexpr static bool ibShare = IBSHARE;
  constexpr static TPosition srcPos = SRCPOS;
};

// A 4:2 sparse B (int8, given transposed: N x K/2 kept values) with its 2-bit index matrix at
// INDEX_POSITION (GM: NZ of 16 x 8-byte fractals, column blocks ceil16(N) rows tall), set by
// SetSparseIndex; the layouts MmadWithSparse reads (docs/ascendc.md).
template <TPosition POSITION, TPosition INDEX_POSITION, CubeFormat FORMAT, typename TYPE, bool ISTRANS = false,
          LayoutMode LAYOUT = LayoutMode::NONE, bool IBSHARE = false>
struct SparseMatmulType : MatmulType<POSITION, FORMAT, TYPE, ISTRANS, LAYOUT, IBSHARE> {
  constexpr static TPosition indexPosition = INDEX_POSITION;
};
// An MX operand (Ascend 950's MxMatmul): A or B of fp8 or fp4 with its fp8_e8m0_t scales (one per
// 32 elements along K) at SCALE_POSITION, set by SetTensorScaleA/B; with MatmulWithScalePolicy.
template <TPosition POSITION, TPosition SCALE_POSITION, CubeFormat FORMAT, typename TYPE, bool ISTRANS = false,
          TPosition SRCPOS = TPosition::GM, CubeFormat SCALE_FORMAT = FORMAT, bool SCALE_ISTRANS = ISTRANS,
          TPosition SCALE_SRCPOS = SRCPOS>
struct MatmulTypeWithScale : MatmulType<POSITION, FORMAT, TYPE, ISTRANS, LayoutMode::NONE, false, SRCPOS> {
  constexpr static TPosition scalePosition = SCALE_POSITION;
  constexpr static CubeFormat scaleFormat = SCALE_FORMAT;
  constexpr static bool isScaleTrans = SCALE_ISTRANS;
  constexpr static TPosition srcScalePos = SCALE_SRCPOS;
};
namespace detail {
template <class T, class = void> constexpr bool kHasScale = false;
template <class T> constexpr bool kHasScale<T, std::void_t<decltype(T::scalePosition)>> = true;
template <class T, class = void> constexpr bool kIsSparse = false;
template <class T> constexpr bool kIsSparse<T, std::void_t<decltype(T::indexPosition)>> = true;
template <class T> constexpr TPosition indexPositionOf() {
  if constexpr (kIsSparse<T>) return T::indexPosition;
  else return TPosition::GM;
}
}  // namespace detail

// The 16-bit rounding helpers lib/matmul_intf.h brings into AscendC (kernels call them
// unqualified); 16-bit as CANN's, so larger values wrap there as here. Their parameters take a
// user-defined conversion, so a kernel's own helper of the name that fits as well wins: CANN's
// compiler prefers an __aicore__ function to the kernel's __host_aicore__ one on a tie, which
// plain C++ cannot say, and the kernel's keeps the full width.
namespace detail {
struct U16 {
  uint16_t v;
  __aicore__ U16(uint64_t x) : v((uint16_t)x) {}
};
}  // namespace detail
__aicore__ inline uint16_t CeilDiv(detail::U16 num1, detail::U16 num2) { return (uint16_t)((num1.v + num2.v - 1) / num2.v); }
__aicore__ inline uint16_t CeilAlign(detail::U16 num1, detail::U16 num2) { return (uint16_t)(CeilDiv(num1, num2) * num2.v); }
// And their forms in any one integer type (a call with two uint64_t picks these, as in CANN).
template <typename T> __aicore__ inline T Ceil(T num1, T num2) { return (num1 + num2 - 1) / num2; }
template <typename T> __aicore__ inline T CeilAlign(T num1, T num2) { return Ceil(num1, num2) * num2; }

// The generic helpers lib/matmul_intf.h also brings into AscendC (attention kernels call Align
// unqualified): 0 for a zero divisor, as CANN's.
template <typename T> __aicore__ constexpr T Align(T num1, T num2) { return num2 == 0 ? 0 : (num1 + num2 - 1) / num2 * num2; }
template <typename T> __aicore__ constexpr T AlignDown(T num1, T num2) { return num2 == 0 ? 0 : num1 / num2 * num2; }
template <typename T> __aicore__ constexpr T MaxValue(T t) { return t; }
template <typename T, typename... Args> __aicore__ constexpr T MaxValue(T t, Args... args) {
  T rest = MaxValue(args...);
  return t > rest ? t : rest;
}
// C0 of T: its elements in 32 bytes (64 for the 4-bit types), as lib/matmul_intf.h's helper.
template <typename T> __aicore__ constexpr int32_t AuxGetC0Size() { return 256 / SizeOfBits<PrimT<T>>::value; }
template <typename T> __aicore__ constexpr T MinValue(T t) { return t; }
template <typename T, typename... Args> __aicore__ constexpr T MinValue(T t, Args... args) {
  T rest = MinValue(args...);
  return t < rest ? t : rest;
}

// The type L0C accumulates an input type in (the C of a Matmul whose C is at CO1).
template <typename T> struct GetMmDstType {
  using Type = float;  // half, bfloat16_t, float
};
template <> struct GetMmDstType<int8_t> {
  using Type = int32_t;
};
template <> struct GetMmDstType<int4b_t> {
  using Type = int32_t;
};
// The type of an input in L0A / L0B: an MX operand (fp8 with its scales) is spelled mx_fp8_*.
template <typename T, bool isMx = false> struct GetL0DataType {
  using Type = T;
};
template <> struct GetL0DataType<fp8_e4m3fn_t, true> {
  using Type = mx_fp8_e4m3_t;
};
template <> struct GetL0DataType<fp8_e5m2_t, true> {
  using Type = mx_fp8_e5m2_t;
};
namespace Impl {
constexpr int32_t QUEUE_DEPTH = 1;  // the depth of the queue kernels give C's CO1 tensor
}

// The compile-time configuration. The simulated Matmul runs every config the same way (Norm);
// the fields exist so kernels that set them compile.
struct MatmulConfig {
  bool doNorm = true;
  bool doBasicBlock = false;
  bool doMultiDataLoad = false;
  uint32_t basicM = 0, basicN = 0, basicK = 0;
  bool intrinsicsCheck = false;
  bool isNBatch = false;
  bool enVecND2NZ = false;
  bool doSpecialBasicBlock = false;
  uint32_t doMTE2Preload = 0;
  uint32_t singleCoreM = 0, singleCoreN = 0, singleCoreK = 0;
  uint32_t stepM = 0, stepN = 0;
  uint32_t baseMN = 0;
  uint32_t singleCoreMN = 0;
  bool enUnitFlag = true;
  bool isPerTensor = false;
  bool hasAntiQuantOffset = false;
  bool doIBShareNorm = false;
  bool doSpecialMDL = false;
  bool enableInit = true;
  BatchMode batchMode = BatchMode::NONE;
  bool enableEnd = true;
  bool enableGetTensorC = true;
  bool enableSetOrgShape = true;
  bool enableSetBias = true;
  bool enableSetTail = true;
  bool enableQuantVector = true;
  bool enableSetDefineData = true;
  uint8_t iterateMode = ITERATE_MODE_DEFAULT;
  bool enableReuse = true;
  bool enableUBReuse = false;
  bool enableL1CacheUB = false;
  bool intraBlockPartSum = false;
  IterateOrder iterateOrder = IterateOrder::UNDEF;
  ScheduleType scheduleType = ScheduleType::INNER_PRODUCT;
  bool enableDoubleCache = false;
  bool isBiasBatch = true;
  bool enableStaticPadZeros = false;
  bool isPartialOutput = false;
  bool enableMixDualMaster = false;
  bool isA2B2Shared = false;
  bool isEnableChannelSplit = false;
  bool enableKdimReorderLoad = false;
  bool isCO1Shared = false;
  uint32_t sharedCO1BufferSize = 64 * 1024;
  BatchOutMode bmmOutMode = BatchOutMode::SINGLE_BATCH;
  bool enableL1BankConflictOptimise = false;
  bool enableRelu = false;
};
// The parameter groups GetMMConfig takes, in any order (the public MatmulConfig page).
struct MatmulShapeParams {
  uint32_t singleCoreM = 0, singleCoreN = 0, singleCoreK = 0, basicM = 0, basicN = 0, basicK = 0;
};
struct MatmulQuantParams {
  bool isPerTensor = false, hasAntiQuantOffset = false;
};
struct MatmulBatchParams {
  bool isNBatch = false;
  BatchMode batchMode = BatchMode::NONE;
  bool isBiasBatch = true;
  BatchOutMode bmmOutMode = BatchOutMode::SINGLE_BATCH;
};
struct MatmulFuncParams {
  bool intrinsicsCheck = false, enVecND2NZ = false, enableDoubleCache = false, enableL1CacheUB = false;
  uint32_t doMTE2Preload = 0;
  IterateOrder iterateOrder = IterateOrder::UNDEF;
  ScheduleType scheduleType = ScheduleType::INNER_PRODUCT;
  bool enableReuse = true, enableUBReuse = false, isPartialOutput = false, isA2B2Shared = false, isEnableChannelSplit = false;
  bool enableKdimReorderLoad = false, enableL1BankConflictOptimise = false, enableRelu = false;
};
struct MatmulBiasParams {
  bool enableSetBias = true;
};
__aicore__ constexpr MatmulConfig GetNormalConfig(bool intrinsicsLimit = false, bool batchLoop = false, bool isVecND2NZ = false,
                                                   BatchMode bmmMode = BatchMode::BATCH_LESS_THAN_L1, bool isMsgReuse = true,
                                                   IterateOrder iterateOrder = IterateOrder::UNDEF,
                                                   ScheduleType scheduleType = ScheduleType::INNER_PRODUCT, bool enUnitFlag = true,
                                                   bool enableMixDualMaster = false,
                                                   BatchOutMode bmmOutMode = BatchOutMode::SINGLE_BATCH) {
  MatmulConfig c;
  c.intrinsicsCheck = intrinsicsLimit;
  c.isNBatch = batchLoop;
  c.enVecND2NZ = isVecND2NZ;
  c.batchMode = bmmMode;
  c.enableReuse = isMsgReuse;
  c.iterateOrder = iterateOrder;
  c.scheduleType = scheduleType;
  c.enUnitFlag = enUnitFlag;
  c.enableMixDualMaster = enableMixDualMaster;
  c.bmmOutMode = bmmOutMode;
  return c;
}
__aicore__ constexpr MatmulConfig GetMDLConfig(bool intrinsicsLimit = false, bool batchLoop = false, uint32_t doMTE2Preload = 0,
                                                bool isVecND2NZ = false, bool isPerTensor = false, bool hasAntiQuantOffset = false,
                                                bool enUnitFlag = false, bool isMsgReuse = true, bool enableUBReuse = true,
                                                bool enableL1CacheUB = false, bool enableMixDualMaster = false,
                                                bool enableKdimReorderLoad = false, bool enableL1BankConflictOptimise = false) {
  MatmulConfig c;
  c.doNorm = false;
  c.doMultiDataLoad = true;
  c.intrinsicsCheck = intrinsicsLimit;
  c.isNBatch = batchLoop;
  c.doMTE2Preload = doMTE2Preload;
  c.enVecND2NZ = isVecND2NZ;
  c.isPerTensor = isPerTensor;
  c.hasAntiQuantOffset = hasAntiQuantOffset;
  c.enUnitFlag = enUnitFlag;
  c.enableReuse = isMsgReuse;
  c.enableUBReuse = enableUBReuse;
  c.enableL1CacheUB = enableL1CacheUB;
  c.enableMixDualMaster = enableMixDualMaster;
  c.enableKdimReorderLoad = enableKdimReorderLoad;
  c.enableL1BankConflictOptimise = enableL1BankConflictOptimise;
  return c;
}
__aicore__ constexpr MatmulConfig GetSpecialMDLConfig(bool intrinsicsLimit = false, bool batchLoop = false, uint32_t doMTE2Preload = 0,
                                                       bool isVecND2NZ = false, bool isPerTensor = false,
                                                       bool hasAntiQuantOffset = false) {
  MatmulConfig c = GetMDLConfig(intrinsicsLimit, batchLoop, doMTE2Preload, isVecND2NZ, isPerTensor, hasAntiQuantOffset);
  c.doMultiDataLoad = false;
  c.doSpecialMDL = true;
  return c;
}
__aicore__ constexpr MatmulConfig GetBasicConfig(uint32_t basicM, uint32_t basicN, uint32_t basicK, bool intrinsicsLimit = false,
                                                  bool batchLoop = false, BatchMode bmmMode = BatchMode::BATCH_LESS_THAN_L1) {
  MatmulConfig c;
  c.doNorm = false;
  c.doBasicBlock = true;
  c.basicM = basicM;
  c.basicN = basicN;
  c.basicK = basicK;
  c.intrinsicsCheck = intrinsicsLimit;
  c.isNBatch = batchLoop;
  c.batchMode = bmmMode;
  return c;
}
__aicore__ constexpr MatmulConfig GetIBShareNormConfig(bool intrinsicsLimit = false, bool batchLoop = false, bool isVecND2NZ = false,
                                                        BatchMode bmmMode = BatchMode::BATCH_LESS_THAN_L1, bool isDoubleCache = false,
                                                        bool enUnitFlag = true) {
  MatmulConfig c;
  c.doNorm = false;
  c.doIBShareNorm = true;
  c.intrinsicsCheck = intrinsicsLimit;
  c.isNBatch = batchLoop;
  c.enVecND2NZ = isVecND2NZ;
  c.batchMode = bmmMode;
  c.enableDoubleCache = isDoubleCache;
  c.enUnitFlag = enUnitFlag;
  return c;
}
constexpr MatmulConfig CFG_NORM = GetNormalConfig();
constexpr MatmulConfig CFG_MDL = GetMDLConfig();
constexpr MatmulConfig MM_CFG_BB = GetBasicConfig(128, 128, 128);
constexpr MatmulConfig CFG_IBSHARE_NORM = GetIBShareNormConfig();
template <MatmulConfigMode mode, typename... Args> __aicore__ constexpr MatmulConfig GetMMConfig(Args&&... args) {
  MatmulConfig c = mode == MatmulConfigMode::CONFIG_MDL          ? GetMDLConfig()
                   : mode == MatmulConfigMode::CONFIG_SPECIALMDL ? GetSpecialMDLConfig()
                   : mode == MatmulConfigMode::CONFIG_IBSHARE    ? GetIBShareNormConfig()
                                                                 : GetNormalConfig();
  auto apply = [&c](const auto& a) {
    using P = std::decay_t<decltype(a)>;
    if constexpr (std::is_same_v<P, MatmulShapeParams>) {
      c.singleCoreM = a.singleCoreM, c.singleCoreN = a.singleCoreN, c.singleCoreK = a.singleCoreK;
      c.basicM = a.basicM, c.basicN = a.basicN, c.basicK = a.basicK;
    } else if constexpr (std::is_same_v<P, MatmulQuantParams>) {
      c.isPerTensor = a.isPerTensor, c.hasAntiQuantOffset = a.hasAntiQuantOffset;
    } else if constexpr (std::is_same_v<P, MatmulBatchParams>) {
      c.isNBatch = a.isNBatch, c.batchMode = a.batchMode, c.isBiasBatch = a.isBiasBatch, c.bmmOutMode = a.bmmOutMode;
    } else if constexpr (std::is_same_v<P, MatmulFuncParams>) {
      c.intrinsicsCheck = a.intrinsicsCheck, c.enVecND2NZ = a.enVecND2NZ, c.enableDoubleCache = a.enableDoubleCache;
      c.enableL1CacheUB = a.enableL1CacheUB, c.doMTE2Preload = a.doMTE2Preload, c.iterateOrder = a.iterateOrder;
      c.scheduleType = a.scheduleType, c.enableReuse = a.enableReuse, c.enableUBReuse = a.enableUBReuse;
      c.isPartialOutput = a.isPartialOutput, c.isA2B2Shared = a.isA2B2Shared, c.isEnableChannelSplit = a.isEnableChannelSplit;
      c.enableKdimReorderLoad = a.enableKdimReorderLoad, c.enableL1BankConflictOptimise = a.enableL1BankConflictOptimise;
      c.enableRelu = a.enableRelu;
    } else if constexpr (std::is_same_v<P, MatmulBiasParams>) {
      c.enableSetBias = a.enableSetBias;
    } else {
      static_assert(sizeof(P) == 0, "GetMMConfig: each argument is a MatmulShapeParams, MatmulQuantParams, MatmulBatchParams, "
                                    "MatmulFuncParams or MatmulBiasParams");
    }
  };
  (apply(args), ...);
  return c;
}
// Callbacks that replace the Matmul's own copies: not called here (the object's copies run).
template <auto copyOut = nullptr, auto copyA = nullptr, auto copyB = nullptr> struct MatmulCallBackFunc {};

// A tiling fixed at compile time (GetMatmulApiTiling): the config's base (and single-core)
// sizes; the object builds its TCubeTiling from them when REGIST_MATMUL_OBJ passes no tiling.
struct MatmulApiStaticTiling {
  int32_t baseM = 0, baseN = 0, baseK = 0;
  int32_t singleCoreM = 0, singleCoreN = 0, singleCoreK = 0;
  int32_t dbL0A = 1, dbL0B = 1, dbL0C = 1;
  // The L1 caching a kernel may adjust in a constexpr function, as CANN's samples do: accepted,
  // not used (our schedule double-buffers one baseK step in L1, docs/ascendc.md).
  int32_t stepM = 1, stepN = 1, stepKa = 1, stepKb = 1, depthA1 = 2, depthB1 = 2;
  // MxMatmul's scale caching factors (TCubeTiling's field): accepted; every step loads its own scales.
  int32_t mxTypePara = 0;
  // TCubeTiling's other fields, -1 (unset) as CANN's struct has them: isBias 0 leaves the bias out
  // (kernels set it in a constexpr function); the rest are accepted, the shapes come from the calls.
  int32_t usedCoreNum = -1, M = -1, N = -1, Ka = -1, Kb = -1, isBias = -1, transLength = -1, iterateOrder = -1;
  int32_t shareMode = -1, shareL1Size = -1, shareL0CSize = -1, shareUbSize = -1, depthAL1CacheUB = -1, depthBL1CacheUB = -1;
  int32_t ALayoutInfoB = -1, ALayoutInfoS = -1, ALayoutInfoN = -1, ALayoutInfoG = -1, ALayoutInfoD = -1;
  int32_t BLayoutInfoB = -1, BLayoutInfoS = -1, BLayoutInfoN = -1, BLayoutInfoG = -1, BLayoutInfoD = -1;
  int32_t CLayoutInfoB = -1, CLayoutInfoS1 = -1, CLayoutInfoN = -1, CLayoutInfoG = -1, CLayoutInfoS2 = -1, BatchNum = -1;
  MatmulConfig cfg;
};
// The Matmul implementation's description of one CO1 -> GM copy (CANN's matmul_utils.h, whose
// struct ops-nn's stream-K kernels pass through a void pointer): plain data, not used here.
struct DataCopyOutParams {
  __aicore__ DataCopyOutParams() = default;
  __aicore__ DataCopyOutParams(uint16_t count, uint16_t len, uint16_t srcStrideIn, uint32_t dstStrideIn, uint16_t nSize,
                               bool unitFlag, int curMPos, int curNPos)
      : cBurstNum(count), burstLen(len), srcStride(srcStrideIn), dstStride(dstStrideIn), oriNSize(nSize),
        enUnitFlag(unitFlag), curM(curMPos), curN(curNPos) {}
  uint8_t quantMode = 0;
  uint16_t cBurstNum = 0;
  uint16_t burstLen = 0;
  uint16_t srcStride = 0;
  uint32_t dstStride = 0;
  uint16_t oriNSize = 0;
  bool enUnitFlag = false;
  uint64_t quantScalar = 0;
  int curM = 0;
  int curN = 0;
  uint64_t cbufWorkspaceAddr = 0;
};
// An MM_CFG's config, whichever of the two it is (CANN's spelling; ops-nn's kernels call it).
__aicore__ inline constexpr MatmulConfig ToMatmulConfig(const MatmulConfig& cfg) { return cfg; }
__aicore__ inline constexpr MatmulConfig ToMatmulConfig(const MatmulApiStaticTiling& cfg) { return cfg.cfg; }
template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE>
__aicore__ constexpr MatmulApiStaticTiling GetMatmulApiTiling(const MatmulConfig& cfg, int32_t l1Size = TOTAL_L1_SIZE) {
  MatmulApiStaticTiling t;
  t.cfg = cfg;
  t.baseM = (int32_t)cfg.basicM, t.baseN = (int32_t)cfg.basicN, t.baseK = (int32_t)cfg.basicK;
  t.singleCoreM = (int32_t)cfg.singleCoreM, t.singleCoreN = (int32_t)cfg.singleCoreN, t.singleCoreK = (int32_t)cfg.singleCoreK;
  // Double-buffer L0A/L0B when two blocks fit (the L0 sizes of the part).
  using SrcT = typename A_TYPE::T;
  bool two = 2 * detail::bytesOf<SrcT>((uint64_t)cfg.basicM * cfg.basicK) <= TOTAL_L0A_SIZE &&
             2 * detail::bytesOf<SrcT>((uint64_t)cfg.basicK * cfg.basicN) <= TOTAL_L0B_SIZE;
  t.dbL0A = t.dbL0B = two ? 2 : 1;
  (void)l1Size;
  return t;
}

// The Matmul's policy (its last template argument, a template as CANN's MATMUL_POLICY_DEFAULT_OF
// declares it). TrianUpper / TrianLower compute and write only the base blocks (bm, bn) of the
// single-core C on or above (bm <= bn) / on or below (bm >= bn) the block diagonal; the others
// keep what C held. NBuffer33's schedule (3 x 3 A blocks held in L1) runs as the default one.
// SplitM (Ascend 950, C in UB, A and B IBSHARE): GetTensorC gives the two AIVs of a block the two
// halves of each C block along M, AIV 0 the first ceil(curM / 2) rows; here each AIV's Iterate
// computes the block (the hardware computes it once for both).
// L0A's and L0B's bytes as CANN's Matmul headers define them for kernels (64 KiB on both parts).
#ifndef L0AUF_SIZE
#define L0AUF_SIZE 65536
#endif
#ifndef L0BUF_SIZE
#define L0BUF_SIZE 65536
#endif
// The L0C -> UB Fixpipe's targets as Matmul code names them (dualDstCtl 0-2).
enum class McgShfMode { SINGLE_DST_MODE = 0, DUAL_DST_SPLIT_M, DUAL_DST_SPLIT_N, RESERVED };
namespace Impl::Detail {
enum class MatmulTriangle : uint8_t { kNone, kUpper, kLower };
template <class INPUT_TYPE, class TRANS_TYPE> struct MatmulInputAType;
template <class INPUT_TYPE, class TRANS_TYPE> struct MatmulInputBType;
// CANN's copy modules (declared only, as the module classes below): a policy names its own,
// given a copy functor template (ops-nn's cmct MatmulPolicyCustom), or the default's members.
template <typename IMPL, class INPUT_TYPE, const auto& MM_CFG, typename = void,
          template <class IN_TYPE, const auto& COPY_CFG> class...>
class CopyCubeIn;
template <typename IMPL, class A_TYPE, class B_TYPE, class C_TYPE, const auto& MM_CFG,
          McgShfMode FIXPIPE_MODE = McgShfMode::SINGLE_DST_MODE, typename = void,
          template <class INPUT_TYPE, class OUTPUT_TYPE, typename T = void> class...>
class CopyCubeOut;
template <const auto& MM_CFG, typename IMPL = void, typename A_TYPE = void, typename B_TYPE = void, typename C_TYPE = void,
          typename BIAS_TYPE = void>
struct MatmulPolicy {
  static constexpr MatmulTriangle kTriangle = MatmulTriangle::kNone;
  static constexpr bool kSplitM = false;
  using CopyCubeInA = CopyCubeIn<IMPL, MatmulInputAType<A_TYPE, void>, MM_CFG>;
  using CopyCubeInB = CopyCubeIn<IMPL, MatmulInputBType<B_TYPE, void>, MM_CFG>;
  using CopyCubeOut = Impl::Detail::CopyCubeOut<IMPL, A_TYPE, B_TYPE, C_TYPE, MM_CFG>;
};
template <const auto& MM_CFG, typename IMPL = void, typename A_TYPE = void, typename B_TYPE = void, typename C_TYPE = void,
          typename BIAS_TYPE = void>
struct SplitMMatmulPolicy : MatmulPolicy<MM_CFG, IMPL, A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE> {
  static constexpr bool kSplitM = true;
};
template <const auto& MM_CFG, typename IMPL = void, typename A_TYPE = void, typename B_TYPE = void, typename C_TYPE = void,
          typename BIAS_TYPE = void>
struct TrianUpperMatmulPolicy : MatmulPolicy<MM_CFG, IMPL, A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE> {
  static constexpr MatmulTriangle kTriangle = MatmulTriangle::kUpper;
};
template <const auto& MM_CFG, typename IMPL = void, typename A_TYPE = void, typename B_TYPE = void, typename C_TYPE = void,
          typename BIAS_TYPE = void>
struct TrianLowerMatmulPolicy : MatmulPolicy<MM_CFG, IMPL, A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE> {
  static constexpr MatmulTriangle kTriangle = MatmulTriangle::kLower;
};
template <const auto& MM_CFG, typename IMPL = void, typename A_TYPE = void, typename B_TYPE = void, typename C_TYPE = void,
          typename BIAS_TYPE = void>
struct NBuffer33MatmulPolicy : MatmulPolicy<MM_CFG, IMPL, A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE> {};
// MxMatmul: A and B are MatmulTypeWithScale (what the simulated Matmul goes by).
template <const auto& MM_CFG, typename IMPL = void, typename A_TYPE = void, typename B_TYPE = void, typename C_TYPE = void,
          typename BIAS_TYPE = void>
struct MatmulWithScalePolicy : MatmulPolicy<MM_CFG, IMPL, A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE> {};

// CANN builds its Matmul of modules (CopyCubeInA, CubeInBufferA, CopyCubeOut, a Context, ...) and
// a policy derived from MatmulPolicy may replace them with classes of its own, which reach the
// others through MATMUL_USE_MODULE / MATMUL_MODULE (ops-transformer's MLA attention and ops-nn's
// Ascend 950 matmuls bring such policies: L1 caching across calls, split copies out). Here the
// Matmul is one piece: such a policy's module classes compile and are not used, and the product
// comes from the default schedule (what the modules change is where and when blocks move, not
// the result).
enum class InputTypeTag : uint8_t { A, B, C, bias, scaleA, scaleB };
// CANN's Matmul internals such module classes name (declared only: never instantiated here).
template <class A_TYPE, class C_TYPE, const auto& MM_CFG, auto PARAMS_TYPE> class FixpipeParamsUtil;
template <const auto& MM_CFG> struct MatmulFeatureTrait;
template <class INPUT_TYPE, class TRANS_TYPE> struct MatmulInputAType : INPUT_TYPE {
  static constexpr InputTypeTag TAG = InputTypeTag::A;
  using TRANS_T = TRANS_TYPE;
};
template <class INPUT_TYPE, class TRANS_TYPE> struct MatmulInputBType : INPUT_TYPE {
  static constexpr InputTypeTag TAG = InputTypeTag::B;
  using TRANS_T = TRANS_TYPE;
};
template <class INPUT_TYPE, class TRANS_TYPE> struct MatmulInputCType : INPUT_TYPE {
  static constexpr InputTypeTag TAG = InputTypeTag::C;
  using TRANS_T = TRANS_TYPE;
};
}  // namespace Impl::Detail
// CANN declares these in namespace AscendC (policies name AscendC::MatmulInputAType).
using Impl::Detail::InputTypeTag;
using Impl::Detail::MatmulInputAType;
using Impl::Detail::MatmulInputBType;
using Impl::Detail::MatmulInputCType;
// A module's handle to another (NAME): only a module class a policy brings spells these, and
// none is instantiated here.
#define MATMUL_USE_MODULE(NAME) \
  __aicore__ inline auto SkMatmulModule_##NAME() { return static_cast<typename IMPL::NAME*>(nullptr); }
#define MATMUL_USE_MODULE_ON(NAME, ...) MATMUL_USE_MODULE(NAME)
#define MATMUL_MODULE(NAME) SkMatmulModule_##NAME()

namespace detail {
// Where the matmul of one block reads and writes, and how (one request of an AIV client, or the
// AIC's own state).
struct MatmulJob {
  uint64_t a = 0, b = 0, bias = 0, quantVector = 0, sparseIndex = 0;  // GM addresses
  int32_t orgM = 0, orgN = 0, orgKa = 0, orgKb = 0, orgKc = 0;
  int32_t singleM = 0, singleN = 0, singleK = 0;
  uint8_t transA = 0, transB = 0, hasBias = 0, quantMode = 0;
  uint64_t quantScalar = 0;
  // A / B are dense single-core matrices, read with the single-core sizes as row pitches: an
  // AIV's UB (VECOUT) tensor copied verbatim to GM, or one batch of IterateBatch.
  // 2: an ND UB tensor whose rows are padded to 32 bytes (Ascend 950, where CANN moves UB to L1
  // with ND2NZ at aligned pitches).
  uint8_t aDense = 0, bDense = 0;
  uint8_t aL1 = 0, bL1 = 0, biasL1 = 0;  // A / B / the bias are TSCM tensors in this AIC's L1 (addresses a, b, bias)
  // MxMatmul's scales (SetTensorScaleA/B), whether they are given transposed, and whether they
  // are TSCM tensors in this AIC's L1 (as NZ: 16 x 2 fractals) rather than ND in GM.
  uint64_t scaleA = 0, scaleB = 0;
  uint8_t transScaleA = 0, transScaleB = 0;
  uint8_t scaleAL1 = 0, scaleBL1 = 0;
};
// One IterateBatch call (NORMAL layout): max(batchA, batchB) products, A's and B's batches
// broadcast in blocks; matrixStride 0 = the batches packed.
struct MatmulBatch {
  uint32_t batchA = 0, batchB = 0, strideA = 0, strideB = 0, strideC = 0;
  uint8_t sequential = 0, partial = 0, enAtomic = 0, biasBatch = 1;
};
inline uint32_t ceilTo(uint32_t v, uint32_t unit) { return (v + unit - 1) / unit * unit; }
// A matrix's B, S, N, G, D axes from the tiling (SetALayout / SetBLayout / SetCLayout, or
// SetBatchInfoForNormal; C's S and D are S1 and S2).
struct BatchAxes {
  uint32_t b, s, n, g, d;
};
inline BatchAxes batchAxesA(const TCubeTiling& t) {
  return {(uint32_t)t.ALayoutInfoB, (uint32_t)t.ALayoutInfoS, (uint32_t)t.ALayoutInfoN, (uint32_t)t.ALayoutInfoG, (uint32_t)t.ALayoutInfoD};
}
inline BatchAxes batchAxesB(const TCubeTiling& t) {
  return {(uint32_t)t.BLayoutInfoB, (uint32_t)t.BLayoutInfoS, (uint32_t)t.BLayoutInfoN, (uint32_t)t.BLayoutInfoG, (uint32_t)t.BLayoutInfoD};
}
inline BatchAxes batchAxesC(const TCubeTiling& t) {
  return {(uint32_t)t.CLayoutInfoB, (uint32_t)t.CLayoutInfoS1, (uint32_t)t.CLayoutInfoN, (uint32_t)t.CLayoutInfoG, (uint32_t)t.CLayoutInfoS2};
}
// One operand of IterateBatch: which of its `own` batches batch i of the call reads, where that
// batch starts (elements) and its row pitch. h x w is one batch's stored matrix (rows x columns).
struct BatchOperand {
  LayoutMode layout;
  uint32_t own, stride;
  uint64_t h, w;
  BatchAxes self, other;
  char name;
  bool Rows() const { return layout == LayoutMode::BSNGD || layout == LayoutMode::SBNGD; }
  void Check() const {
    if (Rows() && (!self.b || !self.n || !self.g || !self.d))
      ::sk_trapf(3, "Matmul::IterateBatch: %c's layout is %s but the tiling's %cLayoutInfo B/N/G/D are %u/%u/%u/%u: set them "
                 "with Set%cLayout in the host tiling", name, layout == LayoutMode::BSNGD ? "BSNGD" : "SBNGD", name, self.b,
                 self.n, self.g, self.d, name);
  }
  // (A and B.) NORMAL: `batches / own` consecutive batches share one; the other layouts
  // broadcast along the first axis (G, N, B) where this operand has extent 1 and the other not.
  uint32_t Batch(uint32_t i, uint32_t batches) const {
    if (layout == LayoutMode::NORMAL) return i / (batches / own);
    if (self.g == 1 && other.g != 1) return i / other.g;
    if (self.n == 1 && other.n != 1) return i % other.g + i / (other.g * other.n);
    if (self.b == 1 && other.b != 1) return i % (other.g * other.n) + i / (other.g * other.n * other.b);
    return i;
  }
  uint64_t Offset(uint64_t x) const {
    if (stride) return x * stride;
    if (layout == LayoutMode::SBNGD) return x * w;
    if (layout == LayoutMode::BSNGD) {  // side by side within a row of N x G batches, then the next B
      uint64_t ng = (uint64_t)self.n * self.g;
      return x / ng * ng * h * w + x % ng * w;
    }
    return x * h * w;
  }
  uint32_t Pitch() const {
    if (layout == LayoutMode::BSNGD) return self.d * self.n * self.g;
    if (layout == LayoutMode::SBNGD) return self.d * self.n * self.g * self.b;
    return (uint32_t)w;
  }
};
// Where loop l of IterateNBatch starts in an operand (elements): l x `batches` batches on.
inline uint64_t nBatchOffset(LayoutMode layout, uint32_t batches, uint32_t l, const BatchAxes& x) {
  uint64_t first = (uint64_t)l * batches;
  if (layout == LayoutMode::SBNGD) return first * x.d;
  if (layout == LayoutMode::BSNGD) {
    uint64_t ng = (uint64_t)x.n * x.g;
    return first / ng * x.d * x.s * ng + first % ng * x.d;
  }
  return first * x.d * x.s;
}
// The i-th block (bm, bn) in the Norm schedule's order: windows of stepM x stepN blocks; ORDER_M
// walks the windows down each strip of stepN columns (m outer, n inner inside a window),
// ORDER_N the mirror image.
inline void blockOf(uint32_t i, uint32_t blocksM, uint32_t blocksN, bool orderN, int32_t stepM, int32_t stepN, uint32_t& bm,
                    uint32_t& bn) {
  uint32_t outerIter = orderN ? blocksM : blocksN, innerIter = orderN ? blocksN : blocksM;
  uint32_t outerStep = std::max(1, orderN ? stepM : stepN), innerStep = std::max(1, orderN ? stepN : stepM);
  uint32_t strip = i / (innerIter * outerStep), rest = i % (innerIter * outerStep);
  uint32_t outerCount = std::min(outerStep, outerIter - strip * outerStep);
  uint32_t window = rest / (innerStep * outerCount), inWindow = rest % (innerStep * outerCount);
  uint32_t inner = window * innerStep + inWindow / outerCount, outer = strip * outerStep + inWindow % outerCount;
  bm = orderN ? outer : inner;
  bn = orderN ? inner : outer;
}
// The L0A, L0B and L0C every Matmul object of a core computes in, in turn, as the hardware's
// objects share them (two objects' double buffers need not fit side by side): the first
// object's Init takes what the pipe has left of each; a half's release token is the last pipe
// op that read it.
struct MatmulL0Share {
  uint8_t *a2 = nullptr, *b2 = nullptr, *c1 = nullptr;
  uint64_t a2Bytes = 0, b2Bytes = 0, c1Bytes = 0;
  uint64_t free[2] = {}, cFree[2] = {};  // L0A/L0B halves: their last Mmad; L0C halves: their last Fixpipe
  uint32_t next = 0;                     // the L0A/L0B half in use
  const void *user = nullptr, *cUser = nullptr;  // the objects that used L0A/L0B and L0C last
};
inline uint8_t* carveRest(int32_t mem, uint64_t& bytes) {
  // the rest up to carve's own limit, the physical memory
  uint64_t at = (arenaUsed(mem) + alignOf(mem) - 1) / alignOf(mem) * alignOf(mem), size = ::sk_local_physical_size(mem);
  bytes = size > at ? (size - at) / 512 * 512 : 0;
  return carve(mem, bytes, "Matmul::Init");
}
}  // namespace detail

// The cube side: computes the blocks of one single-core C on this AIC. Its buffers ping-pong:
// two of each in L1 (A, B), L0A, L0B (when the tiling double-buffers them) and L0C, handed from
// pipe to pipe by completion tokens (sk_pipe_done / sk_pipe_wait), so MTE2, MTE1, M and FIX
// overlap as on the hardware, with little scalar code per K step.
template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE> class MatmulCube {
 public:
  using SrcT = typename A_TYPE::T;
  using DstT = typename C_TYPE::T;
  using BiasT = typename BIAS_TYPE::T;
  using L0cT = typename GetMmDstType<SrcT>::Type;
  // B's element type is A's, but for Ascend 950's fp8, where e4m3 and e5m2 pair either way (B's
  // bytes then move as A's).
  using BSrcT = typename B_TYPE::T;
  static_assert(std::is_same_v<BSrcT, SrcT> || (detail::isFp8<SrcT>() && detail::isFp8<BSrcT>()) ||
                    (detail::isFp4<SrcT>() && detail::isFp4<BSrcT>()),
                "Matmul: B's element type must be A's (fp8_e4m3fn_t and fp8_e5m2_t may pair, as may the two fp4 types)");
  // C at CO1: the caller's L0C tensor takes each block (Iterate(enPartialSum, tensor)); the
  // object keeps no L0C of its own.
  static constexpr bool kCo1 = C_TYPE::pos == TPosition::CO1;
  // int4b_t: two to a byte; the MTE instructions move its pairs as bytes, so an Nd2Nz counts
  // them along a row (Units) and a 32-byte block holds C0 = 64 of them.
  static constexpr bool kInt4 = SizeOfBits<SrcT>::value == 4;
  static constexpr uint32_t kC0 = 256 / SizeOfBits<SrcT>::value;
  __aicore__ static constexpr uint64_t Units(uint64_t elements) { return kInt4 ? elements / 2 : elements; }
  __aicore__ static const uint8_t* At(uint64_t base, uint64_t element) {
    return (const uint8_t*)base + detail::bytesOf<SrcT>(element);
  }
  // Operands stored in GM as NZ (fractals of 16 rows x C0, column blocks of rows padded to 16).
  static constexpr bool kANz = A_TYPE::format == CubeFormat::NZ;
  static constexpr bool kBNz = B_TYPE::format == CubeFormat::NZ;
  static constexpr bool kCNz = C_TYPE::format == CubeFormat::NZ;
  static constexpr bool kSparse = detail::kIsSparse<B_TYPE>;
  // MxMatmul (MatmulTypeWithScale A and B): every step's scales go to L0A_MX / L0B_MX and the
  // cube runs MmadMx.
  static constexpr bool kMx = detail::kHasScale<A_TYPE>;
  static_assert(kMx == detail::kHasScale<B_TYPE>, "Matmul: A and B are both MatmulTypeWithScale (MxMatmul) or neither");
  static_assert(!kMx || (detail::isMxOperand<SrcT>() && detail::isMxOperand<typename B_TYPE::T>()),
                "MxMatmul: A and B are fp8_e4m3fn_t / fp8_e5m2_t or fp4x2_e2m1_t / fp4x2_e1m2_t");
  static_assert(!kSparse || (std::is_same_v<SrcT, int8_t> && (B_TYPE::format == CubeFormat::ND || kBNz) &&
                             B_TYPE::pos == TPosition::GM && detail::indexPositionOf<B_TYPE>() == TPosition::GM),
                "SparseMatmulType: an int8_t B in ND or NZ in GM, its index matrix in GM");
  // A and B handed over in L1 (TSCM, or as CANN's weight-quant kernels declare them, A1 / B1).
  static constexpr bool kAInL1 = A_TYPE::pos == TPosition::TSCM || A_TYPE::pos == TPosition::A1;
  static constexpr bool kBInL1 = B_TYPE::pos == TPosition::TSCM || B_TYPE::pos == TPosition::B1;
#if defined(__NPU_ARCH__) && __NPU_ARCH__ == 3510
  static constexpr bool kL0aNz = true;  // Ascend 950's Mmad reads A in Nz
#else
  static constexpr bool kL0aNz = false;
#endif

  // multiDataLoad: the MDL template's K packets (PackSteps).
  __aicore__ void Init(const TCubeTiling* tiling, TPipe* pipe, bool multiDataLoad = false) {
    ReclaimBuffers();
    t_ = *tiling;
    if (t_.baseM <= 0 || t_.baseN <= 0 || t_.baseK <= 0 || t_.baseM % 16 || t_.baseN % 16)
      ::sk_trapf(3, "Matmul::Init: tiling baseM %d, baseN %d, baseK %d: each must be positive, baseM and baseN multiples of 16",
                 t_.baseM, t_.baseN, t_.baseK);
    if (!pipe) pipe = GetTPipePtr();
    uint32_t kPad = detail::ceilTo(t_.baseK, 16 > kC0 ? 16 : kC0);
    aBytes_ = detail::ceilTo(detail::bytesOf<SrcT>(t_.baseM * kPad), 512);
    bBytes_ = detail::ceilTo(detail::bytesOf<SrcT>(kPad * NL0(t_.baseN)), 512);
    cBytes_ = detail::ceilTo(t_.baseM * NL0(t_.baseN) * sizeof(L0cT), 1024);
    l0Buffers_ = t_.dbL0A > 1 && t_.dbL0B > 1 ? 2 : 1;
    c1Buffers_ = t_.dbL0C > 1 ? 2 : 1;
    packA_ = PackSteps(multiDataLoad && !kANz, t_.stepKa, t_.depthA1);
    packB_ = PackSteps(multiDataLoad && !kBNz && !kSparse, t_.stepKb, t_.depthB1);
    aSlots_ = packA_ > 1 && t_.depthA1 < 2 * t_.stepKa ? 1 : 2;
    bSlots_ = packB_ > 1 && t_.depthB1 < 2 * t_.stepKb ? 1 : 2;
    pipe->InitBuffer(a1_, aSlots_ * packA_ * aBytes_);
    pipe->InitBuffer(b1_, bSlots_ * packB_ * bBytes_);
    for (uint32_t i = 0; i < 2; ++i) {
      a1Slot_[i] = a1_.template Get<uint8_t>().HostPtr() + i % aSlots_ * packA_ * aBytes_;
      b1Slot_[i] = b1_.template Get<uint8_t>().HostPtr() + i % bSlots_ * packB_ * bBytes_;
    }
    ShareL0();
    if (t_.isBias) {
      // Whole bias-table units, widened (a half bias's last unit fills twice its bytes there).
      uint32_t bytes = detail::ceilTo(NL0(t_.baseN) * sizeof(L0cT), 2 * detail::kBiasTableUnit);
      pipe->InitBuffer(biasL1_, bytes);
      pipe->InitBuffer(biasBt_, bytes);
    }
    if constexpr (std::is_same_v<L0cT, int32_t>) pipe->InitBuffer(scaleL1_, t_.baseN * sizeof(uint64_t));
    if constexpr (kSparse) pipe->InitBuffer(index1_, 2 * bBytes_ / 4);
    if constexpr (kMx) {
      // One step's scales of A and B as 16 x 2 fractals; zeroed once, so rows past a block's
      // last never hold a NaN scale.
      mxScaleBytes_ = (uint32_t)detail::ceilTo(t_.baseM, 16) * (uint32_t)detail::ceilTo(t_.baseK, 64) / 32;
      uint32_t bytes = mxScaleBytes_ + (uint32_t)detail::ceilTo(NL0(t_.baseN), 16) * (uint32_t)detail::ceilTo(t_.baseK, 64) / 32;
      pipe->InitBuffer(mxL1_, bytes);
      ::sk_local_fill(mxL1_.template Get<uint8_t>().HostPtr(), SK_DT_UINT16, 0, 1, bytes / 32, 0, 32);
      mxL1Free_ = std::max(::sk_pipe_done(SK_PIPE_MTE1), ::sk_pipe_done(SK_PIPE_MTE2));  // the fill's pipe is the arch's
    }
    for (int32_t m = 0; m < SK_MEM_COUNT; ++m) arenaEnd_[m] = detail::arenaUsed(m);
    next_ = 0;
  }
  // Init may come again with another tiling ("Init ... can be called several times to reset the
  // tiling", the Init page): the object's buffers are then laid out anew, in the room they had
  // when nothing was set up after them, else after what was.
  __aicore__ void ReclaimBuffers() {
    for (int32_t m = 0; m < SK_MEM_COUNT; ++m) {
      if (t_.baseM != 0 && detail::arenaUsed(m) == arenaEnd_[m]) detail::arenaUsed(m) = arenaStart_[m];
      arenaStart_[m] = detail::arenaUsed(m);
    }
  }
  // The MDL template moves A and B from GM to L1 in packets of stepKa (stepKb) baseK steps, one
  // MTE2 transfer each (DK Matmul高阶API使能MDL模板.md): fewer, larger transfers whose rows
  // (stepKa x baseK elements of A, say) span whole GM requests where a step's own rows would
  // not. Two packets in L1 when the tiling's depth holds two (depthA1 >= 2 stepKa), else one.
  // 2-byte operands in ND have them; other forms (int8, int4, float, NZ, sparse) move a step
  // at a time, through two buffers.
  __aicore__ uint32_t PackSteps(bool multiDataLoad, int32_t steps, int32_t depth) const {
    bool packable = multiDataLoad && sizeof(SrcT) == 2 && t_.baseK % 16 == 0 && steps > 1 && depth >= steps;
    return packable ? (uint32_t)steps : 1;
  }
  // A MIX kernel's AIC: the pipe to take L1 room from for moving staged blocks on to GM
  // (GetTensorC of an AIV), on first use and in rows of a small buffer: the hardware's AIC
  // writes GM itself, so a tiling may give A and B the whole L1.
  __aicore__ void InitBounce(TPipe* pipe) { bouncePipe_ = pipe; }
  __aicore__ const TCubeTiling* Tiling() const { return t_.baseM ? &t_ : nullptr; }
  __aicore__ void SetTriangle(Impl::Detail::MatmulTriangle t) { triangle_ = t; }
  // A float NZ C in 16 x 8 fractals (MatmulConfig.isEnableChannelSplit).
  __aicore__ void SetChannelSplit(bool split) { channelSplit_ = split; }
  // Joins the core's shared L0A/L0B/L0C (creates them when this is the first object), checking
  // this tiling's A, B and C blocks (double-buffered or not) fit.
  __aicore__ void ShareL0() {
    uint64_t& published = detail::coreState(detail::kStateMatmulL0);
    if (!published) {
      ownShare_ = detail::MatmulL0Share{};
      ownShare_.a2 = detail::carveRest(SK_MEM_L0A, ownShare_.a2Bytes);
      ownShare_.b2 = detail::carveRest(SK_MEM_L0B, ownShare_.b2Bytes);
      published = (uint64_t)&ownShare_;
    }
    l0Share_ = (detail::MatmulL0Share*)published;
    if (!kCo1 && !l0Share_->c1) l0Share_->c1 = detail::carveRest(SK_MEM_L0C, l0Share_->c1Bytes);
    if ((uint64_t)l0Buffers_ * aBytes_ > l0Share_->a2Bytes || (uint64_t)l0Buffers_ * bBytes_ > l0Share_->b2Bytes ||
        (!kCo1 && (uint64_t)c1Buffers_ * cBytes_ > l0Share_->c1Bytes))
      ::sk_trapf(2, "Matmul::Init: %u x %u bytes of L0A, %u x %u of L0B and %u x %u of L0C requested; the Matmul objects of "
                 "this core share %llu, %llu and %llu (what the pipe had left): shrink baseM, baseN or baseK",
                 l0Buffers_, aBytes_, l0Buffers_, bBytes_, c1Buffers_, cBytes_, (unsigned long long)l0Share_->a2Bytes,
                 (unsigned long long)l0Share_->b2Bytes, (unsigned long long)l0Share_->c1Bytes);
  }
  __aicore__ ~MatmulCube() {
    if (detail::coreState(detail::kStateMatmulL0) == (uint64_t)&ownShare_) detail::coreState(detail::kStateMatmulL0) = 0;
  }
  // The compile-time config's iterate order, when it names one, overrides the tiling's.
  __aicore__ void SetIterateOrder(IterateOrder order) {
    if (order != IterateOrder::UNDEF) t_.iterateOrder = order == IterateOrder::ORDER_N ? 1 : 0;
  }
  // What to multiply from now on, from block `next` on.
  __aicore__ void SetJob(const detail::MatmulJob& j, uint32_t next = 0) {
    job_ = j;
    next_ = next;
  }
  __aicore__ uint32_t Next() const { return next_; }
  __aicore__ void Restart() { next_ = 0; }

  // Computes the next block of the single-core C into L0C; false when every block is done.
  // partialSum (Iterate(enPartialSum)): the block is added to what the Iterate before left in
  // L0C (same buffer, every K step accumulates, no bias), as CANN does for K split over
  // SetTensorA/B calls; the doc allows it only when the single-core C is one block.
  // userC1 (C at CO1): the block goes to that L0C tensor of userC1Bytes, in Nz, instead.
  __aicore__ bool Iterate(bool partialSum = false, uint8_t* userC1 = nullptr, uint64_t userC1Bytes = 0) {
    if (t_.baseM == 0) ::sk_trap(3, "Matmul: the object has no tiling: pass one to REGIST_MATMUL_OBJ or Init");
    if (kCo1 != (userC1 != nullptr))
      ::sk_trap(3, kCo1 ? "Matmul: C is at CO1: pass Iterate the L0C tensor each block goes to (Iterate(enPartialSum, tensor))"
                        : "Matmul::Iterate into an L0C tensor needs C's MatmulType at TPosition::CO1");
    if (A_TYPE::format == CubeFormat::VECTOR && job_.singleM != 1)  // GEMV: A is one row, read as ND
      ::sk_trapf(3, "Matmul: A is a CubeFormat::VECTOR (GEMV), so the single-core M must be 1, not %d", job_.singleM);
    uint32_t blocksM = (job_.singleM + t_.baseM - 1) / t_.baseM, blocksN = (job_.singleN + t_.baseN - 1) / t_.baseN;
    uint32_t prevM = curM_, prevN = curN_;
    do {  // (a triangular policy passes over the blocks on the other side of the diagonal)
      if (next_ >= blocksM * blocksN) return false;
      BlockOf(next_++, blocksM, blocksN);
    } while ((triangle_ == Impl::Detail::MatmulTriangle::kUpper && bm_ > bn_) ||
             (triangle_ == Impl::Detail::MatmulTriangle::kLower && bm_ < bn_));
    curM_ = std::min<uint32_t>(t_.baseM, job_.singleM - bm_ * t_.baseM);
    curN_ = std::min<uint32_t>(t_.baseN, job_.singleN - bn_ * t_.baseN);
    if (partialSum) {
      if (blocksM * blocksN != 1)
        ::sk_trapf(3, "Matmul::Iterate(enPartialSum): the single-core C (%d x %d) must be one base block (%d x %d)",
                   job_.singleM, job_.singleN, t_.baseM, t_.baseN);
      if (!hasSum_) ::sk_trap(3, "Matmul::Iterate(enPartialSum): no Iterate before left a sum in L0C to add to");
      if (prevM != curM_ || prevN != curN_)
        ::sk_trapf(3, "Matmul::Iterate(enPartialSum): the block (%u x %u) differs from the sum in L0C (%u x %u)", curM_, curN_,
                   prevM, prevN);
      if (!userC1 && l0Share_->cUser != this)
        ::sk_trap(3, "Matmul::Iterate(enPartialSum): another Matmul object computed in L0C since, the sum is gone");
    } else {
      c_ = (c_ + 1) % c1Buffers_;
    }
    detail::MatmulL0Share& l0 = *l0Share_;
    if (userC1) {  // the caller's queue orders its tensor's Fixpipe after these Mmads
      uint64_t need = (uint64_t)detail::ceilTo(curM_, 16) * NL0(curN_) * sizeof(L0cT);
      if (need > userC1Bytes)
        ::sk_trapf(3, "Matmul::Iterate: the %u x %u block needs %llu bytes of L0C in Nz; the CO1 tensor has %llu", curM_, curN_,
                   (unsigned long long)need, (unsigned long long)userC1Bytes);
      c1_ = userC1;
    } else {
      if (l0.cUser != this) {  // another object computed in L0C last: wait until its blocks are out
        ::sk_pipe_wait(SK_PIPE_M, std::max(l0.cFree[0], l0.cFree[1]));
        l0.cUser = this;
      }
      ::sk_pipe_wait(SK_PIPE_M, l0.cFree[c_]);  // the Fixpipe of the block before in this buffer
      c1_ = l0.c1 + c_ * cBytes_;
    }
    if (job_.hasBias && !partialSum) LoadBias();
    for (uint32_t k = 0; k < (uint32_t)job_.singleK; k += t_.baseK)
      Step(k, std::min<uint32_t>(t_.baseK, job_.singleK - k), k == 0 && !partialSum);
    cReady_ = ::sk_pipe_done(SK_PIPE_M);
    hasSum_ = true;
    return true;
  }

  // The last block out of L0C into GM: at its place in the single-core C (row pitch orgN),
  // or, sequentially, as a dense block (rows sequentialPitch, or curN, apart).
  __aicore__ void GetTensorC(__gm__ DstT* c, uint8_t enAtomic, bool sequential, uint32_t sequentialPitch = 0) {
    uint32_t pitch = sequential ? (sequentialPitch ? sequentialPitch : curN_) : (job_.orgKc ? job_.orgKc : job_.orgN);
    if (C_TYPE::format == CubeFormat::ND_ALIGN && !sequential) pitch = detail::ceilTo(pitch, 32 / sizeof(DstT));
    bool nz = kCNz && !sequentialPitch;  // staged blocks (MIX) are always ND
    FixpipeParamsV220 p(curN_, curM_, detail::ceilTo(curM_, 16), pitch, false);
    p.quantPre = QuantOf();
    p.deqScalar = job_.quantScalar;
    __gm__ DstT* dst = sequential ? c : c + (uint64_t)bm_ * t_.baseM * p.dstStride + bn_ * t_.baseN;
    int32_t layout = nz ? SK_FIXPIPE_NZ : SK_FIXPIPE_ND;
    if constexpr (C_TYPE::format == CubeFormat::COLUMN_MAJOR) {  // column by column: orgM elements apart
      if (sequential) ::sk_trap(3, "Matmul: a COLUMN_MAJOR C is written at its place (IterateAll / GetTensorC(gm) with enSequentialWrite false)");
      p.dstStride = job_.orgM;
      dst = c + (uint64_t)bn_ * t_.baseN * p.dstStride + bm_ * t_.baseM;
      layout = SK_FIXPIPE_DN;
    }
    if (nz) {  // C's NZ: 16-wide (channel split: 8) column blocks of rows padded to 16 (the block's rows, sequentially)
      uint32_t rows = sequential ? detail::ceilTo(curM_, 16) : detail::ceilTo(job_.orgM, 16), c0 = channelSplit_ ? 8 : 16;
      p.dstStride = rows * c0 * sizeof(DstT) / 32;
      p.isChannelSplit = channelSplit_;
      dst = sequential ? c : c + ((uint64_t)bn_ * t_.baseN / c0 * rows + bm_ * t_.baseM) * c0;
    }
    ::sk_pipe_wait(SK_PIPE_FIX, cReady_);
    SetAtomic(enAtomic);
    const L0cT* src = (const L0cT*)(l0Share_->c1 + c_ * cBytes_);
    if (p.quantPre == QuantMode_t::VDEQF16) {
      LocalTensor<uint64_t> scale = scaleL1_.template Get<uint64_t>();
      ::sk_data_copy_2d(scale.HostPtr(), (const uint64_t*)job_.quantVector + bn_ * t_.baseN, 1,
                        detail::ceilTo(curN_ * 8, 32), 0, 0);
      ::sk_pipe_wait(SK_PIPE_FIX, ::sk_pipe_done(SK_PIPE_MTE2));
      detail::fixpipe(dst, src, p, layout, scale.HostPtr());
    } else {
      detail::fixpipe(dst, src, p, layout, (const uint64_t*)nullptr);
    }
    SetAtomic(0);
    l0Share_->cFree[c_] = ::sk_pipe_done(SK_PIPE_FIX);
  }
  // A block staged in GM (rows `pitch` elements apart) on to its place in C, through L1.
  __aicore__ void CopyStaged(__gm__ DstT* c, const __gm__ DstT* staged, uint32_t pitch, uint8_t enAtomic, bool sequential) {
    constexpr uint32_t kBounceBytes = 16 * 1024;
    uint64_t row = (uint64_t)curN_ * sizeof(DstT);
    if (!bounceBytes_) {
      bounceBytes_ = detail::ceilTo(std::max<uint32_t>(kBounceBytes, (uint32_t)t_.baseN * sizeof(DstT)), 32);
      bouncePipe_->InitBuffer(bounceL1_, bounceBytes_);
    }
    LocalTensor<DstT> l1 = bounceL1_.template Get<DstT>();
    uint32_t dstPitch = sequential ? curN_ : (job_.orgKc ? job_.orgKc : job_.orgN);
    __gm__ DstT* dst = sequential ? c : c + (uint64_t)bm_ * t_.baseM * dstPitch + bn_ * t_.baseN;
    const uint32_t rowsPerCopy = (uint32_t)(bounceBytes_ / row);
    for (uint32_t r = 0; r < curM_; r += rowsPerCopy) {  // GM -> L1 (MTE2), L1 -> GM (MTE3)
      uint32_t rows = std::min(rowsPerCopy, curM_ - r);
      ::sk_data_copy_2d(l1.HostPtr(), staged + (uint64_t)r * pitch, rows, row, (uint64_t)pitch * sizeof(DstT), row);
      ::sk_pipe_wait(SK_PIPE_MTE3, ::sk_pipe_done(SK_PIPE_MTE2));
      SetAtomic(enAtomic);
      ::sk_data_copy_2d(dst + (uint64_t)r * dstPitch, l1.HostPtr(), rows, row, row, (uint64_t)dstPitch * sizeof(DstT));
      SetAtomic(0);
      ::sk_pipe_wait(SK_PIPE_MTE2, ::sk_pipe_done(SK_PIPE_MTE3));
    }
  }
  __aicore__ uint32_t BlockBytes() const { return (uint32_t)t_.baseM * t_.baseN * sizeof(DstT); }
  // IterateBatch into GM: for b < max(batchA, batchB), C's batch c(b) = A's a(b) x B's bb(b)
  // (+ bias), addressed as CANN's batch scheduler does (detail::BatchOperand): NORMAL and
  // BNGS1S2 batches are dense single-core matrices one after the other, BSNGD / SBNGD ones lie
  // side by side in rows N x G x D (x B) elements long; matrixStrideA/B override the distance
  // between batches. When C's G is 1 but A's or B's is not, the G products of one C batch are
  // summed into it atomically. The job's own A, B, C and bias are batch 0's.
  __aicore__ void IterateBatch(__gm__ DstT* c, const detail::MatmulBatch& bt) {
    if (!bt.batchA || !bt.batchB) ::sk_trapf(3, "Matmul::IterateBatch: batchA %u and batchB %u must be positive", bt.batchA, bt.batchB);
    uint32_t batches = std::max(bt.batchA, bt.batchB);
    if (batches % bt.batchA || batches % bt.batchB)
      ::sk_trapf(3, "Matmul::IterateBatch: batchA %u and batchB %u must divide one another", bt.batchA, bt.batchB);
    if (bt.sequential) ::sk_trap(3, "Matmul::IterateBatch into GM: enSequentialWrite must be false");
    if (bt.strideC) ::sk_trap(3, "Matmul::IterateBatch: matrixStrideC is reserved and must be 0");
    if (bt.partial) ::sk_trap(3, "Matmul::IterateBatch: enPartialSum is not simulated for batches");
    detail::MatmulJob base = job_;
    uint32_t m = base.singleM, n = base.singleN, k = base.singleK;
    detail::BatchAxes ax = detail::batchAxesA(t_), bx = detail::batchAxesB(t_), cx = detail::batchAxesC(t_);
    detail::BatchOperand a{A_TYPE::layout, bt.batchA, bt.strideA, base.transA ? k : m, base.transA ? m : k, ax, bx, 'A'};
    detail::BatchOperand b{B_TYPE::layout, bt.batchB, bt.strideB, base.transB ? n : k, base.transB ? k : n, bx, ax, 'B'};
    uint32_t cRows = kCNz ? detail::ceilTo(m, 16) : m, cCols = kCNz ? detail::ceilTo(n, 16) : n;  // an NZ C's batches: whole fractals
    detail::BatchOperand co{C_TYPE::layout, batches, 0, cRows, cCols, cx, cx, 'C'};
    a.Check(), b.Check(), co.Check();
    // C's G 1 under A's or B's G: that many products summed into each C batch (and its bias).
    bool layouts = A_TYPE::layout != LayoutMode::NORMAL;
    uint32_t reduceG = layouts && cx.g == 1 && (ax.g != 1 || bx.g != 1) ? std::max(ax.g, bx.g) : 1;
    if (layouts && reduceG == 1 && ((cx.n == 1 && (ax.n != 1 || bx.n != 1)) || (cx.b == 1 && (ax.b != 1 || bx.b != 1))))
      ::sk_trap(3, "Matmul::IterateBatch: C's layout has N or B 1 where A's or B's has more (a sum over N or B) - not simulated");
    uint32_t biasAlign = bt.biasBatch ? detail::ceilTo(n, 32 / sizeof(BiasT)) : 0;
    for (uint32_t i = 0; i < batches; ++i) {
      detail::MatmulJob j = base;
      uint32_t ci = i / reduceG;
      j.a = (uint64_t)At(base.a, a.Offset(a.Batch(i, batches)));
      j.b = (uint64_t)At(base.b, b.Offset(b.Batch(i, batches)));
      j.bias = base.bias + (uint64_t)biasAlign * ci * sizeof(BiasT);
      j.aDense = j.bDense = 0;
      j.orgM = base.transA ? a.Pitch() : m, j.orgKa = base.transA ? k : a.Pitch();
      j.orgN = base.transB ? n : b.Pitch(), j.orgKb = base.transB ? b.Pitch() : k;
      j.orgKc = co.Pitch();
      SetJob(j);
      while (Iterate()) GetTensorC(c + co.Offset(ci), reduceG > 1 ? 1 : bt.enAtomic, false);
    }
    job_ = base;
    next_ = 0;
  }
  __aicore__ uint32_t CurM() const { return curM_; }
  __aicore__ uint32_t CurN() const { return curN_; }

 private:
  __aicore__ void BlockOf(uint32_t i, uint32_t blocksM, uint32_t blocksN) {
    detail::blockOf(i, blocksM, blocksN, t_.iterateOrder == 1, t_.stepM, t_.stepN, bm_, bn_);
  }
  // The row pitches (org sizes) A and B are read with: the tiling's, or for a matrix an AIV
  // handed over from UB the single-core sizes (CANN's GetOrgHeight/GetOrgWidth for UB inputs).
  __aicore__ static uint32_t DensePitch(uint8_t dense, uint32_t single) { return dense == 2 ? detail::ceilTo(single, kC0) : single; }
  __aicore__ uint32_t AOrgM() const { return job_.aDense ? DensePitch(job_.aDense, job_.singleM) : job_.orgM; }
  __aicore__ uint32_t AOrgK() const { return job_.aDense ? DensePitch(job_.aDense, job_.singleK) : job_.orgKa; }
  __aicore__ uint32_t BOrgN() const { return job_.bDense ? DensePitch(job_.bDense, job_.singleN) : job_.orgN; }
  __aicore__ uint32_t BOrgK() const { return job_.bDense ? DensePitch(job_.bDense, job_.singleK) : job_.orgKb; }
  __aicore__ void SetAtomic(uint8_t enAtomic) {
    int32_t mode = enAtomic == 1 ? SK_ATOMIC_ADD : enAtomic == 2 ? SK_ATOMIC_MAX : enAtomic == 3 ? SK_ATOMIC_MIN : SK_ATOMIC_NONE;
    ::sk_set_atomic(mode, detail::dtypeOf<DstT>());
  }
  __aicore__ QuantMode_t QuantOf() const {
    if constexpr (std::is_same_v<L0cT, float>) {
      if constexpr (std::is_same_v<DstT, half>) return QuantMode_t::F322F16;
      if constexpr (std::is_same_v<DstT, bfloat16_t>) return QuantMode_t::F322BF16;
      return QuantMode_t::NoQuant;
    } else {
      if constexpr (std::is_same_v<DstT, half>) return job_.quantMode == 2 ? QuantMode_t::VDEQF16 : QuantMode_t::DEQF16;
      return QuantMode_t::NoQuant;
    }
  }

  // One baseK step: A and B blocks GM -> L1 (MTE2), L1 -> L0A/L0B (MTE1), Mmad (M).
  __aicore__ void Step(uint32_t k, uint32_t curK, bool first) {
    if constexpr (kInt4) {
      if ((AOrgK() | curK | (job_.transB ? BOrgK() : BOrgN() | curN_)) % 2)
        ::sk_trapf(3, "Matmul: int4b_t rows of odd length (K %u, N %u): they pack two values to a byte, so K (and a K x N "
                      "B's N) must be even", AOrgK(), BOrgN());
    }
    // A new packet at its first step (every step without packets), into the other L1 buffer.
    uint32_t inA = 0, inB = 0;  // the step's place in its packets
    if (packA_ > 1 || packB_ > 1) inA = k / t_.baseK % packA_, inB = k / t_.baseK % packB_;
    if (inA == 0) {
      aSlot_ = (aSlot_ + 1) % aSlots_;
      aPackK_ = std::min<uint32_t>(packA_ * t_.baseK, job_.singleK - k);
    }
    if (inB == 0) {
      bSlot_ = (bSlot_ + 1) % bSlots_;
      bPackK_ = std::min<uint32_t>(packB_ * t_.baseK, job_.singleK - k);
    }
    uint8_t *a1 = a1Slot_[aSlot_], *b1 = b1Slot_[bSlot_];
    bool copyA = inA == 0 && !job_.aL1, copyB = inB == 0 && !job_.bL1;
    if (copyA || copyB)  // the buffers they fill are free once MTE1 has read them last
      ::sk_pipe_wait(SK_PIPE_MTE2, std::max(copyA ? aFree_[aSlot_] : 0, copyB ? bFree_[bSlot_] : 0));
    if (copyA) CopyA(a1, k, aPackK_);
    uint8_t* index1 = nullptr;
    if constexpr (kSparse) index1 = index1_.template Get<uint8_t>().HostPtr() + bSlot_ * bBytes_ / 4;
    if (copyB) {
      if constexpr (kSparse) CopySparseB(b1, index1, k, curK);
      else CopyB(b1, k, bPackK_);
    }
    uint64_t l1Ready = ::sk_pipe_done(SK_PIPE_MTE2);
    detail::MatmulL0Share& l0 = *l0Share_;
    if (l0.user != this) {  // another object computed here last: both halves may hold its blocks
      ::sk_pipe_wait(SK_PIPE_MTE1, std::max(l0.free[0], l0.free[1]));
      l0.user = this, l0.next = 0;
    }
    uint32_t half = l0.next;
    l0.next = (l0.next + 1) % l0Buffers_;
    uint8_t* a2 = l0.a2 + half * aBytes_;
    uint8_t* b2 = l0.b2 + half * bBytes_;
    ::sk_pipe_wait(SK_PIPE_MTE1, l1Ready);
    ::sk_pipe_wait(SK_PIPE_MTE1, l0.free[half]);
    if (job_.aL1) LoadATscm(a2, k, curK);
    else LoadA(a2, a1, curK, inA * t_.baseK / 16, (aPackK_ + 15) / 16);
    if (job_.bL1) LoadBTscm(b2, k);
    else if constexpr (kSparse) LoadSparseB(b2, b1, index1, curK);
    else LoadB(b2, b1, curK, inB * t_.baseK / 16, (bPackK_ + 15) / 16);
    if constexpr (kMx) LoadMxScales(a2, b2, k, curK);
    uint64_t loaded = ::sk_pipe_done(SK_PIPE_MTE1);
    aFree_[aSlot_] = bFree_[bSlot_] = loaded;
    ::sk_pipe_wait(SK_PIPE_M, loaded);
    int32_t init = !first ? SK_MMAD_ACCUMULATE : job_.hasBias ? SK_MMAD_BIAS : SK_MMAD_ZERO;
    // One row is not a GEMV here: A sits in L0A in fractals like any other.
    void* bias = job_.hasBias ? biasBt_.template Get<L0cT>().HostPtr() : nullptr;
    if constexpr (kSparse) ::sk_mmad_sparse(c1_, a2, b2, bias, curM_, curK, curN_, init);
    else ::sk_mmad_mixed(c1_, a2, b2, bias, curM_, curK, job_.transB ? curN_ : NL0(curN_), detail::cubeDtypeOf<SrcT>(),
                         detail::cubeDtypeOf<BSrcT>(), init,
                         SK_MMAD_NO_GEMV | (kMx ? SK_MMAD_MX : 0) | (int32_t)detail::coreState(detail::kStateHf32));
    l0.free[half] = ::sk_pipe_done(SK_PIPE_M);
    if (init == SK_MMAD_BIAS) btFree_ = l0.free[half];  // the block's only read of the bias table
  }
  // MxMatmul: the scales of this step's rows of A and columns of B over [k, k + curK) (pairs of
  // scales, 64 elements of K each) from GM into L1 as 16 x 2 fractals, then into L0A_MX / L0B_MX at
  // a2's and b2's offsets / 16, where MmadMx reads them.
  __aicore__ void LoadMxScales(uint8_t* a2, uint8_t* b2, uint32_t k, uint32_t curK) {
    if (curK % 64)
      ::sk_trapf(3, "Matmul (MxMatmul): a K step of %u elements; MmadMx takes multiples of 64 (make K and baseK so)", curK);
    if (!job_.scaleA || !job_.scaleB) ::sk_trap(3, "Matmul (MxMatmul): SetTensorScaleA and SetTensorScaleB come before Iterate");
    uint32_t pairs = curK / 64, p0 = k / 64, nL0 = job_.transB ? curN_ : NL0(curN_);
    uint8_t* sa = mxL1_.template Get<uint8_t>().HostPtr();
    uint8_t* sb = sa + mxScaleBytes_;
    ::sk_pipe_wait(SK_PIPE_MTE2, mxL1Free_);  // the last step's scales have left L1
    if (!job_.scaleAL1)
      CopyScales(sa, job_.scaleA, job_.transScaleA, bm_ * t_.baseM, curM_, p0, pairs, job_.orgM, (job_.orgKa + 63) / 64);
    if (!job_.scaleBL1)
      CopyScales(sb, job_.scaleB, !job_.transScaleB, bn_ * t_.baseN, curN_, p0, pairs, job_.orgN, (job_.orgKb + 63) / 64);
    ::sk_pipe_wait(SK_PIPE_MTE1, ::sk_pipe_done(SK_PIPE_MTE2));
    uint32_t tscmPairs = (job_.singleK + 63) / 64;  // a TSCM scale matrix's pairs per row block
    if (job_.scaleAL1)
      ::sk_load_mx_scales(a2, (const void*)job_.scaleA, bm_ * t_.baseM / 16, p0, (curM_ + 15) / 16, pairs, tscmPairs, pairs);
    else
      ::sk_load_mx_scales(a2, sa, 0, 0, (curM_ + 15) / 16, pairs, pairs, pairs);
    if (job_.scaleBL1)
      ::sk_load_mx_scales(b2, (const void*)job_.scaleB, bn_ * t_.baseN / 16, p0, (nL0 + 15) / 16, pairs, tscmPairs, pairs);
    else
      ::sk_load_mx_scales(b2, sb, 0, 0, (nL0 + 15) / 16, pairs, pairs, pairs);
    mxL1Free_ = ::sk_pipe_done(SK_PIPE_MTE1);
  }
  // `rows` rows' `pairs` scale pairs (2 bytes each) from pair p0 of row r0: stored pair-major
  // (pairs x orgRows: scaleA transposed, scaleB not) through ND2NZ, row-major (orgRows x
  // pitchPairs) through DN2NZ; either way L1 gets the pairs x rows Nz MmadMx's fractals are.
  __aicore__ static void CopyScales(uint8_t* l1, uint64_t gm, bool pairMajor, uint32_t r0, uint32_t rows, uint32_t p0,
                                    uint32_t pairs, uint32_t orgRows, uint32_t pitchPairs) {
    sk_nd2nz p{};
    p.nd_num = 1, p.n_value = pairs, p.d_value = rows, p.dst_c0_stride = pairs, p.dst_n_stride = 1;
    uint64_t first = pairMajor ? (uint64_t)p0 * orgRows + r0 : (uint64_t)r0 * pitchPairs + p0;
    p.src_dn = !pairMajor, p.src_d_value = pairMajor ? orgRows : pitchPairs;
    ::sk_copy_nd2nz(l1, (const uint8_t*)gm + first * 2, 2, &p);
  }
  // A's block into L1. Not transposed: straight into the order L0A wants, so one LoadData moves
  // it: Zz (one Nz matrix of 16 rows per fractal row, ndNum of them), or on dav-3510 plain Nz.
  // Transposed (A stored K x M): as A^T's Nz.
  __aicore__ void CopyA(uint8_t* a1, uint32_t k, uint32_t curK) {
    if constexpr (kANz) return CopyANz(a1, k, curK);
    uint32_t m0 = bm_ * t_.baseM;
    sk_nd2nz p{};
    p.dst_n_stride = 1;
    if (job_.transA) {
      if constexpr (kInt4) ::sk_trap(3, "Matmul: an int4b_t A is not transposed (as on the hardware)");
      p.nd_num = 1, p.n_value = curK, p.d_value = curM_, p.src_d_value = AOrgM(), p.dst_c0_stride = detail::ceilTo(curK, 16);
      ::sk_copy_nd2nz(a1, At(job_.a, (uint64_t)k * AOrgM() + m0), sizeof(SrcT), &p);
      return;
    }
    uint32_t kFractals = (curK + kC0 - 1) / kC0;
    const uint8_t* src = At(job_.a, (uint64_t)m0 * AOrgK() + k);
    if (kL0aNz) {  // L0A takes A's Nz as it is
      p.nd_num = 1, p.n_value = curM_, p.d_value = Units(curK), p.src_d_value = Units(AOrgK()), p.dst_c0_stride = detail::ceilTo(curM_, 16);
      ::sk_copy_nd2nz(a1, src, sizeof(SrcT), &p);
      return;
    }
    p.nd_num = curM_ / 16, p.n_value = 16, p.d_value = Units(curK), p.src_d_value = Units(AOrgK()), p.dst_c0_stride = 16;
    p.src_matrix_stride = Units(16ull * AOrgK()), p.dst_matrix_stride = (uint64_t)kFractals * 512 / sizeof(SrcT);
    if (p.nd_num) ::sk_copy_nd2nz(a1, src, sizeof(SrcT), &p);
    if (curM_ % 16) {  // the last, partial fractal row
      uint32_t full = p.nd_num;
      p.nd_num = 1, p.n_value = curM_ % 16;
      ::sk_copy_nd2nz(a1 + (uint64_t)full * kFractals * 512, src + detail::bytesOf<SrcT>((uint64_t)full * 16 * AOrgK()),
                      sizeof(SrcT), &p);
    }
  }
  // An NZ operand's block is already fractals: whole 32-byte rows of `rows` (padded) rows per
  // column block, column blocks `srcRows` rows apart in GM, into an Nz block of L1.
  __aicore__ static void CopyNzBlock(uint8_t* l1, const uint8_t* first, uint32_t columnBlocks, uint32_t rows, uint32_t srcRows) {
    ::sk_data_copy_2d(l1, first, columnBlocks, rows * 32ull, srcRows * 32ull, rows * 32ull);
  }
  // A in NZ: rows M (padded to 16 in GM); the same L1 images as CopyA makes from ND (Zz order by
  // fractal rows, or Nz on dav-3510); transposed: A^T's Nz, rows K.
  __aicore__ void CopyANz(uint8_t* a1, uint32_t k, uint32_t curK) {
    uint32_t m0 = bm_ * t_.baseM, kFractals = (curK + kC0 - 1) / kC0, mRows = detail::ceilTo(curM_, 16);
    if (job_.transA) {  // A^T (K x M) in NZ: column blocks of 16 over M, K rows padded
      if constexpr (kInt4) ::sk_trap(3, "Matmul: a 4-bit A is not transposed (as on the hardware)");
      uint32_t kRows = detail::ceilTo(AOrgK(), 16);
      return CopyNzBlock(a1, At(job_.a, ((uint64_t)m0 / 16 * kRows + k) * 16), mRows / 16, detail::ceilTo(curK, 16), kRows);
    }
    uint32_t orgRows = detail::ceilTo(AOrgM(), 16);
    const uint8_t* first = At(job_.a, ((uint64_t)k / kC0 * orgRows + m0) * kC0);
    if (kL0aNz) return CopyNzBlock(a1, first, kFractals, mRows, orgRows);
    for (uint32_t i = 0; i < mRows / 16; ++i)  // one fractal row at a time: Zz
      CopyNzBlock(a1 + (uint64_t)i * kFractals * 512, first + (uint64_t)i * 16 * 32, kFractals, 16, orgRows);
  }
  // B's block into L1 Nz: B^T (stored N x K) makes Zn's order itself; B (K x N) needs its
  // fractals transposed on the way to L0B.
  __aicore__ void CopyB(uint8_t* b1, uint32_t k, uint32_t curK) {
    if constexpr (kBNz) {
      uint32_t n0 = bn_ * t_.baseN;
      if (job_.transB) {  // B^T (N x K) in NZ: column blocks of C0 over K, N rows padded
        uint32_t nRows = detail::ceilTo(BOrgN(), 16);
        return CopyNzBlock(b1, At(job_.b, ((uint64_t)k / kC0 * nRows + n0) * kC0), (curK + kC0 - 1) / kC0, detail::ceilTo(curN_, 16), nRows);
      }
      uint32_t kRows = detail::ceilTo(BOrgK(), 16);  // B (K x N): column blocks of C0 over N
      if constexpr (kC0 > 16) {  // int8 / 4-bit: C0-wide blocks, K rows padded to C0 in L1 (LoadB's squares)
        if (n0 % kC0)
          ::sk_trapf(3, "Matmul: an 8- or 4-bit K x N B in NZ needs baseN a multiple of %u (its column blocks), not %d", kC0, t_.baseN);
        ::sk_data_copy_2d(b1, At(job_.b, ((uint64_t)n0 / kC0 * kRows + k) * kC0), detail::ceilTo(curN_, kC0) / kC0,
                          detail::ceilTo(curK, 16) * 32ull, kRows * 32ull, detail::ceilTo(curK, kC0) * 32ull);
        return;
      }
      return CopyNzBlock(b1, At(job_.b, ((uint64_t)n0 / 16 * kRows + k) * 16), detail::ceilTo(curN_, 16) / 16, detail::ceilTo(curK, 16), kRows);
    }
    uint32_t n0 = bn_ * t_.baseN;
    sk_nd2nz p{};
    p.nd_num = 1, p.dst_n_stride = 1;
    if (job_.transB) {
      p.n_value = curN_, p.d_value = Units(curK), p.src_d_value = Units(BOrgK()), p.dst_c0_stride = detail::ceilTo(curN_, 16);
      ::sk_copy_nd2nz(b1, At(job_.b, (uint64_t)n0 * BOrgK() + k), sizeof(SrcT), &p);
    } else if constexpr (sizeof(SrcT) == 4) {
      // float: each 16 rows of K their own Nz, so a 16 x 16 square's two 16 x 8 fractals sit
      // side by side for LoadB's transposing load (N padded to whole squares).
      uint32_t groups = curK / 16, squareElems = 256 * (detail::ceilTo(curN_, 16) / 16);
      p.n_value = 16, p.d_value = curN_, p.src_d_value = BOrgN(), p.dst_c0_stride = 16;
      p.nd_num = groups, p.src_matrix_stride = 16ull * BOrgN(), p.dst_matrix_stride = squareElems;
      const uint8_t* src = At(job_.b, (uint64_t)k * BOrgN() + n0);
      if (groups) ::sk_copy_nd2nz(b1, src, sizeof(SrcT), &p);
      if (curK % 16) {  // the last, partial group
        p.nd_num = 1, p.n_value = curK % 16;
        ::sk_copy_nd2nz(b1 + (uint64_t)groups * squareElems * 4, src + (uint64_t)groups * 16 * BOrgN() * 4, sizeof(SrcT), &p);
      }
    } else {
      // (int8 and int4: K rows padded to C0, so LoadB's squares are whole)
      p.n_value = curK, p.d_value = Units(curN_), p.src_d_value = Units(BOrgN()), p.dst_c0_stride = detail::ceilTo(curK, kC0 >= 32 ? kC0 : 16);
      ::sk_copy_nd2nz(b1, At(job_.b, (uint64_t)k * BOrgN() + n0), sizeof(SrcT), &p);
    }
  }
  // A sparse B's block: the kept values (B stored N x K/2) as B^T's Nz, and their index fractals
  // (GM: column blocks of 8 bytes = 32 values, ceil16(orgN) rows) in the same order. A B in NZ
  // is already that Nz (column blocks of 32 bytes, ceil16(orgN) rows): its blocks are copied.
  __aicore__ void CopySparseB(uint8_t* b1, uint8_t* index1, uint32_t k, uint32_t curK) {
    if (!job_.transB || !job_.sparseIndex || k % 64)
      ::sk_trapf(3, "Matmul: a SparseMatmulType B is given transposed (SetTensorB(gm, true)) with SetSparseIndex, in K "
                    "steps of a multiple of 64 (baseK %d)", t_.baseK);
    uint32_t n0 = bn_ * t_.baseN, orgKept = BOrgK() / 2, rows = detail::ceilTo(curN_, 16), orgRows = detail::ceilTo(BOrgN(), 16);
    // Column blocks k / 64 on of an NZ matrix in GM (orgRows rows of `width` bytes each), rows n0 on.
    auto copyColumnBlocks = [&](uint8_t* dst, uint64_t gm, uint64_t width) {
      ::sk_data_copy_2d(dst, (const uint8_t*)gm + ((uint64_t)k / 64 * orgRows + n0) * width,
                        detail::ceilTo((curK + 1) / 2, 32) / 32, rows * width, orgRows * width, rows * width);
    };
    if constexpr (kBNz) {
      copyColumnBlocks(b1, job_.b, 32);  // 32 kept values a row
    } else {
      sk_nd2nz p{};
      p.nd_num = 1, p.dst_n_stride = 1, p.n_value = curN_, p.d_value = (curK + 1) / 2, p.src_d_value = orgKept, p.dst_c0_stride = rows;
      ::sk_copy_nd2nz(b1, (const uint8_t*)job_.b + (uint64_t)n0 * orgKept + k / 2, 1, &p);
    }
    copyColumnBlocks(index1, job_.sparseIndex, 8);  // their 32 two-bit positions a row
  }
  __aicore__ void LoadSparseB(uint8_t* b2, const uint8_t* b1, const uint8_t* index1, uint32_t curK) {
    uint32_t fractals = detail::ceilTo((curK + 1) / 2, 32) / 32 * (detail::ceilTo(curN_, 16) / 16);
    for (uint32_t f = 0; f < fractals; f += 255)
      ::sk_load_2d_sparse(b2 + f * 512ull, b1, index1, f, std::min<uint32_t>(255, fractals - f));
  }
  // The step's A out of L1: its K fractals start at `k0` of the packet's `packK` (a packet is
  // one step unless PackSteps made it more; its K runs along L1's rows of fractals).
  __aicore__ void LoadA(uint8_t* a2, const uint8_t* a1, uint32_t curK, uint32_t k0, uint32_t packK) {
    uint32_t mBlocks = detail::ceilTo(curM_, 16) / 16, kFractals = (curK + kC0 - 1) / kC0, kBlocks = detail::ceilTo(curK, 16) / 16;
    if (packA_ == 1) packK = job_.transA ? kBlocks : kFractals;  // (k0 is 0) A^T's Nz: 16-row blocks of K
    if (kL0aNz && job_.transA) {  // Nz from A^T's Nz: per 16-column block of K, its M fractals transposed
      for (uint32_t j = 0; j < kBlocks; ++j)
        ::sk_load_2d(a2 + (uint64_t)j * mBlocks * 512, a1, sizeof(SrcT), k0 + j, mBlocks, packK, 0, 1);
      return;
    }
    if (!job_.transA && (kL0aNz || packK == kFractals)) {  // Nz, or Zz of one step: the fractals in L1's order
      uint32_t first = kL0aNz ? k0 * mBlocks : 0;
      for (uint32_t f = 0; f < mBlocks * kFractals; f += 255)
        ::sk_load_2d(a2 + f * 512ull, a1, sizeof(SrcT), first + f, std::min<uint32_t>(255, mBlocks * kFractals - f), 1, 0, 0);
      return;
    }
    // Zz out of a packet's Zz, or Zz from A^T's Nz (transposed): one fractal row of M at a time.
    for (uint32_t i = 0; i < mBlocks; ++i)
      ::sk_load_2d(a2 + (uint64_t)i * kFractals * 512, a1, sizeof(SrcT), i * packK + k0, kFractals, 1, 0, job_.transA ? 1 : 0);
  }
  // The step's B out of L1, its K fractals from `k0` of the packet's `packK` (as LoadA).
  __aicore__ void LoadB(uint8_t* b2, const uint8_t* b1, uint32_t curK, uint32_t k0, uint32_t packK) {
    uint32_t nBlocks = detail::ceilTo(curN_, 16) / 16, kFractals = (curK + kC0 - 1) / kC0;
    if (packB_ == 1) packK = detail::ceilTo(curK, 16) / 16;  // (k0 is 0)
    if (job_.transB) {  // B^T's Nz: column blocks of K, each its N fractals
      for (uint32_t f = 0; f < kFractals * nBlocks; f += 255)
        ::sk_load_2d(b2 + f * 512ull, b1, sizeof(SrcT), k0 * nBlocks + f, std::min<uint32_t>(255, kFractals * nBlocks - f), 1, 0, 0);
      return;
    }
    if constexpr (sizeof(SrcT) == 1) {
      // int8 K x N: each 32 x 32 square of L1's Nz transposed into two Zn fractals; int4: each
      // 64 x 64 square into four.
      constexpr uint32_t fractals = kInt4 ? 4 : 2;
      uint32_t kSquares = detail::ceilTo(curK, kC0) / kC0, nSquares = detail::ceilTo(curN_, kC0) / kC0;
      for (uint32_t i = 0; i < kSquares; ++i)
        ::sk_load_2d_transpose(b2 + (uint64_t)i * fractals * nSquares * 512, b1, kInt4 ? SK_ELEM_INT4 : 1, i, nSquares,
                               kSquares, fractals - 1, 0, 0);
      return;
    }
    uint32_t kBlocks = detail::ceilTo(curK, 16) / 16;
    if constexpr (sizeof(SrcT) == 4) {
      // float K x N: each 16 x 16 square (two 16 x 8 fractals of L1) transposed into the Zn
      // fractals of K rows 16i.. and 16i + 8.. (nBlocks fractals apart).
      for (uint32_t i = 0; i < kBlocks; ++i)
        ::sk_load_2d_transpose(b2 + (uint64_t)2 * i * nBlocks * 512, b1, 4, i * nBlocks, nBlocks, 1, 0, nBlocks - 1, 0);
      return;
    }
    for (uint32_t i = 0; i < kBlocks; ++i)
      ::sk_load_2d(b2 + (uint64_t)i * nBlocks * 512, b1, sizeof(SrcT), k0 + i, nBlocks, packK, 0, 1);
  }
  // The N an L0B block and Mmad span for a K x N B: int8 (int4) rounds it up to whole 32 x 32
  // (64 x 64) squares (its load writes fractals in pairs, or fours; C's extra columns are never
  // copied out). Buffers are sized with it whichever way B comes.
  __aicore__ static uint32_t NL0(uint32_t n) { return sizeof(SrcT) == 1 ? detail::ceilTo(n, kC0) : n; }
  // A in TSCM: the whole single-core A in L1 as Nz (column blocks of C0 over K, ceil16(singleM)
  // rows each; CANN's LoadData srcStride Ceil(aL1M, 16)), read in place: the block's fractals
  // into L0A's Zz (dav-3510: Nz).
  __aicore__ void LoadATscm(uint8_t* a2, uint32_t k, uint32_t curK) {
    const uint8_t* l1 = (const uint8_t*)job_.a;
    uint32_t rows = detail::ceilTo(job_.singleM, 16) / 16, m0 = bm_ * t_.baseM / 16, k0 = k / kC0;
    uint32_t mBlocks = detail::ceilTo(curM_, 16) / 16, kFractals = (curK + kC0 - 1) / kC0;
    if (kL0aNz) {
      for (uint32_t j = 0; j < kFractals; ++j)
        ::sk_load_2d(a2 + (uint64_t)j * mBlocks * 512, l1, sizeof(SrcT), (k0 + j) * rows + m0, mBlocks, 1, 0, 0);
      return;
    }
    for (uint32_t i = 0; i < mBlocks; ++i)
      ::sk_load_2d(a2 + (uint64_t)i * kFractals * 512, l1, sizeof(SrcT), k0 * rows + m0 + i, kFractals, rows, 0, 0);
  }
  // B in TSCM: the whole single-core B (K x N) in L1 as Nz (column blocks of 16 over N,
  // ceil16(singleK) rows each), its fractals transposed into L0B's Zn (2-byte types).
  __aicore__ void LoadBTscm(uint8_t* b2, uint32_t k) {
    const uint8_t* l1 = (const uint8_t*)job_.b;
    if constexpr (sizeof(SrcT) == 1) {
      // int8 / int4 K x N in Nz (column blocks C0 wide): C0 x C0 squares transposed into Zn
      // fractals as LoadB does, so the TSCM's K must be whole squares.
      constexpr uint32_t fractals = kInt4 ? 4 : 2;
      if (job_.singleK % kC0 || (bn_ * t_.baseN) % kC0 || k % kC0)
        ::sk_trapf(3, "Matmul: an %s K x N B in TSCM needs the single-core K (%d), baseK and baseN (%d) multiples of %u (its "
                      "C0 x C0 squares)", kInt4 ? "int4b_t" : "int8_t", job_.singleK, t_.baseN, kC0);
      uint32_t kTotal = job_.singleK / kC0, n0 = bn_ * t_.baseN / kC0, k0 = k / kC0;
      uint32_t kSquares = detail::ceilTo(std::min<uint32_t>(t_.baseK, job_.singleK - k), kC0) / kC0;
      uint32_t nSquares = detail::ceilTo(curN_, kC0) / kC0;
      for (uint32_t i = 0; i < kSquares; ++i)
        ::sk_load_2d_transpose(b2 + (uint64_t)i * fractals * nSquares * 512, l1, kInt4 ? SK_ELEM_INT4 : 1, n0 * kTotal + k0 + i,
                               nSquares, kTotal, fractals - 1, 0, 0);
      return;
    }
    uint32_t rows = detail::ceilTo(job_.singleK, 16) / 16, n0 = bn_ * t_.baseN / 16, k0 = k / 16;
    uint32_t nBlocks = detail::ceilTo(curN_, 16) / 16, kBlocks = detail::ceilTo(std::min<uint32_t>(t_.baseK, job_.singleK - k), 16) / 16;
    for (uint32_t i = 0; i < kBlocks; ++i)
      ::sk_load_2d(b2 + (uint64_t)i * nBlocks * 512, l1, sizeof(SrcT), n0 * rows + k0 + i, nBlocks, rows, 0, 1);
  }
  // The block's bias: GM -> L1 -> bias table (from its TSCM tensor when it is in L1 already).
  // A half or bfloat16 bias with float L0C becomes float on its way into the table.
  // A bias type L0C cannot take is an exception when a bias is set, not a compile error: CANN's
  // kernels instantiate such objects (an int8 Matmul with a half bias type) on paths without one.
  static constexpr bool kBiasFits =
      std::is_same_v<BiasT, L0cT> || (std::is_same_v<L0cT, float> && (std::is_same_v<BiasT, half> || std::is_same_v<BiasT, bfloat16_t>));
  __aicore__ void LoadBias() {
    if constexpr (!kBiasFits) {
      ::sk_trap(3, "Matmul: the bias has L0C's type (float, or int32_t for int8 inputs), or half/bfloat16 for float L0C");
    } else {
      LoadBiasTable();
    }
  }
  __aicore__ void LoadBiasTable() {
    LocalTensor<BiasT> l1 = biasL1_.template Get<BiasT>();
    LocalTensor<L0cT> bt = biasBt_.template Get<L0cT>();
    const BiasT* source = (const BiasT*)job_.bias + bn_ * t_.baseN;
    if (!job_.biasL1) {
      ::sk_pipe_wait(SK_PIPE_MTE2, biasFree_);
      // From GM exactly the block's bias (a tail block's ends with N); the table takes whole units.
      ::sk_data_copy_2d(l1.HostPtr(), source, 1, curN_ * sizeof(BiasT), 0, 0);
      ::sk_pipe_wait(SK_PIPE_MTE1, ::sk_pipe_done(SK_PIPE_MTE2));
      source = l1.HostPtr();
    }
    ::sk_pipe_wait(SK_PIPE_MTE1, btFree_);  // the block before has read its bias
    uint64_t units = (curN_ * sizeof(BiasT) + detail::kBiasTableUnit - 1) / detail::kBiasTableUnit;
    detail::copyToBiasTable(bt.HostPtr(), source, DataCopyParams(1, (uint16_t)units, 0, 0));
    uint64_t ready = ::sk_pipe_done(SK_PIPE_MTE1);
    ::sk_pipe_wait(SK_PIPE_M, ready);
    biasFree_ = ready;
  }

  TCubeTiling t_;
  uint64_t arenaStart_[SK_MEM_COUNT] = {}, arenaEnd_[SK_MEM_COUNT] = {};  // where Init laid the buffers out
  detail::MatmulJob job_;
  TBuf<TPosition::A1> a1_, index1_;
  TBuf<TPosition::B1> b1_;
  TBuf<TPosition::C1> biasL1_, scaleL1_, bounceL1_, mxL1_;
  uint32_t mxScaleBytes_ = 0;  // mxL1_: A's scales, then B's from here
  uint64_t mxL1Free_ = 0;      // when MTE1 last read mxL1_
  TPipe* bouncePipe_ = nullptr;  // CopyStaged's (a MIX kernel's AIC)
  uint32_t bounceBytes_ = 0;      // bounceL1_'s size once taken
  TBuf<TPosition::C2> biasBt_;
  uint32_t aBytes_ = 0, bBytes_ = 0, cBytes_ = 0, l0Buffers_ = 1, c1Buffers_ = 1;
  uint32_t aSlot_ = 0, bSlot_ = 0, c_ = 0;  // the buffers in use
  uint32_t packA_ = 1, packB_ = 1;          // baseK steps per L1 packet (PackSteps)
  uint32_t aSlots_ = 2, bSlots_ = 2;        // packets in L1 at a time
  uint8_t *a1Slot_[2] = {}, *b1Slot_[2] = {};  // where they are
  uint32_t aPackK_ = 0, bPackK_ = 0;        // the K of the packets in use
  uint8_t* c1_ = nullptr;    // where the block's Mmads accumulate
  bool channelSplit_ = false;
  detail::MatmulL0Share ownShare_;              // the core's, when this object came first
  detail::MatmulL0Share* l0Share_ = nullptr;    // the core's
  // When each buffer was last released by its reader, and when L0C's block is complete.
  uint64_t aFree_[2] = {}, bFree_[2] = {}, cReady_ = 0, biasFree_ = 0, btFree_ = 0;
  uint32_t next_ = 0, bm_ = 0, bn_ = 0, curM_ = 0, curN_ = 0;
  bool hasSum_ = false;  // L0C holds a block an Iterate computed
  Impl::Detail::MatmulTriangle triangle_ = Impl::Detail::MatmulTriangle::kNone;
};

namespace detail {
// A MIX kernel's AIV asks its AIC for each Matmul call: a message in the system workspace (one
// slot per AIV), a mode-4 flag to the AIC, and one back when the AIC is done. Blocks an Iterate
// computed wait in the AIV's staging area of the workspace (rows curN apart).
// kMatmulIterateAsync (Iterate<false>): the AIC computes every block into the user's workspace
// (SetWorkspace), each packed after the one before, notes its size in the AIV's staging area and
// answers once per block, so the AIV takes block i while the AIC computes the next ones.
enum MatmulCmd : uint32_t {
  kMatmulIterate = 1, kMatmulIterateAll, kMatmulCopyOut, kMatmulIterateBatch, kMatmulIterateAsync, kMatmulQuit, kMatmulInit
};
struct MatmulMsg {
  uint32_t cmd, obj, enAtomic, sequential;
  uint64_t dst;
  MatmulJob job;
  uint32_t restart, result, curM, curN, partial;
  uint32_t aivs;  // the AIVs of the sender's block (1 under MIX 1:1): the AIC then serves one
  MatmulBatch batch;
};
static_assert(sizeof(MatmulMsg) <= 256, "Matmul: a message must fit its slot (kMatmulMsgBytes)");
constexpr uint16_t kMatmulRequestFlag = 0;   // AIV -> AIC (the AIC sees AIV i's as 16 i)
constexpr uint16_t kMatmulResponseFlag = 1;  // AIC -> AIV (the AIC names AIV i's as 1 + 16 i)
constexpr uint64_t kMatmulMsgBytes = 256;
constexpr uint64_t kMatmulStagingBase = 1u << 20;
enum MatmulStagePart : uint32_t { kStageC, kStageA, kStageB };  // in one AIV's staging area
#ifdef __SK_MIX_KERNEL__
constexpr bool kMixKernel = true;
#else
constexpr bool kMixKernel = false;
#endif
// AIV `sub` of the block the calling core belongs to.
inline uint32_t matmulClient(uint32_t sub) {
  uint32_t group = ::sk_core_type() == 0 ? (uint32_t)GetBlockIdx() : (uint32_t)(GetBlockIdx() / GetTaskRation());
  return group * 2 + sub;
}
inline MatmulMsg* matmulMsg(uint32_t client) { return (MatmulMsg*)(GetSysWorkSpacePtr() + client * kMatmulMsgBytes); }
inline uint64_t matmulStagingBytes() {
  return (RESERVED_WORKSPACE - kMatmulStagingBase) / (2 * (uint64_t)GetBlockNum()) / 32 * 32;
}
inline uint8_t* matmulStaging(uint32_t client, uint64_t need) {
  if (!GetSysWorkSpacePtr()) ::sk_trap(3, "Matmul in a MIX kernel: the kernel has no workspace (the AIC and AIVs talk through it)");
  if (need > matmulStagingBytes())
    ::sk_trapf(3, "Matmul in a MIX kernel: a %llu-byte block does not fit the %llu bytes of system workspace each AIV has",
               (unsigned long long)need, (unsigned long long)matmulStagingBytes());
  return GetSysWorkSpacePtr() + kMatmulStagingBase + client * matmulStagingBytes();
}
}  // namespace detail

template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE = C_TYPE, const auto& MM_CFG = CFG_NORM,
          class MM_CB = MatmulCallBackFunc<nullptr, nullptr, nullptr>,
          template <const auto&, typename...> class MATMUL_POLICY = Impl::Detail::MatmulPolicy>
class Matmul {
 public:
  using SrcT = typename A_TYPE::T;
  using BSrcT = typename B_TYPE::T;  // A's, or the other fp8 (MatmulImpl checks)
  using DstT = typename C_TYPE::T;
  using BiasT = typename BIAS_TYPE::T;
  // An input in L1 the kernel fills itself: TSCM, or A1 / B1 as CANN's weight-quant kernels
  // declare it. L1 holds it as Nz whatever the declared format (which names the matrix it came from).
  static constexpr bool kAInL1 = MatmulCube<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE>::kAInL1;
  static constexpr bool kBInL1 = MatmulCube<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE>::kBInL1;
  // VECOUT, or another UB position (VECIN, VECCALC), as CANN's implementation takes them.
  static constexpr bool kAInUb = A_TYPE::pos == TPosition::VECOUT || A_TYPE::pos == TPosition::VECIN || A_TYPE::pos == TPosition::VECCALC;
  static constexpr bool kBInUb = B_TYPE::pos == TPosition::VECOUT || B_TYPE::pos == TPosition::VECIN || B_TYPE::pos == TPosition::VECCALC;
  static_assert((A_TYPE::pos == TPosition::GM || kAInUb || kAInL1) && (B_TYPE::pos == TPosition::GM || kBInUb || kBInL1),
                "Matmul: A and B must be in GM, VECOUT or TSCM (A1 for A, B1 for B)");
  // COLUMN_MAJOR (Ascend 950): a matrix stored column by column, in GM. An A or B so stored is
  // the ND transpose the other flag names; a C so stored is written NZ2DN.
  static constexpr bool kAColumnMajor = A_TYPE::format == CubeFormat::COLUMN_MAJOR;
  static constexpr bool kBColumnMajor = B_TYPE::format == CubeFormat::COLUMN_MAJOR;
  static constexpr bool kCColumnMajor = C_TYPE::format == CubeFormat::COLUMN_MAJOR;
  static_assert((A_TYPE::format == CubeFormat::ND || A_TYPE::format == CubeFormat::NZ ||
                 ((A_TYPE::format == CubeFormat::VECTOR || kAColumnMajor) && A_TYPE::pos == TPosition::GM)) &&
                    (B_TYPE::format == CubeFormat::ND || B_TYPE::format == CubeFormat::NZ ||
                     (kBColumnMajor && B_TYPE::pos == TPosition::GM)),
                "Matmul: A and B must be ND or NZ (A may also be a VECTOR in GM; either may be COLUMN_MAJOR in GM)");
  static_assert(C_TYPE::format == CubeFormat::ND || C_TYPE::format == CubeFormat::NZ || C_TYPE::format == CubeFormat::ND_ALIGN ||
                    (kCColumnMajor && C_TYPE::pos == TPosition::GM),
                "Matmul: C must be ND, ND_ALIGN or NZ (or COLUMN_MAJOR in GM)");
  static_assert(C_TYPE::pos != TPosition::CO1 ||
                    (C_TYPE::format == CubeFormat::NZ && std::is_same_v<DstT, typename GetMmDstType<SrcT>::Type>),
                "Matmul: a C at CO1 is NZ of GetMmDstType<A's type>::Type");
  static_assert(!ToMatmulConfig(MM_CFG).isEnableChannelSplit ||
                    (C_TYPE::format == CubeFormat::NZ && std::is_same_v<DstT, float>),
                "Matmul: MatmulConfig.isEnableChannelSplit writes a float C in NZ (16 x 8 fractals)");
  // An AIV of a MIX kernel is a client of its AIC; elsewhere (an AIC, ASCENDC_CUBE_ONLY) the
  // object computes itself.
#ifdef ASCENDC_CUBE_ONLY
  static constexpr bool kClient = false;
#else
  static constexpr bool kClient = g_coreType == AIV;
#endif
  static constexpr bool kSplitM = MATMUL_POLICY<MM_CFG, void, A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE>::kSplitM;
  static_assert(!kSplitM || (C_TYPE::pos == TPosition::VECIN && A_TYPE::ibShare && B_TYPE::ibShare),
                "Matmul with SplitMMatmulPolicy: C at VECIN (in UB), A and B IBSHARE");
  // IterateBatch needs every matrix's layout: NORMAL for all three, or the (B, N, G) layouts in
  // any mix (flash_attention_score_grad multiplies a BNGS1S2 A by a BSNGD B); BSNGD / SBNGD rows
  // are ND, a C in NZ is BNGS1S2's dense batches.
  template <class T> static constexpr bool kRowsND =
      (T::layout != LayoutMode::BSNGD && T::layout != LayoutMode::SBNGD) || T::format == CubeFormat::ND;
  static constexpr bool kBatchable =
      A_TYPE::layout != LayoutMode::NONE && B_TYPE::layout != LayoutMode::NONE && C_TYPE::layout != LayoutMode::NONE &&
      (A_TYPE::layout == LayoutMode::NORMAL) == (B_TYPE::layout == LayoutMode::NORMAL) &&
      (A_TYPE::layout == LayoutMode::NORMAL) == (C_TYPE::layout == LayoutMode::NORMAL) && kRowsND<A_TYPE> &&
      kRowsND<B_TYPE> && kRowsND<C_TYPE> &&
      (C_TYPE::format == CubeFormat::ND || (C_TYPE::format == CubeFormat::NZ && C_TYPE::layout == LayoutMode::BNGS1S2));

  // B stored K x N (not transposed): 2-byte types, int8 (its 32 x 32 squares transposed into
  // L0B) and float in ND (its 16 x 16 squares).
  static constexpr bool kBKxN = sizeof(SrcT) <= 2 || B_TYPE::format != CubeFormat::NZ;
  static constexpr const char* kBKxNMessage =
      "Matmul::SetTensorB: a float B in NZ must be given transposed (N x K, isTransposeB true); in ND it may be K x N";
  __aicore__ Matmul() = default;
  __aicore__ ~Matmul() {
    if constexpr (kClient)
      if (registered_) Send(detail::kMatmulQuit, false);
  }
  // The kernel's Init: on an AIV of a MIX kernel the tiling also goes to the AIC, whose object
  // REGIST_MATMUL_OBJ may have registered without one (the documented single-object form).
  __aicore__ void Init(const TCubeTiling* tiling, TPipe* pipe = nullptr) {
    Setup(tiling, pipe);
    if constexpr (kClient) {
      ::sk_data_copy(detail::matmulStaging(detail::matmulClient(GetSubBlockIdx()), sizeof(TCubeTiling)), tiling, sizeof(TCubeTiling));
      Send(detail::kMatmulInit, false);
    }
  }
  // REGIST_MATMUL_OBJ's initialisation, on every core: the cube's on the AIC, the job on the AIVs.
  __aicore__ void Setup(const TCubeTiling* tiling, TPipe* pipe) {
    const TCubeTiling& t = *tiling;
    job_ = detail::MatmulJob{};
    job_.orgM = t.M, job_.orgN = t.N, job_.orgKa = t.Ka, job_.orgKb = t.Kb;
    job_.singleM = t.singleCoreM, job_.singleN = t.singleCoreN, job_.singleK = t.singleCoreK;
    baseM_ = t.baseM, baseN_ = t.baseN, stepM_ = t.stepM, stepN_ = t.stepN;
    axes_[0] = detail::batchAxesA(t), axes_[1] = detail::batchAxesB(t), axes_[2] = detail::batchAxesC(t);
    orderN_ = Config().iterateOrder == IterateOrder::UNDEF ? t.iterateOrder == 1 : Config().iterateOrder == IterateOrder::ORDER_N;
    restart_ = true;
    if constexpr (kClient) {
      if (!detail::kMixKernel) ::sk_trap(3, "Matmul on an AIV needs a MIX kernel: the cube work goes to the block's AIC");
      registered_ = true;
    } else {
      cube_.Init(tiling, pipe, ToMatmulConfig(MM_CFG).doMultiDataLoad);
      cube_.SetIterateOrder(Config().iterateOrder);
      cube_.SetTriangle(MATMUL_POLICY<MM_CFG, void, A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE>::kTriangle);
      cube_.SetChannelSplit(Config().isEnableChannelSplit);
    }
  }
  // REGIST_MATMUL_OBJ's: the object's number among the registered, and the pipe the AIC sets
  // the cube up with when the tiling comes later (Init).
  __aicore__ void SetIndex(uint32_t index, TPipe* pipe = nullptr) { index_ = index, pipe_ = pipe; }
  // A constant tiling (MM_CFG from GetMatmulApiTiling) stands in for the TCubeTiling that
  // REGIST_MATMUL_OBJ did not pass; the shapes come from SetOrgShape / SetSingleShape.
  __aicore__ void InitFromStaticTiling(TPipe* pipe) {
    if constexpr (std::is_same_v<std::decay_t<decltype(MM_CFG)>, MatmulApiStaticTiling>) {
      TCubeTiling t{};
      t.M = job_.orgM, t.N = job_.orgN, t.Ka = job_.orgKa, t.Kb = job_.orgKb;
      t.baseM = MM_CFG.baseM, t.baseN = MM_CFG.baseN, t.baseK = MM_CFG.baseK;
      t.singleCoreM = MM_CFG.singleCoreM ? MM_CFG.singleCoreM : job_.singleM;
      t.singleCoreN = MM_CFG.singleCoreN ? MM_CFG.singleCoreN : job_.singleN;
      t.singleCoreK = MM_CFG.singleCoreK ? MM_CFG.singleCoreK : job_.singleK;
      t.dbL0A = MM_CFG.dbL0A, t.dbL0B = MM_CFG.dbL0B, t.dbL0C = MM_CFG.dbL0C;
      t.stepM = MM_CFG.stepM, t.stepN = MM_CFG.stepN, t.stepKa = MM_CFG.stepKa, t.stepKb = MM_CFG.stepKb;
      t.depthA1 = MM_CFG.depthA1, t.depthB1 = MM_CFG.depthB1;
      t.isBias = MM_CFG.isBias == 0 ? 0 : 1;
      detail::MatmulJob j = job_;
      Init(&t, pipe);
      job_ = j;
      // Each single-core size not set by SetSingleShape / SetTail (SetTail(m, n) leaves K) comes from the tiling.
      if (!job_.singleM) job_.singleM = t.singleCoreM;
      if (!job_.singleN) job_.singleN = t.singleCoreN;
      if (!job_.singleK) job_.singleK = t.singleCoreK;
    } else {
      ::sk_trap(3, "Matmul: REGIST_MATMUL_OBJ passed no tiling and the object has no constant one (GetMatmulApiTiling); call Init");
    }
  }
  __aicore__ bool Initialized() const { return baseM_ != 0; }
  // Modes and user data of the hardware's Matmul with no effect here.
  // transMode 1: ties away from zero, 0: to even (as SetHF32TransMode); the core's HF32 mode.
  __aicore__ void SetHF32(bool enableHF32 = false, int32_t transMode = 0) {
    SetHF32Mode(enableHF32);
    SetHF32TransMode(transMode == 1);
  }
  __aicore__ void SetUserDefInfo(uint64_t) {}
  template <class T> __aicore__ void SetSelfDefineData(T) {}
  template <class T> __aicore__ void SetAntiQuantScalar(T, T = 0) {}
  __aicore__ MatmulCube<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE>& Cube() { return cube_; }
  __aicore__ void SetOrgShape(int orgM, int orgN, int orgK) { SetOrgShape(orgM, orgN, orgK, orgK, 0); }
  __aicore__ void SetOrgShape(int orgM, int orgN, int orgKa, int orgKb, int orgKc = 0) {
    job_.orgM = orgM, job_.orgN = orgN, job_.orgKa = orgKa, job_.orgKb = orgKb, job_.orgKc = orgKc;
    restart_ = true;
  }
  __aicore__ void SetSingleShape(int singleM, int singleN, int singleK) {
    job_.singleM = singleM, job_.singleN = singleN, job_.singleK = singleK;
    restart_ = true;
  }
  __aicore__ void SetTail(int tailM = -1, int tailN = -1, int tailK = -1) {
    if (tailM == 0 || tailN == 0 || tailK == 0 || tailM < -1 || tailN < -1 || tailK < -1)
      ::sk_trapf(3, "Matmul::SetTail(%d, %d, %d): each is -1 (keep) or a positive size", tailM, tailN, tailK);
    if (tailM > 0) job_.singleM = tailM;
    if (tailN > 0) job_.singleN = tailN;
    if (tailK > 0) job_.singleK = tailK;
    restart_ = true;
  }
  __aicore__ void SetTensorA(const GlobalTensor<SrcT>& gm, bool isTransposeA = false) {
    bool trans = isTransposeA != kAColumnMajor;  // the layout in GM, as ND
    if (trans && sizeof(SrcT) != 2) ::sk_trap(3, "Matmul::SetTensorA: a transposed A is simulated for 2-byte types only");
    job_.a = (uint64_t)gm.HostPtr(), job_.transA = trans, job_.aDense = 0, job_.aL1 = 0;
    restart_ = true;
  }
  __aicore__ void SetTensorB(const GlobalTensor<BSrcT>& gm, bool isTransposeB = false) {
    bool trans = isTransposeB != kBColumnMajor;
    if (!trans && !kBKxN) ::sk_trap(3, kBKxNMessage);
    job_.b = (uint64_t)gm.HostPtr(), job_.transB = trans, job_.bDense = 0, job_.bL1 = 0;
    restart_ = true;
  }
  // A / B in an AIV's UB (VECOUT) holding the whole single-core matrix, as ND (rows singleK
  // apart; transposed: singleM / singleN) or NZ (column blocks ceil16(rows) tall). A2 has no
  // UB -> L1 path, so the client copies the tensor's GetSize() elements verbatim to its staging
  // area in the system workspace and the AIC reads them there like GM.
  // At TSCM (on the AIC, which reads it in place): the whole single-core A or B in L1 as NZ;
  // not transposed (A: fractal rows of C0 columns; B: 2-byte types).
  // A Matmul typed at GM takes either, by where the tensor is (attention kernels hand their own
  // L1 tiles to a GM-typed Matmul, as CANN's copy-in allows).
  __aicore__ void SetTensorA(const LocalTensor<SrcT>& ub, bool isTransposeA = false) {
    static_assert(kAInUb || A_TYPE::pos == TPosition::GM || kAInL1,
                  "Matmul::SetTensorA(LocalTensor): A's MatmulType must be at VECOUT, GM or TSCM (or A1)");
    if (kAInL1 || (A_TYPE::pos == TPosition::GM && detail::memOf(ub.GetPosition()) == SK_MEM_L1))
      return SetTscm(ub, isTransposeA, true);
    if (isTransposeA && sizeof(SrcT) != 2) ::sk_trap(3, "Matmul::SetTensorA: a transposed A is simulated for 2-byte types only");
    aStage_ = StageUb(ub, true);
    job_.a = (uint64_t)StagingOf(detail::kStageA), job_.transA = isTransposeA, job_.aDense = UbDense<A_TYPE>(), job_.aL1 = 0;
    restart_ = true;
  }
  __aicore__ void SetTensorB(const LocalTensor<BSrcT>& given, bool isTransposeB = false) {
    const LocalTensor<SrcT> ub = given.template ReinterpretCast<SrcT>();
    static_assert(kBInUb || B_TYPE::pos == TPosition::GM || kBInL1,
                  "Matmul::SetTensorB(LocalTensor): B's MatmulType must be at VECOUT, GM or TSCM (or B1)");
    if (kBInL1 || (B_TYPE::pos == TPosition::GM && detail::memOf(ub.GetPosition()) == SK_MEM_L1))
      return SetTscm(ub, isTransposeB, false);
    if (!isTransposeB && !kBKxN) ::sk_trap(3, kBKxNMessage);
    bStage_ = StageUb(ub, false);
    job_.b = (uint64_t)StagingOf(detail::kStageB), job_.transB = isTransposeB, job_.bDense = UbDense<B_TYPE>(), job_.bL1 = 0;
    restart_ = true;
  }
  __aicore__ void SetBias(const GlobalTensor<BiasT>& gm) {
    job_.bias = (uint64_t)gm.HostPtr(), job_.hasBias = 1, job_.biasL1 = 0;
    restart_ = true;
  }
  // A bias already in L1 (TSCM): each block's part goes from there into the bias table.
  __aicore__ void SetBias(const LocalTensor<BiasT>& l1) {
    job_.bias = TscmAddress(l1, "SetBias"), job_.hasBias = 1, job_.biasL1 = 1;
    restart_ = true;
  }
  __aicore__ void DisableBias() { job_.hasBias = 0, restart_ = true; }
  // MxMatmul: A's scales (M x ceil(K/32) fp8_e8m0_t, or transposed ceil(K/64) x M x 2) and B's
  // (ceil(K/64) x N x 2, or transposed N x ceil(K/32)), as the MX guide lays them out in GM.
  __aicore__ void SetTensorScaleA(const GlobalTensor<fp8_e8m0_t>& gm, bool isTransposeScaleA = false) {
    static_assert(detail::kHasScale<A_TYPE>, "Matmul::SetTensorScaleA: A's type is a MatmulTypeWithScale (MxMatmul)");
    static_assert(A_TYPE::scalePosition == TPosition::GM && A_TYPE::scaleFormat == CubeFormat::ND,
                  "Matmul::SetTensorScaleA: scales in GM as ND are simulated (not VECOUT, TSCM or NZ)");
    job_.scaleA = (uint64_t)gm.HostPtr(), job_.transScaleA = isTransposeScaleA, job_.scaleAL1 = 0, restart_ = true;
  }
  __aicore__ void SetTensorScaleB(const GlobalTensor<fp8_e8m0_t>& gm, bool isTransposeScaleB = false) {
    static_assert(detail::kHasScale<B_TYPE>, "Matmul::SetTensorScaleB: B's type is a MatmulTypeWithScale (MxMatmul)");
    static_assert(B_TYPE::scalePosition == TPosition::GM && B_TYPE::scaleFormat == CubeFormat::ND,
                  "Matmul::SetTensorScaleB: scales in GM as ND are simulated (not VECOUT, TSCM or NZ)");
    job_.scaleB = (uint64_t)gm.HostPtr(), job_.transScaleB = isTransposeScaleB, job_.scaleBL1 = 0, restart_ = true;
  }
  // Scales at TSCM: the whole single-core scale matrix in L1 as NZ, 16 x 2 fractals (16 rows of
  // A, or columns of B, by one pair of scales) row blocks outermost, ceil(singleK / 64) pairs per
  // row block, whether or not they are marked transposed (the layout is the same); each K step
  // loads its fractals from there.
  __aicore__ void SetTensorScaleA(const LocalTensor<fp8_e8m0_t>& l1, bool isTransposeScaleA = false) {
    static_assert(detail::kHasScale<A_TYPE>, "Matmul::SetTensorScaleA: A's type is a MatmulTypeWithScale (MxMatmul)");
    static_assert(A_TYPE::scalePosition == TPosition::TSCM && A_TYPE::scaleFormat == CubeFormat::NZ,
                  "Matmul::SetTensorScaleA(LocalTensor): scales at TSCM as NZ are simulated (not VECOUT or ND)");
    job_.scaleA = TscmAddress(l1, "SetTensorScaleA"), job_.transScaleA = isTransposeScaleA, job_.scaleAL1 = 1, restart_ = true;
  }
  __aicore__ void SetTensorScaleB(const LocalTensor<fp8_e8m0_t>& l1, bool isTransposeScaleB = false) {
    static_assert(detail::kHasScale<B_TYPE>, "Matmul::SetTensorScaleB: B's type is a MatmulTypeWithScale (MxMatmul)");
    static_assert(B_TYPE::scalePosition == TPosition::TSCM && B_TYPE::scaleFormat == CubeFormat::NZ,
                  "Matmul::SetTensorScaleB(LocalTensor): scales at TSCM as NZ are simulated (not VECOUT or ND)");
    job_.scaleB = TscmAddress(l1, "SetTensorScaleB"), job_.transScaleB = isTransposeScaleB, job_.scaleBL1 = 1, restart_ = true;
  }
  __aicore__ void SetSparseIndex(const GlobalTensor<uint8_t>& gm) {
    static_assert(detail::kIsSparse<B_TYPE>, "Matmul::SetSparseIndex: B's type is a SparseMatmulType");
    job_.sparseIndex = (uint64_t)gm.HostPtr(), restart_ = true;
  }
  __aicore__ void ClearBias() { DisableBias(); }
  __aicore__ void SetQuantScalar(const uint64_t scalar) { job_.quantScalar = scalar, job_.quantMode = 1, restart_ = true; }
  __aicore__ void SetQuantVector(const GlobalTensor<uint64_t>& gm) {
    job_.quantVector = (uint64_t)gm.HostPtr(), job_.quantMode = 2, restart_ = true;
  }
  // How many batches' C a multi-batch output mode (bmmOutMode) keeps in L0C before writing them
  // out: a schedule choice. Our IterateBatch writes each batch's C as it completes, so only the
  // argument is checked (CANN ignores it under SINGLE_BATCH, as here).
  __aicore__ void SetNBatchOutNum(int32_t nBatchOutNum) {
    if (ToMatmulConfig(MM_CFG).bmmOutMode != BatchOutMode::SINGLE_BATCH && nBatchOutNum <= 0)
      ::sk_trapf(3, "Matmul::SetNBatchOutNum(%d): must be positive", nBatchOutNum);
  }
#ifdef ASCENDC_CUBE_ONLY
  // Cube-only kernels give the batch counts here and call IterateBatch's cube-only form.
  __aicore__ void SetBatchNum(int32_t batchA, int32_t batchB) {
    if (batchA <= 0 || batchB <= 0) ::sk_trapf(3, "Matmul::SetBatchNum(%d, %d): both must be positive", batchA, batchB);
    batch_.batchA = batchA, batch_.batchB = batchB;
  }
  __aicore__ void IterateBatch(const GlobalTensor<DstT>& gm, bool enPartialSum, uint8_t enAtomic, bool enSequentialWrite,
                               const uint32_t matrixStrideA = 0, const uint32_t matrixStrideB = 0,
                               const uint32_t matrixStrideC = 0) {
    if (!batch_.batchA) ::sk_trap(3, "Matmul::IterateBatch: call SetBatchNum first (cube-only form)");
    RunBatch(gm, batch_.batchA, batch_.batchB, enSequentialWrite, matrixStrideA, matrixStrideB, matrixStrideC, enPartialSum,
             enAtomic);
  }
#else
  // MIX kernels (and AIC kernels) name the batch counts in the call. CANN builds each tiling
  // key for its own kernel type, so a MIX kernel's AIC-only branch uses the cube-only form:
  // SetBatchNum, then IterateBatch(gm, enPartialSum, enAtomic, enSequentialWrite, strides...).
  // sk_cc builds one object for every key, where the two forms cannot both be overloads (their
  // integer arguments convert alike): once SetBatchNum has run on an AIC, IterateBatch reads its
  // second and third arguments as the cube-only form's.
  __aicore__ void SetBatchNum(int32_t batchA, int32_t batchB) {
    if constexpr (kClient) ::sk_trap(3, "Matmul::SetBatchNum is the cube-only form: an AIV names the counts in IterateBatch");
    if (batchA <= 0 || batchB <= 0) ::sk_trapf(3, "Matmul::SetBatchNum(%d, %d): both must be positive", batchA, batchB);
    batch_.batchA = batchA, batch_.batchB = batchB;
  }
  template <bool sync = true, bool waitIterateBatch = false>
  __aicore__ void IterateBatch(const GlobalTensor<DstT>& gm, uint32_t batchA, uint32_t batchB, bool enSequentialWrite,
                               const uint32_t matrixStrideA = 0, const uint32_t matrixStrideB = 0,
                               const uint32_t matrixStrideC = 0, const bool enPartialSum = false, const uint8_t enAtomic = 0) {
    if (!kClient && batch_.batchA) {  // the cube-only form (above): (gm, enPartialSum, enAtomic, enSequentialWrite, ...)
      RunBatch(gm, batch_.batchA, batch_.batchB, enSequentialWrite, matrixStrideA, matrixStrideB, matrixStrideC, batchA != 0,
               (uint8_t)batchB);
      return;
    }
    RunBatch(gm, batchA, batchB, enSequentialWrite, matrixStrideA, matrixStrideB, matrixStrideC, enPartialSum, enAtomic);
  }
  __aicore__ void WaitIterateBatch() {}
  // batchLoop IterateBatch calls, one after the other along the layouts (CANN's KFC server
  // offsets: loop l starts l x batchA (B: batchB, C: max of both) batches on), each C into the
  // workspace (SetWorkspace) at its place in C's layout; GetBatchTensorC hands the loops' C out.
  template <bool sync = true, bool waitIterateBatch = false>
  __aicore__ void IterateNBatch(const uint32_t batchLoop, uint32_t batchA, uint32_t batchB, bool enSequentialWrite,
                                const uint32_t matrixStrideA = 0, const uint32_t matrixStrideB = 0,
                                const uint32_t matrixStrideC = 0) {
    static_assert(Config().isNBatch, "Matmul::IterateNBatch: the MatmulConfig must have isNBatch (GetNormalConfig(false, true) "
                                     "or MatmulBatchParams{true, ...})");
    if (!workspace_) ::sk_trap(3, "Matmul::IterateNBatch: no workspace for C: call SetWorkspace first");
    const detail::BatchAxes &ax = axes_[0], &bx = axes_[1], &cx = axes_[2];
    auto set = [](const detail::BatchAxes& x) { return x.b && x.s && x.n && x.g && x.d; };
    if (!set(ax) || !set(bx) || !set(cx))
      ::sk_trap(3, "Matmul::IterateNBatch: the tiling has no batch layout: SetALayout/SetBLayout/SetCLayout or "
                   "SetBatchInfoForNormal in the host tiling");
    uint32_t batchC = std::max(batchA, batchB);
    if (cx.g == 1 && (ax.g != 1 || bx.g != 1)) batchC /= std::max(ax.g, bx.g);
    detail::MatmulJob base = job_;
    for (uint32_t l = 0; l < batchLoop; ++l) {
      job_ = base;
      job_.a += detail::nBatchOffset(A_TYPE::layout, batchA, l, ax) * sizeof(SrcT);
      job_.b += detail::nBatchOffset(B_TYPE::layout, batchB, l, bx) * sizeof(SrcT);
      job_.bias += (uint64_t)cx.d * batchC * l * sizeof(BiasT);
      restart_ = true;
      RunBatch(BatchC(l, batchC), batchA, batchB, enSequentialWrite, matrixStrideA, matrixStrideB, matrixStrideC, false, 0);
    }
    job_ = base;
    restart_ = true;
    nBatchLoops_ = batchLoop, nBatchTaken_ = 0, nBatchC_ = batchC;
  }
  // The next loop's C of the last IterateNBatch (its batches in C's layout, in the workspace).
  template <bool sync = true> __aicore__ GlobalTensor<DstT> GetBatchTensorC(uint32_t batchA, uint32_t batchB, bool = false) {
    (void)batchA, (void)batchB;
    if (nBatchTaken_ >= nBatchLoops_)
      ::sk_trapf(3, "Matmul::GetBatchTensorC: the last IterateNBatch computed %u loops, all taken", nBatchLoops_);
    return BatchC(nBatchTaken_++, nBatchC_);
  }
  // ... or copied into UB (C NORMAL or BNGS1S2: the loop's batches are one dense block).
  template <bool sync = true>
  __aicore__ void GetBatchTensorC(const LocalTensor<DstT>& c, uint32_t batchA, uint32_t batchB, bool enSequentialWrite = false) {
    static_assert(C_TYPE::layout == LayoutMode::NORMAL || C_TYPE::layout == LayoutMode::BNGS1S2,
                  "Matmul::GetBatchTensorC into UB: C's layout must be NORMAL or BNGS1S2 (its batches dense)");
    GlobalTensor<DstT> gm = GetBatchTensorC<sync>(batchA, batchB, enSequentialWrite);
    uint32_t elems = nBatchC_ * (uint32_t)job_.singleM * (uint32_t)job_.singleN;
    CheckUbC(c, elems);
    ::sk_data_copy_2d(c.HostPtr(), gm.HostPtr(), 1, detail::ceilTo((uint32_t)(elems * sizeof(DstT)), 32), 0, 0);
    uint64_t copied = ::sk_pipe_done(SK_PIPE_MTE2);
    ::sk_pipe_wait(SK_PIPE_V, copied);
    ::sk_pipe_wait(SK_PIPE_MTE3, copied);
  }
#endif
  // Which AIV of the block this client speaks for (CANN kernels set it from GetSubBlockIdx()).
  __aicore__ void SetSubBlockIdx(uint8_t idx) { subBlock_ = idx, subBlockSet_ = true; }
  __aicore__ uint8_t GetSubBlockIdx() const { return subBlockSet_ ? subBlock_ : (uint8_t)AscendC::GetSubBlockIdx(); }
  // Scratch the hardware's Matmul may use for format conversions: not needed here.
  __aicore__ void SetLocalWorkspace(const LocalTensor<uint8_t>&) {}
  // Where an asynchronous Iterate leaves C's blocks for GetTensorC<false> to take. A tensor gives
  // its address only, as CANN takes it: the SDK's matmul_async_iterate hands each core a view of
  // one workspace whose declared size runs short of the last core's C (a write past the
  // allocation itself is a device exception anyway).
  template <class T> __aicore__ void SetWorkspace(const GlobalTensor<T>& addr) {
    workspace_ = (uint64_t)addr.HostPtr(), workspaceBytes_ = 0;
  }
  template <class T> __aicore__ void SetWorkspace(__gm__ const T* addr, int size) {
    workspace_ = (uint64_t)addr, workspaceBytes_ = (uint64_t)size * sizeof(T);
  }

  // The next baseM x baseN block of C; false when every block is done. Iterate<false> starts
  // them all at once: each GetTensorC<false> then takes the next (while (Iterate<false>()) loops
  // end once all are taken).
  template <bool sync = true> __aicore__ bool Iterate(bool enPartialSum = false) {
    if constexpr (!sync) return StartAsync();
    if constexpr (kClient) {
      detail::MatmulMsg* m = detail::matmulMsg(detail::matmulClient(GetSubBlockIdx()));
      m->partial = enPartialSum;
      return Send(detail::kMatmulIterate, true).result != 0;
    } else {
      TakeJob();
      return cube_.Iterate(enPartialSum);
    }
  }
  // The next block into the caller's L0C tensor (C at CO1, Nz, rows padded to 16); the caller
  // hands it on through its CO1 queue and Fixpipes it.
  template <bool sync = true, typename T> __aicore__ bool Iterate(bool enPartialSum, const LocalTensor<T>& localCmatrix) {
    static_assert(std::is_same_v<T, typename GetMmDstType<SrcT>::Type>,
                  "Matmul::Iterate into an L0C tensor: the tensor's type is GetMmDstType<A's type>::Type");
    if constexpr (kClient) {
      ::sk_trap(3, "Matmul::Iterate into an L0C tensor: L0C belongs to the AIC (an AIV's C is in GM or VECIN)");
      return false;
    } else {
      TakeJob();
      return cube_.Iterate(enPartialSum, (uint8_t*)localCmatrix.HostPtr(), (uint64_t)localCmatrix.GetSize() * sizeof(T));
    }
  }
  template <bool sync = true> __aicore__ void GetTensorC(const GlobalTensor<DstT>& gm, uint8_t enAtomic = 0, bool enSequentialWrite = false) {
    if (!sync && asyncActive_) TakeAsync(true);  // computes the block it takes (an AIV's C into GM goes through the AIC)
    if constexpr (kClient) {
      static_assert(C_TYPE::format != CubeFormat::NZ, "Matmul: an AIV's GetTensorC into GM writes ND; use IterateAll for NZ");
      detail::MatmulMsg* m = detail::matmulMsg(detail::matmulClient(GetSubBlockIdx()));
      m->dst = (uint64_t)gm.HostPtr(), m->enAtomic = enAtomic, m->sequential = enSequentialWrite;
      Send(detail::kMatmulCopyOut, false, false);
    } else {
      cube_.GetTensorC(gm.HostPtr(), enAtomic, enSequentialWrite);
    }
  }
  // An AIV's block into its UB (C at VECIN), from the block the AIC staged packed: ND rows curN
  // apart; NZ column blocks of 16 columns, ceil16(curM) rows each; ND_ALIGN rows padded with 0
  // to ceil(curN, 32 / sizeof(DstT)) (CANN's DataCopyPad of the single-core C: the block must
  // be the whole single-core C). With doPad (the MIX client's form, ops-transformer's prompt
  // flash attention) the block's bytes are taken as DataCopyPad takes GM: `height` rows of `width`
  // elements, srcGap bytes after each, each row padded with zeros to 32 bytes and dstGap 32-byte
  // blocks apart in UB; without it height, width and the gaps are ignored, as CANN's client does.
  template <bool sync = true, bool doPad = false>
  __aicore__ void GetTensorC(const LocalTensor<DstT>& local, uint8_t enAtomic = 0, bool enSequentialWrite = false,
                             uint32_t height = 0, uint32_t width = 0, uint32_t srcGap = 0, uint32_t dstGap = 0) {
    if (!kClient) ::sk_trap(3, "Matmul::GetTensorC into a LocalTensor: C in UB exists on the AIVs of a MIX kernel");
    if (enAtomic) ::sk_trap(3, "Matmul::GetTensorC into a LocalTensor: enAtomic must be 0 (atomics apply to GM)");
    const uint8_t* staged = !sync && asyncActive_ ? TakeAsync(false) : StagingOf(detail::kStageC);
    if constexpr (doPad) {
      uint64_t rowBytes = (uint64_t)width * sizeof(DstT), blockBytes = (uint64_t)curM_ * curN_ * sizeof(DstT);
      if (height && (uint64_t)(height - 1) * (rowBytes + srcGap) + rowBytes > blockBytes)
        ::sk_trapf(3, "Matmul::GetTensorC<sync, doPad>: %u rows of %u elements %u bytes apart reach past the block (%u x %u)",
                   height, width, (uint32_t)(rowBytes + srcGap), curM_, curN_);
      uint32_t padded = detail::ceilTo(width, 32 / (uint32_t)sizeof(DstT));
      CheckUbC(local, height ? (height - 1) * (padded + dstGap * 32 / (uint32_t)sizeof(DstT)) + padded : 0);
      detail::copyPadIn<DstT>(local.HostPtr(), staged, height, (uint32_t)rowBytes, srcGap, dstGap, true, 0, padded - width, DstT(0));
    } else if constexpr (kSplitM) {  // this AIV's half of the block's rows, each padded to 32 bytes
      static_assert(C_TYPE::format != CubeFormat::NZ, "Matmul with SplitMMatmulPolicy: C in UB as ND or ND_ALIGN");
      uint32_t first = (curM_ + 1) / 2, rows = GetSubBlockIdx() == 0 ? first : curM_ - first;
      uint32_t padded = detail::ceilTo(curN_, 32 / (uint32_t)sizeof(DstT));
      CheckUbC(local, rows * padded);
      const uint8_t* from = staged + (GetSubBlockIdx() == 0 ? 0 : (uint64_t)first * curN_ * sizeof(DstT));
      detail::copyPadIn<DstT>(local.HostPtr(), from, rows, curN_ * sizeof(DstT), 0, 0, true, 0, padded - curN_, DstT(0));
    } else if constexpr (C_TYPE::format == CubeFormat::ND_ALIGN) {
      if (curM_ != (uint32_t)job_.singleM || curN_ != (uint32_t)job_.singleN)
        ::sk_trapf(3, "Matmul::GetTensorC into UB as ND_ALIGN: the block (%u x %u) must be the whole single-core C (%d x %d)",
                   curM_, curN_, job_.singleM, job_.singleN);
      uint32_t c0 = 32 / sizeof(DstT), padded = detail::ceilTo(curN_, c0);
      CheckUbC(local, curM_ * padded);
      detail::copyPadIn<DstT>(local.HostPtr(), staged, curM_, curN_ * sizeof(DstT), 0, 0, true, 0, padded - curN_, DstT(0));
    } else {
      uint32_t elems = C_TYPE::format == CubeFormat::NZ ? detail::ceilTo(curM_, 16) * detail::ceilTo(curN_, 16) : curM_ * curN_;
      CheckUbC(local, elems);
      ::sk_data_copy_2d(local.HostPtr(), staged, 1, detail::ceilTo((uint32_t)(elems * sizeof(DstT)), 32), 0, 0);
    }
    // C is in UB when GetTensorC returns, for whichever pipe reads it next: V (compute) or MTE3
    // (a copy out straight from the VECIN tensor, as kernels hand C on through a VECIN queue).
    uint64_t copied = ::sk_pipe_done(SK_PIPE_MTE2);
    ::sk_pipe_wait(SK_PIPE_V, copied);
    ::sk_pipe_wait(SK_PIPE_MTE3, copied);
  }
  // The next block of an asynchronous Iterate (C at VECIN) where the AIC left it in the workspace
  // (SetWorkspace): curM x curN, written as GetTensorC's enSequentialWrite writes; the caller
  // copies it on.
  template <bool sync = true> __aicore__ GlobalTensor<DstT> GetTensorC(uint8_t enAtomic = 0, bool enSequentialWrite = false) {
    static_assert(C_TYPE::pos == TPosition::VECIN, "Matmul::GetTensorC(): the workspace's C needs C at TPosition::VECIN");
    if (!kClient) ::sk_trap(3, "Matmul::GetTensorC(): C at VECIN exists on the AIVs of a MIX kernel");
    if (enAtomic || enSequentialWrite)
      ::sk_trap(3, "Matmul::GetTensorC(): enAtomic and enSequentialWrite must be 0 (the block stays in the workspace)");
    if (!asyncActive_)
      ::sk_trap(3, "Matmul::GetTensorC(): the workspace holds C's blocks after an asynchronous Iterate<false>; call it first");
    const uint8_t* block = TakeAsync(false);
    GlobalTensor<DstT> gm;
    gm.SetGlobalBuffer((__gm__ DstT*)block, curM_ * curN_);
    return gm;
  }
  template <bool sync = true>
  __aicore__ void IterateAll(const GlobalTensor<DstT>& gm, uint8_t enAtomic = 0, bool enSequentialWrite = false,
                             bool waitIterateAll = false, bool fakeMsg = false) {
    if constexpr (kClient) {
      detail::MatmulMsg* m = detail::matmulMsg(detail::matmulClient(GetSubBlockIdx()));
      m->dst = (uint64_t)gm.HostPtr(), m->enAtomic = enAtomic, m->sequential = enSequentialWrite;
      restart_ = true;
      Send(detail::kMatmulIterateAll, true, false);
      restart_ = true;
    } else {
      TakeJob();
      cube_.Restart();
      while (cube_.Iterate()) cube_.GetTensorC(gm.HostPtr(), enAtomic, enSequentialWrite);
    }
  }
  __aicore__ void WaitIterateAll() {}
  __aicore__ void WaitGetTensorC() {}  // GetTensorC is synchronous here
  __aicore__ void End() {
    DrainAsync();
    restart_ = true;
  }

  // The AIC's side of one message (REGIST_MATMUL_OBJ's server). The two AIVs' requests
  // interleave: each has its own job and place in it.
  // Returns whether the server still answers (an asynchronous Iterate answered per block).
  __aicore__ bool Serve(detail::MatmulMsg& m, uint32_t client) {
    uint32_t sub = client % 2;
    if (m.restart) clientJob_[sub] = m.job, clientNext_[sub] = 0;
    cube_.SetJob(clientJob_[sub], clientNext_[sub]);
    __gm__ DstT* staged = (__gm__ DstT*)detail::matmulStaging(client, BlockBytes());
    switch (m.cmd) {
      case detail::kMatmulIterate:
        // L0C is the AIC's: a partial sum must add to this AIV's own block.
        if (m.partial && lastClient_ != sub)
          ::sk_trap(3, "Matmul::Iterate(enPartialSum) in a MIX kernel: the other AIV's Iterate came between, L0C holds its block");
        m.result = cube_.Iterate(m.partial);
        lastClient_ = sub;
        if (m.result) cube_.GetTensorC(staged, 0, true);
        m.curM = cube_.CurM(), m.curN = cube_.CurN();
        break;
      case detail::kMatmulIterateAll:
        while (cube_.Iterate()) cube_.GetTensorC((__gm__ DstT*)m.dst, m.enAtomic, m.sequential);
        break;
      case detail::kMatmulIterateBatch:  // only clients of a batchable type send it (RunBatch)
        if constexpr (kBatchable) cube_.IterateBatch((__gm__ DstT*)m.dst, m.batch);
        break;
      case detail::kMatmulCopyOut:
        cube_.CopyStaged((__gm__ DstT*)m.dst, staged, cube_.CurN(), m.enAtomic, m.sequential);
        break;
      case detail::kMatmulInit: {  // the tiling an AIV's Init staged; the same again changes nothing
        TCubeTiling t;
        ::sk_data_copy(&t, detail::matmulStaging(client, sizeof t), sizeof t);
        const TCubeTiling* had = cube_.Tiling();
        // Another tiling: the cube's buffers laid out anew. The AIVs of a block switch together
        // (the cube holds one tiling, and the other AIV's job continues under the new one).
        if (!had || __builtin_memcmp(had, &t, sizeof t) != 0) Setup(&t, pipe_);
        break;
      }
      case detail::kMatmulIterateAsync: {
        __gm__ DstT* dst = (__gm__ DstT*)m.dst;
        while (cube_.Iterate()) {
          cube_.GetTensorC(dst, 0, true);
          dst += cube_.CurM() * cube_.CurN();
          ::sk_cross_set(4, SK_PIPE_FIX, detail::kMatmulResponseFlag + 16 * sub);
        }
        lastClient_ = sub;
        clientNext_[sub] = cube_.Next();
        return false;
      }
      default:
        ::sk_trapf(3, "Matmul server: unknown request %u", m.cmd);
    }
    clientNext_[sub] = cube_.Next();
    return true;
  }

 private:
  __aicore__ uint64_t BlockBytes() const { return (uint64_t)baseM_ * baseN_ * sizeof(DstT); }
  __aicore__ void RunBatch(const GlobalTensor<DstT>& gm, uint32_t batchA, uint32_t batchB, bool sequential, uint32_t strideA,
                           uint32_t strideB, uint32_t strideC, bool partial, uint8_t enAtomic) {
    static_assert(kBatchable, "Matmul::IterateBatch: A, B and C each need a LayoutMode: NORMAL for all three, or BSNGD, SBNGD "
                              "and BNGS1S2 in any mix; BSNGD / SBNGD matrices ND, an NZ C BNGS1S2");
    detail::MatmulBatch bt;
    bt.batchA = batchA, bt.batchB = batchB, bt.strideA = strideA, bt.strideB = strideB, bt.strideC = strideC;
    bt.sequential = sequential, bt.partial = partial, bt.enAtomic = enAtomic, bt.biasBatch = Config().isBiasBatch;
    if constexpr (kClient) {
      detail::MatmulMsg* m = detail::matmulMsg(detail::matmulClient(GetSubBlockIdx()));
      m->batch = bt;
      m->dst = (uint64_t)gm.HostPtr();
      restart_ = true;
      Send(detail::kMatmulIterateBatch, true, false);
      restart_ = true;
    } else {
      TakeJob();
      cube_.IterateBatch(gm.HostPtr(), bt);
      restart_ = true;
    }
  }
  // Loop l's C of IterateNBatch in the workspace.
  __aicore__ GlobalTensor<DstT> BatchC(uint32_t l, uint32_t batchC) const {
    GlobalTensor<DstT> gm;
    gm.SetGlobalBuffer((__gm__ DstT*)workspace_ + detail::nBatchOffset(C_TYPE::layout, batchC, l, axes_[2]));
    return gm;
  }
  // The compile-time config (MM_CFG is a MatmulConfig or a constant tiling holding one).
  __aicore__ static constexpr MatmulConfig Config() { return ToMatmulConfig(MM_CFG); }
  // How the AIC reads a staged UB matrix: dense rows, or on Ascend 950 ND rows padded to 32 bytes.
  template <class TYPE> __aicore__ static constexpr uint8_t UbDense() {
#if defined(__NPU_ARCH__) && __NPU_ARCH__ == 3510
    return TYPE::format == CubeFormat::ND ? 2 : 1;
#else
    return 1;
#endif
  }
  // The L1 address of a TSCM tensor handed to `setter` (an exception if it is not in L1).
  template <class T> __aicore__ uint64_t TscmAddress(const LocalTensor<T>& l1, const char* setter) {
    if (detail::memOf(l1.GetPosition()) != SK_MEM_L1) ::sk_trapf(3, "Matmul::%s(TSCM): the tensor is not in L1 (TSCM)", setter);
    // An AIV's TSCM (the AIC's L1) is filled by MTE2 from GM or MTE3 from UB; the request to the AIC follows on MTE2.
    if constexpr (kClient) ::sk_pipe_wait(SK_PIPE_MTE2, ::sk_pipe_done(SK_PIPE_MTE3));
    return (uint64_t)l1.HostPtr();
  }
  __aicore__ void SetTscm(const LocalTensor<SrcT>& l1, bool transposed, bool isA) {
    if (transposed) ::sk_trapf(3, "Matmul::SetTensor%c(TSCM): a transposed TSCM input is not simulated", isA ? 'A' : 'B');
    uint64_t address = TscmAddress(l1, isA ? "SetTensorA" : "SetTensorB");
    if (isA) job_.a = address, job_.transA = 0, job_.aDense = 0, job_.aL1 = 1;
    else if (sizeof(SrcT) == 4) ::sk_trap(3, "Matmul::SetTensorB(TSCM): a float B in TSCM is not simulated");
    else job_.b = address, job_.transB = 0, job_.bDense = 0, job_.bL1 = 1;
    restart_ = true;
  }
  __aicore__ void CheckUbC(const LocalTensor<DstT>& local, uint32_t elems) const {
    if (local.GetSize() < detail::ceilTo(elems, 32 / sizeof(DstT)))
      ::sk_trapf(3, "Matmul::GetTensorC: the UB tensor holds %u elements, the block needs %u", (uint32_t)local.GetSize(), elems);
  }
  // This AIV's staging area in the system workspace: the C block at its start, A after it, B at
  // its end (each 512-byte aligned), A and B as big as the last UB tensor handed over.
  __aicore__ uint8_t* StagingOf(uint32_t part) const {
    uint8_t* base = detail::matmulStaging(detail::matmulClient(GetSubBlockIdx()), BlockBytes());
    if (part == detail::kStageC) return base;
    if (part == detail::kStageA) return base + detail::ceilTo((uint32_t)BlockBytes(), 512);
    return base + detail::matmulStagingBytes() / 512 * 512 - bStage_;
  }
  // Copies UB tensor `ub` (A or B) verbatim to its staging area (after the vector work or the
  // copy in that made it: V, MTE2 -> MTE3; the request flag, on MTE2, after the copy); returns
  // the bytes it takes.
  __aicore__ uint32_t StageUb(const LocalTensor<SrcT>& ub, bool isA) {
    if constexpr (!kClient) ::sk_trap(3, "Matmul::SetTensorA/B(LocalTensor): VECOUT inputs exist on the AIVs of a MIX kernel");
    uint32_t bytes = detail::ceilTo((uint32_t)(ub.GetSize() * sizeof(SrcT)), 32), room = detail::ceilTo(bytes, 512);
    uint64_t used = detail::ceilTo((uint32_t)BlockBytes(), 512) + (isA ? room + bStage_ : aStage_ + room);
    if (used > detail::matmulStagingBytes())
      ::sk_trapf(3, "Matmul::SetTensor%c(LocalTensor): %u bytes do not fit the %llu bytes of system workspace this AIV stages in",
                 isA ? 'A' : 'B', bytes, (unsigned long long)detail::matmulStagingBytes());
    if (!isA) bStage_ = room;
    ::sk_pipe_wait(SK_PIPE_MTE3, ::sk_pipe_done(SK_PIPE_V));
    ::sk_pipe_wait(SK_PIPE_MTE3, ::sk_pipe_done(SK_PIPE_MTE2));
    ::sk_data_copy_2d(StagingOf(isA ? detail::kStageA : detail::kStageB), ub.HostPtr(), 1, bytes, 0, 0);
    ::sk_pipe_wait(SK_PIPE_MTE2, ::sk_pipe_done(SK_PIPE_MTE3));
    return room;
  }
  __aicore__ void TakeJob() {
    if (!Initialized()) InitFromStaticTiling(GetTPipePtr());
    if (restart_) cube_.SetJob(job_);
    restart_ = false;
  }
  // Iterate<false>: the blocks are computed as GetTensorC<false> asks for them (an AIV's C into
  // UB: all at once by the AIC, into the workspace, on the first).
  __aicore__ bool StartAsync() {
    if (asyncActive_ && (asyncLeft_ || !restart_)) {  // a while (Iterate<false>()) loop's later calls
      if (!asyncLeft_) asyncActive_ = false;
      return asyncLeft_ != 0;
    }
    DrainAsync();
    if (!Initialized()) InitFromStaticTiling(GetTPipePtr());
    asyncActive_ = true, asyncSent_ = false;
    asyncLeft_ = detail::ceilTo((uint32_t)job_.singleM, baseM_) / baseM_ * (detail::ceilTo((uint32_t)job_.singleN, baseN_) / baseN_);
    asyncDone_ = 0;
    return true;
  }
  // The next block of an asynchronous Iterate: into GM, computed now and copied out by the
  // caller's GetTensorC; into UB (an AIV's), the place in the workspace the AIC left it.
  __aicore__ const uint8_t* TakeAsync(bool intoGm) {
    if (!asyncLeft_) ::sk_trap(3, "Matmul::GetTensorC<false>: every block of the asynchronous Iterate was taken already");
    --asyncLeft_;
    if (intoGm) {
      if (asyncSent_) ::sk_trap(3, "Matmul::GetTensorC<false>: one asynchronous Iterate's blocks go all to UB or all to GM");
      Iterate<true>();
      return nullptr;
    }
    if (!asyncSent_) {
      uint64_t need = (uint64_t)job_.singleM * job_.singleN * sizeof(DstT);
      if (!workspace_)
        ::sk_trap(3, "Matmul::Iterate<false> with C into UB: call SetWorkspace first (the AIC leaves C's blocks there)");
      if (workspaceBytes_ && workspaceBytes_ < need)
        ::sk_trapf(3, "Matmul::SetWorkspace: %llu bytes, the asynchronous Iterate's C (%d x %d) needs %llu",
                   (unsigned long long)workspaceBytes_, job_.singleM, job_.singleN, (unsigned long long)need);
      detail::matmulMsg(detail::matmulClient(GetSubBlockIdx()))->dst = workspace_;
      Send(detail::kMatmulIterateAsync, true, false);
      asyncSent_ = true, asyncOffset_ = 0;
    }
    ::sk_cross_wait(detail::kMatmulResponseFlag);
    uint32_t blocksM = detail::ceilTo((uint32_t)job_.singleM, baseM_) / baseM_, bm, bn;
    uint32_t blocksN = detail::ceilTo((uint32_t)job_.singleN, baseN_) / baseN_;
    detail::blockOf(asyncDone_++, blocksM, blocksN, orderN_, stepM_, stepN_, bm, bn);
    curM_ = std::min<uint32_t>(baseM_, job_.singleM - bm * baseM_);
    curN_ = std::min<uint32_t>(baseN_, job_.singleN - bn * baseN_);
    const uint8_t* block = (const uint8_t*)workspace_ + asyncOffset_;
    asyncOffset_ += (uint64_t)curM_ * curN_ * sizeof(DstT);
    return block;
  }
  // Takes the answers for blocks an asynchronous Iterate left untaken (before the next request).
  __aicore__ void DrainAsync() {
    if (asyncSent_)
      for (; asyncLeft_; --asyncLeft_) ::sk_cross_wait(detail::kMatmulResponseFlag);
    asyncActive_ = asyncSent_ = false, asyncLeft_ = 0;
  }
  // Sends one request to the AIC and, unless it is the last, waits for its answer.
  __aicore__ detail::MatmulMsg& Send(uint32_t cmd, bool withJob, bool clearTarget = true) {
    if (cmd != detail::kMatmulIterateAsync && asyncSent_) DrainAsync();
    detail::MatmulMsg* m = detail::matmulMsg(detail::matmulClient(GetSubBlockIdx()));
    m->cmd = cmd;
    m->obj = index_;
    m->aivs = (uint32_t)GetTaskRation();
    m->restart = withJob && restart_;
    if (m->restart) m->job = job_;
    if (withJob) restart_ = false;
    if (clearTarget) m->dst = 0, m->enAtomic = 0, m->sequential = 0;
    ::sk_cross_set(4, SK_PIPE_MTE2, detail::kMatmulRequestFlag);
    if (cmd != detail::kMatmulQuit && cmd != detail::kMatmulIterateAsync) {
      ::sk_cross_wait(detail::kMatmulResponseFlag);
      curM_ = m->curM, curN_ = m->curN;
    }
    return *m;
  }

  MatmulCube<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE> cube_;
  detail::MatmulJob job_;
  detail::MatmulJob clientJob_[2];  // the AIC serving a MIX kernel: per AIV
  uint32_t clientNext_[2] = {}, lastClient_ = 2;  // the AIV whose block is in L0C (2: none)
  uint32_t index_ = 0, baseM_ = 0, baseN_ = 0, curM_ = 0, curN_ = 0;
  TPipe* pipe_ = nullptr;
  uint32_t aStage_ = 0, bStage_ = 0;  // bytes of the staged UB A and B (0: in GM)
  detail::MatmulBatch batch_;         // SetBatchNum's counts (cube-only kernels)
  detail::BatchAxes axes_[3] = {};    // the tiling's layouts of A, B, C
  uint32_t nBatchLoops_ = 0, nBatchTaken_ = 0, nBatchC_ = 0;  // the last IterateNBatch
  bool restart_ = true, registered_ = false, subBlockSet_ = false;
  uint8_t subBlock_ = 0;
  uint64_t workspace_ = 0, workspaceBytes_ = 0;  // SetWorkspace's (bytes 0: not known)
  uint64_t asyncOffset_ = 0;                     // of the next block in the workspace
  uint32_t asyncLeft_ = 0, asyncDone_ = 0;       // blocks of the asynchronous Iterate to take, taken
  bool asyncActive_ = false, asyncSent_ = false;  // an Iterate<false> is under way; its request went to the AIC
  bool orderN_ = false;                           // the block order (detail::blockOf)
  int32_t stepM_ = 0, stepN_ = 0;
};

// CANN's implementation class, which cube-only kernels name directly.
template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE = C_TYPE, const auto& MM_CFG = CFG_NORM,
          class MM_CB = MatmulCallBackFunc<nullptr, nullptr, nullptr>,
          template <const auto&, typename...> class MATMUL_POLICY = Impl::Detail::MatmulPolicy>
using MatmulImpl = Matmul<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE, MM_CFG, MM_CB, MATMUL_POLICY>;

namespace detail {
template <class... MMs> struct MatmulSet {
  // Every registered object with its tiling (a null tiling: the kernel calls Init itself). The
  // tiling comes as a TCubeTiling pointer or, as some kernels pass it, a void pointer to one.
  template <class P> __aicore__ static const TCubeTiling* TilingOf(P t) {
    static_assert(std::is_pointer_v<P> || std::is_null_pointer_v<P>, "REGIST_MATMUL_OBJ: each object's tiling is a pointer");
    if constexpr (std::is_null_pointer_v<P>) return nullptr;
    else return (const TCubeTiling*)t;
  }
  // The last object may come without a tiling (swin_attention_ffn registers its one object so and
  // calls Init itself): as with a null one.
  template <class MM> __aicore__ static void Init(TPipe* pipe, uint32_t index, MM& mm) { Init(pipe, index, mm, nullptr); }
  template <class MM> __aicore__ static void Bounce(TPipe* pipe, MM& mm) { Bounce(pipe, mm, nullptr); }
  template <class MM> __aicore__ static bool Serve(uint32_t index, MatmulMsg& m, uint32_t client, MM& mm) {
    return Serve(index, m, client, mm, nullptr);
  }
  template <class MM, class P, class... Rest> __aicore__ static void Init(TPipe* pipe, uint32_t index, MM& mm, P tiling, Rest&&... rest) {
    mm.SetIndex(index, pipe);
    if (const TCubeTiling* t = TilingOf(tiling)) mm.Setup(t, pipe);
    if constexpr (sizeof...(Rest) > 0) Init(pipe, index + 1, rest...);
  }
  template <class MM, class P, class... Rest> __aicore__ static void Bounce(TPipe* pipe, MM& mm, P, Rest&&... rest) {
    mm.Cube().InitBounce(pipe);
    if constexpr (sizeof...(Rest) > 0) Bounce(pipe, rest...);
  }
  template <class MM, class P, class... Rest>
  __aicore__ static bool Serve(uint32_t index, MatmulMsg& m, uint32_t client, MM& mm, P, Rest&&... rest) {
    if (index == m.obj) return mm.Serve(m, client);
    if constexpr (sizeof...(Rest) > 0) return Serve(index + 1, m, client, rest...);
    ::sk_trapf(3, "Matmul server: request for object %u, of which %u are registered", m.obj, index + 1);
    return false;
  }
};

// The AIC of a MIX kernel: serves its AIVs' Matmul requests, in turn, until each has quit.
template <class... Args> __aicore__ inline void serveMatmul(TPipe* pipe, Args&&... args) {
  MatmulSet<>::Init(pipe, 0, args...);
  MatmulSet<>::Bounce(pipe, args...);
#ifdef __SK_MIX_KERNEL__
  constexpr uint32_t aivs = __SK_MIX_KERNEL__;
#else
  constexpr uint32_t aivs = 2;
#endif
  // A kernel compiled for two AIVs may be launched MIX 1:1 (single-source kernels are compiled
  // before their launches are known): AIV 0's messages say how many AIVs there are.
  bool quit[2] = {aivs < 1, aivs < 2};
  while (!(quit[0] && quit[1]))
    for (uint32_t sub = 0; sub < 2; ++sub) {
      if (quit[sub]) continue;
      ::sk_cross_wait(kMatmulRequestFlag + 16 * sub);
      uint32_t client = matmulClient(sub);
      MatmulMsg& m = *matmulMsg(client);
      if (sub == 0 && m.aivs == 1) quit[1] = true;
      if (m.cmd == kMatmulQuit) {
        quit[sub] = true;
        continue;
      }
      if (MatmulSet<>::Serve(0, m, client, args...)) ::sk_cross_set(4, SK_PIPE_FIX, kMatmulResponseFlag + 16 * sub);
    }
}

template <class... Args> __aicore__ inline void registMatmul(TPipe* pipe, Args&&... args) { MatmulSet<>::Init(pipe, 0, args...); }
}  // namespace detail

}  // namespace AscendC

// REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm1, &tiling1, mm2, &tiling2, ...). In a MIX
// kernel the AIC serves its AIVs here and returns from the kernel, as on the hardware.
#if defined(__SK_MIX_KERNEL__) && !defined(ASCENDC_CUBE_ONLY)
#define REGIST_MATMUL_OBJ(tpipe, workspace, ...)                        \
  do {                                                                  \
    if (g_coreType == ::AscendC::AIC) {                                 \
      ::AscendC::detail::serveMatmul(tpipe, __VA_ARGS__);               \
      return;                                                           \
    }                                                                   \
    ::AscendC::detail::registMatmul(tpipe, __VA_ARGS__);                \
  } while (0)
#else
#define REGIST_MATMUL_OBJ(tpipe, workspace, ...) ::AscendC::detail::registMatmul(tpipe, __VA_ARGS__)
#endif
#define REGIST_CUBE_OBJ REGIST_MATMUL_OBJ

// Kernels write `using namespace matmul;` for the Matmul API's names.
namespace matmul = AscendC;

// The config types and constants at file scope too, as CANN declares them (`using MT =
// matmul::MatmulImpl<A, B, C, Bias, CFG_MDL>;` outside any namespace).
using AscendC::BatchMode;
using AscendC::BatchOutMode;
using AscendC::CFG_IBSHARE_NORM;
using AscendC::CFG_MDL;
using AscendC::CFG_NORM;
using AscendC::GetBasicConfig;
using AscendC::GetIBShareNormConfig;
using AscendC::GetMDLConfig;
using AscendC::GetMMConfig;
using AscendC::GetNormalConfig;
using AscendC::GetSpecialMDLConfig;
using AscendC::IterateMode;
using AscendC::IterateOrder;
using AscendC::MatmulApiStaticTiling;
using AscendC::MatmulConfig;
using AscendC::MatmulConfigMode;
using AscendC::MatmulBatchParams;
using AscendC::MatmulBiasParams;
using AscendC::MatmulFuncParams;
using AscendC::MatmulQuantParams;
using AscendC::MatmulShapeParams;
using AscendC::MM_CFG_BB;
using AscendC::ScheduleType;

#endif /* SK_ASCENDC_MATMUL_H */
