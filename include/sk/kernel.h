// SuperKernel device dialect, ABI v1 (docs/architecture.md §3.1).
//
// Kernels are C++ compiled by clang-19 for the host ISA:
//     clang-19 -c -O2 -fPIC -fno-exceptions -fno-rtti -I<repo>/include kernel.cpp
// and reach the simulated device only through the sk_* intrinsics below, which the runtime
// resolves when the binary is registered. On top of them sits an AscendC-flavoured C++ layer
// (namespace AscendC) so AscendC-style kernels read naturally; docs/dialect.md lists where it
// differs from AscendC.
//
// Contract: -fPIC small code model, no thread_local, no global constructors, no exceptions/RTTI.
// Never declare the intrinsics hidden (JITLink would need out-of-range PC32 fixups).
#ifndef SK_KERNEL_H
#define SK_KERNEL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- ABI v1 intrinsics (fixed names and signatures) ---------------------------------- */
int64_t  sk_block_idx(void);            /* block index within the current task           */
int64_t  sk_block_num(void);            /* blocks of the current task                    */
int32_t  sk_core_type(void);            /* 0 = AIC (cube), 1 = AIV (vector)              */
void*    sk_ub_base(void);              /* this core's local buffer (UB on AIV, L1 on AIC) */
uint64_t sk_ub_size(void);
void     sk_data_copy(void* dst, const void* src, uint64_t bytes); /* GM<->local, charged + checked */
void     sk_sync_all(void);             /* barrier over all blocks of the current task   */
void     sk_sync_all_of_type(void);     /* the same over the cores of the caller's type only
                                           (AscendC SyncAll<isAIVOnly = true> in a MIX kernel) */
void     sk_wait_pre_task_end(void);    /* early start: wait here for predecessor tasks  */
void     sk_set_next_task_start(void);  /* early start: successors may start from here   */
void     sk_trap(int32_t code, const char* msg);   /* raise a device exception            */
int      sk_printf(const char* fmt, ...) __attribute__((format(printf, 1, 2)));

/* ---- extensions (all prefixed sk_) ----------------------------------------------------- */
int64_t  sk_sub_block_idx(void);        /* AIV index inside its AIC+2 AIV group (MIX 1:2), else 0 */
int64_t  sk_sub_block_num(void);        /* 2 on AIV under MIX 1:2, else 1                */
uint64_t sk_cycles(void);               /* this core's virtual clock, in device cycles   */

/* Element types, shared by vector and cube intrinsics. */
enum sk_dtype {
  SK_DT_FLOAT32 = 0, SK_DT_FLOAT16 = 1, SK_DT_BFLOAT16 = 2, SK_DT_INT8 = 3,
  SK_DT_UINT8 = 4, SK_DT_INT32 = 5, SK_DT_INT64 = 6, SK_DT_INT16 = 7, SK_DT_UINT16 = 8,
  SK_DT_UINT32 = 9, SK_DT_UINT64 = 10, SK_DT_BOOL = 11, /* one byte, 0 or 1 */
  /* 4-bit signed integers, two to a byte, the first in the low nibble (AscendC's int4b_t). Only
     the cube path (Nd2Nz, LoadData, Mmad) and Cast to or from half take it; metadata names it
     "int4" (a tensor of n of them takes (n + 1) / 2 bytes). */
  SK_DT_INT4 = 12,
  /* Ascend 950's 8-bit floats (fp8_e4m3fn_t, fp8_e5m2_t, hifloat8_t), the MX scale (fp8_e8m0_t,
     2^(e - 127)) and the 4-bit floats (fp4x2_e2m1_t, fp4x2_e1m2_t: two to a byte, the first in
     the low nibble, as int4). Only the cube (Mmad, MmadMx) computes on them; moves take their
     bytes. include/sk/sim/minifloat.h decodes them. */
  SK_DT_FLOAT8_E4M3 = 13, SK_DT_FLOAT8_E5M2 = 14, SK_DT_HIFLOAT8 = 15, SK_DT_FLOAT8_E8M0 = 16,
  SK_DT_FLOAT4_E2M1 = 17, SK_DT_FLOAT4_E1M2 = 18
};
enum sk_vec_binary_op { SK_VOP_ADD = 0, SK_VOP_SUB, SK_VOP_MUL, SK_VOP_DIV, SK_VOP_MAX, SK_VOP_MIN };
enum sk_vec_scalar_op { SK_VOP_ADDS = 0, SK_VOP_MULS, SK_VOP_MAXS, SK_VOP_MINS, SK_VOP_LEAKYRELU };
enum sk_vec_unary_op {
  SK_VOP_EXP = 0, SK_VOP_LN, SK_VOP_ABS, SK_VOP_RELU, SK_VOP_SQRT, SK_VOP_RSQRT, SK_VOP_RECIPROCAL
};
enum sk_vec_reduce_op { SK_VOP_REDUCE_SUM = 0, SK_VOP_REDUCE_MAX, SK_VOP_REDUCE_MIN };
enum sk_round_mode {
  SK_ROUND_NONE = 0, SK_ROUND_RINT, SK_ROUND_FLOOR, SK_ROUND_CEIL, SK_ROUND_ROUND, SK_ROUND_TRUNC,
  SK_ROUND_ODD,
  SK_ROUND_HYBRID /* HiFloat8's hybrid rounding: simulated as ties away from zero (SK_ROUND_ROUND) */
};

/* Vector ops: every operand must lie in this core's local memory (AIV only). */
void sk_vec_binary(int32_t op, int32_t dtype, void* dst, const void* src0, const void* src1,
                   uint64_t count);
/* `scalar` points at one element of `dtype` (host memory of the kernel, e.g. a local). */
void sk_vec_scalar(int32_t op, int32_t dtype, void* dst, const void* src, const void* scalar,
                   uint64_t count);
void sk_vec_unary(int32_t op, int32_t dtype, void* dst, const void* src, uint64_t count);
/* Full reduction of `count` elements to dst[0] (pairwise tree order, docs/dialect.md). */
void sk_vec_reduce(int32_t op, int32_t dtype, void* dst, const void* src, uint64_t count);
void sk_vec_cast(int32_t dst_dtype, int32_t src_dtype, int32_t round_mode, void* dst,
                 const void* src, uint64_t count);
void sk_vec_dup(int32_t dtype, void* dst, const void* scalar, uint64_t count);
/* Cube tile on AIC: c[m x n] (+)= a[m x k] * b[k x n], row-major in local memory (L1);
   c is float32 (int32 for int8 inputs); accumulate != 0 adds to c instead of overwriting. */
void sk_cube_mmad(void* c, const void* a, const void* b, uint32_t m, uint32_t k, uint32_t n,
                  int32_t ab_dtype, int32_t accumulate);

/* ---- the machine model the AscendC layer (include/ascendc) maps onto ------------------------
   A core has in-order pipes (docs/simulator.md): S (scalar), V (vector), M (cube), MTE1 (L1 ->
   L0), MTE2 (GM -> local), MTE3 (local -> GM), FIX (L0C -> GM/L1). Copies take the pipe their
   direction implies; flags order one pipe after another, as SetFlag/WaitFlag do. */
enum sk_pipe {
  SK_PIPE_S = 0, SK_PIPE_V, SK_PIPE_M, SK_PIPE_MTE1, SK_PIPE_MTE2, SK_PIPE_MTE3, SK_PIPE_FIX, SK_PIPE_ALL
};
void sk_set_flag(int32_t src_pipe, int32_t dst_pipe, int32_t event_id);
void sk_wait_flag(int32_t src_pipe, int32_t dst_pipe, int32_t event_id);
void sk_pipe_barrier(int32_t pipe);
/* Queue hand-offs (TQue EnQue/DeQue, FreeTensor/AllocTensor) without event ids: the virtual time
   at which the work issued so far on `pipe` completes, and "later work on `pipe` starts no
   earlier than `t`". */
uint64_t sk_pipe_done(int32_t pipe);
void     sk_pipe_wait(int32_t pipe, uint64_t t);

/* The local memories of a core: UB on an AIV; L1, L0A, L0B, L0C, the bias table and the fixpipe
   buffer on an AIC (size 0: the core has none). */
enum sk_mem { SK_MEM_UB = 0, SK_MEM_L1, SK_MEM_L0A, SK_MEM_L0B, SK_MEM_L0C, SK_MEM_BT, SK_MEM_FB, SK_MEM_COUNT };
/* sk_local_base is const (a core's memories stay where they are while it runs a kernel): the
   optimizer may hoist it, and the tensor fields it is combined with, out of a kernel's loops. */
void*    sk_local_base(int32_t mem) __attribute__((const));
uint64_t sk_local_size(int32_t mem);          /* what a kernel may allocate */
uint64_t sk_local_physical_size(int32_t mem); /* also the compiler's reserve (arch ubReservedBytes) */
/* Automatic variables in a local memory (the C API's `__ubuf__ float x[N];`): sk_cc turns each
   into `bytes` taken from memory `mem` from its start up (above what the running function's callers took),
   and gives them back when the function returns: mark on entry, release(mark) on return. */
void*    sk_local_static(int32_t mem, uint64_t bytes, uint64_t align);
uint64_t sk_local_static_mark(int32_t mem);
void     sk_local_static_release(int32_t mem, uint64_t mark);

/* One copy instruction: `count` blocks of `len` bytes, block i from src + i * src_stride to
   dst + i * dst_stride (byte strides, start to start). GM <-> local or local <-> local. */
