#!/usr/bin/env python3
"""Inputs and host references for the demo ops, in plain Python (no numpy).

  reference.py gen   OP DIR   write OP's inputs as raw little-endian files into DIR
  reference.py check OP DIR   compare DIR/<output>.bin with the host reference; exit 1 on mismatch

float32 arithmetic is reproduced exactly: each +, *, / and sqrt is computed in double and
rounded to float32, which gives the correctly rounded float32 result (double has more than
2 * 24 + 2 significand bits). float16 uses struct's IEEE binary16 ('e', round to nearest even).
"""
import math
import os
import struct
import sys


def f32(x):
    return struct.unpack('<f', struct.pack('<f', x))[0]


def f16(x):
    return struct.unpack('<e', struct.pack('<e', x))[0]


def values(n, seed, scale=2.0):
    s = (seed * 2654435761 + 1) & 0xffffffff
    out = []
    for _ in range(n):
        s = (s * 1664525 + 1013904223) & 0xffffffff
        out.append(((s >> 8) / float(1 << 24) - 0.5) * scale)
    return out


def write(path, fmt, vals):
    with open(path, 'wb') as f:
        f.write(struct.pack('<%d%s' % (len(vals), fmt), *vals))


def read(path, fmt):
    with open(path, 'rb') as f:
        data = f.read()
    n = len(data) // struct.calcsize(fmt)
    return list(struct.unpack('<%d%s' % (n, fmt), data))


def tree_sum(v):  # a pairwise tree, level by level; an odd tail is carried up
    v = list(v)
    while len(v) > 1:
        nxt = [f32(v[i] + v[i + 1]) for i in range(0, len(v) - 1, 2)]
        if len(v) % 2:
            nxt.append(v[-1])
        v = nxt
    return v[0]


def reduce_sum(v, per_repeat=64):  # the vector unit's ReduceSum order (docs/dialect.md)
    """A tree within each repeat of 256 bytes (64 floats), then the repeats in order."""
    v = list(v)
    total = None
    for r in range(0, len(v), per_repeat):
        s = tree_sum(v[r:r + per_repeat])
        total = s if total is None else f32(total + s)
    return total


OPS = {
    'add_custom': {'inputs': {'x': ('e', 8 * 2048, 1), 'y': ('e', 8 * 2048, 2)}, 'output': ('z', 'e')},
    'relu_custom': {'inputs': {'x': ('f', 8 * 4096, 3)}, 'output': ('y', 'f')},
    'rmsnorm_custom': {'inputs': {'x': ('e', 16 * 1024, 4), 'gamma': ('e', 1024, 5)}, 'output': ('y', 'e')},
    'matmul_custom': {'inputs': {'a': ('e', 64 * 128, 6), 'b': ('e', 128 * 64, 7)}, 'output': ('c', 'f')},
}


def inputs(op, d):
    return {name: read(os.path.join(d, name + '.bin'), fmt) for name, (fmt, _, _) in OPS[op]['inputs'].items()}


def reference(op, i):
    if op == 'add_custom':
        return [f16(a + b) for a, b in zip(i['x'], i['y'])]
    if op == 'relu_custom':
        return [x if x > 0 else 0.0 for x in i['x']]
    if op == 'rmsnorm_custom':
        rows, cols, eps = 16, 1024, f32(1e-6)
        out = []
        for r in range(rows):
            xf = i['x'][r * cols:(r + 1) * cols]
            s = reduce_sum(f32(x * x) for x in xf)
            rstd = f32(1.0 / f32(math.sqrt(f32(f32(s / cols) + eps))))
            out += [f16(f32(f32(x * rstd) * g)) for x, g in zip(xf, i['gamma'])]
        return out
    if op == 'matmul_custom':
        m, k, n = 64, 128, 64
        a, b = i['a'], i['b']
        out = []
        for r in range(m):
            for c in range(n):
                acc = 0.0
                for p in range(k):
                    acc = f32(acc + f32(a[r * k + p] * b[p * n + c]))
                out.append(acc)
        return out
    raise SystemExit('unknown op ' + op)


def main():
    if len(sys.argv) != 4 or sys.argv[1] not in ('gen', 'check') or sys.argv[2] not in OPS:
        raise SystemExit(__doc__)
    mode, op, d = sys.argv[1:]
    if mode == 'gen':
        for name, (fmt, n, seed) in OPS[op]['inputs'].items():
            conv = f16 if fmt == 'e' else f32
            write(os.path.join(d, name + '.bin'), fmt, [conv(v) for v in values(n, seed)])
        return
    out_name, fmt = OPS[op]['output']
    got = read(os.path.join(d, out_name + '.bin'), fmt)
    want = reference(op, inputs(op, d))
    bad = [j for j, (g, w) in enumerate(zip(got, want)) if g != w]
    if len(got) != len(want) or bad:
        j = bad[0] if bad else min(len(got), len(want))
        print('%s: MISMATCH: %d of %d elements differ; first at %d: got %r, want %r'
              % (op, len(bad), len(want), j, got[j] if j < len(got) else None, want[j] if j < len(want) else None))
        sys.exit(1)
    print('%s: all %d elements of %s match the host reference' % (op, len(want), out_name))


if __name__ == '__main__':
    main()
