// What CATLASS's Ascend 950 epilogues take from CANN's headers and compiler, in a single-source
// program written as a .cpp (as CATLASS's examples are):
//   - AscendC::DT_FLOAT and the other ge codes by their bare names in namespace AscendC, in host
//     and device code (a program's .cpp gets no op-build DT_* macros), AscendC::Std::IsSame;
//   - Prelu (dst = x >= 0 ? x : x * slope) on 64 floats;
//   - mask loads that upsample (MaskDist::DIST_US: 16 bytes, each bit twice) and downsample
//     (DIST_DS: 64 bytes, every other bit), each mask stored back to UB;
//   - the earlier register names: DataCopyUnAlignPre / DataCopyUnAlign (a load from an odd
//     offset), DataCopyUnAlign with post-update (a store to an odd offset), DataCopyUnAlignPost,
//     the built-in vstas with POST_UPDATE, and DataCopy<T, POST_MODE_UPDATE, DIST_DINTLV_B16> into
//     two registers;
//   - Reg::ShiftLeft of int8 by 4: every bit moves, the sign bit too;
//   - an event id past 7 (its low 3 bits count) and a WaitFlag on a pipe the vector core lacks;
//   - a VF function, a static member of a class template called in place, passing its own
//     `static constexpr CastTrait` to Cast in a call that does not depend on the template (clang
//     19 crashes on that in C++17: sk_cc compiles the source again as C++20).
// The host checks every value and bit against its own arithmetic.
#include <cstdio>
#include <cstring>
#include <vector>

#include "acl/acl.h"
#include "kernel_operator.h"

using namespace AscendC;

static_assert(AscendC::Std::IsSame<half, half>::value && !AscendC::Std::IsSame<half, float>::value, "Std::IsSame");

constexpr uint32_t N = 64;             // floats for Prelu; halves for the cast
constexpr uint32_t MASK_IN = 64;       // bytes the mask loads read from
constexpr uint32_t OUT_PRELU = 0;      // N floats
constexpr uint32_t OUT_MASKS = 256;    // two stored masks of 32 bytes
constexpr uint32_t OUT_UNALIGN = 320;  // 64 halves stored from half 1, then one more a half past their end (vstas)
constexpr uint32_t OUT_DINTLV = 512;   // even halves then odd halves of 128 (2 x 128 halves)
constexpr uint32_t OUT_CAST = 1024;    // N floats from N halves
constexpr uint32_t OUT_VERDICT = 1280; // the device's comparison of the host's ge code
constexpr uint32_t OUT_SHIFT = 1312;   // 256 int8 shifted left by 4
constexpr uint32_t OUT_BYTES = 1568;

template <typename T> struct Epilogue {
  // The trait is the function's own static: this is what clang 19 cannot compile as C++17.
  __simd_vf__ static void CastVf(__ubuf__ T* src, __ubuf__ float* dst) {
    static constexpr Reg::CastTrait widen = {Reg::RegLayout::ZERO, Reg::SatMode::UNKNOWN, Reg::MaskMergeMode::ZEROING,
                                             RoundMode::UNKNOWN};
    Reg::RegTensor<uint16_t> bits;
    Reg::RegTensor<float> f;
    Reg::MaskReg all = Reg::CreateMask<float>();
    Reg::LoadAlign<uint16_t, Reg::LoadDist::DIST_UNPACK_B16>(bits, (__ubuf__ uint16_t*)src);
    // A call that does not depend on T (as CATLASS writes it): resolved in the template itself.
    Reg::Cast<float, half, widen>(f, (Reg::RegTensor<half>&)bits, all);
    Reg::StoreAlign(dst, f, all);
  }
  __aicore__ void operator()(__ubuf__ T* src, __ubuf__ float* dst) const { CastVf(src, dst); }
};

// Every bit moves, the sign bit too (CATLASS's MX A8W4 prologue moves a nibble's sign into bit 7 so).
__simd_vf__ inline void ShiftVf(__ubuf__ int8_t* in, __ubuf__ int8_t* out) {
  Reg::RegTensor<int8_t> v, amounts;
  Reg::MaskReg all = Reg::CreateMask<int8_t>();
  Reg::LoadAlign(v, in);
  Reg::Duplicate(amounts, (int8_t)4);
  Reg::ShiftLeft(v, v, amounts, all);
  Reg::StoreAlign(out, v, all);
}

__simd_vf__ inline void MaskVf(__ubuf__ uint8_t* bits, __ubuf__ uint8_t* out) {
  Reg::MaskReg up, down;
  Reg::LoadAlign<uint8_t, Reg::MaskDist::DIST_US>(up, bits);
  Reg::LoadAlign<uint8_t, Reg::MaskDist::DIST_DS>(down, bits);
  Reg::StoreAlign<uint8_t>(out, up);
  Reg::StoreAlign<uint8_t>(out + 32, down);
}