void sk_data_copy_2d(void* dst, const void* src, uint64_t count, uint64_t len, uint64_t src_stride,
                     uint64_t dst_stride);
/* `instructions` more of the kernel's own code ran on the scalar unit (PIPE_S). Objects of
   earlier sk_cc versions report with it; today's report with sk_scalar_cost. */
void sk_scalar(uint64_t instructions);
/* `instructions` more of the kernel's own code ran on the scalar unit (PIPE_S), `local_accesses`
   of them scalar loads or stores of local memory (LocalTensor GetValue/SetValue: slower than
   the scalar unit's own data). sk_cc inserts these calls (the scalar cost pass); kernels do not
   call it. */
void sk_scalar_cost(uint64_t instructions, uint64_t local_accesses);
/* A scalar (PIPE_S) load or store of GM: GlobalTensor::GetValue / SetValue. */
void sk_scalar_copy(void* dst, const void* src, uint64_t bytes);
/* A scalar (PIPE_S) atomic read-modify-write of the element at `gm` (Ascend 950's AtomicAdd &
   co.), of type `dtype` (int32, uint32, float, int64, uint64; the bits in the low bytes of
   `value` / `compare`): the element becomes op(old, value) (CAS: value if old == compare; INC:
   0 if old >= value, else old + 1; DEC: value if old == 0 or old > value, else old - 1).
   Returns the old element's bits. */
enum sk_scalar_atomic_op {
  SK_SCALAR_ATOMIC_ADD = 0, SK_SCALAR_ATOMIC_SUB, SK_SCALAR_ATOMIC_MAX, SK_SCALAR_ATOMIC_MIN, SK_SCALAR_ATOMIC_AND,
  SK_SCALAR_ATOMIC_OR, SK_SCALAR_ATOMIC_XOR, SK_SCALAR_ATOMIC_EXCH, SK_SCALAR_ATOMIC_CAS, SK_SCALAR_ATOMIC_INC,
  SK_SCALAR_ATOMIC_DEC
};
uint64_t sk_scalar_atomic(int32_t op, void* gm, uint64_t value, uint64_t compare, int32_t dtype);
/* Copies into GM from now on combine with what is there (SetAtomicAdd & co.), in `dtype`. */
enum sk_atomic { SK_ATOMIC_NONE = 0, SK_ATOMIC_ADD, SK_ATOMIC_MAX, SK_ATOMIC_MIN };
void sk_set_atomic(int32_t mode, int32_t dtype);
/* GM accesses of this core (until the block ends) inside [gm, gm + bytes) use an L2 mode:
   SK_L2_BYPASS streams past L2 (no allocation; GlobalTensor::SetL2CacheHint(CACHE_MODE_DISABLE)).
   bytes 0: to the end of the allocation holding gm. */
enum sk_l2_mode { SK_L2_NORMAL = 0, SK_L2_BYPASS };
void sk_l2_mode(const void* gm, uint64_t bytes, int32_t mode);

/* Words of per-core state for the AscendC layer (the current TPipe, the system workspace):
   SK_CORE_STATE_WORDS of them, zero when a block starts. */
#define SK_CORE_STATE_WORDS 128
uint64_t* sk_core_state(void);
/* Word SK_STATE_SYS_WORKSPACE holds the system workspace: the entry sk_cc generates stores the
   kernel's workspace parameter there (AscendC's GetSysWorkSpacePtr reads it). */
#define SK_STATE_SYS_WORKSPACE 1
/* This core's copy of a per-block global (AscendC's __BLOCK_LOCAL__): `size` bytes, set from
   `initial` (the variable's initializer) when a block first asks. sk_cc redirects every access to
   such a variable through it; on the host (outside a launch) it is `initial` itself. */
void* sk_block_local(const void* initial, uint64_t size);
/* Ascend 950's SSBUF (__ssbuf__ pointers, address space SK_SSBUF_ADDRESS_SPACE, hold offsets
   into it): the simulator's address of `bytes` bytes at `offset` of the running core's block's
   SSBUF; past its end (or on a part without one) a device exception. sk_cc routes every access
   through a __ssbuf__ pointer here. */
#define SK_SSBUF_ADDRESS_SPACE 7
void* sk_ssbuf_at(uint64_t offset, uint64_t bytes);
/* The tiling key of the running kernel (metadata "tilingKey"): what TILING_KEY_IS compares. */
uint64_t sk_tiling_key(void);
/* sk_trap with a printf-style message. */
void sk_trapf(int32_t code, const char* fmt, ...) __attribute__((format(printf, 2, 3)));
/* A failed assertion (ascendc_assert/assert/ASSERT): a device exception naming file:line, the
   condition and the formatted message (fmt may be null). */
void sk_assert_fail(const char* file, int32_t line, const char* expr, const char* fmt, ...);

/* ---- vector instructions in AscendC's repeat model ---------------------------------------
   A repeat covers 8 blocks of 32 bytes per operand. Normal mode: `repeat` repeats, element i of
   each repeat taken when bit i of (mask_hi:mask_lo) is set; counter mode: mask_lo elements in all
   (the last repeat partial); register mode: the core's mask register and mode (SetVectorMask,
   SetMaskCount/SetMaskNorm). Strides are in 32-byte blocks. For operands of different widths a
   repeat holds 256 / (widest element) elements. As on the hardware the register changes too: a
   normal-mode instruction sets its mask (and runs in counter mode if the register is in counter
   mode), a counter-mode one leaves the register all ones in normal mode (the count-form API's
   ResetMask + SetMaskNorm). */
enum sk_mask_mode { SK_MASK_NORMAL = 0, SK_MASK_COUNTER = 1, SK_MASK_REGISTER = 2 };
struct sk_vec_repeat {
  uint64_t mask_lo, mask_hi;
  uint32_t mode;
  uint32_t repeat;
  uint16_t dst_blk, src0_blk, src1_blk, flags; /* SK_REPEAT_* */
  uint16_t dst_rep, src0_rep, src1_rep, reserved1;
};
/* sk_vec_repeat.flags. MASK_IS_LENGTH: a normal-mode mask_lo is the length of a continuous mask
   (the first mask_lo elements of each repeat), which in counter mode is the element count itself.
   COUNT_PER_REPEAT: in counter mode the count is the elements of each repeat (as many 32-byte
   blocks as they fill, more than 8 allowed) and `repeat` repeats run (Copy's counter mode). */
enum sk_repeat_flags { SK_REPEAT_MASK_IS_LENGTH = 1, SK_REPEAT_COUNT_PER_REPEAT = 2 };
enum sk_vop {
  /* dst = src0 op src1 */
  SK_V_ADD = 0, SK_V_SUB, SK_V_MUL, SK_V_DIV, SK_V_MAX, SK_V_MIN, SK_V_AND, SK_V_OR,
  SK_V_ADDRELU, SK_V_SUBRELU, SK_V_MULADDDST, /* dst = src0 * src1 + dst */
  SK_V_FUSEDMULADD,                            /* dst = src0 * dst + src1 */
  SK_V_POW,                                    /* dst = src0 ^ src1 (the high-level Power) */
  SK_V_SHIFTLEFT_V, SK_V_SHIFTRIGHT_V,         /* shifts by src1's elements (Ascend 950, integers) */
  SK_V_XOR,                                    /* dst = src0 ^ src1 (integers: Ascend 950's register Xor) */
  SK_V_PRELU,                                  /* dst = src0 >= 0 ? src0 : src0 * src1 (floats) */
  /* dst = op src0 */
  SK_V_EXP = 32, SK_V_LN, SK_V_ABS, SK_V_RELU, SK_V_SQRT, SK_V_RSQRT, SK_V_RECIPROCAL, SK_V_NOT,
  SK_V_COPY,
  /* the high-level math of AscendC's lib/ (one instruction here, the cost of their sequence) */
  SK_V_SIGMOID, SK_V_TANH, SK_V_LOG2, SK_V_LOG10, SK_V_SIN, SK_V_COS, SK_V_ERF,
  /* dst = src0 op scalar (the scalar's bits in the element type) */
  SK_V_ADDS = 64, SK_V_MULS, SK_V_MAXS, SK_V_MINS, SK_V_LEAKYRELU, SK_V_SHIFTLEFT, SK_V_SHIFTRIGHT,
  SK_V_SHIFTRIGHT_ROUND,
  SK_V_DUP,      /* dst = scalar */
  SK_V_POWS,     /* dst = src0 ^ scalar */
  SK_V_RPOWS,    /* dst = scalar ^ src0 */
  SK_V_SUBS,     /* dst = src0 - scalar (Ascend 950's Subs, Divs, Ands, Ors; R: the scalar first) */
  SK_V_RSUBS,    /* dst = scalar - src0 */
  SK_V_DIVS,     /* dst = src0 / scalar (floats) */
  SK_V_RDIVS,    /* dst = scalar / src0 (floats) */
  SK_V_ANDS,     /* dst = src0 & scalar (integers) */
  SK_V_ORS       /* dst = src0 | scalar (integers) */
};
void sk_vec(int32_t op, int32_t dtype, void* dst, const void* src0, const void* src1, uint64_t scalar,
            const struct sk_vec_repeat* r);
/* dst = src0 * src1 + dst (SK_V_MULADDDST) with half sources into a float dst: the elements of
   one repeat are the dst's (64), the sources' blocks hold 16 each. */
