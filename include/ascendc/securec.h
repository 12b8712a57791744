// The bounded C string and memory functions of securec (CANN's host code includes "securec.h"
// for memcpy_s and friends), written from their documented contract: each returns EOK (0) or an
// error code, and on a bad destination size or source clears the destination (the *_AND_RESET
// codes) rather than leave it partly written. Header-only, C library only.
#ifndef SK_SECUREC_H
#define SK_SECUREC_H

#include <cerrno>
#include <cstdarg>
#include <cstddef>
#include <cstdio>
#include <cstring>

#ifndef EOK
#define EOK 0
#endif
#define EINVAL_AND_RESET (22 | 128)
#define ERANGE_AND_RESET (34 | 128)
#define EOVERLAP_AND_RESET (54 | 128)
// The largest destination the functions accept (securec's SECUREC_MEM_MAX_LEN / STRING_MAX_LEN).
#define SECUREC_MEM_MAX_LEN 0x7fffffffUL
#define SECUREC_STRING_MAX_LEN 0x7fffffffUL

typedef int errno_t;

namespace sk_securec {
inline bool overlap(const void* a, size_t aLen, const void* b, size_t bLen) {
  const char* x = static_cast<const char*>(a);
  const char* y = static_cast<const char*>(b);
  return x < y + bLen && y < x + aLen;
}
// The checks every function makes of its destination: null or of no or absurd size.
inline errno_t badDest(const void* dest, size_t destMax, size_t limit) {
  if (destMax == 0 || destMax > limit) return ERANGE;
  return dest == nullptr ? EINVAL : EOK;
}
}  // namespace sk_securec

// Copies count bytes; the two may not overlap.
inline errno_t memcpy_s(void* dest, size_t destMax, const void* src, size_t count) {
  if (errno_t e = sk_securec::badDest(dest, destMax, SECUREC_MEM_MAX_LEN)) return e;
  if (src == nullptr) return std::memset(dest, 0, destMax), EINVAL_AND_RESET;
  if (count > destMax) return std::memset(dest, 0, destMax), ERANGE_AND_RESET;
  if (dest == src || count == 0) return EOK;
  if (sk_securec::overlap(dest, count, src, count)) return std::memset(dest, 0, destMax), EOVERLAP_AND_RESET;
  std::memcpy(dest, src, count);
  return EOK;
}
// Copies count bytes; the two may overlap.
inline errno_t memmove_s(void* dest, size_t destMax, const void* src, size_t count) {
  if (errno_t e = sk_securec::badDest(dest, destMax, SECUREC_MEM_MAX_LEN)) return e;
  if (src == nullptr) return std::memset(dest, 0, destMax), EINVAL_AND_RESET;
  if (count > destMax) return std::memset(dest, 0, destMax), ERANGE_AND_RESET;
  std::memmove(dest, src, count);
  return EOK;
}
// Sets count bytes to c; more than destMax sets destMax of them and reports ERANGE_AND_RESET.
inline errno_t memset_s(void* dest, size_t destMax, int c, size_t count) {
  if (errno_t e = sk_securec::badDest(dest, destMax, SECUREC_MEM_MAX_LEN)) return e;
  if (count > destMax) return std::memset(dest, c, destMax), ERANGE_AND_RESET;
  std::memset(dest, c, count);
  return EOK;
}
// Copies at most count characters of src and a terminating NUL (strncpy_s), or all of src
// (strcpy_s); a result that does not fit leaves dest empty.
inline errno_t strncpy_s(char* dest, size_t destMax, const char* src, size_t count) {
  if (errno_t e = sk_securec::badDest(dest, destMax, SECUREC_STRING_MAX_LEN)) return e;
  if (src == nullptr) return dest[0] = '\0', EINVAL_AND_RESET;
  size_t n = strnlen(src, count);
  if (n >= destMax) return dest[0] = '\0', ERANGE_AND_RESET;
  if (sk_securec::overlap(dest, n + 1, src, n + 1)) return dest[0] = '\0', EOVERLAP_AND_RESET;
  std::memcpy(dest, src, n);
  dest[n] = '\0';
  return EOK;
}
inline errno_t strcpy_s(char* dest, size_t destMax, const char* src) {
  return strncpy_s(dest, destMax, src, SECUREC_STRING_MAX_LEN);
}
// Appends at most count characters of src (strncat_s), or all of it (strcat_s).
inline errno_t strncat_s(char* dest, size_t destMax, const char* src, size_t count) {
  if (errno_t e = sk_securec::badDest(dest, destMax, SECUREC_STRING_MAX_LEN)) return e;
  size_t used = strnlen(dest, destMax);
  if (used == destMax) return dest[0] = '\0', EINVAL_AND_RESET;  // dest is not terminated
  if (src == nullptr) return dest[0] = '\0', EINVAL_AND_RESET;
  size_t n = strnlen(src, count);
  if (used + n >= destMax) return dest[0] = '\0', ERANGE_AND_RESET;
  if (sk_securec::overlap(dest, used + n + 1, src, n + 1)) return dest[0] = '\0', EOVERLAP_AND_RESET;
  std::memcpy(dest + used, src, n);
  dest[used + n] = '\0';
  return EOK;
}
inline errno_t strcat_s(char* dest, size_t destMax, const char* src) {
  return strncat_s(dest, destMax, src, SECUREC_STRING_MAX_LEN);
}
// Formats at most count characters (vsnprintf_s: -1 when the output is cut there, the cut
// output kept; -1 and an empty dest when it does not fit dest), or the whole output (vsprintf_s:
// -1 and an empty dest when it does not fit).
inline int vsnprintf_s(char* dest, size_t destMax, size_t count, const char* format, va_list args) {
  if (dest == nullptr || destMax == 0 || destMax > SECUREC_STRING_MAX_LEN || format == nullptr) {
    if (dest != nullptr && destMax != 0 && destMax <= SECUREC_STRING_MAX_LEN) dest[0] = '\0';
    return -1;
  }
  size_t room = count < destMax ? count + 1 : destMax;  // count characters and the NUL
  int n = std::vsnprintf(dest, room, format, args);
  if (n < 0) return dest[0] = '\0', -1;
  if ((size_t)n >= room && count >= destMax) dest[0] = '\0';  // did not fit: nothing kept
  return (size_t)n >= room ? -1 : n;
}
inline int vsprintf_s(char* dest, size_t destMax, const char* format, va_list args) {
  return vsnprintf_s(dest, destMax, SECUREC_STRING_MAX_LEN, format, args);
}
inline int snprintf_s(char* dest, size_t destMax, size_t count, const char* format, ...) {
  va_list args;
  va_start(args, format);
  int n = vsnprintf_s(dest, destMax, count, format, args);
  va_end(args);
  return n;
}
inline int sprintf_s(char* dest, size_t destMax, const char* format, ...) {
  va_list args;
  va_start(args, format);
  int n = vsprintf_s(dest, destMax, format, args);
  va_end(args);
  return n;
}

#endif  // SK_SECUREC_H
