// The registry of tiling structs GET_TILING_DATA chooses from, shared by kernels
// (sk_ascendc/tiling.h) and op tiling headers (register/tilingdata_base.h): each registration
// declares an overload of __sk_tiling_registered ranked by TilingRank; the best match is the
// chosen struct. No dependencies: host tiling code includes it too.
#ifndef SK_ASCENDC_TILING_REGISTRY_H
#define SK_ASCENDC_TILING_REGISTRY_H

namespace AscendC {
namespace detail {
struct NoTilingStruct {};
// Ranks of registrations: higher wins in overload resolution (a closer base class is a better
// conversion). Three bands of 29 (a deeper chain crashes clang): the op sk_cc names, other ops,
// per-key variants; within a band, later registrations (__COUNTER__) rank higher. A band of more
// than 29 wraps around: each registration's defaulted TilingTag parameter keeps it a distinct
// overload, so two of one rank only clash when GET_TILING_DATA would pick one of them (op tiling
// headers register dozens of per-key structs that kernels name with GET_TILING_DATA_WITH_STRUCT).
template <int N> struct TilingRank : TilingRank<N - 1> {};
template <> struct TilingRank<0> {};
template <int N> struct TilingTag {};
constexpr int kTilingRankTop = 90;

constexpr bool sameText(const char* a, const char* b) {
  for (; *a && *a == *b; ++a) ++b;
  return *a == *b;
}
constexpr bool hasUnderscore(const char* s) {
  for (; *s; ++s)
    if (*s == '_') return true;
  return false;
}
#ifndef SK_ASCENDC_OP_TYPE
#define SK_ASCENDC_OP_TYPE ""
#endif
constexpr int tilingRank(const char* op, int counter) {
  return sameText(op, SK_ASCENDC_OP_TYPE) ? 61 + counter % 29 : hasUnderscore(op) ? 1 + counter % 29 : 31 + counter % 29;
}

}  // namespace detail
}  // namespace AscendC

// The fallbacks: no struct registered.
::AscendC::detail::NoTilingStruct __sk_tiling_registered(::AscendC::detail::TilingRank<0>);
::AscendC::detail::NoTilingStruct __sk_tiling_default(long);

#define SK_ASCENDC_REGISTER_TILING(op_type, class_name)                                                         \
  class_name __sk_tiling_registered(::AscendC::detail::TilingRank<::AscendC::detail::tilingRank(#op_type, __COUNTER__)>, \
                                    ::AscendC::detail::TilingTag<__COUNTER__>* = nullptr)

#endif /* SK_ASCENDC_TILING_REGISTRY_H */
