#!/usr/bin/env bash
# cmake --install of this build into a fresh prefix, then an outside project that finds it with
# find_package(SuperKernel): it compiles a kernel with sk_add_kernel(), links a host program to
# SuperKernel::acl and runs it; the installed sk_run runs the same kernel by its metadata. Then a
# CANN-style project finds the installed ASC language (tests/single_source/cmake_project), and a
# kernel-launch project its ascendc.cmake (tests/single_source/kernel_launch_project).
set -euo pipefail
build=${1:?build dir}
source_dir=${2:?source dir}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" >/dev/null
# A sanitizer build's libraries link only with the compiler whose sanitizer runtimes they use.
compiler=()
if grep -q '^SK_SANITIZE:STRING=.' "$build/CMakeCache.txt"; then
  compiler=(-DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19)
fi
cmake -S "$source_dir/tests/install/project" -B "$work/project" -G Ninja -DCMAKE_PREFIX_PATH="$work/prefix" \
  "${compiler[@]}" >/dev/null
cmake --build "$work/project" >/dev/null
"$work/project/axpy_host"
"$work/prefix/bin/sk_run" "$work/project/axpy.json" --seed 5 --output-dir "$work/out" | grep -q "axpy on dav-2201"
test "$(stat -c %s "$work/out/y.bin")" = 8192
# A CANN-style project (find_package(ASC)) against the install: the installed sk_cc, headers and libsk_acl.
bash "$source_dir/tests/single_source/cmake_project.sh" "$work/prefix" "$work/asc_project" "${compiler[@]}" >/dev/null
# A kernel-launch project (ASCEND_CANN_PACKAGE_PATH, ascendc.cmake, ascendc_library, ACLRT_LAUNCH_KERNEL).
bash "$source_dir/tests/single_source/kernel_launch_project.sh" "$work/prefix" "$work/launch_project" "${compiler[@]}" >/dev/null
echo "outside project: built against $work/prefix, ran axpy through SuperKernel::acl and sk_run; the CANN-style ASC and kernel-launch projects ran"