__simd_vf__ inline void EarlierNamesVf(__ubuf__ half* src, __ubuf__ half* unalignedOut, __ubuf__ half* even,
                                       __ubuf__ half* odd) {
  using namespace AscendC::MicroAPI;
  RegTensor<half> v, e, o;
  UnalignReg in, out;
  __ubuf__ half* from = src + 1;
  DataCopyUnAlignPre(in, from);
  DataCopyUnAlign(v, in, from);  // src[1 .. 128]
  __ubuf__ half* to = unalignedOut + 1;
  DataCopyUnAlign<half, PostLiteral::POST_MODE_UPDATE>(to, v, out, 64);  // the first 64 of them
  DataCopyUnAlignPost(to, out, 0);
  vstas(out, to, 1, POST_UPDATE);  // the address moves past one more half: to half 66
  Duplicate(e, (half)-1.0f);
  DataCopyUnAlign<half, PostLiteral::POST_MODE_UPDATE>(to, e, out, 1);
  DataCopyUnAlignPost(to, out, 0);
  MaskReg all = CreateMask<half>();
  __ubuf__ half* pairs = src;
  DataCopy<half, PostLiteral::POST_MODE_UPDATE, LoadDist::DIST_DINTLV_B16>(e, o, pairs, 256);
  DataCopy(even, e, all);
  DataCopy(odd, o, all);
  (void)pairs;
}

__global__ __vector__ void catlass_950_names(GM_ADDR x, GM_ADDR slope, GM_ADDR bits, GM_ADDR halves, GM_ADDR out,
                                              uint32_t floatCode) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 8192);
  LocalTensor<float> xl = buf.Get<float>(), sl = xl[N];
  LocalTensor<uint8_t> bl = buf.Get<uint8_t>()[1024], ol = buf.Get<uint8_t>()[2048];
  LocalTensor<half> hl = buf.Get<half>()[2048];  // bytes 4096..: 256 halves
  GlobalTensor<float> xg, sg;
  GlobalTensor<uint8_t> bg, og;
  GlobalTensor<half> hg;
  xg.SetGlobalBuffer((__gm__ float*)x, N);
  sg.SetGlobalBuffer((__gm__ float*)slope, N);
  bg.SetGlobalBuffer((__gm__ uint8_t*)bits, MASK_IN);
  hg.SetGlobalBuffer((__gm__ half*)halves, 256);
  og.SetGlobalBuffer((__gm__ uint8_t*)out, OUT_BYTES);
  DataCopy(xl, xg, N);
  DataCopy(sl, sg, N);
  DataCopy(bl, bg, MASK_IN);
  DataCopy(hl, hg, 256);
  Duplicate(ol.ReinterpretCast<half>(), (half)0, OUT_BYTES / 2);
  // An id past 7 is its low 3 bits (CATLASS's 950 block mmads pass one they never set), and a
  // flag naming a pipe this core does not have (M, on the vector core) orders nothing.
  SetFlag<HardEvent::MTE2_V>(8 + EVENT_ID0);
  WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
  WaitFlag<HardEvent::M_V>(EVENT_ID1);
  Prelu(ol.ReinterpretCast<float>()[OUT_PRELU / 4], xl, sl, (int32_t)N);
  __ubuf__ uint8_t* o = (__ubuf__ uint8_t*)ol.GetPhyAddr();
  asc_vf_call<MaskVf>((__ubuf__ uint8_t*)bl.GetPhyAddr(), o + OUT_MASKS);
  asc_vf_call<ShiftVf>((__ubuf__ int8_t*)hl.GetPhyAddr(), (__ubuf__ int8_t*)(o + OUT_SHIFT));
  asc_vf_call<EarlierNamesVf>((__ubuf__ half*)hl.GetPhyAddr(), (__ubuf__ half*)(o + OUT_UNALIGN),
                              (__ubuf__ half*)(o + OUT_DINTLV), (__ubuf__ half*)(o + OUT_DINTLV + 256));
  Epilogue<half>{}((__ubuf__ half*)hl.GetPhyAddr(), (__ubuf__ float*)(o + OUT_CAST));  // calls the VF in place, as CATLASS does
  // The ge code the host passed, compared on the device under its AscendC name.
  Duplicate(ol.ReinterpretCast<uint32_t>()[OUT_VERDICT / 4], floatCode == AscendC::DT_FLOAT ? 0x600DC0DEu : 0xBADu, 1);
  SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
  WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
  DataCopy(og, ol, OUT_BYTES);
}

static bool bit(const std::vector<uint8_t>& b, uint32_t i) { return (b[i / 8] >> (i % 8)) & 1; }

