#!/usr/bin/env bash
# JIT example 01: fuse two scopes of an MLP block at run time and check against eager.
exec bash "$(dirname -- "${BASH_SOURCE[0]}")/../run_jit_example.sh" example01_super_kernel_base \
  "byte-identical to eager" "$@"
