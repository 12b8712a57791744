#!/usr/bin/env python3
"""The vendor's published Matmul tuning cases (AscendC best practices) on the simulator.

Each case is the page's shape, tiling (singleCore / base / depth / step) and MatmulConfig, run
by bench/calibration/matmul_published.cpp (our Matmul API) at the page's core count; the
figure compared is the one the page publishes: the largest or the mean per-core aic_time
(msprof's per-AIC execution time: here the span of each AIC's block in the sk_run trace) or
the Task Duration (here the device time). Each row's "source" names the page: its markdown in
the open AscendC devkit (DK = cannmirror/asc-devkit 0da921b9, docs/zh/guide/...) and its hiascend
address. Prints a markdown table with the busiest AIC's pipe busy times; exits 2 on bad usage.
"""
import argparse
import collections
import json
import os
import re
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import cube  # noqa: E402  (the TCubeTiling packing and the tool runner are cube.py's)

KERNEL = os.path.join(HERE, "matmul_published.cpp")
GUIDE = "DK docs/zh/guide/算子实践参考/优秀实践/Matmul性能调优案例/"
PAGE = "https://www.hiascend.com/document/detail/en/canncommercial/850/opdevg/Ascendcopdevg/atlas_ascendc_best_practices_10_%s.html"
TILING_PAGE = ("https://www.hiascend.com/doc_center/source/en/CANNCommunityEdition/900/programug/Ascendcopdevg/"
               "atlas_ascendc_best_practices_10_0041.html")
CONSTANT_PAGE = "https://www.hiascend.com/document/detail/en/canncommercial/800/opdevg/ascendcbestP/atlas_ascendc_best_practices_10_10001.html"

# Tiling keys of matmul_published.cpp.
NORM, MDL, MDL_UNITFLAG, MDL_PRELOAD, MDL_KREORDER, MDL_CONSTANT = 1, 2, 3, 4, 5, 6

Case = collections.namedtuple("Case", "name source m n k single base l1 key mix cores metric published long",
                              defaults=(False,))