int main() {
  std::vector<float> x(N), slope(N);
  for (uint32_t i = 0; i < N; ++i) x[i] = (float)((int)i - 30) * 0.5f, slope[i] = 0.125f * (float)(i % 5 + 1);
  std::vector<uint8_t> bits(MASK_IN);
  for (uint32_t i = 0; i < MASK_IN; ++i) bits[i] = (uint8_t)(i * 37 + 11);
  std::vector<uint16_t> halves(256);
  for (uint32_t i = 0; i < 256; ++i) halves[i] = (uint16_t)(0x3C00 + i);  // 1.0 + i ulp
  std::vector<uint8_t> out(OUT_BYTES);
  void *dx, *ds, *db, *dh, *dout;
  if (aclInit(nullptr) || aclrtSetDevice(0)) return 1;
  aclrtStream stream;
  if (aclrtCreateStream(&stream) || aclrtMalloc(&dx, N * 4, ACL_MEM_MALLOC_HUGE_FIRST) ||
      aclrtMalloc(&ds, N * 4, ACL_MEM_MALLOC_HUGE_FIRST) || aclrtMalloc(&db, MASK_IN, ACL_MEM_MALLOC_HUGE_FIRST) ||
      aclrtMalloc(&dh, 512, ACL_MEM_MALLOC_HUGE_FIRST) || aclrtMalloc(&dout, OUT_BYTES, ACL_MEM_MALLOC_HUGE_FIRST) ||
      aclrtMemcpy(dx, N * 4, x.data(), N * 4, ACL_MEMCPY_HOST_TO_DEVICE) ||
      aclrtMemcpy(ds, N * 4, slope.data(), N * 4, ACL_MEMCPY_HOST_TO_DEVICE) ||
      aclrtMemcpy(db, MASK_IN, bits.data(), MASK_IN, ACL_MEMCPY_HOST_TO_DEVICE) ||
      aclrtMemcpy(dh, 512, halves.data(), 512, ACL_MEMCPY_HOST_TO_DEVICE))
    return 1;
  uint32_t floatCode = AscendC::DT_FLOAT;  // the host's view of the same name
  catlass_950_names<<<1, nullptr, stream>>>((GM_ADDR)dx, (GM_ADDR)ds, (GM_ADDR)db, (GM_ADDR)dh, (GM_ADDR)dout, floatCode);
  if (aclrtSynchronizeStream(stream) || aclrtMemcpy(out.data(), OUT_BYTES, dout, OUT_BYTES, ACL_MEMCPY_DEVICE_TO_HOST)) {
    std::printf("catlass_950_names: launch failed: %s\n", aclGetRecentErrMsg());
    return 1;
  }
  int wrong = 0;
  auto check = [&](bool ok, const char* what, uint32_t i) {
    if (!ok && wrong++ < 10) std::printf("wrong %s at %u\n", what, i);
  };
  const float* prelu = (const float*)(out.data() + OUT_PRELU);
  for (uint32_t i = 0; i < N; ++i) check(prelu[i] == (x[i] >= 0 ? x[i] : x[i] * slope[i]), "Prelu", i);
  std::vector<uint8_t> up(out.begin() + OUT_MASKS, out.begin() + OUT_MASKS + 32),
      down(out.begin() + OUT_MASKS + 32, out.begin() + OUT_MASKS + 64);
  for (uint32_t i = 0; i < 256; ++i) {
    check(bit(up, i) == bit(bits, i / 2), "DIST_US mask bit", i);
    check(bit(down, i) == bit(bits, 2 * i), "DIST_DS mask bit", i);
  }
  const uint16_t* unaligned = (const uint16_t*)(out.data() + OUT_UNALIGN);
  check(unaligned[0] == 0, "half before the unaligned store", 0);
  for (uint32_t i = 0; i < 64; ++i) check(unaligned[1 + i] == halves[1 + i], "DataCopyUnAlign", i);
  check(unaligned[65] == 0, "the half vstas passed over", 65);
  check(unaligned[66] == 0xBC00, "the half at vstas's address", 66);  // -1.0
  const uint16_t* even = (const uint16_t*)(out.data() + OUT_DINTLV);
  for (uint32_t i = 0; i < 128; ++i) {
    check(even[i] == halves[2 * i], "DIST_DINTLV_B16 even", i);
    check(even[128 + i] == halves[2 * i + 1], "DIST_DINTLV_B16 odd", i);
  }
  const uint8_t* halfBytes = (const uint8_t*)halves.data();
  for (uint32_t i = 0; i < 256; ++i) check(out[OUT_SHIFT + i] == (uint8_t)(halfBytes[i] << 4), "int8 ShiftLeft", i);
  const float* cast = (const float*)(out.data() + OUT_CAST);
  for (uint32_t i = 0; i < N; ++i) check(cast[i] == 1.0f + (float)i / 1024.0f, "Cast with a local trait", i);
  uint32_t verdict;
  std::memcpy(&verdict, out.data() + OUT_VERDICT, 4);
  check(floatCode == 0 && verdict == 0x600DC0DEu, "AscendC::DT_FLOAT", 0);
  std::printf("catlass_950_names: %d wrong\n", wrong);
  aclrtFree(dx), aclrtFree(ds), aclrtFree(db), aclrtFree(dh), aclrtFree(dout);
  aclrtDestroyStream(stream);
  aclrtResetDevice(0);
  aclFinalize();
  return wrong ? 1 : 0;
}
