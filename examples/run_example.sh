#!/usr/bin/env bash
# Runs every SuperKernel example for one NPU architecture (docs/scripts.md).
#
#   bash examples/run_example.sh --npu-arch=dav-2201|dav-3510     (also: --npu-arch X, -h/--help)
#
# Works from any current directory. Each entry of EXAMPLES below (a path relative to the examples
# directory) is run as
#
#   bash <examples dir>/<entry> --npu-arch=<arch>
#
# with the entry's own directory as the current directory, so an example's local cleanup
# (sk_cleanup_local) never touches the caller's directory. A listed entry that does not exist is an
# error ("ERROR: example <entry> is listed but missing", exit 2): a run never succeeds by skipping.
# The first failing example ends the run with "ERROR: example <entry> failed (exit <code>)" and
# that exit code. When every example succeeded the last line printed is "Run all examples success".
# Examples that do not support an architecture skip themselves (they receive --npu-arch).
#
# Environment:
#   SK_PYTHON        the Python examples' interpreter (default: sk_resolve_python's choice)
# and for tests:
#   SK_EXAMPLES_DIR  directory the entries are relative to (default: the directory of this script)
#   SK_EXAMPLES      when set, replaces the EXAMPLES list: one entry per line (blank lines ignored)
#
# Exit codes: 0 success; 2 bad command line / unsupported architecture / missing examples
# directory or example; otherwise the exit code of the first failing example.
set -euo pipefail

EXAMPLES=(
  demo/run.sh
  ascendc/run.sh
  jit/example01_super_kernel_base/run.sh
  jit/example02_super_kernel_profiling/run.sh
  jit/example03_super_kernel_runtime_ascendc_only/run.sh
  jit/example04_capture_optimize/run.sh
  aot/example01_dual_stream/run.sh
  aot/example02_sk_options/run.sh
  aot/example03_kernel_pybind/run.sh
  aot/example04_custom_op/run.sh
)

script_dir=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd -P)
# shellcheck source=SCRIPTDIR/../scripts/common.sh
source "$script_dir/../scripts/common.sh"

sk_parse_npu_arch "$@"
# The interpreter of the Python examples (the seed's order: $VIRTUAL_ENV, the repository's venv/,
# python3), exported to every example as SK_PYTHON.
sk_resolve_python "$script_dir/.." || exit 2

examples_dir=${SK_EXAMPLES_DIR:-$script_dir}
if [[ ! -d "$examples_dir" ]]; then
  printf 'ERROR: examples directory not found: %s\n' "$examples_dir" >&2
  exit 2
fi
examples_dir=$(cd -- "$examples_dir" && pwd -P)

if [[ -n "${SK_EXAMPLES+set}" ]]; then
  EXAMPLES=()
  while IFS= read -r entry || [[ -n "$entry" ]]; do
    if [[ -n "${entry//[[:space:]]/}" ]]; then
      EXAMPLES+=("$entry")
    fi
  done <<<"$SK_EXAMPLES"
fi

echo "[INFO] NPU architecture: $SK_NPU_ARCH"
echo "[INFO] Python: $SK_PYTHON"
for example in ${EXAMPLES[@]+"${EXAMPLES[@]}"}; do
  path=$examples_dir/$example
  if [[ ! -f "$path" ]]; then
    echo "ERROR: example $example is listed but missing ($path)" >&2
    exit 2
  fi
  echo "[INFO] running $example"
  rc=0
  (cd -- "$(dirname -- "$path")" && bash "$path" --npu-arch="$SK_NPU_ARCH") || rc=$?
  if [[ $rc -ne 0 ]]; then
    echo "ERROR: example $example failed (exit $rc)" >&2
    exit "$rc"
  fi
done

echo "Run all examples success"