void sk_vec_mixed(int32_t op, int32_t dst_dtype, int32_t src_dtype, void* dst, const void* src0, const void* src1,
                  const struct sk_vec_repeat* r);
/* dst = scalar * src + dst; dst and src may differ in width (half src, float dst). */
void sk_vec_axpy(int32_t dst_dtype, int32_t src_dtype, void* dst, const void* src, uint64_t scalar,
                 const struct sk_vec_repeat* r);
void sk_vec_convert(int32_t dst_dtype, int32_t src_dtype, int32_t round_mode, void* dst, const void* src,
                    const struct sk_vec_repeat* r);
/* Reductions. `op` is SK_VOP_REDUCE_*. Whole: one result per repeat, at dst + r * dst_rep (dst_rep
   in results; with an index, value and index are one result of two elements, or the index alone
   is 4 bytes). Block: one result per 32-byte block, 8 per repeat, dst_rep in 8-result units.
   Pair: adjacent pairs summed. */
enum sk_reduce_order { SK_ORDER_VALUE_INDEX = 0, SK_ORDER_INDEX_VALUE, SK_ORDER_ONLY_VALUE, SK_ORDER_ONLY_INDEX };
void sk_vec_whole_reduce(int32_t op, int32_t dtype, int32_t order, void* dst, const void* src, uint32_t dst_rep,
                         const struct sk_vec_repeat* r);
void sk_vec_block_reduce(int32_t op, int32_t dtype, void* dst, const void* src, uint32_t dst_rep,
                         const struct sk_vec_repeat* r);
void sk_vec_pair_reduce(int32_t dtype, void* dst, const void* src, uint32_t dst_rep, const struct sk_vec_repeat* r);
/* ReduceSum/Max/Min: to dst[0] (the index, as an integer of the element width, to dst[1] when
   cal_index). Each repeat is reduced as a tree; repeats are combined in order (counter mode,
   the count forms) or as a tree too (normal mode, the repeat forms). */
void sk_vec_reduce_all(int32_t op, int32_t dtype, void* dst, const void* src, int32_t cal_index,
                       const struct sk_vec_repeat* r);
/* Compare: bit i of dst (little-endian bytes) = src0[i] cmp src1[i] (or the scalar). */
enum sk_cmp { SK_CMP_LT = 0, SK_CMP_GT, SK_CMP_EQ, SK_CMP_LE, SK_CMP_GE, SK_CMP_NE };
void sk_vec_compare(int32_t cmp, int32_t dtype, void* dst, const void* src0, const void* src1, uint64_t scalar,
                    int32_t with_scalar, const struct sk_vec_repeat* r);
/* Select: dst[i] = bit i of sel ? src0[i] : src1[i] (or the scalar). mode 0: the same mask bits
   every repeat; 1 and 2: the bits are consumed in order across repeats. */
void sk_vec_select(int32_t mode, int32_t dtype, void* dst, const void* sel, const void* src0, const void* src1,
                   uint64_t scalar, int32_t with_scalar, const struct sk_vec_repeat* r);
/* The CMPMASK register (128 bits per vector core): sk_vec_compare with a null dst writes it (one
   repeat of at most 128 elements); sk_vec_select reads it for a null sel in mode 0 (the bits) and
   mode 2 (its low 32 bits are the mask's UB address), and, with with_scalar =
   SK_SELECT_SCALAR_CMPMASK, takes the scalar from its low element (mode 1). Set and get copy
   its 16 bytes from / to local memory. */
#define SK_SELECT_SCALAR_CMPMASK 2
#define SK_SELECT_SCALAR_FIRST 3 /* the scalar is src0 (taken where the bit is 1), the tensor src1 */
void sk_set_cmpmask(const void* src);
void sk_get_cmpmask(void* dst);
/* dst[i] = the element at byte base + offsets[i] of src (Gather). */
void sk_vec_gather(int32_t dtype, void* dst, const void* src, const uint32_t* offsets, uint32_t base, uint64_t count);
/* The element at byte base + offsets[i] of dst = src[i] (Scatter; 1-, 2-, 4- and 8-byte elements). */
void sk_vec_scatter(int32_t dtype, void* dst, const void* src, const uint32_t* offsets, uint32_t base, uint64_t count);
/* Gatherb: per repeat, 8 blocks of 32 bytes, block j from byte offsets[r * 8 + j] of src (a
   multiple of 32) to dst block r * dst_rep + j * dst_blk. */
void sk_vec_gatherb(void* dst, const void* src, const uint32_t* offsets, uint32_t repeat, uint16_t dst_blk,
                    uint16_t dst_rep);
/* GatherMask: the selected elements of src0 packed into dst; returns how many. pattern: a bit per
   element (consumed in order), or builtin 1..7 when pattern is null. */
uint64_t sk_vec_gather_mask(int32_t dtype, void* dst, const void* src0, const void* pattern, int32_t builtin,
                            uint32_t repeat, uint16_t src0_blk, uint16_t src0_rep, uint16_t pattern_rep,
                            uint32_t counter_elems);
/* Brcb: each of 8 source elements per repeat fills one 32-byte destination block. */
void sk_vec_brcb(int32_t dtype, void* dst, const void* src, uint32_t repeat, uint16_t dst_blk, uint16_t dst_rep);
/* 16 x 16 transpose of 2-byte elements. */
void sk_vec_transpose16(void* dst, const void* src);
/* TransDataTo5HD (vnchwconv): per repeat, element j of the 16 source blocks src[0..15] (32 bytes
   each) goes to destination block dst[j]: 2-byte elements dst[j][i] = src[i][j]; 4-byte ones fill
   two blocks per source position, dst[2j + h][k] = src[8h + k][j]; 1-byte ones move half blocks,
   dst[j][16 dst_high + i] = src[i][16 src_high + j]. Repeat r uses every address plus
   r * rep_stride blocks (one repeat: plus the stride once, as the hardware does). */
void sk_vec_transpose_list(int32_t elem_bytes, void* const dst[16], const void* const src[16], uint32_t repeat,
                           uint16_t dst_rep, uint16_t src_rep, int32_t dst_high, int32_t src_high);
/* dst[i] = first + i. */
void sk_vec_index(int32_t dtype, void* dst, uint64_t first, uint64_t count);
/* The V-pipe time of `repeats` repeats of the composite op `op_name` (arch vectorOps), for
   high-level APIs whose arithmetic the AscendC headers do element by element. */
void sk_vec_charge(const char* op_name, uint64_t repeats);

/* Ascend 950's register vector API (AscendC::Reg): a register is SK_REG_VL bytes of the kernel's
   own memory, a mask register SK_REG_VL / 8 bytes with one bit per register byte (an element is
   active when the bit of its first byte is set). Loads and stores reach this core's UB (checked,
   aligned, race-tracked on V); the others compute on registers. AIV only. */
#define SK_REG_VL 256
enum sk_reg_load_dist {
  SK_RLD_NORM = 0, /* VL bytes */
  SK_RLD_BRC,      /* one element to every position */
  SK_RLD_US,       /* VL/2 bytes, each element twice */
  SK_RLD_DS,       /* 2*VL bytes, every other element */
  SK_RLD_UNPACK,   /* VL/2 bytes, each element zero-extended to twice its width */
  SK_RLD_UNPACK4,  /* VL/4 bytes, each element zero-extended to four times its width */
  SK_RLD_BLK,      /* one 32-byte block to all eight */
  SK_RLD_E2B,      /* VL/32 elements, each over one 32-byte block */
  SK_RLD_MASK,     /* VL/8 bytes into a mask register */
  SK_RLD_UNALIGN,  /* VL bytes at any element-aligned address (LoadUnAlign) */
  SK_RLD_MASK_US,  /* VL/16 bytes into a mask register, each bit twice */
  SK_RLD_MASK_DS   /* VL/4 bytes into a mask register, every other bit */
};
enum sk_reg_store_dist {
  SK_RST_NORM = 0, /* the active elements */
  SK_RST_FIRST,    /* element 0, whatever the mask */
  SK_RST_PACK,     /* the low half of each active element, densely */
  SK_RST_PACK4,    /* the low quarter of each active element, densely */
  SK_RST_MASK      /* a mask register's VL/8 bytes */
};
enum sk_reg_mask_pattern { SK_RMASK_FIRST = 0 /* the first `count` elements */, SK_RMASK_M3, SK_RMASK_M4 };
void sk_reg_load(void* reg, const void* ub, uint32_t elem_bytes, int32_t dist);
void sk_reg_store(void* ub, const void* reg, const uint8_t* mask, uint32_t elem_bytes, int32_t dist);
void sk_reg_mask(uint8_t* mask, uint32_t elem_bytes, int32_t pattern, uint32_t count);
/* The register's first `count` elements to UB at any element-aligned address (StoreUnAlign). */
void sk_reg_store_unaligned(void* ub, const void* reg, uint32_t elem_bytes, uint32_t count);
/* dst = op(src0[, src1 | scalar]) (enum sk_vop, or SK_REG_OP_EXP_SUB) on the active elements;
   the others 0, or kept when `merging`. */
