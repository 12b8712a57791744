// The search behind matmul_tiling::*::GetTiling (SuperKernel's own, from the public description
// of what a TCubeTiling means and which tilings are legal; not CANN's algorithm), and the
// multi-core split as CANN's tiler makes it (ChooseCannCoreSplit, at the end).
//
// One core computes a singleM x singleN block of C over the whole singleK (or a K slice with
// split-K). Its work is cut into baseM x baseN x baseK Mmads; L1 holds stepM x stepKa base
// blocks of A and stepN x stepKb of B, twice when double-buffered. The search:
//   1. L0: every baseM, baseN (multiples of 16 up to the block, 16-aligned) and buffering
//      (dbL0A/B/C) that fits L0A, L0B, L0C and the BiasTable, with a few baseK (multiples of
//      max(16, C0)): the largest that fits, half and a quarter of it, each as an even split
//      of K and as a power of two;
//   2. each is scored with a pipe model of the core (MAD, MTE1, MTE2, FIX, with overlap when
//      double-buffered), assuming plain streaming through L1; the best few go on to
//   3. L1: stepKa/stepKb (powers of two or all of K, one a multiple of the other), stepM/stepN
//      (1 or all blocks), L1 double buffering and the iteration order, within the L1 budget,
//      scored with the GM traffic they imply.
// Our own multi-core split (ChooseCoreSplit: factoring the cores over M, N and, when allowed,
// K) uses a cheaper estimate of the same model; MultiCoreMatmulTiling uses it only where
// CANN's split does not apply. Rates are the simulated part's (arch/*.json).
#ifndef SK_ASCENDC_TILING_MATMUL_TILING_ALGORITHM_H
#define SK_ASCENDC_TILING_MATMUL_TILING_ALGORITHM_H

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <tuple>
#include <vector>

#include "tiling/platform/platform_ascendc.h"

