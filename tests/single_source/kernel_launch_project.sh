#!/usr/bin/env bash
# Configures and builds kernel_launch_project/ (CANN's kernel-launch project layout) with
# ASCEND_CANN_PACKAGE_PATH set to SuperKernel's build or install directory, then runs its program
# (it checks its results) and checks the generated header; then a SOC_VERSION it does not simulate.
# usage: kernel_launch_project.sh SK_BUILD_OR_INSTALL_DIR OUT_DIR [CMAKE_ARGS...]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
sk_build=$1 out=$2
shift 2
rm -rf "$out" "$out-310p" "$out-310p.log"
compiler=()
if grep -qs '^SK_SANITIZE:STRING=.' "$sk_build/CMakeCache.txt"; then
  compiler=(-DCMAKE_CXX_COMPILER=clang++-19)
fi
cmake -S "$here/kernel_launch_project" -B "$out" -DASCEND_CANN_PACKAGE_PATH="$sk_build" "${compiler[@]}" "$@"
cmake --build "$out"
header=$out/include/kernels/aclrtlaunch_scaled_add.h
grep -q 'extern "C" uint32_t aclrtlaunch_scaled_add(uint32_t blockDim, aclrtStream stream, void\* x, void\* y, void\* z, float alpha, uint32_t n);' "$header"
"$out/kernel_launch_main"
# A part SuperKernel does not simulate stops the configure, naming the parts it does.
if cmake -S "$here/kernel_launch_project" -B "$out-310p" -DASCEND_CANN_PACKAGE_PATH="$sk_build" -DSOC_VERSION=Ascend310P3 \
  "${compiler[@]}" "$@" >"$out-310p.log" 2>&1; then
  echo "FAIL: SOC_VERSION Ascend310P3 configured"; exit 1
fi
grep -q "SOC_VERSION Ascend310P3: SuperKernel simulates Ascend910B" "$out-310p.log"
echo "kernel_launch_project: built, ran, refused Ascend310P3"