#define SK_REG_OP_EXP_SUB 0x100 /* exp(src0 - src1): one fused instruction (Reg::ExpSub) */
#define SK_REG_OP_TRUNCATE 0x101 /* src0 rounded to an integral value of its float type; scalar: enum sk_round_mode */
#define SK_REG_OP_ARANGE 0x102      /* dst[i] = scalar + i, every element (no mask) */
#define SK_REG_OP_ARANGE_DOWN 0x103 /* dst[i] = scalar + (lanes - 1 - i) */
#define SK_REG_OP_DIV_FTZ 0x104     /* float src0 / src1 with subnormal inputs and results flushed to zero */
#define SK_REG_OP_MUL_HIGH 0x105    /* int32/uint32: the high 32 bits of the 64-bit src0 * src1 (the low: SK_V_MUL) */
void sk_reg_op(int32_t op, int32_t dtype, void* dst, const void* src0, const void* src1, uint64_t scalar,
               const uint8_t* mask, int32_t merging);
/* The active elements reduced (enum sk_vec_reduce_op, or SK_REG_REDUCE_SUM_WIDE) into element 0
   (a max/min's index in element 1), the rest 0. */
#define SK_REG_REDUCE_SUM_WIDE 0x100 /* int16/uint16 elements summed into a 32-bit element 0 */
void sk_reg_reduce(int32_t op, int32_t dtype, void* dst, const void* src, const uint8_t* mask);
/* dst_mask = (src0 cmp src1|scalar) on the active elements (enum sk_cmp). */
void sk_reg_compare(int32_t cmp, int32_t dtype, uint8_t* dst_mask, const void* src0, const void* src1, uint64_t scalar,
                    int32_t with_scalar, const uint8_t* mask);
/* dst = (dst_dtype)src (enum sk_round_mode) on the active source elements, the rest 0. Between
   widths `layout` is the narrow elements' place in each wide group: widening reads
   src[layout + ratio * i], narrowing writes dst[layout + ratio * i]. */
void sk_reg_cast(int32_t dst_dtype, int32_t src_dtype, int32_t round_mode, int32_t layout, void* dst, const void* src,
                 const uint8_t* mask);
/* dst = mask ? src0 : src1, element by element. */
void sk_reg_select(uint32_t elem_bytes, void* dst, const void* src0, const void* src1, const uint8_t* mask);
/* Register rearrangements of elem_bytes elements (lanes = SK_REG_VL / elem_bytes): GATHER dst0[i] =
   src0[src1[i] % lanes] (src1: unsigned indexes of the same width); INTERLEAVE src0[0], src1[0],
   src0[1], ... into dst0 then dst1; DEINTERLEAVE the even elements of src0 then src1 into dst0,
   the odd ones into dst1; MASK_FROM_BITS: mask dst0 with element i active when bit i of src0's
   bytes is (MaskGenWithRegTensor). */
/* The register's eight 32-byte blocks from (to) UB at base + offsets[j] (base 32-byte aligned,
   offsets multiples of 32). A load takes block j when `mask` has any bit in it (ANY) or bit 4j
   (LANE32: GatherB's b32 mask), else zeros it; a store writes the active elements of
   elem_bytes. */
enum sk_reg_block_mask { SK_RBLK_ANY = 0, SK_RBLK_LANE32 };
void sk_reg_load_blocks(void* reg, const void* base, const uint32_t* offsets, const uint8_t* mask, int32_t mask_kind);
void sk_reg_store_blocks(void* base, const void* reg, const uint32_t* offsets, const uint8_t* mask, uint32_t elem_bytes);
/* Element gather from UB: dst element i (dst_bytes wide; a narrower src_bytes element is
   zero-extended) = base[index[i]] (index_bytes-wide unsigned element indexes) when active, else
   0. Scatter: base[index[i]] = src element i for the active ones. base 32-byte aligned. */
void sk_reg_gather_ub(void* reg, const void* base, const void* index, uint32_t dst_bytes, uint32_t src_bytes,
                      uint32_t index_bytes, const uint8_t* mask);
void sk_reg_scatter_ub(void* base, const void* reg, const void* index, uint32_t elem_bytes, uint32_t index_bytes,
                       const uint8_t* mask);
/* Histogram of a register of uint8: dst's 128 uint16 counters (wrapping) += the active elements
   equal to base + n (or, `cumulative`, at most base + n), base 0 or 128. */
void sk_reg_histogram(void* dst, const void* src, const uint8_t* mask, uint32_t base, int32_t cumulative);
/* GATHER: dst0[i] = src0[src1[i] % lanes]; INTERLEAVE / DEINTERLEAVE: of src0 and src1 into dst0
   and dst1; MASK_FROM_BITS: mask dst0's element i from bit i of src0; MASK_TO_BITS: bit i of
   dst0's bytes from mask src0's element i (the rest 0); SQUEEZE: src0's elements active in mask
   src1, in order, then zeros, into dst0, and their bytes into *(uint32_t*)dst1; UNSQUEEZE:
   dst0[i] = how many of mask src0's elements 0 .. i-1 are active (integers). PACK_LOW/HIGH: the
   low half of each of src0's elements (elem_bytes wide) into the low/high half of dst0, the other
   half kept; UNPACK_LOW/HIGH (_SIGNED): the narrow elements of src0's low/high half widened to
   elem_bytes into dst0, zero- (sign-) extended. */
enum sk_reg_permute_kind {
  SK_RPERM_GATHER = 0, SK_RPERM_INTERLEAVE, SK_RPERM_DEINTERLEAVE, SK_RPERM_MASK_FROM_BITS, SK_RPERM_MASK_TO_BITS,
  SK_RPERM_SQUEEZE, SK_RPERM_UNSQUEEZE, SK_RPERM_PACK_LOW, SK_RPERM_PACK_HIGH, SK_RPERM_UNPACK_LOW,
  SK_RPERM_UNPACK_HIGH, SK_RPERM_UNPACK_LOW_SIGNED, SK_RPERM_UNPACK_HIGH_SIGNED
};
void sk_reg_permute(int32_t kind, uint32_t elem_bytes, void* dst0, void* dst1, const void* src0, const void* src1);
/* Each group of `group` elements reduced (enum sk_vec_reduce_op) over its active ones (none:
   0 for a sum, the type's lowest or highest for max and min) into dst[j]; the rest of dst 0. Sums
   add pairwise within a group, each step rounded to the type. */
void sk_reg_reduce_groups(int32_t op, int32_t dtype, void* dst, const void* src, const uint8_t* mask, uint32_t group);

/* Vector registers: the mask, its mode, the accumulator of the last reduction, the dequant scale. */
void     sk_set_vector_mask(uint64_t mask_hi, uint64_t mask_lo);
void     sk_set_mask_mode(int32_t mode);
uint64_t sk_get_acc_val(void);
/* The last max / min reduction's extreme (its bits; the return value) and its index in the source
   (*index; GetReduceMaxMinCount). */
uint64_t sk_get_max_min_count(uint64_t* index);
void     sk_set_deq_scale(float scale);
uint64_t sk_get_rsvd_cnt(void);

/* ---- cube instructions in the hardware's fractal layouts (docs/ascendc.md, "Cube") ----------
   An AIC's L1 holds matrices in Nz (column blocks of C0 = 32 / element-bytes elements, 16-row
   fractals inside), L0A in Zz, L0B in Zn, L0C in Nz with 16 x 16 fractals of 4-byte elements.
   Operands are checked against the memory each must be in, and its alignment (L1 32 B, L0A and
   L0B 512 B, L0C 64 B, BT 64 B). */

/* DataCopy GM (or UB) ND -> L1 Nz (Nd2NzParams): ND element (r, c) of matrix i (at src +
   i * src_matrix_stride, rows src_d_value apart) goes to byte i * dst_matrix_stride * eb +
   ((c / C0) * dst_c0_stride + r * dst_n_stride) * 32 + (c % C0) * eb of dst; a row's last
   partial 32-byte block is zero-filled. Strides in elements unless noted. With src_dn (Ascend
   950's Dn2NzParams) the source is column-major: element (r, c) at c * src_d_value + r. */
struct sk_nd2nz {
  uint32_t nd_num, n_value, d_value;
  uint32_t dst_c0_stride, dst_n_stride; /* C0 units: 32 bytes (4 elements with small_c0) */
  uint32_t src_dn;
  uint64_t src_matrix_stride, src_d_value, dst_matrix_stride;
  /* Ascend 950's SmallC0 mode: with d_value <= 4 (ignored otherwise), C0 is 4 elements, the row
     zero-padded to it, rows max(1, dst_n_stride) C0s apart. */
  uint32_t small_c0;
};
void sk_copy_nd2nz(void* dst, const void* src, uint32_t elem_bytes, const struct sk_nd2nz* p);
/* LoadData 2D, L1 -> L0A/L0B (MTE1): `repeat` fractals of 512 bytes, fractal i from src +
   (start + i * src_stride) * 512 to dst + i * (1 + dst_gap) * 512; `transpose` transposes each
   16 x 16 fractal of 2-byte elements. With src in GM: GM -> L1/L0A/L0B (MTE2), no transpose. */
void sk_load_2d(void* dst, const void* src, uint32_t elem_bytes, uint32_t start, uint32_t repeat, uint32_t src_stride,
                uint32_t dst_gap, int32_t transpose);
