#!/usr/bin/env bash
# The "Eager, graph replay and fused" table of bench/README.md: super kernels of tests/fusion's
# sub-kernels, each run by `sk_run --compare-unfused` (virtual time, so the figures are the same
# on any machine and load), one table row per program.
#
#   bench/modes_bench.sh        (needs a build: scripts/setup.sh; uses $SK_BUILD_DIR, default build/)
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${SK_BUILD_DIR:-$repo/build}
kernels=$build/tests/fusion/kernels
sources=$repo/tests/fusion/kernels
[[ -x $build/bin/sk_compile && -x $build/bin/sk_run && -f $kernels/fz_stream.o ]] ||
  { echo "ERROR: build first (scripts/setup.sh)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The programs: op lists written by Python (name, then the op list's JSON on one line).
python3 - "$kernels" "$sources" "$work" > "$work/programs" <<'PY'
import json, sys
kernels, sources, work = sys.argv[1:4]
def op(kernel, bind, stream=0, send=(), recv=(), meta=None):
    e = {"bin_path": f"{kernels}/{kernel}.o", "stream_id": stream, "send_event_list": list(send),
         "recv_event_list": list(recv), "bind": bind}
    if meta: e["json_path"] = meta
    return e
def chain(n, meta=None):
    return [op("fz_stream", {"x": f"t{i}" if i else "x", "y": f"t{i + 1}" if i < n - 1 else "y"}, meta=meta) for i in range(n)]
# fz_stream on twice the data: 128 KiB per block (32,768 floats).
m = json.load(open(f"{sources}/fz_stream.json"))
for p in m["params"]:
    if p["role"] != "tiling": p["shape"] = [2 * p["shape"][0]]
    else: p["data"], p["comment"] = "0000004000800000", "s = 2.0f, 32,768 floats per block"
json.dump(m, open(f"{work}/fz_stream_128k.json", "w"))
programs = [
    ("24 × fz_stream in a chain (8 blocks, 64 KiB each)", chain(24)),
    ("24 × fz_stream in a chain (8 blocks, 128 KiB each)", chain(24, f"{work}/fz_stream_128k.json")),
    ("3 × fz_stream in a chain (48 blocks, 1 MiB each)", chain(3, f"{sources}/fz_stream48.json")),
    ("fz_scale ∥ fz_scale → fz_add on two streams", [
        op("fz_scale", {"x": "x", "y": "a"}),
        op("fz_scale", {"x": "w", "y": "b"}, 1, send=[1], meta=f"{sources}/fz_scale3.json"),
        op("fz_add", {"x": "a", "y": "b", "z": "z"}, 0, recv=[1])]),
]
for name, ops in programs:
    print(name + "\t" + json.dumps({"op_list": ops}))
PY

echo "| Program | eager | graph replay | fused | fused over eager | fused over replay | sync in the SK |"
echo "|---|---|---|---|---|---|---|"
i=0
while IFS=$'\t' read -r name list; do
  i=$((i + 1))
  mkdir -p "$work/$i"
  printf '%s\n' "$list" > "$work/$i/ops.json"
  "$build/bin/sk_compile" --op-list "$work/$i/ops.json" --name sk -o "$work/$i" -q
  out=$("$build/bin/sk_run" "$work/$i/sk.json" --compare-unfused -q)
  # The mode lines: mode, end-to-end us, device us, ...; the sync line: per core and launch.
  python3 - "$name" "$out" <<'PY'
import re, sys
name, out = sys.argv[1], sys.argv[2]
us = {}
for mode in ("eager", "graph replay", "fused"):
    m = re.search(r"\n" + mode + r" +([0-9.]+) +([0-9.]+) ", out)
    if not m: sys.exit(f"ERROR: no '{mode}' line in sk_run's output:\n{out}")
    us[mode] = (float(m.group(1)), float(m.group(2)))
s = re.search(r"sync inside the super kernel: ([0-9.]+) us per core and launch \(([0-9.]+)% of its device time\)", out)
if not s: sys.exit(f"ERROR: no sync line in sk_run's output:\n{out}")
sync = f"{float(s.group(1)):.1f} us per core, {s.group(2)}%"
e, r, f = us["eager"][0], us["graph replay"][0], us["fused"][0]
print(f"| {name} | {e:.1f} us | {r:.1f} us | {f:.1f} us | {e / f:.2f}× | {r / f:.2f}× | {sync} |")
PY
done < "$work/programs"
