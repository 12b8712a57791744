#!/usr/bin/env bats
# examples/run_example.sh: argument handling, example selection, failure propagation.

load test_helper
bats_require_minimum_version 1.5.0

setup() {
  sk_test_setup
  FAKE=$T/fake_examples
  mkdir -p "$FAKE"
  USAGE="Usage: bash $SK_RUN_EXAMPLE --npu-arch=dav-2201|dav-3510"
}

# fake_example REL [EXIT_CODE]: an example that records its arguments, cwd and SK_NPU_ARCH.
fake_example() {
  local rel=$1 code=${2:-0} name
  name=$(printf '%s' "$rel" | tr '/ ' '__')
  mkdir -p "$(dirname "$FAKE/$rel")"
  {
    echo '#!/usr/bin/env bash'
    printf 'printf "args=%%s cwd=%%s env=%%s\\n" "$*" "$PWD" "${SK_NPU_ARCH:-}" >> %q\n' "$MARKERS/$name.marker"
    printf 'echo "output of %s"\n' "$rel"
    printf 'exit %d\n' "$code"
  } >"$FAKE/$rel"
}

@test "run_example.sh -h / --help prints usage and exits 0" {
  run --separate-stderr bash "$SK_RUN_EXAMPLE" -h
  assert_status 0
  [ "$output" = "$USAGE" ]
  run --separate-stderr bash "$SK_RUN_EXAMPLE" --help
  assert_status 0
  [ "$output" = "$USAGE" ]
}

@test "run_example.sh without --npu-arch exits 2" {
  run --separate-stderr bash "$SK_RUN_EXAMPLE"
  assert_status 2
  [ "${stderr_lines[0]}" = "ERROR: --npu-arch is required." ]
  [ "${stderr_lines[1]}" = "$USAGE" ]
  [[ "$output" != *"Run all examples success"* ]]
}

@test "run_example.sh with a bad architecture exits 2 and runs nothing" {
  fake_example demo/run.sh
  export SK_EXAMPLES_DIR=$FAKE SK_EXAMPLES=demo/run.sh
  run --separate-stderr bash "$SK_RUN_EXAMPLE" --npu-arch=dav-1000
  assert_status 2
  [[ "$stderr" == *"unsupported NPU architecture: dav-1000"* ]]
  [ "$(marker_count demo_run.sh)" -eq 0 ]
}

@test "run_example.sh rejects unknown options" {
  run --separate-stderr bash "$SK_RUN_EXAMPLE" --npu-arch=dav-2201 --all
  assert_status 2
  [[ "$stderr" == *"$USAGE"* ]]
}

@test "runs each listed example in order with --npu-arch and ends with success" {
  fake_example jit/a/run.sh
  fake_example "aot/with space/run.sh"
  export SK_EXAMPLES_DIR=$FAKE
  export SK_EXAMPLES=$'jit/a/run.sh\n\naot/with space/run.sh\n'
  SK_PYTHON_EXPECTED=$(unset SK_PYTHON; source "$SK_COMMON_SH"; sk_resolve_python; echo "$SK_PYTHON")
  run --separate-stderr bash "$SK_RUN_EXAMPLE" --npu-arch=dav-3510
  assert_status 0
  [ "${lines[-1]}" = "Run all examples success" ]
  printf '%s\n' "${lines[@]}" | grep -v '^output of' >"$T/info"
  [ "$(sed -n 2p "$T/info")" = "[INFO] Python: $SK_PYTHON_EXPECTED" ]
  [ "$(sed -n 3p "$T/info")" = "[INFO] running jit/a/run.sh" ]
  [ "$(sed -n 4p "$T/info")" = "[INFO] running aot/with space/run.sh" ]
  [ "$(cat "$MARKERS/jit_a_run.sh.marker")" = "args=--npu-arch=dav-3510 cwd=$FAKE/jit/a env=dav-3510" ]
  [ "$(cat "$MARKERS/aot_with_space_run.sh.marker")" = "args=--npu-arch=dav-3510 cwd=$FAKE/aot/with space env=dav-3510" ]
  VIRTUAL_ENV=$T/venv SK_PYTHON= run --separate-stderr bash "$SK_RUN_EXAMPLE" --npu-arch=dav-3510
  [ "${lines[1]}" = "[INFO] Python: $SK_PYTHON_EXPECTED" ]  # a venv without bin/python is passed over
}

