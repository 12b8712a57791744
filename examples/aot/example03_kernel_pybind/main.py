"""AOT example 03: a custom AscendC op (ops/aclgraph_add_ops: add_custom, with SK_BIND) used
from Python through its pybind11 extension, eagerly:

    s   = op_extension.add_custom(x, y)
    out = op_extension.add_custom(s, x)

checked against numpy, with the inputs and the eager result written for the static run (run.sh
fuses the two launches into one super kernel, packages, installs and runs it by name).

    PYTHONPATH=tmp/python_packages:build/python python3 main.py dav-2201|dav-3510 IN_DIR EAGER_DIR
"""
import os
import sys

import numpy as np

import op_extension
import superkernel as sk

N = 16384


def main():
    arch, in_dir, eager_dir = sys.argv[1:4]
    if op_extension.NPU_ARCH != arch:
        sys.exit(f"ERROR: op_extension was built for {op_extension.NPU_ARCH}, not {arch}")
    sk.set_arch(arch)
    rng = np.random.default_rng(2024)
    x = rng.uniform(-2, 2, N).astype(np.float16)
    y = rng.uniform(-2, 2, N).astype(np.float16)
    s = op_extension.add_custom(sk.tensor(x), sk.tensor(y))
    out = op_extension.add_custom(s, sk.tensor(x)).numpy()
    want = (x + y) + x  # numpy's float16 add rounds the exact sum once, as the vector unit does
    bad = int(np.count_nonzero(out != want))
    print(f"[eager] {sk.soc_name()}: op_extension.add_custom twice on {N} float16 elements; {bad} differ from numpy")
    os.makedirs(in_dir, exist_ok=True)
    os.makedirs(eager_dir, exist_ok=True)
    x.tofile(os.path.join(in_dir, "x.bin"))
    y.tofile(os.path.join(in_dir, "y.bin"))
    out.tofile(os.path.join(eager_dir, "out.bin"))
    try:
        op_extension.add_custom(sk.tensor(x), sk.zeros((N,), "float32"))
        return 1
    except ValueError as e:
        print(f"[eager] bad input is refused: {e}")
    return 0 if bad == 0 else 3


if __name__ == "__main__":
    sys.exit(main())
