// Tiling templates (Utils-API "Tiling模板编程"): a kernel written as a template over its tiling-key
// parameters (template<int D_T_X, ..., int IS_SPLIT> __global__ __aicore__ void add_custom(...)),
// the parameters declared with ASCENDC_TPL_ARGS_DECL and their allowed combinations listed with
// ASCENDC_TPL_SEL; the host encodes a combination as the tiling key with GET_TPL_TILING_KEY.
//
// The key: the parameters in declaration order, lowest bits first, each in its declared width —
// DTYPE/FORMAT (8 bits) and BOOL (1 bit) as their value, UINT as the index of the value in the
// declaration's expanded list (ASCENDC_TPL_UI_RANGE pairs, ASCENDC_TPL_UI_LIST values, or
// ASCENDC_TPL_UI_MIX: ranges then values).
//
// In a kernel source sk_cc (given --meta) makes the entry: it instantiates the kernel template for
// every combination of every ASCENDC_TPL_ARGS_SEL and calls the one whose key is the launch's
// tiling key (a key no combination has is a device exception). Written from the public reference.
// Standard library only; usable in host code (op_host tiling functions) and kernels alike.
#ifndef SK_ASCENDC_TILING_TEMPLATE_ARGUMENT_H
#define SK_ASCENDC_TILING_TEMPLATE_ARGUMENT_H

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <tuple>
#include <type_traits>
#include <utility>

#include "graph/c_types.h"

#define ASCENDC_TPL_1_BW 1
#define ASCENDC_TPL_2_BW 2
#define ASCENDC_TPL_4_BW 4
#define ASCENDC_TPL_8_BW 8
#define ASCENDC_TPL_16_BW 16
#define ASCENDC_TPL_32_BW 32

#define ASCENDC_TPL_DTYPE 0
#define ASCENDC_TPL_FORMAT 1
#define ASCENDC_TPL_UINT 2
#define ASCENDC_TPL_BOOL 3
#define ASCENDC_TPL_KERNEL_TYPE 4
#define ASCENDC_TPL_DETERMINISTIC 5
#define ASCENDC_TPL_SHARED_KERNEL_TYPE 6

#define ASCENDC_TPL_UI_RANGE 0
#define ASCENDC_TPL_UI_LIST 1
#define ASCENDC_TPL_UI_MIX 2

// Kernel types of ASCENDC_TPL_KERNEL_TYPE_SEL (the launch's metadata decides how a kernel runs).
#define ASCENDC_TPL_AIV_ONLY 0
#define ASCENDC_TPL_AIC_ONLY 1
#define ASCENDC_TPL_MIX_AIV_1_0 2
#define ASCENDC_TPL_MIX_AIC_1_0 3
#define ASCENDC_TPL_MIX_AIC_1_1 4
#define ASCENDC_TPL_MIX_AIC_1_2 5
#define ASCENDC_TPL_AICORE 6
#define ASCENDC_TPL_VECTORCORE 7
#define ASCENDC_TPL_MIX_AICORE 8
#define ASCENDC_TPL_MIX_VECTOR_CORE 9

namespace AscendC {
namespace sk_tpl {

constexpr uint32_t kMaxVals = 64;
constexpr uint32_t kMaxParams = 32;
// Not constexpr: reached while a selection is evaluated, it stops the compile naming the limit
// (more parameters would be dropped and the kernel instantiated for no combination).
inline void ASCENDC_TPL_SEL_has_more_than_32_parameters() {}
constexpr uint64_t kInvalidKey = ~0ull;

constexpr bool sameName(const char* a, const char* b) {
  while (*a && *a == *b) ++a, ++b;
  return *a == *b;
}

// One declared or selected parameter: its name, kind, width and values as written.
struct Param {
  const char* name = "";
  uint32_t type = 0;
  uint32_t bitWidth = 0;
  uint64_t raw[kMaxVals] = {};
  uint32_t rawCount = 0;
  bool decl = true;
  constexpr Param() = default;
  constexpr Param(const char* n, uint32_t t, uint32_t bw, std::initializer_list<uint64_t> vals, bool isDecl)
      : name(n), type(t), bitWidth(bw), decl(isDecl) {
    for (uint64_t v : vals)
      if (rawCount < kMaxVals) raw[rawCount++] = v;
  }
  // The allowed values: UINT lists expanded from their mode (value(i) for i < count()), the
  // others as written.
  constexpr uint32_t count() const {
    uint64_t unused = 0;
    return walk(kMaxVals * 1024, unused);
  }
  constexpr uint64_t value(uint32_t i) const {
    uint64_t out = kInvalidKey;
    walk(i, out);
    return out;
  }
  constexpr int64_t indexOf(uint64_t v) const {
    for (uint32_t i = 0, n = count(); i < n; ++i)
      if (value(i) == v) return i;
    return -1;
  }

