#!/usr/bin/env bash
# JIT example 04: capture a two-stream launch sequence with two scopes, aclskOptimize, replay 100x.
exec bash "$(dirname -- "${BASH_SOURCE[0]}")/../run_jit_example.sh" example04_capture_optimize \
  "replayed 100 times: 0 of 16384 elements differ from the eager run" "$@"
