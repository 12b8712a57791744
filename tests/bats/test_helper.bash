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
  unset SK_INSTALL_ROOT SK_HOME SK_NPU_ARCH SK_EXAMPLES SK_EXAMPLES_DIR SK_PKG_TOOL
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

# write_manifest DIR SK: a valid manifest.json (docs/packaging.md) in kernel folder DIR that
# lists DIR/uninstall.sh with its sha256, as an installed package's does.
write_manifest() {
  local dir=$1 sk=$2 sha other
  sha=$(sha256sum <"$dir/uninstall.sh" | cut -c1-64)
  other=$(printf '%064d' 0)
  {
    printf '{\n  "format": "superkernel-static-kernel-manifest/1",\n  "kernel": "%s",\n' "$sk"
    printf '  "version": "1.0.0",\n  "npuArch": "dav-2201",\n  "host": "linux-x86_64",\n  "builtBy": "bats",\n'
    printf '  "coreType": "AIV",\n  "taskRation": "0:1",\n  "blockDim": 1,\n'
    printf '  "index": {"name":"%s","version":"1.0.0","npuArch":"dav-2201","coreType":"AIV","blockDim":1,' "$sk"
    printf '"inputs":[],"outputs":[],"json":"%s/%s.json","binary":"%s/%s.o"},\n' "$sk" "$sk" "$sk" "$sk"
    printf '  "files": [\n'
    printf '    {"path":"%s.o","sha256":"%s","bytes":0,"mode":"0644","installed":true},\n' "$sk" "$other"
    printf '    {"path":"%s.json","sha256":"%s","bytes":3,"mode":"0644","installed":true},\n' "$sk" "$other"
    printf '    {"path":"uninstall.sh","sha256":"%s","bytes":1,"mode":"0755","installed":true}\n  ]\n}\n' "$sha"
  } >"$dir/manifest.json"
}

# make_installed ROOT SK [EXIT_CODE]: fake installed kernel with an uninstall.sh writing
# $MARKERS/<SK>.marker and a manifest.json that lists it; prints the uninstall.sh path.
make_installed() {
  local root=$1 sk=$2 code=${3:-0}
  local script=$root/opp/static_kernel/ai_core/$sk/uninstall.sh
  mkdir -p "$(dirname "$script")"
  printf '{}\n' >"$(dirname "$script")/$sk.json"
  write_marker_script "$script" "$MARKERS/$sk.marker" "$code"
  write_manifest "$(dirname "$script")" "$sk"
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
