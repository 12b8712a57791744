#!/usr/bin/env python3
"""Tensor helpers of the AOT examples (examples/aot/*/run.sh).

  tensors.py gen DIR NAME=DTYPE:COUNT...      deterministic input files DIR/NAME.bin
  tensors.py eager OP_LIST SK_RUN ARCH IN_DIR OUT_DIR
                                              run the op list eagerly: each op on its own with
                                              sk_run (no SuperKernel), tensors by bound name;
                                              every tensor ends up in OUT_DIR/<name>.bin
  tensors.py compare A_DIR B_DIR NAME...      byte-compare A_DIR/NAME.bin with B_DIR/NAME.bin

Values are small multiples of 1/32 (float32) or 1/64 (float16): exact in their type, so sums and
products by small powers of two are exact too and host references can compare bit for bit.
"""
import json
import os
import shutil
import struct
import subprocess
import sys

FORMATS = {"float32": "f", "float16": "e"}


def values(name, count, dtype):
    seed = sum(ord(c) * 131 ** i for i, c in enumerate(name)) & 0xFFFFFFFF
    scale = 32.0 if dtype == "float32" else 64.0
    out = []
    for _ in range(count):
        seed = (seed * 1664525 + 1013904223) & 0xFFFFFFFF
        out.append(((seed >> 24) - 128) / scale)
    return out


def gen(out_dir, specs):
    os.makedirs(out_dir, exist_ok=True)
    for spec in specs:
        name, rest = spec.split("=")
        dtype, count = rest.split(":")
        data = values(name, int(count), dtype)
        with open(os.path.join(out_dir, name + ".bin"), "wb") as f:
            f.write(struct.pack("<%d%s" % (len(data), FORMATS[dtype]), *data))


def eager(op_list, sk_run, arch, in_dir, out_dir):
    base = os.path.dirname(os.path.abspath(op_list))
    with open(op_list) as f:
        ops = json.load(f)["op_list"]
    tensors = {n[:-4]: os.path.join(in_dir, n) for n in os.listdir(in_dir) if n.endswith(".bin")}
    work = os.path.join(out_dir, "ops")
    os.makedirs(work, exist_ok=True)
    for i, op in enumerate(ops):
        meta_path = os.path.join(base, op.get("json_path") or op["bin_path"][:-2] + ".json")
        with open(meta_path) as f:
            meta = json.load(f)
        bind = op.get("bind", {})
        op_dir = os.path.join(work, "%02d_%s" % (i, meta["kernelName"]))
        os.makedirs(op_dir, exist_ok=True)
        args = [sk_run, meta_path, "--arch", arch, "-q", "--output-dir", op_dir]
        for p in meta["params"]:
            if p["role"] == "input":
                args += ["--input", "%s=%s" % (p["name"], tensors[bind.get(p["name"], p["name"])])]
        print("[eager] op %d: %s" % (i, meta["kernelName"]), flush=True)
        subprocess.run(args, check=True, stdout=subprocess.DEVNULL)
        for p in meta["params"]:
            if p["role"] == "output":
                tensors[bind.get(p["name"], p["name"])] = os.path.join(op_dir, p["name"] + ".bin")
    for name, path in tensors.items():
        shutil.copyfile(path, os.path.join(out_dir, name + ".bin"))


def compare(a_dir, b_dir, names):
    bad = 0
    for name in names:
        a = open(os.path.join(a_dir, name + ".bin"), "rb").read()
        b = open(os.path.join(b_dir, name + ".bin"), "rb").read()
        if a == b:
            print("[compare] %s: %d bytes identical" % (name, len(a)))
        else:
            first = next((i for i in range(min(len(a), len(b))) if a[i] != b[i]), min(len(a), len(b)))
            print("ERROR: %s differs (%d vs %d bytes, first difference at byte %d)" % (name, len(a), len(b), first),
                  file=sys.stderr)
            bad = 1
    return bad


def main(argv):
    if len(argv) >= 3 and argv[1] == "gen":
        gen(argv[2], argv[3:])
        return 0
    if len(argv) == 7 and argv[1] == "eager":
        eager(*argv[2:])
        return 0
    if len(argv) >= 4 and argv[1] == "compare":
        return compare(argv[2], argv[3], argv[4:])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
