#!/usr/bin/env bats
# sk_uninstall_static_kernel_from_log: only the genuine uninstall.sh of a package built in this
# run, sitting exactly under the install root, is ever executed — once.

load test_helper
bats_require_minimum_version 1.5.0

REFUSE="WARN: refusing unrelated or redirected uninstall script"

setup() {
  sk_test_setup
  source "$SK_COMMON_SH"
  ROOT=$T/install
  export SK_INSTALL_ROOT=$ROOT
  OUT=$T/static_kernel_compile_outputs
  LOG=$T/run.log
}

@test "genuine script runs exactly once (duplicates, trailing blanks, CRLF), with --quiet" {
  script=$(make_installed "$ROOT" sk_demo)
  make_built "$OUT" sk_demo
  {
    echo "[INFO] compiling sk_demo"
    echo "[INFO] installed. To uninstall run: $script"
    printf '%s   \t\n' "$script"
    printf 'uninstall=%s\r\n' "$script"
    echo "$script"
  } >"$LOG"
  run sk_uninstall_static_kernel_from_log "$LOG" "$OUT"
  assert_status 0
  [ "$(marker_count sk_demo)" -eq 1 ]
  [ "$(cat "$MARKERS/sk_demo.marker")" = "ran --quiet" ]
  assert_output_contains "[INFO] running uninstall script: $script"
  refute_output_contains "WARN"
}

@test "OUTPUTS_DIR defaults to ./static_kernel_compile_outputs" {
  script=$(make_installed "$ROOT" sk_demo)
  echo "$script" >"$LOG"
  mkdir -p elsewhere
  cd elsewhere
  run sk_uninstall_static_kernel_from_log "$LOG"
  assert_status 0
  [ "$(marker_count sk_demo)" -eq 0 ]
  assert_output_contains "$REFUSE: $script"
  make_built "$T/elsewhere/static_kernel_compile_outputs" sk_demo
  run sk_uninstall_static_kernel_from_log "$LOG"
  assert_status 0
  [ "$(marker_count sk_demo)" -eq 1 ]
}

@test "several genuine kernels each run once, in log order" {
  a=$(make_installed "$ROOT" sk_a)
  b=$(make_installed "$ROOT" sk_b)
  make_built "$OUT" sk_a
  make_built "$OUT" sk_b
  printf '%s\n%s\n%s\n' "$b" "$a" "$b" >"$LOG"
  run sk_uninstall_static_kernel_from_log "$LOG" "$OUT"
  assert_status 0
  [ "$(marker_count sk_a)" -eq 1 ]
  [ "$(marker_count sk_b)" -eq 1 ]
  [ "${lines[0]}" = "[INFO] running uninstall script: $b" ]
}

@test "a failing genuine script warns and returns 0" {
  script=$(make_installed "$ROOT" sk_demo 3)
  make_built "$OUT" sk_demo
  echo "$script" >"$LOG"
  run --separate-stderr sk_uninstall_static_kernel_from_log "$LOG" "$OUT"
  assert_status 0
  [ "$(marker_count sk_demo)" -eq 1 ]
  [[ "$stderr" == *"WARN: uninstall script failed (exit 3): $script"* ]]
}

@test "a failing uninstall never aborts a set -euo pipefail caller, also from an EXIT trap" {
  script=$(make_installed "$ROOT" sk_demo 4)
  make_built "$OUT" sk_demo
  echo "$script" >"$LOG"
  cat >"$T/caller.sh" <<SCRIPT
set -euo pipefail
source $(printf '%q' "$SK_COMMON_SH")
sk_uninstall_static_kernel_from_log "$LOG" "$OUT"
echo "still running"
trap 'sk_uninstall_static_kernel_from_log "$LOG" "$OUT"' EXIT
exit 5
SCRIPT
  run bash "$T/caller.sh"
  assert_status 5
  assert_output_contains "still running"
  [ "$(marker_count sk_demo)" -eq 2 ]
}