# single: (singleCoreM, singleCoreN), K whole; base: (baseM, baseN, baseK); l1: (stepM, stepN,
# stepKa, stepKb, depthA1, depthB1); key: the MatmulConfig (tiling key); mix: the AIV-driven MIX
# kernel (1:2) instead of the cube-only one; cores: blockDim, the page's core count; metric: the
# page's figure, "max" / "mean" aic_time over the AICs or "task" (Task Duration); long: minutes of
# wall time (86 GMAC), run with --long only.
# The pages' sample kernel adds a float bias (IS_BIAS true); the cases run without it unless
# --bias (the table in bench/README.md was measured so): the bias is one 1 KiB load per
# 128 x 256 block of C, well under 1% of these kernels.
L1_4_4_8_8 = (1, 1, 4, 4, 8, 8)
CASES = [
    Case("CUBE_ONLY page: MIX (48 AIV, singleCoreN 640)", GUIDE + "Matmul高阶API使能纯Cube模式.md; " + PAGE % "10008",
         128, 30720, 64, (128, 640), (128, 256, 64), L1_4_4_8_8, NORM, True, 24, "max", 17.85),
    Case("CUBE_ONLY page: CUBE_ONLY (24 AIC, singleCoreN 1280)", GUIDE + "Matmul高阶API使能纯Cube模式.md; " + PAGE % "10008",
         128, 30720, 64, (128, 1280), (128, 256, 64), L1_4_4_8_8, NORM, False, 24, "max", 11.21),
    Case("MDL page: CFG_NORM, K 1024", GUIDE + "Matmul高阶API使能MDL模板.md; " + PAGE % "10009",
         128, 30720, 1024, (128, 1280), (128, 256, 64), L1_4_4_8_8, NORM, False, 24, "max", 83.68),
    Case("MDL page: CFG_MDL, K 1024", GUIDE + "Matmul高阶API使能MDL模板.md; " + PAGE % "10009",
         128, 30720, 1024, (128, 1280), (128, 256, 64), L1_4_4_8_8, MDL, False, 24, "max", 53.4),
    Case("full static tiling page: TCubeTiling (CFG_MDL)", GUIDE + "Matmul高阶API使能Tiling全量常量化.md; " + PAGE % "10011",
         128, 30720, 64, (128, 1280), (128, 256, 64), L1_4_4_8_8, MDL, False, 24, "max", 10.62),
    Case("full static tiling page: constant tiling", GUIDE + "Matmul高阶API使能Tiling全量常量化.md; " + PAGE % "10011",
         128, 30720, 64, (128, 1280), (128, 256, 64), L1_4_4_8_8, MDL_CONSTANT, False, 24, "max", 7.87),
    Case("UnitFlag page: CFG_MDL (20 AIC, singleCoreN 1536)", GUIDE + "Matmul高阶API使能UnitFlag.md; " + PAGE % "10003",
         128, 30720, 64, (128, 1536), (128, 256, 64), L1_4_4_8_8, MDL, False, 20, "max", 37.39),
    Case("UnitFlag page: CFG_MDL + enUnitFlag", GUIDE + "Matmul高阶API使能UnitFlag.md; " + PAGE % "10003",
         128, 30720, 64, (128, 1536), (128, 256, 64), L1_4_4_8_8, MDL_UNITFLAG, False, 20, "max", 34.66),
    Case("MTE2 Preload page: CFG_MDL", GUIDE + "Matmul高阶API使能MTE2-Preload.md",
         128, 24576, 512, (128, 1024), (128, 128, 64), (1, 1, 8, 8, 8, 16), MDL, False, 24, "mean", 30.88),
    Case("MTE2 Preload page: CFG_MDL + doMTE2Preload 2", GUIDE + "Matmul高阶API使能MTE2-Preload.md",
         128, 24576, 512, (128, 1024), (128, 128, 64), (1, 1, 8, 8, 8, 16), MDL_PRELOAD, False, 24, "mean", 28.50),
    Case("NBuffer33 page: CFG_MDL (2 blocks)", GUIDE + "Matmul高阶API使能NBuffer33模板.md",
         256, 512, 192, (256, 256), (128, 256, 64), (2, 1, 3, 3, 6, 6), MDL, False, 2, "mean", 34.01),
    Case("K reorder page: CFG_MDL, 768x2048x6144", GUIDE + "Matmul高阶API使能多核K轴错峰访问内存.md",
         768, 2048, 6144, (128, 512), (128, 256, 64), L1_4_4_8_8, MDL, False, 24, "task", 98.72),
    Case("K reorder page: CFG_MDL + enableKdimReorderLoad", GUIDE + "Matmul高阶API使能多核K轴错峰访问内存.md",
         768, 2048, 6144, (128, 512), (128, 256, 64), L1_4_4_8_8, MDL_KREORDER, False, 24, "task", 85.68),
    Case("ND2NZ page: CFG_MDL, N 4095 (before ND2NZ on the AIVs)", GUIDE + "AIV核上的ND2NZ格式转换.md",
         1024, 4095, 1024, (128, 1408), (128, 256, 64), L1_4_4_8_8, MDL, False, 24, "max", 149.04),
    # The tiling strategy page: the Matmul driven from the AIVs (MIX), the tiling API asked for
    # 2 x numBlocks cores; the page gives base 64 x 64 x 256 and the core counts, not the
    # single-core split: ours is the even 512-byte-aligned one (2 x 4 blocks of 2048 x 1280 on 8
    # AIVs, 4 x 10 of 1024 x 512 on 40).
    Case("tiling strategy page: 4 cores (8 AIV), base 64x64x256", GUIDE + "Matmul算子优化Tiling策略.md; " + TILING_PAGE,
         4096, 5120, 4096, (2048, 1280), (64, 64, 256), (1, 1, 1, 1, 2, 2), NORM, True, 4, "task", 12045.0, True),
    Case("tiling strategy page: 20 cores (40 AIV), base 64x64x256", GUIDE + "Matmul算子优化Tiling策略.md; " + TILING_PAGE,
         4096, 5120, 4096, (1024, 512), (64, 64, 256), (1, 1, 1, 1, 2, 2), NORM, True, 20, "task", 2532.0, True),
    Case("Matmul constant page (CANN 8.0): 32x32x2048, 1 core", CONSTANT_PAGE,
         32, 32, 2048, (32, 32), (32, 32, 256), (1, 1, 1, 1, 2, 2), NORM, False, 1, "task", 21.88),
]
METRIC = {"max": "aic_time max", "mean": "aic_time mean", "task": "Task Duration"}


