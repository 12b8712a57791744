#!/usr/bin/env bash
# Builds a single-source program with sk_cc and runs it: the program compares its results with a
# host reference and exits non-zero on a mismatch. usage: run_program.sh SK_CC OUT SOURCE...
set -euo pipefail
sk_cc=$1 out=$2
shift 2
rm -f "$out"
# sk_cc gets a TMPDIR of its own, which it must leave as it found it (scratch files, clang's crash
# reproducers of a compile it retried).
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
TMPDIR=$tmp "$sk_cc" "$@" -o "$out"
if [[ -n "$(ls -A "$tmp")" ]]; then
  echo "sk_cc left files in TMPDIR:" $(ls -A "$tmp") >&2
  exit 1
fi
"$out"
