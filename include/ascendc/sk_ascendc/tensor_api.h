// Ascend 950's Tensor API (tensor_api/tensor.h, namespace AscendC::Te), written from its public
// reference: tensors are a pointer with its memory (Location) and a layout (a pattern over rows
// and columns: ND, DN, the fractal NZ / ZN / ZZ / NN, optionally batched); Copy and Mmad take an
// atom (the operation, its trait, runtime params given by .with()) and pick the hardware
// instruction from the operands' memories and patterns. Each is carried out by the basic API's
// instruction it names (DataCopy with Nd2NzParams / Dn2NzParams, LoadData with
// LoadData2DParamsV2, Mmad, Fixpipe, DataCopyPad), so the simulator times and checks it as such.
//
// Layouts keep the exact rows and columns (the library keeps only whole fractals of the fractal
// patterns); an element (r, c) of a pattern with C0 elements per 32-byte fractal row is at
//   ND r * stride + c                 DN c * stride + r
//   NZ (c / C0) * stride + r * C0 + c % C0          (stride: C0 x rows rounded to 16)
//   ZN (r / C0) * stride + c * C0 + r % C0          (stride: C0 x columns rounded to 16)
//   ZZ (r / 16) * stride + (c / C0) * 16 C0 + (r % 16) * C0 + c % C0   (stride: 16 x columns to C0)
//   NN (c / 16) * stride + (r / C0) * 16 C0 + (c % 16) * C0 + r % C0   (stride: 16 x rows)
//   PAIR_ND (ScaleBND) (r / 2) * stride + c * 2 + r % 2, PAIR_DN (ScaleADN) (c / 2) * stride + r * 2 + c % 2
// and a batched layout's matrices follow one another at its capacity. MX: the scales go GM -> L1
// as ZZ / NN (pairs of fp8_e8m0_t, 16 x 2 to a fractal) and into the scale buffers of the L0A /
// L0B data they scale, whose address / 16 names them. Convolution: NCHW, NHWC and NC1HWC0 images
// into L1 as NC1HWC0, Img2Col into L0A (LoadData3DParamsV2), results out in any of the three.
// Layouts also answer as the documented hierarchical shapes and strides (Shape(), Stride()), and
// MakeLayout(shape, stride) takes a pattern's documented form back. A kernel's own copy
// operation plugs in through CopyTraits<Op> (its static Copy gets the trait and the tensors).
// Not simulated (a compile error saying so): ReLU and channel split, column-major copies of
// 4-bit types, general layouts whose strides no pattern has.
#ifndef SK_ASCENDC_TENSOR_API_H
#define SK_ASCENDC_TENSOR_API_H

#include "kernel_operator.h"
// CANN's Tensor API is built on the C API and brings its names (asc_copy_l12l0a_mx, ...) along:
// kernels' own copy operations call them.
#include "c_api/asc_simd.h"

