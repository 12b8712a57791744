# shellcheck shell=bash
# The install/uninstall logic of a SuperKernel static kernel package (docs/packaging.md).
#
# sk_compile --package writes this file twice into every .run, each time after a short generated
# prologue that sets SK_ROLE (install | uninstall), SK_KERNEL, SK_VERSION and SK_NPU_ARCH:
#   install.sh    run by the .run's makeself header inside its temporary extraction folder,
#                 with the user's arguments (--install, --upgrade, --uninstall, --install-path=DIR,
#                 --quiet);
#   uninstall.sh  installed as <root>/opp/static_kernel/ai_core/<sk>/uninstall.sh.
# It needs only bash, coreutils, findutils, util-linux (flock) and perl-base (renameat2 for the
# atomic upgrade): no SuperKernel tool.
#
# Layout:  <root>/opp/static_kernel/ai_core/<sk>/{<sk>.o, <sk>.json, manifest.json, uninstall.sh}
#          <root>/opp/static_kernel/ai_core/index.json
# Every change happens under an exclusive flock on <root> (the directory itself: no lock file).
#
# Exit codes: 0 ok; 1 refused or failed (what is wrong and what to do is printed; a refusal
# changes nothing); 2 usage error or a package that does not match its manifest.

set -u
umask 022
export LC_ALL=C

sk_quiet=${SK_PKG_QUIET:-0}
sk_manifest_format='superkernel-static-kernel-manifest/1'
sk_index_format='superkernel-static-kernel-index/1'

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

sk_sha256() { sha256sum <"$1" | cut -c1-64; }

