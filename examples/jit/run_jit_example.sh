#!/usr/bin/env bash
# Runs one JIT example program with the examples' conventions (scripts/common.sh):
#
#   run_jit_example.sh NAME EXPECTED_LINE --npu-arch=dav-2201|dav-3510
#
# cleans the example's folder, runs build/examples/jit/NAME in it with a log that keeps the
# real exit code, and checks that the log holds EXPECTED_LINE.
set -euo pipefail
name=$1 expected=$2
shift 2
jit=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd -P)
source "$jit/../../scripts/common.sh"
sk_parse_npu_arch "$@"
build=${SK_BUILD_DIR:-$jit/../../build}
cd "$jit/$name"
sk_cleanup_local "$PWD"
sk_run_with_log "log/$name.log" "$build/examples/jit/$name" "$SK_NPU_ARCH"
grep -qF -- "$expected" "log/$name.log" || { echo "ERROR: $name did not report: $expected" >&2; exit 1; }