 private:
  // Walks the allowed values: `out` gets the value at index `want`; returns how many there are.
  constexpr uint32_t walk(uint32_t want, uint64_t& out) const {
    uint32_t k = 0;
    if (type != ASCENDC_TPL_UINT) {
      for (uint32_t i = 0; i < rawCount; ++i, ++k)
        if (k == want) out = raw[i];
      return k;
    }
    if (rawCount == 0) return 0;
    const uint64_t mode = raw[0];
    if (mode == ASCENDC_TPL_UI_LIST) {
      for (uint32_t i = 1; i < rawCount; ++i, ++k)
        if (k == want) out = raw[i];
      return k;
    }
    const uint32_t ranges = rawCount > 1 ? (uint32_t)raw[1] : 0;
    uint32_t i = 2;
    for (uint32_t r = 0; r < ranges && i + 1 < rawCount; ++r, i += 2)
      for (uint64_t v = raw[i]; v <= raw[i + 1]; ++v, ++k)
        if (k == want) out = v;
    if (mode == ASCENDC_TPL_UI_MIX)
      for (; i < rawCount; ++i, ++k)
        if (k == want) out = raw[i];
    return k;
  }
};

struct Select {
  Param params[kMaxParams] = {};
  uint32_t n = 0;
  constexpr Select() = default;
  constexpr Select(std::initializer_list<Param> ps) {
    for (const Param& p : ps)
      if (p.type == ASCENDC_TPL_KERNEL_TYPE || p.type == ASCENDC_TPL_DETERMINISTIC) continue;
      else if (n < kMaxParams) params[n++] = p;
      else ASCENDC_TPL_SEL_has_more_than_32_parameters();
  }
  constexpr const Param* find(const char* name) const {
    for (uint32_t i = 0; i < n; ++i)
      if (sameName(params[i].name, name)) return &params[i];
    return nullptr;
  }
};

// The key of `vals` (one per declared parameter, in order); kInvalidKey when a value is not allowed.
template <size_t D> constexpr uint64_t Encode(const Param (&decl)[D], const uint64_t* vals, size_t count) {
  uint64_t key = 0;
  uint32_t shift = 0;
  if (count != D) return kInvalidKey;
  for (size_t i = 0; i < D; ++i) {
    const Param& p = decl[i];
    uint64_t v = vals[i];
    uint64_t bits = v;
    if (p.type == ASCENDC_TPL_UINT) {
      int64_t idx = p.indexOf(v);
      if (idx < 0) return kInvalidKey;
      bits = (uint64_t)idx;
    } else if (p.indexOf(v) < 0) {
      return kInvalidKey;
    }
    if (p.bitWidth < 64 && (bits >> p.bitWidth) != 0) return kInvalidKey;
    key |= bits << shift;
    shift += p.bitWidth;
  }
  return shift > 64 ? kInvalidKey : key;
}

template <size_t D> constexpr uint64_t Encode(const Param (&decl)[D], std::initializer_list<uint64_t> vals) {
  return Encode(decl, vals.begin(), vals.size());
}

template <size_t D, typename... V> constexpr uint64_t EncodeArgs(const Param (&decl)[D], V... vals) {
  return Encode(decl, {(uint64_t)vals...});
}

// The combinations of every selection, numbered: combination c of selection s takes, for each
// declared parameter d, value (c / stride) % count of the selection's list for d.
template <size_t D, size_t S> struct Table {
  const Param (&decl)[D];
  const Select (&sel)[S];
  constexpr uint32_t combos(size_t s) const {
    uint32_t n = 1;
    for (size_t d = 0; d < D; ++d) {
      const Param* p = sel[s].find(decl[d].name);
      n *= p ? p->count() : 0;
    }
    return n;
  }
  constexpr uint32_t total() const {
    uint32_t n = 0;
    for (size_t s = 0; s < S; ++s) n += combos(s);
    return n;
  }
  // The combination whose key is `key`; total() when none has it. The key is decoded into the
  // declared values first, so each selection is looked up once (hundreds of combinations stay
  // well inside a compiler's constant-evaluation budget).
  constexpr uint32_t comboOf(uint64_t key) const {
    uint64_t vals[D] = {};
    uint32_t shift = 0;
    for (size_t d = 0; d < D; ++d) {
      const Param& p = decl[d];
      uint64_t bits = shift >= 64 ? 0 : key >> shift;
      if (p.bitWidth < 64) bits &= (1ull << p.bitWidth) - 1;
      if (p.type == ASCENDC_TPL_UINT && bits >= p.count()) return total();
      vals[d] = p.type == ASCENDC_TPL_UINT ? p.value((uint32_t)bits) : bits;
      shift += p.bitWidth;
    }
    if (Encode(decl, vals, D) != key) return total();  // bits beyond the declaration, or values it does not allow
    uint32_t first = 0;
    for (size_t s = 0; s < S; ++s) {
      uint32_t c = 0, stride = 1;
      bool selected = true;
      for (size_t d = 0; d < D; ++d) {
        const Param* list = sel[s].find(decl[d].name);
        int64_t i = list ? list->indexOf(vals[d]) : -1;
        if (i < 0) selected = false;
        else c += (uint32_t)i * stride;
        stride *= list ? list->count() : 0;
      }
      if (selected) return first + c;
      first += stride;
    }
    return first;
  }
  constexpr uint64_t keyOf(uint32_t g) const {
    uint64_t vals[D] = {};
    for (size_t d = 0; d < D; ++d) vals[d] = value(g, d);
    return Encode(decl, vals, D);
  }
  constexpr uint64_t value(uint32_t g, size_t d) const {
    size_t s = 0;
    while (s < S && g >= combos(s)) g -= combos(s++);
    if (s == S) return 0;
    for (size_t e = 0; e < D; ++e) {
      const Param* p = sel[s].find(decl[e].name);
      uint32_t cnt = p->count();
      if (e == d) return p->value(g % cnt);
      g /= cnt;
    }
    return 0;
  }
};

}  // namespace sk_tpl
}  // namespace AscendC