# ---- manifest ---------------------------------------------------------------------------------
# sk_read_manifest FILE: parses a manifest written by sk_compile (one field per line, one file per
# line). Sets m_kernel, m_version, m_npu_arch, m_index (the index entry, one JSON line) and
# m_files (entries "path sha256 mode installed"). Returns 1 if FILE is not a regular file or not
# a manifest of this format.
sk_read_manifest() {
  local f=$1 line format=""
  local re_file='^    \{"path":"([A-Za-z0-9_.-]+)","sha256":"([0-9a-f]{64})","bytes":([0-9]+),"mode":"(0[0-7]{3})","installed":(true|false)\},?$'
  local re_str='^  "([A-Za-z]+)": "([^"\\]*)",$'
  local re_index='^  "index": (\{"name":"[A-Za-z_][A-Za-z0-9_]*",.*\}),$'
  m_kernel="" m_version="" m_npu_arch="" m_index="" m_files=()
  if [ -L "$f" ] || [ ! -f "$f" ]; then return 1; fi
  while IFS= read -r line || [ -n "$line" ]; do
    if [[ $line =~ $re_file ]]; then
      m_files+=("${BASH_REMATCH[1]} ${BASH_REMATCH[2]} ${BASH_REMATCH[4]} ${BASH_REMATCH[5]}")
    elif [[ $line =~ $re_index ]]; then
      m_index=${BASH_REMATCH[1]}
    elif [[ $line =~ $re_str ]]; then
      case "${BASH_REMATCH[1]}" in
        format) format=${BASH_REMATCH[2]} ;;
        kernel) m_kernel=${BASH_REMATCH[2]} ;;
        version) m_version=${BASH_REMATCH[2]} ;;
        npuArch) m_npu_arch=${BASH_REMATCH[2]} ;;
      esac
    fi
  done <"$f"
  [ "$format" = "$sk_manifest_format" ] || return 1
  [[ $m_kernel =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || return 1
  [[ $m_version =~ ^[0-9A-Za-z][0-9A-Za-z.+~-]*$ ]] || return 1
  [[ $m_index == "{\"name\":\"$m_kernel\","* ]] || return 1
  [ ${#m_files[@]} -gt 0 ] || return 1
  return 0
}

# sk_check_files DIR WHICH: every manifest file (WHICH = all | installed) must be in DIR as a
# regular file (not a symlink) with its sha256. Prints one line per problem to stderr.
# Returns 1 if there is a problem; missing files count as problems unless WHICH is
# "installed-present" (then they are listed in sk_missing and skipped).
sk_check_files() {
  local dir=$1 which=$2 e path sha mode inst p got bad=0
  sk_missing=()
  for e in "${m_files[@]}"; do
    read -r path sha mode inst <<<"$e"
    if [ "$which" != all ] && [ "$inst" != true ]; then continue; fi
    p=$dir/$path
    if [ -L "$p" ]; then
      printf '  %s: is a symlink (it was installed as a regular file)\n' "$p" >&2
      bad=1
    elif [ ! -e "$p" ]; then
      if [ "$which" = installed-present ]; then
        sk_missing+=("$path")
      else
        printf '  %s: missing\n' "$p" >&2
        bad=1
      fi
    elif [ ! -f "$p" ]; then
      printf '  %s: is not a regular file\n' "$p" >&2
      bad=1
    else
      got=$(sk_sha256 "$p")
      if [ "$got" != "$sha" ]; then
        printf '  %s: sha256 %s, the manifest says %s (changed after it was packaged or installed)\n' "$p" "$got" "$sha" >&2
        bad=1
      fi
    fi
  done
  return $bad
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
# index.json is derived data: one entry per installed kernel folder (a folder with a valid
# manifest.json), taken from that manifest, sorted by name. Rewritten through a temporary file and
# a rename; removed when no kernel is installed. $1 names the caller in the test step names.
sk_rebuild_index() {
  local who=$1 idx=$sk_kdir/index.json tmp=$sk_kdir/.index.json.$$.tmp d name old i n
  local -a entries=()
  while IFS= read -r -d '' d; do
    name=${d##*/}
    [[ $name =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || continue
    [ -e "$d/manifest.json" ] || continue
    if sk_read_manifest "$d/manifest.json" && [ "$m_kernel" = "$name" ]; then
      entries+=("$m_index")
    else
      old=""
      if [ -f "$idx" ]; then
        old=$(grep -a -m1 -e "^{\"name\":\"$name\"," -- "$idx" 2>/dev/null) || old=""
      fi
      sk_warn "$d/manifest.json is not a manifest this package understands; ${old:+keeping its old index entry}${old:-it is left out of the index}"
      [ -n "$old" ] && entries+=("${old%,}")
    fi
  done < <(sk_entries "$sk_kdir" -type d ! -name '.*')
  n=${#entries[@]}
  if [ "$n" -eq 0 ]; then
    rm -f -- "$idx"
    return 0
  fi
  {
    printf '{"format":"%s","kernels":[\n' "$sk_index_format"
    for ((i = 0; i < n; i++)); do
      if [ $((i + 1)) -lt "$n" ]; then printf '%s,\n' "${entries[i]}"; else printf '%s\n' "${entries[i]}"; fi
    done
    printf ']}\n'
  } >"$tmp" || {
    rm -f -- "$tmp"
    sk_fail "cannot write $tmp (disk full or read-only?)"
  }
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
  # uninstalls killed after their commit point
  while IFS= read -r -d '' e; do
    if [ -f "$e/.sk-uninstalling.json" ] && [ ! -L "$e/.sk-uninstalling.json" ]; then
      sk_say "finishing an interrupted uninstall of $e"
      sk_finish_uninstall "$e"
    fi
  done < <(sk_entries "$sk_kdir" -type d ! -name '.*')
  sk_rebuild_index recover
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
  if ! sk_read_manifest "$dir/manifest.json"; then
    if [ -L "$dir/manifest.json" ]; then
      sk_fail "$dir/manifest.json is a symlink: the folder is not what its manifest says; nothing was removed (remove the link and restore the file, or remove the folder yourself)"
    fi
    sk_fail "$dir has no valid manifest.json: it is not an installed static kernel; nothing was removed"
  fi
  if [ "$m_kernel" != "$name" ]; then
    sk_fail "$dir/manifest.json describes kernel '$m_kernel', not '$name': the folder is not what the manifest says; nothing was removed"
  fi
  if ! sk_check_files "$dir" installed-present; then
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
# if nothing else is in it. Files a user added are kept and listed.
sk_finish_uninstall() {
  local dir=$1 marker=$1/.sk-uninstalling.json e path sha mode inst p
  local -a kept=()
  if ! sk_read_manifest "$marker"; then
    sk_warn "$marker is damaged; remove $dir yourself"
    return 0
  fi
  for e in "${m_files[@]}"; do
    read -r path sha mode inst <<<"$e"
    [ "$inst" = true ] || continue
    p=$dir/$path
    if [ -f "$p" ] && [ ! -L "$p" ] && [ "$(sk_sha256 "$p")" = "$sha" ]; then
      rm -f -- "$p" || sk_warn "cannot remove $p"
      sk_step "removed:$path"
    fi
  done
  rm -f -- "$marker"
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

sk_install() {
  local mode=$1 payload=$PWD target stage e path sha fmode inst old_version=""
  local -a files=() kept=()
  # 1. the payload must be exactly what the manifest says, before anything is written
  if ! sk_read_manifest "$payload/manifest.json"; then
    printf 'ERROR: the package has no valid manifest.json: it is damaged; get or rebuild the package\n' >&2
    exit 2
  fi
  if [ "$m_kernel" != "$SK_KERNEL" ] || [ "$m_version" != "$SK_VERSION" ]; then
    printf 'ERROR: the package manifest is for %s %s, not %s %s: the package is damaged\n' "$m_kernel" "$m_version" "$SK_KERNEL" "$SK_VERSION" >&2
    exit 2
  fi
  if ! sk_check_files "$payload" all; then
    printf 'ERROR: the package payload does not match its manifest (see above): it is damaged; get or rebuild the package\n' >&2
    exit 2
  fi
  files=("${m_files[@]}")
  sk_step verified

  # 2. root, lock, layout, leftovers of killed runs
  sk_resolve_root 0
  sk_lock
  sk_step locked
  sk_layout 1
  sk_recover
  target=$sk_kdir/$SK_KERNEL

  # 3. what is there now
  if [ -L "$target" ]; then
    sk_fail "$target is a symlink: remove it, then install again"
  elif [ -e "$target" ]; then
    [ -d "$target" ] || sk_fail "$target exists and is not a directory: move it away, then install again"
    if ! sk_read_manifest "$target/manifest.json"; then
      sk_fail "$target exists but is not an installed static kernel (no valid manifest.json): move it away, then install again"
    fi
    if [ "$mode" = install ]; then
      sk_fail "$SK_KERNEL $m_version is already installed in $target: use --upgrade to replace it, or uninstall it first ($target/uninstall.sh)"
    fi
    if [ "$m_kernel" != "$SK_KERNEL" ]; then
      sk_fail "$target/manifest.json describes kernel '$m_kernel': the folder is not what the manifest says; nothing was changed"
    fi
    if ! sk_check_files "$target" installed-present; then
      sk_fail "the installed files above are not what $target/manifest.json says; nothing was changed. Move them out of $target (or restore them) and upgrade again"
    fi
    old_version=$m_version
  fi

  # 4. a complete, verified copy in a hidden staging folder next to the target
  stage=$sk_kdir/.sk-stage.$SK_KERNEL.$$
  mkdir -- "$stage" || sk_fail "cannot create $stage"
  sk_step stage-created
  for e in "${files[@]}"; do
    read -r path sha fmode inst <<<"$e"
    [ "$inst" = true ] || continue
    cp -- "$payload/$path" "$stage/$path" && chmod "$fmode" -- "$stage/$path" ||
      sk_fail "cannot copy $path into $stage (disk full?)"
    sk_step "staged:$path"
  done
  cp -- "$payload/manifest.json" "$stage/manifest.json" && chmod 0644 -- "$stage/manifest.json" ||
    sk_fail "cannot copy manifest.json into $stage"
  m_files=("${files[@]}")
  sk_check_files "$stage" installed || sk_fail "the staged copy in $stage does not match the manifest (disk problem?)"
  if [ -n "$old_version" ]; then
    # files a user added to the installed folder move on to the new version
    while IFS= read -r -d '' e; do
      e=${e##*/}
      case "$e" in
        manifest.json | .sk-uninstalling.json) continue ;;
      esac
      for path in "${files[@]}"; do
        [ "${path%% *}" = "$e" ] && continue 2
      done
      cp -a -- "$target/$e" "$stage/$e" || sk_fail "cannot copy $target/$e into $stage"
      kept+=("$e")
    done < <(sk_entries "$target")
  fi
  sk_step staged

  # 5. one rename (install) or one atomic exchange (upgrade): the commit point
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
