#!/usr/bin/env bash
# AOT example 03: a custom AscendC op exposed to Python through pybind11, then fused statically.
#
#   1. install op_extension (ops/aclgraph_add_ops: add_custom.asc with SK_BIND, compiled by sk_cc
#      for --npu-arch, and its pybind11 extension) with the current interpreter into
#      tmp/python_packages only, imported through PYTHONPATH
#   2. run it eagerly from Python (main.py): s = add_custom(x, y); out = add_custom(s, x)
#   3. fuse the two launches into one super kernel, package it as a .run, install it into this
#      example's root, run it by name and check it against the eager result
# On exit the guarded uninstall removes the static kernel, tmp/python_packages goes, and the
# example checks that the user's Python environment and install root are as they were.
#
#   bash examples/aot/example03_kernel_pybind/run.sh --npu-arch=dav-2201|dav-3510
set -euo pipefail
here=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd -P)
source "$here/../../../scripts/common.sh"
source "$here/../common/aot.sh"
sk_parse_npu_arch "$@"
sk_resolve_python "$here/../../.."

# what must look the same at the end: the user's install root and Python environment
before=$(aot_user_state "$SK_PYTHON")

aot_init "$here"
on_exit() {
  local rc=$?
  sk_uninstall_static_kernel_from_log "$LOG_INSTALL"
  rm -rf -- "$here/tmp/python_packages" "$here/tmp/op_build"
  if [[ "$(aot_user_state "$SK_PYTHON")" != "$before" ]]; then
    echo "ERROR: the user's install root or Python environment changed while the example ran" >&2
    rc=1
  fi
  exit "$rc"
}
trap on_exit EXIT

# 1. the extension, into tmp/python_packages
sk_run_with_log log/install_extension.log bash "$here/install_extension.sh" "$SK_NPU_ARCH"
export PYTHONPATH="$here/tmp/python_packages${PYTHONPATH:+:$PYTHONPATH}"
kernel=$("$SK_PYTHON" -c 'import op_extension; print(op_extension.KERNEL)')

# 2. eager, from Python
sk_run_python_with_log log/eager.log main.py "$SK_NPU_ARCH" tmp/in tmp/eager

# 3. static compile with fusion, package, install, run by name, compare
mkdir -p tmp/net static_kernel_compile_outputs
cat >tmp/net/op_list.json <<JSON
{
  "op_list": [
    {"bin_path": "$kernel", "bind": {"x": "x", "y": "y", "z": "s"}},
    {"bin_path": "$kernel", "bind": {"x": "s", "y": "x", "z": "out"}}
  ]
}
JSON
sk_run_with_log log/compile.log "$SK_COMPILE" --op-list tmp/net/op_list.json --name add_pybind_sk \
  --arch "$SK_NPU_ARCH" --package --version 0.1.0 -o static_kernel_compile_outputs
sk_check_static_kernel_outputs
sk_run_with_log "$LOG_INSTALL" aot_install_all
mkdir -p tmp/fused
sk_run_with_log log/run_fused.log "$SK_RUN" add_pybind_sk --arch "$SK_NPU_ARCH" \
  --input x=tmp/in/x.bin --input y=tmp/in/y.bin --output-dir tmp/fused
cmp -- tmp/fused/out.bin tmp/eager/out.bin ||
  { echo "ERROR: the installed super kernel's out differs from the eager Python op's" >&2; exit 1; }
echo "[check] the installed super kernel add_pybind_sk gives the eager op_extension's bytes"
echo "[INFO] example03_kernel_pybind passed on $SK_NPU_ARCH"
