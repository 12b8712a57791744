#!/usr/bin/env bash
# A single-source program's kernels as sub-kernels (docs/sk_cc.md#kernels-of-a-single-source-program):
# sk_cc builds scalar_fusion.asc and writes its kernels (--emit-meta); the metadata gets the facts
# only a launch knows (blockDim, shapes, output roles); sk_compile fuses the two kernels with their
# by-value params given in the op list (a number, and hex); the fused kernel's z must equal the
# program's own, byte for byte, and the fused and unfused runs must agree. Then the same kernels
# launched from their files and captured: aclskOptimize fuses them with the captured scalar bytes
# (capture_emitted.cpp), and the replay gives the program's z too. Emitting again keeps the
# completed metadata.
# usage: emit_and_fuse.sh BIN_DIR OUT SOURCE
set -euo pipefail
bin=$1 out=$2 src=$3
rm -rf "$out" && mkdir -p "$out/run"
"$bin/sk_cc" "$src" -o "$out/prog" --emit-meta "$out/kernels"
"$out/prog" "$out/run"
/usr/bin/python3 "$(dirname "$0")/complete_meta.py" "$out/kernels"
cat > "$out/ops.json" <<'JSON'
{"op_list": [
  {"bin_path": "kernels/scale_tiles.o", "scalars": {"alpha": -0.75, "tiles": 2}},
  {"bin_path": "kernels/add_tiles.o", "bind": {"a": "y", "b": "x", "c": "z"}, "scalars": {"tiles": "02000000"}}
]}
JSON
"$bin/sk_compile" --op-list "$out/ops.json" --name ss_fused -o "$out/sk" -q
"$bin/sk_run" "$out/sk/ss_fused.json" --input "x=$out/run/x.bin" --output-dir "$out/fused" --compare-unfused
cmp "$out/fused/z.bin" "$out/run/z.bin"
echo "fused z equals the program's z"
# Emitting again (the kernel rebuilt) keeps what the user completed, and the result fuses the same.
"$bin/sk_cc" -c "$src" --emit-meta "$out/kernels"
/usr/bin/python3 - "$out/kernels/scale_tiles.json" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
kept = (m["blockDim"], [(p["name"], p["role"], p.get("shape")) for p in m["params"]])
assert kept == (4, [("x", "input", [2048]), ("y", "output", [2048]), ("alpha", "scalar", None), ("tiles", "scalar", None)]), kept
PY
"$bin/sk_compile" --op-list "$out/ops.json" --name ss_fused -o "$out/sk2" -q
cmp "$out/sk/ss_fused.o" "$out/sk2/ss_fused.o"
echo "emitted again: the completed metadata is kept"
"$bin/sk_cc" "$(dirname "$0")/capture_emitted.cpp" -o "$out/capture"
"$out/capture" "$out/kernels" "$out/run" 2>"$out/capture.err"
cat "$out/capture.err"
grep -q "aclskOptimize: scope scalars: tasks 1..2 -> sk_scalars_1 (2 kernels" "$out/capture.err"
