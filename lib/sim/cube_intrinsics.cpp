// The cube path's instructions (Nd2Nz copies, fractal loads, Mmad, Fixpipe, fills): each checks
// that its operands lie in the memory the hardware reads them from, aligned as it requires,
// computes with the cube unit (cube_unit.cpp) and charges its pipe (MTE2, MTE1, M, FIX).
#include <algorithm>
#include <cstring>
#include <vector>

#include "cube_unit.h"
#include "intrinsic_support.h"
#include "sk/text.h"
#include "sk/types.h"
#include "vector_unit.h"

namespace sk::sim {

namespace {

using timing::memName;

// The operand lies in one of `mems` (a bit per sk_mem) and is aligned as that memory requires.
int requireLocal(CoreRun* c, const char* op, const char* role, const void* p, uint64_t bytes, uint32_t mems) {
  int mem = spaceOf(c, p, std::max<uint64_t>(bytes, 1));
  if (mem < 0 || !(mems & (1u << mem))) {
    std::string want;
    for (int m = 0; m < SK_MEM_COUNT; ++m)
      if (mems & (1u << m)) want += std::string(want.empty() ? "" : " or ") + memName(m);
    std::string where = mem >= 0 ? std::string("lies in ") + memName(mem)
                                 : "is not inside one of this core's local memories (" + std::string(localName(c)) + ")";
    fault(c, std::string(op) + ": " + role + " [" + hexAddress((uint64_t)p) + ", +" + std::to_string(bytes) + ") " + where +
                 "; it must be in " + want);
  }
  uint64_t offset = (uint64_t)((const uint8_t*)p - c->spaces[mem].base);
  if (offset % operandAlignment(mem))
    fault(c, std::string(op) + ": " + role + " at " + memName(mem) + " offset " + std::to_string(offset) + " is not " +
                 std::to_string(operandAlignment(mem)) + "-byte aligned, as " + memName(mem) + " operands must be");
  return mem;
}

constexpr uint32_t bit(int mem) { return 1u << mem; }

uint32_t elementBytes(CoreRun* c, const char* op, uint32_t eb) {
  if (eb != 1 && eb != 2 && eb != 4) fault(c, std::string(op) + ": element size " + std::to_string(eb) + " is not 1, 2 or 4 bytes");
  return eb;
}

uint32_t dtypeBytes(CoreRun* c, const char* op, int32_t dtype) {
  std::optional<DType> d = dtypeFromCode(dtype);
  if (!d) fault(c, std::string(op) + ": unknown dtype code " + std::to_string(dtype));
  if (!sk::dtypeBytes(*d)) fault(c, std::string(op) + ": " + sk::dtypeName(*d) + " is not supported here (whole-byte elements only)");
  return sk::dtypeBytes(*d);
}

// The results of Fixpipe `q` from L0C at `l0c` to `dstAt` (checked by the caller), converted as
// its quant and relu modes say; into GM under the core's atomic mode when toGm.
void writeFixpipe(CoreRun* c, const sk_fixpipe_params& q, const void* l0c, void* dstAt, bool toGm) {
  uint32_t ob = dtypeBytes(c, "Fixpipe", q.dst_dtype);
  bool nd = q.nz2nd == SK_FIXPIPE_ND, dn = q.nz2nd == SK_FIXPIPE_DN;
  bool atomic = toGm && c->atomicMode != SK_ATOMIC_NONE;
  uint8_t row[16 * 4];
  std::string error;
  if (atomic) gmAtomicLock().lock();
  // Row segments of at most 16 elements (one L0C fractal row), converted and stored.
  for (uint32_t i = 0; i < q.nd_num && error.empty(); ++i)
    for (uint32_t blk = 0; blk * 16 < q.n_size && error.empty(); ++blk)
      for (uint32_t r = 0; r < q.m_size && error.empty(); ++r) {
        uint32_t cols = std::min<uint32_t>(16, q.n_size - blk * 16);
        const uint8_t* s = (const uint8_t*)l0c + (uint64_t)i * q.src_nd_stride * 1024 + ((uint64_t)blk * q.src_stride + r) * 64;
        uint32_t c0 = cube::nzColumns(q, ob), col = blk * 16;  // NZ: column blocks of c0, rows c0 * ob bytes
        cube::fixpipeConvert(q, s, cols, blk * 16, row);
        if (dn) {  // each element of the row starts a column of the DN matrix
          uint8_t* out = (uint8_t*)dstAt + ((uint64_t)i * q.dst_nd_stride + (uint64_t)col * q.dst_stride + r) * ob;
          for (uint32_t j = 0; j < cols && error.empty(); ++j, out += (uint64_t)q.dst_stride * ob)
            if (atomic) error = vec::atomicCombine(c->atomicMode, c->atomicDtype, out, row + (uint64_t)j * ob, ob);
            else std::memcpy(out, row + (uint64_t)j * ob, ob);
          continue;
        }
        // a fractal row lands in one column block, or (channel split) in two of 8 columns
        for (uint32_t from = 0; from < cols && error.empty(); from += c0) {
          uint32_t n = std::min(cols - from, c0), at = col + from;
          uint8_t* out = (uint8_t*)dstAt + (uint64_t)i * q.dst_nd_stride * ob +
                         (nd ? ((uint64_t)r * q.dst_stride + at) * ob
                             : (uint64_t)(at / c0) * q.dst_stride * 32 + ((uint64_t)r * c0 + at % c0) * ob);
          if (atomic) error = vec::atomicCombine(c->atomicMode, c->atomicDtype, out, row + (uint64_t)from * ob, (uint64_t)n * ob);
          else std::memcpy(out, row + (uint64_t)from * ob, (size_t)n * ob);
        }
      }
  if (atomic) gmAtomicLock().unlock();
  faultIf(c, error);
}

// Whether p lies in the UB of this AIC's AIV 0, as the AIC sees it (a MIX kernel's only).
bool inAivUb(const CoreRun* c, const void* p) {
  const CoreRun::Space& view = c->vectorUb[0];
  return view.size && p >= view.base && (const uint8_t*)p < view.base + view.size;
}

// Ascend 950's L0C -> UB path: into the UB of the block's AIV `subBlock`, or (dualDstCtl) split
// between both, rows (1: M) or columns (2: N) halved, each half written at the same UB offset
// as if it were the whole matrix (ND only; the AIVs order their reads with cross-core flags).
void fixpipeToUb(CoreRun* c, const sk_fixpipe_params& p, const void* src, void* dst, int dual, int subBlock, uint32_t ob) {
  const char* op = "Fixpipe (L0C -> UB)";
  if (!inAivUb(c, dst))
    fault(c, std::string(op) + ": dst " + hexAddress((uint64_t)dst) +
                 " is not in the UB of this AIC's AIVs (a MIX kernel's; a UB tensor on the AIC addresses AIV 0's)");
  if (dual > 2) fault(c, std::string(op) + ": dualDstCtl " + std::to_string(dual) + " is none of 0, 1 (split M), 2 (split N)");
  if (dual && p.nz2nd != SK_FIXPIPE_ND)
    fault(c, std::string(op) + ": dualDstCtl is simulated for ROW_MAJOR (ND) destinations only");
  if ((dual == 1 && p.m_size % 2) || (dual == 2 && p.n_size % 32))
    fault(c, std::string(op) + ": dualDstCtl " + std::to_string(dual) + " splits " + (dual == 1 ? "mSize " : "nSize ") +
                 std::to_string(dual == 1 ? p.m_size : p.n_size) + " in halves; it must be a multiple of " + (dual == 1 ? "2" : "32"));
  uint64_t offset = (uint64_t)((uint8_t*)dst - c->vectorUb[0].base);
  sk_fixpipe_params half = p;
  if (dual == 1) half.m_size = p.m_size / 2;
  if (dual == 2) half.n_size = p.n_size / 2;
  uint64_t bytes = cube::fixpipeDstBytes(half, ob);
  for (int t = dual ? 0 : subBlock; t <= (dual ? 1 : subBlock); ++t) {
    const CoreRun::Space& ub = c->vectorUb[t];
    if (!ub.size) fault(c, std::string(op) + ": AIV " + std::to_string(t) + " is not in this launch (a MIX 1:2 kernel has two)");
    if (offset + bytes > ub.size)
      fault(c, std::string(op) + ": dst [UB offset " + std::to_string(offset) + ", +" + std::to_string(bytes) + ") of AIV " +
                   std::to_string(t) + " runs past UB's " + std::to_string(ub.size) + " bytes");
    for (auto [from, end] : c->ubUnacknowledged[t])
      if (offset < end && from < offset + bytes)
        fault(c, std::string(op) + ": race on AIV " + std::to_string(t) + "'s UB [" + std::to_string(offset) + ", +" +
                     std::to_string(bytes) + "): written again before the AIC took a cross-core flag from an AIV, which may "
                     "still be reading what the last Fixpipe put there; have the AIVs CrossCoreSetFlag once they have read "
                     "it and the AIC CrossCoreWaitFlag before writing again");
    c->ubUnacknowledged[t].push_back({offset, offset + bytes});
    sk_fixpipe_params share = half;
    const uint8_t* part = (const uint8_t*)src;
    if (t == 1 && dual == 1) part += (uint64_t)half.m_size * 64;  // the lower rows of every column block
    if (t == 1 && dual == 2) {
      part += (uint64_t)(half.n_size / 16) * p.src_stride * 64;  // the right column blocks
      if (share.deq_tensor) share.deq_tensor = (const uint64_t*)share.deq_tensor + half.n_size;
    }
    writeFixpipe(c, share, part, ub.base + offset, false);
  }
  noteAccess(c, src, cube::fixpipeSrcBytes(p), false);
  chargeMove(c, SK_PIPE_FIX, timing::Route::Local, (uint64_t)p.nd_num * p.m_size * p.n_size * ob, 0, c->launch->l0cToL1Rate,
             "fixpipe to UB");
}

}  // namespace

// The bits of a cube operand's elements: 4, 8, 16 or 32.
uint32_t cubeBits(CoreRun* c, const char* op, int32_t dtype) {
  std::optional<DType> d = dtypeFromCode(dtype);
  if (!d) fault(c, std::string(op) + ": unknown dtype code " + std::to_string(dtype));
  return sk::dtypeInfo(*d).bits;
}

// Where the MX scales of an L0A or L0B address lie: its MX buffer (L0A_MX or L0B_MX, made on
// first use) and the address's L0 offset / 16 in it.
struct MxSlot {
  std::vector<uint8_t>* buffer;
  uint64_t at;
};
MxSlot mxSlot(CoreRun* c, const char* op, const char* role, const void* l0) {
  if (c->launch->arch->l0aFormat != "Nz") fault(c, std::string(op) + ": MX scales are Ascend 950's (dav-3510)");
  int mem = spaceOf(c, l0, 1);
  if (mem != SK_MEM_L0A && mem != SK_MEM_L0B) fault(c, std::string(op) + ": " + role + " is in neither L0A nor L0B");
  std::vector<uint8_t>& buf = c->mxScales[mem == SK_MEM_L0A ? 0 : 1];
  if (buf.empty()) buf.resize(c->spaces[mem].size / 16);
  return {&buf, (uint64_t)((const uint8_t*)l0 - c->spaces[mem].base) / 16};
}

// Pipe `later`'s next work starts when what pipe `earlier` was given so far has completed.
void orderPipes(CoreRun* c, int32_t earlier, int32_t later) {
  if (!c->rec) return;
  timing::Op done{timing::OpKind::Stamp, (uint8_t)earlier};
  done.id = c->rec->nextToken++;
  record(c, done);
  timing::Op wait{timing::OpKind::StampWait, (uint8_t)later};
  wait.id = done.id;
  record(c, wait);
}

// Mmad and MmadMx: C (L0C) = init + A (L0A) x B (L0B), A and B of their own dtypes.
void mmadOn(CoreRun* c, const char* op, void* cm, const void* a, const void* b, const void* bias, uint32_t m, uint32_t k,
            uint32_t n, int32_t aType, int32_t bType, int32_t init, int32_t flags) {
  requireCoreType(c, op, CoreType::AIC);
  uint32_t bits = cubeBits(c, op, aType);
  if (m > 4095 || k > 4095 || n > 4095)
    fault(c, std::string(op) + ": m " + std::to_string(m) + ", k " + std::to_string(k) + ", n " + std::to_string(n) + ": each must be 0..4095");
  if (m == 0 || k == 0 || n == 0) return;
  if (cubeBits(c, op, bType) != bits)
    fault(c, std::string(op) + ": A's and B's elements differ in width (dtype codes " + std::to_string(aType) + " and " +
                 std::to_string(bType) + ")");
  if (bits != 4 && bits != 8 && bits != 16 && bits != 32) fault(c, std::string(op) + ": unsupported input dtype code " + std::to_string(aType));
  if (init < SK_MMAD_ZERO || init > SK_MMAD_BIAS) fault(c, std::string(op) + ": unknown init mode " + std::to_string(init));
  bool mx = flags & SK_MMAD_MX;
  if (mx && (k % 64 || (bits != 4 && bits != 8)))
    fault(c, std::string(op) + ": k " + std::to_string(k) + " with " + std::to_string(bits) +
                 "-bit inputs: MmadMx takes fp8 or fp4 A and B and k a multiple of 64");
  cube::MmadShape s = cube::mmadShape(m, k, n, bits, flags, c->launch->arch->l0aFormat == "Nz");
  bool hf32 = (flags & SK_MMAD_HF32) && aType == SK_DT_FLOAT32 && c->launch->arch->cubeHf32MantissaBits;
  if (hf32) s.hf32Bits = c->launch->arch->cubeHf32MantissaBits, s.hf32TiesAway = flags & SK_MMAD_HF32_TIES_AWAY;
  requireLocal(c, op, "fm (A)", a, cube::mmadABytes(s), bit(SK_MEM_L0A));
  requireLocal(c, op, "filter (B)", b, cube::mmadBBytes(s), bit(SK_MEM_L0B));
  requireLocal(c, op, "dst (C)", cm, cube::mmadCBytes(s), bit(SK_MEM_L0C));
  if (init == SK_MMAD_BIAS) requireLocal(c, op, "bias", bias, 4ull * n, bit(SK_MEM_BT));
  cube::MxScales scales;
  if (mx) {
    // The scales of A and B start at their L0 offsets / 16 (the MX buffers are a sixteenth of L0A/L0B).
    auto scalesOf = [&](const void* l0, uint32_t rows, const char* role) {
      MxSlot from = mxSlot(c, op, role, l0);
      if (from.at + cube::mxScaleBytes(rows, k) > from.buffer->size())
        fault(c, std::string(op) + ": " + role + "'s scales would end past the " + std::to_string(from.buffer->size()) +
                     "-byte MX buffer");
      return from.buffer->data() + from.at;
    };
    scales.a = scalesOf(a, m, "fm (A)"), scales.b = scalesOf(b, n, "filter (B)");
  }
  faultIf(c, cube::mmad(cm, a, b, bias, s, aType, bType, init, scales));
  noteAccess(c, a, cube::mmadABytes(s), false);
  noteAccess(c, b, cube::mmadBBytes(s), false);
  noteAccess(c, cm, cube::mmadCBytes(s), true);
  if (init == SK_MMAD_BIAS) noteAccess(c, bias, 4ull * n, false);
  chargeMmad(c, (uint64_t)s.m1 * s.k1 * s.n1, aType, hf32);
}

// HF32 runs an fp32 Mmad at twice its rate (DK HF32.md).
void chargeMmad(CoreRun* c, uint64_t fractals, int32_t abType, bool hf32) {
  const sk::arch::ArchSpec& A = *c->launch->arch;
  uint64_t perFractal = abType != SK_DT_FLOAT32 ? A.cubeFractalCyclesF16 : hf32 ? (A.cubeFractalCyclesF32 + 1) / 2 : A.cubeFractalCyclesF32;
  charge(c, SK_PIPE_M, A.cubeHeadCycles + fractals * perFractal, "mmad");
}

}  // namespace sk::sim