/* LoadDataWithTranspose, L1 -> L0A/L0B (MTE1): `repeat` squares transposed, square i from src +
   (start + i * src_stride) * Q (Q = 512 bytes for 2-byte elements, 1024 for 1- and 4-byte, 2048
   for int4), its fractals to dst + i * (1 + dst_gap) * 512 + j * (1 + dst_frac_gap) * 512. A
   square: 32 x 32 bytes (b8: two fractals one above the other; fractal j = rows 16j.. of its
   transpose), 16 x 16 (b16), 16 x 16 4-byte elements (b32: two 16 x 8 fractals side by side;
   fractal j = columns 8j.. of its transpose) or, with elem_bytes SK_ELEM_INT4 (int4b_t), 64 x 64
   half bytes (four fractals one above the other; fractal j = rows 16j.. of its transpose). A
   square's fractals lie 1 + src_frac_gap fractals apart in src (0: the square is contiguous). */
#define SK_ELEM_INT4 0x80u
void sk_load_2d_transpose(void* dst, const void* src, uint32_t elem_bytes, uint32_t start, uint32_t repeat,
                          uint32_t src_stride, uint32_t dst_gap, uint32_t dst_frac_gap, uint32_t src_frac_gap);
/* LoadData 3D v2 (img2col), L1 -> L0A/L0B (MTE1). src: an NC1HWC0 feature map (N = 1, C0 = 32 /
   elem_bytes), element (c1, h, w, c0) at ((c1 * l1_h + h) * l1_w + w) * C0 + c0, C1 = channel_size
   / C0. Its img2col matrix X has rows m = ho * Wo + wo and columns k = ((c1 * Fh + kh) * Fw + kw) *
   C0 + c0 (Fh = filter_h, Fw = filter_w), X[m][k] = src(c1, ho * stride_h + kh * dilation_h -
   pad_top, wo * stride_w + kw * dilation_w - pad_left, c0), or the low elem_bytes of pad_bits where
   that lies outside the map; Ho = (l1_h + pad_top + pad_bottom - (Fh - 1) * dilation_h - 1) /
   stride_h + 1, Wo likewise. The block Y[i][j] = X[m_start + i][k_start + j] (i < m_ext, j < k_ext)
   lands in L0A as Zz of Y (transpose: Zz of Y's transpose) or in L0B as Zn of the K x N matrix Y.
   Where L0A holds Nz (the arch's l0aFormat, Ascend 950) it lands there as Nz of Y, its column
   blocks dst_stride fractals apart (0: ceil(m_ext / 16)), or transposed as Nz of Y's transpose,
   which is the Zn of Y that L0B gets too, its rows of fractals dst_stride apart (0: ceil(k_ext /
   16)). repeat_time 0 makes it a no-op; boundary (bytes, 0 = none) is SetLoadDataBoundary's
   value. What the simulator does not model (repeat_time > 1, a crossed boundary, channel sizes
   that are not a multiple of C0, partial fractals, blocks outside X) is a device exception saying
   so. */
struct sk_img2col_params {
  uint32_t l1_h, l1_w;
  uint32_t pad_left, pad_right, pad_top, pad_bottom;
  uint32_t channel_size, k_ext, m_ext, k_start, m_start;
  uint32_t stride_w, stride_h, filter_w, filter_h, dilation_w, dilation_h;
  int32_t transpose;
  uint32_t repeat_time; /* SetLoadDataRepeat's (one block per load: its stride and mode never matter) */
  uint32_t boundary;
  uint64_t pad_bits;
  uint32_t dst_stride; /* SetLoadDataRepeatWithStride's dstStride (LoadDataWithStride), in fractals */
};
void sk_img2col(void* dst, const void* src, uint32_t elem_bytes, const struct sk_img2col_params* p);
/* Mmad (M pipe): c (L0C, Nz) = init + a (L0A: Zz, or Nz where the arch's l0aFormat says so, as
   on dav-3510) x b (L0B, Zn), m x k x n; ab_dtype fp16, bf16, fp32 (c fp32) or int8 (c int32).
   init: SK_MMAD_ZERO, SK_MMAD_ACCUMULATE (c +=) or SK_MMAD_BIAS (bias: n elements of c's type in
   the bias table, added to every row). flags: SK_MMAD_K_ALIGN16, fp32's K padded to 16 rather
   than 8 (kDirectionAlign); m == 1 reads a as one ND row (GEMV) unless SK_MMAD_NO_GEMV. */
enum sk_mmad_init { SK_MMAD_ZERO = 0, SK_MMAD_ACCUMULATE, SK_MMAD_BIAS };
enum sk_mmad_flags {
  SK_MMAD_K_ALIGN16 = 1, SK_MMAD_NO_GEMV = 2,
  SK_MMAD_HF32 = 4,              /* fp32 A and B rounded to HF32 first (SetHF32Mode) ... */
  SK_MMAD_HF32_TIES_AWAY = 8,    /* ... ties away from zero (SetHF32TransMode), else to even */
  SK_MMAD_MX = 16                /* sk_mmad_mixed: MmadMx, A and B scaled by their MX scales */
};
void sk_mmad(void* c, const void* a, const void* b, const void* bias, uint32_t m, uint32_t k, uint32_t n,
             int32_t ab_dtype, int32_t init, int32_t flags);
/* Mmad with A and B of their own dtypes (Ascend 950: fp8_e4m3fn_t x fp8_e5m2_t and so on; c
   fp32), otherwise as sk_mmad. With SK_MMAD_MX (MmadMx: fp8 or fp4 A and B, k a multiple of 64)
   every 32 elements along k of a row of A, and of a column of B, share one fp8_e8m0_t scale
   2^(e - 127), taken from the core's L0A_MX / L0B_MX buffers at a's and b's L0 offset / 16:
   scaleA (m x k/32) in 16 x 2 fractals, row-major, k/64 of them to a row of fractals; scaleB
   (k/32 x n) likewise with its columns as rows (fractal (x, y) of n/16 x k/64 at
   (x * k/64 + y) * 32 bytes, element (col % 16, j % 2) at (col % 16) * 2 + j % 2). */
void sk_mmad_mixed(void* c, const void* a, const void* b, const void* bias, uint32_t m, uint32_t k, uint32_t n,
                   int32_t a_dtype, int32_t b_dtype, int32_t init, int32_t flags);
/* LoadData's MX half (Ascend 950, MTE1): y_step 32-byte scale fractals (16 x 2 fp8_e8m0_t) of each
   of x_step rows of fractals, from src (L1) + (x * src_stride + y) * 32 bytes, x from x_start and
   y from y_start, to the MX buffer of dst's L0A or L0B, at dst's offset / 16 + (x' * dst_stride
   + y') * 32 (x', y' counted from 0). */
void sk_load_mx_scales(void* dst, const void* src, uint32_t x_start, uint32_t y_start, uint32_t x_step,
                       uint32_t y_step, uint32_t src_stride, uint32_t dst_stride);
/* LoadDataWithSparse, L1 -> L0B (MTE1): `repeat` 512-byte fractals of a 4:2-sparse int8 weight's
   dense values (Zn) from src + start * 512 to dst, and their 128-byte index fractals (16 rows of 32
   2-bit indices, the first in a byte's low bits) from idx + start * 128 into the core's index
   buffer, at dst's L0B offset / 4. */
void sk_load_2d_sparse(void* dst, const void* src, const void* idx, uint32_t start, uint32_t repeat);
/* MmadWithSparse (M pipe): c (L0C Nz, int32) = init + a (L0A Zz, int8, m x k) x B (k x n), where
   L0B holds B's dense values, k / 2 x n in Zn, and the index buffer where each sits in its group of
   four along k: dense values 2j and 2j + 1 of a column at 4j + index and 4j + index + 1. init as
   sk_mmad's (the bias from the bias table). */
void sk_mmad_sparse(void* c, const void* a, const void* b, const void* bias, uint32_t m, uint32_t k, uint32_t n,
                    int32_t init);
/* Fixpipe L0C (Nz, fp32/int32) -> GM or L1 (FIX pipe): each element converted by `quant`, then
   relu. nz2nd 1 (SK_FIXPIPE_ND): dst is ND, element (r, c) at r * dst_stride + c elements; 3
   (SK_FIXPIPE_DN, Ascend 950's NZ2DN): element (r, c) at c * dst_stride + r elements; 0: Nz,
   column block j at j * dst_stride * 32 bytes, rows 16 elements apart (32 for 1-byte types); 2
   (SK_FIXPIPE_NZ_SPLIT, float dst only): Nz of 8-column blocks (channel split). src column blocks lie src_stride * 16
   elements apart. Scalar modes take the scale's float bits from deq_scalar's low 32 bits; vector
   modes (V*) one uint64 per column from deq_tensor (L1 or the fixpipe buffer; read before dst is
   written). nd_num matrices: src + i * src_nd_stride * 1024 bytes, dst + i * dst_nd_stride
   elements. Copies into GM honour the atomic mode. Ascend 950's L0C -> UB path (an AIC of a
   MIX kernel; dst in the UB of its AIV 0 as the AIC sees it): nz2nd bits 8..9 dualDstCtl (1:
   rows split in halves, 2: columns, each half at dst's offset in AIV 0's and AIV 1's UB), bit
   12 subBlockId (without a split: the AIV whose UB takes it all). */