#define ASCENDC_TPL_DTYPE_DECL(x, ...) ::AscendC::sk_tpl::Param(#x, ASCENDC_TPL_DTYPE, ASCENDC_TPL_8_BW, {__VA_ARGS__}, true),
#define ASCENDC_TPL_DATATYPE_DECL(x, ...) ::AscendC::sk_tpl::Param(#x, ASCENDC_TPL_DTYPE, ASCENDC_TPL_8_BW, {__VA_ARGS__}, true),
#define ASCENDC_TPL_FORMAT_DECL(x, ...) ::AscendC::sk_tpl::Param(#x, ASCENDC_TPL_FORMAT, ASCENDC_TPL_8_BW, {__VA_ARGS__}, true),
#define ASCENDC_TPL_UINT_DECL(x, bw, ...) ::AscendC::sk_tpl::Param(#x, ASCENDC_TPL_UINT, bw, {__VA_ARGS__}, true),
#define ASCENDC_TPL_BOOL_DECL(x, ...) ::AscendC::sk_tpl::Param(#x, ASCENDC_TPL_BOOL, ASCENDC_TPL_1_BW, {__VA_ARGS__}, true),
#define ASCENDC_TPL_KERNEL_TYPE_DECL(x, ...) \
  ::AscendC::sk_tpl::Param(#x, ASCENDC_TPL_SHARED_KERNEL_TYPE, ASCENDC_TPL_8_BW, {__VA_ARGS__}, true),
#define ASCENDC_TPL_DTYPE_SEL(x, ...) ::AscendC::sk_tpl::Param(#x, ASCENDC_TPL_DTYPE, ASCENDC_TPL_8_BW, {__VA_ARGS__}, false),
#define ASCENDC_TPL_DATATYPE_SEL(x, ...) ::AscendC::sk_tpl::Param(#x, ASCENDC_TPL_DTYPE, ASCENDC_TPL_8_BW, {__VA_ARGS__}, false),
#define ASCENDC_TPL_FORMAT_SEL(x, ...) ::AscendC::sk_tpl::Param(#x, ASCENDC_TPL_FORMAT, ASCENDC_TPL_8_BW, {__VA_ARGS__}, false),
#define ASCENDC_TPL_UINT_SEL(x, ...) ::AscendC::sk_tpl::Param(#x, ASCENDC_TPL_UINT, 0, {__VA_ARGS__}, false),
#define ASCENDC_TPL_BOOL_SEL(x, ...) ::AscendC::sk_tpl::Param(#x, ASCENDC_TPL_BOOL, ASCENDC_TPL_1_BW, {__VA_ARGS__}, false),
#define ASCENDC_TPL_SHARED_KERNEL_TYPE_SEL(x, ...) \
  ::AscendC::sk_tpl::Param(#x, ASCENDC_TPL_SHARED_KERNEL_TYPE, ASCENDC_TPL_8_BW, {__VA_ARGS__}, false),
#define ASCENDC_TPL_KERNEL_TYPE_SEL(...) ::AscendC::sk_tpl::Param("kernel_type", ASCENDC_TPL_KERNEL_TYPE, ASCENDC_TPL_8_BW, {__VA_ARGS__}, false),
#define ASCENDC_TPL_DETERMINISTIC_SEL(...) \
  ::AscendC::sk_tpl::Param("deterministic", ASCENDC_TPL_DETERMINISTIC, ASCENDC_TPL_1_BW, {__VA_ARGS__}, false),
#define ASCENDC_TPL_TILING_STRUCT_SEL(x, ...)
// Drops the empty elements of a list: vendor kernels pass selections that end in a comma (a
// macro of theirs expanding to `a, b,` followed by another `,`), TILING_STRUCT_SEL expands
// to nothing, and each parameter's _DECL / _SEL above ends in a comma of its own (ops-nn's conv2d
// tables write two _SEL side by side, which CANN's kernel pass, where they expand to nothing,
// never parses). The list is expanded (so flattened) before it is split here; each element is
// a parenthesised Param(...), one argument.
#define SK_TPL_KEEP(...) __VA_OPT__(__VA_ARGS__, )
#define SK_TPL_NONEMPTY(...) SK_TPL_E1(__VA_ARGS__)
#define SK_TPL_E1(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E2(__VA_ARGS__))
#define SK_TPL_E2(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E3(__VA_ARGS__))
#define SK_TPL_E3(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E4(__VA_ARGS__))
#define SK_TPL_E4(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E5(__VA_ARGS__))
#define SK_TPL_E5(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E6(__VA_ARGS__))
#define SK_TPL_E6(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E7(__VA_ARGS__))
#define SK_TPL_E7(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E8(__VA_ARGS__))
#define SK_TPL_E8(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E9(__VA_ARGS__))
#define SK_TPL_E9(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E10(__VA_ARGS__))
#define SK_TPL_E10(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E11(__VA_ARGS__))
#define SK_TPL_E11(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E12(__VA_ARGS__))
#define SK_TPL_E12(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E13(__VA_ARGS__))
#define SK_TPL_E13(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E14(__VA_ARGS__))
#define SK_TPL_E14(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E15(__VA_ARGS__))
#define SK_TPL_E15(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E16(__VA_ARGS__))
#define SK_TPL_E16(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E17(__VA_ARGS__))
#define SK_TPL_E17(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E18(__VA_ARGS__))
#define SK_TPL_E18(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E19(__VA_ARGS__))
#define SK_TPL_E19(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E20(__VA_ARGS__))
#define SK_TPL_E20(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E21(__VA_ARGS__))
#define SK_TPL_E21(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E22(__VA_ARGS__))
#define SK_TPL_E22(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E23(__VA_ARGS__))
#define SK_TPL_E23(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E24(__VA_ARGS__))
#define SK_TPL_E24(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E25(__VA_ARGS__))
#define SK_TPL_E25(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E26(__VA_ARGS__))
#define SK_TPL_E26(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E27(__VA_ARGS__))
#define SK_TPL_E27(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E28(__VA_ARGS__))
#define SK_TPL_E28(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E29(__VA_ARGS__))
#define SK_TPL_E29(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E30(__VA_ARGS__))
#define SK_TPL_E30(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E31(__VA_ARGS__))
#define SK_TPL_E31(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E32(__VA_ARGS__))
#define SK_TPL_E32(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E33(__VA_ARGS__))
#define SK_TPL_E33(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E34(__VA_ARGS__))
#define SK_TPL_E34(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E35(__VA_ARGS__))
#define SK_TPL_E35(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E36(__VA_ARGS__))
#define SK_TPL_E36(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E37(__VA_ARGS__))
#define SK_TPL_E37(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E38(__VA_ARGS__))
#define SK_TPL_E38(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E39(__VA_ARGS__))
#define SK_TPL_E39(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E40(__VA_ARGS__))
#define SK_TPL_E40(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E41(__VA_ARGS__))
#define SK_TPL_E41(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E42(__VA_ARGS__))
#define SK_TPL_E42(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E43(__VA_ARGS__))
#define SK_TPL_E43(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E44(__VA_ARGS__))
#define SK_TPL_E44(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E45(__VA_ARGS__))
#define SK_TPL_E45(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E46(__VA_ARGS__))
#define SK_TPL_E46(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E47(__VA_ARGS__))
#define SK_TPL_E47(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E48(__VA_ARGS__))
#define SK_TPL_E48(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E49(__VA_ARGS__))
#define SK_TPL_E49(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E50(__VA_ARGS__))
#define SK_TPL_E50(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E51(__VA_ARGS__))
#define SK_TPL_E51(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E52(__VA_ARGS__))
#define SK_TPL_E52(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E53(__VA_ARGS__))
#define SK_TPL_E53(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E54(__VA_ARGS__))
#define SK_TPL_E54(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E55(__VA_ARGS__))
#define SK_TPL_E55(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E56(__VA_ARGS__))
#define SK_TPL_E56(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E57(__VA_ARGS__))
#define SK_TPL_E57(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E58(__VA_ARGS__))
#define SK_TPL_E58(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E59(__VA_ARGS__))
#define SK_TPL_E59(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E60(__VA_ARGS__))
#define SK_TPL_E60(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E61(__VA_ARGS__))
#define SK_TPL_E61(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E62(__VA_ARGS__))
#define SK_TPL_E62(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E63(__VA_ARGS__))
#define SK_TPL_E63(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E64(__VA_ARGS__))
#define SK_TPL_E64(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E65(__VA_ARGS__))
#define SK_TPL_E65(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E66(__VA_ARGS__))
#define SK_TPL_E66(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E67(__VA_ARGS__))
#define SK_TPL_E67(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E68(__VA_ARGS__))
#define SK_TPL_E68(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E69(__VA_ARGS__))
#define SK_TPL_E69(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E70(__VA_ARGS__))
#define SK_TPL_E70(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E71(__VA_ARGS__))
#define SK_TPL_E71(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E72(__VA_ARGS__))
#define SK_TPL_E72(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E73(__VA_ARGS__))
#define SK_TPL_E73(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E74(__VA_ARGS__))
#define SK_TPL_E74(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E75(__VA_ARGS__))
#define SK_TPL_E75(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E76(__VA_ARGS__))
#define SK_TPL_E76(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E77(__VA_ARGS__))
#define SK_TPL_E77(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E78(__VA_ARGS__))
#define SK_TPL_E78(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E79(__VA_ARGS__))
#define SK_TPL_E79(a, ...) SK_TPL_KEEP(a) __VA_OPT__(SK_TPL_E80(__VA_ARGS__))
#define SK_TPL_E80(a, ...) SK_TPL_KEEP(a) __VA_OPT__(ASCENDC_TPL_list_has_more_than_80_elements)
// Where sk_cc's entry of a template kernel finds the two tables: sk_cc compiles again with
// -DSK_TPL_SCOPE=N:: when a kernel declares them in namespace N. A translation unit with two
// pairs of tables (a kernel that includes another op's key header too: ops-nn's
// conv3d_transpose_v2; CANN's kernel pass expands them to nothing) is compiled again with
// -DSK_TPL_NAMED_TABLES, each DECL named after its op and each SEL numbered, and the op's pair as
// SK_TPL_DECL_TABLE / SK_TPL_SEL_TABLE (sk_cc finds them in the preprocessed source).
#ifndef SK_TPL_SCOPE
#define SK_TPL_SCOPE
#endif
#ifndef SK_TPL_DECL_TABLE
#define SK_TPL_DECL_TABLE SK_TPL_SCOPE g_tilingDeclareParams
#define SK_TPL_SEL_TABLE SK_TPL_SCOPE g_tilingSelectParams
#endif
#define SK_TPL_CAT2(a, b) a##b
#define SK_TPL_CAT(a, b) SK_TPL_CAT2(a, b)
#ifdef SK_TPL_NAMED_TABLES
#define ASCENDC_TPL_ARGS_DECL(x, ...) \
  [[maybe_unused]] static constexpr ::AscendC::sk_tpl::Param sk_tpl_decl_##x[] = {SK_TPL_NONEMPTY(__VA_ARGS__)}
#define ASCENDC_TPL_SEL(...)                                                                 \
  [[maybe_unused]] static constexpr ::AscendC::sk_tpl::Select SK_TPL_CAT(sk_tpl_sel_, __COUNTER__)[] = { \
      SK_TPL_NONEMPTY(__VA_ARGS__)}
#else
#define ASCENDC_TPL_ARGS_DECL(x, ...) \
  [[maybe_unused]] static constexpr ::AscendC::sk_tpl::Param g_tilingDeclareParams[] = {SK_TPL_NONEMPTY(__VA_ARGS__)}
#define ASCENDC_TPL_SEL(...) \
  [[maybe_unused]] static constexpr ::AscendC::sk_tpl::Select g_tilingSelectParams[] = {SK_TPL_NONEMPTY(__VA_ARGS__)}
#endif
#define ASCENDC_TPL_ARGS_SEL(...) ::AscendC::sk_tpl::Select({SK_TPL_NONEMPTY(__VA_ARGS__)})
#define ASCENDC_TPL_INPUT(x) (x)
#define ASCENDC_TPL_OUTPUT(x) (x)

// The tiling key of one combination (host code: context->SetTilingKey(GET_TPL_TILING_KEY(...))).
#define GET_TPL_TILING_KEY(...) ::AscendC::sk_tpl::EncodeArgs(g_tilingDeclareParams, __VA_ARGS__)
#define ASCENDC_TPL_SEL_PARAM(context, ...)              \
  do {                                                   \
    uint64_t skTplKey_ = GET_TPL_TILING_KEY(__VA_ARGS__); \
    (context)->SetTilingKey(skTplKey_);                  \
  } while (0)

// sk_cc's entry for a template kernel (Enter). CANN's op build compiles every combination a
// kernel selects, one kernel per key; sk_cc's object does too, and calls the launch's, unless
// the kernel selects more than kEveryCombination and the metadata's key is one of them: then
// only that one is instantiated (flash_attention_score_grad selects 413: hours to compile them
// all), and the object refuses a launch with another key. Beyond kMostCombinations (clang's
// nesting limit for the dispatch) the metadata's key must be one. The kernel runs as
// f(std::integral_constant<uint64_t, v>...) of its combination (a `typename` parameter's
// C_DT_ code becomes its type, DtypeT, in sk_cc's entry).
#ifdef __SK_CC__
// The device type of an ASCENDC_TPL_DATATYPE_DECL value (graph/c_types.h's C_DT_ codes): what the
// kernel's `typename` template parameter receives in sk_cc's entry.
struct int4b_t;
struct fp8_e4m3fn_t;
struct fp8_e5m2_t;
struct fp8_e8m0_t;
struct hifloat8_t;
struct fp4x2_e2m1_t;
struct fp4x2_e1m2_t;
namespace AscendC {
namespace sk_tpl {
template <uint64_t code> struct Dtype {
  static_assert(code != code, "ASCENDC_TPL_DATATYPE_DECL: a C_DT_ code without a device type");
};
#define SK_TPL_DTYPE(code, T) \
  template <> struct Dtype<code> { using type = T; };
SK_TPL_DTYPE(C_DT_FLOAT, float)
SK_TPL_DTYPE(C_DT_FLOAT16, half)
SK_TPL_DTYPE(C_DT_BF16, bfloat16_t)
SK_TPL_DTYPE(C_DT_DOUBLE, double)
SK_TPL_DTYPE(C_DT_INT8, int8_t)
SK_TPL_DTYPE(C_DT_UINT8, uint8_t)
SK_TPL_DTYPE(C_DT_INT16, int16_t)
SK_TPL_DTYPE(C_DT_UINT16, uint16_t)
SK_TPL_DTYPE(C_DT_INT32, int32_t)
SK_TPL_DTYPE(C_DT_UINT32, uint32_t)
SK_TPL_DTYPE(C_DT_INT64, int64_t)
SK_TPL_DTYPE(C_DT_UINT64, uint64_t)
SK_TPL_DTYPE(C_DT_BOOL, bool)
SK_TPL_DTYPE(C_DT_INT4, ::int4b_t)
SK_TPL_DTYPE(C_DT_HIFLOAT8, ::hifloat8_t)
SK_TPL_DTYPE(C_DT_FLOAT8_E5M2, ::fp8_e5m2_t)
SK_TPL_DTYPE(C_DT_FLOAT8_E4M3FN, ::fp8_e4m3fn_t)
SK_TPL_DTYPE(C_DT_FLOAT8_E8M0, ::fp8_e8m0_t)
SK_TPL_DTYPE(C_DT_FLOAT4_E2M1, ::fp4x2_e2m1_t)
SK_TPL_DTYPE(C_DT_FLOAT4_E1M2, ::fp4x2_e1m2_t)
#undef SK_TPL_DTYPE
template <uint64_t code> using DtypeT = typename Dtype<code>::type;
}  // namespace sk_tpl
}  // namespace AscendC
#endif

namespace AscendC {
namespace sk_tpl {
constexpr uint32_t kEveryCombination = 32, kMostCombinations = 256;
enum EnterResult { kRan, kNoCombination, kOtherKey };
template <const auto& Decl, const auto& Sel>
constexpr Table<sizeof(Decl) / sizeof(Decl[0]), sizeof(Sel) / sizeof(Sel[0])> TableOf{Decl, Sel};
template <const auto& Decl, const auto& Sel, uint64_t Key>
constexpr bool HasCombination = TableOf<Decl, Sel>.comboOf(Key) < TableOf<Decl, Sel>.total();
template <const auto& Decl, const auto& Sel, uint32_t G, typename F, size_t... D>
inline void callCombination(F& f, std::index_sequence<D...>) {
  f(std::integral_constant<uint64_t, TableOf<Decl, Sel>.value(G, D)>{}...);
}
template <const auto& Decl, const auto& Sel, uint32_t G, typename F> inline bool tryCombination(uint64_t key, F& f) {
  constexpr uint64_t k = TableOf<Decl, Sel>.keyOf(G);
  if (key != k) return false;
  callCombination<Decl, Sel, G>(f, std::make_index_sequence<sizeof(Decl) / sizeof(Decl[0])>{});
  return true;
}
template <const auto& Decl, const auto& Sel, typename F, size_t... G>
inline bool dispatchAll(uint64_t key, F& f, std::index_sequence<G...>) {
  return (tryCombination<Decl, Sel, (uint32_t)G>(key, f) || ...);
}
// Runs f for launch key `key` in an object compiled with the metadata's tilingKey Key.
template <const auto& Decl, const auto& Sel, uint64_t Key, typename F> inline EnterResult Enter(uint64_t key, F&& f) {
  constexpr uint32_t total = TableOf<Decl, Sel>.total();
  constexpr bool keyed = HasCombination<Decl, Sel, Key>;
  if constexpr (total <= kEveryCombination || (!keyed && total <= kMostCombinations)) {
    return dispatchAll<Decl, Sel>(key, f, std::make_index_sequence<total>{}) ? kRan : kNoCombination;
  } else {
    static_assert(keyed,
                  "a template kernel selecting more than 256 combinations is compiled for the metadata's tilingKey only, "
                  "and this key is none of them: give the key GET_TPL_TILING_KEY gives the combination to run");
    if (key != Key) return kOtherKey;
    callCombination<Decl, Sel, TableOf<Decl, Sel>.comboOf(Key)>(f, std::make_index_sequence<sizeof(Decl) / sizeof(Decl[0])>{});
    return kRan;
  }
}
}  // namespace sk_tpl
}  // namespace AscendC

#endif /* SK_ASCENDC_TILING_TEMPLATE_ARGUMENT_H */
