#!/usr/bin/env bats
# sk_cleanup_local, sk_run_with_log, sk_check_static_kernel_outputs.

load test_helper
bats_require_minimum_version 1.5.0

setup() {
  sk_test_setup
  source "$SK_COMMON_SH"
}

CLEANED=(log tmp sk_meta kernel_meta profiling static_kernel_compile_outputs)

@test "sk_cleanup_local removes the six work dirs, recreates empty tmp/ and log/, keeps the rest" {
  mkdir -p w
  for d in "${CLEANED[@]}"; do
    mkdir -p "w/$d/sub"
    echo x >"w/$d/sub/file"
  done
  echo keep >w/keep.txt
  mkdir -p w/src && echo keep >w/src/a.cpp
  run sk_cleanup_local w
  assert_status 0
  for d in sk_meta kernel_meta profiling static_kernel_compile_outputs; do
    [ ! -e "w/$d" ]
  done
  [ -d w/tmp ]
  [ ! -L w/tmp ]
  [ -z "$(ls -A w/tmp)" ]
  [ -d w/log ]
  [ ! -L w/log ]
  [ -z "$(ls -A w/log)" ]
  [ "$(cat w/keep.txt)" = keep ]
  [ -f w/src/a.cpp ]
}

@test "sk_cleanup_local defaults to the current directory" {
  mkdir -p here/kernel_meta here/profiling
  cd here
  run sk_cleanup_local
  assert_status 0
  [ ! -e kernel_meta ]
  [ ! -e profiling ]
  [ -d tmp ]
  [ -d log ]
}

@test "sk_cleanup_local removes a symlink to an outside dir, not the target's content" {
  mkdir -p outside outside2 outside3 w/log
  echo precious >outside/data
  echo precious >outside2/data
  echo precious >outside3/data
  ln -s "$T/outside" w/kernel_meta
  ln -s "$T/outside2" w/tmp
  ln -s "$T/outside3" w/log/link_inside_removed_dir
  run sk_cleanup_local w
  assert_status 0
  [ ! -e w/kernel_meta ]
  [ ! -L w/kernel_meta ]
  [ -d w/tmp ]
  [ ! -L w/tmp ]
  [ "$(cat outside/data)" = precious ]
  [ "$(cat outside2/data)" = precious ]
  [ "$(cat outside3/data)" = precious ]
  [ "$(ls -A outside2)" = data ]
}

@test "sk_cleanup_local removes dangling symlinks and plain files with those names" {
  mkdir -p w
  ln -s "$T/does-not-exist" w/profiling
  echo file >w/sk_meta
  run sk_cleanup_local w
  assert_status 0
  [ ! -L w/profiling ]
  [ ! -e w/sk_meta ]
}

@test "sk_cleanup_local fails for a missing directory" {
  run sk_cleanup_local "$T/nope"
  assert_status 1
  assert_output_contains "ERROR: sk_cleanup_local: not a directory"
  [ ! -e "$T/nope" ]
}

@test "sk_run_with_log propagates exit code 7 and logs stdout and stderr" {
  run sk_run_with_log "$T/logs/deep/run.log" bash -c 'echo to-stdout; echo to-stderr >&2; exit 7'
  assert_status 7
  assert_output_contains to-stdout
  assert_output_contains to-stderr
  grep -qx to-stdout "$T/logs/deep/run.log"
  grep -qx to-stderr "$T/logs/deep/run.log"
}

@test "sk_run_with_log returns 0 on success, keeps arguments intact, truncates the log" {
  echo old-content >"$T/run.log"
  run sk_run_with_log "$T/run.log" printf '<%s>\n' "a b" '$(x)' ""
  assert_status 0
  [ "$(cat "$T/run.log")" = "$(printf '<a b>\n<$(x)>\n<>')" ]
  [ "$output" = "$(cat "$T/run.log")" ]
}

@test "sk_run_with_log returns the command's code, not tee's, under set -euo pipefail" {
  cat >"$T/c.sh" <<SCRIPT
set -euo pipefail
source $(printf '%q' "$SK_COMMON_SH")
rc=0
sk_run_with_log "$T/a.log" bash -c 'echo first; exit 7' || rc=\$?
echo "rc=\$rc"
set +o pipefail
rc=0
sk_run_with_log "$T/b.log" bash -c 'exit 9' || rc=\$?
echo "rc=\$rc"
sk_run_with_log "$T/c.log" bash -c 'echo last; exit 3'
echo unreachable
SCRIPT
  run bash "$T/c.sh"
  assert_status 3
  [ "${lines[0]}" = first ]
  [ "${lines[1]}" = "rc=7" ]
  [ "${lines[2]}" = "rc=9" ]
  [ "${lines[3]}" = last ]
  refute_output_contains unreachable
  [ "$(cat "$T/a.log")" = first ]
  [ "$(cat "$T/c.log")" = last ]
}

@test "sk_run_with_log: missing command is a usage error" {
  run sk_run_with_log "$T/x.log"
  assert_status 2
  assert_output_contains "usage: sk_run_with_log"
}

@test "sk_check_static_kernel_outputs: .run present -> 0 and lists the packages" {
  mkdir -p out
  : >"out/k1_1.0.0_linux-dav-2201.run"
  : >"out/k2_1.0.0_linux-dav-2201.run"
  run --separate-stderr sk_check_static_kernel_outputs out
  assert_status 0
  [ "${lines[0]}" = "[INFO] static kernel package: out/k1_1.0.0_linux-dav-2201.run" ]
  [ "${lines[1]}" = "[INFO] static kernel package: out/k2_1.0.0_linux-dav-2201.run" ]
  [ "${#lines[@]}" -eq 2 ]
}

@test "sk_check_static_kernel_outputs: a compile error log fails even with a .run present" {
  mkdir -p out
  : >"out/k1_1.0.0_linux-dav-2201.run"
  echo "line 3: bad intrinsic" >out/k2_compile_error.log
  run --separate-stderr sk_check_static_kernel_outputs out
  assert_status 1
  [[ "$stderr" == *"ERROR: static kernel compile failed, see out/k2_compile_error.log"* ]]
  [[ "$stderr" == *"bad intrinsic"* ]]
  [[ "$output" != *"static kernel package"* ]]
}

@test "sk_check_static_kernel_outputs: no .run fails" {
  mkdir -p out/dir.run
  : >out/notes.txt
  run --separate-stderr sk_check_static_kernel_outputs out
  assert_status 1
  [ "$stderr" = "ERROR: no static kernel package (*.run) found in out" ]
}

@test "sk_check_static_kernel_outputs: missing directory fails" {
  run --separate-stderr sk_check_static_kernel_outputs "$T/none"
  assert_status 1
  [[ "$stderr" == "ERROR: static kernel outputs directory not found: $T/none" ]]
}

@test "sk_check_static_kernel_outputs defaults to ./static_kernel_compile_outputs" {
  run sk_check_static_kernel_outputs
  assert_status 1
  mkdir -p static_kernel_compile_outputs
  : >"static_kernel_compile_outputs/k_1.0_linux-dav-3510.run"
  run sk_check_static_kernel_outputs
  assert_status 0
  assert_output_contains "static_kernel_compile_outputs/k_1.0_linux-dav-3510.run"
}

@test "sk_check_static_kernel_outputs ignores the caller's glob settings" {
  mkdir -p out
  : >"out/k_1.0_linux-dav-2201.run"
  run bash -c "set -f; shopt -s failglob nullglob; source '$SK_COMMON_SH'; sk_check_static_kernel_outputs out"
  assert_status 0
  assert_output_contains "out/k_1.0_linux-dav-2201.run"
}
