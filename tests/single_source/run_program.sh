#!/usr/bin/env bash
# Builds a single-source program with sk_cc and runs it: the program compares its results with a
# host reference and exits non-zero on a mismatch. usage: run_program.sh SK_CC OUT SOURCE...
set -euo pipefail
sk_cc=$1 out=$2
shift 2
rm -f "$out"
"$sk_cc" "$@" -o "$out"
"$out"
