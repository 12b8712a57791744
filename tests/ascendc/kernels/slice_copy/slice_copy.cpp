// Slice copies (DataCopy with SliceInfo) both ways, one [6, 100] float matrix per core:
//   in:  rows 1, 3, 5 (dimension 1: start 1, end 5, stride 1) and in each of them three segments
//        of 2 blocks (16 floats) from column 8, 4 columns apart (8..23, 28..43, 48..63), packed
//        into a dense [3, 48] tile (stride 0);
//   out: the tile's rows to [3, 64] rows as segments at columns 0, 24, 48 (stride 8); the
//        columns between keep what InitGlobalMemory wrote (-1).
#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr uint32_t IN_ROWS = 6, IN_COLS = 100, OUT_ROWS = 3, OUT_COLS = 64, TILE_COLS = 48;

class SliceCopy {
 public:
  __aicore__ inline SliceCopy() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y) {
    xGm_.SetGlobalBuffer((__gm__ float*)x + GetBlockIdx() * IN_ROWS * IN_COLS, IN_ROWS * IN_COLS);
    yGm_.SetGlobalBuffer((__gm__ float*)y + GetBlockIdx() * OUT_ROWS * OUT_COLS, OUT_ROWS * OUT_COLS);
    pipe_.InitBuffer(queue_, 1, OUT_ROWS * TILE_COLS * sizeof(float));
  }

  __aicore__ inline void Process() {
    InitGlobalMemory(yGm_, OUT_ROWS * OUT_COLS, -1.0f);
    PipeBarrier<PIPE_ALL>();

    SliceInfo srcSlice[] = {{8, 63, 4, 2, IN_COLS}, {1, 5, 1, 1, IN_ROWS}};
    SliceInfo tileSlice[] = {{0, TILE_COLS - 1, 0, 2, TILE_COLS}, {0, OUT_ROWS - 1, 0, 1, OUT_ROWS}};
    SliceInfo dstSlice[K_MAX_DIM];  // sized as the SDK's samples size them; 2 used
    dstSlice[0].startIndex = 0;
    dstSlice[0].endIndex = OUT_COLS - 1;
    dstSlice[0].stride = 8;
    dstSlice[0].burstLen = 2;
    dstSlice[0].shapeValue = OUT_COLS;
    dstSlice[1].startIndex = 0;
    dstSlice[1].endIndex = OUT_ROWS - 1;
    dstSlice[1].stride = 0;
    dstSlice[1].burstLen = 1;
    dstSlice[1].shapeValue = OUT_ROWS;

    LocalTensor<float> tile = queue_.AllocTensor<float>();
    DataCopy(tile, xGm_, tileSlice, srcSlice, 2);
    queue_.EnQue(tile);
    tile = queue_.DeQue<float>();
    DataCopy(yGm_, tile, dstSlice, tileSlice, 2);
    queue_.FreeTensor(tile);
  }

 private:
  TPipe pipe_;
  TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> queue_;
  GlobalTensor<float> xGm_, yGm_;
};
}  // namespace

extern "C" __global__ __aicore__ void slice_copy(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  SliceCopy op;
  op.Init(x, y);
  op.Process();
}
