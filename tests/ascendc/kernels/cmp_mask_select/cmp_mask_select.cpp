// Compare into the CMPMASK register and the Select forms that read it, on half data:
//   bits = (x < y) one bit per element (GetCmpMask after each repeat's register Compare)
//   lo   = x < y ? x : y      (Select VSEL_CMPMASK_SPR: the register's bits, per repeat)
//   xf   = x < y ? x : fill   (Select mode 1 without a mask: the collected bits as selMask, the
//                               scalar from SetCmpMask of a tensor holding it)
//   hi   = x < y ? y : x      (Select VSEL_TENSOR_TENSOR_MODE: SetCmpMask of the bits' UB address)
// The Select forms without a mask parameter use the mask register (SetVectorMask).
#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t HALF_PER_REPEAT = ONE_REPEAT_BYTE_SIZE / sizeof(half);  // 128
constexpr uint32_t BITS_BYTES_PER_REPEAT = HALF_PER_REPEAT / 8;           // 16: the register's width

class CmpMaskSelect {
 public:
  __aicore__ inline CmpMaskSelect() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR lo, GM_ADDR hi, GM_ADDR xf, GM_ADDR bits,
                              const CmpMaskSelectTilingData& tiling) {
    blockLength_ = tiling.blockLength;
    tileLength_ = tiling.tileLength;
    fill_ = (half)tiling.fill;
    uint64_t offset = (uint64_t)GetBlockIdx() * blockLength_;
    xGm_.SetGlobalBuffer((__gm__ half*)x + offset, blockLength_);
    yGm_.SetGlobalBuffer((__gm__ half*)y + offset, blockLength_);
    loGm_.SetGlobalBuffer((__gm__ half*)lo + offset, blockLength_);
    hiGm_.SetGlobalBuffer((__gm__ half*)hi + offset, blockLength_);
    xfGm_.SetGlobalBuffer((__gm__ half*)xf + offset, blockLength_);
    bitsGm_.SetGlobalBuffer((__gm__ uint8_t*)bits + offset / 8, blockLength_ / 8);
    pipe_.InitBuffer(inQueueX_, BUFFER_NUM, tileLength_ * sizeof(half));
    pipe_.InitBuffer(inQueueY_, BUFFER_NUM, tileLength_ * sizeof(half));
    pipe_.InitBuffer(outQueueLo_, BUFFER_NUM, tileLength_ * sizeof(half));
    pipe_.InitBuffer(outQueueHi_, BUFFER_NUM, tileLength_ * sizeof(half));
    pipe_.InitBuffer(outQueueXf_, BUFFER_NUM, tileLength_ * sizeof(half));
    pipe_.InitBuffer(outQueueBits_, BUFFER_NUM, tileLength_ / 8);
    pipe_.InitBuffer(fillBuf_, ONE_BLK_SIZE);
    pipe_.InitBuffer(addrBuf_, ONE_BLK_SIZE);
  }

  __aicore__ inline void Process() {
    uint32_t tiles = blockLength_ / tileLength_;
    for (uint32_t i = 0; i < tiles; ++i) {
      CopyIn(i);
      Compute();
      CopyOut(i);
    }
  }

 private:
  __aicore__ inline void CopyIn(uint32_t i) {
    LocalTensor<half> xLocal = inQueueX_.AllocTensor<half>();
    LocalTensor<half> yLocal = inQueueY_.AllocTensor<half>();
    DataCopy(xLocal, xGm_[i * tileLength_], tileLength_);
    DataCopy(yLocal, yGm_[i * tileLength_], tileLength_);
    inQueueX_.EnQue(xLocal);
    inQueueY_.EnQue(yLocal);
  }

  __aicore__ inline void Compute() {
    LocalTensor<half> xLocal = inQueueX_.DeQue<half>();
    LocalTensor<half> yLocal = inQueueY_.DeQue<half>();
    LocalTensor<half> loLocal = outQueueLo_.AllocTensor<half>();
    LocalTensor<half> hiLocal = outQueueHi_.AllocTensor<half>();
    LocalTensor<half> xfLocal = outQueueXf_.AllocTensor<half>();
    LocalTensor<uint8_t> bitsLocal = outQueueBits_.AllocTensor<uint8_t>();
    uint32_t repeats = tileLength_ / HALF_PER_REPEAT;
    BinaryRepeatParams repeatParams = {1, 1, 1, 8, 8, 8};

    // Per repeat: compare into CMPMASK, keep its bits, select by it.
    for (uint32_t r = 0; r < repeats; ++r) {
      uint32_t at = r * HALF_PER_REPEAT;
      Compare(xLocal[at], yLocal[at], CMPMODE::LT, (uint64_t)HALF_PER_REPEAT, repeatParams);
      PipeBarrier<PIPE_V>();
      GetCmpMask(bitsLocal[r * BITS_BYTES_PER_REPEAT]);
      SetVectorMask<half>(HALF_PER_REPEAT);
      Select<half, SELMODE::VSEL_CMPMASK_SPR>(loLocal[at], xLocal[at], yLocal[at], 1, repeatParams);
      PipeBarrier<PIPE_V>();
    }

    // Mode 1: the collected bits as selMask over every repeat, the scalar from CMPMASK.
    LocalTensor<half> fillLocal = fillBuf_.Get<half>();
    Duplicate(fillLocal, fill_, ONE_BLK_SIZE / sizeof(half));
    PipeBarrier<PIPE_V>();
    SetCmpMask(fillLocal);
    PipeBarrier<PIPE_V>();
    SetVectorMask<half>(HALF_PER_REPEAT);
    Select(xfLocal, bitsLocal, xLocal, (uint8_t)repeats, repeatParams);
    PipeBarrier<PIPE_V>();

    // Mode 2: CMPMASK holds the bits' UB address; the bits are consumed across the repeats.
    LocalTensor<int32_t> addrLocal = addrBuf_.Get<int32_t>();
    uint32_t bitsAddr = static_cast<uint32_t>(reinterpret_cast<int64_t>(reinterpret_cast<__ubuf__ int64_t*>(bitsLocal.GetPhyAddr())));
    addrLocal.SetValue(0, bitsAddr);
    event_t eventIdSToV = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::S_V));
    SetFlag<HardEvent::S_V>(eventIdSToV);
    WaitFlag<HardEvent::S_V>(eventIdSToV);
    SetCmpMask(addrLocal);
    PipeBarrier<PIPE_V>();
    SetVectorMask<half>(HALF_PER_REPEAT);
    Select<half, SELMODE::VSEL_TENSOR_TENSOR_MODE>(hiLocal, yLocal, xLocal, (uint8_t)repeats, repeatParams);
    ResetMask();

    outQueueLo_.EnQue(loLocal);
    outQueueHi_.EnQue(hiLocal);
    outQueueXf_.EnQue(xfLocal);
    outQueueBits_.EnQue(bitsLocal);
    inQueueX_.FreeTensor(xLocal);
    inQueueY_.FreeTensor(yLocal);
  }

  __aicore__ inline void CopyOut(uint32_t i) {
    LocalTensor<half> loLocal = outQueueLo_.DeQue<half>();
    LocalTensor<half> hiLocal = outQueueHi_.DeQue<half>();
    LocalTensor<half> xfLocal = outQueueXf_.DeQue<half>();
    LocalTensor<uint8_t> bitsLocal = outQueueBits_.DeQue<uint8_t>();
    DataCopy(loGm_[i * tileLength_], loLocal, tileLength_);
    DataCopy(hiGm_[i * tileLength_], hiLocal, tileLength_);
    DataCopy(xfGm_[i * tileLength_], xfLocal, tileLength_);
    DataCopy(bitsGm_[i * tileLength_ / 8], bitsLocal, tileLength_ / 8);
    outQueueLo_.FreeTensor(loLocal);
    outQueueHi_.FreeTensor(hiLocal);
    outQueueXf_.FreeTensor(xfLocal);
    outQueueBits_.FreeTensor(bitsLocal);
  }

  TPipe pipe_;
  TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX_, inQueueY_;
  TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueLo_, outQueueHi_, outQueueXf_, outQueueBits_;
  TBuf<TPosition::VECCALC> fillBuf_, addrBuf_;
  GlobalTensor<half> xGm_, yGm_, loGm_, hiGm_, xfGm_;
  GlobalTensor<uint8_t> bitsGm_;
  uint32_t blockLength_ = 0, tileLength_ = 0;
  half fill_ = 0;
};
}  // namespace

extern "C" __global__ __aicore__ void cmp_mask_select(GM_ADDR x, GM_ADDR y, GM_ADDR lo, GM_ADDR hi, GM_ADDR xf, GM_ADDR bits,
                                                      GM_ADDR workspace, GM_ADDR tiling) {
  GET_TILING_DATA(tilingData, tiling);
  CmpMaskSelect op;
  op.Init(x, y, lo, hi, xf, bits, tilingData);
  op.Process();
}
