// Single-source AscendC programs (`sk_cc prog.asc -o prog`, docs/sk_cc.md#single-source-programs).
// sk_cc force-includes this header and rewrites every launch
//     kernel<<<blocks, l2ctrl, stream>>>(args...)
// into
//     (::sk_ss::Launcher<decltype(+kernel), +kernel>(blocks, l2ctrl, stream))(args...)
// so clang itself checks the arguments against the kernel's parameters (count, conversions) and
// instantiates templates, as for a call. The launch names Entry<...>::call, the device entry
// with the device ABI's signature (one GM address per parameter) that reads by-value params
// from GM and calls the kernel. In the device pass sk_cc keeps these entries; in the host pass it
// replaces each entry's address with a descriptor of the entry in the device object embedded in
// the executable, which sk_ss_launch loads on first use.
#pragma once
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <type_traits>

extern "C" {
// What the host pass puts in place of an entry's address: the entry and its device object.
struct sk_ss_kernel {
  const char* name;         // the entry symbol in the object
  const char* source;       // the file that launched it, for messages
  const void* object;       // the device object (ELF relocatable) embedded in the executable
  uint64_t objectBytes;
  uint32_t aic, aiv;        // the kernel type: cores per block (__vector__ 0:1, __cube__ 1:0, __mix__(c, v))
  const char* npuArch;      // the arch it was compiled for (sk_cc --npu-arch), e.g. "dav-2201"
};
// What `sk_cc --emit-meta` learns about each parameter of a launched kernel (the `info` array of
// Entry<...>::call, read from the device module, docs/sk_cc.md): kind 0 a GM address, 1 a value;
// dtype the sk_dtype code of the pointee or the value (-1: none, e.g. a struct); bytes of a value.
struct sk_ss_param {
  int32_t kind;
  int32_t dtype;
  uint64_t bytes;
};
const char* aclGetRecentErrMsg(void);
void sk_scalar_copy(void* dst, const void* src, uint64_t bytes);
// Called by a program's static initializers (sk_cc's host pass) with the arch its kernels were
// compiled for: the simulated device's arch when neither aclInit's config nor $SK_ARCH names one.
void sk_ss_program_arch(const char* arch);
// Launches the entry `kernel` (its descriptor, in the host pass) with the argument block `block`:
// `slots` 8-byte slots, one per param, then the by-value params' bytes. A slot whose bit is set in
// `scalarMask` holds the offset of its param's bytes in the block and becomes their device
// address. Returns an aclError; the message is in aclGetRecentErrMsg.
int sk_ss_launch(const void* kernel, uint32_t blocks, void* stream, const void* block, uint32_t slots,
                 uint64_t blockBytes, uint64_t scalarMask);
}

