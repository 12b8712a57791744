// Debugging: printf/PRINTF (the simulator's device printf), assertions that end the kernel with
// a device exception naming file:line and the message, DumpTensor, Trap, and the profiling
// markers (no-ops: the simulator's trace has every instruction).
#ifndef SK_ASCENDC_DEBUG_H
#define SK_ASCENDC_DEBUG_H

#include "sk/sim/minifloat.h"
#include "sk_ascendc/tensor.h"

namespace AscendC {

namespace detail {
// printf arguments as C varargs take them: half, bfloat16 and the 8-bit floats print as double,
// block_idx and the other index objects as int64_t.
template <typename T> inline auto printfArg(const T& v) {
  if constexpr (std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t> || std::is_same_v<T, float> ||
                std::is_same_v<T, fp8_e4m3fn_t> || std::is_same_v<T, fp8_e5m2_t> || std::is_same_v<T, hifloat8_t>)
    return (double)(float)v;
  else if constexpr (std::is_class_v<T> && std::is_convertible_v<T, int64_t>) return (int64_t)v;
  else return v;
}
}  // namespace detail

// fmt is the caller's format (a literal where they wrote one): clang cannot see it through the
// forwarding, so its warning about a non-literal format without arguments is off here.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wformat-security"
template <class... Args> __aicore__ inline void printf(const char* fmt, Args&&... args) {
  ::sk_printf(fmt, detail::printfArg(args)...);
}
template <class... Args> __aicore__ inline void PRINTF(const char* fmt, Args&&... args) {
  ::sk_printf(fmt, detail::printfArg(args)...);
}
#pragma clang diagnostic pop

__aicore__ inline void Trap() { ::sk_trap(1, "AscendC::Trap()"); }
__aicore__ inline void PrintTimeStamp(uint32_t descId) {
  ::sk_printf("[timestamp] desc %u: cycle %llu\n", descId, (unsigned long long)::sk_cycles());
}

namespace detail {
// DumpTensor prints as CANN's does: the DumpTensorHead line, then the values in brackets, comma
// separated (floats as %f, integers whole), so scripts written for the hardware's log parse it.
// The values continue the header's print (the simulator puts a core's prints up to a newline on
// one prefixed line), 16 to a printf.
inline const char* dumpTypeName(int32_t code) {  // the metadata's dtype names, by device code
  static const char* const kNames[] = {"float32",  "float16",       "bfloat16",    "int8",     "uint8",
                                       "int32",    "int64",         "int16",       "uint16",   "uint32",
                                       "uint64",   "bool",          "int4",        "float8_e4m3fn",
                                       "float8_e5m2", "hifloat8",   "float8_e8m0", "float4_e2m1", "float4_e1m2"};
  return code >= 0 && code < (int32_t)(sizeof(kNames) / sizeof(kNames[0])) ? kNames[code] : "unknown";
}
// The DumpTensorHead's position: a local memory, SK_MEM_COUNT for a register (asc_dump_reg), GM
// for anything else.
inline const char* dumpPositionName(int32_t mem) {
  static const char* const kNames[SK_MEM_COUNT + 1] = {"UB", "L1", "L0A", "L0B", "L0C", "BIAS", "FIXBUF", "REG"};
  return mem >= 0 && mem <= SK_MEM_COUNT ? kNames[mem] : "GM";
}
template <typename T> constexpr int32_t dumpTypeCode() {
  if constexpr (std::is_same_v<T, fp8_e8m0_t>) return SK_DT_FLOAT8_E8M0;
  else if constexpr (minifloatCode<T>() >= 0) return minifloatCode<T>();
  else return DTypeCode<T>::value;
}
// An element as a double: the 8- and 4-bit formats decoded (a 4-bit one in the low nibble).
template <typename T> inline double dumpValue(const T& v) {
  if constexpr (std::is_same_v<T, int4b_t>) return (double)((int8_t)(v.bits << 4) >> 4);
  else if constexpr (dumpTypeCode<T>() >= SK_DT_FLOAT8_E4M3) return ::sk::decodeMinifloat(dumpTypeCode<T>(), v.bits & (isFp4<T>() ? 0xF : 0xFF));
  else if constexpr (std::is_arithmetic_v<T> || std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>) return (double)v;
  else return 0.0;
}
// The DumpTensorHead line and `count` elements, load(i) giving element i (a checked read).
template <typename T, typename Load>
inline void dumpValues(uint64_t addr, int32_t mem, uint32_t desc, uint32_t count, const Load& load) {
  ::sk_printf("DumpTensor: desc=%u, addr=%llu, data_type=%s, position=%s, dump_size=%u\n[", desc,
              (unsigned long long)addr, dumpTypeName(dumpTypeCode<T>()), dumpPositionName(mem), count);
  constexpr bool kWhole = std::is_integral_v<T>;
  const char* const item = kWhole ? (std::is_signed_v<T> ? "%lld" : "%llu") : "%f";
  uint32_t row = 0;
  do {
    uint32_t n = count - row < 16 ? count - row : 16, at = 0;
    char fmt[16 * 6 + 3] = {};
    for (uint32_t i = 0; i < n; ++i) {
      for (const char* c = item; *c; ++c) fmt[at++] = *c;
      if (row + i + 1 < count) fmt[at++] = ',', fmt[at++] = ' ';
    }
    if (row + n == count) fmt[at++] = ']', fmt[at++] = '\n';
    if constexpr (kWhole) {
      unsigned long long v[16] = {};
      for (uint32_t i = 0; i < n; ++i) v[i] = (unsigned long long)load(row + i);
      ::sk_printf(fmt, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10], v[11], v[12], v[13], v[14], v[15]);
    } else {
      double v[16] = {};
      for (uint32_t i = 0; i < n; ++i) v[i] = dumpValue(load(row + i));
      ::sk_printf(fmt, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10], v[11], v[12], v[13], v[14], v[15]);
    }
    row += n;
  } while (row < count);
}
}  // namespace detail
// The dump area's set-up: DumpTensor and printf print through the simulator, nothing to set up.
__aicore__ inline void InitDump(bool /*mixFlag*/, uint32_t /*gmLen*/) {}
__aicore__ inline void InitDump(bool /*mixFlag*/, GM_ADDR /*dumpStartAddr*/, uint32_t /*gmLen*/) {}
template <typename T> __aicore__ inline void DumpTensor(const LocalTensor<T>& t, uint32_t desc, uint32_t dumpSize) {
  const int32_t mem = detail::memOf(t.GetPosition());
  detail::dumpValues<PrimT<T>>((uint64_t)((const uint8_t*)t.HostPtr() - detail::localBase(mem)), mem, desc, dumpSize,
                               [&](uint32_t i) { return t.GetValue(i); });
}
template <typename T> __aicore__ inline void DumpTensor(const GlobalTensor<T>& t, uint32_t desc, uint32_t dumpSize) {
  detail::dumpValues<PrimT<T>>((uint64_t)t.HostPtr(), -1, desc, dumpSize, [&](uint32_t i) { return t.GetValue(i); });
}
template <typename T>
__aicore__ inline void DumpTensor(const LocalTensor<T>& t, uint32_t desc, uint32_t dumpSize, const ShapeInfo&) {
  DumpTensor(t, desc, dumpSize);
}
template <typename T>
__aicore__ inline void DumpTensor(const GlobalTensor<T>& t, uint32_t desc, uint32_t dumpSize, const ShapeInfo&) {
  DumpTensor(t, desc, dumpSize);
}
template <typename T>
__aicore__ inline void DumpAccChkPoint(const LocalTensor<T>& t, uint32_t index, uint32_t countOff, uint32_t dumpSize) {
  DumpTensor(t[countOff], index, dumpSize);
}
template <typename T>
__aicore__ inline void DumpAccChkPoint(const GlobalTensor<T>& t, uint32_t index, uint32_t countOff, uint32_t dumpSize) {
  DumpTensor(t[countOff], index, dumpSize);
}

}  // namespace AscendC

