#!/usr/bin/env bash
# Runs the whole test suite with CTest on the build of scripts/setup.sh: the gtest binaries,
# the bats suite for the shell scripts, and the examples for both architectures. Then the same
# suite under ASan + UBSan with the fuzzers (scripts/test_sanitizers.sh: builds ./build-asan),
# unless SK_SANITIZERS=0.
#
#   scripts/test.sh [ctest arguments...]      e.g. scripts/test.sh -R sk_run
#   SK_SANITIZERS=0 scripts/test.sh           the normal build only
set -euo pipefail
repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${SK_BUILD_DIR:-$repo_root/build}
if [[ ! -f "$build_dir/CTestTestfile.cmake" ]]; then
  echo "ERROR: no build in $build_dir: run scripts/setup.sh first" >&2
  exit 2
fi
ctest --test-dir "$build_dir" --output-on-failure --timeout 900 -j "$(nproc)" "$@"
if [[ "${SK_SANITIZERS:-1}" != 0 ]]; then
  "$repo_root/scripts/test_sanitizers.sh" "$@"
fi
