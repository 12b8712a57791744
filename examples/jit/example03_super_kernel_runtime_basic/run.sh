#!/usr/bin/env bash
# JIT example 03: compile two sub-kernels, fuse them in process, run through the ACL C API.
set -euo pipefail
here=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd -P)
source "$here/../../../scripts/common.sh"
sk_parse_npu_arch "$@"
build=${SK_BUILD_DIR:-$here/../../../build}
cd "$here"
sk_cleanup_local "$here"
sk_run_with_log log/example03.log "$build/examples/jit/example03_super_kernel_runtime_basic" "$SK_NPU_ARCH"
grep -q "0 of 1024 elements differ" log/example03.log
