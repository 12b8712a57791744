#!/usr/bin/env python3
"""Runs published Ascend measurements on the simulator and compares its figures with the hardware's.

Each workload is a kernel compiled by sk_cc and run by sk_run (or a program of the build) at the
shape and core count of its source: the Add study's cases (device time against the published
Task Duration, the double-buffering gain, the vector unit's cycles per repeat), the start-up and
block-dispatch fits, the cube's peak, CANN's six-scope SuperKernel sample and the published
Matmul cases (matmul_published.py). Prints one row per figure, the sources, and ends with
"calibration: N/M within ±TOL%"; exits 1 when a figure is outside the tolerance, 2 on bad usage.
"""
import argparse
import json
import os
import re
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import cube  # noqa: E402
import matmul_published  # noqa: E402
ADD_STUDY = "DK examples/01_simd_cpp_api/05_best_practices/00_vector_compute/add_high_performance/README.md"

ADD_VECTOR_SOURCE = ("../shared/research/ascendc_api_and_hw.md §2.5: the Add study's vector time after bank-conflict "
                     "removal, 6.954 us for 10,923 repeats per AIV at 1.85 GHz (DK Add矢量算子实践/高阶性能打磨.md)")
PTO_FITS = "on-board fits: PTO fa_cost_model.py launch_overhead_cycles 10,905 and NPU_BLOCK_DISPATCH_CYCLES 2,000"
CUBE_SOURCE = "910B2 peak: 24 AIC x one 16x16x16 fp16 fractal per cycle x 1.8 GHz (../shared/research/ascendc_api_and_hw.md §2.6)"
SK_SAMPLE_SOURCE = ("CANN super_kernel/examples/jit/example02_super_kernel_profiling/README.md: op_statistic totals of "
                    "the op types its scopes fuse, GroupedMatmul 126.26 + MoeGatingTopK 68.32 + DequantSwigluQuant 24.18 us "
                    "without SK, SuperKernel 172.4 + 18.48 us with SK (the network's 407.54 / 384.66 us also counts the ops "
                    "outside the scopes; its shapes are its own, ours: examples/jit/common/moe_network.h)")
# Task Durations summed over the op types the sample's scopes fuse, without and with SK.
SK_SAMPLE_FUSED_US = (126.26 + 68.32 + 24.18, 172.4 + 18.48)

# The table of the study each arch's figures come from.
SOURCE = {"dav-2201": ADD_STUDY + ", Atlas A2 table", "dav-3510": ADD_STUDY + ", Ascend 950 table"}

# (arch, case, tiling key, cores, dataCopyLen, conflict-free layout, published Task Duration us)
# Tiling keys of add_cases.cpp: 0 scalar, 1 single buffer, 2 double buffer, 3 double buffer + L2 hint.
CASES = [
    ("dav-2201", "add case 0 (scalar, 1 core)", 0, 1, 4096, 0, 1239689.1),
    ("dav-2201", "add case 1 (vector, 1 core)", 1, 1, 4096, 0, 6909.6),
    ("dav-2201", "add case 2 (48 cores, 8 KiB copies)", 1, 48, 4096, 0, 306.58),
    ("dav-2201", "add case 3 (48 cores, 32 KiB copies)", 1, 48, 16384, 0, 268.5),
    ("dav-2201", "add case 4 (double buffer)", 2, 48, 16384, 0, 264.02),
    ("dav-2201", "add case 5 (+ L2 bypass of the inputs)", 3, 48, 16384, 0, 187.68),
    ("dav-2201", "add case 6 (+ conflict-free UB layout)", 3, 48, 16256, 1, 184.52),
    ("dav-3510", "add case 0 (scalar, 1 core)", 0, 1, 4096, 0, 1228475.4),
    ("dav-3510", "add case 1 (vector, 1 core)", 1, 1, 4096, 0, 8924.0),
    ("dav-3510", "add case 2 (64 cores, 8 KiB copies)", 1, 64, 4096, 0, 310.489),
    ("dav-3510", "add case 3 (64 cores, 42.5 KiB copies)", 1, 64, 21760, 0, 251.684),
    # Cases 4 and 5 of the 950 table double-buffer 21760-element tiles: six such buffers
    # (255 KiB) do not fit the 248 KiB UB and the study does not show its 950 layout.
]
ROWS = COLS = 8192


