// Debugging: printf/PRINTF (the simulator's device printf), assertions that end the kernel with
// a device exception naming file:line and the message, DumpTensor, Trap, and the profiling
// markers (no-ops: the simulator's trace has every instruction).
#ifndef SK_ASCENDC_DEBUG_H
#define SK_ASCENDC_DEBUG_H

#include "sk_ascendc/tensor.h"

namespace AscendC {

namespace detail {
// printf arguments as C varargs take them: half and bfloat16 print as double.
template <typename T> inline auto printfArg(const T& v) {
  if constexpr (std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t> || std::is_same_v<T, float>) return (double)v;
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
// A header line, then the values 16 to a line: one printf per line, so each reaches the output
// whole (the simulator prefixes what each printf prints with the core).
template <typename T> inline void dumpValues(const char* where, uint32_t desc, uint32_t count, const T& get) {
  ::sk_printf("DumpTensor: desc=%u, %s, %u elements:\n", desc, where, count);
  for (uint32_t row = 0; row < count; row += 16) {
    double v[16] = {};
    char fmt[2 + 16 * 3 + 2] = {' ', ' '};
    uint32_t n = count - row < 16 ? count - row : 16, at = 2;
    for (uint32_t i = 0; i < n; ++i) {
      v[i] = (double)get(row + i);
      fmt[at++] = '%', fmt[at++] = 'g', fmt[at++] = i + 1 < n ? ' ' : '\n';
    }
    fmt[at] = 0;
    ::sk_printf(fmt, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10], v[11], v[12], v[13], v[14], v[15]);
  }
}
template <typename T> inline double asDouble(const T& v) {
  if constexpr (std::is_arithmetic_v<T> || std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>) return (double)v;
  else return 0.0;
}
}  // namespace detail
// The dump area's set-up: DumpTensor and printf print through the simulator, nothing to set up.
__aicore__ inline void InitDump(bool /*mixFlag*/, uint32_t /*gmLen*/) {}
__aicore__ inline void InitDump(bool /*mixFlag*/, GM_ADDR /*dumpStartAddr*/, uint32_t /*gmLen*/) {}
template <typename T> __aicore__ inline void DumpTensor(const LocalTensor<T>& t, uint32_t desc, uint32_t dumpSize) {
  detail::dumpValues("local", desc, dumpSize, [&](uint32_t i) { return detail::asDouble(t.GetValue(i)); });
}
template <typename T> __aicore__ inline void DumpTensor(const GlobalTensor<T>& t, uint32_t desc, uint32_t dumpSize) {
  detail::dumpValues("GM", desc, dumpSize, [&](uint32_t i) { return detail::asDouble(t.GetValue(i)); });
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