@test "refuses a path with a '..' component (and '.' and '//')" {
  make_installed "$ROOT" sk_demo >/dev/null
  mkdir -p "$ROOT/opp/static_kernel/ai_core/other"
  make_built "$OUT" sk_demo
  {
    echo "$ROOT/opp/static_kernel/ai_core/other/../sk_demo/uninstall.sh"
    echo "$ROOT/opp/static_kernel/ai_core/./sk_demo/uninstall.sh"
    echo "$ROOT/opp/static_kernel//ai_core/sk_demo/uninstall.sh"
    echo "$ROOT/x/../opp/static_kernel/ai_core/sk_demo/uninstall.sh"
  } >"$LOG"
  run sk_uninstall_static_kernel_from_log "$LOG" "$OUT"
  assert_status 0
  [ "$(marker_count sk_demo)" -eq 0 ]
  [ "$(grep -c "^$REFUSE: " <<<"$output")" -eq 4 ]
  refute_output_contains "[INFO] running"
}

@test "a kernel folder named '..' or '.' with a matching package is refused as such" {
  # these paths do have the shape <root>/opp/static_kernel/ai_core/<sk>/uninstall.sh
  make_built "$OUT" ..
  make_built "$OUT" .
  write_marker_script "$ROOT/opp/static_kernel/uninstall.sh" "$MARKERS/up.marker"
  write_marker_script "$ROOT/opp/static_kernel/ai_core/uninstall.sh" "$MARKERS/here.marker"
  {
    echo "$ROOT/opp/static_kernel/ai_core/../uninstall.sh"
    echo "$ROOT/opp/static_kernel/ai_core/./uninstall.sh"
  } >"$LOG"
  run sk_uninstall_static_kernel_from_log "$LOG" "$OUT"
  assert_status 0
  [ "$(marker_count up)" -eq 0 ]
  [ "$(marker_count here)" -eq 0 ]
  [ "$(grep -c "reason: path has an empty, '.' or '..' component" <<<"$output")" -eq 2 ]
}

@test "refuses '..' hidden in the install root itself" {
  make_installed "$ROOT" sk_demo >/dev/null
  make_built "$OUT" sk_demo
  mkdir -p "$T/x"
  export SK_INSTALL_ROOT=$T/x/../install
  echo "$T/x/../install/opp/static_kernel/ai_core/sk_demo/uninstall.sh" >"$LOG"
  run sk_uninstall_static_kernel_from_log "$LOG" "$OUT"
  assert_status 0
  [ "$(marker_count sk_demo)" -eq 0 ]
  assert_output_contains "$REFUSE: $T/x/../install/opp"
}

@test "refuses a symlinked uninstall.sh" {
  make_built "$OUT" sk_demo
  write_marker_script "$T/evil/uninstall.sh" "$MARKERS/evil.marker"
  mkdir -p "$ROOT/opp/static_kernel/ai_core/sk_demo"
  ln -s "$T/evil/uninstall.sh" "$ROOT/opp/static_kernel/ai_core/sk_demo/uninstall.sh"
  echo "$ROOT/opp/static_kernel/ai_core/sk_demo/uninstall.sh" >"$LOG"
  run sk_uninstall_static_kernel_from_log "$LOG" "$OUT"
  assert_status 0
  [ "$(marker_count evil)" -eq 0 ]
  assert_output_contains "$REFUSE: $ROOT/opp/static_kernel/ai_core/sk_demo/uninstall.sh"
  [ -L "$ROOT/opp/static_kernel/ai_core/sk_demo/uninstall.sh" ]
}

@test "refuses a symlinked kernel directory" {
  make_built "$OUT" sk_demo
  write_marker_script "$T/evil_dir/uninstall.sh" "$MARKERS/evil.marker"
  mkdir -p "$ROOT/opp/static_kernel/ai_core"
  ln -s "$T/evil_dir" "$ROOT/opp/static_kernel/ai_core/sk_demo"
  echo "$ROOT/opp/static_kernel/ai_core/sk_demo/uninstall.sh" >"$LOG"
  run sk_uninstall_static_kernel_from_log "$LOG" "$OUT"
  assert_status 0
  [ "$(marker_count evil)" -eq 0 ]
  assert_output_contains "$REFUSE"
  assert_output_contains "symlink on path: $ROOT/opp/static_kernel/ai_core/sk_demo"
}

@test "refuses when a directory above, inside the install root, is a symlink" {
  make_built "$OUT" sk_demo
  make_installed "$T/real" sk_demo >/dev/null
  mkdir -p "$ROOT"
  ln -s "$T/real/opp" "$ROOT/opp"
  echo "$ROOT/opp/static_kernel/ai_core/sk_demo/uninstall.sh" >"$LOG"
  run sk_uninstall_static_kernel_from_log "$LOG" "$OUT"
  assert_status 0
  [ "$(marker_count sk_demo)" -eq 0 ]
  assert_output_contains "$REFUSE"
}

