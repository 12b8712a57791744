#!/usr/bin/env bash
# sk_compile of N sub-kernel instances (default 1000: a chain of fz_scale, each instance bound
# to its own tensors) against what the same merge costs with the LLVM tools: one
# `llvm-objcopy-19 --redefine-syms` per instance (namespacing its globals) plus one
# `ld.lld-19 -r` of them all. Both run side by side here; the ratio is the figure to compare.
#
#   bench/fusion_bench.sh [N]        (needs a build: scripts/setup.sh)
set -euo pipefail
n=${1:-1000}
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${SK_BUILD_DIR:-$repo/build}
obj=$build/tests/fusion/kernels/fz_scale.o
[[ -f $obj && -x $build/bin/sk_compile ]] || { echo "ERROR: build first (scripts/setup.sh)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 - "$n" "$obj" "$work/ops.json" <<'PY'
import json, sys
n, obj, out = int(sys.argv[1]), sys.argv[2], sys.argv[3]
ops = [{"bin_path": obj, "bind": {"x": "t%d" % i, "y": "t%d" % (i + 1)}} for i in range(n)]
json.dump({"op_list": ops}, open(out, "w"))
PY

now() { date +%s%N; }  # nanoseconds
# Median of 5 wall times of a command.
median5() {
  local ts=() a b
  for _ in 1 2 3 4 5; do
    a=$(now)
    "$@"
    b=$(now)
    ts+=("$((b - a))")
  done
  printf '%s\n' "${ts[@]}" | sort -n | sed -n 3p
}
ours=$(median5 "$build/bin/sk_compile" --op-list "$work/ops.json" --name chain -o "$work" -q)

mkdir -p "$work/lld"
syms=$(llvm-nm-19 --defined-only --extern-only --format=just-symbols "$obj")
t2=$(now)
for ((i = 0; i < n; i++)); do
  sed "s/.*/& sk__${i}__&/" <<<"$syms" >"$work/lld/map"
  llvm-objcopy-19 --redefine-syms="$work/lld/map" "$obj" "$work/lld/$i.o"
done
t3=$(now)
lld=$(median5 ld.lld-19 -r "$work"/lld/*.o -o "$work/lld/merged.o")

python3 - "$n" "$ours" "$t2" "$t3" "$lld" "$work/chain.json" <<'PY'
import json, sys
n, ours, t2, t3, lld = int(sys.argv[1]), *(float(x) / 1e9 for x in sys.argv[2:6])
mp = json.load(open(sys.argv[6]))["superKernel"]["memoryPlan"]
theirs = t3 - t2 + lld
print("sk_compile, %d instances (plan + link + metadata), median of 5: %.3f s" % (n, ours))
print("llvm-objcopy-19 --redefine-syms x %d + ld.lld-19 -r: %.3f s (of which ld.lld-19 -r, median of 5: %.3f s)" % (n, theirs, lld))
print("ratio sk_compile / (objcopy + lld) = %.3f; sk_compile / ld.lld-19 -r alone = %.3f" % (ours / theirs, ours / lld))
print("workspace: %d bytes with reuse, %d without" % (mp["workspaceBytes"], mp["workspaceBytesWithoutReuse"]))
PY
