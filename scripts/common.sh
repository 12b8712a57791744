# shellcheck shell=bash
# SuperKernel shared shell helpers (docs/scripts.md). Source this file from bash scripts:
#
#   source "$(dirname -- "${BASH_SOURCE[0]}")/../scripts/common.sh"
#
# Sourcing only defines functions: it sets no shell options (no `set -e`, no shopt changes) and
# every function keeps its state in local variables. The functions work whether or not the
# caller uses `set -euo pipefail`.
#
#   sk_usage                        print "Usage: bash $0 --npu-arch=dav-2201|dav-3510" ($0 is
#                                   the calling script).
#   sk_parse_npu_arch "$@"          parse -h/--help and --npu-arch X / --npu-arch=X with getopt;
#                                   sets and exports SK_NPU_ARCH. EXITS the calling script: 0
#                                   after -h/--help, 2 on a missing/unknown/invalid option or an
#                                   unsupported architecture. Call it at the top level of a script.
#   sk_validate_npu_arch ARCH       return 0 for dav-2201/dav-3510, otherwise print an ERROR and
#                                   EXIT 2.
#   sk_cleanup_local [DIR]          remove log tmp sk_meta kernel_meta profiling
#                                   static_kernel_compile_outputs under DIR (default .), removing
#                                   symlinks themselves and never their targets; recreate tmp/ and
#                                   log/. Returns non-zero if something could not be removed/made.
#   sk_run_with_log LOG CMD [ARG...] run CMD with stdout+stderr shown and written to LOG
#                                   (truncated; parent directories created); returns CMD's own exit
#                                   code. CMD runs in a pipeline, i.e. in a subshell.
#   sk_resolve_python [REPO_ROOT]   set and export SK_PYTHON, the interpreter the Python examples
#                                   run with, as the seed's run_example.sh resolves it:
#                                   $VIRTUAL_ENV/bin/python, then REPO_ROOT/venv/bin/python
#                                   (default: this file's repository), then python3 — the first
#                                   on PATH that imports numpy, else /usr/bin/python3 (Debian's,
#                                   which scripts/setup.sh equips; $SK_SYSTEM_PYTHON names
#                                   another). An SK_PYTHON already set wins. Returns 1 with an
#                                   ERROR when none exists.
#   sk_run_python_with_log LOG SCRIPT [ARG...]
#                                   sk_run_with_log LOG "$SK_PYTHON" SCRIPT ARG... (resolving
#                                   SK_PYTHON first when unset), with the build's Python package
#                                   on PYTHONPATH ($SK_BUILD_DIR/python, default build/python)
#                                   ahead of the caller's; returns the script's own exit code
#                                   (PIPESTATUS[0] of the tee pipeline).
#   sk_check_static_kernel_outputs [DIR]
#                                   DIR defaults to ./static_kernel_compile_outputs. Returns 1 with
#                                   an ERROR if a *_compile_error.log exists or no *.run exists;
#                                   otherwise lists the .run packages and returns 0.
#   sk_uninstall_static_kernel_from_log LOG [OUTPUTS_DIR]
#                                   guarded exit cleanup for the AOT examples (see the comment above
#                                   the function). Never aborts the caller, always returns 0.
#                                   Typical use:  trap 'sk_uninstall_static_kernel_from_log "$log"' EXIT

if [ -z "${BASH_VERSION:-}" ]; then
  echo "ERROR: scripts/common.sh needs bash" >&2
  # shellcheck disable=SC2317
  return 1 2>/dev/null || exit 1
fi
if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  echo "ERROR: scripts/common.sh is a library; source it from a bash script" >&2
  exit 2
fi

sk_usage() {
  printf 'Usage: bash %s --npu-arch=dav-2201|dav-3510\n' "$0"
}

sk_validate_npu_arch() {
  local arch=${1-}
  case "$arch" in
    dav-2201 | dav-3510) return 0 ;;
  esac
  printf 'ERROR: unsupported NPU architecture: %s (supported: dav-2201, dav-3510)\n' "$arch" >&2
  exit 2
}