enum sk_quant {
  SK_QUANT_NONE = 0, SK_QUANT_F322F16, SK_QUANT_F322BF16, SK_QUANT_DEQF16, SK_QUANT_VDEQF16, SK_QUANT_QF322B8,
  SK_QUANT_VQF322B8, SK_QUANT_REQ8, SK_QUANT_VREQ8,
  /* Ascend 950's scaled conversions: float to half, bfloat16 or float, int32 to bfloat16, by the
     scalar or (V*) the per-channel scale */
  SK_QUANT_QF322F16, SK_QUANT_VQF322F16, SK_QUANT_QF322BF16, SK_QUANT_VQF322BF16, SK_QUANT_QF322F32,
  SK_QUANT_VQF322F32, SK_QUANT_QS322BF16, SK_QUANT_VQS322BF16,
  /* Ascend 950: float to fp8_e4m3fn_t (to nearest even) and to hifloat8_t (ties away from zero;
     HYBRID: its hybrid rounding, here the same) */
  SK_QUANT_QF322FP8, SK_QUANT_VQF322FP8, SK_QUANT_QF322HIF8, SK_QUANT_VQF322HIF8, SK_QUANT_QF322HIF8_HYBRID,
  SK_QUANT_VQF322HIF8_HYBRID
};
/* The modes that scale by a per-channel table (deq_tensor) rather than one scalar: the V ones. */
static inline int sk_quant_per_channel(int32_t quant) {
  return quant == SK_QUANT_VDEQF16 || quant == SK_QUANT_VQF322B8 || quant == SK_QUANT_VREQ8 || quant == SK_QUANT_VQF322F16 ||
         quant == SK_QUANT_VQF322BF16 || quant == SK_QUANT_VQF322F32 || quant == SK_QUANT_VQS322BF16 ||
         quant == SK_QUANT_VQF322FP8 || quant == SK_QUANT_VQF322HIF8 || quant == SK_QUANT_VQF322HIF8_HYBRID;
}
enum { SK_FIXPIPE_NZ = 0, SK_FIXPIPE_ND = 1, SK_FIXPIPE_NZ_SPLIT = 2, SK_FIXPIPE_DN = 3 };
struct sk_fixpipe_params {
  uint32_t n_size, m_size, src_stride, dst_stride;
  int32_t quant, relu, nz2nd, src_dtype, dst_dtype;
  uint32_t nd_num, src_nd_stride, dst_nd_stride;
  uint64_t deq_scalar;
  const void* deq_tensor;
};
void sk_fixpipe(void* dst, const void* src, const struct sk_fixpipe_params* p);
/* InitConstValue / Fill of L1, L0A or L0B: `repeat` times `block_num` blocks of `block_bytes`
   set to the value (its bits in `dtype`), then `dst_gap` blocks skipped. */
void sk_local_fill(void* dst, int32_t dtype, uint64_t value_bits, uint32_t repeat, uint32_t block_num,
                   uint32_t dst_gap, uint32_t block_bytes);

/* ---- cross-core flags (CrossCoreSetFlag / CrossCoreWaitFlag) -------------------------------
   Each core has a counter per flag id (0..15). Mode 0: once every core of the caller's type in
   the launch has set, each one's counter goes up; mode 1: the same among the AIVs of a block;
   mode 2: an AIC's set raises its AIVs' counters, the AIVs' sets (all of them) the AIC's;
   mode 4 (Ascend 950's, accepted on every part): one AIV and its AIC, an AIC's flags 16..31
   being those of its AIV 1 (its set of flag f raises AIV f / 16's counter f % 16; AIV i's set
   of f raises the AIC's f + 16 i). The set fires on `pipe` after its earlier work; a wait
   holds the core until its counter is positive and takes one. */
void sk_cross_set(int32_t mode, int32_t pipe, int32_t flag);
/* IBSet / IBWait: point-to-point flags between blocks, named by (block, event 0..31). Each
   sk_ib_set adds one to the flag after everything the core issued; the n-th sk_ib_wait of a
   block on a flag waits for its n-th set, then the core goes on. Within a SuperKernel task the
   flags are the task's. */
void sk_ib_set(int64_t block, int32_t event);
void sk_ib_wait(int64_t block, int32_t event);
/* GroupBarrier: a barrier named by its GM workspace (waiters * 512 bytes, 512-aligned) between
   `arrivers` arrive indices and `waiters` wait indices. sk_group_arrive counts one arrival of
   `index` after everything the core issued; the n-th sk_group_wait of a block with wait index
   `index` waits until every arrive index 0..arrivers-1 has arrived n times, then the core goes
   on. The simulator keeps the counts itself (the workspace is checked, not written); within a
   SuperKernel task the barriers are the task's. */
void sk_group_arrive(const void* workspace, uint32_t arrivers, uint32_t waiters, uint32_t index);
void sk_group_wait(const void* workspace, uint32_t arrivers, uint32_t waiters, uint32_t index);
void sk_cross_wait(int32_t flag);

#ifdef __cplusplus
} /* extern "C" */
#endif

/* Metadata embedded in the object (docs/metadata.md), for kernels loaded from a bare .o:
     SK_KERNEL_METADATA("{\"version\": 1, \"kernelName\": \"my_kernel\", ...}");
   at file scope, once per entry. Readers (sk_compile, sk_run, aclskOptimize) use it when no
   .json sits beside the .o; sk_cc makes the section non-allocated, so it is never loaded or
   linked into a super kernel. `sk_cc --meta K.json --embed-meta` embeds K.json the same way. */
#define SK_METADATA_SECTION ".sk.metadata"
#define SK_KERNEL_METADATA_NAME2(a, b) a##b
#define SK_KERNEL_METADATA_NAME(a, b) SK_KERNEL_METADATA_NAME2(a, b)
#define SK_KERNEL_METADATA(json_text)                                                         \
  __attribute__((section(SK_METADATA_SECTION), used)) static const char SK_KERNEL_METADATA_NAME( \
      sk_kernel_metadata_, __LINE__)[] = json_text

#if defined(__cplusplus) && !defined(SK_KERNEL_C_ONLY)
/* ======================= AscendC-flavoured C++ layer =====================================
   (Host code that only needs the intrinsic declarations defines SK_KERNEL_C_ONLY.) */

/* sk_cc force-includes AscendC's qualifiers (ascendc/sk_ascendc/qualifiers.h) into every source:
   the dialect's own replace them (its entries carry no AscendC entry annotation). */
#undef __global__
#undef GM_ADDR
#define __gm__
#define __aicore__
#define __global__
#define GM_ADDR uint8_t*
/* The kernel type comes from the metadata (coreType/taskRation), not from the source. */
#define KERNEL_TASK_TYPE_DEFAULT(type)
#define ASCEND_IS_AIV (::sk_core_type() == 1)
#define ASCEND_IS_AIC (::sk_core_type() == 0)
#define ASCEND_IS_NOT_AIV (::sk_core_type() != 1)
#define ASCEND_IS_NOT_AIC (::sk_core_type() != 0)

using half = _Float16;
using bfloat16_t = __bf16;

