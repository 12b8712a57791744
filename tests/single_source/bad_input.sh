#!/usr/bin/env bash
# A program sk_cc must refuse: exit 2, a message matching REGEX (the file and line), no output.
# usage: bad_input.sh SK_CC OUT REGEX SOURCE...
set -uo pipefail
sk_cc=$1 out=$2 regex=$3
shift 3
rm -f "$out"
msg=$("$sk_cc" "$@" -o "$out" 2>&1)
rc=$?
echo "$msg"
[[ $rc -eq 2 ]] || { echo "FAIL: exit $rc, expected 2"; exit 1; }
[[ ! -e $out ]] || { echo "FAIL: $out was written"; exit 1; }
grep -Eq -- "$regex" <<<"$msg" || { echo "FAIL: no message matching $regex"; exit 1; }
echo "refused as expected"