using namespace sk::sim;
using sk::CoreType;
using sk::hexAddress;

extern "C" {

void sk_copy_nd2nz(void* dst, const void* src, uint32_t eb, const sk_nd2nz* p) {
  const char* op = p && p->src_dn ? "DataCopy (Dn2NzParams)" : "DataCopy (Nd2NzParams)";
  CoreRun* c = enter("sk_copy_nd2nz");
  if (!c) return;
  // An AIV of a MIX kernel may fill its TSCM, the AIC's L1 (CANN forwards the copy to the AIC).
  if (!c->spaces[SK_MEM_L1].size) requireCoreType(c, op, CoreType::AIC);
  if (!p) fault(c, std::string(op) + ": null parameters");
  elementBytes(c, op, eb);
  uint64_t srcBytes = cube::nd2nzSrcBytes(*p, eb), dstBytes = cube::nd2nzDstBytes(*p, eb);
  if (srcBytes == 0) return;  // ndNum, nValue or dValue 0: no operation
  requireLocal(c, op, "dst", dst, dstBytes, bit(SK_MEM_L1));
  if (classify(c, src, srcBytes) != Space::Gm)
    fault(c, std::string(op) + ": src " + hexAddress((uint64_t)src) + " must be in device memory (GM)");
  std::vector<uint8_t> staging;  // a read past a buffer's end (gmReadSource)
  const uint8_t* from = gmReadSource(c, op, "src", src, srcBytes, staging);
  orderGmAccess(c);
  cube::nd2nz((uint8_t*)dst, from, eb, *p);
  noteAccess(c, dst, dstBytes, true);
  uint64_t moved = (uint64_t)p->nd_num * p->n_value * p->d_value * eb;
  timing::GmRows rows;
  rows.rowBytes = (uint64_t)(p->src_dn ? p->n_value : p->d_value) * eb, rows.pitch = (uint64_t)p->src_d_value * eb;
  rows.rows = p->src_dn ? p->d_value : p->n_value;
  rows.groups = p->nd_num, rows.groupPitch = (uint64_t)p->src_matrix_stride * eb;
  // The on-the-fly ND2NZ uses the bandwidth poorly when the inner axis is not 256-byte aligned
  // (DK Matmul性能调优案例/AIV核上的ND2NZ格式转换.md): every row but the first starts off 256.
  // That rate is fitted to the whole cost of such rows, their GM requests included.
  bool aligned = (rows.rows == 1 || rows.pitch % 256 == 0) && (rows.groups == 1 || rows.groupPitch % 256 == 0);
  chargeMove(c, SK_PIPE_MTE2, timing::Route::GmRead, moved, (uint64_t)src,
             aligned ? c->launch->l1ReadRate : c->launch->nd2nzUnalignedRate, "copy in (nd2nz)", false, rows, !aligned);
}

void sk_load_2d(void* dst, const void* src, uint32_t eb, uint32_t start, uint32_t repeat, uint32_t srcStride, uint32_t dstGap,
                int32_t transpose) {
  const char* op = "LoadData (LoadData2DParams)";
  CoreRun* c = enter("sk_load_2d");
  if (!c) return;
  requireCoreType(c, op, CoreType::AIC);
  elementBytes(c, op, eb);
  if (repeat == 0) return;
  if (transpose && eb != 2)
    fault(c, std::string(op) + ": ifTranspose transposes 16 x 16 fractals of 2-byte elements; for " + std::to_string(eb) +
                 "-byte ones use LoadDataWithTranspose");
  const uint8_t* first = (const uint8_t*)src + (uint64_t)start * cube::kFractalBytes;
  uint64_t srcBytes = ((uint64_t)(repeat - 1) * srcStride + 1) * cube::kFractalBytes;
  uint64_t dstStep = (uint64_t)(1 + dstGap) * cube::kFractalBytes;
  uint64_t dstBytes = (uint64_t)(repeat - 1) * dstStep + cube::kFractalBytes;
  const Launch& L = *c->launch;
  if (classify(c, first, srcBytes) == Space::Gm) {  // LoadData(LocalTensor, GlobalTensor, ...): GM -> L1 / L0A / L0B on MTE2
    if (transpose) fault(c, std::string(op) + ": ifTranspose transposes from L1 only; load from GM without it");
    requireLocal(c, op, "dst", dst, dstBytes, bit(SK_MEM_L1) | bit(SK_MEM_L0A) | bit(SK_MEM_L0B));
    std::vector<uint8_t> staging;  // a read past a buffer's end (gmReadSource)
    const uint8_t* from = gmReadSource(c, op, "src", first, srcBytes, staging);
    orderGmAccess(c);
    cube::load2d((uint8_t*)dst, from, repeat, srcStride, dstStep, false);
    noteAccess(c, dst, dstBytes, true);
    timing::GmRows rows;
    rows.rowBytes = cube::kFractalBytes, rows.pitch = (uint64_t)srcStride * cube::kFractalBytes, rows.rows = repeat;
    chargeMove(c, SK_PIPE_MTE2, timing::Route::GmRead, (uint64_t)repeat * cube::kFractalBytes, (uint64_t)first, L.l1ReadRate,
               "copy in (load2d)", false, rows);
    return;
  }
  requireLocal(c, op, "src", first, srcBytes, bit(SK_MEM_L1));
  int mem = requireLocal(c, op, "dst", dst, dstBytes, bit(SK_MEM_L0A) | bit(SK_MEM_L0B));
  cube::load2d((uint8_t*)dst, first, repeat, srcStride, dstStep, transpose != 0);
  noteAccess(c, first, srcBytes, false);
  noteAccess(c, dst, dstBytes, true);
  chargeMove(c, SK_PIPE_MTE1, timing::Route::Local, (uint64_t)repeat * cube::kFractalBytes, 0,
             mem == SK_MEM_L0A ? L.l0aRate : L.l0bRate, mem == SK_MEM_L0A ? "load L0A" : "load L0B");
}

void sk_load_2d_transpose(void* dst, const void* src, uint32_t eb, uint32_t start, uint32_t repeat, uint32_t srcStride,
                          uint32_t dstGap, uint32_t dstFracGap, uint32_t srcFracGap) {
  const char* op = "LoadDataWithTranspose";
  CoreRun* c = enter("sk_load_2d_transpose");
  if (!c) return;
  requireCoreType(c, op, CoreType::AIC);
  if (eb != SK_ELEM_INT4) elementBytes(c, op, eb);
  if (repeat == 0) return;
  uint32_t fractals = eb == 2 ? 1 : eb == SK_ELEM_INT4 ? 4 : 2;  // a square: 512, 1024 or 2048 (int4) bytes
  uint64_t square = fractals * cube::kFractalBytes;
  uint64_t fracStep = (uint64_t)(1 + dstFracGap) * cube::kFractalBytes, step = (uint64_t)(1 + dstGap) * cube::kFractalBytes;
  const uint8_t* first = (const uint8_t*)src + start * square;
  uint64_t srcFracStep = (uint64_t)(1 + srcFracGap) * cube::kFractalBytes;
  uint64_t srcBytes = (uint64_t)(repeat - 1) * srcStride * square + (fractals - 1) * srcFracStep + cube::kFractalBytes;
  uint64_t dstBytes = (uint64_t)(repeat - 1) * step + (fractals - 1) * fracStep + cube::kFractalBytes;
  requireLocal(c, op, "src", first, srcBytes, bit(SK_MEM_L1));
  int mem = requireLocal(c, op, "dst", dst, dstBytes, bit(SK_MEM_L0A) | bit(SK_MEM_L0B));
  noteAccess(c, first, srcBytes, false);
  noteAccess(c, dst, dstBytes, true);
  thread_local std::vector<uint8_t> gathered;  // a square whose fractals lie apart, made contiguous
  for (uint32_t i = 0; i < repeat; ++i) {
    const uint8_t* from = first + (uint64_t)i * srcStride * square;
    if (srcFracGap) {
      gathered.resize(square);
      for (uint32_t j = 0; j < fractals; ++j) std::memcpy(gathered.data() + j * cube::kFractalBytes, from + j * srcFracStep, cube::kFractalBytes);
      from = gathered.data();
    }
    cube::transposeSquare((uint8_t*)dst + i * step, from, eb, fracStep);
  }
  const Launch& L = *c->launch;
  chargeMove(c, SK_PIPE_MTE1, timing::Route::Local, (uint64_t)repeat * square, 0, mem == SK_MEM_L0A ? L.l0aRate : L.l0bRate,
             "load transposed");
}

void sk_img2col(void* dst, const void* src, uint32_t eb, const sk_img2col_params* p) {
  const std::string op = "LoadData (LoadData3DParamsV2)";
  CoreRun* c = enter("sk_img2col");
  if (!c) return;
  requireCoreType(c, op.c_str(), CoreType::AIC);
  if (!p) fault(c, op + ": null parameters");
  elementBytes(c, op.c_str(), eb);
  // A zero size, kernel or repeat count is a no-op, as the hardware's field ranges say.
  if (!p->l1_h || !p->l1_w || !p->channel_size || !p->k_ext || !p->m_ext || !p->filter_w || !p->filter_h || !p->repeat_time)
    return;
  auto num = [](uint64_t v) { return std::to_string(v); };
  if (p->repeat_time > 1)
    fault(c, op + ": SetLoadDataRepeat's repeatTime " + num(p->repeat_time) +
                 " is not simulated (where the repeats land in L0 is not documented); use 1 and one load per block");
  if (p->stride_w == 0 || p->stride_h == 0 || p->dilation_w == 0 || p->dilation_h == 0)
    fault(c, op + ": strides and dilations must be at least 1 (strideW " + num(p->stride_w) + ", strideH " + num(p->stride_h) +
                 ", dilationFilterW " + num(p->dilation_w) + ", dilationFilterH " + num(p->dilation_h) + ")");
  const uint32_t c0 = 32 / eb;
  if (p->channel_size % c0)
    fault(c, op + ": channelSize " + num(p->channel_size) + " is not a multiple of C0 = " + num(c0) +
                 " (the hardware's narrower channel forms are not simulated)");
  if (p->k_start % c0) fault(c, op + ": kStartPt " + num(p->k_start) + " must be a multiple of C0 = " + num(c0));
  uint64_t spanH = (uint64_t)(p->filter_h - 1) * p->dilation_h + 1, spanW = (uint64_t)(p->filter_w - 1) * p->dilation_w + 1;
  uint64_t inH = (uint64_t)p->l1_h + p->pad_top + p->pad_bottom, inW = (uint64_t)p->l1_w + p->pad_left + p->pad_right;
  if (inH < spanH || inW < spanW)
    fault(c, op + ": the dilated " + num(spanH) + " x " + num(spanW) + " kernel does not fit the padded " + num(inH) + " x " +
                 num(inW) + " feature map");
  uint64_t ho = (inH - spanH) / p->stride_h + 1, wo = (inW - spanW) / p->stride_w + 1;
  uint64_t rows = ho * wo, cols = (uint64_t)p->channel_size * p->filter_h * p->filter_w;
  // The rows may run on to the end of the last 16-row fractal (CATLASS rounds mExtension up so):
  // the hardware computes their positions as any row's, reading the map or the pad.
  uint64_t fractalRows = (rows + 15) / 16 * 16;
  if ((uint64_t)p->m_start + p->m_ext > fractalRows || (uint64_t)p->k_start + p->k_ext > cols)
    fault(c, op + ": the block at (mStartPt " + num(p->m_start) + ", kStartPt " + num(p->k_start) + ") of " + num(p->m_ext) +
                 " x " + num(p->k_ext) + " leaves the " + num(rows) + " x " + num(cols) + " img2col matrix (rows may run on to " +
                 num(fractalRows) + ", the end of its last 16-row fractal)");
  uint64_t srcBytes = (uint64_t)p->channel_size * p->l1_h * p->l1_w * eb;
  // SetLoadDataBoundary: reads at or past the boundary go on from L1 byte 0, so a map that
  // crosses it is read through a copy of what those reads see.
  if (p->boundary && p->boundary < 1024)
    fault(c, op + ": SetLoadDataBoundary(" + num(p->boundary) + "): values 1..1023 are undefined");
  const uint8_t* map = (const uint8_t*)src;
  const auto& l1 = c->spaces[SK_MEM_L1];
  uint64_t start = (uint64_t)(map - l1.base);  // meaningful when the map is in L1
  if (p->boundary && map >= l1.base && start < l1.size && start + srcBytes > p->boundary) {
    if (p->boundary > l1.size || start >= p->boundary)
      fault(c, op + ": the feature map starts at L1 byte " + num(start) + "; SetLoadDataBoundary(" + num(p->boundary) +
                   ") must lie within L1 (" + num(l1.size) + " bytes) and after the map's start");
    thread_local std::vector<uint8_t> wrapped;
    wrapped.resize(srcBytes);
    for (uint64_t i = 0; i < srcBytes;) {
      uint64_t at = (start + i) % p->boundary, run = std::min(srcBytes - i, p->boundary - at);
      std::memcpy(wrapped.data() + i, l1.base + at, run);
      i += run;
    }
    noteAccess(c, l1.base, std::min<uint64_t>(srcBytes + start, p->boundary), false);
    map = wrapped.data();
  } else {
    requireLocal(c, op.c_str(), "src (feature map)", src, srcBytes, bit(SK_MEM_L1));
    noteAccess(c, src, srcBytes, false);
  }
  int mem = requireLocal(c, op.c_str(), "dst", dst, (uint64_t)p->m_ext * p->k_ext * eb, bit(SK_MEM_L0A) | bit(SK_MEM_L0B));
  bool nzL0a = c->launch->arch->l0aFormat == "Nz";
  cube::Img2colDst kind = mem == SK_MEM_L0B || (nzL0a && p->transpose) ? cube::Img2colDst::ZnOfY
                          : nzL0a                                      ? cube::Img2colDst::L0aNz
                          : p->transpose                               ? cube::Img2colDst::L0aZzTransposed
                                                                       : cube::Img2colDst::L0aZz;
  if (eb == 1 && !nzL0a && kind != cube::Img2colDst::L0aZz)  // (Ascend 950 loads int8 into L0B too)
    fault(c, op + (mem == SK_MEM_L0B ? ": L0B takes no 1-byte types" : ": the transposed L0A load takes no 1-byte types"));
  // The K axis in whole fractals (C0 elements: Zz's and Nz's columns, the transposing forms'
  // source rows); the other axis may end in a partial fractal, as the public samples pad K but
  // not M or N: its rest stays as it was, read by Mmad only for C's rows or columns past the valid ones.
  bool kColumns = kind == cube::Img2colDst::L0aZz || kind == cube::Img2colDst::L0aNz;
  if (kColumns ? p->k_ext % c0 : p->m_ext % c0)
    fault(c, op + ": " + (kColumns ? "kExtension " + num(p->k_ext) : "mExtension " + num(p->m_ext)) +
                 " must be a multiple of C0 = " + num(c0) + " for this destination (" +
                 (kColumns ? "L0A" : mem == SK_MEM_L0B ? "L0B" : "L0A transposed") +
                 "): it is the matrix's K axis, whose fractals are whole");
  // Zn's rows of fractals or Nz's column blocks: dst_stride fractals apart, at least a block's worth.
  bool nz = kind == cube::Img2colDst::L0aNz;
  uint64_t innerRows = nz ? p->m_ext : p->k_ext, inner = (innerRows + 15) / 16, outer = nz ? p->k_ext / c0 : p->m_ext / c0;
  uint64_t stride = p->dst_stride ? p->dst_stride : inner;
  if (stride < inner)
    fault(c, op + ": SetLoadDataRepeatWithStride's dstStride " + num(stride) + " is less than the " + num(inner) +
                 " fractals of each block of the destination: they would overlap");
  uint64_t dstBytes = kind == cube::Img2colDst::L0aZz || kind == cube::Img2colDst::L0aZzTransposed
                          ? (uint64_t)p->m_ext * p->k_ext * eb
                          : ((outer - 1) * stride * 16 + innerRows) * c0 * eb;  // up to the last row written
  requireLocal(c, op.c_str(), "dst", dst, dstBytes, bit(mem));
  cube::img2col((uint8_t*)dst, map, eb, *p, (uint32_t)wo, p->filter_h, p->filter_w, kind, stride);
  noteAccess(c, dst, dstBytes, true);
  const Launch& L = *c->launch;
  chargeMove(c, SK_PIPE_MTE1, timing::Route::Local, (uint64_t)p->m_ext * p->k_ext * eb, 0,
             mem == SK_MEM_L0A ? L.l0aRate : L.l0bRate, "load 3d (img2col)");
}

void sk_mmad(void* cm, const void* a, const void* b, const void* bias, uint32_t m, uint32_t k, uint32_t n, int32_t abType,
             int32_t init, int32_t flags) {
  CoreRun* c = enter("sk_mmad");
  if (!c) return;
  mmadOn(c, "Mmad", cm, a, b, bias, m, k, n, abType, abType, init, flags);
}

void sk_mmad_mixed(void* cm, const void* a, const void* b, const void* bias, uint32_t m, uint32_t k, uint32_t n,
                   int32_t aType, int32_t bType, int32_t init, int32_t flags) {
  CoreRun* c = enter("sk_mmad_mixed");
  if (!c) return;
  mmadOn(c, flags & SK_MMAD_MX ? "MmadMx" : "Mmad", cm, a, b, bias, m, k, n, aType, bType, init, flags);
}

void sk_load_mx_scales(void* dst, const void* src, uint32_t xStart, uint32_t yStart, uint32_t xStep, uint32_t yStep,
                       uint32_t srcStride, uint32_t dstStride) {
  const char* op = "LoadData (LoadData2DMxParams)";
  CoreRun* c = enter("sk_load_mx_scales");
  if (!c) return;
  requireCoreType(c, op, CoreType::AIC);
  if (xStep > 255 || yStep > 255)
    fault(c, std::string(op) + ": xStep " + std::to_string(xStep) + ", yStep " + std::to_string(yStep) + ": each must be 0..255");
  if (xStep == 0 || yStep == 0) return;  // no operation
  MxSlot to = mxSlot(c, op, "dst", dst);
  const uint8_t* first = (const uint8_t*)src + ((uint64_t)xStart * srcStride + yStart) * 32;
  uint64_t srcSpan = ((uint64_t)(xStep - 1) * srcStride + yStep) * 32, dstSpan = ((uint64_t)(xStep - 1) * dstStride + yStep) * 32;
  requireLocal(c, op, "srcMx", first, srcSpan, bit(SK_MEM_L1));
  if (to.at + dstSpan > to.buffer->size())
    fault(c, std::string(op) + ": the scales would end at byte " + std::to_string(to.at + dstSpan) + " of the " +
                 std::to_string(to.buffer->size()) + "-byte MX buffer (dst's L0 offset / 16 + the rows at dstStride " +
                 std::to_string(dstStride) + ")");
  for (uint32_t x = 0; x < xStep; ++x)
    std::memcpy(to.buffer->data() + to.at + (uint64_t)x * dstStride * 32, first + (uint64_t)x * srcStride * 32, (uint64_t)yStep * 32);
  noteAccess(c, first, srcSpan, false);
  chargeMove(c, SK_PIPE_MTE1, timing::Route::Local, (uint64_t)xStep * yStep * 32, 0, c->launch->l0aRate, "load MX scales");
}

void sk_load_2d_sparse(void* dst, const void* src, const void* idx, uint32_t start, uint32_t repeat) {
  const char* op = "LoadDataWithSparse";
  CoreRun* c = enter("sk_load_2d_sparse");
  if (!c) return;
  requireCoreType(c, op, CoreType::AIC);
  if (repeat == 0) return;
  const uint8_t* first = (const uint8_t*)src + (uint64_t)start * cube::kFractalBytes;
  const uint8_t* firstIndex = (const uint8_t*)idx + (uint64_t)start * cube::kSparseIndexFractalBytes;
  uint64_t bytes = (uint64_t)repeat * cube::kFractalBytes, indexBytes = (uint64_t)repeat * cube::kSparseIndexFractalBytes;
  requireLocal(c, op, "src", first, bytes, bit(SK_MEM_L1));
  requireLocal(c, op, "idx", firstIndex, indexBytes, bit(SK_MEM_L1));
  requireLocal(c, op, "dst", dst, bytes, bit(SK_MEM_L0B));
  std::memcpy(dst, first, bytes);
  std::vector<uint8_t>& index = c->sparseIndex;
  index.resize(c->spaces[SK_MEM_L0B].size / 4);
  std::memcpy(index.data() + ((const uint8_t*)dst - c->spaces[SK_MEM_L0B].base) / 4, firstIndex, indexBytes);
  noteAccess(c, first, bytes, false);
  noteAccess(c, firstIndex, indexBytes, false);
  noteAccess(c, dst, bytes, true);
  chargeMove(c, SK_PIPE_MTE1, timing::Route::Local, bytes + indexBytes, 0, c->launch->l0bRate, "load L0B (sparse)");
}

void sk_mmad_sparse(void* cm, const void* a, const void* b, const void* bias, uint32_t m, uint32_t k, uint32_t n, int32_t init) {
  const char* op = "MmadWithSparse";
  CoreRun* c = enter("sk_mmad_sparse");
  if (!c) return;
  requireCoreType(c, op, CoreType::AIC);
  if (m > 4095 || k > 4095 || n > 4095 || k % 4)
    fault(c, "MmadWithSparse: m " + std::to_string(m) + ", k " + std::to_string(k) + ", n " + std::to_string(n) +
                 ": each must be 0..4095, k a multiple of 4 (B is sparse in groups of four along k)");
  if (m == 0 || k == 0 || n == 0) return;
  if (init < SK_MMAD_ZERO || init > SK_MMAD_BIAS) fault(c, "MmadWithSparse: unknown init mode " + std::to_string(init));
  cube::MmadShape s = cube::mmadShape(m, k, n, 8, SK_MMAD_NO_GEMV, c->launch->arch->l0aFormat == "Nz");
  cube::MmadShape dense = cube::sparseDenseShape(s);
  requireLocal(c, op, "fm (A)", a, cube::mmadABytes(s), bit(SK_MEM_L0A));
  requireLocal(c, op, "filter (B)", b, cube::mmadBBytes(dense), bit(SK_MEM_L0B));
  requireLocal(c, op, "dst (C)", cm, cube::mmadCBytes(s), bit(SK_MEM_L0C));
  if (init == SK_MMAD_BIAS) requireLocal(c, op, "bias", bias, 4ull * n, bit(SK_MEM_BT));
  if (c->sparseIndex.empty()) fault(c, "MmadWithSparse: no LoadDataWithSparse has filled the index buffer on this core");
  const uint8_t* index = c->sparseIndex.data() + ((const uint8_t*)b - c->spaces[SK_MEM_L0B].base) / 4;
  cube::mmadSparse(cm, a, b, index, bias, s, init);
  noteAccess(c, a, cube::mmadABytes(s), false);
  noteAccess(c, b, cube::mmadBBytes(dense), false);
  noteAccess(c, cm, cube::mmadCBytes(s), true);
  if (init == SK_MMAD_BIAS) noteAccess(c, bias, 4ull * n, false);
  chargeMmad(c, (uint64_t)dense.m1 * dense.k1 * dense.n1, SK_DT_INT8);  // the dense half's fractals
}

void sk_fixpipe(void* dst, const void* src, const sk_fixpipe_params* given) {
  const char* op = "Fixpipe";
  CoreRun* c = enter("sk_fixpipe");
  if (!c) return;
  requireCoreType(c, op, CoreType::AIC);
  if (!given) fault(c, "Fixpipe: null parameters");
  sk_fixpipe_params scaled = *given;
  // Bits 8..9 of nz2nd: dualDstCtl, bit 12: subBlockId (Ascend 950's L0C -> UB path).
  int dual = (scaled.nz2nd >> 8) & 3, subBlock = (scaled.nz2nd >> 12) & 1;
  scaled.nz2nd &= 0xff;
  const sk_fixpipe_params* p = &scaled;
  faultIf(c, cube::checkFixpipeTypes(*p));
  if (p->n_size == 0 || p->m_size == 0 || p->nd_num == 0) return;
  if (p->n_size > 4095 || p->m_size > 65535)
    fault(c, "Fixpipe: nSize " + std::to_string(p->n_size) + " (at most 4095) or mSize " + std::to_string(p->m_size) +
                 " (at most 65535) out of range");
  if (p->src_stride < p->m_size)
    fault(c, "Fixpipe: srcStride " + std::to_string(p->src_stride) + " is less than mSize " + std::to_string(p->m_size) +
                 ": column blocks of L0C would overlap (srcStride is the padded row count, a multiple of 16)");
  uint32_t ob = dtypeBytes(c, op, p->dst_dtype);
  if (p->nz2nd > SK_FIXPIPE_DN || (p->nz2nd == SK_FIXPIPE_NZ_SPLIT && p->dst_dtype != SK_DT_FLOAT32))
    fault(c, "Fixpipe: isChannelSplit (Nz of 16 x 8 fractals) writes float only, and only as Nz (CFG_NZ)");
  bool nd = p->nz2nd == SK_FIXPIPE_ND, dn = p->nz2nd == SK_FIXPIPE_DN;
  requireLocal(c, op, "src", src, cube::fixpipeSrcBytes(*p), bit(SK_MEM_L0C));
  if (p->deq_tensor) {
    requireLocal(c, op, "quant scale tensor", p->deq_tensor, 8ull * p->n_size, bit(SK_MEM_L1) | bit(SK_MEM_FB));
    noteAccess(c, p->deq_tensor, 8ull * p->n_size, false);
    // The scales are in the fixpipe buffer before the results leave (CANN copies an L1 tensor
    // there first): a destination over them in L1 does not change them.
    c->quantScales.assign((const uint64_t*)p->deq_tensor, (const uint64_t*)p->deq_tensor + p->n_size);
    scaled.deq_tensor = c->quantScales.data();
  }
  uint64_t dstBytes = cube::fixpipeDstBytes(*p, ob);
  Space d = classify(c, dst, dstBytes);
  // dualDstCtl and subBlockId steer the L0C -> UB path; a GM destination does not use them (the
  // cann-samples flash attention writes its scores to GM with dualDstCtl = 1).
  if (inAivUb(c, dst) || ((dual || subBlock) && d != Space::Gm)) {
    fixpipeToUb(c, *p, src, dst, dual, subBlock, ob);
    return;
  }
  bool toGm = d == Space::Gm;
  if (toGm) {
    checkGm(c, op, "dst", dst, dstBytes, true);
    orderGmAccess(c);
  } else {
    requireLocal(c, op, "dst", dst, dstBytes, bit(SK_MEM_L1));
  }
  writeFixpipe(c, *p, src, dst, toGm);
  noteAccess(c, src, cube::fixpipeSrcBytes(*p), false);
  if (!toGm) noteAccess(c, dst, dstBytes, true);
  const Launch& L = *c->launch;
  uint64_t moved = (uint64_t)p->nd_num * p->m_size * p->n_size * ob;
  if (toGm) {
    // ND: m rows of n elements; NZ: column blocks of m rows of 32 bytes, dstStride blocks apart.
    timing::GmRows rows;
    rows.groups = p->nd_num, rows.groupPitch = (uint64_t)p->dst_nd_stride * ob;
    if (nd) rows.rowBytes = (uint64_t)p->n_size * ob, rows.pitch = (uint64_t)p->dst_stride * ob, rows.rows = p->m_size;
    else if (dn) rows.rowBytes = (uint64_t)p->m_size * ob, rows.pitch = (uint64_t)p->dst_stride * ob, rows.rows = p->n_size;
    else rows.rowBytes = 32ull * p->m_size, rows.pitch = 32ull * p->dst_stride, rows.rows = (p->n_size * ob + 31) / 32;
    chargeMove(c, SK_PIPE_FIX, timing::Route::GmWrite, moved, (uint64_t)dst, L.l1WriteRate, "fixpipe out", false, rows);
  } else {
    chargeMove(c, SK_PIPE_FIX, timing::Route::Local, moved, 0, L.l0cToL1Rate, "fixpipe to L1");
  }
}

void sk_local_fill(void* dst, int32_t dtype, uint64_t bits, uint32_t repeat, uint32_t blockNum, uint32_t dstGap,
                   uint32_t blockBytes) {
  const char* op = "InitConstValue";
  CoreRun* c = enter("sk_local_fill");
  if (!c) return;
  requireCoreType(c, op, CoreType::AIC);
  uint32_t eb = dtypeBytes(c, op, dtype);
  if (repeat == 0 || blockNum == 0) return;
  if (blockBytes != 32 && blockBytes != 512) fault(c, "InitConstValue: block size " + std::to_string(blockBytes) + " is not 32 or 512 bytes");
  uint64_t bytes = ((uint64_t)(repeat - 1) * (blockNum + dstGap) + blockNum) * blockBytes;
  int mem = requireLocal(c, op, "dst", dst, bytes, bit(SK_MEM_L1) | bit(SK_MEM_L0A) | bit(SK_MEM_L0B));
  if ((mem == SK_MEM_L1) != (blockBytes == 32))
    fault(c, std::string("InitConstValue: blocks of ") + memName(mem) + " are " + (mem == SK_MEM_L1 ? "32" : "512") + " bytes");
  cube::fill((uint8_t*)dst, eb, bits, repeat, blockNum, dstGap, blockBytes);
  noteAccess(c, dst, bytes, true);
  const Launch& L = *c->launch;
  double rate = mem == SK_MEM_L0A ? L.l0aRate : mem == SK_MEM_L0B ? L.l0bRate : L.btRate;
  const bool bothPipes = mem == SK_MEM_L1 && L.arch->l1FillPipe == "MTE1+MTE2";
  int32_t pipe = mem == SK_MEM_L1 && L.arch->l1FillPipe == "MTE2" ? SK_PIPE_MTE2 : SK_PIPE_MTE1;
  if (bothPipes) orderPipes(c, SK_PIPE_MTE2, SK_PIPE_MTE1);  // after MTE2's earlier work
  chargeMove(c, pipe, timing::Route::Local, (uint64_t)repeat * blockNum * blockBytes, 0, rate, "fill");
  if (bothPipes) orderPipes(c, SK_PIPE_MTE1, SK_PIPE_MTE2);  // and before its later work
}

}  // extern "C"
