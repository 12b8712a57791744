// SuperKernel's AscendC layer: the language extensions, element types, enums and constants of
// AscendC kernels (written from the public AscendC API reference; docs/ascendc.md), mapped onto
// the device ABI of include/sk/kernel.h. Kernels are C++17 compiled for the host ISA by sk_cc.
#ifndef SK_ASCENDC_BASE_H
#define SK_ASCENDC_BASE_H

#include <stddef.h>
#include <stdint.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <tuple>
#include <type_traits>
#include <utility>

#define SK_KERNEL_C_ONLY
#include "sk/kernel.h"
#undef SK_KERNEL_C_ONLY
#include "sk_ascendc/builtin_types.h"  // the language extensions, half, bfloat16_t, event_t
#include "sk/sim/minifloat.h"

/* ---- language extensions (qualifiers.h, again: a header included in between may have redefined
   one), and the one that needs sk/kernel.h ---- */
#include "sk_ascendc/qualifiers.h"
// Vector work the headers compute in C++ (the high-level APIs' element loops, which the hardware
// runs as vector instructions and the headers charge to the V pipe): every function declared
// between SK_SIMULATED_BEGIN and SK_SIMULATED_END stays a function of its own, which sk_cc's
// scalar cost leaves uncounted (lib/device_compiler/scalar_cost.cpp).
#define SK_SIMULATED_BEGIN \
  _Pragma("clang attribute push(__attribute__((noinline, annotate(\"sk.simulated\"))), apply_to = function)")
#define SK_SIMULATED_END _Pragma("clang attribute pop")
#define __ssbuf__ __attribute__((address_space(SK_SSBUF_ADDRESS_SPACE)))  // offsets into the block's SSBUF (sk_cc routes the accesses)
// A kernel parameter that is the system workspace (`GM_ADDR __kfc_workspace__ workspace`): sk_cc's
// entry stores it where GetSysWorkSpacePtr() reads, as the device compiler does for a launch, and
// hands the kernel's body the user's part after it (sk_kfc_user_offset bytes on): the SDK's
// samples allocate system + user bytes and use the parameter as their own scratch.
#define __kfc_workspace__ __attribute__((annotate("sk.kfc_workspace")))
#ifndef likely
#define likely(x) __builtin_expect(!!(x), 1)
#endif
#ifndef unlikely
#define unlikely(x) __builtin_expect(!!(x), 0)
#endif

/* ---- element types ---- */
using float16_t = half;
using float32_t = float;
// Types of sub-byte or 8-bit storage. The 8-bit floats convert from and to numbers in scalar
// code as CANN's device types do (`fp8_e4m3fn_t pad = 0;`, `float f = x;`: rounded to nearest,
// ties to even, hifloat8_t's ties away, saturating; sk/sim/minifloat.h); the rest is storage.
// int4b_t: a 4-bit signed value. Tensors of it pack two to a byte, the first in the low nibble
// (their sizes and offsets count elements); one alone takes a byte.
struct int4b_t {
  uint8_t bits;
  int4b_t() = default;
  constexpr int4b_t(int v) : bits((uint8_t)(v & 0xF)) {}
  constexpr operator int() const { return bits & 8 ? (int)bits - 16 : (int)bits; }
};
struct uint1b_t { uint8_t bits; };
struct int2b_t { uint8_t bits; };
namespace sk_detail {
// A number an 8-bit float converts from: what converts to float, other than that type itself.
template <typename V, typename Self>
using IfNumberFor = std::enable_if_t<std::is_convertible_v<V, float> && !std::is_same_v<std::decay_t<V>, Self>, int>;
}  // namespace sk_detail
#define SK_FLOAT8_TYPE(Name, encode, decode)                                                        \
  struct Name {                                                                                    \
    uint8_t bits;                                                                                  \
    Name() = default;                                                                              \
    template <typename V, sk_detail::IfNumberFor<V, Name> = 0> Name(V v) : bits(encode((float)v)) {} \
    operator float() const { return decode(bits); }                                                \
  };
SK_FLOAT8_TYPE(fp8_e4m3fn_t, ::sk::floatToFp8E4m3, ::sk::fp8E4m3ToFloat)
SK_FLOAT8_TYPE(fp8_e5m2_t, ::sk::floatToFp8E5m2, ::sk::fp8E5m2ToFloat)
SK_FLOAT8_TYPE(hifloat8_t, ::sk::floatToHif8, ::sk::hif8ToFloat)
#undef SK_FLOAT8_TYPE
struct fp8_e8m0_t { uint8_t bits; };
// fp4x2_*: 4-bit floats. Tensors of them pack two to a byte, the first in the low nibble, and
// count elements as int4b_t's do; the cube moves their pairs as bytes (Nd2Nz's columns are bytes).
struct fp4x2_e2m1_t {
  uint8_t bits;
  fp4x2_e2m1_t() = default;
  constexpr fp4x2_e2m1_t(int v) : bits((uint8_t)(v & 0xF)) {}
};
struct fp4x2_e1m2_t {
  uint8_t bits;
  fp4x2_e1m2_t() = default;
  constexpr fp4x2_e1m2_t(int v) : bits((uint8_t)(v & 0xF)) {}
};
// int4x2_t: bisheng's builtin pair of 4-bit signed values in one byte (the first in the low
// nibble); a tensor of it counts bytes.
struct int4x2_t { uint8_t bits; };
// bisheng's builtin names for the same types (CANN's fp8_* and fp4x2_* are aliases of them).
using float8_e4m3_t = fp8_e4m3fn_t;
using float8_e5m2_t = fp8_e5m2_t;
using float8_e8m0_t = fp8_e8m0_t;
using float4_e2m1x2_t = fp4x2_e2m1_t;
using float4_e1m2x2_t = fp4x2_e1m2_t;
struct complex32 { half real, imag; };
struct complex64 { float real, imag; };
// Kernels name them in AscendC too (AscendC::int4b_t).
namespace AscendC {
using ::int4b_t;
using ::uint1b_t;
using ::int2b_t;
using ::fp8_e4m3fn_t;
using ::fp8_e5m2_t;
using ::fp8_e8m0_t;
using ::hifloat8_t;
using ::fp4x2_e2m1_t;
using ::fp4x2_e1m2_t;
using ::int4x2_t;
// The MX spellings of the fp8 types CANN 9.0's LoadData MX form names its destination in.
struct mx_fp8_e4m3_t { uint8_t bits; };
struct mx_fp8_e5m2_t { uint8_t bits; };
}  // namespace AscendC