namespace AscendC {

enum class TPosition { GM, A1, A2, B1, B2, C1, C2, CO1, CO2, VECIN, VECOUT, VECCALC, LCM = VECCALC,
                       SPM, SHM = SPM, TSCM, MAX };
using QuePosition = TPosition;
enum pipe_t { PIPE_S, PIPE_V, PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_FIX, PIPE_ALL };
enum class HardEvent { MTE2_MTE1, MTE1_MTE2, MTE1_M, M_MTE1, MTE2_V, V_MTE2, MTE3_V, V_MTE3, M_V,
                       V_M, V_V, MTE3_MTE1, MTE1_MTE3, MTE1_V, MTE2_M, M_MTE2, V_MTE1, M_FIX,
                       FIX_M, MTE3_MTE2, MTE2_MTE3, S_V, V_S, S_MTE2, MTE2_S, S_MTE3, MTE3_S,
                       MTE2_FIX, FIX_MTE2, FIX_S, M_S, FIX_MTE3 };
enum class RoundMode { CAST_NONE = SK_ROUND_NONE, CAST_RINT = SK_ROUND_RINT,
                       CAST_FLOOR = SK_ROUND_FLOOR, CAST_CEIL = SK_ROUND_CEIL,
                       CAST_ROUND = SK_ROUND_ROUND, CAST_TRUNC = SK_ROUND_TRUNC };

constexpr uint32_t ONE_BLK_SIZE = 32;
constexpr uint32_t ONE_REPEAT_BYTE_SIZE = 256;

namespace detail {
template <typename T> struct DType;
template <> struct DType<float>      { static constexpr int32_t value = SK_DT_FLOAT32; };
template <> struct DType<half>       { static constexpr int32_t value = SK_DT_FLOAT16; };
template <> struct DType<bfloat16_t> { static constexpr int32_t value = SK_DT_BFLOAT16; };
template <> struct DType<int8_t>     { static constexpr int32_t value = SK_DT_INT8; };
template <> struct DType<uint8_t>    { static constexpr int32_t value = SK_DT_UINT8; };
template <> struct DType<int16_t>    { static constexpr int32_t value = SK_DT_INT16; };
template <> struct DType<int32_t>    { static constexpr int32_t value = SK_DT_INT32; };
template <> struct DType<int64_t>    { static constexpr int32_t value = SK_DT_INT64; };
template <typename T> constexpr int32_t dtype_of = DType<T>::value;
}  // namespace detail

/* ---- core identity ---- */
inline int64_t GetBlockIdx() { return sk_block_idx(); }
inline int64_t GetBlockNum() { return sk_block_num(); }
inline int64_t GetSubBlockIdx() { return sk_sub_block_idx(); }
inline int64_t GetSubBlockNum() { return sk_sub_block_num(); }
inline int64_t GetTaskRatio() { return sk_core_type() == 1 ? sk_sub_block_num() : 1; }

/* ---- tensors ---- */
template <typename T> class GlobalTensor {
 public:
  void SetGlobalBuffer(__gm__ T* buffer, uint64_t bufferSize) { addr_ = buffer; size_ = bufferSize; }
  void SetGlobalBuffer(__gm__ T* buffer) { addr_ = buffer; size_ = 0; }
  /* Scalar GM access goes through sk_data_copy, so it is bounds-checked and charged. */
  T GetValue(uint64_t offset) const { T v; sk_data_copy(&v, addr_ + offset, sizeof(T)); return v; }
  void SetValue(uint64_t offset, T value) { sk_data_copy(addr_ + offset, &value, sizeof(T)); }
  GlobalTensor operator[](uint64_t offset) const {
    GlobalTensor t; t.addr_ = addr_ + offset; t.size_ = size_ > offset ? size_ - offset : 0; return t;
  }
  uint64_t GetSize() const { return size_; }
  __gm__ T* GetPhyAddr() const { return addr_; }
  __gm__ T* GetPhyAddr(uint64_t offset) const { return addr_ + offset; }
 private:
  T* addr_ = nullptr;
  uint64_t size_ = 0;
};

template <typename T> class LocalTensor {
 public:
  LocalTensor() = default;
  LocalTensor(T* addr, uint32_t size) : addr_(addr), size_(size) {}
  T GetValue(uint32_t index) const { return addr_[index]; }
  template <typename T1> void SetValue(uint32_t index, T1 value) const { addr_[index] = (T)value; }
  LocalTensor operator[](uint32_t offset) const { return LocalTensor(addr_ + offset, size_ - offset); }
  uint32_t GetSize() const { return size_; }
  uint32_t GetLength() const { return size_ * sizeof(T); }
  void SetSize(uint32_t size) { size_ = size; }
  T* GetPhyAddr() const { return addr_; }
  T* GetPhyAddr(uint32_t offset) const { return addr_ + offset; }
  template <typename U> LocalTensor<U> ReinterpretCast() const {
    return LocalTensor<U>((U*)addr_, (uint32_t)(size_ * sizeof(T) / sizeof(U)));
  }
 private:
  T* addr_ = nullptr;
  uint32_t size_ = 0;
};

/* ---- on-chip buffers: TPipe / TQue / TBuf ----
   Our cores execute their pipes in order, so queues need no hardware flags: a queue is a ring
   of `num` buffers plus a FIFO of enqueued ones. Misuse (allocating more buffers than exist,
   dequeuing an empty queue, exhausting local memory) is a device exception. */
namespace detail {
inline uint32_t align32(uint32_t len) { return (len + 31u) & ~31u; }
}  // namespace detail

template <TPosition pos, int32_t depth = 1, int mask = 0> class TQue {
 public:
  template <typename T> LocalTensor<T> AllocTensor() {
    if (inUse_ >= num_) sk_trap(2, "TQue::AllocTensor: every buffer of the queue is in use; FreeTensor first");
    uint8_t* p = base_ + (size_t)(next_ % num_) * len_;
    ++next_; ++inUse_;
    return LocalTensor<T>((T*)p, len_ / sizeof(T));
  }
  template <typename T> void AllocTensor(LocalTensor<T>& t) { t = AllocTensor<T>(); }
  template <typename T> bool EnQue(const LocalTensor<T>& t) {
    if (count_ >= kMaxBuffers) sk_trap(2, "TQue::EnQue: queue full");
    fifo_[(head_ + count_) % kMaxBuffers] = (uint8_t*)t.GetPhyAddr();
    ++count_;
    return true;
  }
  template <typename T> LocalTensor<T> DeQue() {
    if (count_ == 0) sk_trap(2, "TQue::DeQue: queue is empty; EnQue a tensor first");
    uint8_t* p = fifo_[head_];
    head_ = (head_ + 1) % kMaxBuffers;
    --count_;
    return LocalTensor<T>((T*)p, len_ / sizeof(T));
  }
  template <typename T> void FreeTensor(LocalTensor<T>& t) {
    if (inUse_ == 0) sk_trap(2, "TQue::FreeTensor: no buffer of the queue is allocated");
    --inUse_;
  }
  void Init(uint8_t* base, uint32_t num, uint32_t len) { base_ = base; num_ = num; len_ = len; }
 private:
  static constexpr uint32_t kMaxBuffers = 8;
  uint8_t* base_ = nullptr;
  uint8_t* fifo_[kMaxBuffers] = {};
  uint32_t num_ = 0, len_ = 0, next_ = 0, inUse_ = 0, head_ = 0, count_ = 0;
};

template <TPosition pos> class TBuf {
 public:
  template <typename T> LocalTensor<T> Get() { return LocalTensor<T>((T*)base_, len_ / sizeof(T)); }
  template <typename T> LocalTensor<T> Get(uint32_t len) {
    if (len * sizeof(T) > len_) sk_trap(2, "TBuf::Get: more elements requested than the buffer holds");
    return LocalTensor<T>((T*)base_, len);
  }
  void Init(uint8_t* base, uint32_t len) { base_ = base; len_ = len; }
 private:
  uint8_t* base_ = nullptr;
  uint32_t len_ = 0;
};

class TPipe {
 public:
  TPipe() : base_((uint8_t*)sk_ub_base()), size_(sk_ub_size()) {}
  template <class Q> bool InitBuffer(Q& que, uint8_t num, uint32_t len) {
    if (num == 0 || num > 8) sk_trap(2, "TPipe::InitBuffer: a queue holds 1 to 8 buffers");
    len = detail::align32(len);
    que.Init(take((uint64_t)num * len), num, len);
    return true;
  }
  template <TPosition pos> bool InitBuffer(TBuf<pos>& buf, uint32_t len) {
    len = detail::align32(len);
    buf.Init(take(len), len);
    return true;
  }
  void Reset() { used_ = 0; }
 private:
  uint8_t* take(uint64_t bytes) {
    if (used_ + bytes > size_) sk_trap(2, "TPipe::InitBuffer: local memory exhausted");
    uint8_t* p = base_ + used_;
    used_ += bytes;
    return p;
  }
  uint8_t* base_;
  uint64_t size_;
  uint64_t used_ = 0;
};

/* ---- data movement ---- */
struct DataCopyParams {
  uint16_t blockCount = 1;   /* blocks */
  uint16_t blockLen = 0;     /* 32 B units */
  uint16_t srcStride = 0;    /* gap between blocks, 32 B units */
  uint16_t dstStride = 0;
  DataCopyParams() = default;
  DataCopyParams(uint16_t count, uint16_t len, uint16_t srcGap, uint16_t dstGap)
      : blockCount(count), blockLen(len), srcStride(srcGap), dstStride(dstGap) {}
};
struct DataCopyExtParams {
  uint16_t blockCount = 1;
  uint32_t blockLen = 0;     /* bytes */
  uint32_t srcStride = 0;    /* bytes on the GM side, 32 B blocks on the local side */
  uint32_t dstStride = 0;
  uint32_t rsv = 0;
  DataCopyExtParams() = default;
  DataCopyExtParams(uint16_t count, uint32_t len, uint32_t srcStr, uint32_t dstStr, uint32_t r)
      : blockCount(count), blockLen(len), srcStride(srcStr), dstStride(dstStr), rsv(r) {}
};
template <typename T> struct DataCopyPadExtParams {
  bool isPad = false;
  uint8_t leftPadding = 0, rightPadding = 0;
  T paddingValue = 0;
};

namespace detail {
inline void copy_aligned(void* dst, const void* src, uint64_t bytes) {
  /* AscendC silently rounds a non-32 B DataCopy down; we refuse, so the bug is visible. */
  if (bytes % ONE_BLK_SIZE) sk_trap(3, "DataCopy: count * sizeof(T) must be a multiple of 32 bytes; use DataCopyPad");
  sk_data_copy(dst, src, bytes);
}
inline void copy_blocks(uint8_t* dst, const uint8_t* src, uint32_t count, uint64_t len,
                        uint64_t srcStep, uint64_t dstStep) {
  for (uint32_t i = 0; i < count; ++i) sk_data_copy(dst + i * dstStep, src + i * srcStep, len);
}
}  // namespace detail

template <typename T> void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, uint32_t count) {
  detail::copy_aligned(dst.GetPhyAddr(), src.GetPhyAddr(), (uint64_t)count * sizeof(T));
}
template <typename T> void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, uint32_t count) {
  detail::copy_aligned(dst.GetPhyAddr(), src.GetPhyAddr(), (uint64_t)count * sizeof(T));
}
template <typename T> void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint32_t count) {
  detail::copy_aligned(dst.GetPhyAddr(), src.GetPhyAddr(), (uint64_t)count * sizeof(T));
}
template <typename T> void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& p) {
  uint64_t len = (uint64_t)p.blockLen * ONE_BLK_SIZE;
  detail::copy_blocks((uint8_t*)dst.GetPhyAddr(), (const uint8_t*)src.GetPhyAddr(), p.blockCount, len,
                      len + (uint64_t)p.srcStride * ONE_BLK_SIZE, len + (uint64_t)p.dstStride * ONE_BLK_SIZE);
}
template <typename T> void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& p) {
  uint64_t len = (uint64_t)p.blockLen * ONE_BLK_SIZE;
  detail::copy_blocks((uint8_t*)dst.GetPhyAddr(), (const uint8_t*)src.GetPhyAddr(), p.blockCount, len,
                      len + (uint64_t)p.srcStride * ONE_BLK_SIZE, len + (uint64_t)p.dstStride * ONE_BLK_SIZE);
}
/* Unaligned GM -> local: each block of blockLen bytes lands 32 B aligned in local memory. */
template <typename T> void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src,
                                       const DataCopyExtParams& p, const DataCopyPadExtParams<T>& pad) {
  uint64_t localLen = detail::align32(p.blockLen);
  uint8_t* d = (uint8_t*)dst.GetPhyAddr();
  detail::copy_blocks(d, (const uint8_t*)src.GetPhyAddr(), p.blockCount, p.blockLen,
                      p.blockLen + p.srcStride, localLen + (uint64_t)p.dstStride * ONE_BLK_SIZE);
  if (pad.isPad) {
    for (uint32_t b = 0; b < p.blockCount; ++b) {
      T* blk = (T*)(d + b * (localLen + (uint64_t)p.dstStride * ONE_BLK_SIZE));
      for (uint64_t i = p.blockLen / sizeof(T); i < localLen / sizeof(T); ++i) blk[i] = pad.paddingValue;
    }
  }
}
/* Unaligned local -> GM: writes exactly blockLen bytes per block. */
template <typename T> void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src,
                                       const DataCopyExtParams& p) {
  uint64_t localLen = detail::align32(p.blockLen);
  detail::copy_blocks((uint8_t*)dst.GetPhyAddr(), (const uint8_t*)src.GetPhyAddr(), p.blockCount, p.blockLen,
                      localLen + (uint64_t)p.srcStride * ONE_BLK_SIZE, p.blockLen + p.dstStride);
}

