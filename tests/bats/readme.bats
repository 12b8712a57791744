#!/usr/bin/env bats
# README.md opens with the two commands (examples; whole test suite), and CI runs the second.

setup() {
  REPO=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
}

first_commands() {
  # The first fenced block of README.md, without comments or blank lines.
  awk '/^```/{n++; next} n==1' "$REPO/README.md" | grep -v '^[[:space:]]*#' | grep -v '^[[:space:]]*$'
}

@test "README starts with exactly two commands: examples on dav-2201, then the test suite" {
  run first_commands
  [ "$status" -eq 0 ]
  [ "${#lines[@]}" -eq 2 ]
  [[ "${lines[0]}" == *"examples/run_example.sh --npu-arch=dav-2201"* ]]
  [[ "${lines[0]}" == "scripts/setup.sh"* ]]
  [[ "${lines[1]}" == "scripts/setup.sh"* ]]
}

@test ".ci/run runs the README's test command" {
  run first_commands
  test_command=${lines[1]}
  grep -qxF "$test_command" "$REPO/.ci/run"
}
