#!/usr/bin/python3
"""Gives the metadata sk_cc --emit-meta wrote for scalar_fusion.asc the facts only a launch knows:
blockDim 4, 2048 float32 elements per GM param, the output of each kernel.
usage: complete_meta.py KERNEL_DIR"""
import json
import sys

d = sys.argv[1]
for kernel, output in {"scale_tiles": "y", "add_tiles": "c"}.items():
    path = f"{d}/{kernel}.json"
    with open(path) as f:
        m = json.load(f)
    assert m["emittedBy"].startswith("sk_cc --emit-meta"), m
    m["blockDim"] = 4
    for p in m["params"]:
        if p["role"] == "input":
            p["shape"] = [2048]
            p["dtype"] = "float32"
            if p["name"] == output:
                p["role"] = "output"
    with open(path, "w") as f:
        json.dump(m, f, indent=1)
with open(f"{d}/scale_tiles.json") as f:
    params = [(p["name"], p["role"], p.get("dtype"), p.get("bytes")) for p in json.load(f)["params"]]
# what sk_cc found in the source: names, GM addresses of float, a float and an int by value
assert params == [("x", "input", "float32", None), ("y", "output", "float32", None),
                  ("alpha", "scalar", "float32", 4), ("tiles", "scalar", "int32", 4)], params
