#!/usr/bin/env bats
# sk_resolve_python and sk_run_python_with_log.

load test_helper
bats_require_minimum_version 1.5.0

setup() {
  sk_test_setup
  unset SK_PYTHON VIRTUAL_ENV
  source "$SK_COMMON_SH"
}

# fake_python FILE: an "interpreter" that prints its arguments, PYTHONPATH and exits with $FAKE_RC.
fake_python() {
  mkdir -p "$(dirname "$1")"
  cat >"$1" <<'SCRIPT'
#!/usr/bin/env bash
echo "python $*"
echo "PYTHONPATH=$PYTHONPATH"
exit "${FAKE_RC:-0}"
SCRIPT
  chmod +x "$1"
}

@test "sk_resolve_python prefers \$VIRTUAL_ENV, then the repository's venv, then python3" {
  fake_python "$T/env/bin/python"
  fake_python "$T/repo/venv/bin/python"
  VIRTUAL_ENV=$T/env sk_resolve_python "$T/repo"
  [ "$SK_PYTHON" = "$T/env/bin/python" ]
  unset SK_PYTHON
  sk_resolve_python "$T/repo"
  [ "$SK_PYTHON" = "$T/repo/venv/bin/python" ]
  unset SK_PYTHON
  sk_resolve_python "$T/no-repo"
  "$SK_PYTHON" -c 'import numpy'  # python3 with numpy, or Debian's
}

@test "sk_resolve_python skips a \$VIRTUAL_ENV without an interpreter and keeps an SK_PYTHON given" {
  fake_python "$T/repo/venv/bin/python"
  VIRTUAL_ENV=$T/missing sk_resolve_python "$T/repo"
  [ "$SK_PYTHON" = "$T/repo/venv/bin/python" ]
  SK_PYTHON=/some/python sk_resolve_python "$T/repo"
  [ "$SK_PYTHON" = /some/python ]
}

@test "sk_resolve_python falls back to the system interpreter, and without any it is an error" {
  fake_python "$T/system/python3"
  PATH=$T/empty SK_SYSTEM_PYTHON=$T/system/python3 sk_resolve_python "$T/repo"
  [ "$SK_PYTHON" = "$T/system/python3" ]
  unset SK_PYTHON
  PATH=$T/empty SK_SYSTEM_PYTHON=$T/none run -1 sk_resolve_python "$T/repo"
  assert_output_contains "ERROR: no Python interpreter"
}

@test "sk_run_python_with_log returns the script's exit code, logs it and puts the build's package first" {
  fake_python "$T/py"
  export SK_PYTHON=$T/py SK_BUILD_DIR=$T/build PYTHONPATH=/mine
  FAKE_RC=5 run sk_run_python_with_log "$T/log/p.log" script.py --flag "a b"
  assert_status 5
  grep -qx "python script.py --flag a b" "$T/log/p.log"
  grep -qx "PYTHONPATH=$T/build/python:/mine" "$T/log/p.log"
  FAKE_RC=0 run sk_run_python_with_log "$T/log/q.log" s.py
  assert_status 0
  [ "$PYTHONPATH" = /mine ]  # the caller's is left alone
}

@test "sk_run_python_with_log under set -euo pipefail returns the script's code, not tee's" {
  fake_python "$T/py"
  cat >"$T/c.sh" <<SCRIPT
set -euo pipefail
source $(printf '%q' "$SK_COMMON_SH")
export SK_PYTHON=$T/py
rc=0
FAKE_RC=7 sk_run_python_with_log "$T/a.log" s.py || rc=\$?
echo "rc=\$rc"
FAKE_RC=3 sk_run_python_with_log "$T/b.log" s.py
echo unreachable
SCRIPT
  run bash "$T/c.sh"
  assert_status 3
  assert_output_contains "rc=7"
  refute_output_contains unreachable
}

@test "sk_run_python_with_log needs a log and a script" {
  run sk_run_python_with_log only-log
  assert_status 2
  assert_output_contains "usage: sk_run_python_with_log LOG SCRIPT"
}

@test "sk_run_python_with_log runs a real script that imports the package from the build" {
  mkdir -p "$T/build/python/superkernel"
  echo 'WHERE = "the build tree"' >"$T/build/python/superkernel/__init__.py"
  echo 'import superkernel, sys; print(superkernel.WHERE, superkernel.__file__); sys.exit(4)' >"$T/s.py"
  SK_BUILD_DIR=$T/build run sk_run_python_with_log "$T/s.log" "$T/s.py"
  assert_status 4
  assert_output_contains "the build tree $T/build/python/superkernel/__init__.py"
}
