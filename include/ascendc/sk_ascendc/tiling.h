// How a kernel receives its tiling: GET_TILING_DATA and friends copy the tiling struct from the
// `tiling` GM parameter into a local variable. The struct is the one REGISTER_TILING_DEFAULT
// names in the kernel, else the one registered for the op (REGISTER_TILING_DATA_CLASS in the
// op's tiling header, force-included with -include as the op build does: the class of the op
// sk_cc was told about, else the last one registered that is not a per-key variant `Op_<key>`).
// TILING_KEY_IS compares with the launch's tiling key (metadata "tilingKey"): one binary serves
// every key.
#ifndef SK_ASCENDC_TILING_H
#define SK_ASCENDC_TILING_H

#include "sk_ascendc/base.h"
#include "sk_ascendc/tiling_registry.h"

namespace AscendC {
namespace detail {
template <typename T> inline void loadTiling(T* dst, const void* tiling) {
  static_assert(!std::is_same_v<T, NoTilingStruct>,
                "GET_TILING_DATA: no tiling struct is known here. -include the op's tiling header "
                "(BEGIN_TILING_DATA_DEF ... REGISTER_TILING_DATA_CLASS), write REGISTER_TILING_DEFAULT(Struct) "
                "in the kernel, or use GET_TILING_DATA_WITH_STRUCT(Struct, var, tiling)");
  if (!tiling) ::sk_trap(2, "GET_TILING_DATA: the tiling parameter is null; give the kernel's metadata a tiling param");
  ::sk_data_copy(dst, tiling, sizeof(T));
}
}  // namespace detail
}  // namespace AscendC


// A tiling struct from its bytes at compile time (CANN's constant tilings and AOT kernels:
// `static constexpr T value = convert_from_bytes<T>(bytes);` with `bytes` a constexpr array).
template <typename T> constexpr T convert_from_bytes(const uint8_t* bytes) {
  static_assert(std::is_trivially_copyable_v<T>, "convert_from_bytes: the struct must be trivially copyable");
  struct Raw {
    uint8_t b[sizeof(T)];
  } raw{};
  for (size_t i = 0; i < sizeof(T); ++i) raw.b[i] = bytes[i];
  return __builtin_bit_cast(T, raw);
}

namespace AscendC {
namespace detail {
// Where a COPY_TILING_* source lives: a pointer is the address itself, a struct or array (a
// member of the tiling struct) is where it is.
template <typename P> const void* tilingSource(P* p) { return (const void*)p; }
template <typename T> const void* tilingSource(const T& member) { return (const void*)&member; }
}  // namespace detail
}  // namespace AscendC

#define SK_ASCENDC_TILING_TYPE \
  decltype(__sk_tiling_default(0)), decltype(__sk_tiling_registered(::AscendC::detail::TilingRank<::AscendC::detail::kTilingRankTop>{}))
namespace AscendC {
namespace detail {
template <typename Default, typename Registered> struct PickTiling { using type = Default; };
template <typename Registered> struct PickTiling<NoTilingStruct, Registered> { using type = Registered; };
}  // namespace detail
}  // namespace AscendC

#define GET_TILING_DATA(tiling_data, tiling_arg)                                            \
  typename ::AscendC::detail::PickTiling<SK_ASCENDC_TILING_TYPE>::type tiling_data;        \
  ::AscendC::detail::loadTiling(&tiling_data, (const void*)(tiling_arg))
#define GET_TILING_DATA_WITH_STRUCT(tiling_struct, tiling_data, tiling_arg) \
  tiling_struct tiling_data;                                               \
  ::AscendC::detail::loadTiling(&tiling_data, (const void*)(tiling_arg))
#define GET_TILING_DATA_MEMBER(tiling_type, member, var, tiling_arg)                                              \
  decltype(((tiling_type*)0)->member) var;                                                                        \
  ::sk_data_copy(&var, (const uint8_t*)(tiling_arg) + __builtin_offsetof(tiling_type, member), sizeof(var))
#define GET_TILING_DATA_PTR_WITH_STRUCT(tiling_struct, dst_ptr, tiling_ptr) \
  tiling_struct* dst_ptr = (tiling_struct*)(tiling_ptr)  /* not const: kernels pass it on as T* */