# getopt (util-linux) validates the command line: unknown options, a missing option argument
# and ambiguous abbreviations are reported by getopt itself. The arguments are then walked
# directly (no `eval set -- "$(getopt ...)"`), resolving the long-option abbreviations that getopt
# accepted (e.g. --npu=dav-2201, --he).
sk_parse_npu_arch() {
  local prog rc=0
  prog=$(basename -- "$0" 2>/dev/null) || prog=$0
  getopt -T >/dev/null 2>&1 || rc=$?
  if [[ $rc -ne 4 ]]; then
    echo "ERROR: util-linux getopt is required (getopt -T returned $rc)" >&2
    exit 2
  fi
  if ! getopt -o h -l help,npu-arch: -n "$prog" -- "$@" >/dev/null; then
    sk_usage >&2
    exit 2
  fi

  local arg name arch="" seen_arch=0
  while [[ $# -gt 0 ]]; do
    arg=$1
    shift
    case "$arg" in
      --)
        if [[ $# -gt 0 ]]; then
          printf 'ERROR: unexpected argument: %s\n' "$1" >&2
          sk_usage >&2
          exit 2
        fi
        break
        ;;
      --?*)
        name=${arg#--}
        name=${name%%=*}
        if [[ "help" == "$name"* ]]; then
          sk_usage
          exit 0
        elif [[ "npu-arch" == "$name"* ]]; then
          if [[ "$arg" == *=* ]]; then
            arch=${arg#*=}
          elif [[ $# -gt 0 ]]; then
            arch=$1
            shift
          else
            arch=""
          fi
          seen_arch=1
        else
          printf 'ERROR: unknown option: %s\n' "$arg" >&2
          sk_usage >&2
          exit 2
        fi
        ;;
      -?*)
        # getopt accepted it, so it is -h (possibly repeated: -hh)
        sk_usage
        exit 0
        ;;
      *)
        printf 'ERROR: unexpected argument: %s\n' "$arg" >&2
        sk_usage >&2
        exit 2
        ;;
    esac
  done

  if [[ $seen_arch -eq 0 || -z "$arch" ]]; then
    echo "ERROR: --npu-arch is required." >&2
    sk_usage >&2
    exit 2
  fi
  SK_NPU_ARCH=$arch
  export SK_NPU_ARCH
  sk_validate_npu_arch "$SK_NPU_ARCH"
}

sk_cleanup_local() {
  local dir=${1:-.} name path rc=0
  if [[ ! -d "$dir" ]]; then
    printf 'ERROR: sk_cleanup_local: not a directory: %s\n' "$dir" >&2
    return 1
  fi
  for name in log tmp sk_meta kernel_meta profiling static_kernel_compile_outputs; do
    path=$dir/$name
    if [[ -L "$path" ]]; then
      # a symlink: remove the link only (no trailing slash, so rm never follows it)
      rm -f -- "$path" || rc=1
    elif [[ -e "$path" ]]; then
      # GNU rm -r does not follow symlinks found inside the tree
      rm -rf -- "$path" || rc=1
    fi
  done
  mkdir -p -- "$dir/tmp" "$dir/log" || rc=1
  return "$rc"
}

sk_run_with_log() {
  if [[ $# -lt 2 ]]; then
    echo "ERROR: usage: sk_run_with_log LOG CMD [ARGS...]" >&2
    return 2
  fi
  local log=$1 parent
  shift
  parent=$(dirname -- "$log")
  if ! mkdir -p -- "$parent"; then
    printf 'ERROR: cannot create log directory: %s\n' "$parent" >&2
    return 1
  fi
  # The pipeline is an `if` condition so that a caller's `set -e -o pipefail` cannot end the
  # function before PIPESTATUS is read; PIPESTATUS[0] is the command, [1] is tee.
  local -a st
  if "$@" 2>&1 | tee -- "$log"; then
    st=("${PIPESTATUS[@]}")
  else
    st=("${PIPESTATUS[@]}")
  fi
  if [[ ${st[1]:-0} -ne 0 ]]; then
    printf 'WARN: writing log %s failed (tee exit %s)\n' "$log" "${st[1]}" >&2
  fi
  return "${st[0]}"
}

sk_resolve_python() {
  local root=${1:-$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd -P)} candidate
  local system=${SK_SYSTEM_PYTHON:-/usr/bin/python3}
  if [[ -n "${SK_PYTHON:-}" ]]; then
    export SK_PYTHON
    return 0
  fi
  for candidate in "${VIRTUAL_ENV:+$VIRTUAL_ENV/bin/python}" "$root/venv/bin/python"; do
    if [[ -n "$candidate" && -x "$candidate" ]]; then
      export SK_PYTHON=$candidate
      return 0
    fi
  done
  candidate=$(command -v python3 || true)
  if [[ -n "$candidate" ]] && "$candidate" -c 'import numpy' 2>/dev/null; then
    export SK_PYTHON=$candidate
  elif [[ -x "$system" ]]; then
    export SK_PYTHON=$system
  elif [[ -n "$candidate" ]]; then
    export SK_PYTHON=$candidate
  else
    echo "ERROR: no Python interpreter: activate a venv, create venv/ in the repository or install python3" >&2
    return 1
  fi
}

sk_run_python_with_log() {
  if [[ $# -lt 2 ]]; then
    echo "ERROR: usage: sk_run_python_with_log LOG SCRIPT [ARGS...]" >&2
    return 2
  fi
  local log=$1 root build
  shift
  root=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd -P)
  build=${SK_BUILD_DIR:-$root/build}
  if [[ -z "${SK_PYTHON:-}" ]]; then
    sk_resolve_python "$root" || return 1
  fi
  PYTHONPATH="$build/python${PYTHONPATH:+:$PYTHONPATH}" sk_run_with_log "$log" "$SK_PYTHON" "$@"
}

# _sk_find_entries DIR NAME_PATTERN [FIND_TYPE_ARGS...]: NUL-separated, sorted paths of the
# direct entries of DIR whose name matches NAME_PATTERN. Uses find rather than globs so that the
# caller's noglob/nullglob/failglob settings do not matter.
_sk_find_entries() {
  local dir=$1 pattern=$2
  shift 2
  [[ -d "$dir" ]] || return 0
  [[ "$dir" == -* ]] && dir=./$dir
  find "$dir" -mindepth 1 -maxdepth 1 -name "$pattern" "$@" -print0 2>/dev/null | sort -z
}

sk_check_static_kernel_outputs() {
  local dir=${1:-./static_kernel_compile_outputs} f failed=0
  local -a runs=()
  if [[ ! -d "$dir" ]]; then
    printf 'ERROR: static kernel outputs directory not found: %s\n' "$dir" >&2
    return 1
  fi
  while IFS= read -r -d '' f; do
    printf 'ERROR: static kernel compile failed, see %s\n' "$f" >&2
    if [[ -f "$f" ]]; then
      tail -n 20 -- "$f" >&2 || true
    fi
    failed=1
  done < <(_sk_find_entries "$dir" '*_compile_error.log')
  if [[ $failed -ne 0 ]]; then
    return 1
  fi
  while IFS= read -r -d '' f; do
    runs+=("$f")
  done < <(_sk_find_entries "$dir" '*.run' -type f)
  if [[ ${#runs[@]} -eq 0 ]]; then
    printf 'ERROR: no static kernel package (*.run) found in %s\n' "$dir" >&2
    return 1
  fi
  for f in "${runs[@]}"; do
    printf '[INFO] static kernel package: %s\n' "$f"
  done
  return 0
}

# sk_uninstall_static_kernel_from_log LOG [OUTPUTS_DIR]
#
# Runs the uninstall.sh of the static kernels installed by this run, as found in LOG, and nothing
# else. Candidate extraction, one per line of LOG: after removing trailing whitespace (and CR),
# a line that ends in "/uninstall.sh" yields the text from its first "/" that starts an absolute
# path (a "/" at the start of the line or right after whitespace, "=" or ":") to the end of the
# line. Paths may therefore contain spaces; a path containing a newline is split across lines and
# never forms a runnable candidate. Duplicates are run once.
#
# A candidate P is run only if all hold:
#   1. its folder name <sk> (parent directory of uninstall.sh) is the kernel of a regular file
#      <sk>_<V>[_linux-<arch>].run in OUTPUTS_DIR (default ./static_kernel_compile_outputs), where
#      <V> is non-empty and contains no "_" — so sk "foo" does not match foo_bar_1.0_linux-x.run;
#   2. P is exactly <root>/opp/static_kernel/ai_core/<sk>/uninstall.sh, where <root> is
#      $SK_INSTALL_ROOT, else $SK_HOME, else $HOME/.superkernel (normalised lexically with
#      `realpath -m -s`: made absolute, duplicate/trailing slashes removed);
#   3. P has no empty, "." or ".." component;
#   4. no component of P (from / down to uninstall.sh) is a symlink;
#   5. `realpath -e P` equals P;
#   6. P is a regular file;
#   7. P is the uninstall.sh its package installed: the folder's manifest.json is a valid manifest
#      of kernel <sk> and lists uninstall.sh with P's sha256 (checked by the build's sk_pkg_tool,
#      $SK_PKG_TOOL or ${SK_BUILD_DIR:-<repo>/build}/bin/sk_pkg_tool; never by a program found in
#      the folder being checked).
# Otherwise: "WARN: refusing unrelated or redirected uninstall script: P" (plus a reason line).
# An accepted script is invoked as `bash -- P --quiet </dev/null` (uninstall.sh must accept
# --quiet; stdin is closed so it can never wait for input). A non-zero exit prints a WARN line.
# The function never exits, never uses eval, and always returns 0. Every line costs a few
# builtins; only candidates that pass rules 1-4 and 6 start processes.
sk_uninstall_static_kernel_from_log() {
  local log=${1-} outputs=${2:-./static_kernel_compile_outputs}
  if [[ -z "$log" || ! -f "$log" ]]; then
    printf 'WARN: uninstall log not found, nothing to uninstall: %s\n' "$log" >&2
    return 0
  fi
  local root
  root=$(_sk_uninstall_root) || return 0
  local kdir=$root/opp/static_kernel/ai_core tool
  tool=$(_sk_trusted_pkg_tool)

  # Kernels with a package built in this run: <sk>_<V>[_linux-<arch>].run, <V> without "_" (and
  # a C identifier <sk> cannot contain "_linux-"), looked up per candidate in one step. The keys
  # carry a prefix because bash refuses an empty subscript (a path like .../ai_core//uninstall.sh).
  local f base
  local -A built=() seen=()
  while IFS= read -r -d '' f; do
    base=${f##*/}
    base=${base%.run}
    base=${base%%_linux-*}
    [[ "$base" == ?*_?* ]] && built[k${base%_*}]=1
  done < <(_sk_find_entries "$outputs" '*.run' -type f)

  local line cand reason sk rc
  while IFS= read -r line || [[ -n "$line" ]]; do
    # no command substitutions per line: a subshell per line is what made 3,000 lines take 30 s
    _sk_candidate_of "$line" || continue
    [[ -z "${seen[c$cand]:-}" ]] || continue
    seen[c$cand]=1
    sk=${cand%/uninstall.sh}
    sk=${sk##*/}
    _sk_refusal "$cand" "$kdir" "$sk" "${built[k$sk]:-}" "$outputs" "$tool"
    if [[ -n "$reason" ]]; then
      printf 'WARN: refusing unrelated or redirected uninstall script: %s\n' "$cand" >&2
      printf 'WARN:   reason: %s\n' "$reason" >&2
      continue
    fi
    printf '[INFO] running uninstall script: %s\n' "$cand"
    if bash -- "$cand" --quiet </dev/null; then
      printf '[INFO] uninstalled static kernel %s\n' "$sk"
    else
      rc=$?
      printf 'WARN: uninstall script failed (exit %s): %s\n' "$rc" "$cand" >&2
    fi
  done < <(grep -a -e 'uninstall\.sh[[:space:]]*$' -- "$log" 2>/dev/null)
  return 0
}

# The install root of sk_uninstall_static_kernel_from_log, normalised lexically; warns and fails
# when there is none.
_sk_uninstall_root() {
  local root=${SK_INSTALL_ROOT:-${SK_HOME:-}} norm
  if [[ -z "$root" ]]; then
    if [[ -z "${HOME:-}" ]]; then
      echo "WARN: no install root (SK_INSTALL_ROOT, SK_HOME and HOME unset); nothing uninstalled" >&2
      return 1
    fi
    root=$HOME/.superkernel
  fi
  if ! norm=$(realpath -m -s -- "$root" 2>/dev/null) || [[ -z "$norm" ]]; then
    printf 'WARN: cannot normalise install root %s; nothing uninstalled\n' "$root" >&2
    return 1
  fi
  printf '%s' "${norm%/}"
}

# The sk_pkg_tool of this checkout's build (trusted, unlike any copy inside an install root).
_sk_trusted_pkg_tool() {
  if [[ -n "${SK_PKG_TOOL:-}" ]]; then
    printf '%s' "$SK_PKG_TOOL"
    return
  fi
  local repo
  repo=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd)
  printf '%s' "${SK_BUILD_DIR:-$repo/build}/bin/sk_pkg_tool"
}

# _sk_candidate_of LINE: sets `cand` (a local of the caller) to the candidate path of a log line
# (see above); fails if there is none.
_sk_candidate_of() {
  local line=$1 prefix="" rest before
  cand=""
  # strip trailing whitespace (including a CR)
  line=${line%"${line##*[![:space:]]}"}
  [[ "$line" == */uninstall.sh ]] || return 1
  rest=$line
  # the first "/" that starts an absolute path
  while [[ "$rest" == */* ]]; do
    before=${rest%%/*}
    prefix+=$before
    if [[ -z "$prefix" || "$prefix" == *[[:space:]=:] ]]; then
      cand=/${rest#*/}
      return 0
    fi
    prefix+=/
    rest=${rest#*/}
  done
  return 1
}

# _sk_refusal P KDIR SK BUILT OUTPUTS TOOL: sets `reason` (a local of the caller) to why P must
# not run (rules 1-7 above), or to "".
_sk_refusal() {
  local cand=$1 kdir=$2 sk=$3 built=$4 outputs=$5 tool=$6 p="" rest comp real
  reason=""
  # 3. no empty, "." or ".." component
  if [[ "$cand/" == *//* || "$cand/" == */./* || "$cand/" == */../* ]]; then
    reason="path has an empty, '.' or '..' component"
    return
  fi
  # 2. the expected place under the install root
  if [[ -z "$sk" || "$cand" != "$kdir/$sk/uninstall.sh" ]]; then
    reason="not at $kdir/<sk>/uninstall.sh"
    return
  fi
  # 1. a package of this kernel was built in this run
  if [[ -z "$built" ]]; then
    reason="no package ${sk}_<version>*.run in $outputs"
    return
  fi
  # 4. no symlink anywhere on the path
  rest=${cand#/}
  while :; do
    comp=${rest%%/*}
    p+=/$comp
    if [[ -L "$p" ]]; then
      reason="symlink on path: $p"
      return
    fi
    [[ "$rest" == */* ]] || break
    rest=${rest#*/}
  done
  # 6. a regular file
  if [[ ! -f "$cand" || -L "$cand" ]]; then
    reason="not a regular file"
    return
  fi
  # 5. resolves to itself
  if ! real=$(realpath -e -- "$cand" 2>/dev/null) || [[ "$real" != "$cand" ]]; then
    reason="resolves elsewhere: ${real:-<unresolvable>}"
    return
  fi
  # 7. the script its package installed (processes, but only for candidates that got this far)
  reason=$(_sk_installed_script_refusal "${cand%/uninstall.sh}" "$sk" "$tool")
}

_sk_installed_script_refusal() {
  local dir=$1 sk=$2 tool=$3 out rc=0
  local -a info=()
  if [[ ! -x "$tool" ]]; then
    echo "cannot check it against its manifest: no sk_pkg_tool at $tool (build with scripts/setup.sh, or set SK_PKG_TOOL)"
    return
  fi
  mapfile -d '' -t info < <("$tool" manifest-info "$dir/manifest.json" 2>/dev/null)
  if [[ "${info[0]:-}" != "$sk" ]]; then
    echo "$dir/manifest.json is not a valid manifest of kernel $sk: not a folder its package installed"
    return
  fi
  out=$("$tool" check-files "$dir/manifest.json" "$dir" installed uninstall.sh 2>&1) || rc=$?
  if [[ $rc -ne 0 ]]; then
    out=${out#"${out%%[![:space:]]*}"}
    echo "not the uninstall.sh its package installed (${out%%$'\n'*})"
  fi
}