def add_meta(key, cores, data_copy_len, conflict_free, obj):
    tiling = struct.pack("<IIII", ROWS, COLS, data_copy_len, conflict_free)
    tensor = {"dtype": "float16", "shape": [ROWS, COLS]}
    return {
        "version": 1, "kernelName": "add_cases", "binFileName": obj, "coreType": "AIV",
        "blockDim": cores, "tilingKey": key,
        "params": [dict(name="x", role="input", **tensor), dict(name="y", role="input", **tensor),
                   dict(name="z", role="output", **tensor), {"name": "workspace", "role": "workspace", "bytes": 0},
                   {"name": "tiling", "role": "tiling", "bytes": len(tiling), "data": tiling.hex()}],
    }


def run_case(bin_dir, work, index, case, trace=None):
    arch, _, key, cores, dcl, cf, _ = case
    name = "case%d" % index
    meta = os.path.join(work, name + ".json")
    with open(meta, "w") as f:
        json.dump(add_meta(key, cores, dcl, cf, name), f)
    cube.run([os.path.join(bin_dir, "sk_cc"), "--npu-arch=" + arch, "--meta", meta, "-I", HERE,
         "-include", "add_cases_tiling.h", "-c", os.path.join(HERE, "add_cases.cpp"),
         "-o", os.path.join(work, name + ".o")])
    # the study publishes Task Durations
    return cube.task_us(cube.run([os.path.join(bin_dir, "sk_run"), meta, "--arch", arch, "-q"] + (["--trace", trace] if trace else [])))


def row(arch, workload, unit, published, simulated, source):
    return dict(arch=arch, workload=workload, unit=unit, published=published, simulated=simulated, source=source)


def pipe_busy_us(trace_path, core, pipe, op):
    """Time the lane `<core> <pipe>` of a trace spent in instructions named `op`."""
    with open(trace_path) as f:
        events = json.load(f)["traceEvents"]
    lanes = {(e["pid"], e["tid"]) for e in events if e["ph"] == "M" and e["name"] == "thread_name"
             and e["args"]["name"] == "%s %s" % (core, pipe)}
    return sum(e["dur"] for e in events if e["ph"] == "X" and e["name"] == op and (e["pid"], e["tid"]) in lanes)


