#!/usr/bin/env bash
# Demo: compile the first ops (add, relu, rmsnorm, matmul) from ops/ with the device compiler,
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
if [[ ! -x "$sk_run" ]]; then
  echo "ERROR: $sk_run not found: run scripts/setup.sh first (or set SK_BUILD_DIR)" >&2
  exit 2
fi
cc=$(command -v clang-19 || echo /usr/lib/llvm-19/bin/clang-19)

cd "$demo_dir"
sk_cleanup_local "$demo_dir"
for op in add relu rmsnorm matmul; do
  name=${op}_custom
  work=tmp/$name
  mkdir -p "$work/out"
  echo "[demo] $name: compiling ops/$op/$name.cpp with $(basename "$cc")"
  "$cc" -c -O2 -fPIC -fno-exceptions -fno-rtti -std=c++17 -I"$repo/include" \
    "$repo/ops/$op/$name.cpp" -o "$work/$name.o"
  cp "$repo/ops/$op/$name.json" "$work/$name.json"
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