@test "refuses when the install root itself is reached through a symlink" {
  make_built "$OUT" sk_demo
  make_installed "$T/real_root" sk_demo >/dev/null
  ln -s "$T/real_root" "$T/link_root"
  export SK_INSTALL_ROOT=$T/link_root
  echo "$T/link_root/opp/static_kernel/ai_core/sk_demo/uninstall.sh" >"$LOG"
  run sk_uninstall_static_kernel_from_log "$LOG" "$OUT"
  assert_status 0
  [ "$(marker_count sk_demo)" -eq 0 ]
  assert_output_contains "$REFUSE"
}

@test "refuses a well-formed script outside the install root" {
  make_built "$OUT" sk_demo
  other=$(make_installed "$T/other_root" sk_demo)
  mkdir -p "$ROOT"
  echo "$other" >"$LOG"
  run sk_uninstall_static_kernel_from_log "$LOG" "$OUT"
  assert_status 0
  [ "$(marker_count sk_demo)" -eq 0 ]
  assert_output_contains "$REFUSE: $other"
}

@test "refuses a script at the wrong depth under the install root" {
  make_built "$OUT" sk_demo
  write_marker_script "$ROOT/opp/static_kernel/ai_core/sk_demo/sub/sk_demo/uninstall.sh" "$MARKERS/deep.marker"
  write_marker_script "$ROOT/opp/static_kernel/sk_demo/uninstall.sh" "$MARKERS/shallow.marker"
  {
    echo "$ROOT/opp/static_kernel/ai_core/sk_demo/sub/sk_demo/uninstall.sh"
    echo "$ROOT/opp/static_kernel/sk_demo/uninstall.sh"
  } >"$LOG"
  run sk_uninstall_static_kernel_from_log "$LOG" "$OUT"
  assert_status 0
  [ "$(marker_count deep)" -eq 0 ]
  [ "$(marker_count shallow)" -eq 0 ]
  [ "$(grep -c "^$REFUSE: " <<<"$output")" -eq 2 ]
}

@test "refuses a package not built in this run, runs the one that was" {
  built=$(make_installed "$ROOT" sk_built)
  stale=$(make_installed "$ROOT" sk_stale)
  make_built "$OUT" sk_built
  printf '%s\n%s\n' "$stale" "$built" >"$LOG"
  run sk_uninstall_static_kernel_from_log "$LOG" "$OUT"
  assert_status 0
  [ "$(marker_count sk_stale)" -eq 0 ]
  [ "$(marker_count sk_built)" -eq 1 ]
  assert_output_contains "$REFUSE: $stale"
}

@test "a package whose name only starts with <sk>_ does not count as <sk>" {
  script=$(make_installed "$ROOT" sk)
  make_built "$OUT" sk_extra
  mkdir -p "$OUT/sk_1.0.0_linux-dav-2201.run"
  echo "$script" >"$LOG"
  run sk_uninstall_static_kernel_from_log "$LOG" "$OUT"
  assert_status 0
  [ "$(marker_count sk)" -eq 0 ]
  assert_output_contains "$REFUSE: $script"
}

@test "no outputs directory: nothing is run" {
  script=$(make_installed "$ROOT" sk_demo)
  echo "$script" >"$LOG"
  run sk_uninstall_static_kernel_from_log "$LOG" "$T/missing_outputs"
  assert_status 0
  [ "$(marker_count sk_demo)" -eq 0 ]
  assert_output_contains "$REFUSE: $script"
}

@test "a kernel folder named like a glob does not match other packages" {
  make_built "$OUT" sk_demo
  write_marker_script "$ROOT/opp/static_kernel/ai_core/*/uninstall.sh" "$MARKERS/glob.marker"
  echo "$ROOT/opp/static_kernel/ai_core/*/uninstall.sh" >"$LOG"
  run sk_uninstall_static_kernel_from_log "$LOG" "$OUT"
  assert_status 0
  [ "$(marker_count glob)" -eq 0 ]
  assert_output_contains "$REFUSE"
}

