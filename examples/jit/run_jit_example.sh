#!/usr/bin/env bash
# Runs one JIT example program, and its Python twin, with the examples' conventions
# (scripts/common.sh):
#
#   run_jit_example.sh NAME EXPECTED_LINE [TWIN.py] --npu-arch=dav-2201|dav-3510
#
# cleans the example's folder, runs build/examples/jit/NAME in it with a log that keeps the
# real exit code, and checks that the log holds EXPECTED_LINE. With TWIN.py (a script in the
# example's folder), runs it too (sk_run_python_with_log: the interpreter sk_resolve_python
# picks, the build's superkernel package), checks its log for EXPECTED_LINE as well, and — when
# the programs write their results ($SK_EXAMPLE_DUMP) — that both wrote the same bytes.
set -euo pipefail
name=$1 expected=$2
shift 2
twin=
if [[ $# -gt 0 && "$1" == *.py ]]; then
  twin=$1
  shift
fi
jit=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd -P)
source "$jit/../../scripts/common.sh"
sk_parse_npu_arch "$@"
build=${SK_BUILD_DIR:-$jit/../../build}
cd "$jit/$name"
sk_cleanup_local "$PWD"
SK_EXAMPLE_DUMP=$PWD/tmp/results_cpp sk_run_with_log "log/$name.log" "$build/examples/jit/$name" "$SK_NPU_ARCH"
grep -qF -- "$expected" "log/$name.log" || { echo "ERROR: $name did not report: $expected" >&2; exit 1; }
[[ -n "$twin" ]] || exit 0

SK_EXAMPLE_DUMP=$PWD/tmp/results_python sk_run_python_with_log "log/${twin%.py}.log" "$twin" "$SK_NPU_ARCH"
grep -qF -- "$expected" "log/${twin%.py}.log" || { echo "ERROR: $twin did not report: $expected" >&2; exit 1; }
[[ -d tmp/results_cpp ]] || exit 0
count=0
for result in tmp/results_cpp/*.bin; do
  cmp -s -- "$result" "tmp/results_python/${result##*/}" ||
    { echo "ERROR: $twin and $name differ in ${result##*/} (tmp/results_python vs tmp/results_cpp)" >&2; exit 1; }
  count=$((count + 1))
done
echo "$twin: the same bytes as $name ($count results)"
