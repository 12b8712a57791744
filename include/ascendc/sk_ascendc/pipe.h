// TPipe, TQue/TQueBind, TBuf, TBufPool and LocalMemAllocator: the local-memory managers of
// AscendC. A pipe carves each position's buffers out of the core's local memories (UB, L1, L0A,
// L0B, L0C, bias table, fixpipe buffer); a queue hands buffers from the pipe that fills them to
// the pipe that reads them (EnQue/DeQue) and back (FreeTensor/AllocTensor), as the hardware's
// flags do. Misuse (more buffers than exist, DeQue of an empty queue, a tensor the queue did not
// allocate, local memory exhausted) is a device exception naming the queue and what to change.
#ifndef SK_ASCENDC_PIPE_H
#define SK_ASCENDC_PIPE_H

#include "sk_ascendc/tensor.h"

namespace AscendC {

namespace detail {
// A queue buffer's description: a tensor's over the same bytes (bufferAddr its byte offset in
// the position's memory, as on the hardware).
inline TBuffAddr bufferAddr(TBufHandle buf, uint32_t len, TPosition pos) { return LocalTensor<uint8_t>(buf, len, pos).address_; }

constexpr const char* positionName(TPosition p) {
  switch (p) {
    case TPosition::GM: return "GM";
    case TPosition::A1: return "A1";
    case TPosition::A2: return "A2";
    case TPosition::B1: return "B1";
    case TPosition::B2: return "B2";
    case TPosition::C1: return "C1";
    case TPosition::C2: return "C2";
    case TPosition::CO1: return "CO1";
    case TPosition::CO2: return "CO2";
    case TPosition::VECIN: return "VECIN";
    case TPosition::VECOUT: return "VECOUT";
    case TPosition::VECCALC: return "VECCALC";
    case TPosition::SPM: return "SPM";
    case TPosition::TSCM: return "TSCM";
    case TPosition::C2PIPE2GM: return "C2PIPE2GM";
    default: return "?";
  }
}
constexpr const char* memName(int32_t mem) {
  switch (mem) {
    case SK_MEM_UB: return "UB";
    case SK_MEM_L1: return "L1";
    case SK_MEM_L0A: return "L0A";
    case SK_MEM_L0B: return "L0B";
    case SK_MEM_L0C: return "L0C";
    case SK_MEM_BT: return "BT";
    default: return "FB";
  }
}

// The pipe that writes a queue's buffers and the pipe that reads them, from the queue's ends
// (the hardware flags TQue sets: GM->VECIN is MTE2 -> V, VECOUT->GM is V -> MTE3, ...).
constexpr int32_t producerPipe(TPosition src, TPosition dst) {
  if (src == TPosition::GM) return SK_PIPE_MTE2;
  switch (src) {
    case TPosition::VECIN: return dst == TPosition::VECOUT ? SK_PIPE_MTE2 : dst == TPosition::TSCM ? SK_PIPE_MTE3 : SK_PIPE_V;
    case TPosition::VECOUT: case TPosition::VECCALC: return dst == TPosition::TSCM ? SK_PIPE_MTE3 : SK_PIPE_V;
    case TPosition::A1: case TPosition::B1: case TPosition::C1: return SK_PIPE_MTE1;
    case TPosition::CO1: return SK_PIPE_M;
    case TPosition::CO2: return SK_PIPE_FIX;
    default: return SK_PIPE_MTE2;
  }
}
constexpr int32_t consumerPipe(TPosition src, TPosition dst) {
  switch (dst) {
    case TPosition::GM: return src == TPosition::CO2 ? SK_PIPE_FIX : SK_PIPE_MTE3;
    case TPosition::VECIN: case TPosition::VECCALC: return SK_PIPE_V;
    case TPosition::VECOUT: return src == TPosition::VECIN ? SK_PIPE_MTE3 : SK_PIPE_V;
    case TPosition::A1: case TPosition::B1: case TPosition::C1: return SK_PIPE_MTE1;
    case TPosition::A2: case TPosition::B2: case TPosition::C2: return SK_PIPE_M;
    case TPosition::CO2: return SK_PIPE_FIX;
    default: return SK_PIPE_V;
  }
}
constexpr TPosition queueHome(TPosition src, TPosition dst) {
  return src == TPosition::GM || dst == TPosition::TSCM ? dst : src;
}
// A TQue's two ends from its one position (VECIN = GM -> VECIN, A2 = A1 -> A2, CO1 = CO1 -> CO2, ...).
constexpr TPosition queueSource(TPosition p) {
  switch (p) {
    case TPosition::VECIN: case TPosition::A1: case TPosition::B1: case TPosition::C1: return TPosition::GM;
    case TPosition::A2: return TPosition::A1;
    case TPosition::B2: return TPosition::B1;
    case TPosition::C2: return TPosition::C1;
    default: return p;
  }
}
constexpr TPosition queueDestination(TPosition p) {
  switch (p) {
    case TPosition::VECOUT: case TPosition::CO2: return TPosition::GM;
    case TPosition::CO1: return TPosition::CO2;
    default: return p;
  }
}

// Where a pipe allocates in each local memory: per core (TPipe objects of one kernel share them,
// so two live pipes never hand out the same bytes).
inline uint64_t& arenaUsed(int32_t mem) { return coreState(kStateArena0 + mem); }

[[noreturn]] inline void fail(const char* what) {
  ::sk_trap(2, what);
  __builtin_unreachable();
}

// An AIV's TSCM buffer, in its AIC's L1 (a MIX kernel). As CANN's TPipe does, it is taken from
// the top of L1 once per AIV of the block (sub-block s gets the s-th copy), clear of the buffers
// the AIC's own pipes (the Matmul's A1/B1) take from the bottom.
inline uint8_t* carveTscm(uint64_t bytes, uint64_t size, const char* who) {
  uint64_t one = (bytes + alignOf(SK_MEM_L1) - 1) / alignOf(SK_MEM_L1) * alignOf(SK_MEM_L1);
  uint64_t copies = (uint64_t)::sk_sub_block_num(), used = coreState(kStateTscmUsed);
  if (used + copies * one > size) {
    ::sk_trapf(2, "%s: %llu bytes of TSCM (the AIC's L1) for each of %llu AIVs requested with %llu of %llu in use; shrink the "
               "buffers or their number", who, (unsigned long long)bytes, (unsigned long long)copies,
               (unsigned long long)used, (unsigned long long)size);
    __builtin_unreachable();
  }
  used = coreState(kStateTscmUsed) = used + copies * one;
  return localBase(SK_MEM_L1) + size - used + (uint64_t)::sk_sub_block_idx() * one;
}

// `bytes` (rounded up to the memory's granularity) of `mem`, from the per-core arena (`tscm`:
// for a TSCM position). A memory this core type lacks (UB on an AIC; L1 on an AIV, but for the
// TSCM of a MIX kernel's AIV) is bookkeeping only, as on the hardware: a MIX kernel's Init that
// both core types run may set up vector queues the AIC never touches. Their addresses lie in the
// never-mapped first pages, so an instruction that does touch one is a device exception. But on
// Ascend 950 the cores of a MIX block reach each other's memories by offset (the AIC's L0C -> UB
// Fixpipe writes its AIVs' UB, an AIV's UB -> L1 copy its AIC's L1): there a MIX kernel's AIC
// lays its UB buffers out at the same offsets of AIV 0's UB, and an AIV its L1 buffers in its
// AIC's L1, as the other core type's Init lays them out.
// Buffers may reach the end of the physical memory: CANN's TPipe checks nothing on the device,
// and the SDK's matmul_s4 lays out all 256 KiB of an Ascend 950 UB, the compiler's 8 KiB above
// GetUBSizeInBytes() (its register spills: the kernel's risk) included.
inline uint8_t* carve(int32_t mem, uint64_t bytes, const char* who, bool tscm = false) {
  bool aivL1 = mem == SK_MEM_L1 && ::sk_core_type() == 1;
  uint64_t size = aivL1 && !tscm ? 0 : ::sk_local_physical_size(mem);
  if (aivL1 && size) return carveTscm(bytes, size, who);
  uint64_t at = (arenaUsed(mem) + alignOf(mem) - 1) / alignOf(mem) * alignOf(mem);
  if (size == 0) {
    arenaUsed(mem) = at + bytes;
    if (kArch3510 && (mem == SK_MEM_UB || mem == SK_MEM_L1) && localBase(mem)) return localBase(mem) + at;  // a MIX block's
    return reinterpret_cast<uint8_t*>(static_cast<uintptr_t>(0x1000 + at));
  }
  if (at + bytes > size) {
    ::sk_trapf(2, "%s: %llu bytes of %s requested with %llu of %llu in use; shrink the buffers or their number", who,
               (unsigned long long)bytes, memName(mem), (unsigned long long)at, (unsigned long long)size);
    __builtin_unreachable();
  }
  arenaUsed(mem) = at + bytes;
  return localBase(mem) + at;
}

// The state shared by TQue and TQueBind: `num` buffers of `len` bytes in local memory `mem`,
// each free, allocated, queued or taken; a FIFO of queued buffers; per buffer the time its
// producer finished (EnQue) and its consumer released it (FreeTensor).
template <int32_t mem, TPosition pos, int32_t producer, int32_t consumer> class QueueImpl {
 public:
  static constexpr uint32_t kMaxBuffers = 32;
  static constexpr TPosition kPosition = pos;

  void InitStartBufHandle(TBufHandle start, uint8_t num, uint32_t len) {
    if (num == 0 || num > kMaxBuffers) fail("TPipe::InitBuffer: a queue holds 1 to 32 buffers");
    base_ = start;
    num_ = num;
    len_ = len;
    next_ = head_ = count_ = 0;
    for (uint32_t i = 0; i < num; ++i) state_[i] = kFree, ready_[i] = released_[i] = 0;
  }
  // A custom pool (EXTERN_IMPL_BUFPOOL) places buffer `index` at `addr`: the buffers lie
  // back to back from the first one's address, as every public pool lays them out.
  template <class Pool> __aicore__ void InitBufHandle(Pool*, uint32_t index, TBufHandle, uint64_t addr, uint32_t len) {
    if (index == 0) base_ = (uint8_t*)addr;
    if (index >= num_ || len != len_ || (uint8_t*)addr != base_ + (uint64_t)index * len_)
      fail("TQue::InitBufHandle: buffers of a queue lie back to back, each of the length InitStartBufHandle gave "
           "(other layouts are not simulated)");
  }
  template <typename T> __aicore__ LocalTensor<T> AllocTensor() {
    if (num_ == 0) fail("TQue::AllocTensor: the queue has no buffers; call TPipe::InitBuffer first");
    for (uint32_t k = 0; k < num_; ++k) {
      uint32_t i = (next_ + k) % num_;
      if (state_[i] != kFree) continue;
      next_ = (i + 1) % num_;
      state_[i] = kAllocated;
      ::sk_pipe_wait(producer, released_[i]);
      return LocalTensor<T>((PrimT<T>*)(base_ + (uint64_t)i * len_), (uint32_t)detail::countOf<T>(len_), pos);
    }
    fail("TQue::AllocTensor: every buffer of the queue is allocated or queued; FreeTensor one first "
         "(or give the queue more buffers in InitBuffer)");
  }
  template <typename T> __aicore__ void AllocTensor(LocalTensor<T>& t) { t = AllocTensor<T>(); }
  template <typename T> __aicore__ void FreeTensor(LocalTensor<T>& t) {
    uint32_t i = indexOf(t.HostPtr(), "TQue::FreeTensor");
    if (state_[i] == kFree) fail("TQue::FreeTensor: the tensor's buffer is already free (freed twice?)");
    if (state_[i] == kQueued) fail("TQue::FreeTensor: the tensor is still in the queue; DeQue it first");
    state_[i] = kFree;
    released_[i] = ::sk_pipe_done(consumer);
  }
  // EnQue of an allocated tensor hands it from the producing pipe to the consuming one. A tensor
  // just taken from this queue (DeQue) may be queued again, as CANN allows (a VECIN buffer
  // computed in place, then DeQue'd again for the copy out): who wrote it and who reads it next
  // is then not the queue's pair of pipes, so that hand-off orders every pipe of the memory
  // after the work issued on any of them.
  template <typename T> __aicore__ bool EnQue(const LocalTensor<T>& t) {
    uint32_t i = indexOf(t.HostPtr(), "TQue::EnQue");
    if (state_[i] == kFree) fail("TQue::EnQue: the tensor's buffer is free; AllocTensor it from this queue first");
    if (state_[i] == kQueued) {
      // Queued again before its DeQue (cann-samples' moe_init_routing queues one buffer after each
      // of its partial copies, then takes it once): the hardware's release build sets the hand-off
      // again and its DeQue returns the buffer once (CANN's CPU debug build asserts on the depth);
      // here the buffer keeps its one place in the FIFO, ready after the latest producer.
      ready_[i] = ::sk_pipe_done(producer);
      for (int32_t k = 0; k < kMemPipes; ++k) readyAll_[i][k] = ::sk_pipe_done(memPipes()[k]);  // if queued `again`
      return true;
    }
    bool again = state_[i] == kTaken;
    state_[i] = kQueued;
    fifo_[(head_ + count_) % kMaxBuffers] = {i, t.GetLength(),
                                              (uint32_t)((const uint8_t*)t.HostPtr() - (base_ + (uint64_t)i * len_)), again};
    ++count_;
    if (again) {
      for (int32_t k = 0; k < kMemPipes; ++k) readyAll_[i][k] = ::sk_pipe_done(memPipes()[k]);
    } else {
      ready_[i] = ::sk_pipe_done(producer);
    }
    return true;
  }
  template <TPosition srcUserPos, TPosition dstUserPos, typename T> __aicore__ bool EnQue(const LocalTensor<T>& t) {
    return EnQue(t);
  }
  template <typename T> __aicore__ LocalTensor<T> DeQue() {
    if (count_ == 0) fail("TQue::DeQue: the queue is empty; EnQue a tensor first");
    Entry e = fifo_[head_];
    head_ = (head_ + 1) % kMaxBuffers;
    --count_;
    state_[e.index] = kTaken;
    if (e.again) {
      for (int32_t k = 0; k < kMemPipes; ++k)
        for (int32_t j = 0; j < kMemPipes; ++j) ::sk_pipe_wait(memPipes()[k], readyAll_[e.index][j]);
    } else {
      ::sk_pipe_wait(consumer, ready_[e.index]);
    }
    return LocalTensor<T>((PrimT<T>*)(base_ + (uint64_t)e.index * len_ + e.offset), (uint32_t)detail::countOf<T>(e.bytes), pos);
  }
  template <typename T> __aicore__ void DeQue(LocalTensor<T>& t) { t = DeQue<T>(); }
  template <TPosition srcUserPos, TPosition dstUserPos, typename T> __aicore__ LocalTensor<T> DeQue() {
    return DeQue<T>();
  }
  __aicore__ bool VacantInQue() const { return count_ < num_; }
  __aicore__ bool HasTensorInQue() const { return count_ > 0; }
  __aicore__ int32_t GetTensorCountInQue() const { return (int32_t)count_; }
  __aicore__ bool HasIdleBuffer() const {
    for (uint32_t i = 0; i < num_; ++i)
      if (state_[i] == kFree) return true;
    return false;
  }
  __aicore__ void FreeAllEvent() {}
  // The buffer-handle forms (the tensor forms' bookkeeping on raw buffer addresses).
  __aicore__ TBufHandle AllocBuffer() { return AllocTensor<uint8_t>().HostPtr(); }
  __aicore__ void FreeBuffer(TBufHandle buf) {
    LocalTensor<uint8_t> t(buf, 1, pos);
    FreeTensor(t);
  }
  __aicore__ bool EnQue(TBufHandle buf) { return EnQue(LocalTensor<uint8_t>(buf, len_, pos)); }
  __aicore__ TBufHandle DeQue() { return DeQue<uint8_t>().HostPtr(); }
  __aicore__ TBuffAddr GetBufferAddr(TBufHandle buf) const { return detail::bufferAddr(buf, len_, pos); }

 private:
  enum State : uint8_t { kFree, kAllocated, kQueued, kTaken };
  struct Entry {
    uint32_t index, bytes, offset;
    bool again;  // queued again after a DeQue (see EnQue)
  };
  // The pipes that touch this queue's memory: UB is written and read by MTE2, V and MTE3; L1 by
  // MTE2, MTE1 and FIX; L0A/L0B by MTE1 and M; L0C by M and FIX.
  static constexpr int32_t kMemPipes = 3;
  static const int32_t* memPipes() {
    static constexpr int32_t ub[3] = {SK_PIPE_MTE2, SK_PIPE_V, SK_PIPE_MTE3};
    static constexpr int32_t l1[3] = {SK_PIPE_MTE2, SK_PIPE_MTE1, SK_PIPE_FIX};
    static constexpr int32_t l0[3] = {SK_PIPE_MTE1, SK_PIPE_M, SK_PIPE_MTE2};
    static constexpr int32_t l0c[3] = {SK_PIPE_M, SK_PIPE_FIX, SK_PIPE_V};
    return mem == SK_MEM_UB ? ub : mem == SK_MEM_L1 ? l1 : mem == SK_MEM_L0C ? l0c : l0;
  }
  uint32_t indexOf(const void* p, const char* op) const {
    auto* b = (const uint8_t*)p;
    if (num_ == 0 || b < base_ || b >= base_ + (uint64_t)num_ * len_) {
      ::sk_trapf(2, "%s: the tensor does not belong to this %s queue", op, positionName(pos));
      __builtin_unreachable();
    }
    return (uint32_t)((b - base_) / len_);
  }
  uint8_t* base_ = nullptr;
  uint32_t num_ = 0, len_ = 0, next_ = 0, head_ = 0, count_ = 0;
  State state_[kMaxBuffers] = {};
  uint64_t ready_[kMaxBuffers] = {}, released_[kMaxBuffers] = {};
  uint64_t readyAll_[kMaxBuffers][kMemPipes] = {};
  Entry fifo_[kMaxBuffers] = {};
};

template <typename Q> struct IsQueue : std::false_type {};
}  // namespace detail

// A queue's configuration, given as its `mask` template argument (`TQue<pos, depth, &conf>`): its
// Nd2Nz/Nz2Nd, buffer and consumer hints, which the simulated queues do not need.
struct TQueConfig {
  bool nd2nz = false;
  bool nz2nd = false;
  bool scmBlockGroup = false;
  uint32_t bufferLen = 0;
  uint32_t bufferNumber = 0;
  uint32_t consumerSize = 0;
  TPosition consumer[8] = {};
  bool enableStaticEvtId = false;
  bool enableLoopQueue = false;
};
__aicore__ constexpr TQueConfig GetTQueConfig(bool nd2nzIn, bool nz2ndIn, bool scmBlockGroupIn, uint32_t bufferLenIn,
                                              uint32_t bufferNumberIn, uint32_t consumerSizeIn,
                                              const TPosition consumerIn[], bool enableStaticEvtIdIn = false,
                                              bool enableLoopQueueIn = false) {
  return {nd2nzIn,       nz2ndIn,       scmBlockGroupIn, bufferLenIn,   bufferNumberIn, consumerSizeIn,
          {consumerIn[0], consumerIn[1], consumerIn[2], consumerIn[3], consumerIn[4], consumerIn[5], consumerIn[6],
           consumerIn[7]},
          enableStaticEvtIdIn, enableLoopQueueIn};
}

// The buffers are at the destination when data comes in from GM or goes into TSCM (L1), else at the source.
template <TPosition src, TPosition dst, int32_t depth, auto mask = 0>
class TQueBind : public detail::QueueImpl<detail::memOf(detail::queueHome(src, dst)), detail::queueHome(src, dst),
                                          detail::producerPipe(src, dst), detail::consumerPipe(src, dst)> {};

template <TPosition pos, int32_t depth = 1, auto mask = 0>
class TQue : public detail::QueueImpl<detail::memOf(pos), pos,
                                      detail::producerPipe(detail::queueSource(pos), detail::queueDestination(pos)),
                                      detail::consumerPipe(detail::queueSource(pos), detail::queueDestination(pos))> {};

// TSCM: a queue whose destination is TSCM (L1), from pos (GM or VECIN).
template <TPosition pos, int32_t depth, auto mask = 0> using TSCM = TQueBind<pos, TPosition::TSCM, depth, mask>;

// A buffer without queue semantics: Get() always returns the same memory.
template <TPosition pos = TPosition::LCM> class TBuf {
 public:
  static constexpr TPosition kPosition = pos;
  __aicore__ void InitStartBufHandle(TBufHandle start, uint8_t, uint32_t len) {
    base_ = start;
    len_ = len;
  }
  template <class Pool> __aicore__ void InitBufHandle(Pool*, uint32_t, TBufHandle, uint64_t addr, uint32_t len) {
    base_ = (uint8_t*)addr;
    len_ = len;
  }
  template <typename T> __aicore__ LocalTensor<T> Get() {
    if (!base_) detail::fail("TBuf::Get: the buffer has no memory; call TPipe::InitBuffer first");
    return LocalTensor<T>((PrimT<T>*)base_, (uint32_t)detail::countOf<T>(len_), pos);
  }
  template <typename T> __aicore__ LocalTensor<T> Get(uint32_t len) {
    if (detail::bytesOf<T>(len) > len_) detail::fail("TBuf::Get: more elements requested than the buffer holds");
    return LocalTensor<T>((PrimT<T>*)base_, len, pos);
  }
  template <typename T> __aicore__ LocalTensor<T> GetWithOffset(uint32_t size, uint32_t bufOffset) {
    if (detail::bytesOf<T>(size) + bufOffset > len_)
      detail::fail("TBuf::GetWithOffset: size * sizeof(T) + bufOffset exceeds the buffer");
    return LocalTensor<T>((PrimT<T>*)(base_ + bufOffset), size, pos);
  }
  template <typename T> __aicore__ LocalTensor<T> AllocTensor() { return Get<T>(); }
  __aicore__ TBuffAddr GetBufferAddr(TBufHandle buf) const { return detail::bufferAddr(buf, len_, pos); }
  template <typename T> __aicore__ void FreeTensor(LocalTensor<T>&) {}
  template <typename T> __aicore__ bool EnQue(const LocalTensor<T>&) { return true; }
  template <typename T> __aicore__ LocalTensor<T> DeQue() { return Get<T>(); }

 private:
  uint8_t* base_ = nullptr;
  uint32_t len_ = 0;
};

class TPipe;

// A sub-pool of a pipe's memory: its own InitBuffer and Reset (memory reuse across phases).
template <TPosition pos, uint32_t bufIDSize = 4> class TBufPool {
 public:
  static constexpr TPosition kPosition = pos;
  __aicore__ void InitStartBufHandle(TBufHandle start, uint8_t, uint32_t len) {
    base_ = start;
    len_ = len;
    used_ = 0;
  }
  template <class Q> __aicore__ bool InitBuffer(Q& que, uint8_t num, uint32_t len) {
    constexpr int32_t mem = detail::memOf(Q::kPosition);
    uint32_t aligned = (len + detail::alignOf(mem) - 1) / detail::alignOf(mem) * detail::alignOf(mem);
    que.InitStartBufHandle(take((uint64_t)num * aligned), num, aligned);
    return true;
  }
  template <TPosition bufPos> __aicore__ bool InitBuffer(TBuf<bufPos>& buf, uint32_t len) {
    constexpr int32_t mem = detail::memOf(bufPos);
    uint32_t aligned = (len + detail::alignOf(mem) - 1) / detail::alignOf(mem) * detail::alignOf(mem);
    buf.InitStartBufHandle(take(aligned), 1, aligned);
    return true;
  }
  template <class P> __aicore__ bool InitBufPool(P& pool, uint32_t len) {
    pool.InitStartBufHandle(take(len), 1, len);
    return true;
  }
  template <class P, class S> __aicore__ bool InitBufPool(P& pool, uint32_t len, S& share) {
    pool.InitStartBufHandle(share.base_, 1, len);
    return true;
  }
  __aicore__ void Reset() { used_ = 0; }

 private:
  template <TPosition, uint32_t> friend class TBufPool;
  friend class TPipe;
  uint8_t* take(uint64_t bytes) {
    if (used_ + bytes > len_) detail::fail("TBufPool::InitBuffer: the pool is exhausted; give it more memory in InitBufPool");
    uint8_t* p = base_ + used_;
    used_ += bytes;
    return p;
  }
  uint8_t* base_ = nullptr;
  uint64_t len_ = 0, used_ = 0;
};

// A pool of the kernel's own (CANN's customised TBufPool): the class gets the pool's position,
// its memory from TPipe::InitBufPool and the bookkeeping its own InitBuffer methods use - the
// address (GetCurAddr, an address in the position's memory) and the count of buffers
// (GetCurBufSize) handed out so far - with GetBufHandle for InitStartBufHandle/InitBufHandle.
#define EXTERN_IMPL_BUFPOOL(NAME, POSITION, BUF_ID_SIZE)                                                        \
 public:                                                                                                        \
  static constexpr ::AscendC::TPosition kPosition = POSITION;                                                   \
  __aicore__ void Init() { skBase_ = nullptr, skLen_ = 0, skCurAddr_ = 0, skCurBufSize_ = 0; }                 \
  __aicore__ void Reset() { skCurAddr_ = (uint64_t)skBase_, skCurBufSize_ = 0; }                               \
  __aicore__ void InitStartBufHandle(::AscendC::TBufHandle start, uint8_t, uint32_t len) {                     \
    skBase_ = start, skLen_ = len;                                                                              \
    Reset();                                                                                                    \
  }                                                                                                             \
  __aicore__ ::AscendC::TBufHandle GetBufHandle(uint32_t index) {                                               \
    if (index >= (BUF_ID_SIZE)) ::sk_trap(3, #NAME ": more buffers than the pool's BUF_ID_SIZE");              \
    return skBase_;                                                                                             \
  }                                                                                                             \
  __aicore__ uint32_t GetCurBufSize() const { return skCurBufSize_; }                                           \
  __aicore__ void SetCurBufSize(uint32_t n) { skCurBufSize_ = n; }                                              \
  __aicore__ uint64_t GetCurAddr() const { return skCurAddr_; }                                                 \
  __aicore__ void SetCurAddr(uint64_t addr) {                                                                   \
    if (addr < (uint64_t)skBase_ || addr > (uint64_t)skBase_ + skLen_)                                          \
      ::sk_trap(3, #NAME ": the pool is exhausted; give it more memory in InitBufPool");                        \
    skCurAddr_ = addr;                                                                                          \
  }                                                                                                             \
                                                                                                                \
 private:                                                                                                       \
  ::AscendC::TBufHandle skBase_ = nullptr;                                                                      \
  uint64_t skLen_ = 0, skCurAddr_ = 0;                                                                          \
  uint32_t skCurBufSize_ = 0

// The pipe: InitBuffer carves buffers for queues, TBufs and pools; event ids for SetFlag/WaitFlag.
class TPipe {
 public:
  __aicore__ TPipe() { Init(); }
  __aicore__ ~TPipe() { Destroy(); }
  // A copy is another handle on the core's one pipe state (its memory and what is carved from
  // it), as CANN's is: kernels store the pipe they are given (`pipe_ = pipe;`) and carve on.
  __aicore__ TPipe(const TPipe& other) : TPipe() { std::memcpy(eventsInUse_, other.eventsInUse_, sizeof eventsInUse_); }
  __aicore__ TPipe& operator=(const TPipe& other) {
    std::memcpy(eventsInUse_, other.eventsInUse_, sizeof eventsInUse_);
    return *this;
  }

  __aicore__ void Init() {
    if (live_) return;
    live_ = true;
    if (detail::coreState(detail::kStateLivePipes)++ == 0) Reset();
    detail::coreState(detail::kStatePipe) = (uint64_t)this;
  }
  // Ends the pipe; its memory returns to the core when no other pipe is alive.
  __aicore__ void Destroy() {
    if (!live_) return;
    live_ = false;
    if (--detail::coreState(detail::kStateLivePipes) == 0) Reset();
    if (detail::coreState(detail::kStatePipe) == (uint64_t)this) detail::coreState(detail::kStatePipe) = 0;
  }
  __aicore__ void DestroyWithoutPipeAll() { Destroy(); }
  // Every buffer handed out so far becomes free again (queues and TBufs must be re-initialised);
  // the buffers start above the memory-qualified arrays the running functions declared
  // (`__ubuf__ float x[N];`, sk_local_static), which live at the memory's start.
  __aicore__ void Reset() {
    for (int32_t m = 0; m < SK_MEM_COUNT; ++m) detail::arenaUsed(m) = ::sk_local_static_mark(m);
    detail::coreState(detail::kStateTscmUsed) = 0;
  }
  template <class Q> __aicore__ bool InitBuffer(Q& que, uint8_t num, uint32_t len) {
    constexpr int32_t mem = detail::memOf(Q::kPosition);
    uint32_t aligned = (len + detail::alignOf(mem) - 1) / detail::alignOf(mem) * detail::alignOf(mem);
    if (num == 0) detail::fail("TPipe::InitBuffer: num must be at least 1");
    que.InitStartBufHandle(detail::carve(mem, (uint64_t)num * aligned, "TPipe::InitBuffer", Q::kPosition == TPosition::TSCM), num,
                           aligned);
    return true;
  }
  template <TPosition bufPos> __aicore__ bool InitBuffer(TBuf<bufPos>& buf, uint32_t len) {
    constexpr int32_t mem = detail::memOf(bufPos);
    uint32_t aligned = (len + detail::alignOf(mem) - 1) / detail::alignOf(mem) * detail::alignOf(mem);
    buf.InitStartBufHandle(detail::carve(mem, aligned, "TPipe::InitBuffer", bufPos == TPosition::TSCM), 1, aligned);
    return true;
  }
  template <class P> __aicore__ bool InitBufPool(P& pool, uint32_t len) {
    constexpr int32_t mem = detail::memOf(P::kPosition);
    pool.InitStartBufHandle(detail::carve(mem, len, "TPipe::InitBufPool"), 1, len);
    return true;
  }
  template <class P, class S> __aicore__ bool InitBufPool(P& pool, uint32_t len, S& share) {
    pool.InitStartBufHandle(share.base_, 1, len);
    return true;
  }
  // Event ids 0..7 per HardEvent: Alloc reserves one until Release; Fetch returns a free one
  // without reserving it.
  template <HardEvent evt> __aicore__ TEventID AllocEventID() {
    uint8_t& used = eventsInUse_[(int)evt];
    for (int i = 0; i < 8; ++i)
      if (!(used & (1u << i))) {
        used |= (uint8_t)(1u << i);
        return (TEventID)i;
      }
    detail::fail("TPipe::AllocEventID: all 8 event ids of this HardEvent are allocated; ReleaseEventID one");
  }
  template <HardEvent evt> __aicore__ void ReleaseEventID(TEventID id) {
    if (id >= 0 && id < 8) eventsInUse_[(int)evt] &= (uint8_t)~(1u << id);
  }
  template <HardEvent evt> __aicore__ TEventID FetchEventID() { return FetchEventID(evt); }
  __aicore__ TEventID FetchEventID(HardEvent evt) {
    uint8_t used = eventsInUse_[(int)evt];
    for (int i = 0; i < 8; ++i)
      if (!(used & (1u << i))) return (TEventID)i;
    detail::fail("TPipe::FetchEventID: all 8 event ids of this HardEvent are allocated");
  }
  __aicore__ void InitSocState() const {}
  template <TPosition pos> __aicore__ uint64_t GetQueueEndAddress() const {
    return detail::arenaUsed(detail::memOf(pos));
  }

 private:
  bool live_ = false;
  uint8_t eventsInUse_[(int)HardEvent::MAX + 1] = {};
};


// The rest of a position's local memory (after what the pipes have handed out) as one tensor,
// without taking it: the stack the high-level APIs use for temporaries.
template <typename T, TPosition pos> __aicore__ inline bool PopStackBuffer(LocalTensor<T>& popLocal) {
  constexpr int32_t mem = detail::memOf(pos);
  uint64_t size = ::sk_local_size(mem);
  uint64_t at = (detail::arenaUsed(mem) + detail::alignOf(mem) - 1) / detail::alignOf(mem) * detail::alignOf(mem);
  if (size == 0 || at >= size) return false;
  popLocal = LocalTensor<T>((PrimT<T>*)(detail::localBase(mem) + at), (uint32_t)detail::countOf<T>(size - at), pos);
  return true;
}

// Static-tensor programming: a bump allocator over one local memory, tileSize in elements, no
// rounding (the hardware's alignment rules are the kernel's to keep).
template <Hardware hard = Hardware::UB> class LocalMemAllocator {
 public:
  __aicore__ LocalMemAllocator() = default;
  __aicore__ uint32_t GetCurAddr() const { return cur_; }
  template <class DataType, uint32_t tileSize> __aicore__ LocalTensor<DataType> Alloc() {
    return Alloc<DataType>(tileSize);
  }
  template <TPosition pos, class DataType, uint32_t tileSize> __aicore__ LocalTensor<DataType> Alloc() {
    return Alloc<pos, DataType>(tileSize);
  }
  template <class DataType> __aicore__ LocalTensor<DataType> Alloc(uint32_t tileSize) {
    return Alloc<kDefaultPosition, DataType>(tileSize);
  }
  template <TPosition pos, class DataType> __aicore__ LocalTensor<DataType> Alloc(uint32_t tileSize) {
    static_assert(detail::memOf(pos) == detail::memOf(hard), "LocalMemAllocator::Alloc: the position is not in this allocator's memory");
    uint64_t bytes = detail::bytesOf<DataType>(tileSize);
    uint64_t size = ::sk_local_physical_size(detail::memOf(hard));
    if (cur_ + bytes > size)
      ::sk_trapf(2, "LocalMemAllocator::Alloc: %llu bytes of %s at offset %u run past its %llu bytes",
                 (unsigned long long)bytes, detail::memName(detail::memOf(hard)), cur_, (unsigned long long)size);
    LocalTensor<DataType> t(pos, cur_, tileSize);
    cur_ += (uint32_t)bytes;
    return t;
  }

 private:
  static constexpr TPosition kDefaultPosition = hard == Hardware::L1    ? TPosition::A1
                                                : hard == Hardware::L0A ? TPosition::A2
                                                : hard == Hardware::L0B ? TPosition::B2
                                                : hard == Hardware::L0C ? TPosition::CO1
                                                : hard == Hardware::BIAS ? TPosition::C2
                                                : hard == Hardware::FIXBUF ? TPosition::C2PIPE2GM
                                                                           : TPosition::VECCALC;
  uint32_t cur_ = 0;
};

}  // namespace AscendC

// The pipe most recently constructed on this core (kernels fetch event ids through it). At
// global scope, as in CANN (kernels call it from namespaces of their own), and in AscendC.
__aicore__ inline AscendC::TPipe* GetTPipePtr() {
  return (AscendC::TPipe*)AscendC::detail::coreState(AscendC::detail::kStatePipe);
}
namespace AscendC {
using ::GetTPipePtr;
}  // namespace AscendC

#endif /* SK_ASCENDC_PIPE_H */
