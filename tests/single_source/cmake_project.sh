#!/usr/bin/env bash
# Configures and builds cmake_project/ (a CANN-style CMake project) with SuperKernel's ASC
# language found through CMAKE_PREFIX_PATH, then runs its programs (each checks its results).
# usage: cmake_project.sh SK_BUILD_OR_INSTALL_DIR OUT_DIR [CMAKE_ARGS...]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
sk_build=$1 out=$2
shift 2
rm -rf "$out"
# A sanitizer build's libsk_acl links only with the compiler whose sanitizer runtimes it uses.
compiler=()
if grep -qs '^SK_SANITIZE:STRING=.' "$sk_build/CMakeCache.txt"; then
  compiler=(-DCMAKE_CXX_COMPILER=clang++-19)
fi
cmake -S "$here/cmake_project" -B "$out" -DCMAKE_PREFIX_PATH="$sk_build" "${compiler[@]}" "$@"
cmake --build "$out"
for p in demo demo_catlass_options host_platform program_arch row_sum_main_static row_sum_main_shared row_sum_main_cxx; do
  echo "== $p"
  "$out/$p"
done
# ascendc_compile_definitions reached the program's host code.
"$out/program_arch" | grep -q "as the build expects"