#ifndef K_MAX_SHAPE_DIM
#define K_MAX_SHAPE_DIM 8
#endif

/* ---- pipes and events (compiler built-ins on the device) ---- */
enum pipe_t {
  PIPE_S = SK_PIPE_S, PIPE_V = SK_PIPE_V, PIPE_M = SK_PIPE_M, PIPE_MTE1 = SK_PIPE_MTE1,
  PIPE_MTE2 = SK_PIPE_MTE2, PIPE_MTE3 = SK_PIPE_MTE3, PIPE_FIX = SK_PIPE_FIX, PIPE_ALL = SK_PIPE_ALL
};

// The L2 offset the op build passes a kernel (CATLASS kernels define `g_opSystemRunCfg` of it);
// the simulator's L2 needs none.
struct OpSystemRunCfg {
  uint64_t l2Cacheoffset;
};

// Kernel types (KERNEL_TASK_TYPE_DEFAULT, sk_ascendc/tiling.h): build metadata, so the
// metadata's coreType decides; a single-source program's kernel takes its default from it.
enum KernelMetaType {
  KERNEL_TYPE_AIV_ONLY, KERNEL_TYPE_AIC_ONLY, KERNEL_TYPE_MIX_AIV_1_0, KERNEL_TYPE_MIX_AIC_1_0, KERNEL_TYPE_MIX_AIC_1_1,
  KERNEL_TYPE_MIX_AIC_1_2, KERNEL_TYPE_AICORE, KERNEL_TYPE_VECTORCORE, KERNEL_TYPE_MIX_AICORE,
  KERNEL_TYPE_MIX_VECTOR_CORE, KERNEL_TYPE_MAX
};

/* ---- the core type this object is compiled for (sk_cc compiles once per core type) ---- */
namespace AscendC {
constexpr int32_t MIX = 0;
constexpr int32_t AIC = 1;
constexpr int32_t AIV = 2;
}  // namespace AscendC
#if defined(__DAV_C220_CUBE__) || defined(__DAV_CUBE__)
constexpr int32_t g_coreType = AscendC::AIC;
#define ASCEND_IS_AIV constexpr(g_coreType == AscendC::AIV)
#define ASCEND_IS_AIC constexpr(g_coreType == AscendC::AIC)
#define ASCEND_IS_NOT_AIV constexpr(g_coreType != AscendC::AIV)
#define ASCEND_IS_NOT_AIC constexpr(g_coreType != AscendC::AIC)
#elif defined(__DAV_C220_VEC__) || defined(__DAV_VEC__)
constexpr int32_t g_coreType = AscendC::AIV;
#define ASCEND_IS_AIV constexpr(g_coreType == AscendC::AIV)
#define ASCEND_IS_AIC constexpr(g_coreType == AscendC::AIC)
#define ASCEND_IS_NOT_AIV constexpr(g_coreType != AscendC::AIV)
#define ASCEND_IS_NOT_AIC constexpr(g_coreType != AscendC::AIC)
#else
// Compiled without a core type (not through sk_cc): the branches are decided at run time.
constexpr int32_t g_coreType = AscendC::MIX;
#define ASCEND_IS_AIV (::sk_core_type() == 1)
#define ASCEND_IS_AIC (::sk_core_type() == 0)
#define ASCEND_IS_NOT_AIV (::sk_core_type() != 1)
#define ASCEND_IS_NOT_AIC (::sk_core_type() != 0)
#endif

