// The search behind matmul_tiling::*::GetTiling (SuperKernel's own, from the public description
// of what a TCubeTiling means and which tilings are legal; not CANN's algorithm).
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
// The multi-core split (factoring the cores over M, N and, when allowed, K) uses a cheaper
// estimate of the same model. Rates are the simulated part's (arch/*.json).
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
  int64_t UsedCores() const { return mDim * nDim * kDim; }
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
// so small problems stay on few cores. False when no split fits maxCores.
inline bool ChooseCoreSplit(const SingleCoreProblem& shape, const SplitRequest& req, CoreSplit& best) {
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
        if (s.UsedCores() <= req.maxCores && holdsBase) splits.push_back(s);
      }
  std::sort(splits.begin(), splits.end(), [](const CoreSplit& x, const CoreSplit& y) {
    return std::make_tuple(x.UsedCores(), x.mDim, x.nDim, x.kDim) < std::make_tuple(y.UsedCores(), y.mDim, y.nDim, y.kDim);
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

}  // namespace detail
}  // namespace matmul_tiling

#endif /* SK_ASCENDC_TILING_MATMUL_TILING_ALGORITHM_H */