def add_rows(bin_dir, work, arch, skip_scalar):
    """The Add study's cases; on the A2 also its double-buffering gain and the vector unit's
    cycles per repeat (measured from the V lane of one core in case 6)."""
    rows, by_case = [], {}
    for i, case in enumerate(CASES):
        if case[0] != arch or (skip_scalar and case[2] == 0):
            continue
        trace = os.path.join(work, "add_trace.json") if case[1].startswith("add case 6") else None
        by_case[case[1][:10]] = us = run_case(bin_dir, work, i, case, trace)
        rows.append(row(arch, case[1], "us", case[6], us, SOURCE[arch]))
        if trace:
            # aiv0's rows of 8192 halves (add_cases.cpp gives the first ROWS % cores cores one
            # more), 128 halves per 256-byte repeat.
            repeats = (ROWS // case[3] + (1 if ROWS % case[3] else 0)) * COLS / 128
            cycles = pipe_busy_us(trace, "aiv0", "V", "add") * cube.arch_of(arch)["clockMHz"]
            rows.append(row(arch, "Add vector time per repeat (case 6, aiv0)", "cycles/repeat", 1.18, cycles / repeats,
                            ADD_VECTOR_SOURCE))
    if "add case 3" in by_case and "add case 4" in by_case:
        rows.append(row(arch, "double buffering: case 4 / case 3 time", "ratio", 264.02 / 268.5,
                        by_case["add case 4"] / by_case["add case 3"], SOURCE[arch]))
    return rows


def launch_rows(bin_dir, work, arch):
    """An empty kernel: one block pays the start-up and one block dispatch; a second wave of
    blocks on the same cores pays the dispatch again (the on-board fits of dav-2201)."""
    if arch != "dav-2201":
        return []
    cores = cube.arch_of(arch)["aivCores"]
    times = {}
    for blocks in (1, cores, 2 * cores):
        meta = {"version": 1, "kernelName": "launch_costs", "binFileName": "launch_costs", "coreType": "AIV",
                "blockDim": blocks, "params": [{"name": "workspace", "role": "workspace", "bytes": 0},
                                               {"name": "tiling", "role": "tiling", "bytes": 4, "data": "00000000"}]}
        path = os.path.join(work, "launch_costs.json")
        with open(path, "w") as f:
            json.dump(meta, f)
        cube.run([os.path.join(bin_dir, "sk_cc"), "--npu-arch=" + arch, "--meta", path, "-c", os.path.join(HERE, "launch_costs.cpp"),
             "-o", os.path.join(work, "launch_costs.o")])
        times[blocks] = cube.device_us(cube.run([os.path.join(bin_dir, "sk_run"), path, "--arch", arch, "-q"]))
    mhz = cube.arch_of(arch)["clockMHz"]
    return [row(arch, "empty kernel, 1 block: start-up + block dispatch", "cycles", 10905 + 2000, times[1] * mhz, PTO_FITS),
            row(arch, "empty kernel: a second wave of %d blocks" % cores, "cycles", 2000,
                (times[2 * cores] - times[cores]) * mhz, PTO_FITS)]


def cube_rows(bin_dir, work, arch):
    """The cube's peak on resident operands (cube.py) against the part's: one fp16 fractal per
    cycle per AIC."""
    if arch != "dav-2201":
        return []
    a = cube.arch_of(arch)
    _, us, flops = cube.resident(bin_dir, work, arch, a)
    return [row(arch, "cube peak, fp16 operands resident in L0A/L0B", "TFLOPS", 353.9, flops / (us * 1e-6) / 1e12,
                CUBE_SOURCE)]


def superkernel_rows(bin_dir, arch):
    """CANN's six-scope SuperKernel sample: the op time of the ops its scopes fuse, without SK over
    with SK, against the seed's six-scope network on our op library (moe_bench), whose ops are
    all inside scopes."""
    if arch != "dav-2201":
        return []
    env = dict(os.environ, SK_ARCH=arch)
    result = subprocess.run([os.path.join(bin_dir, "moe_bench")], capture_output=True, text=True, env=env)
    if result.returncode != 0:
        sys.exit("calibrate: moe_bench failed (exit %d):\n%s" % (result.returncode, result.stderr))
    line = next((l for l in result.stdout.splitlines() if "six-scope" in l), None)
    if not line:
        sys.exit("calibrate: moe_bench printed no six-scope row:\n" + result.stdout)
    eager, fused = [float(v) for v in re.findall(r"([0-9.]+) us", line)[-2:]]
    return [row(arch, "SuperKernel six-scope MoE sample: op time of the fused ops without / with SK", "ratio",
                SK_SAMPLE_FUSED_US[0] / SK_SAMPLE_FUSED_US[1],
                eager / fused, SK_SAMPLE_SOURCE)]


def matmul_rows(bin_dir, work, arch):
    """The vendor's published Matmul tuning cases (matmul_published.py), each on its own figure."""
    return [row(r["arch"], r["case"] if r["case"].startswith("Matmul") else "Matmul " + r["case"], "us (%s)" % r["metric"], r["published_us"], r["simulated_us"],
                r["source"]) for r in matmul_published.rows(bin_dir, work, arch)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(HERE, "..", "..", "build"), help="build directory (default: build)")
    parser.add_argument("--tolerance", type=float, default=20.0, help="allowed error in percent (default 20)")
    parser.add_argument("--arch", choices=["dav-2201", "dav-3510"], help="run only the workloads of one arch")
    parser.add_argument("--skip-scalar", action="store_true", help="leave out the element-by-element cases (the slowest)")
    args = parser.parse_args()
    bin_dir = os.path.join(args.build, "bin")
    missing = cube.missing_tool(bin_dir, ("sk_cc", "sk_run", "moe_bench"))
    if missing:
        print(missing, file=sys.stderr)
        return 2
    print("| arch | workload | unit | published | simulated | error | source |")
    print("|---|---|---|---|---|---|---|")
    within = total = 0
    sources = []
    with tempfile.TemporaryDirectory(prefix="sk_calibration_") as work:
        for arch in [a for a in ("dav-2201", "dav-3510") if not args.arch or a == args.arch]:
            for rows in (lambda: add_rows(bin_dir, work, arch, args.skip_scalar), lambda: launch_rows(bin_dir, work, arch),
                         lambda: cube_rows(bin_dir, work, arch), lambda: superkernel_rows(bin_dir, arch),
                         lambda: matmul_rows(bin_dir, work, arch)):
                for r in rows():
                    error = 100.0 * (r["simulated"] - r["published"]) / r["published"]
                    ok = abs(error) <= args.tolerance
                    within += ok
                    total += 1
                    if r["source"] not in sources:
                        sources.append(r["source"])
                    print("| %s | %s | %s | %s | %s | %+.1f%%%s | [%d] |" % (
                        r["arch"], r["workload"], r["unit"], figure(r["published"]), figure(r["simulated"]), error,
                        "" if ok else " (outside)", sources.index(r["source"]) + 1), flush=True)
    for i, source in enumerate(sources):
        print("[%d] %s" % (i + 1, source))
    print("calibration: %d/%d within ±%g%%" % (within, total, args.tolerance))
    return 0 if within == total else 1


def figure(v):
    return "%.2f" % v if v >= 10 else "%.3f" % v


if __name__ == "__main__":
    sys.exit(main())