@test "spaces in the install root, the outputs dir and the log line" {
  export SK_INSTALL_ROOT="$T/my install root"
  OUT="$T/out dir/static kernel outputs"
  script=$(make_installed "$SK_INSTALL_ROOT" sk_demo)
  make_built "$OUT" sk_demo
  LOG="$T/log dir/run log.txt"
  mkdir -p "$T/log dir"
  {
    echo "[INFO] Installed. Uninstall script: $script  "
    echo "[INFO] removing /tmp/x and $script"
  } >"$LOG"
  run sk_uninstall_static_kernel_from_log "$LOG" "$OUT"
  assert_status 0
  [ "$(marker_count sk_demo)" -eq 1 ]
  assert_output_contains "[INFO] running uninstall script: $script"
  assert_output_contains "$REFUSE: /tmp/x and $script"
}

@test "a space-separated decoy prefix is refused, the real path is not split off it" {
  make_built "$OUT" sk_demo
  mkdir -p "$T/a"
  write_marker_script "$T/a $ROOT/opp/static_kernel/ai_core/sk_demo/uninstall.sh" "$MARKERS/decoy.marker"
  echo "$T/a $ROOT/opp/static_kernel/ai_core/sk_demo/uninstall.sh" >"$LOG"
  run sk_uninstall_static_kernel_from_log "$LOG" "$OUT"
  assert_status 0
  [ "$(marker_count decoy)" -eq 0 ]
  assert_output_contains "$REFUSE: $T/a $ROOT"
}

@test "a newline inside a path never leads to running anything" {
  # kernel folder with a newline in its name, with a matching package
  nl_sk=$'sk_demo\nx'
  write_marker_script "$ROOT/opp/static_kernel/ai_core/$nl_sk/uninstall.sh" "$MARKERS/nl.marker"
  make_built "$OUT" "$nl_sk"
  make_built "$OUT" sk_demo
  make_built "$OUT" x
  # a relative tree the second half of the split line could name
  write_marker_script "$T/x/uninstall.sh" "$MARKERS/relative.marker"
  # install root with a newline in it
  nl_root=$'\n'"$ROOT"
  write_marker_script "$T/"$'\n'"$ROOT/opp/static_kernel/ai_core/sk_demo/uninstall.sh" "$MARKERS/nlroot.marker"
  {
    printf '%s\n' "$ROOT/opp/static_kernel/ai_core/$nl_sk/uninstall.sh"
    printf 'Uninstall: %s\n' "$T/$nl_root/opp/static_kernel/ai_core/sk_demo/uninstall.sh"
  } >"$LOG"
  run sk_uninstall_static_kernel_from_log "$LOG" "$OUT"
  assert_status 0
  [ "$(marker_count nl)" -eq 0 ]
  [ "$(marker_count relative)" -eq 0 ]
  [ "$(marker_count nlroot)" -eq 0 ]
  refute_output_contains "[INFO] running"
}

@test "refuses a directory named uninstall.sh" {
  make_built "$OUT" sk_demo
  mkdir -p "$ROOT/opp/static_kernel/ai_core/sk_demo/uninstall.sh"
  echo "$ROOT/opp/static_kernel/ai_core/sk_demo/uninstall.sh" >"$LOG"
  run sk_uninstall_static_kernel_from_log "$LOG" "$OUT"
  assert_status 0
  assert_output_contains "$REFUSE: $ROOT/opp/static_kernel/ai_core/sk_demo/uninstall.sh"
  assert_output_contains "not a regular file"
  [ -d "$ROOT/opp/static_kernel/ai_core/sk_demo/uninstall.sh" ]
}

@test "refuses a missing uninstall.sh" {
  make_built "$OUT" sk_demo
  mkdir -p "$ROOT/opp/static_kernel/ai_core/sk_demo"
  echo "$ROOT/opp/static_kernel/ai_core/sk_demo/uninstall.sh" >"$LOG"
  run sk_uninstall_static_kernel_from_log "$LOG" "$OUT"
  assert_status 0
  assert_output_contains "$REFUSE"
  refute_output_contains "[INFO] running"
}

