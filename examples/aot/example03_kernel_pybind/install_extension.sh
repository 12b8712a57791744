#!/usr/bin/env bash
# Installs op_extension (ops/aclgraph_add_ops) with the current interpreter ($SK_PYTHON, venv-aware)
# into this example's tmp/python_packages only — never into the user's environment. The arch is
# passed explicitly and SK_NPU_ARCH is set for this build only (setup.py passes it to sk_cc).
#
#   bash install_extension.sh dav-2201|dav-3510
set -euo pipefail
here=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd -P)
arch=${1:?usage: install_extension.sh dav-2201|dav-3510}
: "${SK_PYTHON:?resolve the interpreter first (sk_resolve_python)}"
mkdir -p "$here/tmp/python_packages" "$here/tmp/op_build"
SK_NPU_ARCH=$arch PIP_DISABLE_PIP_VERSION_CHECK=1 "$SK_PYTHON" -m pip install --no-index --no-deps --quiet \
  --root-user-action=ignore --target "$here/tmp/python_packages" "$here/ops/aclgraph_add_ops"
echo "[INFO] op_extension for $arch installed into tmp/python_packages"
