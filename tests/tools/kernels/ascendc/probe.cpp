// What sk_cc gives an AscendC kernel: the system workspace, the macros of the op build, the
// tiling key and the core type the code was compiled for. Each block writes 8 int32 words.
#include "kernel_operator.h"

extern "C" __global__ __aicore__ void probe(GM_ADDR x, GM_ADDR out, GM_ADDR workspace, GM_ADDR tiling) {
  AscendC::GlobalTensor<int32_t> o;
  o.SetGlobalBuffer((__gm__ int32_t*)out + 8 * AscendC::GetBlockIdx(), 8);
  o.SetValue(0, AscendC::GetSysWorkSpacePtr() == workspace);
  o.SetValue(1, (int32_t)(AscendC::GetUserWorkspace(workspace) - workspace - AscendC::RESERVED_WORKSPACE));
  o.SetValue(2, g_coreType);
  o.SetValue(3, __CCE_AICORE__ * 10000 + __NPU_ARCH__);
  o.SetValue(4, (int32_t)TILING_KEY_VAR);
  o.SetValue(5, std::is_same_v<DTYPE_X, half> && ORIG_DTYPE_X == DT_FLOAT16 && FORMAT_X == FORMAT_ND);
  o.SetValue(6, TILING_KEY_IS(7) ? 1 : 0);
#if defined(__DAV_C220_VEC__) && defined(__DAV_VEC__) && !defined(__DAV_C220_CUBE__)
  o.SetValue(7, 1);
#else
  o.SetValue(7, 0);
#endif
}

// A host launcher in the same file, as op projects write it: sk_cc compiles device code only.
#ifndef ASCENDC_CPU_DEBUG
void probe_do(uint32_t blockDim, void* stream, uint8_t* x, uint8_t* out, uint8_t* workspace, uint8_t* tiling) {
  probe<<<blockDim, nullptr, stream>>>(x, out, workspace,
                                       tiling);  // the launch spans two lines: line numbers must survive
}
#endif
