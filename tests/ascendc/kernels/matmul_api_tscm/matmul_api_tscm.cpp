// The Matmul API with A and B in TSCM on the cube core: the kernel copies the whole A (M x K)
// and B (K x N) from GM into L1 as NZ itself (DataCopy with Nd2NzParams; A's column blocks
// ceil16(M) rows tall), hands the L1 tensors over with SetTensorA/SetTensorB, and the Matmul
// reads them in place (no GM -> L1 copies of its own): C = A x B + bias into GM. A's queue is
// declared with the TSCM alias, B's as the TQueBind it stands for. Tiling key 1 declares the
// TSCM inputs ND, as CANN's mat_mul_v3 declares its L1-full-load A (the format of the matrix it
// came from): L1 holds Nz all the same.
#include "kernel_operator.h"
#include "lib/matmul_intf.h"

using namespace AscendC;

static_assert(std::is_same<TSCM<TPosition::GM, 1>, TQueBind<TPosition::GM, TPosition::TSCM, 1>>::value,
              "TSCM<pos, depth> is TQueBind<pos, TPosition::TSCM, depth>");

template <CubeFormat TSCM_FORMAT>
__aicore__ inline void Run(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, const TCubeTiling& t) {
  using AType = MatmulType<TPosition::TSCM, TSCM_FORMAT, half>;
  using BType = MatmulType<TPosition::TSCM, TSCM_FORMAT, half>;
  using CType = MatmulType<TPosition::GM, CubeFormat::ND, float>;
  using BiasType = MatmulType<TPosition::GM, CubeFormat::ND, float>;
  TPipe pipe;
  Matmul<AType, BType, CType, BiasType> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
  GlobalTensor<half> aGm, bGm;
  GlobalTensor<float> biasGm, cGm;
  aGm.SetGlobalBuffer((__gm__ half*)a, (uint64_t)t.M * t.Ka);
  bGm.SetGlobalBuffer((__gm__ half*)b, (uint64_t)t.Kb * t.N);
  biasGm.SetGlobalBuffer((__gm__ float*)bias, t.N);
  cGm.SetGlobalBuffer((__gm__ float*)c, (uint64_t)t.M * t.N);
  uint32_t mRows = (t.M + 15) / 16 * 16, kRows = (t.Kb + 15) / 16 * 16;
  TSCM<TPosition::GM, 1> scmA;  // the TSCM alias: TQueBind<GM, TSCM, 1>
  TQueBind<TPosition::GM, TPosition::TSCM, 1> scmB;
  pipe.InitBuffer(scmA, 1, mRows * t.Ka * sizeof(half));
  pipe.InitBuffer(scmB, 1, kRows * t.N * sizeof(half));
  LocalTensor<half> a1 = scmA.AllocTensor<half>(), b1 = scmB.AllocTensor<half>();
  DataCopy(a1, aGm, Nd2NzParams(1, t.M, t.Ka, 0, t.Ka, mRows, 1, 0));
  DataCopy(b1, bGm, Nd2NzParams(1, t.Kb, t.N, 0, t.N, kRows, 1, 0));
  scmA.EnQue(a1);
  scmB.EnQue(b1);
  a1 = scmA.DeQue<half>();
  b1 = scmB.DeQue<half>();
  mm.SetTensorA(a1);
  mm.SetTensorB(b1);
  mm.SetBias(biasGm);
  mm.IterateAll(cGm);
  mm.End();
  scmA.FreeTensor(a1);
  scmB.FreeTensor(b1);
}

extern "C" __global__ __aicore__ void matmul_api_tscm(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, GM_ADDR workspace,
                                                      GM_ADDR tiling) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);
  GET_TILING_DATA(tilingData, tiling);
  if (TILING_KEY_IS(1)) Run<CubeFormat::ND>(a, b, bias, c, tilingData.cubeTilingData);
  else Run<CubeFormat::NZ>(a, b, bias, c, tilingData.cubeTilingData);
}
