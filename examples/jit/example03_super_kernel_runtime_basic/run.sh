#!/usr/bin/env bash
# JIT example 03: compile two sub-kernels, fuse them in process, run through the ACL C API.
exec bash "$(dirname -- "${BASH_SOURCE[0]}")/../run_jit_example.sh" example03_super_kernel_runtime_basic \
  "0 of 1024 elements differ" "$@"
