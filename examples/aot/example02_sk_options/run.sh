#!/usr/bin/env bash
# AOT example 02: SuperKernel options. One network per NPU architecture, each filling the AIV
# cores of its arch with side-by-side streams:
#
#   dav-2201 (48 AIV): x -> 2x -> 4x (stream 0) | w -> 3w (stream 1)            z = 4x + 3w
#   dav-3510 (72 AIV): x -> 2x -> 4x (stream 0) | w -> 3w (1) | v -> 5v (2)     z = 4x + 3w + 5v
#
# (each op on 24 blocks; the scale ops declare early-start points). The network is compiled
# ahead of time once per option variant, each variant packaged as its own static kernel,
# installed, run by name and checked twice: against the eager run (each op on its own, without
# SuperKernel) and against its own sub-kernels run one at a time (sk_run --compare-unfused).
#
#   bash examples/aot/example02_sk_options/run.sh --npu-arch=dav-2201|dav-3510
set -euo pipefail
here=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd -P)
source "$here/../../../scripts/common.sh"
source "$here/../common/aot.sh"
sk_parse_npu_arch "$@"

aot_init "$here"
trap 'sk_uninstall_static_kernel_from_log "$LOG_INSTALL"' EXIT

# option variants: kernel name suffix and --options
variants=(
  "es1     early-start=1"
  "es0     early-start=0"
  "sf0     stream-fusion=0"
  "dbgsync debug-sync-all=1"
  "prof    profiling=1"
)

# 1. the network of this arch: its op list and metadata, and the sub-kernels compiled now
mkdir -p tmp/net static_kernel_compile_outputs
cp "$SK_NPU_ARCH"/*.json tmp/net/
aot_cc tmp/net/opt_es_scale.o kernels/opt_es_scale.cpp
aot_cc tmp/net/opt_add.o kernels/opt_add.cpp
inputs=(x w)
[[ $SK_NPU_ARCH == dav-3510 ]] && inputs+=(v)

# 2. static compile, one package per variant
for v in "${variants[@]}"; do
  read -r tag options <<<"$v"
  sk_run_with_log "log/compile_$tag.log" "$SK_COMPILE" --op-list tmp/net/op_list.json --name "sk_opts_$tag" \
    --arch "$SK_NPU_ARCH" --options "$options" --package --version 1.0.0 -o static_kernel_compile_outputs
done
sk_check_static_kernel_outputs

# 3. install them all (their uninstall.sh paths land in LOG_INSTALL)
sk_run_with_log "$LOG_INSTALL" aot_install_all

# 4. the eager reference: each op launched on its own with sk_run
specs=()
for t in "${inputs[@]}"; do specs+=("$t=float32:6144"); done
python3 "$AOT_TENSORS" gen tmp/in "${specs[@]}"
sk_run_with_log log/run_eager.log python3 "$AOT_TENSORS" eager tmp/net/op_list.json "$SK_RUN" "$SK_NPU_ARCH" \
  tmp/in tmp/eager

# 5. every variant: run by name, compare with the eager outputs and with its own unfused run
args=()
for t in "${inputs[@]}"; do args+=(--input "$t=tmp/in/$t.bin"); done
summary=()
for v in "${variants[@]}"; do
  read -r tag options <<<"$v"
  mkdir -p "tmp/fused_$tag"
  sk_run_with_log "log/run_$tag.log" "$SK_RUN" "sk_opts_$tag" --arch "$SK_NPU_ARCH" --compare-unfused \
    "${args[@]}" --output-dir "tmp/fused_$tag"
  python3 "$AOT_TENSORS" compare "tmp/fused_$tag" tmp/eager z
  us=$(sed -n 's/^device time (virtual): \([0-9.]*\) us$/\1/p' "log/run_$tag.log")
  summary+=("$(printf '  %-26s %10s us' "$options" "$us")")
done
grep -q "profile (virtual us)" log/run_prof.log

echo "[INFO] $SK_NPU_ARCH: every variant matches the eager run and its own unfused run; fused device time:"
printf '%s\n' "${summary[@]}"
echo "[INFO] example02_sk_options passed on $SK_NPU_ARCH"
