// Synchronisation: flags between the pipes of a core (SetFlag/WaitFlag on a HardEvent, the
// TQueSync spelling), pipe barriers, barriers over the blocks of a kernel (SyncAll) and the
// early-start hand-off of super kernels (WaitPreTaskEnd/SetNextTaskStart).
#ifndef SK_ASCENDC_SYNC_H
#define SK_ASCENDC_SYNC_H

#include "sk_ascendc/tensor.h"

namespace AscendC {

namespace detail {
// The pipes of a HardEvent X_Y: X sets, Y waits.
constexpr int32_t eventPipes(HardEvent e, bool dst) {
  switch (e) {
    case HardEvent::MTE2_MTE1: return dst ? SK_PIPE_MTE1 : SK_PIPE_MTE2;
    case HardEvent::MTE1_MTE2: return dst ? SK_PIPE_MTE2 : SK_PIPE_MTE1;
    case HardEvent::MTE1_M: return dst ? SK_PIPE_M : SK_PIPE_MTE1;
    case HardEvent::M_MTE1: return dst ? SK_PIPE_MTE1 : SK_PIPE_M;
    case HardEvent::MTE2_V: return dst ? SK_PIPE_V : SK_PIPE_MTE2;
    case HardEvent::V_MTE2: return dst ? SK_PIPE_MTE2 : SK_PIPE_V;
    case HardEvent::MTE3_V: return dst ? SK_PIPE_V : SK_PIPE_MTE3;
    case HardEvent::V_MTE3: return dst ? SK_PIPE_MTE3 : SK_PIPE_V;
    case HardEvent::M_V: return dst ? SK_PIPE_V : SK_PIPE_M;
    case HardEvent::V_M: return dst ? SK_PIPE_M : SK_PIPE_V;
    case HardEvent::V_V: return SK_PIPE_V;
    case HardEvent::MTE3_MTE1: return dst ? SK_PIPE_MTE1 : SK_PIPE_MTE3;
    case HardEvent::MTE1_MTE3: return dst ? SK_PIPE_MTE3 : SK_PIPE_MTE1;
    case HardEvent::MTE1_V: return dst ? SK_PIPE_V : SK_PIPE_MTE1;
    case HardEvent::MTE2_M: return dst ? SK_PIPE_M : SK_PIPE_MTE2;
    case HardEvent::M_MTE2: return dst ? SK_PIPE_MTE2 : SK_PIPE_M;
    case HardEvent::V_MTE1: return dst ? SK_PIPE_MTE1 : SK_PIPE_V;
    case HardEvent::M_FIX: return dst ? SK_PIPE_FIX : SK_PIPE_M;
    case HardEvent::FIX_M: return dst ? SK_PIPE_M : SK_PIPE_FIX;
    case HardEvent::MTE3_MTE2: return dst ? SK_PIPE_MTE2 : SK_PIPE_MTE3;
    case HardEvent::MTE2_MTE3: return dst ? SK_PIPE_MTE3 : SK_PIPE_MTE2;
    case HardEvent::S_V: return dst ? SK_PIPE_V : SK_PIPE_S;
    case HardEvent::V_S: return dst ? SK_PIPE_S : SK_PIPE_V;
    case HardEvent::S_MTE2: return dst ? SK_PIPE_MTE2 : SK_PIPE_S;
    case HardEvent::MTE2_S: return dst ? SK_PIPE_S : SK_PIPE_MTE2;
    case HardEvent::S_MTE3: return dst ? SK_PIPE_MTE3 : SK_PIPE_S;
    case HardEvent::MTE3_S: return dst ? SK_PIPE_S : SK_PIPE_MTE3;
    case HardEvent::MTE2_FIX: return dst ? SK_PIPE_FIX : SK_PIPE_MTE2;
    case HardEvent::FIX_MTE2: return dst ? SK_PIPE_MTE2 : SK_PIPE_FIX;
    case HardEvent::FIX_S: return dst ? SK_PIPE_S : SK_PIPE_FIX;
    case HardEvent::M_S: return dst ? SK_PIPE_S : SK_PIPE_M;
    case HardEvent::FIX_MTE3: return dst ? SK_PIPE_MTE3 : SK_PIPE_FIX;
    case HardEvent::MTE1_FIX: return dst ? SK_PIPE_FIX : SK_PIPE_MTE1;
    case HardEvent::FIX_MTE1: return dst ? SK_PIPE_MTE1 : SK_PIPE_FIX;
    case HardEvent::FIX_FIX: return SK_PIPE_FIX;
#if __NPU_ARCH__ == 3510
    case HardEvent::FIX_V: return dst ? SK_PIPE_V : SK_PIPE_FIX;
    case HardEvent::V_FIX: return dst ? SK_PIPE_FIX : SK_PIPE_V;
#endif
    default: return SK_PIPE_S;
  }
}
}  // namespace detail

template <HardEvent event> __aicore__ inline void SetFlag(int32_t eventID) {
  ::sk_set_flag(detail::eventPipes(event, false), detail::eventPipes(event, true), eventID);
}
template <HardEvent event> __aicore__ inline void WaitFlag(int32_t eventID) {
  ::sk_wait_flag(detail::eventPipes(event, false), detail::eventPipes(event, true), eventID);
}
template <pipe_t src, pipe_t dst> class TQueSync {
 public:
  __aicore__ void SetFlag(TEventID id) { ::sk_set_flag(src, dst, id); }
  __aicore__ void WaitFlag(TEventID id) { ::sk_wait_flag(src, dst, id); }
};
template <pipe_t pipe> __aicore__ inline void PipeBarrier() { ::sk_pipe_barrier(pipe); }
// The FFTS base address MIX kernels set before cross-core flags (the hardware's flag block in
// GM): the simulator's flags need none.
__aicore__ inline void SetSyncBaseAddr(uint64_t) {}

// Ascend 950's pipe mutexes (Mutex::Lock / Unlock, AllocMutexID / ReleaseMutexID): Unlock<pipe>(id)
// releases id once the work the pipe was given so far is done; Lock<pipe>(id) makes the pipe's
// later work wait for the last release of id (a pipe's own earlier release costs it nothing: it
// runs in order). 32 ids per core; AllocMutexID hands out 0..27, 28..31 are the system's.
using MutexID = uint8_t;
namespace detail {
constexpr uint32_t kMutexIds = 32, kAllocatableMutexIds = 28;
struct MutexTable {
  uint64_t released[kMutexIds];  // sk_pipe_done of each id's last Unlock
  uint32_t allocated;            // AllocMutexID's ids in use, a bit each
};
__aicore__ inline MutexTable& mutexTable() {
  static const MutexTable initial{};
  return *(MutexTable*)::sk_block_local(&initial, sizeof initial);
}
__aicore__ inline void checkMutexId(MutexID id, const char* api) {
  if (id >= kMutexIds) ::sk_trapf(3, "%s: MutexID %u is not one of the core's 32 (0..31)", api, (unsigned)id);
}
}  // namespace detail
__aicore__ inline MutexID AllocMutexID() {
  detail::MutexTable& t = detail::mutexTable();
  for (uint32_t id = 0; id < detail::kAllocatableMutexIds; ++id)
    if (!(t.allocated >> id & 1)) {
      t.allocated |= 1u << id;
      return (MutexID)id;
    }
  ::sk_trap(3, "AllocMutexID: all 28 MutexIDs are taken (ReleaseMutexID frees one)");
  return 0;
}
__aicore__ inline void ReleaseMutexID(MutexID id) {
  detail::MutexTable& t = detail::mutexTable();
  if (id >= detail::kAllocatableMutexIds || !(t.allocated >> id & 1))
    ::sk_trapf(3, "ReleaseMutexID: MutexID %u is not one AllocMutexID handed out", (unsigned)id);
  t.allocated &= ~(1u << id);
}
class Mutex {
 public:
  template <pipe_t pipe> static __aicore__ inline void Lock(MutexID id) {
    static_assert(detail::kArch3510 || pipe < 0, "Mutex::Lock / Unlock are Ascend 950's (dav-3510)");
    detail::checkMutexId(id, "Mutex::Lock");
    ::sk_pipe_wait(pipe, detail::mutexTable().released[id]);
  }
  template <pipe_t pipe> static __aicore__ inline void Unlock(MutexID id) {
    static_assert(detail::kArch3510 || pipe < 0, "Mutex::Lock / Unlock are Ascend 950's (dav-3510)");
    detail::checkMutexId(id, "Mutex::Unlock");
    detail::mutexTable().released[id] = ::sk_pipe_done(pipe);
  }
};
__aicore__ inline void DataSyncBarrier() {}
template <int mode> __aicore__ inline void DataSyncBarrier() {}
// The memory accesses DataSyncBarrier waits for. Every access is complete when issued here.
enum class MemDsbT : uint8_t { ALL = 0, DDR, UB, SEQ };
template <MemDsbT arg0> __aicore__ inline void DataSyncBarrier() {}

// A barrier over the kernel's blocks (hard and soft forms; the soft form's workspaces are not
// needed by the simulator's barrier): isAIVOnly (the default) syncs the vector cores only — in a
// MIX kernel the AIC goes on (serving Matmul requests, say); false syncs every core.
struct SyncAllConfig {
  pipe_t triggerPipe = PIPE_ALL;
  pipe_t waitPipe = PIPE_ALL;
};
constexpr SyncAllConfig DEFAULT_SYNC_ALL_CONFIG{};
template <bool isAIVOnly = true, const SyncAllConfig& config = DEFAULT_SYNC_ALL_CONFIG> __aicore__ inline void SyncAll() {
  if constexpr (isAIVOnly) ::sk_sync_all_of_type();
  else ::sk_sync_all();
}
template <bool isAIVOnly = true>
__aicore__ inline void SyncAll(const GlobalTensor<int32_t>&, const LocalTensor<int32_t>&, const int32_t usedCores = 0) {
  if constexpr (isAIVOnly) ::sk_sync_all_of_type();
  else ::sk_sync_all();
}

// Super-kernel early start (docs/architecture.md): wait for the predecessor task / let the
// successor start.
__aicore__ inline void WaitPreTaskEnd() { ::sk_wait_pre_task_end(); }
template <pipe_t AIV_PIPE = PIPE_MTE3, pipe_t AIC_PIPE = PIPE_FIX> __aicore__ inline void SetNextTaskStart() {
  ::sk_set_next_task_start();
}

// Cross-core flags of MIX kernels: mode 0 syncs every core of the caller's type, mode 1 the AIVs
// of a block, mode 2 an AIC with its AIVs, mode 4 (Ascend 950) an AIC with one AIV (include/sk/kernel.h
// sk_cross_set).
template <uint8_t modeId, pipe_t pipe> __aicore__ inline void CrossCoreSetFlag(uint16_t flagId) {
  static_assert(pipe != PIPE_S || detail::kArch3510, "CrossCoreSetFlag: PIPE_S is Ascend 950's (dav-3510); set on the pipe whose work the flag follows");
  ::sk_cross_set(modeId, pipe, flagId);
}
template <uint8_t modeId = 0, pipe_t pipe = PIPE_S> __aicore__ inline void CrossCoreWaitFlag(uint16_t flagId) {
  ::sk_cross_wait(flagId);
}
// Ascend 950's SSBUF, the scalar buffer a block's cores share (3 KB in a MIX block, 1 KB a core
// otherwise): its base is address 0 of __ssbuf__, as on the hardware.
__aicore__ inline __ssbuf__ void* GetSsbufBaseAddr() { return (__ssbuf__ void*)0; }
// The same as CANN's older names: NotifyEvent sets in mode 2 (an AIC and its AIVs).
template <pipe_t pipe> __aicore__ inline void NotifyEvent(uint16_t flagId) { ::sk_cross_set(2, pipe, flagId); }
template <pipe_t pipe = PIPE_S> __aicore__ inline void WaitEvent(uint16_t flagId) { ::sk_cross_wait(flagId); }
// The flag ids CANN's own code reserves, and the message of the cross-core sync instruction
// (ffts_cross_core_sync, cce.h): 1 + mode << 4 + flag << 8.
constexpr uint16_t SYNC_AIC_FLAG = 11;
constexpr uint16_t SYNC_AIV_FLAG = 12;
constexpr uint16_t SYNC_AIC_AIV_FLAG = 13;
constexpr uint16_t SYNC_AIV_ONLY_ALL = 14;
constexpr uint16_t SYNC_MODE_SHIFT_VALUE = 4;
constexpr uint16_t SYNC_FLAG_SHIFT_VALUE = 8;
__aicore__ inline constexpr uint16_t GetffstMsg(uint16_t mode, uint16_t flagId) {
  return (uint16_t)(0x1 + ((mode & 0x3) << SYNC_MODE_SHIFT_VALUE) + ((flagId & 0xf) << SYNC_FLAG_SHIFT_VALUE));
}
// Point-to-point block flags: the flag (blockIdx, eventID) is set by IBSet after everything the
// core issued; the n-th IBWait of a block on it waits for its n-th IBSet. The simulator keeps the
// flags itself: the GM and UB workspaces are not touched.
template <bool isAIVOnly = true>
__aicore__ inline void IBSet(const GlobalTensor<int32_t>&, const LocalTensor<int32_t>&, int32_t blockIdx, int32_t eventID) {
  ::sk_ib_set(blockIdx, eventID);
}
template <bool isAIVOnly = true>
__aicore__ inline void IBWait(const GlobalTensor<int32_t>&, const LocalTensor<int32_t>&, int32_t blockIdx, int32_t eventID) {
  ::sk_ib_wait(blockIdx, eventID);
}

// Deterministic computation: the sections between WaitPreBlock and NotifyNextBlock run one block
// at a time in ascending blockIdx, round after round - round r of block b after round r of
// block b - 1, round r of block 0 after round r - 1 of the last block (the AIVs of the launch).
// Kept with the point-to-point block flags on their event 31 (a kernel's own IBSet/IBWait use
// 0..30 beside it); the block's round count is ubWorkspace's first word, gmWorkspace is not
// written. Both calls wait for every pipe first, as CANN's (their GM flag goes through UB with
// pipe barriers around): the sections they bracket need no flags of their own.
constexpr int32_t kDetermineComputeEvent = 31;
__aicore__ inline void InitDetermineComputeWorkspace(GlobalTensor<int32_t>& gmWorkspace, LocalTensor<int32_t>& ubWorkspace) {
  (void)gmWorkspace;
  ubWorkspace.SetValue(0, 0);
}
__aicore__ inline void WaitPreBlock(GlobalTensor<int32_t>& gmWorkspace, LocalTensor<int32_t>& ubWorkspace) {
  (void)gmWorkspace;
  int64_t block = GetBlockIdx(), blocks = GetBlockNum() * GetTaskRation();
  ::sk_pipe_barrier(PIPE_ALL);
  int32_t round = ubWorkspace.GetValue(0);
  ubWorkspace.SetValue(0, round + 1);
  if (block > 0) ::sk_ib_wait(block - 1, kDetermineComputeEvent);
  else if (round > 0) ::sk_ib_wait(blocks - 1, kDetermineComputeEvent);
}
__aicore__ inline void NotifyNextBlock(GlobalTensor<int32_t>& gmWorkspace, LocalTensor<int32_t>& ubWorkspace) {
  (void)gmWorkspace, (void)ubWorkspace;
  ::sk_pipe_barrier(PIPE_ALL);
  ::sk_ib_set(GetBlockIdx(), kDetermineComputeEvent);
}

// GroupBarrier: the AIVs of a wait group go on once every AIV of an arrive group has arrived.
// The barrier is its GM workspace (waitNum * 512 bytes, 512-byte aligned, zeroed by the user);
// the n-th Wait of a block with a wait index returns once every arrive index 0..arriveNum-1 has
// arrived n times, and nothing after it starts before; an Arrive follows everything the core
// issued. The simulator keeps the counts itself: the workspace is checked, not written, and the
// 1600 bytes at the end of UB the hardware takes are not reserved.
enum class PipeMode : uint8_t { SCALAR_MODE = 0, MTE3_MODE = 1, MAX };
template <PipeMode pipeMode>
class GroupBarrier {
 public:
  __aicore__ inline GroupBarrier(GM_ADDR groupWorkspace, uint32_t arriveSizeIn, uint32_t waitSizeIn)
      : workspace_(groupWorkspace), arriveSize_(arriveSizeIn), waitSize_(waitSizeIn) {}
  __aicore__ inline void Arrive(uint32_t arriveIndex) { ::sk_group_arrive(workspace_, arriveSize_, waitSize_, arriveIndex); }
  __aicore__ inline void Wait(uint32_t waitIndex) { ::sk_group_wait(workspace_, arriveSize_, waitSize_, waitIndex); }
  __aicore__ inline uint64_t GetWorkspaceLen() { return (uint64_t)waitSize_ * 512; }

 private:
  GM_ADDR workspace_;
  uint32_t arriveSize_, waitSize_;
};

}  // namespace AscendC

#endif /* SK_ASCENDC_SYNC_H */
