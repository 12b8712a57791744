# Shared setup for the bats suites of scripts/common.sh and examples/run_example.sh.
# Loaded with `load test_helper`; never touches the real $HOME.
# shellcheck shell=bash disable=SC2034,SC2154

SK_REPO_ROOT=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
SK_COMMON_SH=$SK_REPO_ROOT/scripts/common.sh
SK_RUN_EXAMPLE=$SK_REPO_ROOT/examples/run_example.sh

sk_test_setup() {
  T=$BATS_TEST_TMPDIR
  export HOME=$T/home
  mkdir -p "$HOME"
  unset SK_INSTALL_ROOT SK_HOME SK_NPU_ARCH SK_EXAMPLES SK_EXAMPLES_DIR
  MARKERS=$T/markers
  mkdir -p "$MARKERS"
  cd "$T" || return 1
}

# write_marker_script FILE MARKER [EXIT_CODE]: a bash script that appends "ran <args>" to MARKER.
write_marker_script() {
  local file=$1 marker=$2 code=${3:-0}
  mkdir -p "$(dirname "$file")"
  {
    echo '#!/usr/bin/env bash'
    printf 'printf "ran %%s\\n" "$*" >> %q\n' "$marker"
    printf 'exit %d\n' "$code"
  } >"$file"
  chmod +x "$file"
}

# make_installed ROOT SK [EXIT_CODE]: fake installed kernel with an uninstall.sh writing
# $MARKERS/<SK>.marker; prints the uninstall.sh path.
make_installed() {
  local root=$1 sk=$2 code=${3:-0}
  local script=$root/opp/static_kernel/ai_core/$sk/uninstall.sh
  mkdir -p "$(dirname "$script")"
  printf '{}\n' >"$(dirname "$script")/$sk.json"
  write_marker_script "$script" "$MARKERS/$sk.marker" "$code"
  printf '%s\n' "$script"
}

# make_built OUTPUTS_DIR SK: the package of SK as built in this run.
make_built() {
  mkdir -p "$1"
  : >"$1/${2}_1.0.0_linux-dav-2201.run"
}

# marker_count NAME: number of times the marker script NAME ran.
marker_count() {
  if [[ -f "$MARKERS/$1.marker" ]]; then
    wc -l <"$MARKERS/$1.marker" | tr -d ' '
  else
    echo 0
  fi
}

# assert helpers (bats-assert is not installed)
assert_status() {
  if [[ "$status" -ne "$1" ]]; then
    echo "expected status $1, got $status; output:" >&2
    printf '%s\n' "$output" >&2
    return 1
  fi
}
assert_output_contains() {
  if [[ "$output" != *"$1"* ]]; then
    printf 'expected output to contain: %s\nactual output:\n%s\n' "$1" "$output" >&2
    return 1
  fi
}
refute_output_contains() {
  if [[ "$output" == *"$1"* ]]; then
    printf 'expected output NOT to contain: %s\nactual output:\n%s\n' "$1" "$output" >&2
    return 1
  fi
}