def tiling_of(c, bias):
    step_m, step_n, step_ka, step_kb, depth_a1, depth_b1 = c.l1
    blocks = -(-c.m // c.single[0]) * -(-c.n // c.single[1])
    return cube.tcube_tiling(dict(
        usedCoreNum=blocks, M=c.m, N=c.n, Ka=c.k, Kb=c.k, singleCoreM=c.single[0], singleCoreN=c.single[1], singleCoreK=c.k,
        baseM=c.base[0], baseN=c.base[1], baseK=c.base[2], depthA1=depth_a1, depthB1=depth_b1, stepM=step_m, stepN=step_n,
        stepKa=step_ka, stepKb=step_kb, isBias=int(bias), dbL0A=2, dbL0B=2, dbL0C=1))


def meta_of(c, obj, bias=False):
    tiling = tiling_of(c, bias)
    meta = {"version": 1, "kernelName": "matmul_published", "binFileName": obj, "coreType": "MIX" if c.mix else "AIC",
            "blockDim": c.cores, "tilingKey": c.key,
            "params": [{"name": "a", "role": "input", "dtype": "float16", "shape": [c.m, c.k]},
                       {"name": "b", "role": "input", "dtype": "float16", "shape": [c.k, c.n]},
                       {"name": "bias", "role": "input", "dtype": "float32", "shape": [c.n]},
                       {"name": "c", "role": "output", "dtype": "float32", "shape": [c.m, c.n]},
                       {"name": "workspace", "role": "workspace", "bytes": 16 << 20},
                       {"name": "tiling", "role": "tiling", "bytes": len(tiling), "data": tiling.hex()}]}
    if c.mix:
        meta["taskRation"] = "1:2"
    return meta


# Per AIC: its block's span and each pipe's busy time, from the Chrome trace sk_run wrote.
def aic_profile(trace_path):
    with open(trace_path) as f:
        trace = json.load(f)["traceEvents"]
    aic_pid = next(e["pid"] for e in trace if e.get("ph") == "M" and e["name"] == "process_name" and e["args"]["name"] == "AIC cores")
    lanes = {e["tid"]: e["args"]["name"] for e in trace if e.get("ph") == "M" and e["name"] == "thread_name" and e["pid"] == aic_pid}
    spans, busy = collections.defaultdict(float), collections.defaultdict(lambda: collections.defaultdict(float))
    for e in trace:
        if e.get("ph") != "X" or e["pid"] != aic_pid:
            continue
        core, _, pipe = lanes[e["tid"]].partition(" ")
        if pipe:
            busy[core][pipe] += e["dur"]
        else:
            spans[core] += e["dur"]
    return spans, busy


def run_case(bin_dir, work, arch, index, c, arch_json=None, bias=False):
    obj = "matmul_published_%d" % index
    meta_path = os.path.join(work, obj + ".json")
    with open(meta_path, "w") as f:
        json.dump(meta_of(c, obj, bias), f)
    cube.run([os.path.join(bin_dir, "sk_cc"), "--npu-arch=" + arch, "--meta", meta_path] + (["-D", "MATMUL_PUBLISHED_MIX"] if c.mix else []) +
             ["-c", KERNEL, "-o", os.path.join(work, obj + ".o")])
    argv = [os.path.join(bin_dir, "sk_run"), meta_path, "--arch", arch_json or arch, "-q"]
    if c.long:  # a trace of minutes of simulation is large; the published figure is the Task Duration
        out = cube.run(argv + ["--timeout-ms", "1800000"])
        return cube.task_us(out), cube.device_us(out), 0.0, {}
    trace = os.path.join(work, obj + ".trace.json")
    out = cube.run(argv + ["--trace", trace])
    device = cube.device_us(out)
    spans, busy = aic_profile(trace)
    os.remove(trace)
    worst = max(spans, key=spans.get)
    simulated = {"max": spans[worst], "mean": sum(spans.values()) / len(spans), "task": cube.task_us(out)}[c.metric]
    return simulated, device, spans[worst], busy[worst]


def each_row(bin_dir, work, arch=None, include_long=False, arch_json=None, only=None, bias=False):
    if arch not in (None, "dav-2201"):
        return
    for i, c in enumerate(CASES):
        if (c.long and not include_long) or (only and not re.search(only, c.name)):
            continue
        simulated, device, span, busy = run_case(bin_dir, work, "dav-2201", i, c, arch_json, bias)
        yield {"arch": "dav-2201", "case": c.name, "published_us": c.published, "simulated_us": simulated, "source": c.source,
               "metric": METRIC[c.metric], "device_us": device, "aic_span_us": span, "pipes_us": dict(busy)}


def rows(bin_dir, work, arch=None, include_long=False, arch_json=None):
    """The cases of `arch` (all are dav-2201, Atlas A2) as dicts: arch, case, published_us, simulated_us, source,
    plus metric, device_us and the busiest AIC's block span and pipe busy times (us; none for the long cases).
    include_long adds the two cases of minutes; arch_json runs sk_run with that arch spec instead (a what-if of
    the cost model)."""
    return list(each_row(bin_dir, work, arch, include_long, arch_json))


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--build", default=os.path.join(cube.ROOT, "build"), help="build directory (default: build)")
    p.add_argument("--arch", default="dav-2201", choices=["dav-2201", "dav-3510"], help="only dav-2201 has published cases")
    p.add_argument("--long", action="store_true", help="also run the tiling strategy page's 4096x5120x4096 cases (minutes)")
    p.add_argument("--arch-json", help="run sk_run with this arch spec (a what-if copy of arch/dav-2201.json)")
    p.add_argument("--case", help="only the cases whose name matches this regular expression")
    p.add_argument("--bias", action="store_true", help="add the float bias of the pages' sample kernel (where N %% 16 == 0)")
    args = p.parse_args()
    bin_dir = os.path.join(args.build, "bin")
    missing = cube.missing_tool(bin_dir, ("sk_cc", "sk_run"))
    if missing:
        print(missing, file=sys.stderr)
        return 2
    if args.arch_json and not os.path.isfile(args.arch_json):
        print("matmul_published: --arch-json %s: no such file" % args.arch_json, file=sys.stderr)
        return 2
    try:
        re.compile(args.case or "")
    except re.error as e:
        print("matmul_published: --case %s: not a regular expression (%s)" % (args.case, e), file=sys.stderr)
        return 2
    print("| arch | case | figure | published (us) | simulated (us) | error | device (us) | busiest AIC: S / M / MTE1 / MTE2 / FIX busy (us) |")
    print("|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory(prefix="sk_matmul_published_") as work:
        for r in each_row(bin_dir, work, args.arch, args.long, args.arch_json, args.case, args.bias):
            pipes = " / ".join("%.2f" % r["pipes_us"].get(k, 0.0) for k in ("S", "M", "MTE1", "MTE2", "FIX")) if r["pipes_us"] else "no trace"
            error = 100.0 * (r["simulated_us"] - r["published_us"]) / r["published_us"]
            print("| %s | %s | %s | %.2f | %.2f | %+.1f%% | %.2f | %s |" % (r["arch"], r["case"], r["metric"], r["published_us"],
                                                                       r["simulated_us"], error, r["device_us"], pipes), flush=True)
    print("sources: each case's page: %s (DK = cannmirror/asc-devkit 0da921b9, the markdown of the hiascend best-practice pages)" % GUIDE)
    return 0


if __name__ == "__main__":
    sys.exit(main())