namespace AscendC {
namespace Te {

enum class Location : uint8_t { GM, UB, L1, L0A, L0B, L0C, BIAS, FIXBUF, L0ScaleA, L0ScaleB, SSBUF };

namespace detail {
using AscendC::detail::localBase;
// The memory a pointer is in (a local array's, or GM).
inline Location locationOf(const void* p) {
  static constexpr Location kByMem[SK_MEM_COUNT] = {Location::UB,  Location::L1,   Location::L0A,   Location::L0B,
                                                    Location::L0C, Location::BIAS, Location::FIXBUF};
  const int32_t mem = AscendC::detail::localMemoryOf(p);
  return mem >= 0 ? kByMem[mem] : Location::GM;
}
inline TPosition positionOf(Location l) {
  switch (l) {
    case Location::UB: return TPosition::VECCALC;
    case Location::L1: return TPosition::A1;
    case Location::L0A: return TPosition::A2;
    case Location::L0B: return TPosition::B2;
    case Location::L0C: return TPosition::CO1;
    case Location::BIAS: return TPosition::C2;
    case Location::FIXBUF: return TPosition::C2PIPE2GM;
    default: return TPosition::GM;
  }
}
inline const char* nameOf(Location l) {
  static const char* const kNames[] = {"GM", "UB", "L1", "L0A", "L0B", "L0C", "BIAS", "FIXBUF", "L0ScaleA", "L0ScaleB", "SSBUF"};
  return kNames[(int)l];
}
template <typename T> constexpr int64_t bitsOf() { return SizeOfBits<PrimT<T>>::value; }
template <typename T> constexpr int64_t c0Of() { return 256 / bitsOf<T>(); }  // elements in 32 bytes
constexpr int64_t alignUp(int64_t v, int64_t a) { return (v + a - 1) / a * a; }
}  // namespace detail

/* ---- pointers ---- */
template <typename T> struct MemPtr {
  T* ptr = nullptr;
  Location location = Location::GM;
  uint8_t cacheMode = 0;  // a GM tensor's L2 hint (CacheMode), as Tensor::SetL2CacheHint set it
  __aicore__ T* Get() const { return ptr; }
  __aicore__ uint8_t GetCacheMode() const { return cacheMode; }
};
// A pointer to a buffer (GM, or a local array: its memory found from the address).
template <typename T> __aicore__ inline MemPtr<T> MakeMemPtr(T* p) { return {p, detail::locationOf(p)}; }
template <Location L, typename P, std::enable_if_t<std::is_pointer_v<P>, int> = 0> __aicore__ inline auto MakeMemPtr(P p) {
  return MemPtr<std::remove_pointer_t<P>>{p, L};
}
// An address in a local memory: a byte offset from its start. The MX scale buffers' address is
// the L0A / L0B address of the data they scale divided by 16 (the hardware's rule): kept here as
// that data's address.
template <Location L, typename T, typename A = uint64_t, std::enable_if_t<!std::is_pointer_v<T> && std::is_integral_v<A>, int> = 0>
__aicore__ inline MemPtr<T> MakeMemPtr(A addr) {
  static_assert(L != Location::GM && L != Location::SSBUF, "MakeMemPtr(address): a local memory");
  if constexpr (L == Location::L0ScaleA || L == Location::L0ScaleB) return {(T*)(addr * 16), L};
  else return {(T*)(detail::localBase(AscendC::detail::memOf(detail::positionOf(L))) + addr), L};
}

/* ---- layouts ---- */
struct NDLayoutPtn {};
struct DNLayoutPtn {};
struct NDExtLayoutPtn {};
struct DNExtLayoutPtn {};
struct NZLayoutPtn {};
struct ZNLayoutPtn {};
struct ZZLayoutPtn {};
struct NNLayoutPtn {};
struct ScaleANDLayoutPtn {};
struct ScaleADNLayoutPtn {};
struct ScaleBNDLayoutPtn {};
struct ScaleBDNLayoutPtn {};
// The convolution layouts, as matrices of (h, w) rows by channel columns: NHWC is ND, NCHW is DN,
// NC1HWC0 an NZ whose C0-wide channel blocks hold H x W rows each, unpadded.
struct NHWCLayoutPtn {};
struct NCHWLayoutPtn {};
struct NC1HWC0LayoutPtn {};
// PAIR_ND / PAIR_DN: MX scales transposed (ScaleBND / ScaleADN), pairs of scales along K kept
// together, the pairs row- / column-major.
enum class Pattern : uint8_t { ND, DN, NZ, ZN, ZZ, NN, PAIR_ND, PAIR_DN };
namespace detail {
template <typename Ptn> constexpr Pattern patternOf() {
  if constexpr (std::is_same_v<Ptn, NDLayoutPtn> || std::is_same_v<Ptn, NDExtLayoutPtn> || std::is_same_v<Ptn, ScaleANDLayoutPtn> ||
                std::is_same_v<Ptn, NHWCLayoutPtn>)
    return Pattern::ND;
  else if constexpr (std::is_same_v<Ptn, DNLayoutPtn> || std::is_same_v<Ptn, DNExtLayoutPtn> || std::is_same_v<Ptn, ScaleBDNLayoutPtn> ||
                     std::is_same_v<Ptn, NCHWLayoutPtn>)
    return Pattern::DN;
  else if constexpr (std::is_same_v<Ptn, ScaleBNDLayoutPtn>) return Pattern::PAIR_ND;
  else if constexpr (std::is_same_v<Ptn, ScaleADNLayoutPtn>) return Pattern::PAIR_DN;
  else if constexpr (std::is_same_v<Ptn, NZLayoutPtn> || std::is_same_v<Ptn, NC1HWC0LayoutPtn>) return Pattern::NZ;
  else if constexpr (std::is_same_v<Ptn, ZNLayoutPtn>) return Pattern::ZN;
  else if constexpr (std::is_same_v<Ptn, ZZLayoutPtn>) return Pattern::ZZ;
  else {
    static_assert(std::is_same_v<Ptn, NNLayoutPtn>, "Te: a layout pattern of the matrix or convolution API");
    return Pattern::NN;
  }
}
}  // namespace detail

// The C0 of a layout's trait: LayoutTraitDefault<T> or an element type T (32 bytes of T), or an
// integral constant (Std::Int<N>).
template <typename T> struct LayoutTraitDefault {
  using type = T;
  static constexpr int64_t C0_ELEMENT = detail::c0Of<T>();
};
template <typename T> constexpr int64_t C0_ELEMENT = detail::c0Of<T>();
// A trait that names its C0 (an integral constant, Std::Int<N>); T may be Std::ignore_t.
template <typename T, typename C0> struct LayoutTrait {
  using type = T;
  static constexpr int64_t C0_ELEMENT = C0::value;
};
// Compile-time integers as the tensor API spells them in shapes and strides (`Te::_1{}`).
using _0 = AscendC::Std::Int<0>;
using _1 = AscendC::Std::Int<1>;
using _2 = AscendC::Std::Int<2>;
using _16 = AscendC::Std::Int<16>;
// The tensor API's constants: a fractal's 16 rows (and the cube's block), the MX scales' K grain
// (two e8m0 scales a pair), the dimensions of the coordinate forms.
constexpr size_t TWO_DIM_DATA = 2, THREE_DIM_DATA = 3, FOUR_DIM_DATA = 4, FIVE_DIM_DATA = 5;
constexpr size_t FRACTAL_FIXED = 16;
constexpr size_t MX_SCALE_K0 = 2;
constexpr uint32_t BLOCK_CUBE = 16;
namespace detail {
template <typename T, typename = void> struct HasC0Element : std::false_type {};
template <typename T> struct HasC0Element<T, std::void_t<decltype(T::C0_ELEMENT)>> : std::true_type {};
template <typename T> struct IsIntegralConstant : std::false_type {};
template <typename V, V N> struct IsIntegralConstant<std::integral_constant<V, N>> : std::true_type {};
template <typename Ptn, typename Trait> constexpr int64_t c0For() {
  if constexpr (std::is_void_v<Trait>) return patternOf<Ptn>() == Pattern::NN ? 2 : 16;
  else if constexpr (IsIntegralConstant<Trait>::value) return Trait::value;
  else if constexpr (HasC0Element<Trait>::value) return Trait::C0_ELEMENT;
  else return c0Of<Trait>();
}
}  // namespace detail

template <typename Ptn> struct FrameLayout {
  static constexpr Pattern kPattern = detail::patternOf<Ptn>();
  int64_t batch = 1, rows = 0, cols = 0, c0 = 16;
  int64_t stride = 0;       // the pitch the formula above names, in elements
  int64_t batchStride = 0;  // elements from one matrix to the next
  // The batch levels the layout's shape names: 0 (row, col), 1 (batch, (row, col)), 2 (outer,
  // batch, (row, col)), the outer level `outer` batches `outerStride` elements apart. Copies and
  // Mmad take one level: Slice or Squeeze takes the outer one away.
  int levels = 0;
  int64_t outer = 1, outerStride = 0;
  int64_t h = 0, w = 0;     // a convolution layout's image (rows = h x w)
  __aicore__ int64_t Offset(int64_t r, int64_t c) const {
    switch (kPattern) {
      case Pattern::ND: return r * stride + c;
      case Pattern::DN: return c * stride + r;
      case Pattern::NZ: return c / c0 * stride + r * c0 + c % c0;
      case Pattern::ZN: return r / c0 * stride + c * c0 + r % c0;
      case Pattern::ZZ: return r / 16 * stride + c / c0 * 16 * c0 + r % 16 * c0 + c % c0;
      case Pattern::PAIR_ND: return r / 2 * stride + c * 2 + r % 2;
      case Pattern::PAIR_DN: return c / 2 * stride + r * 2 + c % 2;
      default: return c / 16 * stride + r / c0 * 16 * c0 + c % 16 * c0 + r % c0;  // NN
    }
  }
  // The documented hierarchical form ("Layout和层次化表述法"): ((row0, row1), (col0, col1)) for the
  // fractal and Ext patterns, (row, col) for ND / DN, (n, c, h, w)-like for the convolution
  // layouts; in elements, of one matrix (a batch's matrices follow at batchStride).
  __aicore__ auto Shape() const { return hierarchy(true); }
  __aicore__ auto Stride() const { return hierarchy(false); }
  __aicore__ int64_t Capacity() const {
    switch (kPattern) {
      case Pattern::NZ: return detail::alignUp(rows, 16) * detail::alignUp(cols, c0);
      case Pattern::ZN: return detail::alignUp(rows, c0) * detail::alignUp(cols, 16);
      case Pattern::ZZ: return detail::alignUp(rows, 16) * detail::alignUp(cols, c0);
      case Pattern::NN: return rows * detail::alignUp(cols, 16);
      case Pattern::PAIR_ND: return detail::alignUp(rows, 2) * cols;
      case Pattern::PAIR_DN: return rows * detail::alignUp(cols, 2);
      default: return rows * cols;
    }
  }

 private:
  __aicore__ static auto pair(int64_t a, int64_t b) { return std::make_tuple(a, b); }
  __aicore__ auto hierarchy(bool shape) const {
    auto cdiv = [](int64_t a, int64_t b) { return (a + b - 1) / b; };
    if constexpr (std::is_same_v<Ptn, NCHWLayoutPtn>)
      return shape ? std::make_tuple(batch, cols, h, w) : std::make_tuple(batchStride, stride, w, (int64_t)1);
    else if constexpr (std::is_same_v<Ptn, NHWCLayoutPtn>)
      return shape ? std::make_tuple(batch, h, w, cols) : std::make_tuple(batchStride, w * cols, cols, (int64_t)1);
    else if constexpr (std::is_same_v<Ptn, NC1HWC0LayoutPtn>)
      return shape ? std::make_tuple(batch, cols / c0, h, w, c0) : std::make_tuple(batchStride, stride, w * c0, c0, (int64_t)1);
    else if constexpr (std::is_same_v<Ptn, NDLayoutPtn>) return shape ? pair(rows, cols) : pair(stride, 1);
    else if constexpr (std::is_same_v<Ptn, DNLayoutPtn>) return shape ? pair(rows, cols) : pair(1, stride);
    else if constexpr (kPattern == Pattern::PAIR_ND)
      return shape ? std::make_tuple(pair(2, cdiv(rows, 2)), pair(1, cols)) : std::make_tuple(pair(1, stride), pair(0, 2));
    else if constexpr (kPattern == Pattern::PAIR_DN)
      return shape ? std::make_tuple(pair(1, rows), pair(2, cdiv(cols, 2))) : std::make_tuple(pair(0, 2), pair(1, stride));
    else if constexpr (kPattern == Pattern::ND)  // NDExt, ScaleAND
      return shape ? std::make_tuple(pair(1, rows), pair(1, cols)) : std::make_tuple(pair(0, stride), pair(0, 1));
    else if constexpr (kPattern == Pattern::DN)  // DNExt, ScaleBDN
      return shape ? std::make_tuple(pair(1, rows), pair(1, cols)) : std::make_tuple(pair(0, 1), pair(0, stride));
    else if constexpr (kPattern == Pattern::NZ)
      return shape ? std::make_tuple(pair(16, cdiv(rows, 16)), pair(c0, cdiv(cols, c0)))
                   : std::make_tuple(pair(c0, c0 * 16), pair(1, stride));
    else if constexpr (kPattern == Pattern::ZN)
      return shape ? std::make_tuple(pair(c0, cdiv(rows, c0)), pair(16, cdiv(cols, 16)))
                   : std::make_tuple(pair(1, stride), pair(c0, c0 * 16));
    else if constexpr (kPattern == Pattern::ZZ)
      return shape ? std::make_tuple(pair(16, cdiv(rows, 16)), pair(c0, cdiv(cols, c0)))
                   : std::make_tuple(pair(c0, stride), pair(1, c0 * 16));
    else  // NN
      return shape ? std::make_tuple(pair(c0, cdiv(rows, c0)), pair(16, cdiv(cols, 16)))
                   : std::make_tuple(pair(1, c0 * 16), pair(c0, stride));
  }
};
namespace detail {
template <typename Ptn> __aicore__ inline FrameLayout<Ptn> frameLayout(int64_t batch, int64_t rows, int64_t cols, int64_t c0) {
  FrameLayout<Ptn> l;
  l.batch = batch, l.rows = rows, l.cols = cols, l.c0 = c0;
  switch (FrameLayout<Ptn>::kPattern) {
    case Pattern::ND: l.stride = cols; break;
    case Pattern::DN: l.stride = rows; break;
    case Pattern::NZ: l.stride = c0 * alignUp(rows, 16); break;
    case Pattern::ZN: l.stride = c0 * alignUp(cols, 16); break;
    case Pattern::ZZ: l.stride = 16 * alignUp(cols, c0); break;
    case Pattern::NN: l.stride = 16 * rows; break;
    case Pattern::PAIR_ND: l.stride = 2 * cols; break;
    case Pattern::PAIR_DN: l.stride = 2 * rows; break;
  }
  l.batchStride = l.Capacity();
  return l;
}
}  // namespace detail
// MakeFrameLayout<Pattern[, Trait]>(rows, cols) or (batch, rows, cols); the C0 form too.
template <typename Ptn, typename Trait = void, typename R, typename C>
__aicore__ inline FrameLayout<Ptn> MakeFrameLayout(R rows, C cols) {
  return detail::frameLayout<Ptn>(1, (int64_t)rows, (int64_t)cols, detail::c0For<Ptn, Trait>());
}
template <typename Ptn, typename Trait = void, typename B, typename R, typename C>
__aicore__ inline FrameLayout<Ptn> MakeFrameLayout(B batch, R rows, C cols) {
  FrameLayout<Ptn> l = detail::frameLayout<Ptn>((int64_t)batch, (int64_t)rows, (int64_t)cols, detail::c0For<Ptn, Trait>());
  l.levels = 1;
  return l;
}
// The convolution layouts: NCHWLayoutPtn (n, c, h, w), NHWCLayoutPtn (n, h, w, c),
// NC1HWC0LayoutPtn (n, c1, h, w, c0); n images one after another.
template <typename Ptn, typename Trait = void, typename A0, typename A1, typename A2, typename A3>
__aicore__ inline FrameLayout<Ptn> MakeFrameLayout(A0 n, A1 a1, A2 a2, A3 a3) {
  constexpr bool nchw = std::is_same_v<Ptn, NCHWLayoutPtn>;
  static_assert(nchw || std::is_same_v<Ptn, NHWCLayoutPtn>, "MakeFrameLayout(n, ., ., .): NCHWLayoutPtn or NHWCLayoutPtn");
  const int64_t h = nchw ? (int64_t)a2 : (int64_t)a1, w = nchw ? (int64_t)a3 : (int64_t)a2, c = nchw ? (int64_t)a1 : (int64_t)a3;
  FrameLayout<Ptn> l = detail::frameLayout<Ptn>((int64_t)n, h * w, c, 16);
  l.h = h, l.w = w;
  return l;
}
template <typename Ptn, typename Trait = void, typename A0, typename A1, typename A2, typename A3, typename A4>
__aicore__ inline FrameLayout<Ptn> MakeFrameLayout(A0 n, A1 c1, A2 h, A3 w, A4 c0) {
  static_assert(std::is_same_v<Ptn, NC1HWC0LayoutPtn>, "MakeFrameLayout(n, c1, h, w, c0): NC1HWC0LayoutPtn");
  FrameLayout<Ptn> l = detail::frameLayout<Ptn>((int64_t)n, (int64_t)h * (int64_t)w, (int64_t)c1 * (int64_t)c0, (int64_t)c0);
  l.h = (int64_t)h, l.w = (int64_t)w;
  l.stride = l.rows * l.c0, l.batchStride = l.stride * (int64_t)c1;  // channel blocks of H x W rows, unpadded
  return l;
}
template <typename Ptn, size_t C0Element, typename... A> __aicore__ inline FrameLayout<Ptn> MakeFrameLayout(A... a) {
  return MakeFrameLayout<Ptn, std::integral_constant<int64_t, (int64_t)C0Element>>(a...);
}
// The layout maker as a type (FrameLayoutFormat<Pattern, Trait>{}(rows, cols)).
template <typename Ptn, typename Trait = void> struct FrameLayoutFormat {
  template <typename... A> __aicore__ FrameLayout<Ptn> operator()(A... a) const { return MakeFrameLayout<Ptn, Trait>(a...); }
};

/* ---- coordinates and shapes: (row, col), or (batch, (row, col)) ---- */
// Tuples, nested as the hierarchical form nests them: integers widened to 64 bits keeping their
// signedness (Std::get reads them, as kernels' own copy operations do, and their helpers'
// overloads are picked by it), compile-time integers (Std::Int<N>) kept as such.
namespace detail {
template <typename T> __aicore__ inline auto tuplePart(const T& v) {
  if constexpr (std::is_integral_v<T> && std::is_unsigned_v<T>) return (uint64_t)v;
  else if constexpr (std::is_integral_v<T> || std::is_enum_v<T>) return (int64_t)v;
  else return v;  // Std::Int<N>, or a nested tuple
}
}  // namespace detail
template <typename... A> __aicore__ inline auto MakeCoord(const A&... a) { return std::make_tuple(detail::tuplePart(a)...); }
template <typename... A> __aicore__ inline auto MakeShape(const A&... a) { return MakeCoord(a...); }
template <typename... A> __aicore__ inline auto MakeStride(const A&... a) { return MakeCoord(a...); }
struct Index {
  int64_t b = 0, r = 0, c = 0;
  bool batched = false;
  int64_t o = 0;  // the outer batch level's, with `outered`
  bool outered = false;
};
namespace detail {
// A coordinate or shape tuple (Te's, or AscendC::MakeCoord / MakeShape of the layout API):
// (row, col), (batch, (row, col)) or (outer, batch, (row, col)); `batch` for the levels it lacks.
template <typename T> __aicore__ inline Index indexOf(const T& t, int64_t batch) {
  static_assert(std::tuple_size_v<T> == 2 || std::tuple_size_v<T> == 3,
                "Te: a (row, column), (batch, (row, column)) or (outer, batch, (row, column)) coordinate or shape");
  if constexpr (std::tuple_size_v<T> == 3) {
    Index i = indexOf(std::make_tuple(std::get<1>(t), std::get<2>(t)), batch);
    i.o = (int64_t)std::get<0>(t), i.outered = true;
    return i;
  } else {
  using Second = std::decay_t<std::tuple_element_t<1, T>>;
  if constexpr (std::is_integral_v<Second> || IsIntegralConstant<Second>::value)
    return Index{batch, (int64_t)std::get<0>(t), (int64_t)std::get<1>(t), false};
  else
    return Index{(int64_t)std::get<0>(t), (int64_t)std::get<0>(std::get<1>(t)), (int64_t)std::get<1>(std::get<1>(t)), true};
  }
}
}  // namespace detail
// Element I of a shape or coordinate tuple (AscendC::Shape / Coord).
template <size_t I, typename... T> __aicore__ inline auto Get(const std::tuple<T...>& t) { return std::get<I>(t); }

/* ---- tensors ---- */
template <typename T, typename Ptn> struct Tensor {
  using elementType = T;
  MemPtr<T> data;
  FrameLayout<Ptn> layout;
  __aicore__ const FrameLayout<Ptn>& Layout() const { return layout; }
  __aicore__ MemPtr<T> Data() const { return data; }
  __aicore__ const MemPtr<T>& Engine() const { return data; }
  // A GM tensor's L2 hint, as GlobalTensor::SetL2CacheHint (CACHE_MODE_DISABLE streams past L2).
  __aicore__ void SetL2CacheHint(AscendC::CacheMode mode) {
    data.cacheMode = (uint8_t)mode;
    if (data.location == Location::GM && data.ptr)
      ::sk_l2_mode(data.ptr, (uint64_t)(Capacity() * detail::bitsOf<T>() / 8),
                   mode == AscendC::CacheMode::CACHE_MODE_DISABLE ? SK_L2_BYPASS : SK_L2_NORMAL);
  }
  __aicore__ int64_t Size() const { return layout.batch * layout.rows * layout.cols; }
  __aicore__ int64_t Capacity() const { return layout.batch * layout.batchStride; }
  // The element at `offset` elements from the start (4-bit types: two to a byte, even offsets).
  __aicore__ T* At(int64_t offset) const { return AscendC::detail::elementAt<T>(data.ptr, (uint64_t)offset); }
  // The part from `coord` on, at most `shape`, in the same layout (the same strides).
  template <typename C, typename S> __aicore__ Tensor Slice(const C& coordIn, const S& shapeIn) const {
    const Index coord = detail::indexOf(coordIn, 0), shape = detail::indexOf(shapeIn, 1);
    if (coord.r < 0 || coord.c < 0 || coord.b < 0 || coord.o < 0 || coord.r >= layout.rows || coord.c >= layout.cols ||
        coord.b >= layout.batch || coord.o >= layout.outer)
      ::sk_trapf(3, "Te::Slice: coordinate (%lld, %lld, (%lld, %lld)) outside the tensor's %lld x %lld x (%lld x %lld)",
                 (long long)coord.o, (long long)coord.b, (long long)coord.r, (long long)coord.c, (long long)layout.outer,
                 (long long)layout.batch, (long long)layout.rows, (long long)layout.cols);
    Tensor t = *this;
    t.data.ptr = At(coord.o * layout.outerStride + coord.b * layout.batchStride + layout.Offset(coord.r, coord.c));
    t.layout.rows = std::min(layout.rows - coord.r, shape.r);
    t.layout.cols = std::min(layout.cols - coord.c, shape.c);
    t.layout.batch = shape.batched ? std::min(layout.batch - coord.b, shape.b) : 1;
    t.layout.outer = shape.outered ? std::min(layout.outer - coord.o, shape.o) : 1;
    t.layout.levels = shape.outered ? 2 : shape.batched ? 1 : 0;
    return t;
  }
  // The matrix b of a batched tensor.
  __aicore__ Tensor Matrix(int64_t b) const {
    Tensor t = *this;
    t.data.ptr = At(b * layout.batchStride);
    t.layout.batch = 1;
    return t;
  }
};
// Squeeze<I...>(tensor): the tensor without its batch levels I... (positions in its shape, which
// must be 1 there), as after a Slice of one batch.
template <size_t... I, typename T, typename Ptn> __aicore__ inline Tensor<T, Ptn> Squeeze(const Tensor<T, Ptn>& in) {
  Tensor<T, Ptn> t = in;
  constexpr size_t positions[] = {I...};
  for (size_t k = sizeof...(I); k-- > 0;) {  // the last first: the others keep their positions
    FrameLayout<Ptn>& l = t.layout;
    const size_t p = positions[k];
    if (p >= (size_t)l.levels)
      ::sk_trapf(3, "Te::Squeeze: position %zu is not a batch level of a shape with %d", p, l.levels);
    const bool outerLevel = l.levels == 2 && p == 0;
    const int64_t extent = outerLevel ? l.outer : l.batch;
    if (extent != 1) ::sk_trapf(3, "Te::Squeeze: dimension %zu is %lld, not 1", p, (long long)extent);
    if (l.levels == 2 && !outerLevel) l.batch = l.outer, l.batchStride = l.outerStride;
    l.outer = 1, l.outerStride = 0, --l.levels;
  }
  return t;
}
template <typename T, typename Ptn> __aicore__ inline Tensor<T, Ptn> MakeTensor(const MemPtr<T>& p, const FrameLayout<Ptn>& l) {
  return Tensor<T, Ptn>{p, l};
}

/* ---- layouts from a shape and a stride; their elements ---- */
using CacheMode = AscendC::CacheMode;
enum class AttrInfo : uint8_t { Shape, Stride, Row, Column };
namespace detail {
template <typename T> struct StaticInt { static constexpr int64_t value = -1; };  // -1: known at run time only
template <typename V, V N> struct StaticInt<std::integral_constant<V, N>> { static constexpr int64_t value = N; };
template <size_t I, size_t J, typename T> constexpr int64_t staticAt() {
  return StaticInt<std::decay_t<std::tuple_element_t<J, std::decay_t<std::tuple_element_t<I, T>>>>>::value;
}
template <size_t I, size_t J, typename T> __aicore__ inline int64_t at(const T& t) { return (int64_t)std::get<J>(std::get<I>(t)); }
// The pattern a MakeLayout's shape and stride types spell out (GetLayoutPattern's inference):
// the fractal patterns by their compile-time inner shapes and strides, ND / DN by a unit stride.
template <typename S, typename D> constexpr int patternCode() {
  if constexpr (!AscendC::Std::is_tuple_v<std::decay_t<std::tuple_element_t<0, S>>>) {
    return StaticInt<std::decay_t<std::tuple_element_t<1, D>>>::value == 1 ? 1
           : StaticInt<std::decay_t<std::tuple_element_t<0, D>>>::value == 1 ? 2 : 0;
  } else {
    constexpr int64_t r0 = staticAt<0, 0, S>(), c0 = staticAt<1, 0, S>();
    constexpr int64_t sr0 = staticAt<0, 0, D>(), sr1 = staticAt<0, 1, D>(), sc0 = staticAt<1, 0, D>(), sc1 = staticAt<1, 1, D>();
    if (r0 == 1 && c0 == 1 && sr0 == 0 && sc0 == 0) return sc1 == 1 ? 3 : sr1 == 1 ? 4 : 0;              // NDExt, DNExt
    if (r0 == 2 && c0 == 16 && sr0 == 1 && sr1 == 32 && sc0 == 2) return 8;                               // NN
    if (r0 == 16 && c0 > 0 && sr0 == c0 && sc0 == 1 && sr1 == 16 * c0) return 5;                         // NZ
    if (r0 == 16 && c0 > 0 && sr0 == c0 && sc0 == 1 && sc1 == 16 * c0) return 7;                         // ZZ
    if (c0 == 16 && r0 > 0 && sr0 == 1 && sc0 == r0 && sc1 == 16 * r0) return 6;                         // ZN
    return 0;
  }
}
template <int Code> struct PatternOfCode { using type = void; };
template <> struct PatternOfCode<1> { using type = NDLayoutPtn; };
template <> struct PatternOfCode<2> { using type = DNLayoutPtn; };
template <> struct PatternOfCode<3> { using type = NDExtLayoutPtn; };
template <> struct PatternOfCode<4> { using type = DNExtLayoutPtn; };
template <> struct PatternOfCode<5> { using type = NZLayoutPtn; };
template <> struct PatternOfCode<6> { using type = ZNLayoutPtn; };
template <> struct PatternOfCode<7> { using type = ZZLayoutPtn; };
template <> struct PatternOfCode<8> { using type = NNLayoutPtn; };
// A pattern's layout from its documented hierarchical shape and stride: the rows and columns
// (whole fractals), the pitch and C0.
template <typename Ptn, typename S, typename D> __aicore__ inline FrameLayout<Ptn> fromMatrixHierarchy(const S& shape, const D& stride) {
  FrameLayout<Ptn> l;
  constexpr Pattern p = FrameLayout<Ptn>::kPattern;
  if constexpr (!AscendC::Std::is_tuple_v<std::decay_t<std::tuple_element_t<0, S>>>) {
    static_assert(std::is_same_v<Ptn, NDLayoutPtn> || std::is_same_v<Ptn, DNLayoutPtn>, "Te: a flat (rows, columns) layout is ND or DN");
    l.rows = (int64_t)std::get<0>(shape), l.cols = (int64_t)std::get<1>(shape);
    l.stride = (int64_t)std::get<p == Pattern::ND ? 0 : 1>(stride);
    l.c0 = 16;
  } else {
    l.rows = at<0, 0>(shape) * at<0, 1>(shape), l.cols = at<1, 0>(shape) * at<1, 1>(shape);
    if constexpr (p == Pattern::ND) l.stride = at<0, 1>(stride) / at<0, 0>(shape), l.c0 = 16;
    else if constexpr (p == Pattern::DN) l.stride = at<1, 1>(stride) / at<1, 0>(shape), l.c0 = 16;
    else if constexpr (p == Pattern::NZ) l.stride = at<1, 1>(stride), l.c0 = at<1, 0>(shape);
    else if constexpr (p == Pattern::ZN) l.stride = at<0, 1>(stride), l.c0 = at<0, 0>(shape);
    else if constexpr (p == Pattern::ZZ) l.stride = at<0, 1>(stride), l.c0 = at<1, 0>(shape);
    else if constexpr (p == Pattern::PAIR_ND) l.stride = at<0, 1>(stride), l.c0 = 2;
    else if constexpr (p == Pattern::PAIR_DN) l.stride = at<1, 1>(stride), l.c0 = 2;
    else l.stride = at<1, 1>(stride), l.c0 = at<0, 0>(shape);  // NN
  }
  l.batchStride = l.Capacity();
  return l;
}
// ... with its batch levels: (batch, matrix) or (outer, batch, matrix), each a shape and a stride.
template <typename Ptn, typename S, typename D> __aicore__ inline FrameLayout<Ptn> fromHierarchy(const S& shape, const D& stride) {
  if constexpr (std::tuple_size_v<S> == 3) {
    FrameLayout<Ptn> l = fromMatrixHierarchy<Ptn>(std::get<2>(shape), std::get<2>(stride));
    l.outer = (int64_t)std::get<0>(shape), l.outerStride = (int64_t)std::get<0>(stride);
    l.batch = (int64_t)std::get<1>(shape), l.batchStride = (int64_t)std::get<1>(stride), l.levels = 2;
    return l;
  } else if constexpr (!AscendC::Std::is_tuple_v<std::decay_t<std::tuple_element_t<0, S>>> &&
                       AscendC::Std::is_tuple_v<std::decay_t<std::tuple_element_t<1, S>>>) {
    FrameLayout<Ptn> l = fromMatrixHierarchy<Ptn>(std::get<1>(shape), std::get<1>(stride));
    l.batch = (int64_t)std::get<0>(shape), l.batchStride = (int64_t)std::get<0>(stride), l.levels = 1;
    return l;
  } else {
    return fromMatrixHierarchy<Ptn>(shape, stride);
  }
}
template <typename T> struct PatternOf { using type = void; };
template <typename P> struct PatternOf<FrameLayout<P>> { using type = P; };
template <typename E, typename P> struct PatternOf<Tensor<E, P>> { using type = P; };
template <typename T> struct ElementOf { using type = T; };
template <typename E, typename P> struct ElementOf<Tensor<E, P>> { using type = E; };
}  // namespace detail
// MakeLayout(shape, stride): a layout whose shape and stride types name its pattern (compile-time
// inner shapes and strides, as the documented fractal forms write them with Std::Int); other
// general layouts are not simulated (a compile error): MakePatternLayout names the pattern.
template <typename S, typename D> __aicore__ inline auto MakeLayout(const S& shape, const D& stride) {
  using Found = typename detail::PatternOfCode<detail::patternCode<S, D>()>::type;
  using Ptn = std::conditional_t<std::is_void_v<Found>, NDLayoutPtn, Found>;  // (one error, not a cascade)
  static_assert(!std::is_void_v<Found>, "Te::MakeLayout: only layouts whose shape and stride types spell out a pattern (ND, DN, NDExt, DNExt, NZ, ZN, ZZ, NN with compile-time inner shapes and strides) are simulated; use MakePatternLayout or MakeFrameLayout");
  return detail::fromHierarchy<Ptn>(shape, stride);
}
template <typename Ptn, typename Trait = void, typename S, typename D>
__aicore__ inline FrameLayout<Ptn> MakePatternLayout(const S& shape, const D& stride) {
  return detail::fromHierarchy<Ptn>(shape, stride);
}
template <typename Ptn> __aicore__ inline auto GetShape(const FrameLayout<Ptn>& l) { return l.Shape(); }
template <typename Ptn> __aicore__ inline auto GetStride(const FrameLayout<Ptn>& l) { return l.Stride(); }
// GetElement<AttrInfo::Shape or Stride, AttrInfo::Row or Column, I>(layout): element I (0 inner,
// 1 outer) of the rows' or columns' shape or stride.
template <AttrInfo What, AttrInfo Axis, size_t I, typename Ptn> __aicore__ inline int64_t GetElement(const FrameLayout<Ptn>& l) {
  static_assert((What == AttrInfo::Shape || What == AttrInfo::Stride) && (Axis == AttrInfo::Row || Axis == AttrInfo::Column),
                "Te::GetElement<Shape or Stride, Row or Column, I>");
  const auto t = What == AttrInfo::Shape ? l.Shape() : l.Stride();
  const auto& axis = std::get<Axis == AttrInfo::Row ? 0 : 1>(t);
  if constexpr (AscendC::Std::is_tuple_v<std::decay_t<decltype(axis)>>) return (int64_t)std::get<I>(axis);
  else return I == 0 ? (What == AttrInfo::Shape ? 1 : 0) : (int64_t)axis;  // ND / DN: no inner level
}
// The rows and columns a layout spans (whole fractals).
template <typename Ptn> __aicore__ inline int64_t GetTotalRowShape(const FrameLayout<Ptn>& l) {
  return GetElement<AttrInfo::Shape, AttrInfo::Row, 0>(l) * GetElement<AttrInfo::Shape, AttrInfo::Row, 1>(l);
}
template <typename Ptn> __aicore__ inline int64_t GetTotalColumnShape(const FrameLayout<Ptn>& l) {
  return GetElement<AttrInfo::Shape, AttrInfo::Column, 0>(l) * GetElement<AttrInfo::Shape, AttrInfo::Column, 1>(l);
}
// A layout's (or tensor's) pattern; Std::ignore_t for what has none.
template <typename T>
using GetLayoutPattern = std::conditional_t<std::is_void_v<typename detail::PatternOf<std::decay_t<T>>::type>, AscendC::Std::ignore_t,
                                            typename detail::PatternOf<std::decay_t<T>>::type>;
// Whether a tensor's (or layout's) pattern is Ptn.
template <typename T, typename Ptn>
constexpr bool IsSatisfiedPtnFormatV = std::is_same_v<typename detail::PatternOf<std::decay_t<T>>::type, Ptn>;
// C0 of a tensor's (or an element type's) elements: 32 bytes' worth.
template <typename T> constexpr int64_t C0_SIZE = detail::c0Of<typename detail::ElementOf<std::decay_t<T>>::type>();

/* ---- copy and mmad atoms ---- */
enum class RoundMode : uint8_t { DEFAULT = 0, HYBRID };
enum DualDstMode : uint8_t { DUAL_DST_DISABLE = 0, DUAL_DST_SPLIT_M, DUAL_DST_SPLIT_N };
struct FixpipeParams {
  uint8_t unitFlag = 0;
  bool subBlockId = false;
  __aicore__ constexpr FixpipeParams() {}
  __aicore__ constexpr FixpipeParams(uint8_t unitFlagIn, bool subBlockIdIn = false) : unitFlag(unitFlagIn), subBlockId(subBlockIdIn) {}
};
struct CopyL0C2GMTrait {
  RoundMode roundMode = RoundMode::DEFAULT;
  bool enableRelu = false;
  bool enableChannelSplit = false;
  __aicore__ constexpr CopyL0C2GMTrait() {}
  __aicore__ constexpr CopyL0C2GMTrait(RoundMode r, bool relu = false, bool split = false)
      : roundMode(r), enableRelu(relu), enableChannelSplit(split) {}
};
struct CopyL0C2UBTrait {
  RoundMode roundMode = RoundMode::DEFAULT;
  bool enableRelu = false;
  bool enableChannelSplit = false;
  DualDstMode dualDstCtl = DUAL_DST_DISABLE;
  __aicore__ constexpr CopyL0C2UBTrait() {}
  __aicore__ constexpr CopyL0C2UBTrait(RoundMode r, bool relu = false, bool split = false, DualDstMode dual = DUAL_DST_DISABLE)
      : roundMode(r), enableRelu(relu), enableChannelSplit(split), dualDstCtl(dual) {}
};
struct EmptyTrait {
  __aicore__ constexpr EmptyTrait() {}
};
// A kernel's own copy operation (the Atom customisation interface): a struct with
//   template <typename Tp, const Tp& traits, typename T, typename U, ...> static void Copy(dst, src, ...)
// made known by specialising CopyTraits<Op> as CopyTraits<Op, Trait, OpWith, TraitWith>; MakeCopy(Op{})
// then makes its atom and Copy(atom, dst, src, args...) / atom.Call(dst, src, args...) call
// Op::Copy<Trait::TraitType, Trait::value>(dst, src, args...).
template <typename Op, typename... Args> struct CopyTraits;
template <typename Op, typename Trait, typename OpWith, typename TraitWith> struct CopyTraits<Op, Trait, OpWith, TraitWith> {
  using Operation = Op;
  using CopyTrait = Trait;
};
namespace detail {
template <typename Op> struct BuiltinCopy : std::false_type {};
template <typename Op> struct DefaultTrait { using type = typename CopyTraits<Op>::CopyTrait; };
}  // namespace detail
#define SK_TE_COPY(Op, TraitT)                                  \
  struct Op {};                                                 \
  struct Op##TraitDefault {                                     \
    using TraitType = TraitT;                                   \
    static constexpr const TraitType value{};                   \
  };                                                            \
  namespace detail {                                            \
  template <> struct DefaultTrait<Op> { using type = Op##TraitDefault; }; \
  template <> struct BuiltinCopy<Op> : std::true_type {};       \
  }
SK_TE_COPY(CopyGM2L1, EmptyTrait)
SK_TE_COPY(CopyGM2UB, EmptyTrait)
SK_TE_COPY(CopyUB2GM, EmptyTrait)
SK_TE_COPY(CopyUB2L1, EmptyTrait)
SK_TE_COPY(CopyL12L0A, EmptyTrait)
SK_TE_COPY(CopyL12L0B, EmptyTrait)
SK_TE_COPY(CopyL12BT, EmptyTrait)
SK_TE_COPY(CopyL12FB, EmptyTrait)
SK_TE_COPY(CopyL12L0ScaleA, EmptyTrait)
SK_TE_COPY(CopyL12L0ScaleB, EmptyTrait)
SK_TE_COPY(CopyL0C2GM, CopyL0C2GMTrait)
SK_TE_COPY(CopyL0C2UB, CopyL0C2UBTrait)
#undef SK_TE_COPY

// Img2Col's parameters (CopyL12L0A from an NC1HWC0 feature map); padList: left, right, top, bottom.
template <typename T> struct Img2ColParams {
  uint16_t mExtension = 0, kExtension = 0;
  uint8_t padList[4] = {0, 0, 0, 0};
  uint8_t strideW = 1, strideH = 1, filterW = 1, filterH = 1, dilationFilterW = 1, dilationFilterH = 1;
  bool filterSizeW = false, filterSizeH = false, transpose = false, fMatrixCtrl = false;
  T padValue = 0;
};
// An operation, its trait (a struct whose `value` holds the settings) and the runtime params
// .with() gave (FixpipeParams, or Img2ColParams for an Img2Col).
template <typename Op, typename Trait, typename Params = FixpipeParams> struct CopyAtom {
  Params params{};
  template <typename P> __aicore__ constexpr CopyAtom<Op, Trait, P> with(const P& p) const {
    static_assert(detail::BuiltinCopy<Op>::value, "Te: .with() on a kernel's own copy operation is not simulated");
    return {p};
  }
  // Copy(*this, dst, src, args...)
  template <typename D, typename S, typename... A> __aicore__ void Call(const D& dst, const S& src, const A&... args) const {
    Copy(*this, dst, src, args...);
  }
};
template <typename Op> __aicore__ inline constexpr auto MakeCopy(Op) { return CopyAtom<Op, typename detail::DefaultTrait<Op>::type>{}; }
template <typename Op, typename Trait> __aicore__ inline constexpr CopyAtom<Op, Trait> MakeCopy(Op, Trait) { return {}; }

enum class MmadType : uint8_t { NORMAL = 0, MX = 1 };
struct MmadTrait {
  int32_t fmOffset = 0;
  bool kDirectionAlign = false;
  bool cmatrixSource = false;
  bool disableGemv = true;
  MmadType mmadType = MmadType::NORMAL;
  __aicore__ constexpr MmadTrait() {}
  __aicore__ constexpr MmadTrait(int32_t fmOffsetIn, bool kAlign = false, bool source = false, bool noGemv = true,
                                 MmadType type = MmadType::NORMAL)
      : fmOffset(fmOffsetIn), kDirectionAlign(kAlign), cmatrixSource(source), disableGemv(noGemv), mmadType(type) {}
};
struct MmadTraitDefault {
  using TraitType = MmadTrait;
  static constexpr const TraitType value{};
};
struct MmadOperation {};
struct MmadParams {
  uint16_t m = 0, n = 0, k = 0;
  uint8_t unitFlag = 0;
  bool cmatrixInitVal = false;
  __aicore__ constexpr MmadParams() {}
  __aicore__ constexpr MmadParams(uint16_t mIn, uint16_t nIn, uint16_t kIn, uint8_t unitFlagIn = 0, bool initIn = false)
      : m(mIn), n(nIn), k(kIn), unitFlag(unitFlagIn), cmatrixInitVal(initIn) {}
};
// The operation with its trait, as MmadAtom's parameter (MmadAtom<MmadTraits<MmadOperation, T>>).
// MmadTraits<Op, Trait, OpWith, TraitWith>: the trait an atom configured by .with(params) runs
// with is TraitWith's (a kernel's MX trait: MmadTraits<MmadOperation, MmadTraitDefault,
// MmadOpWith, MyMxTrait>); every Mmad here takes its params, so that is the one used. The trait
// defaults to MmadTraitDefault (MmadTraits<MmadOperation>).
struct MmadOpWith {};
template <typename Op, typename Trait = MmadTraitDefault, typename OpWith = void, typename TraitWith = Trait> struct MmadTraits {
  using TraitType = typename TraitWith::TraitType;
  static constexpr const TraitType value = TraitWith::value;
};
template <typename Traits> struct MmadAtom {
  MmadParams params{};
  __aicore__ constexpr MmadAtom with(const MmadParams& p) const { return MmadAtom{p}; }
};
template <typename Trait> __aicore__ inline constexpr MmadAtom<MmadTraits<MmadOperation, Trait>> MakeMmad(MmadOperation, Trait) {
  return {};
}

namespace detail {
template <typename T> __aicore__ inline LocalTensor<T> local(T* p, Location l, int64_t elements) {
  return LocalTensor<T>((PrimT<T>*)p, (uint32_t)elements, positionOf(l));
}
template <typename T> __aicore__ inline GlobalTensor<T> global(T* p, int64_t elements) {
  GlobalTensor<T> g;
  g.SetGlobalBuffer((__gm__ PrimT<T>*)p, (uint64_t)elements);
  return g;
}
template <typename T, typename P> __aicore__ inline void require(const Tensor<T, P>& t, Location l, const char* api) {
  if (t.data.location != l) ::sk_trapf(3, "Te::%s: an operand in %s, not %s", api, nameOf(t.data.location), nameOf(l));
  if (t.layout.outer != 1)
    ::sk_trapf(3, "Te::%s: an operand of %lld outer batches (two batch levels): Slice or Squeeze it to one", api,
               (long long)t.layout.outer);
}
// DataCopyParams for `count` runs of `run` elements, srcPitch and dstPitch elements apart, with
// srcBits and dstBits to an element on each side: 32-byte blocks and the gaps between them.
inline DataCopyParams blockRuns(int64_t count, int64_t run, int64_t srcPitch, int64_t dstPitch, int64_t srcBits, int64_t dstBits) {
  return DataCopyParams((uint16_t)count, (uint16_t)(run * srcBits / 256), (uint16_t)((srcPitch - run) * srcBits / 256),
                        (uint16_t)((dstPitch - run) * dstBits / 256));
}
// GM -> L1: ND or DN into NZ or ZN (ZN is the NZ of the transpose, so an ND source into ZN is a
// DN copy of the transpose), MX scales into ZZ / NN, ND into ND (vectors), NZ or ZN as they lie
// (NC1HWC0 too); the source's rows and columns are copied.
template <typename T, typename D, typename S> __aicore__ inline void copyGm2L1(const Tensor<T, D>& dst, const Tensor<T, S>& src) {
  constexpr Pattern d = FrameLayout<D>::kPattern, s = FrameLayout<S>::kPattern;
  const auto& sl = src.layout;
  const auto& dl = dst.layout;
  const int64_t batches = sl.batch;
  auto l1 = local(dst.data.ptr, Location::L1, dst.Capacity());
  auto gm = global(src.data.ptr, batches * sl.batchStride);
  if constexpr ((d == Pattern::NZ || d == Pattern::ZN) && (s == Pattern::ND || s == Pattern::DN)) {
    const bool transposed = d == Pattern::ZN;                 // copy the transpose into its NZ
    const int64_t rows = transposed ? sl.cols : sl.rows;      // the NZ's rows and columns
    const int64_t cols = transposed ? sl.rows : sl.cols;
    const int64_t c0Stride = dl.stride / dl.c0;               // rows of the destination's column blocks
    constexpr int64_t per = 8 / (bitsOf<T>() < 8 ? bitsOf<T>() : 8);  // the basic API counts 4-bit pairs
    if constexpr ((s == Pattern::ND) != (d == Pattern::ZN)) {  // row-major as the NZ sees it
      Nd2NzParams p;
      p.ndNum = batches, p.nValue = rows, p.dValue = cols / per, p.srcNdMatrixStride = sl.batchStride / per;
      p.srcDValue = sl.stride / per, p.dstNzC0Stride = c0Stride, p.dstNzNStride = 1, p.dstNzMatrixStride = dl.batchStride / per;
      DataCopy(l1, gm, p);
    } else {
      static_assert(per == 1, "Te::Copy GM2L1: a column-major copy (Dn2NzParams) of 4-bit types is not simulated");
      Dn2NzParams p;
      p.dnNum = batches, p.nValue = rows, p.dValue = cols, p.srcDnMatrixStride = sl.batchStride, p.srcDValue = sl.stride;
      p.dstNzC0Stride = c0Stride, p.dstNzNStride = 1, p.dstNzMatrixStride = dl.batchStride;
      DataCopy(l1, gm, p);
    }
  } else if constexpr ((d == Pattern::ZZ && (s == Pattern::ND || s == Pattern::PAIR_DN)) ||
                       (d == Pattern::NN && (s == Pattern::DN || s == Pattern::PAIR_ND))) {
    // MX scales (fp8_e8m0_t) into ZZ (scale A) or NN (scale B): each band of 16 rows (ZZ) or
    // columns (NN) holds, for each pair of scales along K, the band's 16 pairs, 32 bytes to a
    // fractal: the copy of (pair, line) as 2-byte elements into NZ (C0 16). Row-major scales
    // (ScaleAND, ScaleBDN) give each line's pairs together: the column-major copy (Dn2NzParams);
    // K-major ones (ScaleADN, ScaleBND) each pair's lines together: the row-major one (Nd2NzParams).
    static_assert(sizeof(T) == 1, "Te::Copy GM2L1: ZZ / NN take MX scales (fp8_e8m0_t)");
    constexpr bool kMajor = s == Pattern::PAIR_DN || s == Pattern::PAIR_ND;
    const bool byRows = d == Pattern::ZZ;
    const int64_t lines = byRows ? sl.rows : sl.cols, pairs = ((byRows ? sl.cols : sl.rows) + 1) / 2;
    for (int64_t band = 0; band * 16 < lines; ++band) {
      const int64_t inBand = lines - band * 16 < 16 ? lines - band * 16 : 16;
      auto l1 = local((uint16_t*)(dst.At(band * dl.stride)), Location::L1, dl.stride / 2);
      if constexpr (kMajor) {
        Nd2NzParams p;
        p.ndNum = 1, p.nValue = pairs, p.dValue = inBand, p.srcDValue = sl.stride / 2;
        p.dstNzC0Stride = pairs, p.dstNzNStride = 1;
        DataCopy(l1, global((uint16_t*)(src.At(band * 32)), pairs * sl.stride / 2), p);
      } else {
        Dn2NzParams p;
        p.dnNum = 1, p.nValue = pairs, p.dValue = inBand, p.srcDValue = sl.stride / 2;
        p.dstNzC0Stride = pairs, p.dstNzNStride = 1;
        DataCopy(l1, global((uint16_t*)(src.At(band * 16 * sl.stride)), 8 * sl.stride), p);
      }
    }
  } else if constexpr (d == Pattern::ND && s == Pattern::ND) {  // rows of a vector (bias, quant)
    constexpr int64_t bits = bitsOf<T>();
    const bool blocks = !(sl.cols * bits % 256 || (sl.stride - sl.cols) * bits % 256 || (dl.stride - sl.cols) * bits % 256);
    // Rows that are not whole 32-byte blocks go as DataCopyPad's: each row's bytes, the L1 side
    // rounded up to 32 bytes (a one-row quant vector of 34 channels).
    const int64_t rowBytes = sl.cols * bits / 8, paddedRow = alignUp(rowBytes, 32), dstPitch = dl.stride * bits / 8;
    if (!blocks && (bits < 8 || (sl.rows > 1 && (dstPitch < paddedRow || (dstPitch - paddedRow) % 32))))
      ::sk_trapf(3, "Te::Copy GM2L1 ND: rows of %lld elements %lld apart in L1: the L1 rows must start 32 bytes apart",
                 (long long)sl.cols, (long long)dl.stride);
    for (int64_t b = 0; b < batches; ++b) {
      auto l1 = local(dst.At(b * dl.batchStride), Location::L1, dl.batchStride);
      auto gm = global(src.At(b * sl.batchStride), sl.batchStride);
      if (blocks) DataCopy(l1, gm, blockRuns(sl.rows, sl.cols, sl.stride, dl.stride, bits, bits));
      else
        DataCopyPad(l1, gm, DataCopyExtParams((uint16_t)sl.rows, (uint32_t)rowBytes, (DataCopyExtStride)((sl.stride - sl.cols) * bits / 8),
                                              (DataCopyExtStride)(sl.rows > 1 ? (dstPitch - paddedRow) / 32 : 0), 0),
                    DataCopyPadExtParams<T>());
    }
  } else if constexpr (d == s && (d == Pattern::NZ || d == Pattern::ZN || d == Pattern::ZZ || d == Pattern::NN)) {
    // Fractal matrices as they lie (a weight stored NZ, MX scales stored ZZ / NN): each block of
    // the source's whole fractals (NZ: C0 columns, ZN: C0 rows, ZZ: 16 rows, NN: 16 columns), one
    // after another in both.
    constexpr int64_t bits = bitsOf<T>();
    constexpr bool fractalC0 = d == Pattern::NZ || d == Pattern::ZN;      // blocks of C0 lines, else of 16
    constexpr bool byColumns = d == Pattern::NZ || d == Pattern::NN;     // blocks across the columns
    const int64_t step = fractalC0 ? sl.c0 : 16;
    const int64_t blocks = alignUp(byColumns ? sl.cols : sl.rows, step) / step;
    // Elements of one block (NC1HWC0's are unpadded).
    const int64_t run = std::min({alignUp(byColumns ? sl.rows : sl.cols, fractalC0 ? 16 : sl.c0) * (fractalC0 ? sl.c0 : 16), sl.stride,
                                  dl.stride});
    for (int64_t b = 0; b < batches; ++b)
      DataCopy(local(dst.At(b * dl.batchStride), Location::L1, dl.batchStride), global(src.At(b * sl.batchStride), sl.batchStride),
               blockRuns(blocks, run, sl.stride, dl.stride, bits, bits));
  } else {
    static_assert(d != d, "Te::Copy GM2L1: ND or DN into NZ or ZN, MX scales into ZZ or NN, ND into ND, or NZ / ZN / ZZ / NN as they lie");
  }
}
// L1 -> L0A / L0B: whole fractals of the destination, by LoadData2DParamsV2 on the NZ views (a ZN
// is the NZ of the transpose); a ZN source into an NZ or the reverse turns the fractals round.
template <typename T, typename D, typename S> __aicore__ inline void loadL0(const Tensor<T, D>& dst, const Tensor<T, S>& src, Location l0) {
  constexpr Pattern d = FrameLayout<D>::kPattern, s = FrameLayout<S>::kPattern;
  static_assert((d == Pattern::NZ || d == Pattern::ZN) && (s == Pattern::NZ || s == Pattern::ZN),
                "Te::Copy L1 -> L0A / L0B: NZ or ZN on both sides");
  const auto& dl = dst.layout;
  const int64_t c0 = dl.c0;
  constexpr bool transpose = d != s;
  // The rows and columns of the NZ the load reads: the destination's as NZ, or (transposing) the source's.
  const bool rowsFirst = transpose ? s == Pattern::NZ : d == Pattern::NZ;
  const int64_t rn = rowsFirst ? dl.rows : dl.cols, cn = rowsFirst ? dl.cols : dl.rows;
  LoadData2DParamsV2 p;
  p.mStep = (uint16_t)(alignUp(rn, transpose && c0 > 16 ? c0 : 16) / 16);
  p.kStep = (uint16_t)(alignUp(cn, transpose && c0 < 16 ? 16 : c0) / c0);
  p.srcStride = (int32_t)(src.layout.stride / (16 * c0));
  p.dstStride = (uint16_t)(dl.stride / (16 * c0));
  p.ifTranspose = transpose;
  // An 8- or 4-bit transpose turns C0 x C0 blocks round: when the destination's fractal rows across
  // the load are not whole blocks (48 columns of int8), each band of C0 rows overruns into the
  // next band's first fractals. One load per band, in order, lets each band overwrite the last
  // one's overrun (the final band's lands past the tile, as on the hardware).
  const bool byBand = transpose && c0 > 16 && alignUp(cn, c0) != alignUp(cn, 16);
  const uint16_t bandSteps = (uint16_t)(c0 / 16), bands = byBand ? (uint16_t)(p.mStep / bandSteps) : 1;
  if (byBand) p.mStep = bandSteps;
  for (int64_t b = 0; b < dl.batch; ++b)
    for (uint16_t band = 0; band < bands; ++band) {
      p.mStartPosition = band * bandSteps;
      LoadData(local(dst.Matrix(b).At(band * dl.stride), l0, dl.batchStride - band * dl.stride),
               local(src.Matrix(b).data.ptr, Location::L1, src.layout.batchStride), p);
    }
}
// L1 (an NC1HWC0 feature map) -> L0A by Img2Col: LoadData3DParamsV2 with the map's H, W and channels.
template <typename T, typename D, typename S> __aicore__ inline void img2col(const Tensor<T, D>& dst, const Tensor<T, S>& src, const Img2ColParams<T>& q) {
  static_assert(FrameLayout<D>::kPattern == Pattern::NZ, "Te::Copy Img2Col: into an NZ L0A tensor");
  LoadData3DParamsV2<T> p;
  for (int i = 0; i < 4; ++i) p.padList[i] = q.padList[i];
  p.l1H = (uint16_t)src.layout.h, p.l1W = (uint16_t)src.layout.w, p.channelSize = (uint16_t)src.layout.cols;
  p.kExtension = q.kExtension, p.mExtension = q.mExtension;
  p.strideW = q.strideW, p.strideH = q.strideH, p.filterW = q.filterW, p.filterH = q.filterH;
  p.dilationFilterW = q.dilationFilterW, p.dilationFilterH = q.dilationFilterH, p.enTranspose = q.transpose;
  p.padValue = q.padValue, p.filterSizeW = q.filterSizeW, p.filterSizeH = q.filterSizeH, p.fMatrixCtrl = q.fMatrixCtrl;
  LoadData(local(dst.data.ptr, Location::L0A, dst.Capacity()), local(src.data.ptr, Location::L1, src.Capacity()), p);
}
// L1 -> L0ScaleA (ZZ) / L0ScaleB (NN): the scale fractals (16 x 2) of each band, to the MX buffer
// of the L0A / L0B data the destination names (LoadData's MX half).
template <typename T, typename D, typename S> __aicore__ inline void loadScales(const Tensor<T, D>& dst, const Tensor<T, S>& src) {
  constexpr Pattern d = FrameLayout<D>::kPattern;
  static_assert(d == FrameLayout<S>::kPattern && (d == Pattern::ZZ || d == Pattern::NN),
                "Te::Copy L1 -> L0ScaleA / L0ScaleB: ZZ to ZZ (scale A) or NN to NN (scale B)");
  const auto& dl = dst.layout;
  const bool byRows = d == Pattern::ZZ;
  const int64_t bands = alignUp(byRows ? dl.rows : dl.cols, 16) / 16, fractals = alignUp(byRows ? dl.cols : dl.rows, 2) / 2;
  ::sk_load_mx_scales(dst.data.ptr, src.data.ptr, 0, 0, (uint32_t)bands, (uint32_t)fractals, (uint32_t)(src.layout.stride / 32),
                      (uint32_t)(dl.stride / 32));
}
// L1 -> the bias table (half or bfloat16 become float on the way): rows of whole 32-byte blocks.
template <typename TD, typename TS, typename D, typename S>
__aicore__ inline void copyL1ToBias(const Tensor<TD, D>& dst, const Tensor<TS, S>& src) {
  static_assert(FrameLayout<D>::kPattern == Pattern::ND && FrameLayout<S>::kPattern == Pattern::ND, "Te::Copy L12BT: ND to ND");
  const auto& sl = src.layout;
  const auto& dl = dst.layout;
  constexpr int64_t sb = bitsOf<TS>(), db = bitsOf<TD>();
  // Whole 32-byte blocks of the source: a row of 38 int32 moves 40 (L1 rows start 32 bytes apart).
  const int64_t run = alignUp(sl.cols, 256 / sb);
  for (int64_t b = 0; b < sl.batch; ++b)
    DataCopy(local(dst.At(b * dl.batchStride), Location::BIAS, dl.batchStride), local(src.At(b * sl.batchStride), Location::L1, sl.batchStride),
             blockRuns(sl.rows, run, std::max(sl.stride, run), std::max(dl.stride, run), sb, db));
}
// The Fixpipe conversion from L0C's S to D: plain, by one scalar, or by a per-channel table.
enum class Scaling : uint8_t { NONE, SCALAR, PER_CHANNEL };
template <typename D, typename S> constexpr QuantMode_t fixpipeQuant(Scaling k) {
  constexpr bool b8 = sizeof(D) == 1;  // int8, fp8, hifloat8
  auto pick = [k](QuantMode_t none, QuantMode_t scalar, QuantMode_t vector) {
    return k == Scaling::NONE ? none : k == Scaling::SCALAR ? scalar : vector;
  };
  if constexpr (std::is_same_v<S, int32_t> && std::is_same_v<D, half>) return pick(QuantMode_t::DEQF16, QuantMode_t::DEQF16, QuantMode_t::VDEQF16);
  else if constexpr (std::is_same_v<S, int32_t> && std::is_same_v<D, bfloat16_t>) return pick(QuantMode_t::QS322BF16_PRE, QuantMode_t::QS322BF16_PRE, QuantMode_t::VQS322BF16_PRE);
  else if constexpr (std::is_same_v<S, int32_t> && b8) return pick(QuantMode_t::REQ8, QuantMode_t::REQ8, QuantMode_t::VREQ8);
  else if constexpr (std::is_same_v<S, float> && std::is_same_v<D, half>) return pick(QuantMode_t::F322F16, QuantMode_t::QF322F16_PRE, QuantMode_t::VQF322F16_PRE);
  else if constexpr (std::is_same_v<S, float> && std::is_same_v<D, bfloat16_t>) return pick(QuantMode_t::F322BF16, QuantMode_t::QF322BF16_PRE, QuantMode_t::VQF322BF16_PRE);
  else if constexpr (std::is_same_v<S, float> && std::is_same_v<D, float>) return pick(QuantMode_t::NoQuant, QuantMode_t::QF322F32_PRE, QuantMode_t::VQF322F32_PRE);
  else if constexpr (std::is_same_v<S, float> && b8) return pick(QuantMode_t::QF322B8_PRE, QuantMode_t::QF322B8_PRE, QuantMode_t::VQF322B8_PRE);
  else {
    static_assert(std::is_same_v<S, D>, "Te::Copy L0C2GM / L0C2UB: float to float, half, bfloat16_t or an 8-bit type; int32_t to int32_t, half, bfloat16_t or int8_t");
    return QuantMode_t::NoQuant;
  }
}
// L0C (NZ) -> GM (ND, DN or NZ: NHWC, NCHW, NC1HWC0 as well) or UB (ND): min(the source's whole
// fractals, the destination's) rows and columns.
template <bool toUb, typename TD, typename TS, typename D, typename S>
__aicore__ inline void fixpipeOut(const Tensor<TD, D>& dst, const Tensor<TS, S>& src, const FixpipeParams& params, uint8_t dual,
                                  const uint64_t* quant, Scaling scaling = Scaling::NONE, uint64_t scalar = 0) {
  constexpr Pattern d = FrameLayout<D>::kPattern;
  static_assert(FrameLayout<S>::kPattern == Pattern::NZ && (d == Pattern::ND || (!toUb && (d == Pattern::DN || d == Pattern::NZ))),
                "Te::Copy from L0C: an NZ source into ND (GM or UB), DN or NZ (GM: NHWC, NCHW, NC1HWC0 too)");
  constexpr CO2Layout layout = d == Pattern::ND ? CO2Layout::ROW_MAJOR : d == Pattern::DN ? CO2Layout::COLUMN_MAJOR : CO2Layout::NZ;
  const auto& sl = src.layout;
  const auto& dl = dst.layout;
  FixpipeParamsArch3510<layout> fp((uint16_t)std::min(alignUp(sl.cols, 16), dl.cols), (uint16_t)std::min(alignUp(sl.rows, 16), dl.rows),
                                   (uint16_t)(sl.stride / 16), (uint32_t)dl.stride);
  if constexpr (layout == CO2Layout::COLUMN_MAJOR) fp.params = {1, 0, 0, 1};  // one matrix, adjacent fractal rows
  fp.quantPre = fixpipeQuant<TD, TS>(quant ? Scaling::PER_CHANNEL : scaling);
  fp.deqScalar = scalar;
  fp.unitFlag = params.unitFlag;
  fp.subBlockId = params.subBlockId;
  fp.dualDstCtl = dual;
  auto scales = LocalTensor<uint64_t>((uint64_t*)quant, quant ? (uint32_t)dl.cols : 0, TPosition::C1);
  for (int64_t b = 0; b < sl.batch; ++b) {
    auto l0c = local(src.Matrix(b).data.ptr, Location::L0C, sl.batchStride);
    if constexpr (toUb) {
      static constexpr FixpipeConfig kToUb = {CO2Layout::ROW_MAJOR, true};
      // On the AIC a UB array's address is its offset in the AIVs' UB (the AIC has none of its own).
      Fixpipe<TD, TS, kToUb>(LocalTensor<TD>(TPosition::VECOUT, (uint64_t)dst.At(b * dl.batchStride), (uint32_t)dl.batchStride), l0c,
                             scales, fp);
    } else {
      static constexpr FixpipeConfig kToGm = {layout, false};
      Fixpipe<TD, TS, kToGm>(global(dst.At(b * dl.batchStride), dl.batchStride), l0c, scales, fp);
    }
  }
}
// UB -> GM (ND rows): the source's rows, as many columns as both have.
template <typename T, typename D, typename S> __aicore__ inline void copyUbToGm(const Tensor<T, D>& dst, const Tensor<T, S>& src) {
  static_assert(FrameLayout<D>::kPattern == Pattern::ND && FrameLayout<S>::kPattern == Pattern::ND, "Te::Copy UB2GM: ND to ND");
  const auto& sl = src.layout;
  const auto& dl = dst.layout;
  const int64_t cols = sl.cols < dl.cols ? sl.cols : dl.cols, bits = bitsOf<T>();
  if ((sl.stride - cols) * bits % 256) ::sk_trapf(3, "Te::Copy UB2GM: a UB row pitch of %lld elements is not whole 32-byte blocks", (long long)sl.stride);
  for (int64_t b = 0; b < sl.batch; ++b)
    DataCopyPad(global(dst.At(b * dl.batchStride), dl.batchStride),
                LocalTensor<T>((PrimT<T>*)src.At(b * sl.batchStride), (uint32_t)sl.batchStride, TPosition::VECOUT),
                DataCopyExtParams((uint16_t)sl.rows, (uint32_t)(cols * bits / 8), (DataCopyExtStride)((sl.stride - cols) * bits / 256),
                                  (DataCopyExtStride)((dl.stride - cols) * bits / 8), 0));
}
}  // namespace detail

namespace detail {
// A kernel's own copy operation, on the core whose memories it moves between (UB: the AIV's).
template <typename Op, typename Trait, typename D, typename S, typename... A>
__aicore__ inline void ownCopy(const D& dst, const S& src, const A&... args) {
  if (dst.data.location == Location::UB || src.data.location == Location::UB) {
    if ASCEND_IS_NOT_AIV { return; }
  } else {
    if ASCEND_IS_NOT_AIC { return; }
  }
  Op::template Copy<typename Trait::TraitType, Trait::value>(dst, src, args...);
}
// From L0C (to GM, or to the AIVs' UB): the Fixpipe, scaled per channel by a quant tensor in L1
// (uint64_t: the scale's float in the low 32 bits; none when its pointer is null) or by `scaling`.
template <typename Op, typename Trait, typename Params, typename TD, typename PD, typename TS, typename PS, typename PQ>
__aicore__ inline void fromL0C(const CopyAtom<Op, Trait, Params>& atom, const Tensor<TD, PD>& dst, const Tensor<TS, PS>& src,
                               const Tensor<uint64_t, PQ>& quant, Scaling scaling = Scaling::NONE, uint64_t scalar = 0) {
  static_assert(std::is_same_v<Op, CopyL0C2GM> || std::is_same_v<Op, CopyL0C2UB>, "Te::Copy with a quant tensor or scalar: from L0C");
  static_assert(!Trait::value.enableRelu && !Trait::value.enableChannelSplit, "Te::Copy from L0C: ReLU and channel split are not simulated");
  static_assert(std::is_same_v<Params, FixpipeParams>, "Te::Copy from L0C: .with() takes FixpipeParams");
  if ASCEND_IS_NOT_AIC { return; }
  require(src, Location::L0C, "Copy from L0C");
  if (quant.data.ptr) require(quant, Location::L1, "Copy from L0C (the quant tensor)");
  if constexpr (std::is_same_v<Op, CopyL0C2UB>) {
    fixpipeOut<true>(dst, src, atom.params, (uint8_t)Trait::value.dualDstCtl, quant.data.ptr, scaling, scalar);
  } else {
    require(dst, Location::GM, "Copy L0C2GM");
    fixpipeOut<false>(dst, src, atom.params, 0, quant.data.ptr, scaling, scalar);
  }
}
}  // namespace detail

// Copy(atom, dst, src): the operation the atom names, between the memories it names.
template <typename Op, typename Trait, typename Params, typename TD, typename PD, typename TS, typename PS>
__aicore__ inline void Copy(const CopyAtom<Op, Trait, Params>& atom, const Tensor<TD, PD>& dst, const Tensor<TS, PS>& src) {
  if constexpr (!detail::BuiltinCopy<Op>::value) {
    detail::ownCopy<Op, Trait>(dst, src);
    return;
  }
  if constexpr (std::is_same_v<Op, CopyUB2GM>) {
    if ASCEND_IS_NOT_AIV { return; }  // each side of a MIX kernel runs its own copies
  } else {
    if ASCEND_IS_NOT_AIC { return; }
  }
  if constexpr (std::is_same_v<Op, CopyUB2GM>) {
    detail::require(dst, Location::GM, "Copy UB2GM");
    detail::copyUbToGm(dst, src);
  } else if constexpr (std::is_same_v<Op, CopyGM2L1>) {
    static_assert(std::is_same_v<TD, TS>, "Te::Copy GM2L1: the same element type on both sides");
    detail::require(src, Location::GM, "Copy GM2L1"), detail::require(dst, Location::L1, "Copy GM2L1");
    detail::copyGm2L1(dst, src);
  } else if constexpr (std::is_same_v<Op, CopyL12L0A> || std::is_same_v<Op, CopyL12L0B>) {
    static_assert(std::is_same_v<TD, TS>, "Te::Copy L1 -> L0: the same element type on both sides");
    constexpr Location l0 = std::is_same_v<Op, CopyL12L0A> ? Location::L0A : Location::L0B;
    detail::require(src, Location::L1, "Copy L1 -> L0"), detail::require(dst, l0, "Copy L1 -> L0");
    if constexpr (std::is_same_v<Params, Img2ColParams<TD>>) {
      static_assert(std::is_same_v<Op, CopyL12L0A> && std::is_same_v<PS, NC1HWC0LayoutPtn>, "Te::Copy with Img2ColParams: an NC1HWC0 feature map into L0A");
      detail::img2col(dst, src, atom.params);
    } else {
      detail::loadL0(dst, src, l0);
    }
  } else if constexpr (std::is_same_v<Op, CopyL12L0ScaleA> || std::is_same_v<Op, CopyL12L0ScaleB>) {
    detail::require(src, Location::L1, "Copy L1 -> L0 scales");
    detail::require(dst, std::is_same_v<Op, CopyL12L0ScaleA> ? Location::L0ScaleA : Location::L0ScaleB, "Copy L1 -> L0 scales");
    detail::loadScales(dst, src);
  } else if constexpr (std::is_same_v<Op, CopyL12BT>) {
    detail::require(src, Location::L1, "Copy L12BT"), detail::require(dst, Location::BIAS, "Copy L12BT");
    detail::copyL1ToBias(dst, src);
  } else if constexpr (std::is_same_v<Op, CopyL0C2GM> || std::is_same_v<Op, CopyL0C2UB>) {
    detail::fromL0C(atom, dst, src, Tensor<uint64_t, NDExtLayoutPtn>{});
  } else {
    static_assert(!detail::BuiltinCopy<Op>::value, "Te::Copy: this operation is not simulated (GM2L1, L12L0A, L12L0B, L12L0ScaleA, L12L0ScaleB, L12BT, L0C2GM, L0C2UB, UB2GM are)");
  }
}
// From L0C scaled by one value (its bits: a float's in the low 32 bits, as the quant tensor's), or
// a kernel's own copy operation with more arguments (a coordinate, ...).
template <typename Op, typename Trait, typename Params, typename TD, typename PD, typename TS, typename PS, typename A0, typename... A>
__aicore__ inline void Copy(const CopyAtom<Op, Trait, Params>& atom, const Tensor<TD, PD>& dst, const Tensor<TS, PS>& src, const A0& a0,
                            const A&... args) {
  if constexpr (detail::BuiltinCopy<Op>::value) {
    static_assert(std::is_integral_v<A0> && sizeof...(A) == 0, "Te::Copy: the arguments after dst and src are a quant scalar or tensor (from L0C)");
    detail::fromL0C(atom, dst, src, Tensor<uint64_t, NDExtLayoutPtn>{}, detail::Scaling::SCALAR, (uint64_t)a0);
  } else {
    detail::ownCopy<Op, Trait>(dst, src, a0, args...);
  }
}
// From L0C with a per-channel quant tensor in L1.
template <typename Op, typename Trait, typename Params, typename TD, typename PD, typename TS, typename PS, typename PQ>
__aicore__ inline void Copy(const CopyAtom<Op, Trait, Params>& atom, const Tensor<TD, PD>& dst, const Tensor<TS, PS>& src,
                            const Tensor<uint64_t, PQ>& quant) {
  detail::fromL0C(atom, dst, src, quant);
}

// Mmad(atom.with(params), C in L0C (NZ), A in L0A (NZ), B in L0B (ZN)[, bias in the bias table]):
// as the basic API's Mmad on those buffers; with a bias, C = bias + A x B whatever cmatrixInitVal.
template <typename Trait, typename TC, typename PC, typename TA, typename PA, typename TB, typename PB>
__aicore__ inline void Mmad(const MmadAtom<Trait>& atom, const Tensor<TC, PC>& c, const Tensor<TA, PA>& a, const Tensor<TB, PB>& b) {
  Mmad(atom, c, a, b, Tensor<TC, NDExtLayoutPtn>{});
}
template <typename Trait, typename TC, typename PC, typename TA, typename PA, typename TB, typename PB, typename TBias, typename PBias>
__aicore__ inline void Mmad(const MmadAtom<Trait>& atom, const Tensor<TC, PC>& c, const Tensor<TA, PA>& a, const Tensor<TB, PB>& b,
                            const Tensor<TBias, PBias>& bias) {
  if ASCEND_IS_NOT_AIC { return; }
  detail::require(c, Location::L0C, "Mmad"), detail::require(a, Location::L0A, "Mmad"), detail::require(b, Location::L0B, "Mmad");
  const MmadParams& p = atom.params;
  AscendC::MmadParams mp(p.m, p.n, p.k, p.unitFlag, Trait::value.cmatrixSource, p.cmatrixInitVal);
  mp.kDirectionAlign = Trait::value.kDirectionAlign;
  mp.disableGemv = Trait::value.disableGemv;
  mp.fmOffset = Trait::value.fmOffset;
  auto l0c = detail::local(c.data.ptr, Location::L0C, c.Capacity());
  auto l0a = detail::local(a.data.ptr, Location::L0A, a.Capacity());
  auto l0b = detail::local(b.data.ptr, Location::L0B, b.Capacity());
  constexpr bool mx = Trait::value.mmadType == MmadType::MX;  // the scales: in the MX buffers at A's and B's L0 offsets / 16
  if (bias.data.ptr) {
    detail::require(bias, Location::BIAS, "Mmad (the bias)");
    auto bt = detail::local(bias.data.ptr, Location::BIAS, bias.Capacity());
    if constexpr (mx) AscendC::MmadMx(l0c, l0a, l0b, bt, mp);
    else AscendC::Mmad(l0c, l0a, l0b, bt, mp);
  } else {
    if constexpr (mx) AscendC::MmadMx(l0c, l0a, l0b, mp);
    else AscendC::Mmad(l0c, l0a, l0b, mp);
  }
}

}  // namespace Te
}  // namespace AscendC

#endif /* SK_ASCENDC_TENSOR_API_H */