namespace AscendC {

/* ---- type utilities ---- */
namespace Std {
using std::add_pointer;
using std::add_pointer_t;
using std::conditional;
using std::conditional_t;
using std::decay;
using std::decay_t;
using std::declval;
using std::enable_if;
using std::enable_if_t;
using std::false_type;
using std::get;
using std::integral_constant;
using std::is_arithmetic;
using std::is_array;
using std::is_base_of;
using std::is_const;
using std::is_convertible;
using std::is_floating_point;
using std::is_integral;
using std::is_pointer;
using std::is_reference;
using std::is_same;
using std::is_same_v;
using std::is_signed;
using std::is_unsigned;
using std::is_void;
using std::make_tuple;
using std::remove_const;
using std::remove_const_t;
using std::remove_cv;
using std::remove_cv_t;
using std::remove_pointer;
using std::remove_pointer_t;
using std::remove_reference;
using std::remove_reference_t;
using std::true_type;
using std::tuple;
using std::tuple_element;
using std::tuple_size;
using std::void_t;
// The rest of the documented type traits and utilities (Utils-API, "CPP标准库").
using std::add_const;
using std::add_const_t;
using std::add_cv;
using std::add_cv_t;
using std::add_lvalue_reference;
using std::add_lvalue_reference_t;
using std::add_rvalue_reference;
using std::add_rvalue_reference_t;
using std::add_volatile;
using std::add_volatile_t;
using std::bool_constant;
using std::conjunction;
using std::disjunction;
using std::forward;
using std::index_sequence;
using std::integer_sequence;
using std::is_array_v;
using std::is_base_of_v;
using std::is_const_v;
using std::is_convertible_v;
using std::is_floating_point_v;
using std::is_integral_v;
using std::is_pointer_v;
using std::is_reference_v;
using std::is_void_v;
using std::is_volatile;
using std::is_volatile_v;
using std::make_index_sequence;
using std::make_integer_sequence;
using std::move;
using std::negation;
using std::remove_volatile;
using std::remove_volatile_t;
using std::tuple_element_t;
// The smaller / larger of two values, of one type or two (in their common type).
template <typename T, typename U> __aicore__ constexpr std::common_type_t<T, U> min(const T& a, const U& b) { return b < a ? b : a; }
template <typename T, typename U> __aicore__ constexpr std::common_type_t<T, U> max(const T& a, const U& b) { return a < b ? b : a; }
template <typename T> __aicore__ constexpr T min(std::initializer_list<T> l) {
  T r = *l.begin();
  for (const T& v : l) r = v < r ? v : r;
  return r;
}
template <typename T> __aicore__ constexpr T max(std::initializer_list<T> l) {
  T r = *l.begin();
  for (const T& v : l) r = r < v ? v : r;
  return r;
}
// a rounded up to a multiple of b, and a / b rounded up.
template <typename T, typename U> __aicore__ constexpr auto ceil_div(T a, U b) { return (a + b - 1) / b; }
template <typename T, typename U> __aicore__ constexpr auto ceil_align(T a, U b) { return (a + b - 1) / b * b; }
// Whether T is a tuple.
template <typename T> constexpr size_t tuple_size_v = std::tuple_size<T>::value;
// C++20's, which the kernels' C++17 lacks.
template <typename T> struct remove_cvref {
  using type = std::remove_cv_t<std::remove_reference_t<T>>;
};
template <typename T> using remove_cvref_t = typename remove_cvref<T>::type;
template <typename T> struct is_tuple : std::false_type {};
template <typename... T> struct is_tuple<std::tuple<T...>> : std::true_type {};
template <typename T> constexpr bool is_tuple_v = is_tuple<std::remove_cv_t<T>>::value;
using ignore_t = std::remove_const_t<decltype(std::ignore)>;
// Whether T is one of Ts.
template <typename T, typename... Ts> struct is_one_of : std::disjunction<std::is_same<T, Ts>...> {};
template <typename T, typename... Ts> constexpr bool is_one_of_v = is_one_of<T, Ts...>::value;
// The same as is_same, by the name CATLASS's Ascend 950 kernels use (Std::IsSame<T, half>::value).
template <typename T, typename U> struct IsSame : std::is_same<T, U> {};
// A compile-time integer (the Tensor API's C0 argument: Std::Int<16>).
template <int64_t N> using Int = std::integral_constant<int64_t, N>;
template <typename T, T... Is> using IntegerSequence = std::integer_sequence<T, Is...>;
template <typename T, T N> using MakeIntegerSequence = std::make_integer_sequence<T, N>;
// Math functions: |src| and the square root, in T.
template <typename T> __aicore__ inline T abs(const T src) { return src < T(0) ? T(-src) : src; }
template <typename T> __aicore__ inline T sqrt(const T src) { return static_cast<T>(std::sqrt((double)src)); }
}  // namespace Std

template <bool b> struct BoolInst {
  static constexpr bool value = b;
};
using TrueType = BoolInst<true>;
using FalseType = BoolInst<false>;
template <typename T, typename U> struct IsSameType : FalseType {};
template <typename T> struct IsSameType<T, T> : TrueType {};
template <typename T, typename U> constexpr bool IsSameTypeV = IsSameType<T, U>::value;
template <typename T, typename... Others> struct IsTypeOneOf : BoolInst<(IsSameTypeV<T, Others> || ...)> {};
template <typename T, typename... Others> constexpr bool IsTypeOneOfV = IsTypeOneOf<T, Others...>::value;
template <typename T, typename U, typename... Args> __aicore__ constexpr bool SupportType() {
  return (std::is_same<T, U>::value || ... || std::is_same<T, Args>::value);
}
template <bool B, class T, class F> struct Conditional { using type = T; };
template <class T, class F> struct Conditional<false, T, F> { using type = F; };

// The element type of a tensor type (plain types are their own).
template <typename T> struct PrimTraits { using type = T; };
template <typename T> using PrimT = typename PrimTraits<T>::type;

// Bits of one element in a tensor: int4b_t and the fp4 types pack two to a byte; every other type
// is whole bytes.
template <typename T> struct SizeOfBits { static constexpr uint32_t value = sizeof(T) * 8; };
template <> struct SizeOfBits<int4b_t> { static constexpr uint32_t value = 4; };
template <> struct SizeOfBits<fp4x2_e2m1_t> { static constexpr uint32_t value = 4; };
template <> struct SizeOfBits<fp4x2_e1m2_t> { static constexpr uint32_t value = 4; };
namespace detail {
// Bytes of `count` elements of a tensor of T (a trailing half byte counts), and elements in `bytes`.
template <typename T> constexpr uint64_t bytesOf(uint64_t count) {
  return (count * SizeOfBits<PrimT<T>>::value + 7) / 8;
}
template <typename T> constexpr uint64_t countOf(uint64_t bytes) { return bytes * 8 / SizeOfBits<PrimT<T>>::value; }
// The address of (the byte holding) element n of a tensor of T at p; instructions take an int4b_t
// tensor at an even n, as the hardware requires.
template <typename T, typename P> constexpr P* elementAt(P* p, uint64_t n) {
  if constexpr (SizeOfBits<PrimT<T>>::value < 8) return (P*)((uint8_t*)p + n * SizeOfBits<PrimT<T>>::value / 8);
  else return p + n;
}
// Element n of a 4-bit tensor in the byte holding it (two to a byte, the first in the low nibble),
// and that byte with element n set to v.
constexpr uint8_t nibbleAt(uint8_t byte, uint64_t n) { return (uint8_t)(byte >> (n % 2 * 4) & 0xF); }
constexpr uint8_t withNibble(uint8_t byte, uint64_t n, uint8_t v) {
  return (uint8_t)((byte & ~(0xF << (n % 2 * 4))) | (v & 0xF) << (n % 2 * 4));
}
}  // namespace detail

/* ---- positions, events, modes ---- */
enum class TPosition : uint8_t {
  GM, A1, A2, B1, B2, C1, C2, CO1, CO2, VECIN, VECOUT, VECCALC, LCM = VECCALC, SPM, SHM = SPM, TSCM, C2PIPE2GM,
  C2PIPE2LOCAL, MAX
};
using QuePosition = TPosition;
enum class Hardware : uint8_t { GM, UB, L1, L0A, L0B, L0C, BIAS, FIXBUF, MAX };
using TEventID = int8_t;
constexpr TEventID INVALID_TEVENTID = -1;  // CANN's "no event" (kernels initialise event ids with it)
using TBufHandle = uint8_t*;
using TTagType = int32_t;
// A buffer's description as CANN's queues hand it out (GetBufferAddr), a LocalTensor keeps it
// (its public address_) and takes it back (SetAddr): kernels keep these to rebuild tensors over the
// same memory. Here the handle is the buffer's host address; without one, the buffer is at byte
// bufferAddr of logicPos's local memory (sk_ascendc/tensor.h).
struct TBuffAddr {
  uint32_t dataLen = 0;
  uint32_t bufferAddr = 0;
  TBufHandle bufferHandle = nullptr;
  uint8_t logicPos = 0;
};

enum class HardEvent : uint8_t {
  MTE2_MTE1, MTE1_MTE2, MTE1_M, M_MTE1, MTE2_V, V_MTE2, MTE3_V, V_MTE3, M_V, V_M, V_V, MTE3_MTE1, MTE1_MTE3,
  MTE1_V, MTE2_M, M_MTE2, V_MTE1, M_FIX, FIX_M, MTE3_MTE2, MTE2_MTE3, S_V, V_S, S_MTE2, MTE2_S, S_MTE3, MTE3_S,
  MTE2_FIX, FIX_MTE2, FIX_S, M_S, FIX_MTE3, MTE1_FIX, FIX_MTE1, FIX_FIX,
#if __NPU_ARCH__ == 3510
  FIX_V, V_FIX,  // the 950's Fixpipe writes UB (ops-nn's 950 kernels order it so)
#endif
  MAX
};

enum class RoundMode : uint8_t {
  CAST_NONE = SK_ROUND_NONE, CAST_RINT = SK_ROUND_RINT, CAST_FLOOR = SK_ROUND_FLOOR, CAST_CEIL = SK_ROUND_CEIL,
  CAST_ROUND = SK_ROUND_ROUND, CAST_TRUNC = SK_ROUND_TRUNC, CAST_ODD = SK_ROUND_ODD, CAST_HYBRID = SK_ROUND_HYBRID,
  UNKNOWN, DEFAULT  // the register API's Cast: the conversion's own rounding
};
enum class CMPMODE : uint8_t { LT = SK_CMP_LT, GT, EQ, LE, GE, NE };
enum class SELMODE : uint8_t { VSEL_CMPMASK_SPR = 0, VSEL_TENSOR_SCALAR_MODE, VSEL_TENSOR_TENSOR_MODE };
enum class ReduceOrder : uint8_t { ORDER_VALUE_INDEX = 0, ORDER_INDEX_VALUE, ORDER_ONLY_VALUE, ORDER_ONLY_INDEX };
// The operation of ReduceDataBlock / ReduceRepeat (CANN 9's names for BlockReduce* / WholeReduce*).
enum class ReduceType : uint8_t { SUM = 0, MAX, MIN };
enum class MaskMode : uint8_t { NORMAL = 0, COUNTER };
enum class CacheLine : uint64_t { SINGLE_CACHE_LINE = 0, ENTIRE_DATA_CACHE };
enum class DcciDst : uint64_t { CACHELINE_ALL = 0, CACHELINE_UB, CACHELINE_OUT, CACHELINE_ATOMIC };
enum class CacheMode : uint8_t { CACHE_MODE_NORMAL = 0, CACHE_MODE_DISABLE, CACHE_MODE_LAST, CACHE_MODE_PERSISTENT };
enum class CacheRwMode : uint8_t { READ = 1, WRITE = 2, RW = 3 };
enum class PaddingMode : uint8_t { Normal = 0, Compact };
enum class GatherMaskMode : uint8_t { VERSION_V1 = 0, VERSION_V2 };
constexpr GatherMaskMode defaultGatherMaskMode = GatherMaskMode::VERSION_V1;
enum class TransposeType : uint8_t {
  TRANSPOSE_TYPE_NONE, TRANSPOSE_NZ2ND_0213, TRANSPOSE_NZ2NZ_0213, TRANSPOSE_NZ2NZ_012_WITH_N,
  TRANSPOSE_NZ2ND_012_WITH_N, TRANSPOSE_NZ2ND_012_WITHOUT_N, TRANSPOSE_NZ2NZ_012_WITHOUT_N, TRANSPOSE_ND2ND_ONLY,
  TRANSPOSE_ND_UB_GM, TRANSPOSE_GRAD_ND_UB_GM, TRANSPOSE_ND2ND_B16, TRANSPOSE_NCHW2NHWC, TRANSPOSE_NHWC2NCHW,
  TRANSPOSE_ND2ND_021, TRANSPOSE_ND2ND_102, TRANSPOSE_ND2ND_210, TRANSPOSE_ND2NZ_WITH_INTLV
};
enum class AtomicDtype : uint8_t { ATOMIC_NONE = 0, ATOMIC_F32, ATOMIC_F16, ATOMIC_S16, ATOMIC_S32, ATOMIC_S8, ATOMIC_BF16 };
enum class AtomicOp : uint8_t { ATOMIC_SUM = 0 };

// Kernel types (KERNEL_TASK_TYPE_DEFAULT) are global, as kernels name them unqualified; also
// in AscendC for the qualified spelling.
using ::KernelMetaType;
using ::KERNEL_TYPE_AIV_ONLY, ::KERNEL_TYPE_AIC_ONLY, ::KERNEL_TYPE_MIX_AIV_1_0, ::KERNEL_TYPE_MIX_AIC_1_0,
    ::KERNEL_TYPE_MIX_AIC_1_1, ::KERNEL_TYPE_MIX_AIC_1_2, ::KERNEL_TYPE_AICORE, ::KERNEL_TYPE_VECTORCORE,
    ::KERNEL_TYPE_MIX_AICORE, ::KERNEL_TYPE_MIX_VECTOR_CORE, ::KERNEL_TYPE_MAX;

/* ---- constants (hardware sizes from the simulated arch; the rest fixed by the ISA) ---- */
constexpr uint32_t ONE_BLK_SIZE = 32;
constexpr uint32_t CACHE_LINE_SIZE = 64;  // the scalar data cache's line (DataCacheCleanAndInvalid)
constexpr uint32_t ONE_REPEAT_BYTE_SIZE = 256;
constexpr uint32_t DEFAULT_BLK_NUM = 8;
constexpr uint32_t DEFAULT_BLK_STRIDE = 1;
constexpr uint8_t DEFAULT_REPEAT_STRIDE = 8;
constexpr uint8_t HALF_DEFAULT_REPEAT_STRIDE = 4;
constexpr uint8_t ONE_FOURTH_DEFAULT_REPEAT_STRIDE = 2;
constexpr uint8_t DEFAULT_DATA_COPY_NBURST = 1;  // DataCopyParams' defaults, as CANN names them
constexpr uint8_t DEFAULT_DATA_COPY_STRIDE = 0;
constexpr int32_t MAX_REPEAT_TIMES = 255;
constexpr int32_t DEFAULT_C0_SIZE = 32;
constexpr int32_t HALF_FACTOR = 2;
constexpr uint8_t B32_DATA_NUM_PER_BLOCK = 8;  // elements of one 32-byte block
constexpr uint8_t B16_DATA_NUM_PER_BLOCK = 16;
constexpr int32_t BLOCK_CUBE = 16;
constexpr int32_t CUBE_MAX_SIZE = 256;
constexpr int32_t BYTE_PER_FRACTAL = 512;
constexpr uint32_t ONE_BYTE_BIT_SIZE = 8;
constexpr uint32_t B16_BYTE_SIZE = 2;
// More of CANN's utility constants kernels name (kernel_utils_constants.h), with its types.
constexpr uint8_t B8_BYTE_SIZE = 1;
constexpr int32_t B16_DATA_NUM_PER_REPEAT = 128;  // elements of one 256-byte repeat
constexpr int32_t B32_DATA_NUM_PER_REPEAT = 64;
constexpr uint32_t B64_DATA_NUM_PER_REPEAT = 32;
constexpr uint32_t HALF_REPEAT_SIZE = 128;
constexpr uint32_t FLOAT_REPEAT_SIZE = 64;
constexpr uint32_t MAX_REPEAT_HALF_SIZE = 128 * 255;
constexpr uint32_t MAX_REPEAT_FLOAT_SIZE = 64 * 255;
constexpr int32_t FULL_MASK_LEN = 128;
constexpr int32_t HALF_MASK_LEN = 64;
constexpr int32_t DOUBLE_FACTOR = 2;
constexpr int32_t DEFAULT_BLOCK_SIZE = 256;
constexpr int32_t MAX_BLOCK_COUNT = 4095;
constexpr int32_t MAX_BLOCK_LEN = 65535;
constexpr uint32_t B32_BYTE_SIZE = 4;
constexpr uint32_t B64_BYTE_SIZE = 8;
constexpr uint64_t FULL_MASK = 0xffffffffffffffffull;
constexpr uint64_t MASK_PLACEHOLDER = 0;
constexpr int32_t MAX_EVENT_ID = 8;
#if defined(__NPU_ARCH__) && __NPU_ARCH__ == 3510
constexpr uint32_t TOTAL_UB_SIZE = 253952;
constexpr uint32_t TOTAL_L0C_SIZE = 256 * 1024;
#else
constexpr uint32_t TOTAL_UB_SIZE = 192 * 1024;
constexpr uint32_t TOTAL_L0C_SIZE = 128 * 1024;
#endif
// The UB a kernel's buffers may take: all but the top 8 KiB the library keeps for itself
// (CANN's kernel_utils_constants: 184 KiB of 192 on dav-2201).
constexpr int32_t TOTAL_VEC_LOCAL_SIZE = (int32_t)TOTAL_UB_SIZE - 8 * 1024;
constexpr uint32_t TOTAL_L1_SIZE = 512 * 1024;
constexpr uint32_t TOTAL_L0A_SIZE = 64 * 1024;
constexpr uint32_t TOTAL_L0B_SIZE = 64 * 1024;
constexpr uint64_t RESERVED_WORKSPACE = 16 * 1024 * 1024;
constexpr uint32_t ONE_BLK_FLOAT_NUM = 8;
constexpr uint32_t ONE_BLK_HALF_NUM = 16;
constexpr uint32_t ONE_REPEAT_FLOAT_SIZE = 64;
constexpr uint32_t ONE_REPEAT_HALF_SIZE = 128;
#if __NPU_ARCH__ == 3510
// Only the 950's constants have these two (CANN's kernel_utils_constants.h): A2 kernels define
// their own ONE_BLOCK_SIZE at file scope, which with `using namespace AscendC` would be ambiguous.
constexpr uint32_t ONE_BLOCK_SIZE = 32;
constexpr uint32_t VECTOR_REG_WIDTH = 256;
#endif
constexpr uint32_t BRCB_BROADCAST_NUMBER = 8;
constexpr uint32_t NCHW_CONV_ADDR_LIST_SIZE = 16;
// More of CANN's constants kernels use by name (ops-transformer's: F32_NEG_INF as a float's bits,
// the DropOut modes as its template argument).
constexpr uint32_t F32_INF = 0x7f800000;
constexpr uint32_t F32_NEG_INF = 0xff800000;
constexpr uint32_t F32_NAN = 0x7fc00000;
constexpr uint32_t DROPOUT_MODE_BYTE_MISALIGN = 1;
constexpr uint32_t DROPOUT_MODE_BYTE_ALIGN = 2;
constexpr uint32_t DROPOUT_MODE_BIT_ALIGN = 3;
constexpr uint32_t DROPOUT_MODE_BIT_MISALIGN = 4;
constexpr uint32_t TMP_UB_SIZE = 8 * 1024;
constexpr uint32_t MAX_SLICE_SIZE = 6 * 256;
constexpr uint16_t MASK_ARRAY_SIZE = 4;
constexpr uint16_t MAX_HALF_MASK_LEN = 64;
constexpr int32_t MIN_REPEAT_TIMES = 0;
constexpr int32_t POWER_MASK_NUM = 8;
constexpr int32_t MIN_BLOCK_LEN = 1;
constexpr uint8_t MRG_SORT_ELEMENT_LEN = 4;
constexpr int32_t DEFAULT_REDUCE_DST_REP_STRIDE = 1;
constexpr uint32_t REDUCEV2_MODE_ONE = 1;
constexpr uint32_t REDUCEV2_MODE_TWO = 2;
constexpr uint32_t REDUCEV2_MODE_THREE = 3;
constexpr uint32_t REDUCEV2_MODE_SEVEN = 7;

__aicore__ inline constexpr int16_t GetDataBlockSizeInBytes() { return ONE_BLK_SIZE; }
__aicore__ inline constexpr uint32_t DivCeil(uint32_t a, uint32_t b) { return (a + b - 1) / b; }
__aicore__ inline constexpr uint32_t AlignUp(uint32_t a, uint32_t b) { return DivCeil(a, b) * b; }
__aicore__ inline constexpr uint32_t Ceil(uint32_t a, uint32_t b) { return DivCeil(a, b); }
__aicore__ inline constexpr int32_t CeilDivision(int32_t a, int32_t b) { return (a + b - 1) / b; }

namespace detail {
// The device ABI dtype code of an element type (-1: none).
template <typename T> struct DTypeCode { static constexpr int32_t value = -1; };
template <> struct DTypeCode<float> { static constexpr int32_t value = SK_DT_FLOAT32; };
template <> struct DTypeCode<half> { static constexpr int32_t value = SK_DT_FLOAT16; };
template <> struct DTypeCode<bfloat16_t> { static constexpr int32_t value = SK_DT_BFLOAT16; };
template <> struct DTypeCode<int8_t> { static constexpr int32_t value = SK_DT_INT8; };
template <> struct DTypeCode<uint8_t> { static constexpr int32_t value = SK_DT_UINT8; };
template <> struct DTypeCode<bool> { static constexpr int32_t value = SK_DT_BOOL; };
template <> struct DTypeCode<int16_t> { static constexpr int32_t value = SK_DT_INT16; };
template <> struct DTypeCode<uint16_t> { static constexpr int32_t value = SK_DT_UINT16; };
template <> struct DTypeCode<int32_t> { static constexpr int32_t value = SK_DT_INT32; };
template <> struct DTypeCode<uint32_t> { static constexpr int32_t value = SK_DT_UINT32; };
template <> struct DTypeCode<int64_t> { static constexpr int32_t value = SK_DT_INT64; };
template <> struct DTypeCode<uint64_t> { static constexpr int32_t value = SK_DT_UINT64; };
template <> struct DTypeCode<int4b_t> { static constexpr int32_t value = SK_DT_INT4; };  // Cast and the cube only
template <typename T> constexpr int32_t dtypeOf() {
  constexpr int32_t code = DTypeCode<std::remove_cv_t<T>>::value;
  static_assert(code >= 0, "this element type has no arithmetic on the simulated vector unit");
  return code;
}
#if defined(__NPU_ARCH__) && __NPU_ARCH__ == 3510
constexpr bool kArch3510 = true;  // Ascend 950's own APIs and parameter forms compile there only
#else
constexpr bool kArch3510 = false;
#endif
// The cube's element types beyond the vector unit's: Ascend 950's fp8 (the MX spellings
// mx_fp8_* too), hifloat8 and fp4 (two to a byte) codes; -1 for none of them.
template <typename T> constexpr int32_t minifloatCode() {
  if constexpr (std::is_same_v<T, fp8_e4m3fn_t> || std::is_same_v<T, mx_fp8_e4m3_t>) return SK_DT_FLOAT8_E4M3;
  else if constexpr (std::is_same_v<T, fp8_e5m2_t> || std::is_same_v<T, mx_fp8_e5m2_t>) return SK_DT_FLOAT8_E5M2;
  else if constexpr (std::is_same_v<T, hifloat8_t>) return SK_DT_HIFLOAT8;
  else if constexpr (std::is_same_v<T, fp4x2_e2m1_t>) return SK_DT_FLOAT4_E2M1;
  else if constexpr (std::is_same_v<T, fp4x2_e1m2_t>) return SK_DT_FLOAT4_E1M2;
  else return -1;
}
template <typename T> constexpr int32_t cubeDtypeOf() {
  if constexpr (minifloatCode<T>() >= 0) return minifloatCode<T>();
  else return dtypeOf<T>();
}
// The code a Cast converts T by: the vector unit's, or (Ascend 950) an 8-bit float's; fp4 and the
// E8M0 scale are not cast here.
template <typename T> constexpr int32_t castDtypeOf() {
  constexpr int32_t code = minifloatCode<T>();
  static_assert(code != SK_DT_FLOAT4_E2M1 && code != SK_DT_FLOAT4_E1M2 && !std::is_same_v<T, fp8_e8m0_t>,
                "Cast: the fp4 types and fp8_e8m0_t are not simulated as Cast operands");
  static_assert(code < 0 || kArch3510, "Cast: the 8-bit float types are Ascend 950's (dav-3510)");
  if constexpr (code >= 0) return code;
  else return dtypeOf<T>();
}
// The OCP fp8 pair (e4m3 / e5m2) and the fp4 pair (e2m1 / e1m2): each pairs with itself and
// its twin in Mmad, MmadMx and the Matmul API.
template <typename T> constexpr bool isFp8() {
  return minifloatCode<T>() == SK_DT_FLOAT8_E4M3 || minifloatCode<T>() == SK_DT_FLOAT8_E5M2;
}
template <typename T> constexpr bool isFp4() {
  return minifloatCode<T>() == SK_DT_FLOAT4_E2M1 || minifloatCode<T>() == SK_DT_FLOAT4_E1M2;
}
template <typename T> constexpr bool isMxOperand() { return isFp8<T>() || isFp4<T>(); }
// A value's bits as the scalar operand of an instruction.
template <typename T, typename U> inline uint64_t scalarBits(const U& v) {
  T t = (T)v;
  uint64_t bits = 0;
  std::memcpy(&bits, &t, sizeof(T));
  return bits;
}
// Per-core state slots of the AscendC layer (sk_core_state()).
enum StateSlot {
  kStatePipe = 0,          // the current TPipe (GetTPipePtr)
  kStateSysWorkspace = SK_STATE_SYS_WORKSPACE,  // SetSysWorkspace, or sk_cc's entry
  kStateLivePipes = 2,     // TPipe objects alive on this core
  kStateAtomicOp = 3,      // the sk_atomic mode of SetAtomicAdd/Max/Min (SetAtomicType keeps it)
  kStateCtrl = 4,          // the CTRL register (set_ctrl/get_ctrl)
  kStateMrgSortCounts = 5, // what the last MrgSort took from each queue (4 x uint16)
  kStateFixpipeNd = 6,     // SetFixpipeNz2ndFlag: ndNum << 32 | srcNdStride << 16 | dstNdStride
  kStateFixpipeQuant = 7,  // SetFixpipePreQuantFlag
  kStateArena0 = 8,        // 8 .. 8 + SK_MEM_COUNT - 1: bytes TPipe has handed out per local memory
  kStateLoad3dFmLeft = 40, // the 3D loads' registers (cube.h): SetFmatrix left, right, the pad value,
  kStateLoad3dFmRight = 41,//   SetLoadDataRepeat, SetLoadDataBoundary
  kStateLoad3dPad = 42,
  kStateLoad3dRepeat = 43,
  kStateLoad3dBoundary = 44,
  kStatePadValue = 45,     // SetPadValue: the value's bits, and whether it was set
  kStatePadValueSet = 46,
  kStateMatmulL0 = 47,     // the L0A/L0B every Matmul object of the core shares (matmul.h)
  kStateTscmUsed = 48,     // bytes of L1 an AIV's TSCM buffers took from the top (pipe.h)
  kStateFixpipeQuantTensor = 49,  // SetFixPipeConfig's quant tensor (cube.h)
  kStateHf32 = 50,         // SetHF32Mode / SetHF32TransMode: SK_MMAD_HF32 | SK_MMAD_HF32_TIES_AWAY (cube.h)
  kStateSprAr = 51,        // the AR special register: bytes the AR-offset StoreUnAlign stored since ClearSpr (reg.h)
  kStateSqueezeBytes = 52, // the last Squeeze<STORE_REG>'s valid bytes, | 1 << 63 until a StoreUnAlign takes them
  kStateGm2l1NzPara = 53,  // the C API's MTE2_NZ_PARA register (asc_set_gm2l1_nz_para; c_api/asc_simd.h)
  kStateL0c2gmNd = 54,     // asc_set_l0c2gm_nz2nd: nd_num << 48 | src_nd_stride << 32 | dst_nd_stride
  kStateL0c2gmQuant = 55,  // asc_set_l0c2gm_config: the vector quant table's fixpipe-buffer address / 128
  kStateL0cPrequant = 56,  // asc_set_l0c_copy_prequant: the scalar quant value
  kStateLoopModeIn = 57,   // SetLoopModePara OUT_TO_UB: sizes | 1 << 63, then loop 1's and loop 2's strides
  kStateLoopModeOut = 60,  //   (GM bytes | UB bytes << 40); UB_TO_OUT at 60 .. 62 (data_copy.h)
  kStateAtomicDtype = 63,  // the atomic stores' element type (set_atomic_f32 & co. set it apart from the operation)
  kStateVaRegs = 64        // 64 .. 127: the address registers VA0..VA7, 8 addresses each (cce.h)
};
inline uint64_t& coreState(int slot) { return ::sk_core_state()[slot]; }
}  // namespace detail
// A scalar's bits, zero-extended (a pad value for DataCopyPadParams::paddingValue).
template <typename T> __aicore__ inline uint64_t GetScalarBitcodeValue(T scalarValue) { return detail::scalarBits<T>(scalarValue); }

/* ---- core identity ---- */
__aicore__ inline int64_t GetBlockIdx() { return ::sk_block_idx(); }
__aicore__ inline int64_t GetBlockNum() { return ::sk_block_num(); }
__aicore__ inline int64_t GetSubBlockIdx() { return ::sk_sub_block_idx(); }
__aicore__ inline int64_t GetSubBlockNum() { return ::sk_sub_block_num(); }
__aicore__ inline int64_t GetTaskRatio() { return ::sk_core_type() == 1 ? ::sk_sub_block_num() : 1; }
__aicore__ inline int64_t GetTaskRation() { return GetTaskRatio(); }
__aicore__ inline int64_t GetSystemCycle() { return (int64_t)::sk_cycles(); }
/* ---- system variables of Ascend 950 (0 on the other parts, as CANN's) ---- */
#if defined(__NPU_ARCH__) && __NPU_ARCH__ == 3510
__aicore__ inline constexpr uint32_t GetUBSizeInBytes() { return TOTAL_UB_SIZE; }
__aicore__ inline constexpr uint32_t GetVecLen() { return 256; }  // bytes of a vector register
__aicore__ inline uint32_t GetRuntimeUBSize() { return TOTAL_UB_SIZE; }  // 248 KiB without SIMT
#else
__aicore__ inline constexpr uint32_t GetUBSizeInBytes() { return 0; }
__aicore__ inline constexpr uint32_t GetVecLen() { return 0; }
__aicore__ inline uint32_t GetRuntimeUBSize() { return 0; }
#endif
/* ---- the CTRL register, a field at a time ---- */
// Bits startBit..endBit of the core's CTRL register (0 at kernel start; ResetCtrlSpr clears them
// again). CTRL[48] is the float overflow mode SetOverflow sets: recorded, while the simulated
// vector unit computes IEEE (Inf/NaN kept) either way.
namespace detail {
template <int8_t startBit, int8_t endBit> constexpr uint64_t ctrlField() {
  static_assert(0 <= startBit && startBit <= endBit && endBit < 64, "CtrlSpr: bits startBit..endBit of the 64-bit CTRL register");
  return (endBit - startBit == 63 ? ~0ull : (1ull << (endBit - startBit + 1)) - 1) << startBit;
}
}  // namespace detail
template <int8_t startBit, int8_t endBit> __aicore__ static inline void SetCtrlSpr(int64_t value) {
  constexpr uint64_t field = detail::ctrlField<startBit, endBit>();
  uint64_t& ctrl = detail::coreState(detail::kStateCtrl);
  ctrl = (ctrl & ~field) | (((uint64_t)value << startBit) & field);
}
template <int8_t startBit, int8_t endBit> __aicore__ static inline int64_t GetCtrlSpr() {
  return (int64_t)((detail::coreState(detail::kStateCtrl) & detail::ctrlField<startBit, endBit>()) >> startBit);
}
template <int8_t startBit, int8_t endBit> __aicore__ static inline void ResetCtrlSpr() {
  detail::coreState(detail::kStateCtrl) &= ~detail::ctrlField<startBit, endBit>();
}
__aicore__ inline void InitSocState() {}
// The system workspace: the kernel's workspace parameter (set by sk_cc's entry, or by the kernel),
// the user's part after RESERVED_WORKSPACE.
__aicore__ inline void SetSysWorkspace(GM_ADDR workspace) { detail::coreState(detail::kStateSysWorkspace) = (uint64_t)workspace; }
// The same, as CANN's generated entries call it (SetSysWorkspace sets it only when unset there).
__aicore__ inline void SetSysWorkspaceForce(GM_ADDR workspace) { SetSysWorkspace(workspace); }
__aicore__ inline __gm__ uint8_t* GetSysWorkSpacePtr() {
  return (__gm__ uint8_t*)detail::coreState(detail::kStateSysWorkspace);
}
__aicore__ inline GM_ADDR GetUserWorkspace(GM_ADDR workspace) {
  return workspace ? workspace + RESERVED_WORKSPACE : workspace;
}

}  // namespace AscendC

