#!/usr/bin/env bash
# AOT example 02: SuperKernel options on an attention network, one per NPU architecture
# (attention_net.cpp: rmsnorm, the q/k/v projections on side-by-side streams, attention, the
# output projection and the residual add, on the op library; dav-3510's is longer, causal and on
# three streams, as its hardware has more cores). The network runs eagerly once (the reference),
# then its launches are captured and exported as an op list (sk::rt::exportModel), compiled ahead
# of time once per option variant, each variant packaged as its own static kernel, installed, run
# by name and checked twice: against the eager run and against its own sub-kernels run one at a
# time (sk_run --compare-unfused).
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
  "aop     auto-op-parallel=1"
  "dbgsync debug-sync-all=1"
  "prof    profiling=1"
)

# 1. the network of this arch: run eagerly (inputs and the reference written), captured, exported
net=$AOT_BUILD/examples/aot/example02_attention_net
[[ -x "$net" ]] || { echo "ERROR: $net not found: build the project first (scripts/setup.sh)" >&2; exit 2; }
mkdir -p tmp/in tmp/eager static_kernel_compile_outputs
sk_run_with_log log/export.log "$net" "$SK_NPU_ARCH" tmp
op_list=$(sed -n 's/^scope model: .* -> \(.*op_list.json\) (.*$/\1/p' log/export.log)
[[ -f "$op_list" ]] || { echo "ERROR: the network was not exported (see log/export.log)" >&2; exit 1; }

# 2. static compile, one package per variant
for v in "${variants[@]}"; do
  read -r tag options <<<"$v"
  sk_run_with_log "log/compile_$tag.log" "$SK_COMPILE" --op-list "$op_list" --name "sk_opts_$tag" \
    --arch "$SK_NPU_ARCH" --options "$options" --package --version 1.0.0 -o static_kernel_compile_outputs
done
sk_check_static_kernel_outputs

# 3. install them all (their uninstall.sh paths land in LOG_INSTALL)
sk_run_with_log "$LOG_INSTALL" aot_install_all

# 4. every variant: run by name, compare with the eager run and with its own unfused run
args=()
for t in x gamma wq wk wv wo groups; do args+=(--input "$t=tmp/in/$t.bin"); done
summary=()
for v in "${variants[@]}"; do
  read -r tag options <<<"$v"
  mkdir -p "tmp/fused_$tag"
  sk_run_with_log "log/run_$tag.log" "$SK_RUN" "sk_opts_$tag" --arch "$SK_NPU_ARCH" --compare-unfused \
    "${args[@]}" --output-dir "tmp/fused_$tag"
  python3 "$AOT_TENSORS" compare "tmp/fused_$tag" tmp/eager y
  us=$(sed -n 's/^device time (virtual): \([0-9.]*\) us$/\1/p' "log/run_$tag.log")
  summary+=("$(printf '  %-26s %10s us' "$options" "$us")")
done
grep -q "profile (virtual us)" log/run_prof.log

echo "[INFO] $SK_NPU_ARCH: every variant matches the eager run and its own unfused run; fused device time:"
printf '%s\n' "${summary[@]}"
echo "[INFO] example02_sk_options passed on $SK_NPU_ARCH"
