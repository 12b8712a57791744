// What CANN's device compiler knows before any header: kernel sources name `half`, `bfloat16_t`
// and the fixed-width integers (int32_t, ...) at file scope ahead of their includes, helper
// headers included ahead of kernel_operator.h use the qualifiers (opbase's math_util.h,
// PTO-ISA's memory.hpp), a kernel may `#define EVENT_ID0 0` before it includes anything, and
// headers that include only <cstdint> use NULL and size_t (opbase's atvoss placeholder.h).
// sk_cc force-includes this header; sk_ascendc/base.h includes it too.
#ifndef SK_ASCENDC_BUILTIN_TYPES_H
#define SK_ASCENDC_BUILTIN_TYPES_H

#include <stddef.h>
#include <stdint.h>

using half = _Float16;
using bfloat16_t = __bf16;

#include "sk_ascendc/qualifiers.h"
enum event_t : int32_t {  // a fixed type: kernels cast INVALID_TEVENTID (-1) to it in constant expressions
  EVENT_ID0 = 0, EVENT_ID1, EVENT_ID2, EVENT_ID3, EVENT_ID4, EVENT_ID5, EVENT_ID6, EVENT_ID7
};

#if defined(__CCE_AICORE__)
// glibc's <strings.h> (which <cstring> and much of the C++ library include) declares index() and
// rindex(): a kernel of that name (ops-nn's Index op's entry is `index`) would clash with them.
// Declared under other names here, before anything includes it; device code has no use for them.
#define index sk_libc_index
#define rindex sk_libc_rindex
#include <strings.h>
#undef index
#undef rindex
#endif

#endif /* SK_ASCENDC_BUILTIN_TYPES_H */
