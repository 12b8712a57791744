// Layout<Shape, Stride> (kernel_operator_layout.h): a tensor's logical shape and per-dimension
// element strides as Std::tuples, built with MakeShape / MakeStride / MakeLayout; Coord and
// MakeCoord; Crd2Idx and Layout::operator() map a coordinate to an element offset
// (sum of coord_i * stride_i over the flat dimensions). is_layout tells a Layout apart. Written
// from the public API reference; the high-level APIs that take Layouts (TransData) read their
// shapes with Std::get.
#ifndef SK_ASCENDC_LAYOUT_H
#define SK_ASCENDC_LAYOUT_H

#include "sk_ascendc/base.h"

namespace AscendC {

template <typename... Shapes> using Shape = Std::tuple<Shapes...>;
template <typename... Strides> using Stride = Std::tuple<Strides...>;
template <typename... Coords> using Coord = Std::tuple<Coords...>;

template <typename... Ts> __aicore__ inline constexpr Shape<Ts...> MakeShape(const Ts&... t) { return Shape<Ts...>(t...); }
template <typename... Ts> __aicore__ inline constexpr Stride<Ts...> MakeStride(const Ts&... t) { return Stride<Ts...>(t...); }
template <typename... Ts> __aicore__ inline constexpr Coord<Ts...> MakeCoord(const Ts&... t) { return Coord<Ts...>(t...); }

namespace detail {
template <typename T> struct IsTuple : std::false_type {};
template <typename... Ts> struct IsTuple<Std::tuple<Ts...>> : std::true_type {};
// The offset of a coordinate: the sum of coordinate x stride over its modes, a nested (hierarchical)
// mode by its own nested strides.
template <typename C, typename S> constexpr auto crd2idx(const C& coord, const S& stride);
template <typename C, typename S, size_t... I>
constexpr auto crd2idxModes(const C& coord, const S& stride, std::index_sequence<I...>) {
  return (0 + ... + crd2idx(Std::get<I>(coord), Std::get<I>(stride)));
}
template <typename C, typename S> constexpr auto crd2idx(const C& coord, const S& stride) {
  if constexpr (IsTuple<C>::value) {
    static_assert(IsTuple<S>::value && Std::tuple_size<C>::value <= Std::tuple_size<S>::value,
                  "Layout: a nested coordinate needs a stride nested the same way");
    return crd2idxModes(coord, stride, std::make_index_sequence<Std::tuple_size<C>::value>{});
  } else {
    static_assert(!IsTuple<S>::value, "Layout: a single coordinate for a nested mode is not supported; give one per sub-mode");
    return coord * stride;
  }
}
}  // namespace detail

template <typename ShapeType, typename StrideType> struct Layout : private Std::tuple<ShapeType, StrideType> {
  __aicore__ inline constexpr Layout(const ShapeType& shape = {}, const StrideType& stride = {})
      : Std::tuple<ShapeType, StrideType>(shape, stride) {}
  __aicore__ inline constexpr decltype(auto) layout() { return *this; }
  __aicore__ inline constexpr decltype(auto) layout() const { return *this; }
  __aicore__ inline constexpr decltype(auto) GetShape() { return Std::get<0>(static_cast<Std::tuple<ShapeType, StrideType>&>(*this)); }
  __aicore__ inline constexpr decltype(auto) GetShape() const {
    return Std::get<0>(static_cast<const Std::tuple<ShapeType, StrideType>&>(*this));
  }
  __aicore__ inline constexpr decltype(auto) GetStride() { return Std::get<1>(static_cast<Std::tuple<ShapeType, StrideType>&>(*this)); }
  __aicore__ inline constexpr decltype(auto) GetStride() const {
    return Std::get<1>(static_cast<const Std::tuple<ShapeType, StrideType>&>(*this));
  }
  template <typename CoordType> __aicore__ inline constexpr auto operator()(const CoordType& coord) const {
    static_assert(Std::tuple_size<CoordType>::value <= Std::tuple_size<StrideType>::value,
                  "Layout: the coordinate has more dimensions than the stride");
    return detail::crd2idx(coord, GetStride());
  }
};

template <typename ShapeType, typename StrideType>
__aicore__ inline constexpr auto MakeLayout(const ShapeType& shape, const StrideType& stride) {
  return Layout<ShapeType, StrideType>(shape, stride);
}
template <typename CoordType, typename ShapeType, typename StrideType>
__aicore__ inline constexpr auto Crd2Idx(const CoordType& coord, const Layout<ShapeType, StrideType>& layout) {
  return layout(coord);
}

template <typename T> struct is_layout : std::false_type {};
template <typename S, typename D> struct is_layout<Layout<S, D>> : std::true_type {};

// TensorTrait (kernel_operator_tensor_trait.h): a tensor's element type, logical position and
// layout as one type, which a LocalTensor / GlobalTensor may be declared with: their elements are
// its LiteType (LocalTensor<TensorTrait<float>> is LocalTensor<float> without its ShapeInfo), and
// a GlobalTensor keeps the trait's layout (SetTensorTrait / GetTensorTrait).
template <typename T, TPosition pos = TPosition::GM, typename LayoutType = Layout<Shape<>, Stride<>>> struct TensorTrait {
  using LiteType = T;
  using LiteLayoutType = LayoutType;
  static constexpr const TPosition tPos = pos;
  __aicore__ inline TensorTrait(const LayoutType& t = {}) : layout_(t) {}
  __aicore__ inline LayoutType& GetLayout() { return layout_; }
  __aicore__ inline const LayoutType& GetLayout() const { return layout_; }
  __aicore__ inline void SetLayout(const LayoutType& t) { layout_ = t; }
  __aicore__ inline constexpr decltype(auto) GetShape() { return layout_.GetShape(); }
  __aicore__ inline constexpr decltype(auto) GetShape() const { return layout_.GetShape(); }
  __aicore__ inline constexpr decltype(auto) GetStride() { return layout_.GetStride(); }
  __aicore__ inline constexpr decltype(auto) GetStride() const { return layout_.GetStride(); }

 private:
  LayoutType layout_;
};
template <typename T, TPosition pos, typename LayoutType> __aicore__ inline constexpr auto MakeTensorTrait(const LayoutType& t) {
  return TensorTrait<T, pos, LayoutType>(t);
}
template <typename T> struct is_tensorTrait : std::false_type {};
template <typename T, TPosition pos, typename L> struct is_tensorTrait<TensorTrait<T, pos, L>> : std::true_type {};
template <typename T> constexpr bool is_tensorTrait_v = is_tensorTrait<T>::value;
template <typename T, TPosition pos, typename L> struct PrimTraits<TensorTrait<T, pos, L>> {
  using type = T;
};
namespace detail {
// What a tensor of element type T keeps besides its address: nothing, or its TensorTrait.
template <typename T, bool = is_tensorTrait_v<T>> struct TraitHolder {};
// A tensor typed by a TensorTrait answers for its layout as the trait does.
template <typename T> struct TraitHolder<T, true> {
  T trait_;
  __aicore__ inline void SetTensorTrait(const T& trait) { trait_ = trait; }
  __aicore__ inline T GetTensorTrait() const { return trait_; }
  __aicore__ inline constexpr decltype(auto) GetLayout() const { return trait_.GetLayout(); }
  __aicore__ inline constexpr decltype(auto) GetShape() const { return trait_.GetShape(); }
  __aicore__ inline constexpr decltype(auto) GetStride() const { return trait_.GetStride(); }
};
}  // namespace detail

}  // namespace AscendC

#endif /* SK_ASCENDC_LAYOUT_H */
