#!/usr/bin/env bash
# AscendC: compile three op kernels of the AscendC corpus (tests/ascendc/kernels) unchanged with
# sk_cc, run one with sk_run, and fuse all three into one super kernel with sk_compile: the
# fused run must equal the unfused one (sk_run --compare-unfused).
#
#   bash examples/ascendc/run.sh --npu-arch=dav-2201|dav-3510
#
# Uses the tools of the build in $SK_BUILD_DIR (default: <repo>/build; scripts/setup.sh makes it).
set -euo pipefail

example_dir=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd -P)
repo=$(cd -- "$example_dir/../.." && pwd -P)
source "$repo/scripts/common.sh"
sk_parse_npu_arch "$@"

build=${SK_BUILD_DIR:-$repo/build}
for tool in sk_cc sk_run sk_compile; do
  if [[ ! -x "$build/bin/$tool" ]]; then
    echo "ERROR: $build/bin/$tool not found: run scripts/setup.sh first (or set SK_BUILD_DIR)" >&2
    exit 2
  fi
done
kernels=$repo/tests/ascendc/kernels

cd "$example_dir"
sk_cleanup_local "$example_dir"
mkdir -p tmp/out tmp/sk log

# kernel  metadata  force-included tiling header ("-": the kernel includes its own)
while read -r kernel meta tiling; do
  cp "$kernels/$kernel/$meta" "tmp/$kernel.json"
  include=()
  shown=""
  if [[ $tiling != - ]]; then
    include=(-include "$kernels/$kernel/$tiling")
    shown=" -include $tiling"
  fi
  echo "[ascendc] sk_cc --npu-arch=$SK_NPU_ARCH --meta $meta$shown -c $kernel.cpp -o tmp/$kernel.o"
  "$build/bin/sk_cc" --npu-arch="$SK_NPU_ARCH" --meta "tmp/$kernel.json" "${include[@]}" \
    -c "$kernels/$kernel/$kernel.cpp" -o "tmp/$kernel.o"
done <<'LIST'
vadd_tail vadd_tail_key1.json vadd_tail_tiling.h
scale_cast scale_cast_half.json -
relu_where relu_where_key1.json relu_where_tiling.h
LIST

echo "[ascendc] sk_run tmp/vadd_tail.json"
sk_run_with_log log/vadd_tail.log "$build/bin/sk_run" tmp/vadd_tail.json --arch "$SK_NPU_ARCH" --output-dir tmp/out
# z = vadd(x, y); s = scale_cast(z); out = relu_where(s): the op list renames the params.
cat > tmp/op_list.json <<'JSON'
{"op_list": [
  {"bin_path": "vadd_tail.o"},
  {"bin_path": "scale_cast.o", "bind": {"x": "z", "y": "s"}},
  {"bin_path": "relu_where.o", "bind": {"x": "s", "y": "out"}}
]}
JSON
echo "[ascendc] sk_compile --op-list tmp/op_list.json --name vadd_scale_relu"
"$build/bin/sk_compile" --op-list tmp/op_list.json --name vadd_scale_relu --arch "$SK_NPU_ARCH" -o tmp/sk
echo "[ascendc] sk_run tmp/sk/vadd_scale_relu.json --compare-unfused"
sk_run_with_log log/vadd_scale_relu.log "$build/bin/sk_run" tmp/sk/vadd_scale_relu.json --arch "$SK_NPU_ARCH" \
  --compare-unfused --output-dir tmp/out
echo "[ascendc] three AscendC kernels compiled by sk_cc, fused by sk_compile: fused == unfused on $SK_NPU_ARCH"
