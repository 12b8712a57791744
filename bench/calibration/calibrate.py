#!/usr/bin/env python3
"""Runs published Ascend measurements on the simulator and compares virtual with measured time.

Each case is a kernel of bench/calibration compiled by sk_cc and run by sk_run at the shape and
core count of its source; the figure compared is the device time (virtual) against the
published Task Duration. Prints one row per case and ends with
"calibration: N/M within ±TOL%"; exits 1 when a case is outside the tolerance, 2 on bad usage.
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
ADD_STUDY = "DK examples/01_simd_cpp_api/05_best_practices/00_vector_compute/add_high_performance/README.md"

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


def run(argv):
    result = subprocess.run(argv, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit("calibrate: %s failed (exit %d):\n%s" % (" ".join(argv), result.returncode, result.stderr))
    return result.stdout


def run_case(bin_dir, work, index, case):
    arch, _, key, cores, dcl, cf, _ = case
    name = "case%d" % index
    meta = os.path.join(work, name + ".json")
    with open(meta, "w") as f:
        json.dump(add_meta(key, cores, dcl, cf, name), f)
    run([os.path.join(bin_dir, "sk_cc"), "--npu-arch=" + arch, "--meta", meta, "-I", HERE,
         "-include", "add_cases_tiling.h", "-c", os.path.join(HERE, "add_cases.cpp"),
         "-o", os.path.join(work, name + ".o")])
    out = run([os.path.join(bin_dir, "sk_run"), meta, "--arch", arch, "-q"])
    match = re.search(r"device time \(virtual\): ([0-9.]+) us", out)
    if not match:
        sys.exit("calibrate: sk_run printed no device time:\n" + out)
    return float(match.group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(HERE, "..", "..", "build"), help="build directory (default: build)")
    parser.add_argument("--tolerance", type=float, default=20.0, help="allowed error in percent (default 20)")
    parser.add_argument("--arch", choices=["dav-2201", "dav-3510"], help="run only the cases of one arch")
    parser.add_argument("--skip-scalar", action="store_true", help="leave out the element-by-element cases (the slowest)")
    args = parser.parse_args()
    bin_dir = os.path.join(args.build, "bin")
    for tool in ("sk_cc", "sk_run"):
        if not os.access(os.path.join(bin_dir, tool), os.X_OK):
            print("calibrate: %s/%s not found: build the project first or pass --build DIR" % (bin_dir, tool), file=sys.stderr)
            return 2
    cases = [c for c in CASES if (not args.arch or c[0] == args.arch) and not (args.skip_scalar and c[2] == 0)]
    print("| arch | case | published (us) | simulated (us) | error |")
    print("|---|---|---|---|---|")
    within = 0
    with tempfile.TemporaryDirectory(prefix="sk_calibration_") as work:
        for i, case in enumerate(cases):
            simulated = run_case(bin_dir, work, i, case)
            published = case[6]
            error = 100.0 * (simulated - published) / published
            ok = abs(error) <= args.tolerance
            within += ok
            print("| %s | %s | %.2f | %.2f | %+.1f%%%s |" % (case[0], case[1], published, simulated, error, "" if ok else " (outside)"),
                  flush=True)
    print("sources: " + "; ".join(sorted({SOURCE[c[0]] for c in cases})))
    print("calibration: %d/%d within ±%g%%" % (within, len(cases), args.tolerance))
    return 0 if within == len(cases) else 1


if __name__ == "__main__":
    sys.exit(main())
