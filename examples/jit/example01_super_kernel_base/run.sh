#!/usr/bin/env bash
# JIT example 01: fuse two scopes of an MLP block at run time and check against eager.
set -euo pipefail
here=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd -P)
source "$here/../../../scripts/common.sh"
sk_parse_npu_arch "$@"
build=${SK_BUILD_DIR:-$here/../../../build}
cd "$here"
sk_cleanup_local "$here"
sk_run_with_log log/example01.log "$build/examples/jit/example01_super_kernel_base" "$SK_NPU_ARCH"
grep -q "byte-identical to eager" log/example01.log
