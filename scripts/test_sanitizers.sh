#!/usr/bin/env bash
# The whole test suite again under AddressSanitizer and UndefinedBehaviorSanitizer, with a
# bounded run of every libFuzzer harness (tests/fuzz, docs/testing.md). Configures and builds
# ./build-asan (or $SK_SANITIZE_BUILD_DIR) with clang-19 and -DSK_SANITIZE=address,undefined,
# then runs CTest there. Then the simulator's tests (host threads running fibers) under
# ThreadSanitizer, from ./build-tsan (or $SK_TSAN_BUILD_DIR). scripts/test.sh calls it after the
# normal suite.
#
#   scripts/test_sanitizers.sh [ctest arguments...]      e.g. scripts/test_sanitizers.sh -R fuzz
set -euo pipefail
repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${SK_SANITIZE_BUILD_DIR:-$repo_root/build-asan}
if [[ ! -f "$build_dir/build.ninja" ]]; then
  cmake -S "$repo_root" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSK_SANITIZE=address,undefined
fi
cmake --build "$build_dir"

# Every finding fails its test: ASan stops at the first error (its default), leaks are reported
# at exit (LeakSanitizer), UBSan aborts (-fno-sanitize-recover) with a stack trace.
# Why each option is set: docs/testing.md.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:strict_string_checks=1:check_initialization_order=1:detect_stack_use_after_return=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
# Left out (the normal suite runs them): the package tests that change or cut a .run at every
# byte and run it, which the .run's own shell code refuses before any program of ours starts
# (sh and sha256sum do the work, nothing here is instrumented); and the package tests that feed
# 500 mutated index and manifest files to sk_pkg_tool, whose readers fuzz_index and
# fuzz_manifest fuzz in process below (under ASan each of those 3,500 forks costs ~0.1 s).
# Together they took a third of this run. Also left out: the package tests that kill an install,
# upgrade or uninstall at every step (the work they check is the .run's shell code; the killed
# sk_pkg_tool runs instrumented in the other package tests), and the 1,000 mutated metadata and
# index files fed to sk_run (fuzz_meta, fuzz_super_kernel_meta and fuzz_index fuzz those readers
# in process; a still-valid kernel's launch is what every other test here does). Together they
# took another quarter.
left_out='^(packaging\.(Integrity\.AnySingleChangedByte|Truncated\.|Fuzz\.|Kill\.)|fusion\.Mutated\.)'
ctest --test-dir "$build_dir" --output-on-failure --timeout 900 -j "$(nproc)" -E "$left_out" "$@"

# Only sim_tests: the rest of the suite under TSan would take a third full build.
tsan_dir=${SK_TSAN_BUILD_DIR:-$repo_root/build-tsan}
if [[ ! -f "$tsan_dir/build.ninja" ]]; then
  cmake -S "$repo_root" -B "$tsan_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSK_SANITIZE=thread
fi
cmake --build "$tsan_dir" --target sim_tests
TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1} "$tsan_dir/tests/sim/sim_tests" --gtest_brief=1