// Kernel-launch builds with HAVE_WORKSPACE (and HAVE_TILING), as CANN's CMake modules define
// them: the workspace is the kernel's last parameter (the one before the tiling); the framework
// makes it the system workspace and the kernel gets the user's part after it. This marker tells
// sk_cc's entry to do so: {parameters from the end, system workspace bytes}.
extern "C" {
__attribute__((weak)) extern const uint64_t sk_kfc_user_offset = AscendC::RESERVED_WORKSPACE;
}
#ifdef HAVE_WORKSPACE
extern "C" {
#ifdef HAVE_TILING
__attribute__((weak)) extern const uint64_t sk_have_workspace[2] = {2, AscendC::RESERVED_WORKSPACE};
#else
__attribute__((weak)) extern const uint64_t sk_have_workspace[2] = {1, AscendC::RESERVED_WORKSPACE};
#endif
}
#endif

// The system workspace functions at file scope too, as kernels call them unqualified.
using AscendC::GetSysWorkSpacePtr;
using AscendC::GetUserWorkspace;
using AscendC::SetSysWorkspace;
using AscendC::SetSysWorkspaceForce;

// The raw hardware index variables of the device compiler (AIV of a 1:2 group share block_idx):
// objects that read as int64_t, not macros, so that a kernel's own variable, member or parameter
// of the name hides them (ATB's kernels declare a `sub_block_idx` of their own). Not trivially
// copyable: a C variadic call taking one is a compile error, not garbage (AscendC::printf reads them).
namespace AscendC::detail {
template <int64_t (*Read)()> struct CoreIndex {
  constexpr CoreIndex() = default;
  __aicore__ CoreIndex(const CoreIndex&) {}
  __aicore__ operator int64_t() const { return Read(); }
};
inline int64_t blockIdxOfGroup() { return ::sk_block_idx() / ::sk_sub_block_num(); }
}  // namespace AscendC::detail
inline constexpr AscendC::detail::CoreIndex<&AscendC::detail::blockIdxOfGroup> block_idx{};
inline constexpr AscendC::detail::CoreIndex<&::sk_block_num> block_num{};
inline constexpr AscendC::detail::CoreIndex<&::sk_sub_block_idx> sub_block_idx{};
inline constexpr AscendC::detail::CoreIndex<&::sk_sub_block_num> sub_block_num{};

#endif /* SK_ASCENDC_BASE_H */