/* ---- vector compute (count forms) ---- */
#define SK_DEFINE_BINARY(Name, OP)                                                             \
  template <typename T> void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src0,      \
                                  const LocalTensor<T>& src1, const int32_t& count) {         \
    sk_vec_binary(OP, detail::dtype_of<T>, dst.GetPhyAddr(), src0.GetPhyAddr(),                \
                  src1.GetPhyAddr(), (uint64_t)count);                                         \
  }
SK_DEFINE_BINARY(Add, SK_VOP_ADD)
SK_DEFINE_BINARY(Sub, SK_VOP_SUB)
SK_DEFINE_BINARY(Mul, SK_VOP_MUL)
SK_DEFINE_BINARY(Div, SK_VOP_DIV)
SK_DEFINE_BINARY(Max, SK_VOP_MAX)
SK_DEFINE_BINARY(Min, SK_VOP_MIN)
#undef SK_DEFINE_BINARY

#define SK_DEFINE_SCALAR(Name, OP)                                                             \
  template <typename T, bool isSetMask = true>                                                 \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue,       \
            const int32_t& count) {                                                            \
    sk_vec_scalar(OP, detail::dtype_of<T>, dst.GetPhyAddr(), src.GetPhyAddr(), &scalarValue,   \
                  (uint64_t)count);                                                            \
  }
SK_DEFINE_SCALAR(Adds, SK_VOP_ADDS)
SK_DEFINE_SCALAR(Muls, SK_VOP_MULS)
SK_DEFINE_SCALAR(Maxs, SK_VOP_MAXS)
SK_DEFINE_SCALAR(Mins, SK_VOP_MINS)
SK_DEFINE_SCALAR(LeakyRelu, SK_VOP_LEAKYRELU)
#undef SK_DEFINE_SCALAR

#define SK_DEFINE_UNARY(Name, OP)                                                              \
  template <typename T> void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src,        \
                                  const int32_t& count) {                                      \
    sk_vec_unary(OP, detail::dtype_of<T>, dst.GetPhyAddr(), src.GetPhyAddr(), (uint64_t)count); \
  }
SK_DEFINE_UNARY(Exp, SK_VOP_EXP)
SK_DEFINE_UNARY(Ln, SK_VOP_LN)
SK_DEFINE_UNARY(Abs, SK_VOP_ABS)
SK_DEFINE_UNARY(Relu, SK_VOP_RELU)
SK_DEFINE_UNARY(Sqrt, SK_VOP_SQRT)
SK_DEFINE_UNARY(Rsqrt, SK_VOP_RSQRT)
SK_DEFINE_UNARY(Reciprocal, SK_VOP_RECIPROCAL)
#undef SK_DEFINE_UNARY

template <typename T> void Duplicate(const LocalTensor<T>& dst, const T& scalarValue, const int32_t& count) {
  sk_vec_dup(detail::dtype_of<T>, dst.GetPhyAddr(), &scalarValue, (uint64_t)count);
}
template <typename T, typename U>
void Cast(const LocalTensor<T>& dst, const LocalTensor<U>& src, const RoundMode& roundMode, uint32_t count) {
  sk_vec_cast(detail::dtype_of<T>, detail::dtype_of<U>, (int32_t)roundMode, dst.GetPhyAddr(),
              src.GetPhyAddr(), (uint64_t)count);
}
/* Full reductions to dst[0]. sharedTmpBuffer is accepted for AscendC compatibility; the
   simulated vector unit needs no scratch space. */
template <typename T, bool isSetMask = true>
void ReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer,
               const int32_t count) {
  sk_vec_reduce(SK_VOP_REDUCE_SUM, detail::dtype_of<T>, dst.GetPhyAddr(), src.GetPhyAddr(), (uint64_t)count);
}
template <typename T>
void ReduceMax(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer,
               const int32_t count, bool calIndex = false) {
  if (calIndex) sk_trap(3, "ReduceMax: calIndex is not supported by the simulated vector unit");
  sk_vec_reduce(SK_VOP_REDUCE_MAX, detail::dtype_of<T>, dst.GetPhyAddr(), src.GetPhyAddr(), (uint64_t)count);
}
template <typename T>
void ReduceMin(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer,
               const int32_t count) {
  sk_vec_reduce(SK_VOP_REDUCE_MIN, detail::dtype_of<T>, dst.GetPhyAddr(), src.GetPhyAddr(), (uint64_t)count);
}
/* One sum per row of `mask` elements (rows `srcRepStride` 32 B blocks apart); results land
   `dstRepStride` elements apart. Block stride other than 1 is not modelled. */
template <typename T, bool isSetMask = true>
void WholeReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t mask,
                    const int32_t repeatTime, const int32_t dstRepStride, const int32_t srcBlkStride,
                    const int32_t srcRepStride) {
  if (srcBlkStride != 1) sk_trap(3, "WholeReduceSum: only srcBlkStride == 1 is supported");
  for (int32_t r = 0; r < repeatTime; ++r)
    sk_vec_reduce(SK_VOP_REDUCE_SUM, detail::dtype_of<T>, dst.GetPhyAddr() + r * dstRepStride,
                  (const uint8_t*)src.GetPhyAddr() + (size_t)r * srcRepStride * ONE_BLK_SIZE, (uint64_t)mask);
}

/* ---- cube ---- */
struct MmadParams {
  uint16_t m = 0, n = 0, k = 0;
  bool cmatrixInitVal = true;   /* true: C starts at 0; false: accumulate into C */
  bool cmatrixSource = false;
  uint8_t unitFlag = 0;
  MmadParams() = default;
  MmadParams(uint16_t m_, uint16_t n_, uint16_t k_, bool init = true) : m(m_), n(n_), k(k_), cmatrixInitVal(init) {}
};
/* Row-major (ND) tiles in the AIC's local memory; see docs/dialect.md for the fractal-layout
   difference from AscendC. */
template <typename T, typename U, typename S>
void Mmad(const LocalTensor<T>& dst, const LocalTensor<U>& fm, const LocalTensor<S>& filter, const MmadParams& p) {
  sk_cube_mmad(dst.GetPhyAddr(), fm.GetPhyAddr(), filter.GetPhyAddr(), p.m, p.k, p.n, detail::dtype_of<U>,
               p.cmatrixInitVal ? 0 : 1);
}

/* ---- synchronisation ----
   Pipes of one simulated core execute in program order, so pipe barriers and flags are
   always satisfied: they compile to nothing. Cross-core sync goes through intrinsics. */
template <pipe_t pipe> inline void PipeBarrier() {}
template <HardEvent event> inline void SetFlag(int32_t eventID) {}
template <HardEvent event> inline void WaitFlag(int32_t eventID) {}
template <bool isAIVOnly = true> inline void SyncAll() { sk_sync_all(); }
inline void WaitPreTaskEnd() { sk_wait_pre_task_end(); }
template <pipe_t AIV_PIPE = PIPE_MTE3, pipe_t AIC_PIPE = PIPE_FIX> inline void SetNextTaskStart() {
  sk_set_next_task_start();
}

/* ---- debug ---- */
template <class... Args> inline void printf(const char* fmt, Args... args) { sk_printf(fmt, args...); }
#define PRINTF AscendC::printf
inline void Trap() { sk_trap(1, "AscendC::Trap()"); }

/* Static tiling bytes reach the kernel as a GM address: copy them into a local struct. */
template <typename T> inline void CopyTiling(T* dst, GM_ADDR tiling) { sk_data_copy(dst, tiling, sizeof(T)); }

}  // namespace AscendC
#endif /* AscendC layer */

#endif /* SK_KERNEL_H */
