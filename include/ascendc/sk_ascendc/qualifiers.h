// The language extensions of AscendC (function, kernel-type and memory qualifiers), which CANN's
// compiler knows before any header. Deliberately without an include guard: builtin_types.h (which
// sk_cc force-includes) and base.h both include it, so a header that redefined one in between
// (`#define __aicore__ [aicore]`, as some kernels' headers spell CANN's attribute syntax) does not
// leave its definition to kernel_operator.h's own code.
/* ---- language extensions --------------------------------------------------------------------
   A device entry carries an annotation sk_cc finds in the compiled module; the address-space
   qualifiers and pipe annotations mean nothing on the host ISA. */
#ifndef __global__
#define __global__ __attribute__((annotate("sk.global"), used))
#endif
#define __aicore__
// Functions for both sides (bisheng's `[host, aicore]`), and the other function markers CANN's
// headers define: nothing to mark here, where host and device share one ISA.
#ifndef __host_aicore__
#define __host_aicore__
#endif
#ifndef __host__
#define __host__
#endif
#ifndef __forceinline__
#define __forceinline__ inline __attribute__((always_inline))
#endif
#define __disable_kernel_type_autoinfer__
// A namespace-scope variable with one copy per core (and block): sk_cc finds the section and sends
// every access to the running core's copy (docs/ascendc.md).
#define __BLOCK_LOCAL__ __attribute__((section(".sk.block_local")))
// The kernel type of a single-source program's kernel (sk_cc reads the annotations; docs/sk_cc.md).
#define __vector__ __attribute__((annotate("sk.vector")))
#define __cube__ __attribute__((annotate("sk.cube")))
#define __mix__(c, v) __attribute__((annotate("sk.mix:" #c ":" #v)))
#define __schedmode__(m)
#define __gm__
// The memory qualifiers: on an automatic variable they place it in that memory of the core (sk_cc's
// placeLocalArrays, docs/ascendc.md); on a pointer they say where it points, which here needs no
// mark (every local memory is host memory of the simulator). In a cast (`(__ubuf__ float*)p`) clang
// drops the annotation with a warning the vendor's compiler has no reason to give: not given here.
#pragma clang diagnostic ignored "-Wignored-attributes"
#define __ubuf__ __attribute__((annotate("sk.mem.ub")))
#define __cbuf__ __attribute__((annotate("sk.mem.l1")))
#define __ca__ __attribute__((annotate("sk.mem.l0a")))
#define __cb__ __attribute__((annotate("sk.mem.l0b")))
#define __cc__ __attribute__((annotate("sk.mem.l0c")))
#define __fbuf__ __attribute__((annotate("sk.mem.fb")))
#define __biasbuf__ __attribute__((annotate("sk.mem.bt")))
#define __local_mem__ __ubuf__  // Ascend 950's name for the vector core's local memory (UB)
#define __inout_pipe__(p)
#define __in_pipe__(p)
#define __out_pipe__(p)
#define __tiling_data_ptr__
#define __sync_alias__
#define __sync_noalias__
#define __sync_in__
#define __sync_out__
#define __check_sync_alias__
#define GM_ADDR __gm__ uint8_t*
