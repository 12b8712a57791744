#!/usr/bin/env bash
# Demo: compile the first ops (add, relu, rmsnorm, matmul) from ops/dialect/ with sk_cc,
# run each on the simulated NPU with sk_run, and check the results against host references.
#
#   bash examples/demo/run.sh --npu-arch=dav-2201|dav-3510
#
# Uses the tools of the build in $SK_BUILD_DIR (default: <repo>/build; scripts/setup.sh makes it).
set -euo pipefail

demo_dir=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd -P)
repo=$(cd -- "$demo_dir/../.." && pwd -P)
source "$repo/scripts/common.sh"
sk_parse_npu_arch "$@"

build=${SK_BUILD_DIR:-$repo/build}
sk_run=$build/bin/sk_run
sk_cc=$build/bin/sk_cc
if [[ ! -x "$sk_run" || ! -x "$sk_cc" ]]; then
  echo "ERROR: $sk_run or $sk_cc not found: run scripts/setup.sh first (or set SK_BUILD_DIR)" >&2
  exit 2
fi

cd "$demo_dir"
sk_cleanup_local "$demo_dir"
for op in add relu rmsnorm matmul; do
  name=${op}_custom
  work=tmp/$name
  mkdir -p "$work/out"
  echo "[demo] $name: compiling ops/dialect/$op/$name.cpp with sk_cc"
  cp "$repo/ops/dialect/$op/$name.json" "$work/$name.json"
  "$sk_cc" --npu-arch="$SK_NPU_ARCH" --meta "$work/$name.json" -c "$repo/ops/dialect/$op/$name.cpp" -o "$work/$name.o"
  python3 reference.py gen "$name" "$work"
  inputs=()
  for f in "$work"/*.bin; do
    inputs+=(--input "$(basename "$f" .bin)=$f")
  done
  sk_run_with_log "log/$name.log" "$sk_run" "$work/$name.json" --arch "$SK_NPU_ARCH" "${inputs[@]}" \
    --output-dir "$work/out" --trace "$work/trace.json"
  cp "$work"/*.bin "$work/out/"
  python3 reference.py check "$name" "$work/out"
done
echo "[demo] all ops match their host references on $SK_NPU_ARCH (traces: examples/demo/tmp/*/trace.json)"
