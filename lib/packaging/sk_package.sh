# shellcheck shell=bash
# The install/uninstall logic of a SuperKernel static kernel package (docs/packaging.md).
#
# sk_compile --package writes this file twice into every .run, each time after a short generated
# prologue that sets SK_ROLE (install | uninstall), SK_KERNEL, SK_VERSION and SK_NPU_ARCH:
#   install.sh    run by the .run's makeself header inside its temporary extraction folder,
#                 with the user's arguments (--install, --upgrade, --uninstall, --install-path=DIR,
#                 --quiet);
#   uninstall.sh  installed as <root>/opp/static_kernel/ai_core/<sk>/uninstall.sh.
# Besides sk_pkg_tool, the static helper program the package carries (every read of a manifest and
# every rewrite of the index goes through it), it needs only bash, coreutils, findutils,
# util-linux (flock) and perl-base (renameat2 for the atomic upgrade).
#
# Layout:  <root>/opp/static_kernel/ai_core/<sk>/{<sk>.o, <sk>.json, manifest.json, uninstall.sh,
#                                                 sk_pkg_tool}
#          <root>/opp/static_kernel/ai_core/index.json
# Every change happens under an exclusive flock on <root> (the directory itself: no lock file).
#
# Exit codes: 0 ok; 1 refused or failed (what is wrong and what to do is printed; a refusal
# changes nothing); 2 usage error or a package that does not match its manifest.

set -u
umask 022
export LC_ALL=C

sk_quiet=${SK_PKG_QUIET:-0}

sk_say() { [ "$sk_quiet" = 1 ] || printf '[INFO] %s\n' "$*"; }
sk_warn() { printf 'WARN: %s\n' "$*" >&2; }
sk_fail() {
  printf 'ERROR: %s\n' "$*" >&2
  exit 1
}
sk_usage_fail() {
  printf 'ERROR: %s\n' "$*" >&2
  printf 'Run with --help for the options.\n' >&2
  exit 2
}

# Test hooks (never set them outside tests): SK_PKG_TEST_STEP_LOG=FILE appends the name of every
# step reached; SK_PKG_TEST_KILL_AT=STEP sends SIGKILL to this script when it reaches STEP.
sk_step() {
  if [ -n "${SK_PKG_TEST_STEP_LOG:-}" ]; then printf '%s\n' "$1" >>"$SK_PKG_TEST_STEP_LOG"; fi
  if [ "${SK_PKG_TEST_KILL_AT:-}" = "$1" ]; then kill -KILL $$; fi
}

# ---- sk_pkg_tool: every manifest read and every index rewrite ------------------------------------
# The JSON is read and written by sk_pkg_tool (lib/packaging/pkg_tool.cpp), the static program
# every package carries: install.sh uses the package's copy, uninstall.sh the copy installed beside
# it. It prints lists as NUL-terminated items and exits 0 ok, 1 a file differs from its manifest
# or a write failed, 2 an invalid file (its message names the file and the field).
sk_tool_bin=""

# sk_tool OUT SUBCOMMAND ARGS...: runs sk_pkg_tool; its items go into the array named OUT; returns
# its exit code. A tool that cannot run at all ends the script (exit 1).
sk_tool() {
  local -n sk_tool_items=$1
  local rc
  shift
  mapfile -d '' -t sk_tool_items < <("$sk_tool_bin" "$@"; printf '%s\0' "$?")
  rc=${sk_tool_items[-1]}
  unset 'sk_tool_items[-1]'
  if [ "$rc" -ge 126 ]; then
    sk_fail "cannot run $sk_tool_bin (exit $rc): it is missing or cannot be executed here (a file system mounted noexec?). For a package, set TMPDIR to a directory where programs may run; for an installed kernel, run its package with --uninstall"
  fi
  return "$rc"
}

# sk_manifest FILE: sets m_kernel, m_version, m_npu_arch from the manifest FILE; returns non-zero
# (the tool said why on stderr) when FILE is not a valid manifest.
sk_manifest() {
  local -a info=()
  m_kernel="" m_version="" m_npu_arch=""
  sk_tool info manifest-info "$1" || return
  m_kernel=${info[0]} m_version=${info[1]} m_npu_arch=${info[2]}
}