@test "a log naming /usr/bin/.../uninstall.sh or /usr/bin/true runs nothing" {
  make_built "$OUT" sk_demo
  make_built "$OUT" bin
  # a PATH shim would reveal any attempt to run `true` through PATH
  write_marker_script "$T/shim/true" "$MARKERS/true.marker"
  export PATH="$T/shim:$PATH"
  {
    echo "/usr/bin/true"
    echo "run: /usr/bin/true"
    echo "/usr/bin/../bin/uninstall.sh"
    echo "/usr/bin/uninstall.sh"
    echo "/usr/bin/true; $ROOT/opp/static_kernel/ai_core/sk_demo/uninstall.sh"
  } >"$LOG"
  run sk_uninstall_static_kernel_from_log "$LOG" "$OUT"
  assert_status 0
  [ "$(marker_count true)" -eq 0 ]
  assert_output_contains "$REFUSE: /usr/bin/../bin/uninstall.sh"
  assert_output_contains "$REFUSE: /usr/bin/uninstall.sh"
  assert_output_contains "$REFUSE: /usr/bin/true; $ROOT"
  refute_output_contains "$REFUSE: /usr/bin/true"$'\n'
  refute_output_contains "[INFO] running"
}

@test "log content is never evaluated" {
  make_built "$OUT" sk_demo
  {
    echo "\$(touch $T/pwned1)/uninstall.sh"
    echo "x /tmp/\$(touch $T/pwned2)/\`touch $T/pwned3\`/uninstall.sh"
    echo "$ROOT/opp/static_kernel/ai_core/\$(touch $T/pwned4)/uninstall.sh"
  } >"$LOG"
  run sk_uninstall_static_kernel_from_log "$LOG" "$OUT"
  assert_status 0
  [ ! -e "$T/pwned1" ]
  [ ! -e "$T/pwned2" ]
  [ ! -e "$T/pwned3" ]
  [ ! -e "$T/pwned4" ]
}

@test "lines that do not end in /uninstall.sh are ignored" {
  script=$(make_installed "$ROOT" sk_demo)
  make_built "$OUT" sk_demo
  {
    echo "$script.bak"
    echo "$script --force"
    echo "${script%/uninstall.sh}/my_uninstall.sh"
    echo "'$script'"
  } >"$LOG"
  run sk_uninstall_static_kernel_from_log "$LOG" "$OUT"
  assert_status 0
  [ "$output" = "" ]
  [ "$(marker_count sk_demo)" -eq 0 ]
}

@test "the path starts at the first '/' that begins an absolute path" {
  script=$(make_installed "$ROOT" sk_demo)
  make_built "$OUT" sk_demo
  echo "[2024/01/01 12:00] a/b: $script" >"$LOG"
  run sk_uninstall_static_kernel_from_log "$LOG" "$OUT"
  assert_status 0
  [ "$(marker_count sk_demo)" -eq 1 ]
}

@test "install root: SK_INSTALL_ROOT, else SK_HOME, else \$HOME/.superkernel" {
  a=$(make_installed "$T/explicit" sk_demo)
  b=$(make_installed "$T/skhome" sk_demo)
  c=$(make_installed "$HOME/.superkernel" sk_demo)
  make_built "$OUT" sk_demo
  printf '%s\n%s\n%s\n' "$a" "$b" "$c" >"$LOG"

  export SK_INSTALL_ROOT=$T/explicit SK_HOME=$T/skhome
  run sk_uninstall_static_kernel_from_log "$LOG" "$OUT"
  assert_status 0
  assert_output_contains "[INFO] running uninstall script: $a"
  [ "$(grep -c '^\[INFO\] running' <<<"$output")" -eq 1 ]

  unset SK_INSTALL_ROOT
  run sk_uninstall_static_kernel_from_log "$LOG" "$OUT"
  assert_output_contains "[INFO] running uninstall script: $b"
  [ "$(grep -c '^\[INFO\] running' <<<"$output")" -eq 1 ]

  unset SK_HOME
  run sk_uninstall_static_kernel_from_log "$LOG" "$OUT"
  assert_output_contains "[INFO] running uninstall script: $c"
  [ "$(grep -c '^\[INFO\] running' <<<"$output")" -eq 1 ]
  # the same marker file: one run per root
  [ "$(marker_count sk_demo)" -eq 3 ]
}

@test "a missing log warns and returns 0" {
  run --separate-stderr sk_uninstall_static_kernel_from_log "$T/no.log" "$OUT"
  assert_status 0
  [[ "$stderr" == "WARN: uninstall log not found"* ]]
  run sk_uninstall_static_kernel_from_log
  assert_status 0
}

