#!/usr/bin/env bash
# JIT example 01: the seed's MoE network with scopes sk1 and sk2 fused at run time, checked
# against eager; then its Python twin (superkernel_scope.py), which must compute the same bytes.
# The C++ program runs again: neither the twin nor this run builds a super kernel (they come
# from ./kernel_meta).
set -euo pipefail
here=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd -P)
bash "$here/../run_jit_example.sh" example01_super_kernel_base "byte-identical to eager" superkernel_scope.py "$@"
grep -qF "super kernels: 2 built" "$here/log/example01_super_kernel_base.log" ||
  { echo "ERROR: the first run did not build sk1 and sk2" >&2; exit 1; }
source "$here/../../../scripts/common.sh"
sk_parse_npu_arch "$@"
cd "$here"
sk_run_with_log log/example01_second_run.log "${SK_BUILD_DIR:-$here/../../../build}/examples/jit/example01_super_kernel_base" \
  "$SK_NPU_ARCH"
grep -qF "super kernels: 0 built, 2 read from kernel_meta/" log/example01_second_run.log ||
  { echo "ERROR: the second run compiled super kernels again (expected them from kernel_meta/)" >&2; exit 1; }
echo "second run: nothing compiled, both super kernels read from kernel_meta/"
