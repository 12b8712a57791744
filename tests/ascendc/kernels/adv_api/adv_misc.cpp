// DropOut, PhiloxRandom and FasterGeluV2 on a [rows, cols] float tile, chosen by the tiling key:
// 1 DropOut with a byte mask (keepProb = the tiling's scalar), 2 DropOut with a bit mask (8 bytes
// a row), 3 PhiloxRandom<10> float in stride mode (rows of 48 of every 64), 4 PhiloxRandom<7>
// uint32 continuous, 5 FasterGeluV2. As public kernels do, x is computed in place in its VECIN
// buffer and queued again for the copy out (EnQue after DeQue), the temporary is the rest of UB
// (PopStackBuffer), the overflow mode is set around the work, and shapes carry a DataFormat.
#include "kernel_operator.h"

using namespace AscendC;

static_assert(Std::is_same_v<Std::remove_volatile_t<volatile int>, int>, "Std traits");
static_assert(Std::is_same_v<Std::add_const_t<int>, const int>, "Std traits");
static_assert(Std::make_index_sequence<3>::size() == 3, "Std index_sequence");

extern "C" __global__ __aicore__ void adv_misc(GM_ADDR x, GM_ADDR m, GM_ADDR y, GM_ADDR u, GM_ADDR workspace, GM_ADDR tiling) {
  REGISTER_TILING_DEFAULT(AdvTilingData);
  GET_TILING_DATA_WITH_STRUCT(AdvTilingData, t, tiling);
  const uint32_t rows = t.rows, cols = t.cols, n = rows * cols;
  AscendCUtils::SetOverflow(1);
  TPipe pipe;
  TQue<QuePosition::VECIN, 1> inQ, maskQ;
  TQue<QuePosition::VECOUT, 1> uQ;
  pipe.InitBuffer(inQ, 1, n * sizeof(float));
  pipe.InitBuffer(maskQ, 1, n);
  pipe.InitBuffer(uQ, 1, n * sizeof(uint32_t));
  GlobalTensor<float> xg, yg;
  GlobalTensor<uint8_t> mg;
  GlobalTensor<uint32_t> ug;
  xg.SetGlobalBuffer((__gm__ float*)x, n);
  yg.SetGlobalBuffer((__gm__ float*)y, n);
  mg.SetGlobalBuffer((__gm__ uint8_t*)m, n);
  ug.SetGlobalBuffer((__gm__ uint32_t*)u, n);
  LocalTensor<float> xl = inQ.AllocTensor<float>();
  LocalTensor<uint8_t> ml = maskQ.AllocTensor<uint8_t>();
  DataCopy(xl, xg, n);
  DataCopy(ml, mg, n);
  inQ.EnQue(xl);
  maskQ.EnQue(ml);
  xl = inQ.DeQue<float>();
  ml = maskQ.DeQue<uint8_t>();
  uint32_t shape[2] = {rows, cols};
  xl.SetShapeInfo(ShapeInfo(2, shape, 2, shape, DataFormat::ND));
  LocalTensor<uint8_t> stack;
  if (!PopStackBuffer<uint8_t, TPosition::LCM>(stack)) Trap();
  LocalTensor<uint32_t> ul = uQ.AllocTensor<uint32_t>();
  Duplicate(ul.ReinterpretCast<int32_t>(), 0, (int32_t)n);
  if (TILING_KEY_IS(1) || TILING_KEY_IS(2)) {
    DropOutShapeInfo info;
    info.firstAxis = rows, info.srcLastAxis = cols, info.maskLastAxis = TILING_KEY_IS(1) ? cols : cols / 8;
    DropOut(xl, xl, ml, stack, t.scalar, info);
  } else if (TILING_KEY_IS(3)) {
    Duplicate(xl, 0.0f, (int32_t)n);
    PhiloxRandom<10>(xl, {0x12345678u, 0x9abcdef0u}, {0xfffffffeu, 0u, 7u, 0u}, PhiloxRandomParams{cols, rows, 48});
  } else if (TILING_KEY_IS(4)) {
    PhiloxRandom(ul, {1u, 2u}, {3u, 4u, 5u, 6u}, (uint16_t)n);
  } else if (TILING_KEY_IS(5)) {
    FasterGeluV2(xl, xl, stack, n);
  }
  inQ.EnQue(xl);  // the buffer computed in place goes back through its VECIN queue
  uQ.EnQue(ul);
  maskQ.FreeTensor(ml);
  xl = inQ.DeQue<float>();
  ul = uQ.DeQue<uint32_t>();
  DataCopy(yg, xl, n);
  DataCopy(ug, ul, n);
  inQ.FreeTensor(xl);
  uQ.FreeTensor(ul);
  AscendCUtils::SetOverflow(0);
}