// assert(cond), assert(cond, fmt, args...) and ascendc_assert(...): a failure is a device
// exception naming the kernel, block, file:line, the condition and the message. ASSERT(cond) is
// empty, as in CANN's device builds (public kernels rely on that: unqualified names, even a
// missing ';' before it); -DSK_ASCENDC_ASSERT makes it check like assert.
#ifdef assert
#undef assert
#endif
#define ascendc_assert(cond, ...) \
  ((cond) ? (void)0 : ::sk_assert_fail(__FILE__, __LINE__, #cond, SK_ASCENDC_ASSERT_FMT(__VA_ARGS__)))
#define SK_ASCENDC_ASSERT_FMT(...) SK_ASCENDC_ASSERT_FMT_(0, ##__VA_ARGS__, nullptr)
#define SK_ASCENDC_ASSERT_FMT_(zero, first, ...) first, ##__VA_ARGS__
#define assert(cond, ...) ascendc_assert(cond, ##__VA_ARGS__)
#ifndef ASSERT
#ifdef SK_ASCENDC_ASSERT
#define ASSERT(cond) ascendc_assert(cond)
#else
#define ASSERT(cond)
#endif
#endif

// CANN's assert with a message (kernel_log.h): fmt and its arguments as printf's.
#define ASSERT_MSG(expr, fmt, ...) ascendc_assert(expr, fmt, ##__VA_ARGS__)

#define TRACE_START(apid)
#define TRACE_STOP(apid)
#define TRACE_INFO(...)

// CANN's debug-build checks: ASCENDC_ASSERT(cond, {KERNEL_LOG(KERNEL_ERROR, "...");}) runs its
// behaviour only in CPU-debug builds; on the device (and here) both are empty, like ASSERT.
#ifndef ASCENDC_ASSERT
#define ASCENDC_ASSERT(cond, behavior)
#endif
#ifndef KERNEL_LOG
#define KERNEL_LOG(level, ...)
#endif
enum KernelLogLevel { KERNEL_DEBUG = 0, KERNEL_INFO, KERNEL_WARN, KERNEL_ERROR };

#endif /* SK_ASCENDC_DEBUG_H */
