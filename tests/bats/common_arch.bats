#!/usr/bin/env bats
# sk_usage, sk_parse_npu_arch, sk_validate_npu_arch and the "sourcing changes nothing" contract.

load test_helper
bats_require_minimum_version 1.5.0

setup() {
  sk_test_setup
  PROG=$T/prog.sh
  cat >"$PROG" <<SCRIPT
source $(printf '%q' "$SK_COMMON_SH")
sk_parse_npu_arch "\$@"
echo "SK_NPU_ARCH=\$SK_NPU_ARCH"
bash -c 'echo "child sees \$SK_NPU_ARCH"'
SCRIPT
  USAGE="Usage: bash $PROG --npu-arch=dav-2201|dav-3510"
}

@test "sk_usage prints the usage with the calling script name" {
  printf 'source %q\nsk_usage\n' "$SK_COMMON_SH" >"$T/u.sh"
  run --separate-stderr bash "$T/u.sh"
  assert_status 0
  [ "$output" = "Usage: bash $T/u.sh --npu-arch=dav-2201|dav-3510" ]
}

@test "sk_parse_npu_arch: missing --npu-arch exits 2 with the exact message on stderr" {
  run --separate-stderr bash "$PROG"
  assert_status 2
  [ "$output" = "" ]
  [ "${stderr_lines[0]}" = "ERROR: --npu-arch is required." ]
  [ "${stderr_lines[1]}" = "$USAGE" ]
}

@test "sk_parse_npu_arch: empty --npu-arch= counts as missing" {
  run --separate-stderr bash "$PROG" --npu-arch=
  assert_status 2
  [ "${stderr_lines[0]}" = "ERROR: --npu-arch is required." ]
}

@test "sk_parse_npu_arch: --npu-arch without a value exits 2" {
  run --separate-stderr bash "$PROG" --npu-arch
  assert_status 2
  [[ "$stderr" == *"requires an argument"* ]]
  [[ "$stderr" == *"$USAGE"* ]]
  [[ "$output" != *SK_NPU_ARCH=* ]]
}

@test "sk_parse_npu_arch: unsupported architecture exits 2" {
  run --separate-stderr bash "$PROG" --npu-arch=dav-1234
  assert_status 2
  [ "$stderr" = "ERROR: unsupported NPU architecture: dav-1234 (supported: dav-2201, dav-3510)" ]
  [ "$output" = "" ]
}

@test "sk_parse_npu_arch: architecture names are matched exactly" {
  for bad in DAV-2201 dav-2201x " dav-2201" "dav-2201 dav-3510" 'dav-*'; do
    run --separate-stderr bash "$PROG" --npu-arch "$bad"
    assert_status 2
    [[ "$stderr" == *"unsupported NPU architecture"* ]]
  done
}

@test "sk_parse_npu_arch: a hostile value is printed, never evaluated" {
  run --separate-stderr bash "$PROG" '--npu-arch=$(touch pwned)`touch pwned2`'
  assert_status 2
  [[ "$stderr" == *'unsupported NPU architecture: $(touch pwned)`touch pwned2`'* ]]
  [ ! -e "$T/pwned" ]
  [ ! -e "$T/pwned2" ]
}

@test "sk_parse_npu_arch: -h and --help print usage to stdout and exit 0" {
  for opt in -h --help --he; do
    run --separate-stderr bash "$PROG" "$opt"
    assert_status 0
    [ "$output" = "$USAGE" ]
    [ "$stderr" = "" ]
  done
  # help wins even when the architecture is given too
  run --separate-stderr bash "$PROG" --npu-arch=dav-2201 -h
  assert_status 0
  [ "$output" = "$USAGE" ]
}

@test "sk_parse_npu_arch: --npu-arch dav-3510 (separate argument)" {
  run --separate-stderr bash "$PROG" --npu-arch dav-3510
  assert_status 0
  [ "${lines[0]}" = "SK_NPU_ARCH=dav-3510" ]
  [ "${lines[1]}" = "child sees dav-3510" ]
}

@test "sk_parse_npu_arch: --npu-arch=dav-3510 and --npu-arch=dav-2201 (= form)" {
  run --separate-stderr bash "$PROG" --npu-arch=dav-3510
  assert_status 0
  [ "${lines[0]}" = "SK_NPU_ARCH=dav-3510" ]
  run --separate-stderr bash "$PROG" --npu-arch=dav-2201
  assert_status 0
  [ "${lines[0]}" = "SK_NPU_ARCH=dav-2201" ]
  [ "${lines[1]}" = "child sees dav-2201" ]
}

@test "sk_parse_npu_arch: unknown options and extra arguments exit 2 with usage" {
  for args in "--foo" "-x" "--npu-arch=dav-2201 --verbose" "--npu-arch=dav-2201 extra" "-- dav-2201"; do
    # shellcheck disable=SC2086
    run --separate-stderr bash "$PROG" $args
    assert_status 2
    [[ "$stderr" == *"$USAGE"* ]]
    [[ "$output" != *SK_NPU_ARCH=* ]]
  done
}

@test "sk_validate_npu_arch: accepts dav-2201 and dav-3510" {
  source "$SK_COMMON_SH"
  run sk_validate_npu_arch dav-2201
  assert_status 0
  [ "$output" = "" ]
  run sk_validate_npu_arch dav-3510
  assert_status 0
}

@test "sk_validate_npu_arch: rejects others and exits the script with 2" {
  printf 'source %q\nsk_validate_npu_arch "$1"\necho after\n' "$SK_COMMON_SH" >"$T/v.sh"
  run --separate-stderr bash "$T/v.sh" dav-2202
  assert_status 2
  [ "$stderr" = "ERROR: unsupported NPU architecture: dav-2202 (supported: dav-2201, dav-3510)" ]
  [ "$output" = "" ]
  run --separate-stderr bash "$T/v.sh" ""
  assert_status 2
  [[ "$stderr" == *"unsupported NPU architecture: "* ]]
  run --separate-stderr bash "$T/v.sh" dav-3510
  assert_status 0
  [ "$output" = "after" ]
}

@test "sourcing common.sh and calling its functions leaves shell options unchanged" {
  cat >"$T/opts.sh" <<SCRIPT
set -euo pipefail
shopt -s failglob
snapshot() { set -o; shopt; echo "flags=\$-"; }
before=\$(snapshot)
source $(printf '%q' "$SK_COMMON_SH")
mkdir -p work/static_kernel_compile_outputs
sk_cleanup_local work
mkdir -p work/static_kernel_compile_outputs
: > work/static_kernel_compile_outputs/k_1.0_linux-dav-2201.run
sk_check_static_kernel_outputs work/static_kernel_compile_outputs >/dev/null
sk_run_with_log work/log/x.log true >/dev/null
echo "/nonexistent/uninstall.sh" > work/log/u.log
sk_uninstall_static_kernel_from_log work/log/u.log work/static_kernel_compile_outputs 2>/dev/null
sk_validate_npu_arch dav-2201
after=\$(snapshot)
[[ "\$before" == "\$after" ]] || { diff <(echo "\$before") <(echo "\$after"); exit 1; }
echo same
SCRIPT
  run bash "$T/opts.sh"
  assert_status 0
  [ "${lines[-1]}" = "same" ]
}

@test "common.sh refuses to be executed directly" {
  run bash "$SK_COMMON_SH"
  assert_status 2
  assert_output_contains "source it from a bash script"
}
