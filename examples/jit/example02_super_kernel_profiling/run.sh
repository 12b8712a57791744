#!/usr/bin/env bash
# JIT example 02: profile a 3-layer MLP with and without SuperKernel; write both traces.
set -euo pipefail
here=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd -P)
source "$here/../../../scripts/common.sh"
sk_parse_npu_arch "$@"
build=${SK_BUILD_DIR:-$here/../../../build}
cd "$here"
sk_cleanup_local "$here"
rm -rf prof_result
sk_run_with_log log/example02.log "$build/examples/jit/example02_super_kernel_profiling" "$SK_NPU_ARCH"
for t in prof_result/no_sk_model/trace.json prof_result/sk_model/trace.json; do
  [[ -s $t ]] || { echo "ERROR: $t was not written" >&2; exit 1; }
done
grep -q "outputs byte-identical" log/example02.log