@test "stops at the first failing example with its exit code" {
  fake_example one/run.sh
  fake_example two/run.sh 5
  fake_example three/run.sh
  export SK_EXAMPLES_DIR=$FAKE SK_EXAMPLES=$'one/run.sh\ntwo/run.sh\nthree/run.sh'
  run --separate-stderr bash "$SK_RUN_EXAMPLE" --npu-arch dav-2201
  assert_status 5
  [ "$stderr" = "ERROR: example two/run.sh failed (exit 5)" ]
  [[ "$output" != *"Run all examples success"* ]]
  [ "$(marker_count one_run.sh)" -eq 1 ]
  [ "$(marker_count two_run.sh)" -eq 1 ]
  [ "$(marker_count three_run.sh)" -eq 0 ]
}

@test "works from any current directory, with a relative SK_EXAMPLES_DIR" {
  fake_example demo/run.sh
  mkdir -p "$T/elsewhere/deeper"
  cd "$T/elsewhere/deeper"
  SK_EXAMPLES_DIR=../../fake_examples SK_EXAMPLES=demo/run.sh run bash "$SK_RUN_EXAMPLE" --npu-arch=dav-2201
  assert_status 0
  [ "${lines[-1]}" = "Run all examples success" ]
  [ "$(marker_count demo_run.sh)" -eq 1 ]
  # nothing leaked into the caller's directory
  [ -z "$(ls -A "$T/elsewhere/deeper")" ]
}

@test "a listed example that is missing fails the run instead of being skipped" {
  fake_example one/run.sh
  fake_example three/run.sh
  export SK_EXAMPLES_DIR=$FAKE SK_EXAMPLES=$'one/run.sh\ntwo/run.sh\nthree/run.sh'
  run --separate-stderr bash "$SK_RUN_EXAMPLE" --npu-arch=dav-2201
  assert_status 2
  [[ "$stderr" == "ERROR: example two/run.sh is listed but missing"* ]]
  [[ "$output" != *"Run all examples success"* ]]
  [ "$(marker_count three_run.sh)" -eq 0 ]
}

@test "by default examples are found next to the script and common.sh relative to it" {
  mkdir -p "$T/tree/examples" "$T/tree/scripts"
  cp "$SK_RUN_EXAMPLE" "$T/tree/examples/run_example.sh"
  cp "$SK_COMMON_SH" "$T/tree/scripts/common.sh"
  FAKE=$T/tree/examples
  # every entry of the built-in EXAMPLES list (the array between "EXAMPLES=(" and ")")
  while IFS= read -r entry; do
    fake_example "$entry"
  done < <(sed -n '/^EXAMPLES=(/,/^)/p' "$SK_RUN_EXAMPLE" | sed '1d;$d;s/^[[:space:]]*//')
  mkdir -p "$T/cwd"
  cd "$T/cwd"
  run bash ../tree/examples/run_example.sh --npu-arch=dav-2201
  assert_status 0
  [ "$(cat "$MARKERS/demo_run.sh.marker")" = "args=--npu-arch=dav-2201 cwd=$T/tree/examples/demo env=dav-2201" ]
  [ "${lines[-1]}" = "Run all examples success" ]
}

@test "an empty SK_EXAMPLES runs nothing and succeeds" {
  fake_example demo/run.sh
  export SK_EXAMPLES_DIR=$FAKE SK_EXAMPLES=
  run bash "$SK_RUN_EXAMPLE" --npu-arch=dav-3510
  assert_status 0
  [ "$(marker_count demo_run.sh)" -eq 0 ]
  [ "${lines[-1]}" = "Run all examples success" ]
}

@test "a missing SK_EXAMPLES_DIR exits 2" {
  export SK_EXAMPLES_DIR=$T/nowhere
  run --separate-stderr bash "$SK_RUN_EXAMPLE" --npu-arch=dav-3510
  assert_status 2
  [ "$stderr" = "ERROR: examples directory not found: $T/nowhere" ]
}
