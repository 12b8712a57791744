#!/usr/bin/env bash
# Runs the whole test suite with CTest on the build of scripts/setup.sh: the gtest binaries,
# the bats suite for the shell scripts, and the examples for both architectures.
#
#   scripts/test.sh [ctest arguments...]      e.g. scripts/test.sh -R sk_run
set -euo pipefail
repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${SK_BUILD_DIR:-$repo_root/build}
if [[ ! -f "$build_dir/CTestTestfile.cmake" ]]; then
  echo "ERROR: no build in $build_dir: run scripts/setup.sh first" >&2
  exit 2
fi
exec ctest --test-dir "$build_dir" --output-on-failure --timeout 900 -j "$(nproc)" "$@"
