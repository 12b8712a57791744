// The cube unit's arithmetic and layout conversions (docs/ascendc.md, "Cube"): ND <-> Nz, the
// fractal loads, Mmad on Zz x Zn -> Nz, and the Fixpipe conversions. Pure functions on memory
// the caller has checked; errors come back as text. Internal to lib/sim.
#pragma once
#include <cstdint>
#include <string>

#define SK_KERNEL_C_ONLY
#include "sk/kernel.h"

namespace sk::sim::cube {

constexpr uint64_t kFractalBytes = 512;
constexpr uint64_t kSparseIndexFractalBytes = 128;  // 16 x 32 2-bit indices of a sparse weight's fractal

// Bytes an instruction touches from its operand's start (for the bounds checks).
uint64_t nd2nzSrcBytes(const sk_nd2nz& p, uint32_t eb);
uint64_t nd2nzDstBytes(const sk_nd2nz& p, uint32_t eb);
struct MmadShape {
  uint32_t m, k, n, k0, m1, k1, n1;  // k0: elements of k per fractal row
  bool gemv;
  bool aNz;  // A in L0A as Nz (dav-3510), else Zz
  uint32_t hf32Bits = 0;       // fp32 A and B rounded to this many mantissa bits first (0: not)
  bool hf32TiesAway = false;   // ... ties away from zero, else to even
};
// abBits: 4 (int4), 8, 16 or 32; a fractal row holds 32 bytes of k.
MmadShape mmadShape(uint32_t m, uint32_t k, uint32_t n, uint32_t abBits, int32_t flags, bool aNz);
uint64_t mmadABytes(const MmadShape& s);
uint64_t mmadBBytes(const MmadShape& s);
uint64_t mmadCBytes(const MmadShape& s);
uint64_t fixpipeSrcBytes(const sk_fixpipe_params& p);
// Columns of one NZ column block of a Fixpipe output: 32 bytes' worth (C0), so 32 for int8, 16
// for half and bfloat16, and 16 for float too (the L0C fractal's width), 8 with channel split.
uint32_t nzColumns(const sk_fixpipe_params& p, uint32_t elemBytes);
uint64_t fixpipeDstBytes(const sk_fixpipe_params& p, uint32_t outBytes);

void nd2nz(uint8_t* dst, const uint8_t* src, uint32_t eb, const sk_nd2nz& p);
// Fractals: `repeat` of them, source i at src + i * srcStride fractals, dest at i * dstStep.
void load2d(uint8_t* dst, const uint8_t* src, uint32_t repeat, uint64_t srcStride, uint64_t dstStep, bool transpose);
// One square of LoadDataWithTranspose (see sk_load_2d_transpose; 1- or 2-byte elements or SK_ELEM_INT4): its
// fractals, fractal j at dst + j * fracStep.
void transposeSquare(uint8_t* dst, const uint8_t* src, uint32_t eb, uint64_t fracStep);
// Where sk_img2col's block lands: L0A Zz of Y, L0A Zz of Y's transpose, Zn of Y (L0B's K x N,
// or the Nz of Y's transpose in an Nz L0A), L0A Nz of Y.
enum class Img2colDst { L0aZz, L0aZzTransposed, ZnOfY, L0aNz };
// The img2col block of sk_img2col (fields checked by the caller): Wo output columns, kernel
// Fh x Fw; `stride`, in fractals, between Zn's rows of fractals or Nz's column blocks.
void img2col(uint8_t* dst, const uint8_t* src, uint32_t eb, const sk_img2col_params& p, uint32_t wo, uint32_t fh, uint32_t fw,
             Img2colDst kind, uint64_t stride);
// MX scales of A and B (MmadMx): the L0A_MX / L0B_MX bytes at A's and B's offsets / 16.
struct MxScales {
  const uint8_t* a = nullptr;
  const uint8_t* b = nullptr;
};
uint64_t mxScaleBytes(uint32_t rows, uint32_t k);  // of an operand with `rows` rows (A's m, B's n)
std::string mmad(void* c, const void* a, const void* b, const void* bias, const MmadShape& s, int32_t aType, int32_t bType,
                 int32_t init, const MxScales& mx = {});
// MmadWithSparse (int8): s is the sparse product's shape; B's dense values (k / 2 rows, Zn) are at
// b and their 2-bit indices at index (the core's buffer, from b's L0B offset / 4).
MmadShape sparseDenseShape(const MmadShape& s);
void mmadSparse(void* c, const void* a, const void* b, const uint8_t* index, const void* bias, const MmadShape& s,
                int32_t init);
// One output row segment: `count` converted elements of src (4-byte, `srcType`), column `col0`
// onward (per-channel scales), to `out` in dstType.
void fixpipeConvert(const sk_fixpipe_params& p, const uint8_t* src, uint32_t count, uint32_t col0, uint8_t* out);
// Whether the quant mode fits the source and destination types ("" when it does).
std::string checkFixpipeTypes(const sk_fixpipe_params& p);
void fill(uint8_t* dst, uint32_t eb, uint64_t bits, uint32_t repeat, uint32_t blockNum, uint32_t dstGap, uint32_t blockBytes);

}  // namespace sk::sim::cube
