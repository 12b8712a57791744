// Where (tensor and scalar sources, a bool condition), IsFinite into bool and LogicalAnd of two
// bool tiles: x0, x1 float; c, c2 bool; y float; f bool. Key 1: y = Where(c, x0, x1), f =
// IsFinite(x0); key 2: y = Where(c, scalar, x1), f = LogicalAnd(c, c2).
#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void adv_select(GM_ADDR x0, GM_ADDR x1, GM_ADDR c, GM_ADDR c2, GM_ADDR y, GM_ADDR f,
                                                 GM_ADDR workspace, GM_ADDR tiling) {
  REGISTER_TILING_DEFAULT(AdvTilingData);
  GET_TILING_DATA_WITH_STRUCT(AdvTilingData, t, tiling);
  const uint32_t n = t.rows * t.cols;
  TPipe pipe;
  TQue<QuePosition::VECIN, 1> qx0, qx1, qc, qc2;
  TQue<QuePosition::VECOUT, 1> qy, qf;
  pipe.InitBuffer(qx0, 1, n * sizeof(float));
  pipe.InitBuffer(qx1, 1, n * sizeof(float));
  pipe.InitBuffer(qc, 1, n);
  pipe.InitBuffer(qc2, 1, n);
  pipe.InitBuffer(qy, 1, n * sizeof(float));
  pipe.InitBuffer(qf, 1, n);
  GlobalTensor<float> gx0, gx1, gy;
  GlobalTensor<bool> gc, gc2, gf;
  gx0.SetGlobalBuffer((__gm__ float*)x0, n);
  gx1.SetGlobalBuffer((__gm__ float*)x1, n);
  gy.SetGlobalBuffer((__gm__ float*)y, n);
  gc.SetGlobalBuffer((__gm__ bool*)c, n);
  gc2.SetGlobalBuffer((__gm__ bool*)c2, n);
  gf.SetGlobalBuffer((__gm__ bool*)f, n);
  LocalTensor<float> a = qx0.AllocTensor<float>(), b = qx1.AllocTensor<float>();
  LocalTensor<bool> m = qc.AllocTensor<bool>(), m2 = qc2.AllocTensor<bool>();
  DataCopy(a, gx0, n);
  DataCopy(b, gx1, n);
  DataCopy(m, gc, n);
  DataCopy(m2, gc2, n);
  qx0.EnQue(a);
  qx1.EnQue(b);
  qc.EnQue(m);
  qc2.EnQue(m2);
  a = qx0.DeQue<float>();
  b = qx1.DeQue<float>();
  m = qc.DeQue<bool>();
  m2 = qc2.DeQue<bool>();
  LocalTensor<float> yl = qy.AllocTensor<float>();
  LocalTensor<bool> fl = qf.AllocTensor<bool>();
  if (TILING_KEY_IS(1)) {
    Where<float>(yl, a, b, m, n);
    IsFinite(fl, a, n);
  } else {
    Where<float>(yl, t.scalar, b, m, n);
    LogicalAnd(fl, m, m2, n);
  }
  qy.EnQue(yl);
  qf.EnQue(fl);
  yl = qy.DeQue<float>();
  fl = qf.DeQue<bool>();
  DataCopy(gy, yl, n);
  DataCopy(gf, fl, n);
  qy.FreeTensor(yl);
  qf.FreeTensor(fl);
  qx0.FreeTensor(a);
  qx1.FreeTensor(b);
  qc.FreeTensor(m);
  qc2.FreeTensor(m2);
}
