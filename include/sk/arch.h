// NPU architecture specs (dav-2201, dav-3510, or a user's JSON file): core counts, memory sizes,
// bandwidths and costs, each number with its source in arch/<name>.json. Data every stage
// reads: sk_compile plans core ranges with it, the simulator charges its costs.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "llvm/Support/Error.h"

namespace sk::arch {

struct VectorOpCost {
  uint32_t head = 0;       // cycles when the pipe was idle
  double perRepeat = 0;    // cycles per 256-byte repeat (measured rates are fractional)
};

struct ArchSpec {
  std::string name;     // dav-2201
  std::string socName;  // Ascend910B2
  uint32_t clockMHz = 0;
  uint32_t aicCores = 0;
  uint32_t aivCores = 0;
  uint64_t ubBytes = 0;  // local memory of an AIV a kernel may allocate (GetUBSizeInBytes)
  // UB above ubBytes the compiler keeps for itself (Ascend 950's register spills): addressable
  // by a kernel's static tensors as on the hardware, never handed out by TPipe. Optional field.
  uint64_t ubReservedBytes = 0;
  uint64_t ubSpanBytes() const { return ubBytes + ubReservedBytes; }
  uint64_t l1Bytes = 0;  // local memory of an AIC
  uint64_t l0aBytes = 0, l0bBytes = 0, l0cBytes = 0;  // the cube's operand and accumulator buffers
  uint64_t btBytes = 0, fbBytes = 0;                  // bias table, fixpipe buffer
  // Ascend 950's SSBUF, the scalar buffer a block's cores share (__ssbuf__): a MIX block's AIC and
  // AIVs share all of it, otherwise each core has a third. 0: the part has none. Optional field.
  uint64_t ssbufBytes = 0;
  // Bytes of all local memories of an AIC (L1, L0A, L0B, L0C, BT, FB, in that order).
  uint64_t aicLocalBytes() const { return l1Bytes + l0aBytes + l0bBytes + l0cBytes + btBytes + fbBytes; }
  uint64_t hbmBytes = 0;
  double hbmGBps = 0;
  uint64_t l2Bytes = 0;  // the chip's L2 (shared by every core)
  double l2GBps = 0;     // its bandwidth to the cores (hits)
  // Per-core data movement, GiB/s.
  double gmToUbGiBps = 0, ubToGmGiBps = 0, gmToL1GiBps = 0, l1ToGmGiBps = 0, localCopyGiBps = 0;
  // GM -> L1 of an Nd2Nz copy whose GM rows are not 256 bytes apart by a multiple (an inner
  // axis that is not 256-byte aligned): the on-the-fly ND2NZ's low bandwidth utilisation.
  double nd2nzUnalignedGiBps = 0;
  // Inside an AIC: L1 -> L0A / L0B (MTE1), L0C -> L1 (FIX), L1 -> bias table.
  double l1ToL0aGiBps = 0, l1ToL0bGiBps = 0, l0cToL1GiBps = 0, l1ToBtGiBps = 0;
  uint32_t dataCopyLatencyCycles = 0;   // the fixed part of a transfer to or from GM
  uint32_t localCopyLatencyCycles = 0;  // the fixed part of an on-chip transfer (UB->UB, L1->L0)
  uint32_t hbmRequestOverheadBytes = 0;  // HBM time a GM transfer costs beyond its bytes (small ones under-achieve)
  // GM is accessed in aligned requests of this many bytes: a row of a transfer costs the whole
  // requests it touches (0: byte-exact).
  uint32_t gmRequestAlignBytes = 0;
  double scalarCyclesPerInstruction = 0;  // the scalar unit, per instruction of a kernel's own code
  double scalarLocalAccessCycles = 0;     // more for a scalar load or store of local memory (UB, L1)
  std::map<std::string, VectorOpCost> vectorOps;
  uint32_t cubeHeadCycles = 0, cubeFractalCyclesF16 = 0, cubeFractalCyclesF32 = 0;
  uint32_t cubeHf32MantissaBits = 0;  // fp32 operands rounded to this many under SetHF32Mode (0: no HF32)
  std::string l0aFormat = "Zz";  // how Mmad reads A in L0A: "Zz" (2201) or "Nz" (3510)
  std::string l1FillPipe = "MTE2";  // the pipe InitConstValue / Fill of L1 runs on: "MTE2", "MTE1", or
                                    // "MTE1+MTE2" (3510: on MTE1, ordered with MTE2's work both ways)
  uint64_t launchHostNs = 0, hostApiNs = 0, dispatchNs = 0;
  uint32_t blockDispatchCycles = 0, syncAllCycles = 0, taskSyncCycles = 0;
  uint32_t kernelStartupCycles = 0;  // a kernel's start-up on the device, before its blocks run
  uint64_t eventSyncNs = 0, memcpyLatencyNs = 0;
  double h2dGBps = 0, d2dGBps = 0;
  uint32_t instrFetchBytesPerCycle = 0;

  uint64_t nsToCycles(uint64_t ns) const { return ns * clockMHz / 1000; }
  double cyclesToUs(uint64_t cycles) const { return (double)cycles / clockMHz; }
  // Cycles to move `bytes` at `gbPerS` (decimal GB/s), rounded up.
  uint64_t transferCycles(uint64_t bytes, double gbPerS) const;
  const VectorOpCost& vectorOp(const std::string& op) const;
};

// Names of the built-in architectures (embedded from arch/*.json at build time).
std::vector<std::string> builtinArchNames();

// `nameOrPath` is a built-in name (dav-2201, dav-3510) or the path of a JSON file in the same
// format. Errors name the file and the field.
llvm::Expected<ArchSpec> loadArch(const std::string& nameOrPath);
llvm::Expected<ArchSpec> parseArch(const std::string& jsonText, const std::string& origin);

}  // namespace sk::arch