namespace sk_ss {

template <class P> using Slot = uint8_t*;

// By-value params arrive as the GM address of their bytes (docs/architecture.md, scalar params).
template <class P> inline P arg(uint8_t* slot) {
  if constexpr (std::is_pointer_v<P>) {
    return reinterpret_cast<P>(slot);
  } else {
    struct Raw {
      alignas(P) unsigned char bytes[sizeof(P)];
    } raw;
    for (size_t at = 0; at < sizeof(P); at += 8)  // a scalar access moves at most 8 bytes
      ::sk_scalar_copy(raw.bytes + at, slot + at, sizeof(P) - at < 8 ? sizeof(P) - at : 8);
    return __builtin_bit_cast(P, raw);
  }
}

// The sk_dtype code (include/sk/kernel.h) of an arithmetic type; -1 for anything else.
template <class T> constexpr int32_t dtypeCode() {
  using U = std::remove_cv_t<T>;
  if constexpr (std::is_same_v<U, bool>) return 11;
  else if constexpr (std::is_same_v<U, float>) return 0;
  else if constexpr (std::is_integral_v<U> && std::is_signed_v<U>) return sizeof(U) == 1 ? 3 : sizeof(U) == 2 ? 7 : sizeof(U) == 4 ? 5 : 6;
  else if constexpr (std::is_integral_v<U>) return sizeof(U) == 1 ? 4 : sizeof(U) == 2 ? 8 : sizeof(U) == 4 ? 9 : 10;
  else return -1;
}
template <class P> constexpr sk_ss_param paramInfo() {
  if constexpr (std::is_pointer_v<P>) return {0, dtypeCode<std::remove_pointer_t<P>>(), 0};
  else return {1, dtypeCode<P>(), sizeof(P)};
}

template <class F, F f> struct Entry;
#ifdef __clang__  // launches are compiled by sk_cc (clang); the runtime includes this header for its types
template <class... P, void (*f)(P...)> struct Entry<void (*)(P...), f> {
  // The call stays a call, so sk_cc finds the kernel (and its core type) behind each entry.
  __attribute__((annotate("sk.launch"))) static void call(Slot<P>... slots) {
    // Kept (used) for sk_cc --emit-meta, which reads it from the module; the device object drops it.
    __attribute__((used)) static constexpr sk_ss_param info[sizeof...(P) + 1] = {paramInfo<P>()..., {-1, -1, 0}};
    // Names the kernel for sk_cc also where the core type compiles its body away (`if
    // ASCEND_IS_AIV { return; }` in a __cube__ kernel): the call below then has no effect and
    // is deleted, this marker is not.
    __asm__ volatile("# sk.launch.kernel %0" ::"r"(f));
    [[clang::noinline]] f(arg<P>(slots)...);
  }
};
#endif

template <class P> constexpr bool kPassable = std::is_pointer_v<P> || std::is_trivially_copyable_v<P>;

// The kernel a launch names, given its arguments' types A: of an overload set (a kernel called
// `abs` or `select` besides the C library's) the one function returning void, also a constexpr
// pointer to a kernel (the first `of`); of a template kernel launched without template
// arguments the instantiation whose parameters are A (the second: its target type deduces T).
// Where both apply they name the same function, and the non-template `of` wins.
template <class... A> struct KernelFor {
  template <class... P> static constexpr auto of(void (*f)(P...)) { return f; }
  static constexpr auto of(void (*f)(std::decay_t<A>...)) { return f; }
};

template <class F, F f> class Launcher;
template <class... P, void (*f)(P...)> class Launcher<void (*)(P...), f> {
  static_assert(sizeof...(P) < 64, "a kernel launched with <<<>>> takes at most 63 parameters (device ABI v1)");
  static_assert((kPassable<P> && ...),
                "a by-value kernel parameter must be trivially copyable (its bytes are copied to the device)");
  static_assert((!std::is_reference_v<P> && ...), "a kernel parameter cannot be a reference: pass a GM address or a value");

 public:
  // `kernel<<<blocks, l2ctrl>>>` launches on the default stream.
  Launcher(uint32_t blocks, void* l2ctrl = nullptr, void* stream = nullptr) : blocks_(blocks), stream_(stream) {
    (void)l2ctrl;
  }

  // The host side of a launch: the argument block, then the runtime. A launch that cannot be
  // queued says why on stderr (a <<<>>> launch has no result to return it in).
  void operator()(P... args) const {
    if (launch(args...) != 0) std::fprintf(stderr, "%s\n", aclGetRecentErrMsg());
  }
  // The same, returning 0 or the runtime's error code (its message: aclGetRecentErrMsg), as CANN's
  // aclrtlaunch_<kernel> functions do.
  int launch(P... args) const {
    constexpr uint32_t n = sizeof...(P);
    unsigned char block[8 * n + ((std::is_pointer_v<P> ? 0 : (sizeof(P) + 7) / 8 * 8) + ... + 8)];
    uint64_t used = 8 * n, mask = 0;
    uint32_t i = 0;
    auto put = [&](auto value) {
      using V = decltype(value);
      uint64_t slot;
      if constexpr (std::is_pointer_v<V>) {
        slot = reinterpret_cast<uint64_t>(value);
      } else {
        slot = used;
        std::memcpy(block + used, &value, sizeof(V));
        used += (sizeof(V) + 7) / 8 * 8;
        mask |= uint64_t(1) << i;
      }
      std::memcpy(block + 8 * i++, &slot, 8);
    };
    (put(args), ...);
    return sk_ss_launch(reinterpret_cast<const void*>(&Entry<void (*)(P...), f>::call), blocks_, stream_, block, n, used,
                        mask);
  }

 private:
  uint32_t blocks_;
  void* stream_;
};

}  // namespace sk_ss
