// The configurations of the published Add optimisation study (Atlas A2, 8192 x 8192 half),
// written in the same static-tensor style: UB tensors at fixed addresses, hand-placed
// SetFlag/WaitFlag. Tiling key selects the loop:
//   0 scalar   GetValue/SetValue through float (Case 0)
//   1 single   one buffer set, one event id (Cases 1-3)
//   2 double   ping/pong buffer sets, event id = i & 1 (Cases 4 and 6)
//   3 double + SetL2CacheHint(CACHE_MODE_DISABLE) on the inputs (Case 5)
#include "kernel_operator.h"

namespace {
struct UbSet {
  AscendC::LocalTensor<half> x, y, z;
};

class AddCases {
 public:
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, const AddCasesTilingData& t) {
    uint32_t core = AscendC::GetBlockIdx(), cores = AscendC::GetBlockNum();
    uint32_t base = t.rows / cores, extra = t.rows % cores;
    uint32_t myRows = base + (core < extra ? 1 : 0);
    uint64_t startRow = (uint64_t)core * base + (core < extra ? core : extra);
    elems_ = (uint64_t)myRows * t.cols;
    tile_ = t.dataCopyLen;
    uint64_t start = startRow * t.cols;
    xGm_.SetGlobalBuffer((__gm__ half*)x + start, elems_);
    yGm_.SetGlobalBuffer((__gm__ half*)y + start, elems_);
    zGm_.SetGlobalBuffer((__gm__ half*)z + start, elems_);
    uint32_t bytes = tile_ * sizeof(half);
    if (t.conflictFree) {  // x and y of a set 256 B apart modulo 32 KiB; z after both sets
      set_[0] = MakeSet(0, bytes, 131072);
      set_[1] = MakeSet(65536, 65536 + bytes, 131072 + bytes);
    } else {  // six buffers on a 32 KiB stride (or the tile's size when larger)
      uint32_t stride = bytes > 32768 ? bytes : 32768;
      set_[0] = MakeSet(0, stride, 2 * stride);
      set_[1] = MakeSet(3 * stride, 4 * stride, 5 * stride);
    }
  }
  __aicore__ inline void DisableInputL2() {
    xGm_.SetL2CacheHint(AscendC::CacheMode::CACHE_MODE_DISABLE);
    yGm_.SetL2CacheHint(AscendC::CacheMode::CACHE_MODE_DISABLE);
  }
  __aicore__ inline void ProcessSingle(bool scalar) {
    uint32_t loops = Loops();
    UbSet& s = set_[0];
    for (uint32_t i = 0; i < loops; ++i) {
      uint32_t n = Len(i);
      if (i > 0) AscendC::WaitFlag<AscendC::HardEvent::V_MTE2>(0);
      AscendC::DataCopy(s.x, xGm_[(uint64_t)i * tile_], n);
      AscendC::DataCopy(s.y, yGm_[(uint64_t)i * tile_], n);
      AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(0);
      AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(0);
      if (i > 0) AscendC::WaitFlag<AscendC::HardEvent::MTE3_V>(0);
      if (scalar) {
        AddScalar(s, n);
      } else {
        AscendC::Add(s.z, s.x, s.y, n);
      }
      if (i + 1 < loops) AscendC::SetFlag<AscendC::HardEvent::V_MTE2>(0);
      AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(0);
      AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(0);
      AscendC::DataCopy(zGm_[(uint64_t)i * tile_], s.z, n);
      if (i + 1 < loops) AscendC::SetFlag<AscendC::HardEvent::MTE3_V>(0);
    }
  }
  __aicore__ inline void ProcessDouble() {
    AscendC::SetFlag<AscendC::HardEvent::V_MTE2>(0);
    AscendC::SetFlag<AscendC::HardEvent::V_MTE2>(1);
    AscendC::SetFlag<AscendC::HardEvent::MTE3_V>(0);
    AscendC::SetFlag<AscendC::HardEvent::MTE3_V>(1);
    uint32_t loops = Loops();
    for (uint32_t i = 0; i < loops; ++i) {
      int32_t e = i & 1;
      UbSet& s = set_[e];
      uint32_t n = Len(i);
      AscendC::WaitFlag<AscendC::HardEvent::V_MTE2>(e);
      AscendC::DataCopy(s.x, xGm_[(uint64_t)i * tile_], n);
      AscendC::DataCopy(s.y, yGm_[(uint64_t)i * tile_], n);
      AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(e);
      AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(e);
      AscendC::WaitFlag<AscendC::HardEvent::MTE3_V>(e);
      AscendC::Add(s.z, s.x, s.y, n);
      AscendC::SetFlag<AscendC::HardEvent::V_MTE2>(e);
      AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(e);
      AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(e);
      AscendC::DataCopy(zGm_[(uint64_t)i * tile_], s.z, n);
      AscendC::SetFlag<AscendC::HardEvent::MTE3_V>(e);
    }
    AscendC::WaitFlag<AscendC::HardEvent::V_MTE2>(0);
    AscendC::WaitFlag<AscendC::HardEvent::V_MTE2>(1);
    AscendC::WaitFlag<AscendC::HardEvent::MTE3_V>(0);
    AscendC::WaitFlag<AscendC::HardEvent::MTE3_V>(1);
  }

 private:
  __aicore__ inline UbSet MakeSet(uint32_t x, uint32_t y, uint32_t z) const {
    return {AscendC::LocalTensor<half>(AscendC::TPosition::VECCALC, x, tile_),
            AscendC::LocalTensor<half>(AscendC::TPosition::VECCALC, y, tile_),
            AscendC::LocalTensor<half>(AscendC::TPosition::VECCALC, z, tile_)};
  }
  __aicore__ inline uint32_t Loops() const { return (uint32_t)((elems_ + tile_ - 1) / tile_); }
  __aicore__ inline uint32_t Len(uint32_t i) const {
    uint64_t left = elems_ - (uint64_t)i * tile_;
    return left < tile_ ? (uint32_t)left : tile_;
  }
  static __aicore__ inline void AddScalar(UbSet& s, uint32_t n) {
    for (uint32_t j = 0; j < n; ++j) {
      float sum = (float)s.x.GetValue(j) + (float)s.y.GetValue(j);
      s.z.SetValue(j, (half)sum);
    }
  }

  AscendC::GlobalTensor<half> xGm_, yGm_, zGm_;
  UbSet set_[2];
  uint64_t elems_ = 0;
  uint32_t tile_ = 0;
};
}  // namespace

extern "C" __global__ __aicore__ void add_cases(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace,
                                                GM_ADDR tiling) {
  GET_TILING_DATA(t, tiling);
  AscendC::InitSocState();
  AddCases op;
  op.Init(x, y, z, t);
  if (TILING_KEY_IS(0)) {
    op.ProcessSingle(true);
  } else if (TILING_KEY_IS(1)) {
    op.ProcessSingle(false);
  } else if (TILING_KEY_IS(2)) {
    op.ProcessDouble();
  } else if (TILING_KEY_IS(3)) {
    op.DisableInputL2();
    op.ProcessDouble();
  }
  AscendC::PipeBarrier<PIPE_ALL>();
}
