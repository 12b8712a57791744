# shell=sh
# Functions sk_compile adds to the makeself header of every package (docs/packaging.md). This is
# a template: sk_compile replaces the @...@ fields (values already made plain printable text), then
# escapes the whole for makeself's `cat << EOF` header generator.

# Two independent copies of the whole-file check, both run: a single changed byte can disable at
# most one of them (e.g. turn its "exit 2" into a command that is not found), and the other still
# sees that the file changed.
SK_Check_Whole_A()
{
    sk_field=$(head -n "$skip" "$1" 2>/dev/null | grep -a -b -o '^SK_SHA256=[0-9a-f]\{64\}$' | head -n 1)
    sk_off=${sk_field%%:*}
    sk_want=${sk_field#*:SK_SHA256=}
    case "$sk_off" in
    ''|*[!0-9]*)
	echo "ERROR: $1: integrity check failed: the whole-file SHA-256 field of its header is missing or damaged. The package was modified or is incomplete: get or rebuild it." >&2
	exit 2 ;;
    esac
    sk_off=$((sk_off + 10))
    sk_got=$( { head -c "$sk_off" "$1"; printf '%064d' 0; tail -c +"$((sk_off + 65))" "$1"; } | sha256sum | cut -b-64)
    if test x"$sk_got" != x"$sk_want"; then
	echo "ERROR: $1: integrity check failed: the SHA-256 of the whole file is $sk_got, the package says $sk_want. Bytes were changed, removed or appended after it was built: get or rebuild the package." >&2
	exit 2
    fi
}

SK_Check_Whole_B()
{
    sk_field=$(head -n "$skip" "$1" 2>/dev/null | grep -a -b -o '^SK_SHA256=[0-9a-f]\{64\}$' | head -n 1)
    sk_off=${sk_field%%:*}
    sk_want=${sk_field#*:SK_SHA256=}
    case "$sk_off" in
    ''|*[!0-9]*)
	echo "ERROR: $1: integrity check failed: the whole-file SHA-256 field of its header is missing or damaged. The package was modified or is incomplete: get or rebuild it." >&2
	exit 2 ;;
    esac
    sk_off=$((sk_off + 10))
    sk_got=$( { head -c "$sk_off" "$1"; printf '%064d' 0; tail -c +"$((sk_off + 65))" "$1"; } | sha256sum | cut -b-64)
    if test x"$sk_got" != x"$sk_want"; then
	echo "ERROR: $1: integrity check failed: the SHA-256 of the whole file is $sk_got, the package says $sk_want. Bytes were changed, removed or appended after it was built: get or rebuild the package." >&2
	exit 2
    fi
    if test x"$quiet" = xn; then
	echo "Whole-file SHA-256 is OK: $sk_want (computed with the SK_SHA256 field in the header zeroed)"
    fi
}

# Extraction folders of killed runs (a SIGKILL skips makeself's own cleanup), removed by the next
# run of any package: ours by name and owner, and the process named in them gone.
SK_Clean_Extractions()
{
    for sk_d in "$TMPROOT"/sk-pkg.*; do
	test -d "$sk_d" && test ! -h "$sk_d" && test -O "$sk_d" || continue
	sk_p=${sk_d##*/sk-pkg.}
	sk_p=${sk_p%%.*}
	case "$sk_p" in ''|*[!0-9]*) continue ;; esac
	kill -0 "$sk_p" 2>/dev/null && continue
	rm -rf "$sk_d"
    done
}

SK_Help()
{
    cat <<SKEOH
Usage: $0 [--quiet] --install|--upgrade|--uninstall [--install-path=DIR]
       $0 --check|--list|--info|--version|--help
SuperKernel static kernel package: @KERNEL@ @VERSION@ for NPU arch @NPU_ARCH@, installs on linux-@HOST@.

  --install            install into <root>/opp/static_kernel/ai_core/@KERNEL@/ and register it in
                       <root>/opp/static_kernel/ai_core/index.json; prints the path of its uninstall.sh
  --upgrade            replace the installed version in one atomic step (installs when absent)
  --uninstall          remove the installed @KERNEL@ (as its uninstall.sh does)
  --install-path=DIR   install root (default: \$SK_HOME, else \$HOME/.superkernel)
  --quiet              print only errors and the uninstall.sh path
  --check              verify the SHA-256 of the whole file and the archive checksums
  --list               list the files in the package
  --info               show what the package holds
  --version            print the package version (@VERSION@)
  --help               this text

Exit codes: 0 ok; 1 refused or failed (nothing changed); 2 usage error or damaged package.
SKEOH
    echo
    echo 'Archive options (makeself), for inspection and debugging:'
    MS_Help 2>&1
}

SK_Info()
{
@INFO_LINES@
    echo "  Whole file:    SHA-256 $SK_SHA256 (of the whole file with this field zeroed: see --check)"
    echo
}