// A local copy of a tiling struct or array, and dst_ptr pointing to it (the pages: "returns a
// pointer to the copy"). The source is a pointer (the kernel's tiling argument) or, as in the
// pages' example, a member of the struct GET_TILING_DATA_PTR_WITH_STRUCT points to.
#define COPY_TILING_WITH_STRUCT(tiling_struct, src_ptr, dst_ptr)                                      \
  tiling_struct dst_ptr##_sk_copy;                                                                   \
  ::AscendC::detail::loadTiling(&dst_ptr##_sk_copy, ::AscendC::detail::tilingSource(src_ptr)); \
  tiling_struct* dst_ptr = &dst_ptr##_sk_copy
#define COPY_TILING_WITH_ARRAY(arr_type, arr_count, src_ptr, dst_ptr)                                   \
  arr_type dst_ptr##_sk_copy[arr_count];                                                               \
  ::sk_data_copy(dst_ptr##_sk_copy, ::AscendC::detail::tilingSource(src_ptr), sizeof(dst_ptr##_sk_copy)); \
  arr_type(*dst_ptr)[arr_count] = &dst_ptr##_sk_copy

// In a kernel body (or at namespace scope): the struct GET_TILING_DATA declares.
#define REGISTER_TILING_DEFAULT(tiling_struct) tiling_struct __sk_tiling_default(int)
#define REGISTER_TILING_FOR_TILINGKEY(expression, tiling_struct)
#define REGISTER_NONE_TILING

// The launch's tiling key, read when the kernel runs, so one object serves every key; an object
// sk_cc compiles for one key (the source uses the key in a constant expression, as CANN's
// per-key objects allow, or in an #if) has it as the constant SK_TILING_KEY_CONST (docs/ascendc.md).
#ifndef TILING_KEY_VAR
#ifdef SK_TILING_KEY_CONST
#define TILING_KEY_VAR SK_TILING_KEY_CONST  // a literal: `#if TILING_KEY_VAR == 1` works too
#else
#define TILING_KEY_VAR (::sk_tiling_key())
#endif
#endif
#define TILING_KEY_IS(k) (TILING_KEY_VAR == (uint64_t)(k))
#define TILING_KEY_LIST(...) (::AscendC::detail::tilingKeyIn(TILING_KEY_VAR, {__VA_ARGS__}))
namespace AscendC {
namespace detail {
constexpr bool tilingKeyIn(uint64_t key, std::initializer_list<uint64_t> keys) {
  for (uint64_t k : keys)
    if (key == k) return true;
  return false;
}
}  // namespace detail
}  // namespace AscendC

// Kernel types and compile features are build metadata: the kernel's metadata (coreType,
// taskRation) decides how it runs. In a single-source program, which has no metadata, the
// default type is read by sk_cc from a marker in the kernel's code (an assembler comment
// everywhere else); an explicit __vector__ / __cube__ / __mix__ takes precedence. The marker is
// an object whose constructor emits the comment: in a kernel's body it runs (inlined); at file
// scope, where some CANN kernels write the macro, it is constant-initialised and leaves nothing
// (the type is then the metadata's, or inferred from the code).
namespace AscendC {
namespace detail {
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wc++20-extensions"  // asm in a constexpr constructor
template <int kType> struct TaskTypeMark {
  __attribute__((always_inline)) constexpr TaskTypeMark() {
    if (!__builtin_is_constant_evaluated()) __asm__ volatile("# sk.task.type %c0" ::"i"(kType));
  }
};
#pragma clang diagnostic pop
}  // namespace detail
}  // namespace AscendC
#define SK_TASK_TYPE_NAME2(a, b) a##b
#define SK_TASK_TYPE_NAME(a, b) SK_TASK_TYPE_NAME2(a, b)
#define KERNEL_TASK_TYPE_DEFAULT(value) \
  [[maybe_unused]] const ::AscendC::detail::TaskTypeMark<(int)(value)> SK_TASK_TYPE_NAME(skTaskTypeDefault, __LINE__) {}
#define KERNEL_TASK_TYPE(key, value)
#define ENABLE_DETERMINISTIC()
#define ENABLE_FEATURE_FOR_COMPILE(feature, value)

#endif /* SK_ASCENDC_TILING_H */