# sk_check_files MANIFEST DIR WHICH: every file of MANIFEST (WHICH = all | installed |
# installed-present, which lets files be missing) is in DIR as a regular file (not a symlink)
# with its sha256. Prints one line per problem to stderr.
sk_check_files() {
  local -a none=()
  sk_tool none check-files "$1" "$2" "$3"
}

# ---- install root, layout, lock ---------------------------------------------------------------
# sk_resolve_root MUST_EXIST: root from --install-path, $SK_HOME or $HOME/.superkernel; a relative
# path is relative to the directory the .run was started from. The root is created if needed and
# then used by its physical path (symlinks and ".." resolved), which is the path printed.
sk_resolve_root() {
  local r origin
  if [ -n "$sk_root_arg" ]; then
    r=$sk_root_arg origin=--install-path
  elif [ -n "${SK_HOME:-}" ]; then
    r=$SK_HOME origin=SK_HOME
  elif [ -n "${HOME:-}" ]; then
    r=$HOME/.superkernel origin=HOME
  else
    sk_usage_fail "no install root: give --install-path=DIR or set SK_HOME (HOME is not set either)"
  fi
  case "$r" in
    *$'\n'*) sk_usage_fail "the install root ($origin) contains a newline; choose another directory" ;;
  esac
  case "$r" in
    /*) ;;
    *) r=${USER_PWD:-$PWD}/$r ;;
  esac
  if [ ! -d "$r" ]; then
    if [ "$1" = 1 ]; then
      sk_fail "install root $r ($origin) does not exist: nothing is installed there"
    fi
    mkdir -p -- "$r" || sk_fail "cannot create the install root $r ($origin); choose a writable directory with --install-path=DIR"
  fi
  sk_root=$(cd -P -- "$r" && pwd -P) || sk_fail "cannot enter the install root $r ($origin)"
}

sk_lock() {
  command -v flock >/dev/null 2>&1 || sk_fail "flock (util-linux) is required to update the index safely; install util-linux"
  exec 9<"$sk_root" || sk_fail "cannot open $sk_root to lock it"
  flock -x -w "${SK_PKG_LOCK_TIMEOUT:-300}" 9 ||
    sk_fail "timed out waiting for the lock on $sk_root (another install or uninstall still running?)"
}

# sk_layout CREATE: sets sk_kdir=<root>/opp/static_kernel/ai_core; creates it when CREATE=1.
# Returns 1 when it does not exist and CREATE=0. A symlink on the way is refused.
sk_layout() {
  local p=$sk_root c
  [ "$p" = / ] && p=""
  for c in opp static_kernel ai_core; do
    p=$p/$c
    if [ -L "$p" ]; then
      sk_fail "$p is a symlink: the layout under the install root must be real directories (remove the link or choose another --install-path)"
    elif [ -e "$p" ] && [ ! -d "$p" ]; then
      sk_fail "$p exists and is not a directory: move it away or choose another --install-path"
    elif [ ! -e "$p" ]; then
      [ "$1" = 1 ] || return 1
      mkdir -- "$p" || sk_fail "cannot create $p"
    fi
  done
  sk_kdir=$p
}

# Removes the layout directories when they are empty (after the last uninstall).
sk_prune_layout() {
  local p=${sk_root%/}
  rmdir -- "$p/opp/static_kernel/ai_core" 2>/dev/null &&
    rmdir -- "$p/opp/static_kernel" 2>/dev/null &&
    rmdir -- "$p/opp" 2>/dev/null
  return 0
}

# sk_entries DIR FIND_ARGS...: NUL-separated sorted direct entries of DIR.
sk_entries() {
  local d=$1
  shift
  find "$d" -mindepth 1 -maxdepth 1 "$@" -print0 | sort -z
}

# ---- index --------------------------------------------------------------------------------------
# index.json is derived data: one entry per installed kernel folder, from its manifest (a folder
# whose manifest is bad keeps its old entry, or none: only that kernel is affected). sk_pkg_tool
# writes it to a temporary file, renamed over index.json here; it is removed when no kernel is
# installed. $1 names the caller in the test step names.
sk_rebuild_index() {
  local who=$1 idx=$sk_kdir/index.json tmp=$sk_kdir/.index.json.$$.tmp
  local -a count=()
  if ! sk_tool count rebuild-index "$sk_kdir" "$tmp"; then
    rm -f -- "$tmp"
    sk_fail "cannot rewrite $idx (see above)"
  fi
  if [ "${count[0]:-0}" = 0 ]; then
    rm -f -- "$idx"
    return 0
  fi
  sk_step "$who-index-written"
  mv -fT -- "$tmp" "$idx" || sk_fail "cannot rename $tmp to $idx"
}

# ---- recovery -----------------------------------------------------------------------------------
# Runs under the lock, so everything matching our hidden names is left over from a killed run.
sk_recover() {
  local e base name
  while IFS= read -r -d '' e; do
    rm -rf -- "$e" || sk_warn "cannot remove the leftover $e"
  done < <(sk_entries "$sk_kdir" \( -name '.sk-stage.*' -o -name '.index.json.*.tmp' \))
  # the non-atomic upgrade fallback killed between its two renames: put the old version back
  while IFS= read -r -d '' e; do
    base=${e##*/}
    name=${base#.sk-old.}
    name=${name%.*}
    if [[ $name =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] && [ ! -e "$sk_kdir/$name" ] && [ ! -L "$sk_kdir/$name" ]; then
      mv -T -- "$e" "$sk_kdir/$name" || sk_warn "cannot restore $e"
    else
      rm -rf -- "$e" || sk_warn "cannot remove the leftover $e"
    fi
  done < <(sk_entries "$sk_kdir" -name '.sk-old.*')
  # Before finishing interrupted uninstalls: one of them may be this uninstall.sh's own folder,
  # whose sk_pkg_tool it removes (folders without manifest.json are not in the index anyway).
  sk_rebuild_index recover
  # uninstalls killed after their commit point
  while IFS= read -r -d '' e; do
    if [ -f "$e/.sk-uninstalling.json" ] && [ ! -L "$e/.sk-uninstalling.json" ]; then
      sk_say "finishing an interrupted uninstall of $e"
      sk_finish_uninstall "$e"
    fi
  done < <(sk_entries "$sk_kdir" -type d ! -name '.*')
  # An uninstall killed between removing its marker and its folder leaves the folder empty; an
  # empty folder holds nothing of anyone's and would block the next install of that name.
  while IFS= read -r -d '' e; do
    rmdir -- "$e" 2>/dev/null || true
  done < <(sk_entries "$sk_kdir" -type d -empty ! -name '.*')
}

# ---- uninstall ----------------------------------------------------------------------------------
# sk_uninstall_dir DIR: DIR is <kdir>/<sk> (a real directory). Checks first and changes nothing
# when something is wrong; then renames manifest.json to .sk-uninstalling.json (the commit point:
# from here on the kernel is not installed), rewrites the index and removes the files.
sk_uninstall_dir() {
  local dir=$1 name=${1##*/}
  if [ -L "$dir" ] || [ ! -d "$dir" ]; then
    sk_fail "$dir is not a directory: $name is not installed there; nothing was removed"
  fi
  if ! sk_manifest "$dir/manifest.json"; then
    sk_fail "$dir has no valid manifest.json (see above): it is not an installed static kernel, or the folder is not what its manifest says; nothing was removed (restore the manifest, or remove the folder yourself)"
  fi
  if [ "$m_kernel" != "$name" ]; then
    sk_fail "$dir/manifest.json describes kernel '$m_kernel', not '$name': the folder is not what the manifest says; nothing was removed"
  fi
  if ! sk_check_files "$dir/manifest.json" "$dir" installed-present; then
    sk_fail "the files above are not what $dir/manifest.json says; nothing was removed. Move them out of $dir (or restore them) and run the uninstall again"
  fi
  uninstalled_version=$m_version
  sk_step uninstall-checked
  mv -T -- "$dir/manifest.json" "$dir/.sk-uninstalling.json" || sk_fail "cannot rename $dir/manifest.json"
  sk_step uninstall-committed
  sk_rebuild_index uninstall
  sk_step uninstall-indexed
  sk_finish_uninstall "$dir"
}

# Removes the manifest's files (those still matching their sha256) and the marker, then the folder
# if nothing else is in it. Files a user added are kept and listed. The list is taken before the
# first removal: sk_pkg_tool itself is the last file removed.
sk_finish_uninstall() {
  local dir=$1 marker=$1/.sk-uninstalling.json e path
  local -a kept=() removable=()
  if ! sk_tool removable removable-files "$marker" "$dir"; then
    sk_warn "$marker is damaged (see above); remove $dir yourself"
    return 0
  fi
  for path in ${removable[@]+"${removable[@]}"}; do
    rm -f -- "$dir/$path" || sk_warn "cannot remove $dir/$path"
    sk_step "removed:$path"
  done
  rm -f -- "$marker"
  sk_step uninstall-marker-removed
  while IFS= read -r -d '' e; do
    kept+=("${e##*/}")
  done < <(sk_entries "$dir")
  if [ ${#kept[@]} -eq 0 ]; then
    rmdir -- "$dir" || sk_warn "cannot remove $dir"
  else
    sk_warn "kept ${#kept[@]} file(s) in $dir that the package did not install: ${kept[*]}"
  fi
}

# ---- install / upgrade ---------------------------------------------------------------------------
# Atomic swap of two directories (renameat2 RENAME_EXCHANGE through perl). Falls back to two
# renames where the call is unavailable; a run killed between them is undone by sk_recover.
sk_exchange() {
  local new=$1 target=$2 nr="" old
  case "$(uname -m)" in
    x86_64) nr=316 ;;
    aarch64 | arm64 | riscv64 | loongarch64) nr=276 ;;
  esac
  if [ -n "$nr" ] && command -v perl >/dev/null 2>&1 &&
    perl -e 'exit(syscall($ARGV[0] + 0, -100, $ARGV[1], -100, $ARGV[2], 2) == 0 ? 0 : 1)' "$nr" "$new" "$target" 2>/dev/null; then
    return 0
  fi
  old=$sk_kdir/.sk-old.$SK_KERNEL.$$
  mv -T -- "$target" "$old" || return 1
  sk_step fallback-old-moved
  if ! mv -T -- "$new" "$target"; then
    mv -T -- "$old" "$target"
    return 1
  fi
  mv -T -- "$old" "$new"
}

# The payload must be exactly what its manifest says, before anything is written: a package that
# is not is damaged (exit 2).
sk_verify_payload() {
  local payload=$1
  if ! sk_manifest "$payload/manifest.json"; then
    printf 'ERROR: the package has no valid manifest.json (see above): it is damaged; get or rebuild the package\n' >&2
    exit 2
  fi
  if [ "$m_kernel" != "$SK_KERNEL" ] || [ "$m_version" != "$SK_VERSION" ]; then
    printf 'ERROR: the package manifest is for %s %s, not %s %s: the package is damaged\n' "$m_kernel" "$m_version" "$SK_KERNEL" "$SK_VERSION" >&2
    exit 2
  fi
  if ! sk_check_files "$payload/manifest.json" "$payload" all; then
    printf 'ERROR: the package payload does not match its manifest (see above): it is damaged; get or rebuild the package\n' >&2
    exit 2
  fi
}

# sk_check_target MODE TARGET: what is installed at TARGET may be replaced (by an upgrade); sets
# old_version ("" when nothing is installed).
sk_check_target() {
  local mode=$1 target=$2
  old_version=""
  if [ -L "$target" ]; then
    sk_fail "$target is a symlink: remove it, then install again"
  fi
  [ -e "$target" ] || return 0
  [ -d "$target" ] || sk_fail "$target exists and is not a directory: move it away, then install again"
  if ! sk_manifest "$target/manifest.json"; then
    sk_fail "$target exists but is not an installed static kernel (no valid manifest.json, see above): move it away, then install again"
  fi
  if [ "$mode" = install ]; then
    sk_fail "$SK_KERNEL $m_version is already installed in $target: use --upgrade to replace it, or uninstall it first ($target/uninstall.sh)"
  fi
  if [ "$m_kernel" != "$SK_KERNEL" ]; then
    sk_fail "$target/manifest.json describes kernel '$m_kernel': the folder is not what the manifest says; nothing was changed"
  fi
  if ! sk_check_files "$target/manifest.json" "$target" installed-present; then
    sk_fail "the installed files above are not what $target/manifest.json says; nothing was changed. Move them out of $target (or restore them) and upgrade again"
  fi
  old_version=$m_version
}

# A failed copy (a full disk) leaves nothing behind: the partial staging folder is removed.
sk_fail_staging() {
  rm -rf -- "$1"
  sk_fail "$2"
}

# sk_stage PAYLOAD STAGE TARGET: a complete, verified copy of the installed files in STAGE, plus
# (upgrade) the files a user added to TARGET, listed in `kept`.
sk_stage() {
  local payload=$1 stage=$2 target=$3 i path e
  local -a files=() all=()
  local -A ours=()
  sk_tool files manifest-files "$payload/manifest.json" installed || exit 2
  sk_tool all manifest-files "$payload/manifest.json" all || exit 2
  mkdir -- "$stage" || sk_fail "cannot create $stage"
  sk_step stage-created
  for ((i = 0; i + 1 < ${#files[@]}; i += 2)); do
    path=${files[i]}
    cp -- "$payload/$path" "$stage/$path" && chmod "${files[i + 1]}" -- "$stage/$path" ||
      sk_fail_staging "$stage" "cannot copy $path into $stage (disk full?)"
    sk_step "staged:$path"
  done
  cp -- "$payload/manifest.json" "$stage/manifest.json" && chmod 0644 -- "$stage/manifest.json" ||
    sk_fail_staging "$stage" "cannot copy manifest.json into $stage (disk full?)"
  sk_check_files "$stage/manifest.json" "$stage" installed ||
    sk_fail "the staged copy in $stage does not match the manifest (disk problem?)"
  [ -n "$old_version" ] || return 0
  # files a user added to the installed folder move on to the new version
  for ((i = 0; i < ${#all[@]}; i += 2)); do ours[${all[i]}]=1; done
  ours[manifest.json]=1 ours[.sk-uninstalling.json]=1
  while IFS= read -r -d '' e; do
    e=${e##*/}
    [ -z "${ours[$e]:-}" ] || continue
    cp -a -- "$target/$e" "$stage/$e" || sk_fail "cannot copy $target/$e into $stage"
    kept+=("$e")
  done < <(sk_entries "$target")
}

sk_install() {
  local mode=$1 payload=$PWD target stage old_version=""
  local -a kept=()
  sk_tool_bin=$payload/sk_pkg_tool
  sk_verify_payload "$payload"
  sk_step verified

  # root, lock, layout, leftovers of killed runs
  sk_resolve_root 0
  sk_lock
  sk_step locked
  sk_layout 1
  sk_recover
  target=$sk_kdir/$SK_KERNEL
  sk_check_target "$mode" "$target"
  stage=$sk_kdir/.sk-stage.$SK_KERNEL.$$
  sk_stage "$payload" "$stage" "$target"
  sk_step staged

  # one rename (install) or one atomic exchange (upgrade): the commit point
  if [ -z "$old_version" ]; then
    mv -T -- "$stage" "$target" || sk_fail "cannot rename $stage to $target"
  else
    sk_exchange "$stage" "$target" || sk_fail "cannot replace $target with $stage"
  fi
  sk_step committed
  sk_rebuild_index install
  sk_step indexed
  if [ -n "$old_version" ]; then
    rm -rf -- "$stage" || sk_warn "cannot remove the old version in $stage (the next install removes it)"
    sk_step old-removed
  fi
  exec 9<&-
  sk_report_install "$mode" "$target"
}

sk_report_install() {
  local mode=$1 target=$2
  if [ -n "$old_version" ]; then
    sk_say "upgraded $SK_KERNEL from $old_version to $SK_VERSION ($SK_NPU_ARCH) in $target"
  else
    [ "$mode" = upgrade ] && sk_say "$SK_KERNEL was not installed in $sk_kdir: installed it"
    sk_say "installed $SK_KERNEL $SK_VERSION ($SK_NPU_ARCH) into $target"
  fi
  if [ ${#kept[@]} -gt 0 ]; then
    sk_say "kept ${#kept[@]} file(s) you had added to the old version: ${kept[*]}"
  fi
  sk_say "run it with: sk_run $SK_KERNEL${sk_root_arg:+ --install-path $sk_root}"
  printf '[INFO] uninstall script: %s\n' "$target/uninstall.sh"
}

# --uninstall from the .run: the same checks and steps as the installed uninstall.sh.
sk_bundle_uninstall() {
  sk_tool_bin=$PWD/sk_pkg_tool
  sk_resolve_root 1
  sk_lock
  if ! sk_layout 0; then
    sk_fail "$SK_KERNEL is not installed under $sk_root (no opp/static_kernel/ai_core): nothing to uninstall"
  fi
  sk_recover
  local dir=$sk_kdir/$SK_KERNEL
  if [ ! -e "$dir" ] && [ ! -L "$dir" ]; then
    sk_fail "$SK_KERNEL is not installed in $sk_kdir: nothing to uninstall"
  fi
  sk_uninstall_dir "$dir"
  sk_prune_layout
  exec 9<&-
  sk_say "uninstalled $SK_KERNEL $uninstalled_version from $dir"
}

# The installed uninstall.sh: works on the folder it sits in (by its physical path).
sk_self_uninstall() {
  local self dir name
  self=$(realpath -e -- "$0" 2>/dev/null) || sk_fail "cannot resolve the path of $0"
  dir=${self%/*}
  name=${dir##*/}
  sk_kdir=${dir%/*}
  case "$sk_kdir" in
    */opp/static_kernel/ai_core) ;;
    *) sk_fail "$self is not inside <root>/opp/static_kernel/ai_core/<kernel>/: refusing; nothing was removed" ;;
  esac
  if [ "$name" != "$SK_KERNEL" ]; then
    sk_fail "this uninstall.sh belongs to $SK_KERNEL but sits in $dir: the folder is not what the manifest says; nothing was removed"
  fi
  sk_root=${sk_kdir%/opp/static_kernel/ai_core}
  sk_root=${sk_root:-/}
  sk_tool_bin=$dir/sk_pkg_tool
  sk_lock
  sk_layout 0 || sk_fail "$sk_kdir disappeared"
  local interrupted=0
  if [ ! -e "$dir/manifest.json" ] && [ -f "$dir/.sk-uninstalling.json" ]; then interrupted=1; fi
  sk_recover
  if [ "$interrupted" = 1 ]; then
    sk_prune_layout
    sk_say "finished the interrupted uninstall of $SK_KERNEL from $dir"
    return 0
  fi
  sk_uninstall_dir "$dir"
  sk_prune_layout
  exec 9<&-
  sk_say "uninstalled $SK_KERNEL $uninstalled_version from $dir"
}

sk_usage() {
  if [ "$SK_ROLE" = uninstall ]; then
    cat <<EOF
Usage: bash uninstall.sh [--quiet]
Removes the static kernel $SK_KERNEL $SK_VERSION from the folder this script is in: exactly the
files of its manifest.json and its entry in ../index.json. Refuses (changing nothing) when a file
was replaced by a symlink or changed, or the folder is not what the manifest says; keeps files you
added (and says so). Exit codes: 0 ok, 1 refused or failed, 2 usage error.
EOF
  else
    cat <<EOF
Usage: install.sh --install|--upgrade|--uninstall [--install-path=DIR] [--quiet]
(run through the .run package; see its --help)
EOF
  fi
}

sk_main() {
  local action="" arg
  sk_root_arg=""
  while [ $# -gt 0 ]; do
    arg=$1
    shift
    case "$arg" in
      --install | --upgrade | --uninstall)
        [ "$SK_ROLE" = install ] || [ "$arg" = --uninstall ] || sk_usage_fail "$arg: this is the uninstall script of $SK_KERNEL"
        if [ -n "$action" ] && [ "$action" != "$arg" ]; then
          sk_usage_fail "give only one of --install, --upgrade, --uninstall (got $action and $arg)"
        fi
        action=$arg
        ;;
      --install-path=*)
        [ "$SK_ROLE" = install ] || sk_usage_fail "--install-path: the uninstall script works on the folder it is in"
        sk_root_arg=${arg#--install-path=}
        [ -n "$sk_root_arg" ] || sk_usage_fail "--install-path= needs a directory"
        ;;
      --install-path)
        [ "$SK_ROLE" = install ] || sk_usage_fail "--install-path: the uninstall script works on the folder it is in"
        [ $# -gt 0 ] && [ -n "$1" ] || sk_usage_fail "--install-path needs a directory"
        sk_root_arg=$1
        shift
        ;;
      -q | --quiet) sk_quiet=1 ;;
      -h | --help)
        sk_usage
        exit 0
        ;;
      --version)
        printf '%s\n' "$SK_VERSION"
        exit 0
        ;;
      *) sk_usage_fail "unknown argument: $arg" ;;
    esac
  done
  if [ "$SK_ROLE" = uninstall ]; then
    sk_self_uninstall
    return 0
  fi
  case "$action" in
    --install) sk_install install ;;
    --upgrade) sk_install upgrade ;;
    --uninstall) sk_bundle_uninstall ;;
    *) sk_usage_fail "no action: give --install, --upgrade or --uninstall" ;;
  esac
}

sk_main "$@"
exit 0
