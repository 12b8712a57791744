// The timing replay on its own (lib/sim/timing.h): pipes that overlap, flags and tokens between
// them, shared HBM bandwidth, L2 hits, barriers, counters, waves and job dependencies, with
// hand-built records.
#include <gtest/gtest.h>

#include "timing.h"

namespace sk::sim::timing {
namespace {

Machine machine() {
  Machine m;
  m.aicCores = 4;
  m.aivCores = 8;
  m.hbmBytesPerCycle = 200;  // shared by every transfer
  m.l2BytesPerCycle = 1000;
  m.l2Bytes = 1 << 20;
  m.moveLatencyCycles = 100;
  m.barrierCycles = 50;
  m.counterCycles = 20;
  return m;
}

Op exec(uint8_t pipe, uint64_t cycles) { return Op{OpKind::Exec, pipe, kS, Route::Local, 0, cycles, 0, 0}; }
Op move(uint8_t pipe, Route r, uint64_t bytes, uint64_t addr, double rate = 100) {
  return Op{OpKind::Move, pipe, kS, r, 0, bytes, addr, rate};
}
Op flag(OpKind k, uint8_t src, uint8_t dst, uint32_t id) { return Op{k, src, dst, Route::Local, id, 0, 0, 0}; }
Op op(OpKind k, uint32_t id = 0, uint64_t amount = 0) { return Op{k, kS, kS, Route::Local, id, amount, 0, 0}; }

Job kernel(std::vector<std::vector<Program>> blocks, TaskRation r = {0, 1}) {
  Job j;
  j.kind = Job::Kind::Kernel;
  j.ration = r;
  j.blockDim = (uint32_t)blocks.size();
  j.blocks = std::move(blocks);
  return j;
}

Program prog(std::vector<Op> ops, CoreType core = CoreType::AIV) { return Program{core, std::move(ops), 0, {}, {}}; }

uint64_t endOf(const Job& j) {
  Timeline t(machine());
  return t.replay({j})[0].end;
}

TEST(Timing, PipesOfOneCoreOverlap) {
  // A copy in and an unrelated vector op: they run side by side.
  Job j = kernel({{prog({move(kMte2, Route::GmRead, 10000, 0), exec(kV, 80)})}});
  uint64_t end = endOf(j);
  EXPECT_EQ(end, 100u + 10000 / 100);  // latency + bytes / the pipe's 100 B/cycle; the V op is hidden
}

TEST(Timing, AFlagOrdersOnePipeAfterAnother) {
  Job j = kernel({{prog({move(kMte2, Route::GmRead, 10000, 0), flag(OpKind::FlagSet, kMte2, kV, 0),
                         flag(OpKind::FlagWait, kMte2, kV, 0), exec(kV, 80)})}});
  EXPECT_EQ(endOf(j), 100u + 100 + 80);
}

TEST(Timing, TokensHandBuffersBetweenPipes) {
  Job j = kernel({{prog({move(kMte2, Route::GmRead, 5000, 0), op(OpKind::Stamp, 1), exec(kV, 30)})}});
  j.blocks[0][0].ops[1].pipe = kMte2;
  j.blocks[0][0].ops.insert(j.blocks[0][0].ops.begin() + 2, Op{OpKind::StampWait, kV, kS, Route::Local, 1, 0, 0, 0});
  EXPECT_EQ(endOf(j), 100u + 50 + 30);
}

// A tiled copy-compute-copy loop, single buffered (one event id: every stage waits for the
// previous tile to leave) or double buffered (two ids: tile i+1 loads while tile i computes).
Program pipeline(int tiles, int buffers) {
  std::vector<Op> ops;
  for (int i = 0; i < tiles; ++i) {
    uint32_t id = (uint32_t)(i % buffers);
    if (i >= buffers) ops.push_back(flag(OpKind::FlagWait, kMte3, kMte2, id));  // the buffer is free again
    ops.push_back(move(kMte2, Route::GmRead, 8000, (uint64_t)i * 8000));
    ops.push_back(flag(OpKind::FlagSet, kMte2, kV, id));
    ops.push_back(flag(OpKind::FlagWait, kMte2, kV, id));
    ops.push_back(exec(kV, 60));
    ops.push_back(flag(OpKind::FlagSet, kV, kMte3, id));
    ops.push_back(flag(OpKind::FlagWait, kV, kMte3, id));
    ops.push_back(move(kMte3, Route::GmWrite, 8000, (1u << 24) + (uint64_t)i * 8000));
    ops.push_back(flag(OpKind::FlagSet, kMte3, kMte2, id));
  }
  return prog(ops);
}

TEST(Timing, DoubleBufferingOverlapsCopyInComputeAndCopyOut) {
  uint64_t single = endOf(kernel({{pipeline(16, 1)}}));
  uint64_t twice = endOf(kernel({{pipeline(16, 2)}}));
  EXPECT_LT(twice, single);
  EXPECT_LT((double)twice, 0.75 * (double)single) << single << " vs " << twice;
}

// The pipeline above with each tile in UB buffer `id` (MTE2 writes it, V updates it in place,
// MTE3 reads it); `flagBack`: MTE2 waits for MTE3 before reusing a buffer.
Program pipelineInUb(int tiles, int buffers, bool flagBack) {
  Program p = prog({});
  auto touch = [&](Op o, uint32_t id, bool reads, bool writes) {
    o.firstAccess = (uint32_t)p.accesses.size();
    for (bool w : {false, true}) {
      if (!(w ? writes : reads)) continue;
      Access a;
      a.begin = id * 8192;
      a.end = a.begin + 8000;
      a.write = w;
      p.accesses.push_back(a);
      ++o.accesses;
    }
    p.ops.push_back(o);
  };
  for (int i = 0; i < tiles; ++i) {
    uint32_t id = (uint32_t)(i % buffers);
    if (flagBack && i >= buffers) p.ops.push_back(flag(OpKind::FlagWait, kMte3, kMte2, id));
    touch(move(kMte2, Route::GmRead, 8000, (uint64_t)i * 8000), id, false, true);
    p.ops.push_back(flag(OpKind::FlagSet, kMte2, kV, id));
    p.ops.push_back(flag(OpKind::FlagWait, kMte2, kV, id));
    touch(exec(kV, 60), id, true, true);
    p.ops.push_back(flag(OpKind::FlagSet, kV, kMte3, id));
    p.ops.push_back(flag(OpKind::FlagWait, kV, kMte3, id));
    touch(move(kMte3, Route::GmWrite, 8000, (1u << 24) + (uint64_t)i * 8000), id, true, false);
    if (flagBack) p.ops.push_back(flag(OpKind::FlagSet, kMte3, kMte2, id));
  }
  return p;
}

TEST(Timing, PipesTouchingOneBufferWithNothingOrderingThemAreARace) {
  for (int buffers : {1, 2}) {
    Timeline t(machine());
    EXPECT_FALSE(t.replay({kernel({{pipelineInUb(8, buffers, true)}})})[0].race) << buffers << " buffers, synchronised";
  }
  // Without the flag back, tile 2's copy-in overwrites buffer 0 while tile 0's copy-out reads it.
  Timeline t(machine());
  Program p = pipelineInUb(8, 2, false);
  std::optional<Race> race = t.replay({kernel({{p}})})[0].race;
  ASSERT_TRUE(race);
  EXPECT_EQ(race->pipe, kMte2);
  EXPECT_EQ(race->otherPipe, kMte3);
  EXPECT_TRUE(p.accesses[race->access].write);
  EXPECT_FALSE(p.accesses[race->otherAccess].write);
  EXPECT_EQ(p.accesses[race->access].begin, 0u);
  EXPECT_LT(race->other, race->op) << "tile 0's copy-out, then tile 2's copy-in";
}

TEST(Timing, TransfersShareTheHbmBandwidthByDemand) {
  // One core alone reaches its pipe's rate; eight together share the 200 B/cycle HBM.
  std::vector<std::vector<Program>> one = {{prog({move(kMte2, Route::GmRead, 100000, 0)})}};
  uint64_t alone = endOf(kernel(one));
  EXPECT_EQ(alone, 100u + 100000 / 100);
  std::vector<std::vector<Program>> eight;
  for (int c = 0; c < 8; ++c) eight.push_back({prog({move(kMte2, Route::GmRead, 100000, (uint64_t)c << 20)})});
  uint64_t shared = endOf(kernel(eight));
  EXPECT_GE(shared, 100u + 8 * 100000 / 200);
  EXPECT_LE(shared, 100u + 8 * 100000 / 200 + 2);
}

TEST(Timing, TwoKernelsOnTwoStreamsNeverExceedTheHbmBandwidth) {
  auto copies = [](uint64_t base) {
    std::vector<std::vector<Program>> b;
    for (int c = 0; c < 4; ++c) b.push_back({prog({move(kMte2, Route::GmRead, 200000, base + ((uint64_t)c << 20))})});
    return kernel(b);
  };
  Timeline t(machine());
  std::vector<JobTimes> r = t.replay({copies(0), copies(1ull << 30)});
  uint64_t end = std::max(r[0].end, r[1].end);
  EXPECT_GE(end, 100u + 8 * 200000 / 200) << "8 transfers of 200 kB through 200 B/cycle";
}

TEST(Timing, L2HitsAreServedWithoutHbm) {
  // The second read of the same bytes hits L2 and does not wait for the HBM another core is using.
  Timeline t(machine());
  std::vector<Op> twice = {move(kMte2, Route::GmRead, 100000, 0), move(kMte2, Route::GmRead, 100000, 0)};
  uint64_t cold = t.replay({kernel({{prog({twice[0]})}})})[0].end;
  Timeline t2(machine());
  JobTimes warm = t2.replay({kernel({{prog({twice[0]})}}), kernel({{prog({twice[1]})}})})[1];
  EXPECT_GT(cold, 0u);
  EXPECT_LE(warm.end - warm.begin, cold + 1);
}

TEST(Timing, WritesL2CanHoldCostNoHbmBandwidth) {
  // Eight cores write 100 kB each: L2 (1 MiB) takes them at the pipes' own rate; streamed past
  // L2 they share the 200 B/cycle HBM.
  auto writes = [](bool bypass) {
    std::vector<std::vector<Program>> b;
    for (int c = 0; c < 8; ++c) {
      Op w = move(kMte3, Route::GmWrite, 100000, (uint64_t)c << 17);
      w.l2Bypass = bypass;
      b.push_back({prog({w})});
    }
    return kernel(b);
  };
  EXPECT_LE(endOf(writes(false)), 100u + 100000 / 100 + 2);
  EXPECT_GE(endOf(writes(true)), 100u + 8 * 100000 / 200);
}

TEST(Timing, EvictingDirtyLinesWritesThemBackThroughHbm) {
  // L2 filled with 1 MiB, clean (read) or dirty (written); then eight cores read 1 MiB more,
  // evicting all of it: dirty lines add their write-back to the HBM traffic of the reads.
  auto fill = [](Route r) { return kernel({{prog({move(r == Route::GmRead ? kMte2 : kMte3, r, 1 << 20, 0)})}}); };
  std::vector<std::vector<Program>> reads;
  for (int c = 0; c < 8; ++c) reads.push_back({prog({move(kMte2, Route::GmRead, 1 << 17, (1ull << 30) + ((uint64_t)c << 17))})});
  auto readTime = [&](Route fillRoute) {
    Timeline t(machine());
    Job after = kernel(reads);
    after.after = {{0, 0}};
    JobTimes r = t.replay({fill(fillRoute), after})[1];
    return r.end - r.begin;
  };
  uint64_t afterClean = readTime(Route::GmRead), afterDirty = readTime(Route::GmWrite);
  EXPECT_GE(afterClean, (1u << 20) / 200u);
  EXPECT_GT((double)afterDirty, 1.8 * (double)afterClean) << afterClean << " vs " << afterDirty;
}

TEST(Timing, AReadThatBypassesL2NeitherAllocatesNorHits) {
  Op bypass = move(kMte2, Route::GmRead, 100000, 0);
  bypass.l2Bypass = true;
  Op normal = move(kMte2, Route::GmRead, 100000, 0);
  auto withTraffic = [](Op first) {
    std::vector<std::vector<Program>> b = {{prog({first})}};
    for (int c = 1; c < 8; ++c) b.push_back({prog({move(kMte2, Route::GmRead, 100000, (1ull << 30) + ((uint64_t)c << 20))})});
    return kernel(b);
  };
  auto secondRead = [&](Op first) {
    Timeline t(machine());
    Job second = withTraffic(normal);
    second.after = {{0, 0}};
    JobTimes r = t.replay({kernel({{prog({first})}}), second})[1];
    return r.end - r.begin;
  };
  // A hit leaves seven cores on HBM; after a bypassing read all eight miss.
  EXPECT_LE(secondRead(normal), 100u + 7 * 100000 / 200 + 2);
  EXPECT_GE(secondRead(bypass), 100u + 8 * 100000 / 200) << "after a bypassing read nothing is resident";
}

TEST(Timing, AStridedTransferIsLookedUpInL2RowByRow) {
  // 64 rows of 512 bytes, 64 KiB apart (a column block of a wide matrix): L2 then holds those
  // rows, not the 4 MiB between them. Read again, the rows hit; rows 4 KiB further on (in the
  // gaps) miss and share HBM with seven other cores.
  auto rowsFrom = [](uint64_t addr) {
    Program p = prog({move(kMte2, Route::GmRead, 64 * 512, addr)});
    p.gmRows = {GmRows{512, 64 << 10, 0, 64, 1}};
    p.ops[0].gmRows = 1;
    return p;
  };
  auto secondRead = [&](uint64_t addr) {
    std::vector<std::vector<Program>> b = {{rowsFrom(addr)}};
    for (int c = 1; c < 8; ++c) b.push_back({prog({move(kMte2, Route::GmRead, 100000, (1ull << 30) + ((uint64_t)c << 20))})});
    Timeline t(machine());
    Job second = kernel(b);
    second.after = {{0, 0}};
    std::vector<JobTimes> r = t.replay({kernel({{rowsFrom(0)}}), second});
    return r[1].blocks[0][0].end - r[1].blocks[0][0].begin;
  };
  EXPECT_LE(secondRead(0), 100u + 64 * 512 / 100 + 2) << "the rows read before are in L2";
  EXPECT_GE(secondRead(4096), 100u + 64 * 512 / (200 / 8)) << "the gaps between them were never read";
}

TEST(Timing, GmRowsCostTheWholeAlignedRequestsTheyTouch) {
  // 64 rows 2 KiB apart, alone on one core (pipe rate 100 B/cycle), with 512-byte requests:
  // 512-byte rows on the grain cost their bytes; 128-byte rows a whole request each (unless a
  // fitted rate prices them already); 512-byte rows 32 bytes off the grain two; a contiguous
  // 8 KiB copy 32 bytes off one request more.
  auto rowsTime = [](uint32_t align, uint64_t rowBytes, uint64_t addr, bool priced = false) {
    Program p = prog({move(kMte2, Route::GmRead, 64 * rowBytes, addr)});
    p.ops[0].requestsPriced = priced;
    p.gmRows = {GmRows{rowBytes, 2048, 0, 64, 1}};
    p.ops[0].gmRows = 1;
    Machine m = machine();
    m.gmRequestAlign = align;
    Timeline t(m);
    return t.replay({kernel({{p}})})[0].end;
  };
  auto at100 = [](uint64_t bytes) { return 100u + (bytes + 99) / 100; };  // latency + bytes at the pipe's rate
  EXPECT_EQ(rowsTime(512, 512, 0), at100(64 * 512));
  EXPECT_EQ(rowsTime(512, 128, 0), at100(64 * 512));
  EXPECT_EQ(rowsTime(0, 128, 0), at100(64 * 128)) << "byte-exact without requests";
  EXPECT_EQ(rowsTime(512, 128, 0, true), at100(64 * 128)) << "a rate fitted to such rows";
  EXPECT_EQ(rowsTime(512, 512, 32), at100(64 * 1024));
  auto contiguous = [](uint64_t addr) {
    Machine m = machine();
    m.gmRequestAlign = 512;
    Timeline t(m);
    return t.replay({kernel({{prog({move(kMte2, Route::GmRead, 8192, addr)})}})})[0].end;
  };
  EXPECT_EQ(contiguous(1 << 20), at100(8192));
  EXPECT_EQ(contiguous((1 << 20) + 32), at100(8192 + 512));
}

TEST(Timing, AGroupWaitingForABusyCoreIsReleasedWhenItsKernelHasNoBlocksLeft) {
  // Two streams: a one-block kernel holds AIV 0 while an eight-block kernel is placed; the
  // second one's group on AIV 0 waits, and its other groups may run every block before AIV 0
  // frees up. Then the waiting group has nothing to start (this used to start a ninth block,
  // past the end of the kernel's blocks).
  Job busy = kernel({{prog({move(kMte3, Route::GmWrite, 1 << 20, 0, 1e6)})}});
  std::vector<std::vector<Program>> reads;
  for (int c = 0; c < 8; ++c) reads.push_back({prog({move(kMte2, Route::GmRead, 1 << 17, (1ull << 30) + ((uint64_t)c << 17))})});
  Timeline t(machine());
  std::vector<JobTimes> r = t.replay({busy, kernel(reads)});
  uint64_t lastBlock = 0;
  for (const auto& block : r[1].blocks) {
    EXPECT_GT(block[0].end, block[0].begin);
    lastBlock = std::max(lastBlock, block[0].end);
  }
  EXPECT_EQ(r[1].end, lastBlock);
}

TEST(Timing, ABarrierReleasesEveryMemberAtTheLatestArrivalPlusItsCost) {
  Job j = kernel({{prog({exec(kV, 10), op(OpKind::Barrier, 0, 2), exec(kV, 5)})},
                  {prog({exec(kV, 300), op(OpKind::Barrier, 0, 2), exec(kV, 5)})}});
  Timeline t(machine());
  JobTimes r = t.replay({j})[0];
  EXPECT_EQ(r.blocks[0][0].end, 300u + 50 + 5);
  EXPECT_EQ(r.blocks[1][0].end, 300u + 50 + 5);
}

TEST(Timing, CountersReleaseWaitersAtTheLatestAdd) {
  Job j = kernel({{prog({exec(kV, 500), op(OpKind::Release, 7)})},
                  {prog({exec(kV, 100), op(OpKind::Release, 7)})},
                  {prog({op(OpKind::Acquire, 7, 2), exec(kV, 1)})}});
  Timeline t(machine());
  JobTimes r = t.replay({j})[0];
  EXPECT_EQ(r.blocks[2][0].end, 500u + 20 + 1);
}

TEST(Timing, BlocksBeyondTheCoresRunInWaves) {
  std::vector<std::vector<Program>> blocks;
  for (int b = 0; b < 16; ++b) blocks.push_back({prog({exec(kV, 1000)})});
  Timeline t(machine());
  JobTimes r = t.replay({kernel(blocks)})[0];
  EXPECT_EQ(r.end, 2000u) << "8 AIV cores, 16 blocks of 1000 cycles";
  EXPECT_EQ(r.blocks[8][0].begin, 1000u);
  EXPECT_EQ(r.blocks[8][0].coreId, r.blocks[0][0].coreId);
}

TEST(Timing, JobsStartAfterWhatTheyDependOnAndMixGroupsTakeAnAicAndItsAivs) {
  Job first = kernel({{prog({exec(kV, 400)})}});
  Job mix = kernel({{prog({exec(kM, 100)}, CoreType::AIC), prog({exec(kV, 50)}), prog({exec(kV, 70)})}}, {1, 2});
  mix.after = {{0, 10}};
  mix.startupCycles = 5;
  Timeline t(machine());
  std::vector<JobTimes> r = t.replay({first, mix});
  EXPECT_EQ(r[1].launch, 410u) << "the start-up begins when the job is ready";
  EXPECT_EQ(r[1].begin, 410u + 5) << "the task begins after its start-up, as msprof's Task Duration does";
  EXPECT_EQ(r[1].end, 410u + 5 + 100);
  EXPECT_EQ(r[1].blocks[0][1].coreId, 2 * r[1].blocks[0][0].coreId);
  EXPECT_EQ(r[1].blocks[0][2].coreId, 2 * r[1].blocks[0][0].coreId + 1);
}

TEST(Timing, TheSameRecordsGiveTheSameTimes) {
  std::vector<std::vector<Program>> blocks;
  for (int b = 0; b < 12; ++b) blocks.push_back({pipeline(5 + b % 3, 2)});
  Timeline a(machine()), b(machine());
  std::vector<JobTimes> ra = a.replay({kernel(blocks)}), rb = b.replay({kernel(blocks)});
  for (size_t i = 0; i < blocks.size(); ++i) EXPECT_EQ(ra[0].blocks[i][0].end, rb[0].blocks[i][0].end);
}

}  // namespace
}  // namespace sk::sim::timing
