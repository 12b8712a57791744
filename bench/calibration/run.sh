#!/bin/sh
# The calibration table of bench/README.md: bench/calibration/run.sh [calibrate.py options].
# Uses the tools of $SK_BUILD_DIR (default: build/ of this checkout); the last line is
# "calibration: N/M within ±20%".
here=$(cd "$(dirname "$0")" && pwd)
exec python3 "$here/calibrate.py" --build "${SK_BUILD_DIR:-$here/../../build}" "$@"