@test "a fake uninstall.sh at the expected place is refused: not the one its manifest lists" {
  script=$(make_installed "$ROOT" sk_demo)
  make_built "$OUT" sk_demo
  write_marker_script "$script" "$MARKERS/fake.marker"   # put there after the install
  echo "$script" >"$LOG"
  run sk_uninstall_static_kernel_from_log "$LOG" "$OUT"
  assert_status 0
  [ "$(marker_count fake)" -eq 0 ]
  assert_output_contains "$REFUSE: $script"
  assert_output_contains "reason: not the uninstall.sh its package installed ($script: sha256 "
}

@test "a script without a valid manifest of its own kernel beside it is refused" {
  script=$(make_installed "$ROOT" sk_demo)
  dir=${script%/uninstall.sh}
  make_built "$OUT" sk_demo
  echo "$script" >"$LOG"
  mv "$dir/manifest.json" "$T/manifest.json"
  run sk_uninstall_static_kernel_from_log "$LOG" "$OUT"
  [ "$(marker_count sk_demo)" -eq 0 ]
  assert_output_contains "reason: $dir/manifest.json is not a valid manifest of kernel sk_demo"
  # the manifest of another kernel, listing this very script
  sed 's/"sk_demo/"sk_other/g; s/sk_demo\//sk_other\//g' "$T/manifest.json" >"$dir/manifest.json"
  run sk_uninstall_static_kernel_from_log "$LOG" "$OUT"
  [ "$(marker_count sk_demo)" -eq 0 ]
  assert_output_contains "reason: $dir/manifest.json is not a valid manifest of kernel sk_demo"
  # a symlink to a valid manifest
  rm "$dir/manifest.json"
  ln -s "$T/manifest.json" "$dir/manifest.json"
  run sk_uninstall_static_kernel_from_log "$LOG" "$OUT"
  [ "$(marker_count sk_demo)" -eq 0 ]
  assert_output_contains "$REFUSE: $script"
  # the real one back: accepted
  rm "$dir/manifest.json"
  mv "$T/manifest.json" "$dir/manifest.json"
  run sk_uninstall_static_kernel_from_log "$LOG" "$OUT"
  [ "$(marker_count sk_demo)" -eq 1 ]
}

@test "without the build's sk_pkg_tool nothing is run" {
  script=$(make_installed "$ROOT" sk_demo)
  make_built "$OUT" sk_demo
  echo "$script" >"$LOG"
  SK_PKG_TOOL=$T/no/such/tool run sk_uninstall_static_kernel_from_log "$LOG" "$OUT"
  assert_status 0
  [ "$(marker_count sk_demo)" -eq 0 ]
  assert_output_contains "reason: cannot check it against its manifest: no sk_pkg_tool at $T/no/such/tool"
}

# The helper once took 31 s on 3,000 lines (work per line that grew with the log). Not a
# wall-clock bound (machines are shared): 3,000 lines must cost less than 30 times 300 lines in
# the same run, where linear work gives about 10 and the old quadratic work about 100.
uninstall_lines_ms() {  # N: times the helper on 3N candidate lines (ms in $took), checks what it did
  local n=$1 script start i before
  rm -f "$OUT"/sk_built_*.run
  script=$(make_installed "$ROOT" sk_demo)
  make_built "$OUT" sk_demo
  for ((i = 0; i < n; i++)); do : >"$OUT/sk_built_${i}_1.0.0_linux-dav-2201.run"; done
  for ((i = 0; i < n; i++)); do
    echo "[INFO] uninstall script: $script"
    echo "[INFO] uninstall script: $ROOT/opp/static_kernel/ai_core/sk_other_$i/uninstall.sh"
    echo "x=/somewhere/else/k$i/uninstall.sh"
  done >"$LOG"
  before=$(marker_count sk_demo)
  start=$(date +%s%N)
  run sk_uninstall_static_kernel_from_log "$LOG" "$OUT"
  took=$((($(date +%s%N) - start) / 1000000))
  assert_status 0
  [ "$(marker_count sk_demo)" -eq $((before + 1)) ]
  [ "$(grep -c "^$REFUSE: " <<<"$output")" -eq $((2 * n)) ]
}

@test "the log helper's work grows linearly with the log (3,000 lines vs 300)" {
  uninstall_lines_ms 100
  small=$took
  uninstall_lines_ms 1000
  large=$took
  echo "# 300 lines in $small ms, 3,000 lines in $large ms" >&3
  [ "$large" -lt $((30 * (small + 1))) ]
}
