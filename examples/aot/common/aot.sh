# shellcheck shell=bash
# Steps shared by the AOT examples (examples/aot/*/run.sh), on top of scripts/common.sh.
# Source it after scripts/common.sh and sk_parse_npu_arch; it only defines functions.
#
#   aot_init DIR          cd DIR, sk_cleanup_local, find the tools, point SK_HOME and
#                         SK_INSTALL_ROOT at DIR/tmp/install_root (the example's own install
#                         root: the user's $HOME/.superkernel is never touched) and create the
#                         install log LOG_INSTALL that the exit trap reads
#   aot_cc OUT.o SRC.cpp  compile a kernel with clang-19 (the compile contract, docs/architecture.md §3.1)
#   aot_install_all       install every static_kernel_compile_outputs/*.run (run it through
#                         sk_run_with_log "$LOG_INSTALL" so the trap finds the uninstall.sh lines)
#   aot_user_state [PYTHON]
#                         a fingerprint of what an example must leave as it found it: the user's
#                         install root ($HOME/.superkernel) and, with PYTHON, the packages that
#                         interpreter sees (pip list, without the caller's PYTHONPATH)

aot_init() {
  local dir=$1 tool
  cd -- "$dir" || return 1
  sk_cleanup_local "$dir" || return 1
  AOT_REPO=$(cd -- "$dir/../../.." && pwd -P)
  AOT_BUILD=${SK_BUILD_DIR:-$AOT_REPO/build}
  for tool in sk_compile sk_run; do
    if [[ ! -x "$AOT_BUILD/bin/$tool" ]]; then
      echo "ERROR: $AOT_BUILD/bin/$tool not found: run scripts/setup.sh first (or set SK_BUILD_DIR)" >&2
      return 2
    fi
  done
  SK_COMPILE=$AOT_BUILD/bin/sk_compile
  SK_RUN=$AOT_BUILD/bin/sk_run
  AOT_CC=$(command -v clang-19 || echo /usr/lib/llvm-19/bin/clang-19)
  AOT_TENSORS=$AOT_REPO/examples/aot/common/tensors.py
  SK_HOME=$dir/tmp/install_root
  SK_INSTALL_ROOT=$SK_HOME
  export SK_HOME SK_INSTALL_ROOT
  mkdir -p -- "$SK_HOME"
  LOG_INSTALL=$dir/log/install.log
  : >"$LOG_INSTALL"
  echo "[INFO] install root of this example: $SK_HOME"
}

aot_cc() {
  echo "[INFO] compiling $2 with $(basename -- "$AOT_CC")"
  "$AOT_CC" -c -O2 -fPIC -fno-exceptions -fno-rtti -std=c++17 -I"$AOT_REPO/include" "$2" -o "$1"
}

aot_install_all() {
  local pkg
  for pkg in static_kernel_compile_outputs/*.run; do
    "./$pkg" --install || return
  done
}

aot_user_state() {
  local root=${HOME:+$HOME/.superkernel}
  if [[ -n "$root" && -e "$root" ]]; then
    find "$root" -printf '%p %y %s %m %T@\n' 2>/dev/null | sort | sha256sum
  else
    echo "no $root"
  fi
  if [[ $# -gt 0 ]]; then
    PYTHONPATH= "$1" -m pip list --format=freeze --disable-pip-version-check 2>/dev/null | sha256sum
  fi
}
