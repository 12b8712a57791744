#!/usr/bin/env python3
"""How much of the cube's peak the simulator gives: resident operands, and a tiled GEMM written
the way public kernels are (the high-level Matmul API: GM -> L1 double-buffered -> L0A/L0B
double-buffered -> Mmad -> Fixpipe), on every AIC of the part.

The peak is the arch's: AIC count x one 16x16x16 fp16 fractal (8192 FLOP) per cubeFractalCyclesF16
x clock. Prints a markdown table (bench/README.md); exits 2 on bad usage.
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
ROOT = os.path.join(HERE, "..", "..")
MATMUL_API = os.path.join(ROOT, "tests", "ascendc", "kernels", "matmul_api")
TILING_FIELDS = ("usedCoreNum M N Ka Kb singleCoreM singleCoreN singleCoreK baseM baseN baseK depthA1 depthB1 stepM stepN "
                 "isBias transLength iterateOrder shareMode shareL1Size shareL0CSize shareUbSize batchM batchN singleBatchM "
                 "singleBatchN stepKa stepKb depthAL1CacheUB depthBL1CacheUB dbL0A dbL0B dbL0C").split()


# The bytes of a TCubeTiling (kernel_tiling/kernel_tiling.h: 50 int32 fields, those not named 0).
def tcube_tiling(fields):
    unknown = set(fields) - set(TILING_FIELDS)
    if unknown:
        raise ValueError("TCubeTiling has no field %s" % ", ".join(sorted(unknown)))
    return struct.pack("<50i", *[fields.get(f, 0) for f in TILING_FIELDS] + [0] * (50 - len(TILING_FIELDS)))


# Shared by the calibration scripts (calibrate.py, matmul_published.py): messages name the script run.
PROG = os.path.splitext(os.path.basename(sys.argv[0]))[0]


def run(argv):
    r = subprocess.run(argv, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("%s: %s failed (exit %d):\n%s" % (PROG, " ".join(argv), r.returncode, r.stderr))
    return r.stdout


def sk_run_time_us(out, what):
    m = re.search(r"%s time \(virtual\): +([0-9.]+) us" % what, out)
    if not m:
        sys.exit("%s: sk_run printed no %s time:\n%s" % (PROG, what, out))
    return float(m.group(1))


def device_us(out):
    """sk_run's device time: the kernels' start-ups included."""
    return sk_run_time_us(out, "device")


def task_us(out):
    """sk_run's task time: msprof's Task Duration, the start-ups excluded."""
    return sk_run_time_us(out, "task")


def missing_tool(bin_dir, tools):
    """The first of `tools` not built in bin_dir, as the message to print (exit 2), or None."""
    for tool in tools:
        if not os.access(os.path.join(bin_dir, tool), os.X_OK):
            return "%s: %s/%s not found: build the project first or pass --build DIR" % (PROG, bin_dir, tool)
    return None


def arch_of(name):
    with open(os.path.join(ROOT, "arch", name + ".json")) as f:
        a = json.load(f)
    return {k: v["value"] for k, v in a.items() if isinstance(v, dict) and "value" in v}


def peak_tflops(a):
    return a["aicCores"] * 8192 / a["cubeFractalCyclesF16"] * a["clockMHz"] * 1e6 / 1e12


# The steady state of one AIC on resident operands: the time `extra` more Mmads take (launch
# and start-up cancel out), scaled to every AIC (they share nothing).
def resident(bin_dir, work, arch, a, base=(128, 256, 64), loops=16, extra=64):
    bm, bn, bk = base
    times = []
    for n in (loops, loops + extra):
        meta = {"version": 1, "kernelName": "cube_peak", "binFileName": "cube_peak", "coreType": "AIC", "blockDim": 1,
                "params": [{"name": "c", "role": "output", "dtype": "float32", "shape": [bm, bn]},
                           {"name": "workspace", "role": "workspace", "bytes": 0},
                           {"name": "tiling", "role": "tiling", "bytes": 16, "data": struct.pack("<4I", n, bm, bn, bk).hex()}]}
        path = os.path.join(work, "cube_peak.json")
        json.dump(meta, open(path, "w"))
        run([os.path.join(bin_dir, "sk_cc"), "--npu-arch=" + arch, "--meta", path, "-c", os.path.join(HERE, "cube_peak.cpp"),
             "-o", os.path.join(work, "cube_peak.o")])
        times.append(device_us(run([os.path.join(bin_dir, "sk_run"), path, "--arch", arch, "-q"])))
    flops = 2.0 * extra * bm * bn * bk * a["aicCores"]
    return "resident operands: %d more Mmad %dx%dx%d (steady state, per AIC x %d)" % (extra, bm, bn, bk, a["aicCores"]), \
        times[1] - times[0], flops


def gemm(bin_dir, work, arch, a, m, n, k, single_m, single_n, base):
    cores = (m // single_m) * (n // single_n)
    fields = dict(usedCoreNum=cores, M=m, N=n, Ka=k, Kb=k, singleCoreM=single_m, singleCoreN=single_n, singleCoreK=k,
                  baseM=base[0], baseN=base[1], baseK=base[2], depthA1=2, depthB1=2, stepM=1, stepN=1, stepKa=1, stepKb=1,
                  dbL0A=2, dbL0B=2, dbL0C=1)
    tiling = tcube_tiling(fields)
    meta = {"version": 1, "kernelName": "matmul_api", "binFileName": "matmul_api", "coreType": "AIC", "blockDim": cores,
            "tilingKey": 2,
            "params": [{"name": "a", "role": "input", "dtype": "float16", "shape": [m, k]},
                       {"name": "b", "role": "input", "dtype": "float16", "shape": [n, k]},
                       {"name": "bias", "role": "input", "dtype": "float32", "shape": [n]},
                       {"name": "c", "role": "output", "dtype": "float16", "shape": [m, n]},
                       {"name": "workspace", "role": "workspace", "bytes": 16 << 20},
                       {"name": "tiling", "role": "tiling", "bytes": len(tiling), "data": tiling.hex()}]}
    path = os.path.join(work, "matmul_api.json")
    json.dump(meta, open(path, "w"))
    run([os.path.join(bin_dir, "sk_cc"), "--npu-arch=" + arch, "--meta", path, "-I", MATMUL_API, "-include", "matmul_api_tiling.h",
         "-c", os.path.join(MATMUL_API, "matmul_api.cpp"), "-o", os.path.join(work, "matmul_api.o")])
    us = device_us(run([os.path.join(bin_dir, "sk_run"), path, "--arch", arch, "-q"]))
    what = "Matmul API GEMM %dx%dx%d fp16 (B^T), %d AICs, base %dx%dx%d" % (m, n, k, cores, base[0], base[1], base[2])
    return what, us, 2.0 * m * n * k


def gemm_mdl(bin_dir, work, arch, m, n, k, single_m, single_n, base):
    """The same product through the MDL template, as the vendor's tuning pages run large shapes: B stored K x N,
    float C, stepKa = stepKb = 4 baseK steps per GM -> L1 packet, two packets in L1 (matmul_published.cpp)."""
    import matmul_published as mp  # (it imports this module)
    cores = (m // single_m) * (n // single_n)
    case = mp.Case("", "", m, n, k, (single_m, single_n), base, (1, 1, 4, 4, 8, 8), mp.MDL, False, cores, "task", 0.0)
    _, us, _, _ = mp.run_case(bin_dir, work, arch, 0, case)
    what = "Matmul API GEMM %dx%dx%d fp16, CFG_MDL (stepK 4), %d AICs, base %dx%dx%d" % (m, n, k, cores, base[0], base[1], base[2])
    return what, us, 2.0 * m * n * k


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--build", default=os.path.join(ROOT, "build"), help="build directory (default: build)")
    p.add_argument("--arch", default="dav-2201", choices=["dav-2201", "dav-3510"])
    args = p.parse_args()
    bin_dir = os.path.join(args.build, "bin")
    missing = missing_tool(bin_dir, ("sk_cc", "sk_run"))
    if missing:
        print(missing, file=sys.stderr)
        return 2
    a = arch_of(args.arch)
    peak = peak_tflops(a)
    print("| arch | kernel | device (us) | TFLOPS | of peak (%.1f TFLOPS) |" % peak)
    print("|---|---|---|---|---|")
    with tempfile.TemporaryDirectory(prefix="sk_cube_") as work:
        cores = a["aicCores"]
        cases = [lambda: resident(bin_dir, work, args.arch, a)]
        for m, k in ((1024, 1024), (2048, 2048)):  # N: one 256-wide column of C per AIC of each 4 x (cores / 4) grid
            n = 256 * cores // 4 * m // 1024
            cases.append(lambda m=m, n=n, k=k: gemm(bin_dir, work, args.arch, a, m, n, k, m // 4, 256 * m // 1024, (128, 256, 64)))
            cases.append(lambda m=m, n=n, k=k: gemm_mdl(bin_dir, work, args.arch, m, n, k, m // 4, 256 * m // 1024, (128, 256, 64)))
        for case in cases:
            what, us, flops = case()
            tflops = flops / (us * 1e-6) / 1e12
            print("| %s | %s | %.2f | %.1f | %.1f%% |" % (args.arch, what, us, tflops, 100 * tflops / peak), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