namespace matmul_tiling {
namespace detail {

constexpr int64_t kCubeBlock = 16;          // rows of a fractal; baseM and baseN are multiples
constexpr int64_t kC0Bits = 32 * 8;         // a fractal row is 32 bytes: C0 = kC0Bits / bits
constexpr int64_t kL0CElementBytes = 4;     // L0C accumulates fp32 or int32
constexpr int64_t kBiasTableElementBytes = 4;  // the BiasTable holds fp32 or int32
constexpr int64_t kMaxMmadExtent = 4095;    // Mmad m, n, k are at most 4095
constexpr int kL1CandidatesTried = 8;       // L0 choices that go on to the L1 search
constexpr int64_t kRankingChunkK = 256;     // K extent of an L1 chunk when L0 choices are ranked

inline int64_t CeilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }
inline int64_t AlignUp(int64_t a, int64_t b) { return CeilDiv(a, b) * b; }
inline int64_t AlignDown(int64_t a, int64_t b) { return a / b * b; }
inline int64_t BitsToBytes(int64_t elements, int32_t bits) { return CeilDiv(elements * bits, 8); }

// The granularity of baseK (and of a K split): C0 of either input, at least 16, so that the
// rule "multiple of C0 when A is not transposed and B is, else of 16" holds in every case.
inline int64_t KAlignment(int32_t bitsA, int32_t bitsB) {
  return std::max<int64_t>({kCubeBlock, kC0Bits / bitsA, kC0Bits / bitsB});
}

// Per-cycle rates of one core, from the part's numbers.
struct CostRates {
  double macsPerCycle = 4096;
  double mte1ABytesPerCycle = 256, mte1BBytesPerCycle = 128;
  double gmToL1BytesPerCycle = 80, l0cToGmBytesPerCycle = 40;
  double copyLatencyCycles = 200;  // fixed cost of one GM copy (MTE2 or FIX)
  double madHeadCycles = 6;        // fixed cost of one Mmad
  double loadHeadCycles = 8;       // fixed cost of one L1 -> L0 load (assumed: no public figure)
};

// The cube does one 16 x 16 x C0 fractal per cycle, fp32 one 16 x 8 x 16 per two cycles.
inline CostRates RatesFor(const platform_ascendc::ArchSpec& spec, int32_t inputBits) {
  CostRates r;
  double bytesPerCycle = 1024.0 * 1024.0 * 1024.0 / (spec.clockMHz * 1.0e6);  // of 1 GiB/s
  r.macsPerCycle = inputBits >= 32 ? 1024.0 : 16.0 * 16.0 * double(kC0Bits / inputBits);
  r.mte1ABytesPerCycle = spec.l1ToL0aGiBps * bytesPerCycle;
  r.mte1BBytesPerCycle = spec.l1ToL0bGiBps * bytesPerCycle;
  r.gmToL1BytesPerCycle = spec.gmToL1GiBps * bytesPerCycle;
  r.l0cToGmBytesPerCycle = spec.l1ToGmGiBps * bytesPerCycle;
  r.copyLatencyCycles = spec.dataCopyLatencyCycles;
  r.madHeadCycles = spec.cubeHeadCycles;
  return r;
}

// Bytes one matmul may use in each memory.
struct BufferLimits {
  int64_t l0a = 0, l0b = 0, l0c = 0, l1 = 0, ub = 0, bt = 0;
};

// What one core computes and with which constraints.
struct SingleCoreProblem {
  int64_t m = 0, n = 0, k = 0;
  int32_t bitsA = 16, bitsB = 16, bitsC = 32, bitsBias = 32;
  int64_t kAlign = 16;
  bool hasBias = false;
  bool aResidentInL1 = false, bResidentInL1 = false;  // TSCM inputs: the whole block sits in L1
  bool aThroughUb = false, bThroughUb = false, cThroughUb = false, biasThroughUb = false;
  bool allowDbL0A = true, allowDbL0B = true, allowDbL0C = true, allowDbL1A = true, allowDbL1B = true;
  int64_t fixedBaseM = -1, fixedBaseN = -1, fixedBaseK = -1;  // -1: the search chooses
  int32_t forcedIterateOrder = -1;                            // -1: the search chooses
  BufferLimits limits;
  CostRates rates;
};

struct L0Choice {
  int64_t baseM = 0, baseN = 0, baseK = 0;
  int32_t dbL0A = 1, dbL0B = 1, dbL0C = 1;
  int64_t paddedArea = 0;  // of C, in whole base blocks: how much the tails waste (for ranking)
};

struct L1Choice {
  int64_t stepM = 1, stepN = 1, stepKa = 1, stepKb = 1;
  int32_t dbL1A = 1, dbL1B = 1;
  int32_t iterateOrder = 0;  // 0: M moves fastest, 1: N moves fastest
};

struct SingleCorePlan {
  L0Choice l0;
  L1Choice l1;
  int64_t l1Bytes = 0;
  int64_t transLength = 0;
  double cycles = 0;
};

struct BlockCounts {
  int64_t m, n, k;
};
inline BlockCounts CountBlocks(const SingleCoreProblem& p, const L0Choice& c) {
  return {CeilDiv(p.m, c.baseM), CeilDiv(p.n, c.baseN), CeilDiv(p.k, c.baseK)};
}

// ---- L0 feasibility ----

inline bool FitsL0(const SingleCoreProblem& p, const L0Choice& c) {
  const BufferLimits& lim = p.limits;
  if (BitsToBytes(c.baseM * c.baseK, p.bitsA) * c.dbL0A > lim.l0a) return false;
  if (BitsToBytes(c.baseK * c.baseN, p.bitsB) * c.dbL0B > lim.l0b) return false;
  if (c.baseM * c.baseN * kL0CElementBytes * c.dbL0C > lim.l0c) return false;
  if (p.hasBias && c.baseN * kBiasTableElementBytes > lim.bt) return false;
  return true;
}

// The UB scratch the Matmul needs to move operands between UB and the cube (ND <-> NZ):
// the largest base block that passes through UB.
inline int64_t TransLength(const SingleCoreProblem& p, const L0Choice& c) {
  int64_t bytes = 0;
  if (p.aThroughUb) bytes = std::max(bytes, BitsToBytes(c.baseM * c.baseK, p.bitsA));
  if (p.bThroughUb) bytes = std::max(bytes, BitsToBytes(c.baseK * c.baseN, p.bitsB));
  if (p.cThroughUb) bytes = std::max(bytes, BitsToBytes(c.baseM * c.baseN, p.bitsC));
  if (p.hasBias && p.biasThroughUb) bytes = std::max(bytes, BitsToBytes(c.baseN, p.bitsBias));
  return bytes;
}

// The largest baseK that fits L0A and L0B next to baseM and baseN (0 if none does).
inline int64_t LargestBaseK(const SingleCoreProblem& p, const L0Choice& c) {
  int64_t kByA = p.limits.l0a * 8 / (c.baseM * p.bitsA * c.dbL0A);
  int64_t kByB = p.limits.l0b * 8 / (c.baseN * p.bitsB * c.dbL0B);
  int64_t k = std::min({kByA, kByB, AlignUp(p.k, p.kAlign), kMaxMmadExtent});
  return AlignDown(k, p.kAlign);
}

// The baseK that needs as many K blocks as one of at most kMax does, but splits K evenly.
inline int64_t EvenBaseK(const SingleCoreProblem& p, int64_t kMax) {
  int64_t blocks = CeilDiv(p.k, kMax);
  return AlignUp(CeilDiv(p.k, blocks), p.kAlign);
}

// ---- the pipe model ----

struct PipeCycles {
  double mad = 0, mte1 = 0, mte2 = 0, fix = 0;
};

// GM -> L1 traffic: an operand's L1 chunk is reused while the loop stays inside it. With M
// moving fastest (order 0) B stays when its chunk spans all of K, A only when all of A fits;
// order 1 mirrors that.
inline void AddGmTraffic(const SingleCoreProblem& p, const L0Choice& c, const L1Choice& s, PipeCycles& t) {
  BlockCounts blocks = CountBlocks(p, c);
  bool aSpansK = s.stepKa >= blocks.k, bSpansK = s.stepKb >= blocks.k;
  bool aWhole = aSpansK && s.stepM >= blocks.m, bWhole = bSpansK && s.stepN >= blocks.n;
  int64_t aReads = s.iterateOrder == 0 ? (aWhole ? 1 : blocks.n) : (aSpansK ? 1 : blocks.n);
  int64_t bReads = s.iterateOrder == 0 ? (bSpansK ? 1 : blocks.m) : (bWhole ? 1 : blocks.m);
  if (p.aResidentInL1) aReads = 0;  // the caller put it there
  if (p.bResidentInL1) bReads = 0;
  double aBytes = double(BitsToBytes(AlignUp(p.m, kCubeBlock) * AlignUp(p.k, p.kAlign), p.bitsA));
  double bBytes = double(BitsToBytes(AlignUp(p.k, p.kAlign) * AlignUp(p.n, kCubeBlock), p.bitsB));
  double copies = double(aReads) * CeilDiv(blocks.m, s.stepM) * CeilDiv(blocks.k, s.stepKa) +
                  double(bReads) * CeilDiv(blocks.n, s.stepN) * CeilDiv(blocks.k, s.stepKb);
  t.mte2 = (aReads * aBytes + bReads * bBytes) / p.rates.gmToL1BytesPerCycle + copies * p.rates.copyLatencyCycles;
}

// MAD, MTE1 (A into L0A once per N block, B into L0B once per M block) and FIX (C out).
inline PipeCycles CoreCycles(const SingleCoreProblem& p, const L0Choice& c, const L1Choice& s) {
  const CostRates& r = p.rates;
  BlockCounts blocks = CountBlocks(p, c);
  double mp = double(AlignUp(p.m, kCubeBlock)), np = double(AlignUp(p.n, kCubeBlock));
  double kp = double(AlignUp(p.k, p.kAlign));
  double mmads = double(blocks.m) * blocks.n * blocks.k;
  PipeCycles t;
  t.mad = mp * np * kp / r.macsPerCycle + mmads * r.madHeadCycles;
  t.mte1 = blocks.n * mp * kp * p.bitsA / 8 / r.mte1ABytesPerCycle +
           blocks.m * kp * np * p.bitsB / 8 / r.mte1BBytesPerCycle + 2 * mmads * r.loadHeadCycles;
  t.fix = mp * np * p.bitsC / 8 / r.l0cToGmBytesPerCycle + double(blocks.m) * blocks.n * r.copyLatencyCycles;
  AddGmTraffic(p, c, s, t);
  return t;
}

// Double buffering lets a pipe run under the next one; without it they take turns.
inline double TotalCycles(const SingleCoreProblem& p, const L0Choice& c, const L1Choice& s) {
  PipeCycles t = CoreCycles(p, c, s);
  BlockCounts blocks = CountBlocks(p, c);
  bool aRefills = !p.aResidentInL1 && (s.stepM < blocks.m || s.stepKa < blocks.k);
  bool bRefills = !p.bResidentInL1 && (s.stepN < blocks.n || s.stepKb < blocks.k);
  bool l1Overlaps = (s.dbL1A == 2 || !aRefills) && (s.dbL1B == 2 || !bRefills);
  double compute = c.dbL0A == 2 && c.dbL0B == 2 ? std::max(t.mad, t.mte1) : t.mad + t.mte1;
  double fed = l1Overlaps ? std::max(compute, t.mte2) : compute + t.mte2;
  return c.dbL0C == 2 ? std::max(fed, t.fix) : fed + t.fix;
}

// ---- L1 ----

inline int64_t L1Bytes(const SingleCoreProblem& p, const L0Choice& c, const L1Choice& s) {
  int64_t a = BitsToBytes(s.stepM * c.baseM * s.stepKa * c.baseK, p.bitsA) * s.dbL1A;
  int64_t b = BitsToBytes(s.stepN * c.baseN * s.stepKb * c.baseK, p.bitsB) * s.dbL1B;
  int64_t bias = p.hasBias ? BitsToBytes(s.stepN * c.baseN, p.bitsBias) : 0;  // staged in L1 for the BiasTable
  return a + b + bias;
}

// K steps worth trying: powers of two below the block count, and the whole of K.
inline std::vector<int64_t> KStepChoices(int64_t kBlocks) {
  std::vector<int64_t> steps;
  for (int64_t s = 1; s < kBlocks; s *= 2) steps.push_back(s);
  steps.push_back(kBlocks);
  return steps;
}

// Options for one operand's L1 buffer: its extent along M (or N), and single/double buffering.
inline std::vector<std::pair<int64_t, int32_t>> L1ExtentChoices(int64_t blocks, bool resident, bool allowDb) {
  if (resident) return {{blocks, 1}};
  std::vector<std::pair<int64_t, int32_t>> choices = {{1, 1}};
  if (blocks > 1) choices.push_back({blocks, 1});
  if (allowDb) {
    choices.push_back({1, 2});
    if (blocks > 1) choices.push_back({blocks, 2});
  }
  return choices;
}

// The cheapest L1 arrangement for an L0 choice; false when none fits L1.
inline bool ChooseL1(const SingleCoreProblem& p, const L0Choice& c, L1Choice& best, double& bestCycles,
                     int64_t& bestBytes) {
  BlockCounts blocks = CountBlocks(p, c);
  std::vector<int64_t> kSteps = KStepChoices(blocks.k);
  std::vector<int64_t> kaSteps = p.aResidentInL1 ? std::vector<int64_t>{blocks.k} : kSteps;
  std::vector<int64_t> kbSteps = p.bResidentInL1 ? std::vector<int64_t>{blocks.k} : kSteps;
  bool found = false;
  for (auto [stepM, dbA] : L1ExtentChoices(blocks.m, p.aResidentInL1, p.allowDbL1A))
    for (auto [stepN, dbB] : L1ExtentChoices(blocks.n, p.bResidentInL1, p.allowDbL1B))
      for (int64_t stepKa : kaSteps)
        for (int64_t stepKb : kbSteps) {
          if (std::max(stepKa, stepKb) % std::min(stepKa, stepKb) != 0) continue;  // the kernel walks K in the smaller step
          for (int32_t order = 0; order < 2; ++order) {
            if (p.forcedIterateOrder >= 0 && order != p.forcedIterateOrder) continue;
            L1Choice s{stepM, stepN, stepKa, stepKb, dbA, dbB, order};
            int64_t bytes = L1Bytes(p, c, s);
            if (bytes > p.limits.l1) continue;
            double cycles = TotalCycles(p, c, s);
            if (!found || cycles < bestCycles || (cycles == bestCycles && bytes < bestBytes)) {
              found = true;
              best = s;
              bestCycles = cycles;
              bestBytes = bytes;
            }
          }
        }
  return found;
}

// ---- L0 search ----

// How L0 choices are ranked: streaming through L1, double-buffered, with K chunks of about
// kRankingChunkK elements whatever baseK is (so a small baseK is not blamed for copy counts
// the L1 search would remove).
inline L1Choice StreamingL1(const SingleCoreProblem& p, const L0Choice& c) {
  BlockCounts blocks = CountBlocks(p, c);
  int64_t stepK = 1;
  while (stepK * c.baseK < kRankingChunkK && stepK * 2 <= blocks.k) stepK *= 2;
  L1Choice s;
  s.stepM = p.aResidentInL1 ? blocks.m : 1;
  s.stepKa = p.aResidentInL1 ? blocks.k : stepK;
  s.stepN = p.bResidentInL1 ? blocks.n : 1;
  s.stepKb = p.bResidentInL1 ? blocks.k : stepK;
  s.dbL1A = p.allowDbL1A && !p.aResidentInL1 ? 2 : 1;
  s.dbL1B = p.allowDbL1B && !p.bResidentInL1 ? 2 : 1;
  s.iterateOrder = p.forcedIterateOrder > 0 ? 1 : 0;
  return s;
}

// Sizes to try along M or N: the fixed one, or every multiple of 16 up to the 16-aligned extent.
inline std::vector<int64_t> BaseChoices(int64_t extent, int64_t fixed) {
  if (fixed > 0) return {fixed};
  std::vector<int64_t> sizes;
  for (int64_t s = kCubeBlock; s <= std::min(AlignUp(extent, kCubeBlock), kMaxMmadExtent); s += kCubeBlock)
    sizes.push_back(s);
  return sizes;
}

// The largest power-of-two multiple of kAlign that is at most kCap (K is often a power of two).
inline int64_t PowerOfTwoBaseK(int64_t kAlign, int64_t kCap) {
  int64_t k = kAlign;
  while (k * 2 <= kCap) k *= 2;
  return k;
}

// baseK values for a baseM x baseN with given buffering: the fixed one, or for the largest
// that fits and for a half and a quarter of it (for tight L1 budgets) both the even split of K
// and the power-of-two size.
inline std::vector<int64_t> BaseKChoices(const SingleCoreProblem& p, const L0Choice& c) {
  if (p.fixedBaseK > 0) return {p.fixedBaseK};
  std::vector<int64_t> ks;
  auto add = [&ks](int64_t k) {
    if (std::find(ks.begin(), ks.end(), k) == ks.end()) ks.push_back(k);
  };
  int64_t kMax = LargestBaseK(p, c);
  for (int shrink = 1; shrink <= 4 && kMax >= p.kAlign; shrink *= 2) {
    int64_t kCap = std::max(p.kAlign, AlignDown(kMax / shrink, p.kAlign));
    add(EvenBaseK(p, kCap));
    add(PowerOfTwoBaseK(p.kAlign, kCap));
  }
  return ks;
}

struct RankedL0 {
  L0Choice choice;
  double cycles;
};

inline void AddL0Candidates(const SingleCoreProblem& p, L0Choice c, std::vector<RankedL0>& out) {
  c.paddedArea = AlignUp(p.m, c.baseM) * AlignUp(p.n, c.baseN);
  for (int64_t baseK : BaseKChoices(p, c)) {
    c.baseK = baseK;
    if (!FitsL0(p, c) || TransLength(p, c) > p.limits.ub) continue;
    out.push_back({c, TotalCycles(p, c, StreamingL1(p, c))});
  }
}

// Costs within about 1 % share a bucket: the model cannot tell them apart.
inline int64_t CostBucket(double cycles) { return int64_t(std::floor(std::log(std::max(cycles, 1.0)) / std::log(1.01))); }

// Between choices of one cost bucket more double buffering wins (it hides what the model gets
// wrong), then less padding in the blocks (even tails), then bigger blocks (fewer
// instructions), then the lower estimate.
inline bool Preferred(double xCycles, const L0Choice& x, double yCycles, const L0Choice& y) {
  int64_t xBucket = CostBucket(xCycles), yBucket = CostBucket(yCycles);
  if (xBucket != yBucket) return xBucket < yBucket;
  int32_t xDb = x.dbL0A + x.dbL0B + x.dbL0C, yDb = y.dbL0A + y.dbL0B + y.dbL0C;
  if (xDb != yDb) return xDb > yDb;
  if (x.paddedArea != y.paddedArea) return x.paddedArea < y.paddedArea;
  int64_t xVolume = x.baseM * x.baseN * x.baseK, yVolume = y.baseM * y.baseN * y.baseK;
  if (xVolume != yVolume) return xVolume > yVolume;
  if (xCycles != yCycles) return xCycles < yCycles;
  // Identical by every measure: any fixed order keeps the result reproducible.
  auto key = [](const L0Choice& c) { return std::make_tuple(c.baseM, c.baseN, c.baseK, c.dbL0A, c.dbL0B, c.dbL0C); };
  return key(x) < key(y);
}

// Every legal L0 choice, best first.
inline std::vector<RankedL0> RankL0Choices(const SingleCoreProblem& p) {
  std::vector<RankedL0> ranked;
  std::vector<int64_t> ms = BaseChoices(p.m, p.fixedBaseM), ns = BaseChoices(p.n, p.fixedBaseN);
  for (int32_t dbC = p.allowDbL0C ? 2 : 1; dbC >= 1; --dbC)
    for (int32_t dbAB = 2; dbAB >= 1; --dbAB) {
      if (dbAB == 2 && !(p.allowDbL0A || p.allowDbL0B)) continue;
      for (int64_t baseM : ms)
        for (int64_t baseN : ns) {
          if (baseM * baseN * kL0CElementBytes * dbC > p.limits.l0c) break;  // larger baseN fit even less
          L0Choice c{baseM, baseN, 0, p.allowDbL0A ? dbAB : 1, p.allowDbL0B ? dbAB : 1, dbC};
          AddL0Candidates(p, c, ranked);
        }
    }
  std::sort(ranked.begin(), ranked.end(), [](const RankedL0& x, const RankedL0& y) {
    return Preferred(x.cycles, x.choice, y.cycles, y.choice);
  });
  return ranked;
}

// The whole single-core search; false when nothing fits the buffers.
inline bool PlanSingleCore(const SingleCoreProblem& p, SingleCorePlan& plan) {
  if (p.m <= 0 || p.n <= 0 || p.k <= 0) return false;
  int tried = 0;
  bool found = false;
  for (const RankedL0& candidate : RankL0Choices(p)) {
    L1Choice l1;
    double cycles = 0;
    int64_t bytes = 0;
    if (!ChooseL1(p, candidate.choice, l1, cycles, bytes)) continue;
    if (!found || Preferred(cycles, candidate.choice, plan.cycles, plan.l0)) {
      found = true;
      plan = {candidate.choice, l1, bytes, TransLength(p, candidate.choice), cycles};
    }
    if (++tried == kL1CandidatesTried) break;
  }
  return found;
}

// ---- the multi-core split ----

struct CoreSplit {
  int64_t mDim = 1, nDim = 1, kDim = 1;
  int64_t singleM = 0, singleN = 0, singleK = 0;
  // > 0: the usedCoreNum reported instead of one core per block (SetSingleShape: SetDim).
  int64_t cores = 0;
  int64_t Blocks() const { return mDim * nDim * kDim; }
  int64_t UsedCores() const { return cores > 0 ? cores : Blocks(); }
};

// A quick estimate of one core's time for a block: streaming with a typical large base block
// (128 x 256 or 256 x 128, clipped to the block), plus the fixed copy latencies.
inline double EstimateBlockCycles(const SingleCoreProblem& shape, int64_t m, int64_t n, int64_t k) {
  const CostRates& r = shape.rates;
  double mp = double(AlignUp(m, kCubeBlock)), np = double(AlignUp(n, kCubeBlock));
  double kp = double(AlignUp(k, shape.kAlign));
  double mad = mp * np * kp / r.macsPerCycle;
  double best = 0;
  for (auto [bm, bn] : {std::pair<int64_t, int64_t>{128, 256}, {256, 128}}) {
    double aReads = double(CeilDiv(n, std::min<int64_t>(bn, AlignUp(n, kCubeBlock))));
    double bReads = double(CeilDiv(m, std::min<int64_t>(bm, AlignUp(m, kCubeBlock))));
    double gm = (aReads * mp * kp * shape.bitsA / 8 + bReads * kp * np * shape.bitsB / 8) / r.gmToL1BytesPerCycle;
    double cycles = std::max(mad, gm);
    if (best == 0 || cycles < best) best = cycles;
  }
  double fix = mp * np * shape.bitsC / 8 / r.l0cToGmBytesPerCycle;
  return best + fix + 3 * r.copyLatencyCycles;
}

// The extent of one core's block when `dims` cores share `total` (aligned, at most the total).
inline int64_t SingleExtent(int64_t total, int64_t dims, int64_t align) {
  return std::min(total, AlignUp(CeilDiv(total, dims), align));
}

struct SplitRequest {
  int64_t m = 0, n = 0, k = 0;
  int64_t maxCores = 1;
  int64_t alignM = kCubeBlock, alignN = kCubeBlock, alignK = kCubeBlock;
  int64_t fixedSingleM = -1, fixedSingleN = -1, fixedSingleK = -1;  // -1: the search chooses
  int64_t minBlockM = 0, minBlockN = 0;  // a fixed baseM / baseN must fit the 16-aligned block
  bool allowSplitK = false;
};

// Dims to try along one axis: the one a fixed block size implies, or 1 .. maxDims.
inline std::vector<int64_t> DimChoices(int64_t total, int64_t fixedSingle, int64_t maxDims) {
  if (fixedSingle > 0) return {CeilDiv(total, fixedSingle)};
  std::vector<int64_t> dims;
  for (int64_t d = 1; d <= std::min(total, maxDims); ++d) dims.push_back(d);
  return dims;
}

// The split with the lowest estimate; more cores must be at least 5 % faster to be chosen,
// so small problems stay on few cores. False when no split fits maxCores, except that a split
// the user fixed on M and N (K whole or fixed too) may have more blocks than cores, as CANN's
// tiler allows: the kernel then loops over blocks.
inline bool ChooseCoreSplit(const SingleCoreProblem& shape, const SplitRequest& req, CoreSplit& best) {
  bool userFixed = req.fixedSingleM > 0 && req.fixedSingleN > 0 && (req.fixedSingleK > 0 || !req.allowSplitK);
  std::vector<CoreSplit> splits;
  for (int64_t mDim : DimChoices(req.m, req.fixedSingleM, req.maxCores))
    for (int64_t nDim : DimChoices(req.n, req.fixedSingleN, req.maxCores / mDim))
      for (int64_t kDim : DimChoices(req.k, req.fixedSingleK, req.allowSplitK ? req.maxCores / (mDim * nDim) : 1)) {
        CoreSplit s;
        s.singleM = req.fixedSingleM > 0 ? req.fixedSingleM : SingleExtent(req.m, mDim, req.alignM);
        s.singleN = req.fixedSingleN > 0 ? req.fixedSingleN : SingleExtent(req.n, nDim, req.alignN);
        s.singleK = req.fixedSingleK > 0 ? req.fixedSingleK : SingleExtent(req.k, kDim, req.alignK);
        s.mDim = CeilDiv(req.m, s.singleM);
        s.nDim = CeilDiv(req.n, s.singleN);
        s.kDim = CeilDiv(req.k, s.singleK);
        bool holdsBase = AlignUp(s.singleM, kCubeBlock) >= req.minBlockM && AlignUp(s.singleN, kCubeBlock) >= req.minBlockN;
        if ((s.Blocks() <= req.maxCores || userFixed) && holdsBase) splits.push_back(s);
      }
  std::sort(splits.begin(), splits.end(), [](const CoreSplit& x, const CoreSplit& y) {
    return std::make_tuple(x.Blocks(), x.mDim, x.nDim, x.kDim) < std::make_tuple(y.Blocks(), y.mDim, y.nDim, y.kDim);
  });
  double bestCycles = 0;
  bool found = false;
  for (const CoreSplit& s : splits) {
    double cycles = EstimateBlockCycles(shape, s.singleM, s.singleN, s.singleK);
    if (!found || cycles < 0.95 * bestCycles) {
      found = true;
      best = s;
      bestCycles = cycles;
    }
  }
  return found;
}

// ---- the multi-core split of CANN's tiler ----
//
// Public samples compute their block offsets from the split CANN's MultiCoreMatmulTiling
// chooses (their comments say "the tiling splits M over 2 cores" and so on), so for the common
// case (SetShape called, no SetSingleShape / SetAlignSplit) the split is chosen by the rules
// CANN's host tiling library applies (its public source, the multi-core "dims" search), written
// here anew. Counts are in fractals: m16 = ceil(M / 16) rows, n16 = ceil(N / 16) columns,
// kc = ceil(K / C0) with C0 = 32 bytes of A's type.
//   1. Tiny problems (m16 * n16 <= cores, A, B and C of the whole problem fit L0A/L0B/L0C) get
//      one core per 512 rows or columns only (usually a single core).
//   2. Otherwise every (mDim, nDim[, kDim]) with a product of at most `cores` is tried, each
//      dim a divisor of its count, of its count's power-of-two bucket, or of the core count,
//      or one of the two factors around the balance point sqrt(m16 / n16 * cores). Each is
//      scored by an estimate of the L1 loop count of one core (blocks of at most 64 fractals
//      of 128 elements of C) and of the A and B fractals all cores fetch from GM (which of A and
//      B can stay in L1 decides the formula). In order (N factor outer, M factor inner) a
//      candidate replaces the best one when it needs fewer loops, or as many on more cores,
//      or as many cores and loops with less traffic, or all that with more M x N blocks; a
//      non-transposed B whose core block gets narrower than 16 fractals (a transposed A:
//      shorter) is only taken while no split of 16 or more has been taken.
//   3. The chosen per-core share of M (and N) is moved towards the share of the count's
//      power-of-two bucket, to the first value with enough divisors for the L0/L1 search,
//      when the core count allows; dims = ceil(count / share).
//   4. singleCoreM = ceil(16 m16 / mDim), singleCoreN = ceil(16 n16 / nDim) (clipped to the
//      shape), rounded up to 256 bytes for NZ operands / an NZ C where that does not lose a
//      core; split-K: singleCoreK = ceil(kc / kDim) C0.
// What is not reproduced: CANN's other splitter (SetOrgShape without SetShape on 910B/950),
// the TSCM-B policy and SetSingleShape (usedCoreNum = SetDim there); those use the search above.

struct CannSplitRequest {
  int64_t m = 0, n = 0, k = 0;  // the SetShape extents
  int64_t cores = 1;            // SetDim
  int32_t bitsA = 16, bitsB = 16, bitsC = 32;
  bool transA = false, transB = false;
  bool aNz = false, bNz = false, cNz = false;
  bool splitK = false;
  int64_t kAlign = 16;  // a split-K slice is a multiple of this (our baseK granularity)
  int64_t l1Bytes = 0, l0aBytes = 0, l0cBytes = 0;
};

constexpr int64_t kFractalBytes = 512;    // 16 rows of 32 bytes
constexpr int64_t kCountBucketLimit = 1024;

// The power of two a fractal count is rounded to: counts below 16 stay, 17..1024 go to the
// next power of two (or, with up = false, the one below), 16 and counts above 1024 to 2048
// (1024 with up = false), as CANN's tiler rounds them.
inline int64_t CountBucket(int64_t count, bool up = true) {
  if (count < kCubeBlock) return count;
  int64_t p = kCubeBlock;
  while (p < kCountBucketLimit && !(p < count && 2 * p >= count)) p *= 2;
  return up ? 2 * p : p;
}

inline int64_t DivisorCount(int64_t x) {
  int64_t count = 0;
  for (int64_t d = 1; d <= x; ++d) count += x % d == 0 ? 1 : 0;
  return count;
}

// The most divisors any divisor of x in [lo, hi] has.
inline int64_t RichestDivisor(int64_t x, int64_t lo, int64_t hi) {
  int64_t best = 0;
  for (int64_t f = lo; f <= std::min(hi, x); ++f)
    if (x % f == 0) best = std::max(best, DivisorCount(f));
  return best;
}

// A per-core share the L0/L1 search can cut well: at most 8, or with divisors that have
// enough divisors of their own below 64 (and 65..128 for shares above 128).
inline bool ShareCutsWell(int64_t share) {
  if (share <= 8) return true;
  int64_t low = RichestDivisor(share, 1, 64);
  int64_t high = share > 128 ? RichestDivisor(share, 65, 128) : 0;
  return low > 2 && !(share > 128 && low + high <= 4);
}

// Step 3: from the plain share towards the bucket's share, the first that cuts well.
inline int64_t PreferredShare(int64_t count, int64_t bucket, int64_t parts) {
  if (parts == 1 && ShareCutsWell(count)) return count;
  int64_t share = CeilDiv(count, parts), target = CeilDiv(bucket, parts);
  while (share != target && !ShareCutsWell(share)) share += share < target ? 1 : -1;
  return share;
}

// The L1 loop count of one core's block (in fractals), with blocks of at most 128 elements.
inline int64_t CoreLoopEstimate(int64_t cm, int64_t cn, int64_t ck) {
  int64_t n0 = std::min<int64_t>(16, cn);
  int64_t m0 = std::min<int64_t>({cm, 128 / n0, 64});
  n0 = std::min<int64_t>({cn, 128 / m0, 64});
  m0 = std::min<int64_t>({cm, 128 / n0, 64});
  int64_t k0 = std::min<int64_t>({64 / m0, 64 / n0, ck});
  if (k0 <= 0) return 0;  // more K parts than K fractals (split-K): CANN's tiler counts no loops
  return CeilDiv(cm, m0) * CeilDiv(cn, n0) * CeilDiv(ck, k0);
}

// The A and B fractals fetched from GM by all cores (in fractal rows), by what fits L1: both
// operands' core blocks (or one plus a double-buffered K-strip of the other) make each core
// read its blocks once; else the reuse depends on which strips fit. INT64_MAX: no formula.
inline int64_t GmLoadEstimate(const CannSplitRequest& r, int64_t m16, int64_t n16, int64_t cm, int64_t cn, int64_t ck,
                              int64_t kStripBytes, int64_t mDim, int64_t nDim) {
  const int64_t l1 = r.l1Bytes;
  int64_t n0 = std::min<int64_t>(16, cn);
  int64_t m0 = std::min<int64_t>({16, cm, 128 / n0});
  int64_t k0 = std::min<int64_t>({64 / m0, 64 / n0, ck});
  int64_t aTile = m0 * k0 * kFractalBytes, bTile = n0 * k0 * kFractalBytes;
  bool coreBlocksFit = (cm + cn) * kStripBytes <= l1 || (cm + 2 * n0) * kStripBytes <= l1 ||
                       (cn + 2 * m0) * kStripBytes <= l1;
  if (coreBlocksFit) return m16 * nDim + n16 * mDim;
  bool noStripFits = 2 * (n0 * kStripBytes + aTile) > l1 && 2 * (m0 * kStripBytes + bTile) > l1;
  if (noStripFits) return m16 * CeilDiv(n16, n0) + n16 * CeilDiv(m16, m0);
  if (2 * (m0 + n0) * kStripBytes <= l1) {
    int64_t mHeld = CeilDiv(l1 - 2 * n0 * kStripBytes, 2 * kStripBytes * m0) * m0;
    int64_t nHeld = CeilDiv(l1 - 2 * m0 * kStripBytes, 2 * kStripBytes * n0) * n0;
    int64_t mFirst = m16 * nDim + n16 * CeilDiv(m16, mHeld);
    int64_t nFirst = n16 * mDim + m16 * CeilDiv(n16, nHeld);
    return std::min(mFirst, nFirst);
  }
  // Streaming one operand past a resident block of the other, A's way first. Once A's way
  // applies, the B block CANN's tiler checks for B's way is the B it streams (all of B once per
  // m0 strip), not the core's B block: kept as it is, so that the same split comes out.
  int64_t load = INT64_MAX, bHeld = cn;
  if (cm * kStripBytes + 2 * bTile <= l1 || 2 * (m0 * kStripBytes + bTile) <= l1) {
    load = m16 * nDim + n16 * CeilDiv(m16, m0);
    bHeld = n16 * CeilDiv(m16, m0);
  }
  if (bHeld * kStripBytes + 2 * aTile <= l1 || 2 * (n0 * kStripBytes + aTile) <= l1)
    load = std::min(load, n16 * mDim + m16 * CeilDiv(n16, n0));
  return load;
}

// Candidate dims along one axis: divisors of the count, of its bucket or of the core count.
inline std::vector<int64_t> AxisFactors(int64_t count, int64_t bucket, int64_t cores, int64_t limit) {
  std::vector<int64_t> f;
  for (int64_t i = 1; i <= limit; ++i)
    if (count % i == 0 || bucket % i == 0 || cores % i == 0) f.push_back(i);
  return f;
}

inline void AddFactor(std::vector<int64_t>& f, int64_t v) {
  if (std::find(f.begin(), f.end(), v) == f.end()) {
    f.push_back(v);
    std::sort(f.begin(), f.end());
  }
}

// CANN's split; false only for input it has no answer for (then the caller searches).
inline bool ChooseCannCoreSplit(const CannSplitRequest& r, CoreSplit& out) {
  if (r.m <= 0 || r.n <= 0 || r.k <= 0 || r.cores <= 0 || r.l1Bytes <= 0) return false;
  const int64_t kC0 = kC0Bits / r.bitsA;
  const int64_t m16 = CeilDiv(r.m, kCubeBlock), n16 = CeilDiv(r.n, kCubeBlock), kc = CeilDiv(r.k, kC0);
  const int64_t cores = r.cores;
  // Buckets: with split-K, M and N keep their counts and K is rounded down when it has few divisors.
  int64_t mBucket = r.splitK ? m16 : CountBucket(m16), nBucket = r.splitK ? n16 : CountBucket(n16), kBucket = kc;
  if (r.splitK) {
    int64_t low = 0, mid = 0;
    for (int64_t i = 1; i <= std::min<int64_t>(kc, 64); ++i) low += kc % i == 0 ? 1 : 0;
    for (int64_t i = 65; i <= std::min<int64_t>(kc, 128); ++i) mid += kc % i == 0 ? 1 : 0;
    if ((kc > 64 && low <= 2) || (kc > 128 && low + mid <= 4)) kBucket = CountBucket(kc, false);
  }
  int64_t mDim = 1, nDim = 1, kDim = 1;
  // 1. tiny problems
  bool oddBucket = r.splitK && ((n16 > 32 && nBucket % 32 != 0) || (m16 > 32 && mBucket % 32 != 0));
  bool tiny = m16 * n16 <= cores && m16 * kc <= r.l0aBytes / kFractalBytes && n16 * kc <= r.l0aBytes / kFractalBytes &&
              m16 * n16 <= r.l0cBytes / (kFractalBytes * 2) && !oddBucket;
  if (tiny) {
    int64_t nParts = n16 <= 32 ? 1 : nBucket / 32, mParts = m16 <= 32 ? 1 : mBucket / 32, kParts = 1;
    if (r.splitK && kc > 32) {
      for (int64_t d = 2; d <= std::min(cores, kc); ++d)
        if (kc % d == 0) {
          kParts = d;
          break;
        }
    }
    int64_t cn = nParts == 1 ? n16 : CeilDiv(nBucket, nParts);
    int64_t cm = mParts == 1 ? m16 : CeilDiv(mBucket, mParts);
    int64_t ck = kParts == 1 ? kc : CeilDiv(kBucket, kParts);
    mDim = CeilDiv(m16, cm), nDim = CeilDiv(n16, cn), kDim = CeilDiv(kc, ck);
  } else {
    // 2. the factor search
    std::vector<int64_t> mFactors = AxisFactors(m16, mBucket, cores, std::min(cores, m16));
    std::vector<int64_t> nFactors = AxisFactors(n16, nBucket, cores, std::min(cores, n16));
    std::vector<int64_t> kFactors = r.splitK ? AxisFactors(kc, kBucket, cores, cores) : std::vector<int64_t>{1};
    if (cores > 1) {
      float balance = std::sqrt(float(m16) / float(n16) * float(cores));
      int64_t mAt = int64_t(std::ceil(balance)), nAt = int64_t(std::ceil(float(cores) / balance));
      AddFactor(mFactors, mAt);
      AddFactor(mFactors, nAt == 0 ? 1 : cores / nAt);
      AddFactor(nFactors, nAt);
      AddFactor(nFactors, mAt == 0 ? 1 : cores / mAt);
    }
    struct Best {
      int64_t m = 1, n = 1, k = 1, cores = 1;
      int64_t loops = INT64_MAX, load = INT64_MAX;
      bool wide = false;  // a split whose core blocks are 16 fractals or more where it matters
    } best;
    for (int64_t nf : nFactors) {
      if (nf <= 0 || nf > cores) continue;
      for (int64_t mf : mFactors) {
        if (mf <= 0 || nf * mf > cores) continue;
        for (int64_t kf : kFactors) {
          if (nf * mf * kf > cores) continue;
          int64_t cm = CeilDiv(m16, mf), cn = CeilDiv(n16, nf), ck = kc / kf;
          if (r.splitK && kBucket != kc) ck = kBucket / kf * 2;
          int64_t load = GmLoadEstimate(r, m16, n16, cm, cn, ck, ck * kFractalBytes, mf, nf);
          if (r.splitK && load != INT64_MAX) load *= ck;
          int64_t loops = CoreLoopEstimate(cm, cn, ck);
          int64_t used = mf * nf * kf;
          // narrow: a non-transposed B (transposed A) cut below 16 fractals where it has 16 or more
          bool narrow = (!r.transB && n16 >= 16 && cn < 16) || (r.transA && m16 >= 16 && cm < 16);
          bool neutral = r.transB && !r.transA;
          bool forced = !neutral && !best.wide && !narrow;
          bool barred = !neutral && best.wide && narrow;
          bool gated = forced || barred;
          bool fewerLoops = !gated && (loops < best.loops || (used > best.cores && loops == best.loops));
          bool lessLoad = !fewerLoops && used == best.cores && load < best.load;
          bool moreBlocks = !fewerLoops && used == best.cores && load == best.load && best.m * best.n < mf * nf;
          if ((forced || fewerLoops || lessLoad || moreBlocks) && !barred) {
            best = {mf, nf, kf, used, loops, load, false};
            best.wide = (r.transB || cn >= 16) && (!r.transA || cm >= 16) && used > 1;
          }
        }
      }
    }
    // 3. the preferred shares
    int64_t cm = CeilDiv(m16, best.m), cn = CeilDiv(n16, best.n), ck = CeilDiv(kc, best.k);
    int64_t pm = PreferredShare(m16, mBucket, best.m), pn = PreferredShare(n16, nBucket, best.n);
    int64_t pk = CeilDiv(kc % best.k == 0 ? kc : kBucket, best.k);
    int64_t need = CeilDiv(n16, pn) * CeilDiv(m16, pm) * CeilDiv(kc, pk);
    if (need > 0 && need <= cores) cm = pm, cn = pn, ck = pk;
    mDim = std::min(CeilDiv(m16, cm), cores), nDim = std::min(CeilDiv(n16, cn), cores);
    kDim = r.splitK ? std::min(CeilDiv(kc, ck), cores) : best.k;
  }
  // 4. the single-core extents
  auto share = [](int64_t total, int64_t parts) { return CeilDiv(total, parts); };
  int64_t singleM = share(m16 * kCubeBlock, mDim), singleN = share(n16 * kCubeBlock, nDim);
  int64_t singleK = r.splitK ? share(kc, kDim) * kC0 : share(r.k, kDim);
  // Rounding a block to 256 bytes of its type, unless that leaves a core without work.
  auto roundTo256 = [](int64_t total, int64_t parts, int32_t bits, int64_t& single) {
    int64_t step = 256 * 8 / bits;
    if (parts <= 1) return;
    int64_t rounded = AlignUp(single, step);
    if (rounded < CeilDiv(total, parts - 1)) single = rounded;
  };
  bool nzOperand = r.aNz || r.bNz;
  // C outweighs what the block reads (judged on the unrounded block): round N as well.
  int64_t plainM = share(r.m, mDim), plainN = share(r.n, nDim), plainK = share(r.k, kDim);
  bool outputHeavy = plainM * plainN * 2 * r.bitsC > plainN * plainK * r.bitsA + plainM * plainK * r.bitsB;
  if ((nzOperand && (!r.transB || outputHeavy)) || r.cNz) roundTo256(n16 * kCubeBlock, nDim, r.bitsB, singleN);
  if ((nzOperand && r.transA) || r.cNz) roundTo256(m16 * kCubeBlock, mDim, r.bitsA, singleM);
  if (r.splitK) singleK = AlignUp(singleK, r.kAlign);
  // A 4-bit operand packs two elements to a byte: no block starts inside one.
  if (r.bitsB == 4 && !r.transB) singleN = AlignUp(singleN, 2);
  if (r.bitsA == 4 && r.transA) singleM = AlignUp(singleM, 2);
  out.singleM = std::min(singleM, r.m);
  out.singleN = std::min(singleN, r.n);
  out.singleK = std::min(singleK, r.k);
  // Blocks cover the shape once: usedCoreNum counts the blocks that exist.
  out.mDim = CeilDiv(r.m, out.singleM);
  out.nDim = CeilDiv(r.n, out.singleN);
  out.kDim = CeilDiv(r.k, out.singleK);
  return out.UsedCores() <= cores;
}

}  // namespace detail
}  // namespace matmul_tiling

#endif /* SK_ASCENDC_TILING_MATMUL_TILING_ALGORITHM_H */
